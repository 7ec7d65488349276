"""``make html``: Pelican's build into the output folder, then its search index.

The rules:

* the site is built in this process through Pelican's public API
  (``read_settings``, ``Pelican.run``), as the ``pelican`` command would;
* whatever stops the build -- problems in the results (one
  ``path:line: message`` each), another build holding the output, a
  write the system refuses (a full disk, a read-only folder, an I/O
  error), a static file Pelican could not copy -- ends with lines on
  stderr and exit 1, never a traceback; Ctrl-C ends it with one line and
  exit 130 (every file is whole; the next build finishes the job);
* the Pagefind index (PyPI's ``pagefind``, the ``search`` extra) is built
  into a staging folder of the output and swapped in for ``pagefind/``
  only when it is whole (:mod:`.searchindex`): a failing or killed
  indexing keeps the previous index and fails the build (exit 1, one
  line).  Without pagefind installed the site has no index and the search
  page lists every event and player.  The index is made while holding the
  output's lock (:mod:`.build_lock`), as the build is.
"""

from __future__ import annotations

import argparse
import logging
import os
import shutil
import subprocess
import sys
import tempfile
from importlib.util import find_spec
from pathlib import Path

from . import atomic, lock, searchindex
from .output import umask
from .swap import put_back, swap_in

SEARCH_FOLDER = "pagefind"
INDEX_STAGING_PREFIX = ".podium-index-"


class _CopyFailures(logging.Handler):
    """Pelican logs a static file it could not copy as a warning carrying the
    ``OSError``, and goes on: the build counts them as failures."""

    def __init__(self):
        super().__init__(logging.WARNING)
        self.failures: list[OSError] = []

    def emit(self, record):
        args = record.args if isinstance(record.args, tuple) else ()
        self.failures.extend(arg for arg in args if isinstance(arg, OSError))


def run_pelican(settings_file: str, output: Path, content: str, cache_path: str | None = None) -> int:
    """Build the site into ``output``; 0, or 1 after saying why on stderr."""
    from pelican import Pelican
    from pelican.log import init as init_logging
    from pelican.settings import read_settings

    init_logging(level=logging.WARNING, name="pelican")
    copies = _CopyFailures()
    logging.getLogger("pelican.utils").addHandler(copies)
    try:
        override = {"OUTPUT_PATH": str(output), "PATH": content}
        if cache_path:
            override["CACHE_PATH"] = cache_path
        settings = read_settings(settings_file, override=override)
        Pelican(settings).run()
    except SystemExit as stopped:  # problems in the results, a busy output, a refused write
        if stopped.code not in (None, 0):
            print(stopped.code if isinstance(stopped.code, str) else f"the build stopped (exit {stopped.code})",
                  file=sys.stderr)
            return 1
    except OSError as exc:
        print(atomic.cannot_write(exc), file=sys.stderr)
        return 1
    except KeyboardInterrupt:  # Ctrl-C: every file is whole, and the next build finishes the job
        print("the build was interrupted; the next one finishes it", file=sys.stderr)
        return 130
    finally:
        logging.getLogger("pelican.utils").removeHandler(copies)
        lock.release_all()
    if copies.failures:
        print(f"cannot write the site: a static file was not copied: {atomic.reason(copies.failures[0])}", file=sys.stderr)
        return 1
    return 0


def pagefind_command() -> list[str] | None:
    """How to run PyPI's pagefind (the ``search`` extra), or None when it is not installed."""
    return [sys.executable, "-m", "pagefind"] if find_spec("pagefind") else None


class IndexFailed(Exception):
    """Pagefind failed or left an incomplete index; the text says how."""


def search_index(site: Path, wait: float = 600.0) -> bool:
    """Make the Pagefind index of ``site`` in a staging folder inside it and swap
    it in for ``pagefind/`` only when it is whole (:mod:`.searchindex`), holding
    the lock of ``site`` (:mod:`.build_lock`) meanwhile.  False, and nothing done,
    when pagefind is not installed.  Raises :class:`IndexFailed` (the previous
    index kept), ``OSError`` for a write the system refused and
    :class:`.lock.Busy` when another build holds ``site`` for longer than ``wait``."""
    command = pagefind_command()
    if command is None:
        return False
    held = lock.held(site)  # by the caller: theirs to let go
    lock.acquire(site, wait)
    try:
        put_back(site / SEARCH_FOLDER)  # after a swap killed between its two renames
        for stale in site.glob(INDEX_STAGING_PREFIX + "*"):
            shutil.rmtree(stale, ignore_errors=True)
        staging = Path(tempfile.mkdtemp(prefix=INDEX_STAGING_PREFIX, dir=site))
        try:
            code = subprocess.call([*command, "--site", str(site), "--output-path", str(staging),
                                    "--force-language", "en", "--quiet"],
                                   start_new_session=True)  # Ctrl-C is ours: the call then stops pagefind
            if code != 0:
                raise IndexFailed(f"pagefind failed (exit {code})")
            incomplete = searchindex.problem(staging)
            if incomplete is not None:
                raise IndexFailed(f"pagefind's index is incomplete ({incomplete})")
            staging.chmod(0o777 & ~umask())
            if (site / SEARCH_FOLDER).is_symlink():  # replaced, never followed
                (site / SEARCH_FOLDER).unlink()
            swap_in(staging, site / SEARCH_FOLDER)
        finally:
            shutil.rmtree(staging, ignore_errors=True)
    finally:
        if not held:
            lock.release(site)
    return True


def index_for_search(site: Path, wait: float = 600.0) -> int:
    """:func:`search_index` for ``make html``: 0, or 1 after one line on stderr."""
    try:
        if not search_index(site, wait):
            print(f"note: pagefind is not installed: {site} has no search index; the search page lists every event and player")
            return 0
    except IndexFailed as failed:
        print(f"search index: {failed}; the previous index of {site} is kept", file=sys.stderr)
        return 1
    except OSError as exc:
        print(f"search index: cannot write it: {atomic.reason(exc)}; the previous index of {site} is kept", file=sys.stderr)
        return 1
    except SystemExit as busy:
        print(busy, file=sys.stderr)
        return 1
    except KeyboardInterrupt:
        print(f"search index: interrupted; the previous index of {site} is kept", file=sys.stderr)
        return 130
    print(f"search index: {site / SEARCH_FOLDER}")
    return 0


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(prog="podium-build", description=__doc__.splitlines()[0])
    parser.add_argument("--settings", default="pelicanconf.py")
    parser.add_argument("--output", default="output")
    parser.add_argument("--content", default="content")
    parser.add_argument("--cache-path", help="Pelican's CACHE_PATH (default: the settings')")
    parser.add_argument("--no-search-index", action="store_true", help="build the pages only")
    parser.add_argument("--search-index-only", action="store_true", help="index a built site only")
    args = parser.parse_args(argv)
    output = Path(args.output)
    wait = float(os.environ.get("PODIUM_LOCK_WAIT") or 600)
    if not args.search_index_only:
        code = run_pelican(args.settings, output, args.content, args.cache_path)
        if code != 0 or args.no_search_index:
            return code
    return index_for_search(output.resolve(), wait)


if __name__ == "__main__":
    sys.exit(main())
