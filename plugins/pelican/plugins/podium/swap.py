"""Folders put in the place of others, whole: the site (``make html``, ``make publish``) and its search index.

:func:`exchange` swaps two folders: where the system can (Linux's
``renameat2`` with ``RENAME_EXCHANGE``) in one atomic step, so that each
path always holds one of the two, whole; elsewhere in three renames in
quick succession, the folder at ``place`` first moved aside to
:func:`aside` (where :func:`put_back` finds it if the process was killed
between them).  :func:`swap_in` makes a new folder the one at a path and
removes the previous one.
"""

from __future__ import annotations

import ctypes
import os
import shutil
from pathlib import Path

_RENAME_EXCHANGE = 2
_AT_FDCWD = -100


def exchange(new: Path, place: Path) -> None:
    """``new`` at ``place`` and what was at ``place`` at ``new``; when nothing was at
    ``place``, ``new`` is only moved there."""
    if not os.path.lexists(place):
        os.rename(new, place)
        return
    if _exchange(new, place):
        return
    old = aside(place)
    shutil.rmtree(old, ignore_errors=True)
    os.rename(place, old)
    os.rename(new, place)
    os.rename(old, new)


def swap_in(new: Path, place: Path) -> None:
    """Make ``new`` the folder at ``place``; the previous one is removed afterwards."""
    existed = os.path.lexists(place)
    exchange(new, place)
    if existed:
        shutil.rmtree(new)


def aside(place: Path) -> Path:
    """Where the fallback swap keeps the previous folder of ``place`` between its renames."""
    return place.with_name(f".{place.name}-old")


def put_back(place: Path) -> None:
    """After a swap killed between its renames: the previous folder back at
    ``place`` if no new one arrived there; what is left aside goes."""
    old = aside(place)
    if old.is_dir() and not os.path.lexists(place):
        os.rename(old, place)
    shutil.rmtree(old, ignore_errors=True)


def _exchange(a: Path, b: Path) -> bool:
    """Atomically exchange two paths with renameat2(RENAME_EXCHANGE), if the system can."""
    try:
        libc = ctypes.CDLL(None, use_errno=True)
        renameat2 = libc.renameat2
    except (OSError, AttributeError):
        return False
    result = renameat2(_AT_FDCWD, os.fsencode(a), _AT_FDCWD, os.fsencode(b), _RENAME_EXCHANGE)
    return result == 0
