"""Podium's files in the output folder: never through a link, and what is stale removed.

Podium's pages are written by Pelican's writer (:mod:`.generator`); its
other files (``event.json``, the CSV files, the feeds, its stylesheets) by
:func:`write`, whole: under a temporary name beside their place, then
renamed over it.  Before either, :func:`make_way` makes sure the path
leads where it says: a symbolic link at the file's place, or at a folder on
its way, is removed (a real folder takes a folder's place), so that nothing
is written through a link and nothing lands outside the output folder.

:class:`Written` is what Podium wrote into one output folder, kept in the
cache: for every event the key its pages were written under and their
paths, and the site-wide pages.  A path written before and not now is
removed, whatever happened to the file since (a restored copy of the
folder, another inode), with the folders it leaves empty.  The record
belongs to the folder it was made for (its device and inode): a new folder
at the same path (an output removed and made again) starts with nothing
known, and every event's files are written into it again.
"""

from __future__ import annotations

import os
import secrets
import stat

from pelican.utils import sanitised_join

from .cache import write_new

TEMPORARY_SUFFIX = ".podium-tmp"  # a file not renamed into place yet
PAGE, DATA = "page", "data"  # how a file reaches the output: Pelican's writer, or Podium's own write (:func:`write`)


def make_way(output: str, path: str, known: set | None = None) -> str:
    """``output/path`` with every folder on the way a real folder (made if missing)
    and no symbolic link at the file's place.  ``known`` holds the folders
    already made sure of (by this function, into that set)."""
    target = sanitised_join(output, path)  # refuses a path that leads outside
    folder = os.path.dirname(target)
    if known is None or folder not in known:
        current = output
        for part in os.path.relpath(folder, output).split(os.sep):
            if part in ("", "."):
                continue
            current = os.path.join(current, part)
            if known is not None and current in known:
                continue
            _real_folder(current)
            if known is not None:
                known.add(current)
    try:
        if stat.S_ISLNK(os.lstat(target).st_mode):
            os.unlink(target)
    except FileNotFoundError:
        pass
    return target


def _real_folder(path: str) -> None:
    """``path`` a real folder: made when missing; a link (to a folder or not) or a file
    there replaced.  Another process of the build making it at the same moment (the
    processes sharing an event's pages) is no error."""
    while True:
        try:
            mode = os.lstat(path).st_mode
        except FileNotFoundError:
            try:
                os.mkdir(path)
                return
            except FileExistsError:  # made meanwhile: looked at again
                continue
        if stat.S_ISDIR(mode):
            return
        try:
            os.unlink(path)
        except (FileNotFoundError, IsADirectoryError):  # gone, or made a folder meanwhile: looked at again
            pass


def write(output: str, path: str, data: bytes, known: set | None = None) -> None:
    """``data`` as ``output/path``, whole: a temporary file beside it, renamed over it."""
    target = make_way(output, path, known)
    folder, name = os.path.split(target)
    temporary = os.path.join(folder, f".{name}.{secrets.token_hex(6)}{TEMPORARY_SUFFIX}")
    write_new(temporary, data)
    try:
        os.replace(temporary, target)
    except BaseException:
        try:
            os.unlink(temporary)
        except OSError:
            pass
        raise


def read(output: str, path: str) -> bytes:
    """The bytes of the file ``output/path`` (a link is not followed: OSError)."""
    fd = os.open(sanitised_join(output, path), os.O_RDONLY | getattr(os, "O_NOFOLLOW", 0))
    with os.fdopen(fd, "rb") as handle:
        return handle.read()


def remove(output: str, path: str) -> bool:
    """Remove ``output/path`` (a file or a link, never what a link points to) and the
    folders it leaves empty; whether there was something to remove."""
    try:
        target = sanitised_join(output, path)
        if stat.S_ISDIR(os.lstat(target).st_mode):
            return False
        os.unlink(target)
    except (OSError, RuntimeError):
        return False
    prune(output, os.path.dirname(target))
    return True


def prune(output: str, folder: str) -> None:
    """Remove ``folder`` and its parents below ``output`` while they are empty."""
    output = os.path.abspath(output)
    folder = os.path.abspath(folder)
    while folder != output and folder.startswith(output + os.sep):
        try:
            os.rmdir(folder)
        except OSError:
            return
        folder = os.path.dirname(folder)


def is_file(output: str, path: str) -> bool:
    """``output/path`` is a regular file (a link is not followed)."""
    try:
        return stat.S_ISREG(os.lstat(os.path.join(output, path)).st_mode)
    except OSError:
        return False


def identity(folder: str) -> list | None:
    """[device, inode] of the folder ``folder``, or None when it is not one."""
    try:
        info = os.stat(folder)
    except OSError:
        return None
    return [info.st_dev, info.st_ino] if stat.S_ISDIR(info.st_mode) else None
