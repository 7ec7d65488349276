"""Putting Podium's files into the output folder: atomically, and only what changed.

Every file lands whole: a file new to the output is hard-linked under its
name (a new name appears with the whole file behind it); any other is first
made beside its destination under a temporary name (a hard link to the
cached file, or a copy where links are not possible) and then
:func:`os.replace` d over it, so a reader -- a web server, a browser on
``make serve`` -- sees the old file or the new one, never half of one.  A symbolic link at the destination is replaced, never
written through, and a folder on the way that is a symbolic link is
replaced by a real folder: nothing is ever written outside the output
folder.  Files get the permissions ``open()`` gives (0666 less the umask:
0644 by default), folders ``mkdir``'s (0755 by default).

:class:`Manifest` is the list of what Podium put into an output folder, kept
in the cache: for each path, the key it was written under and the file's
identity (inode, size, modification time).  A path whose file still has
that identity and whose key is the same is left alone; a path that was
written before and is not written now is removed (the page of an event
that is gone), with the folders it leaves empty.
"""

from __future__ import annotations

import os
import shutil
import stat
import tempfile
from pathlib import Path

from pelican.utils import sanitised_join


TEMPORARY_SUFFIX = ".podium-tmp"  # a file not renamed into place yet


def umask() -> int:
    """The process's umask (read by setting it and putting it back)."""
    mask = os.umask(0o022)
    os.umask(mask)
    return mask


def destination(output: str, path: str, real: set | None = None) -> str:
    """``output/path`` with every folder on the way a real folder (made if missing).

    ``real``, when given, holds the folders already made sure of (by this
    function, into that set): each folder is looked at once for all the
    files put below it."""
    target = sanitised_join(output, path)  # refuses a path that leads outside
    folder = os.path.dirname(target)
    if real is not None and folder in real:
        return target
    parts = os.path.relpath(folder, output).split(os.sep)
    current = output
    for part in parts:
        if part in ("", "."):
            continue
        current = os.path.join(current, part)
        if real is not None and current in real:
            continue
        try:
            mode = os.lstat(current).st_mode
        except FileNotFoundError:
            os.mkdir(current)
        else:
            if stat.S_ISLNK(mode) or not stat.S_ISDIR(mode):
                os.unlink(current)
                os.mkdir(current)
        if real is not None:
            real.add(current)
    return target


def identity(path: str) -> list | None:
    """[inode, size, modification time] of a regular file (not followed through a link)."""
    try:
        info = os.lstat(path)
    except OSError:
        return None
    if not stat.S_ISREG(info.st_mode):
        return None
    return [info.st_ino, info.st_size, info.st_mtime_ns]


def place(output: str, path: str, source: Path, link: bool = True, real: set | None = None) -> list:
    """The file ``source`` as ``output/path``, atomically; its identity there
    (``real``: the folders already made sure of, :func:`destination`).  Where
    nothing has that name yet, the hard link is made under it directly: a
    new name appears with the whole file behind it, or not at all."""
    target = destination(output, path, real)
    if link:
        try:
            os.link(source, target)
            return identity(target)
        except FileExistsError:  # a file (or link) there already: replaced below
            pass
        except OSError:  # another file system, or links refused: a copy
            link = False
    folder, name = os.path.split(target)
    temporary = os.path.join(folder, f".{name}.{os.getpid()}{TEMPORARY_SUFFIX}")

    def fill() -> None:
        if link:
            try:
                _link(source, temporary)
                return
            except OSError:  # another file system, or links refused
                pass
        if os.path.lexists(temporary):
            os.unlink(temporary)
        _copy(source, temporary)

    return _replace(target, temporary, fill)


def _link(source, temporary: str) -> None:
    """A hard link ``temporary`` to ``source``, over what a killed build left under that name."""
    try:
        os.link(source, temporary)
    except FileExistsError:
        os.unlink(temporary)
        os.link(source, temporary)


class Placer:
    """:func:`place` for many files into one output folder, each folder on the
    way looked at once (while it is in use: one event's files, one batch)."""

    def __init__(self, output: str):
        self.output = output
        self.real: set = set()

    def place(self, path: str, source, link: bool = True) -> list:
        return place(self.output, path, source, link, self.real)


def write(output: str, path: str, data: bytes) -> list:
    """``data`` as ``output/path``, atomically; its identity there."""
    target = destination(output, path)
    handle, temporary = tempfile.mkstemp(prefix=f".{os.path.basename(target)}.", suffix=TEMPORARY_SUFFIX,
                                         dir=os.path.dirname(target))

    def fill() -> None:
        with os.fdopen(handle, "wb") as out:
            out.write(data)
        os.chmod(temporary, 0o666 & ~umask())

    return _replace(target, temporary, fill)


def _replace(target: str, temporary: str, fill) -> list:
    """``fill()`` the file ``temporary``, then rename it over ``target`` (never a
    torn file: on any failure the temporary file is removed); its identity there."""
    try:
        fill()
        os.replace(temporary, target)
        if os.path.lexists(temporary):  # both were links to one file: rename(2) then does nothing
            os.unlink(temporary)
    except BaseException:
        if os.path.lexists(temporary):
            os.unlink(temporary)
        raise
    return identity(target)


def _copy(source: Path, temporary: str) -> None:
    """A copy of ``source`` made by this process, with ``open()``'s permissions."""
    with open(source, "rb") as src, open(temporary, "xb") as out:
        shutil.copyfileobj(src, out)


class Manifest:
    """What Podium wrote into one output folder: path -> [key, inode, size, mtime]."""

    def __init__(self, output: str, entries: dict | None = None):
        self.output = output
        self.before = dict(entries or {})
        self.now: dict = {}

    def current(self, path: str, key: str) -> bool:
        """``path`` holds what was written under ``key`` and nothing has touched it since."""
        return self.all_current((path,), key)

    def all_current(self, paths, key: str) -> bool:
        """Every one of ``paths`` is :meth:`current` under ``key`` (the same rule, in one tight loop)."""
        before, prefix, lstat, regular = self.before, self.output + os.sep, os.lstat, stat.S_ISREG
        for path in paths:
            entry = before.get(path)
            if type(entry) is not list or len(entry) != 4 or entry[0] != key:
                return False
            try:
                info = lstat(prefix + path)
            except OSError:
                return False
            if not regular(info.st_mode) or [info.st_ino, info.st_size, info.st_mtime_ns] != entry[1:]:
                return False
        return True

    def keep_all(self, paths) -> None:
        """:meth:`keep` every one of ``paths``, all :meth:`current`, as it was."""
        before = self.before
        self.now.update((path, before[path]) for path in paths)

    def keep(self, path: str, key: str, found: list | None = None) -> None:
        """``path`` is written under ``key`` in this build (``found``: its identity, else the last one)."""
        if found is None:
            found = self.before[path][1:]
        self.now[path] = [key, *found]

    def remove_stale(self) -> list[str]:
        """Remove the files written before and not now, if they are still Podium's;
        the paths removed.  Folders left empty go too."""
        removed = []
        for path in sorted(set(self.before) - set(self.now)):
            entry = self.before[path]
            target = os.path.join(self.output, path)
            if isinstance(entry, list) and len(entry) == 4 and identity(target) == entry[1:]:
                os.unlink(target)
                removed.append(path)
                _prune(self.output, os.path.dirname(target))
        return removed


def _prune(output: str, folder: str) -> None:
    """Remove ``folder`` and its parents below ``output`` while they are empty."""
    output = os.path.abspath(output)
    folder = os.path.abspath(folder)
    while folder != output and folder.startswith(output + os.sep):
        try:
            os.rmdir(folder)
        except OSError:
            return
        folder = os.path.dirname(folder)
