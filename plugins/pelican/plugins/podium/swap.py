"""A folder put in the place of another, whole: the site (``make publish``) and its search index.

:func:`swap_in` makes a new folder the one at a path: where the system can
(Linux's ``renameat2`` with ``RENAME_EXCHANGE``) in one atomic exchange, so
that the path always holds one of the two, whole; elsewhere in two renames
in quick succession, the old folder first moved aside to :func:`aside`
(where :func:`put_back` finds it if the process was killed between them).
The previous folder is removed afterwards.
"""

from __future__ import annotations

import ctypes
import os
import shutil
from pathlib import Path

_RENAME_EXCHANGE = 2
_AT_FDCWD = -100


def swap_in(new: Path, place: Path) -> None:
    """Make ``new`` the folder at ``place``; the previous one is removed afterwards."""
    if not place.exists():
        os.rename(new, place)
        return
    if _exchange(new, place):
        shutil.rmtree(new)
        return
    old = aside(place)
    shutil.rmtree(old, ignore_errors=True)
    os.rename(place, old)
    os.rename(new, place)
    shutil.rmtree(old)


def aside(place: Path) -> Path:
    """Where the two-rename swap keeps the previous folder of ``place`` between its renames."""
    return place.with_name(f".{place.name}-old")


def put_back(place: Path) -> None:
    """After a swap killed between its two renames: the previous folder back at
    ``place`` if no new one arrived there; what is left aside goes."""
    old = aside(place)
    if old.is_dir() and not place.exists():
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
