"""One build at a time into an output folder: ``make html``, ``make serve`` and ``make publish`` take turns.

Each of them holds an exclusive lock (``fcntl.flock``) on a file in the
cache, ``CACHE_PATH/podium/locks/<digest of the output's path>.lock``, from
before it reads anything until it has finished.  One that finds the lock
held prints once that it waits for the other, waits up to
``PODIUM_LOCK_WAIT`` seconds (default 600), and then stops with one line:
``another build is writing into <folder>``.  The system drops a lock when
its process ends, however it ends, so a killed build never blocks the
next.  The lock's file is removed when the build lets go of it: nothing
is left once no build runs.  (A build that takes a lock checks that the
file it locked is still the one at the lock's path; if the holder removed
it meanwhile, it locks the new one.)

Within one process a lock is taken once and handed to whoever asks again
(a preview server's rebuilds, the search index of ``make html``): builds in
one process never overlap.  The generator itself takes no lock: a plain
``pelican`` run is the caller's to schedule, as it is with Pelican alone.
"""

from __future__ import annotations

import hashlib
import os
import sys
import time

from .cache import FOLDER, open_folder

try:
    import fcntl
except ImportError:  # pragma: no cover - Windows: builds are not serialised
    fcntl = None

_held: dict = {}  # lock name -> (folder descriptor, file descriptor), in this process


class BuildBusy(Exception):
    """Another build kept the lock for longer than we wait; the text says so in one line."""


def lock_name(folder) -> str:
    """The name of the lock file of the output ``folder`` (in ``CACHE_PATH/podium/locks``)."""
    return hashlib.sha256(os.path.abspath(folder).encode("utf-8", "surrogateescape")).hexdigest()[:32] + ".lock"


def acquire(cache_path, folder, wait: float = 600.0, say=None) -> None:
    """Hold the lock of the output ``folder`` (already held in this process: nothing to do)."""
    name = lock_name(folder)
    if name in _held or fcntl is None:
        return
    locks = open_folder(str(cache_path), [FOLDER, "locks"])
    deadline = time.monotonic() + wait
    told = False
    try:
        while True:
            fd = os.open(name, os.O_RDWR | os.O_CREAT | getattr(os, "O_NOFOLLOW", 0), 0o644, dir_fd=locks)
            try:
                fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
            except BlockingIOError:
                os.close(fd)
                if not told:
                    (say or _say)(f"podium: another build is writing into {folder}; waiting for it to finish")
                    told = True
                if time.monotonic() >= deadline:
                    raise BuildBusy(f"another build is writing into {folder}; stopped (waited {wait:.0f} s)") from None
                time.sleep(0.1)
                continue
            try:
                now = os.stat(name, dir_fd=locks, follow_symlinks=False)
                mine = os.fstat(fd)
                if (now.st_dev, now.st_ino) == (mine.st_dev, mine.st_ino):
                    _held[name] = (locks, fd)
                    return
            except FileNotFoundError:  # its holder removed it as it let go: lock the new one
                pass
            os.close(fd)
    except BaseException:
        if name not in _held:
            os.close(locks)
        raise


def held(folder) -> bool:
    """This process holds the lock of ``folder``."""
    return lock_name(folder) in _held


def release(folder) -> None:
    """Let go of the lock of ``folder``, if this process holds it; its file goes."""
    name = lock_name(folder)
    found = _held.pop(name, None)
    if found is not None:
        _let_go(name, *found)


def release_all() -> None:
    """Let go of every lock this process holds."""
    while _held:
        name, found = _held.popitem()
        _let_go(name, *found)


def _let_go(name: str, locks: int, fd: int) -> None:
    try:
        os.unlink(name, dir_fd=locks)
    except OSError:
        pass
    try:
        fcntl.flock(fd, fcntl.LOCK_UN)
    finally:
        os.close(fd)
        os.close(locks)


def _say(message: str) -> None:
    print(message, file=sys.stderr, flush=True)
