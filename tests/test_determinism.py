"""Byte-identical builds of the demo site, whatever the machine's settings.

Two builds through the ``pelican`` command, one with the demo results copied
in reverse file order, under different time zones, locales and hash seeds,
one writing every page in one process and one sharing the events out among
forked workers, each from an empty build cache, must give the same files
with the same bytes.

The Pagefind search index that ``make html`` adds after Pelican
(``output/pagefind/``) is not built here.  Pagefind writes the same bytes
for the same pages (its file names are content hashes, and no clock or path
goes in): tests/test_search.py checks that on the demo site, with the pages
copied in two file orders, whenever PyPI's pagefind (the ``search`` extra) is installed.
"""

import hashlib
import os
import shutil
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def copy_in_order(source: Path, target: Path, reverse: bool) -> None:
    """Copy a results tree creating files in name order or in reverse order."""
    for folder in sorted(source.rglob("*"), reverse=reverse):
        relative = folder.relative_to(source)
        if folder.is_dir():
            (target / relative).mkdir(parents=True, exist_ok=True)
    for path in sorted((p for p in source.rglob("*") if p.is_file()), reverse=reverse):
        destination = target / path.relative_to(source)
        destination.parent.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(path, destination)


def build(results: Path, output: Path, env: dict) -> dict:
    environment = {"PATH": os.environ["PATH"], "HOME": os.environ.get("HOME", "/tmp"), "PODIUM_RESULTS": str(results), **env}
    done = subprocess.run([sys.executable, "-m", "pelican", "content", "-o", str(output), "-s", "pelicanconf.py",
                           "--cache-path", str(output.with_name(output.name + "-cache"))],  # each build a cold one
                          cwd=ROOT, env=environment, capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
    return {str(p.relative_to(output)): hashlib.sha256(p.read_bytes()).hexdigest()
            for p in sorted(output.rglob("*")) if p.is_file()}


def test_demo_site_is_byte_identical_across_environments(tmp_path):
    # one results path for both builds: the organiser pages name the results folder in their commands
    results = tmp_path / "results"
    copy_in_order(ROOT / "results", results, reverse=False)
    first = build(results, tmp_path / "out1", {"TZ": "Pacific/Chatham", "LANG": "lv_LV.UTF-8", "LC_ALL": "lv_LV.UTF-8",
                                               "PYTHONHASHSEED": "1", "PODIUM_JOBS": "1"})
    shutil.rmtree(results)
    copy_in_order(ROOT / "results", results, reverse=True)
    second = build(results, tmp_path / "out2", {"TZ": "America/Los_Angeles", "LANG": "C", "PYTHONHASHSEED": "4242",
                                                "PODIUM_JOBS": "3"})  # pages written by forked workers
    assert len(first) > 300
    assert first == second
