"""``make html``: the site built whole beside the live one, indexed for search, then swapped in.

The rules:

* the site is built in this process through Pelican's public API
  (``read_settings``, ``Pelican.run``), as the ``pelican`` command would,
  but into the cache's copy of the site (``CACHE_PATH/podium/sites/``), never
  into the live output folder: that copy is the site as the build before
  the last one left it, so Podium brings it up to date by writing only what
  changed since (its pages, and its search index, are made there);
* only when all of that succeeded is the copy exchanged with the output
  folder -- one atomic exchange on Linux (:mod:`.swap`) -- so a reader of
  the output sees the old site or the new one, never a torn page, and the
  previous site becomes the cache's copy, for the next build to bring up to
  date.  Before a build writes into the copy, every symbolic link in it is
  removed (Pelican's writer would write through one) and so is what a killed
  build left there (temporary files, a half-made index).  An output on
  another file system than the cache is built in place;
* whatever stops the build -- problems in the results (one
  ``path:line: message`` each), another build holding the output, a write
  the system refuses (a full disk, a read-only folder, an I/O error), a
  static file Pelican could not copy, a failing search index -- ends with
  lines on stderr and exit 1, never a traceback, and leaves the output as
  it was; Ctrl-C ends it with one line and exit 130, SIGTERM with exit 143
  (:mod:`podium_core.interrupts`); a settings file or an environment
  setting that cannot be used is one line naming it (:mod:`.settings_read`);
* an output folder that is or holds the project, or is, holds or lies in the
  results or content folder, is refused before anything is written
  (:mod:`.places`);
* one build at a time into an output (:mod:`.build_lock`): ``make serve``
  and ``make publish`` take turns with it;
* the Pagefind index (PyPI's ``pagefind``, the ``search`` extra) is built
  into a staging folder and swapped in for ``pagefind/`` only when it is
  whole (:mod:`.searchindex`).  Without pagefind installed the site has no
  index and the search page lists every event and player.
"""

from __future__ import annotations

import argparse
import hashlib
import logging
import os
import shutil
import subprocess
import sys
import tempfile
from contextlib import contextmanager
from importlib.util import find_spec
from pathlib import Path

from podium_core import interrupts

from . import build_lock, searchindex
from .cache import FOLDER, open_folder, umask
from .places import output_refusal
from .settings_read import SettingsError, check_environment, check_values, environment_number, read
from .swap import exchange, put_back, swap_in

SEARCH_FOLDER = "pagefind"
INDEX_STAGING_PREFIX = ".podium-index-"
PODIUM_LOGGER = "pelican.plugins.podium"


def reason(exc: OSError) -> str:
    """What the system said, and about which path: ``No space left on device (out/a.html)``."""
    where = f" ({exc.filename})" if exc.filename else ""
    return f"{exc.strerror or exc}{where}"


def cannot_write(exc: OSError) -> str:
    """The one line that ends a build whose write the system refused."""
    return f"cannot write the site: {reason(exc)}"


class BuildLog(logging.Handler):
    """What Podium logs during a build: its problems printed as they are, one line
    each, on stderr (or kept, for a preview server); ``errors`` counts them.
    Pelican logs a static file it could not copy as a warning carrying the
    ``OSError``, and goes on: those are kept in ``copy_failures``."""

    def __init__(self, echo: bool = True):
        super().__init__(logging.WARNING)
        self.echo = echo
        self.errors: list[str] = []
        self.copy_failures: list[OSError] = []

    def emit(self, record):
        if record.name == PODIUM_LOGGER or record.name.startswith(PODIUM_LOGGER + "."):
            message = record.getMessage()
            if record.levelno >= logging.ERROR:
                self.errors.append(message)
            if self.echo:
                print(message if record.levelno >= logging.ERROR else f"warning: {message}", file=sys.stderr)
            return
        args = record.args if isinstance(record.args, tuple) else ()
        self.copy_failures.extend(arg for arg in args if isinstance(arg, OSError))


@contextmanager
def listening(echo: bool = True):
    """A :class:`BuildLog` on Podium's logger (which then stops passing its lines on to
    Pelican's) and on ``pelican.utils`` (static copies), for the block."""
    said = BuildLog(echo)
    podium, utils = logging.getLogger(PODIUM_LOGGER), logging.getLogger("pelican.utils")
    podium.addHandler(said)
    utils.addHandler(said)
    propagate = podium.propagate
    podium.propagate = False
    try:
        yield said
    finally:
        podium.propagate = propagate
        podium.removeHandler(said)
        utils.removeHandler(said)


def settings_of(settings_file: str, output: Path, content: str, cache_path: str | None = None, extra=None):
    """The build's settings (raises :class:`.settings_read.SettingsError`)."""
    override = {"OUTPUT_PATH": str(output), "PATH": content, **(extra or {})}
    if cache_path:
        override["CACHE_PATH"] = cache_path
    return read(settings_file, override)


def run_pelican(settings_file: str, output: Path, content: str, cache_path: str | None = None) -> int:
    """Build the site into ``output`` (in place); 0, or 1 after saying why on stderr."""
    from pelican import Pelican
    from pelican.log import init as init_logging

    init_logging(level=logging.WARNING, name="pelican")
    try:
        with listening() as said:
            Pelican(settings_of(settings_file, output, content, cache_path)).run()
    except OSError as exc:
        print(cannot_write(exc), file=sys.stderr)
        return 1
    except KeyboardInterrupt as exc:  # Ctrl-C, SIGTERM: the output is as it was; the next build finishes the job
        interrupts.quiet()
        print(f"the build was {interrupts.what(exc)}; the next one finishes it", file=sys.stderr)
        return interrupts.exit_code(exc)
    if said.errors:
        return 1
    if said.copy_failures:
        print(f"cannot write the site: a static file was not copied: {reason(said.copy_failures[0])}", file=sys.stderr)
        return 1
    return 0


def site_copy(cache_path: str, output: Path) -> Path | None:
    """The cache's copy of the site at ``output`` (made, empty, when missing), or None
    when it cannot be swapped with ``output`` (another file system)."""
    name = hashlib.sha256(str(output).encode("utf-8", "surrogateescape")).hexdigest()[:32]
    os.close(open_folder(cache_path, [FOLDER, "sites", name]))
    copy = Path(cache_path) / FOLDER / "sites" / name
    there = output
    while not there.exists() and there.parent != there:  # where the output is, or will be made
        there = there.parent
    if os.stat(there).st_dev != os.stat(copy).st_dev:
        return None
    return copy


def clear(folder: Path) -> None:
    """Remove every symbolic link below ``folder`` (never what it points to), and the
    temporary files and index staging folders a killed build left there."""
    from .output import TEMPORARY_SUFFIX

    for root, dirs, names in os.walk(folder):
        for name in dirs + names:
            path = os.path.join(root, name)
            if os.path.islink(path) or (name.endswith(TEMPORARY_SUFFIX) and name.startswith(".")):
                os.unlink(path)
        stale = [name for name in dirs if name.startswith(INDEX_STAGING_PREFIX)]
        for name in stale:
            shutil.rmtree(os.path.join(root, name), ignore_errors=True)
        dirs[:] = [name for name in dirs if name not in stale and not os.path.islink(os.path.join(root, name))]


def build(settings_file: str, output: Path, content: str, cache_path: str | None = None, search: bool = True,
          wait: float = 600.0) -> int:
    """``make html`` (see the module docstring): 0, or 1 (130 for Ctrl-C) after saying why."""
    output = output.resolve()
    if output.exists() and not output.is_dir():
        print(f"the output folder {output} is not a folder; nothing was written", file=sys.stderr)
        return 1
    try:
        check_values(settings_file, content)
        refused = output_refusal(output, settings_file, content)
        if refused is not None:
            print(f"refused: {refused}; nothing was written", file=sys.stderr)
            return 1
        cache = cache_path or str(settings_of(settings_file, output, content)["CACHE_PATH"])
        build_lock.acquire(cache, output, wait)
        try:
            put_back(output)  # after a swap killed between its renames
            copy = site_copy(cache, output)
            target = copy or output
            if target.is_dir():
                clear(target)
            code = run_pelican(settings_file, target, content, cache)
            if code == 0 and search:
                code = index_for_search(target, cache, wait)
            if code == 0 and copy is not None:
                target.chmod(0o777 & ~umask())
                exchange(target, output)
            return code
        finally:
            build_lock.release(output)
    except build_lock.BuildBusy as busy:
        print(busy, file=sys.stderr)
    except OSError as exc:
        print(cannot_write(exc), file=sys.stderr)
    except SettingsError as exc:
        print(exc, file=sys.stderr)
    except KeyboardInterrupt as exc:
        interrupts.quiet()
        print(f"the build was {interrupts.what(exc)}; the output is as it was", file=sys.stderr)
        return interrupts.exit_code(exc)
    return 1


def pagefind_command() -> list[str] | None:
    """How to run PyPI's pagefind (the ``search`` extra), or None when it is not installed."""
    return [sys.executable, "-m", "pagefind"] if find_spec("pagefind") else None


_PR_SET_PDEATHSIG = 1  # prctl's option: the signal the child gets when its parent ends


def ends_with_its_parent():
    """A ``preexec_fn`` that has the kernel kill the child when this process ends,
    however it ends (Linux's ``PR_SET_PDEATHSIG``; the setting outlives the
    child's ``exec``): pagefind runs in a session of its own, where a build
    killed with SIGKILL would leave it running.  None where the system has no
    such setting."""
    import ctypes
    import signal

    try:
        prctl = ctypes.CDLL(None, use_errno=True).prctl
    except (OSError, AttributeError):
        return None
    parent = os.getpid()

    def set_up() -> None:
        prctl(_PR_SET_PDEATHSIG, signal.SIGKILL)
        if os.getppid() != parent:  # the build ended before the setting took
            os._exit(1)

    return set_up


class IndexFailed(Exception):
    """Pagefind failed or left an incomplete index; the text says how."""


def search_index(site: Path, cache_path: str, wait: float = 600.0) -> bool:
    """Make the Pagefind index of ``site`` in a staging folder inside it and swap
    it in for ``pagefind/`` only when it is whole (:mod:`.searchindex`), holding
    the lock of ``site`` (:mod:`.build_lock`) meanwhile.  False, and nothing done,
    when pagefind is not installed.  Raises :class:`IndexFailed` (the previous
    index kept), ``OSError`` for a write the system refused and
    :class:`.build_lock.BuildBusy` when another build holds ``site`` for longer than ``wait``."""
    command = pagefind_command()
    if command is None:
        return False
    held = build_lock.held(site)  # by the caller: theirs to let go
    build_lock.acquire(cache_path, site, wait)
    try:
        put_back(site / SEARCH_FOLDER)  # after a swap killed between its renames
        for stale in site.glob(INDEX_STAGING_PREFIX + "*"):
            shutil.rmtree(stale, ignore_errors=True)
        staging = Path(tempfile.mkdtemp(prefix=INDEX_STAGING_PREFIX, dir=site))
        try:
            code = subprocess.call([*command, "--site", str(site), "--output-path", str(staging),
                                    "--force-language", "en", "--quiet"],
                                   start_new_session=True,  # Ctrl-C is ours: the call then stops pagefind
                                   preexec_fn=ends_with_its_parent())
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
            build_lock.release(site)
    return True


def index_for_search(site: Path, cache_path: str, wait: float = 600.0) -> int:
    """:func:`search_index` for ``make html``: 0, or 1 after one line on stderr."""
    try:
        if not search_index(site, cache_path, wait):
            print(f"note: pagefind is not installed: the site has no search index; the search page lists every event and player")
            return 0
    except IndexFailed as failed:
        print(f"search index: {failed}; the previous index is kept", file=sys.stderr)
        return 1
    except OSError as exc:
        print(f"search index: cannot write it: {reason(exc)}; the previous index is kept", file=sys.stderr)
        return 1
    except build_lock.BuildBusy as busy:
        print(busy, file=sys.stderr)
        return 1
    except KeyboardInterrupt as exc:
        interrupts.quiet()
        print(f"search index: {interrupts.what(exc)}; the previous index is kept", file=sys.stderr)
        return interrupts.exit_code(exc)
    print("search index: made")
    return 0


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(prog="podium-build", description=__doc__.splitlines()[0])
    parser.add_argument("--settings", default="pelicanconf.py")
    parser.add_argument("--output", default="output")
    parser.add_argument("--content", default="content")
    parser.add_argument("--cache-path", help="Pelican's CACHE_PATH (default: the settings')")
    parser.add_argument("--no-search-index", action="store_true", help="build the pages only")
    parser.add_argument("--in-place", action="store_true",
                        help="build into the output folder itself (make publish builds into a fresh folder)")
    parser.add_argument("--search-index-only", action="store_true", help="index a built site only")
    args = parser.parse_args(argv)
    interrupts.on_termination()
    try:
        return _main(args)
    except SettingsError as exc:
        print(exc, file=sys.stderr)
        return 1
    except KeyboardInterrupt as exc:  # before or after the build's own steps: nothing of the site was touched
        interrupts.quiet()
        print(f"the build was {interrupts.what(exc)}; the output is as it was", file=sys.stderr)
        return interrupts.exit_code(exc)


def _main(args) -> int:
    output = Path(args.output)
    check_environment()
    wait = environment_number("PODIUM_LOCK_WAIT", float, 600.0)
    if args.search_index_only:
        cache = args.cache_path or str(settings_of(args.settings, output, args.content)["CACHE_PATH"])
        return index_for_search(output.resolve(), cache, wait)
    if args.in_place:
        refused = output_refusal(output, args.settings, args.content)
        if refused is not None:
            print(f"refused: {refused}; nothing was written", file=sys.stderr)
            return 1
        return run_pelican(args.settings, output, args.content, args.cache_path)
    return build(args.settings, output, args.content, args.cache_path, search=not args.no_search_index, wait=wait)


if __name__ == "__main__":
    sys.exit(main())
