"""One build at a time into an output folder (and into a cache folder).

``make html``, ``make serve`` and ``make publish`` may run at once.  Each
build holds an exclusive lock (``fcntl.flock``) on a file beside the
output folder, ``.<name>.podium-lock``, and one in its cache folder, from
before it reads anything until Pelican has finished.  A build that finds
one held prints once that it waits for the other, waits up to
``PODIUM_LOCK_WAIT`` seconds (default 600), and then stops with one line:
``another build is writing into <folder>``.  The system drops a lock when
its process ends, however it ends, so a killed build never leaves one.

Within one process (a preview server rebuilding again and again) a lock is
taken once and handed to the next build: builds in one process never
overlap.
"""

from __future__ import annotations

import os
import sys
import time
from pathlib import Path

try:
    import fcntl
except ImportError:  # pragma: no cover - Windows: builds are not serialised
    fcntl = None

_held: dict = {}  # lock file path -> open file, in this process


class Busy(SystemExit):
    """Another build kept the lock for longer than we wait."""


def path_for(folder) -> Path:
    """The lock file of a folder: beside it, so that removing the folder keeps it."""
    folder = Path(folder).resolve()
    return folder.parent / f".{folder.name}.podium-lock"


def acquire(folder, wait: float = 600.0, say=None) -> None:
    """Hold the lock of ``folder`` (already held in this process: nothing to do)."""
    path = path_for(folder)
    if str(path) in _held or fcntl is None:
        return
    path.parent.mkdir(parents=True, exist_ok=True)
    handle = open(path, "a+")
    deadline = time.monotonic() + wait
    told = False
    while True:
        try:
            fcntl.flock(handle.fileno(), fcntl.LOCK_EX | fcntl.LOCK_NB)
            break
        except BlockingIOError:
            if not told:
                (say or _say)(f"podium: another build is writing into {folder}; waiting for it to finish")
                told = True
            if time.monotonic() >= deadline:
                handle.close()
                raise Busy(f"another build is writing into {folder}; stopped (waited {wait:.0f} s)") from None
            time.sleep(0.1)
    handle.seek(0)
    handle.truncate()
    handle.write(f"{os.getpid()}\n")
    handle.flush()
    _held[str(path)] = handle


def held(folder) -> bool:
    """This process holds the lock of ``folder``."""
    return str(path_for(folder)) in _held


def release(folder) -> None:
    """Let go of the lock of ``folder``, if this process holds it."""
    handle = _held.pop(str(path_for(folder)), None)
    if handle is not None:
        try:
            fcntl.flock(handle.fileno(), fcntl.LOCK_UN)
        finally:
            handle.close()


def release_all() -> None:
    """Let go of every lock this process holds."""
    while _held:
        _path, handle = _held.popitem()
        try:
            fcntl.flock(handle.fileno(), fcntl.LOCK_UN)
        finally:
            handle.close()


def _say(message: str) -> None:
    print(message, file=sys.stderr, flush=True)
