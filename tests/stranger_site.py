"""What the distribution tests share: the wheel built from this tree, and a fresh
virtual environment with it and whatever else a club would install from the
package index (pip's cache makes a second run fast)."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def run(*command, cwd=None, env=None, stdin=None, timeout=300):
    done = subprocess.run(command, cwd=cwd, env=env, input=stdin, capture_output=True, text=True, timeout=timeout)
    assert done.returncode == 0, f"{' '.join(map(str, command))}\n{done.stdout}\n{done.stderr}"
    return done


def clean_env(**extra) -> dict:
    """The environment without anything that points Python at this tree."""
    env = {key: value for key, value in os.environ.items()
           if key not in ("PYTHONPATH", "PODIUM_RESULTS", "VIRTUAL_ENV", "PYTHONHOME")}
    env.update(extra)
    return env


def build_wheel(source: Path, out: Path) -> Path:
    """The wheel, built from a copy (in ``source``) of what the distribution is made of
    (pyproject.toml, README.md, plugins/): a build in the tree itself would reuse
    setuptools' build/ folder, which keeps files the tree no longer has."""
    for name in ("pyproject.toml", "README.md"):
        shutil.copy2(ROOT / name, source / name)
    shutil.copytree(ROOT / "plugins", source / "plugins", ignore=shutil.ignore_patterns("__pycache__", "*.egg-info"))
    run(sys.executable, "-m", "pip", "wheel", "--no-deps", "--quiet", "--wheel-dir", str(out), str(source),
        env=clean_env())
    (found,) = out.glob("pelican_podium-*.whl")
    return found


def make_venv(folder: Path, wheel: Path, *packages: str) -> Path:
    """A fresh virtual environment with ``wheel`` and ``packages`` from the package index; its python."""
    run(sys.executable, "-m", "venv", str(folder))
    python = folder / "bin" / "python"
    run(str(python), "-m", "pip", "install", "--quiet", "--disable-pip-version-check", str(wheel), *packages,
        env=clean_env(), timeout=900)
    return python
