"""``make publish``: a production build that replaces the site only on success.

The site is built (and indexed for search) into a fresh folder beside the
output folder; only when Pelican succeeds is it swapped in (with one atomic exchange on Linux), so a
failing or interrupted build leaves the previous site untouched.
"""

from __future__ import annotations

import argparse
import ctypes
import os
import shutil
import subprocess
import sys
import tempfile
from importlib.util import find_spec
from pathlib import Path

_RENAME_EXCHANGE = 2
_AT_FDCWD = -100


def build(settings: str, output: Path, content: str = "content") -> int:
    """Run Pelican into ``output``; its exit code."""
    command = [sys.executable, "-m", "pelican", content, "-o", str(output), "-s", settings]
    return subprocess.call(command)


def index_for_search(site: Path) -> None:
    """Build the Pagefind search index into ``site`` with PyPI's pagefind when it is
    installed (the ``search`` extra); without it the search page still lists every
    event and player."""
    if find_spec("pagefind") is None:
        print("publish: pagefind is not installed (pip install 'pelican-podium[search]'): no search index")
        return
    if subprocess.call([sys.executable, "-m", "pagefind", "--site", str(site), "--force-language", "en", "--quiet"]) != 0:
        print("publish: pagefind failed: no search index", file=sys.stderr)


def swap_in(new: Path, output: Path) -> None:
    """Make ``new`` the output folder; the previous one is removed afterwards."""
    if not output.exists():
        os.rename(new, output)
        return
    if _exchange(new, output):
        shutil.rmtree(new)
        return
    old = output.with_name(output.name + ".old")
    shutil.rmtree(old, ignore_errors=True)
    os.rename(output, old)
    os.rename(new, output)
    shutil.rmtree(old)


def _exchange(a: Path, b: Path) -> bool:
    """Atomically exchange two paths with renameat2(RENAME_EXCHANGE), if the system can."""
    try:
        libc = ctypes.CDLL(None, use_errno=True)
        renameat2 = libc.renameat2
    except (OSError, AttributeError):
        return False
    result = renameat2(_AT_FDCWD, os.fsencode(a), _AT_FDCWD, os.fsencode(b), _RENAME_EXCHANGE)
    return result == 0


def publish(settings: str, output: Path, content: str = "content") -> int:
    output = output.resolve()
    output.parent.mkdir(parents=True, exist_ok=True)
    for stale in output.parent.glob(f".{output.name}-build-*"):  # left by a build that was killed
        shutil.rmtree(stale, ignore_errors=True)
    staging = Path(tempfile.mkdtemp(prefix=f".{output.name}-build-", dir=output.parent))
    try:
        code = build(settings, staging, content)
        if code != 0:
            print(f"publish: the build failed (exit {code}); {output} is unchanged", file=sys.stderr)
            return code
        index_for_search(staging)  # before the swap: the live site always has its index
        swap_in(staging, output)
        print(f"publish: {output} updated")
        return 0
    finally:
        if staging.exists():
            shutil.rmtree(staging, ignore_errors=True)


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(prog="podium-publish", description=__doc__.splitlines()[0])
    parser.add_argument("--settings", default="publishconf.py")
    parser.add_argument("--output", default="output")
    parser.add_argument("--content", default="content")
    args = parser.parse_args(argv)
    return publish(args.settings, Path(args.output), args.content)


if __name__ == "__main__":
    sys.exit(main())
