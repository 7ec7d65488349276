"""A command that writes more than one file leaves all of its changes or none.

``podium withdraw`` records a name in one round file and then re-seats a
round; ``podium new`` makes a folder and two files; ``podium simulate``
writes round after round.  Each file is written whole
(:func:`podium_core.files.write_atomically`), and within :func:`all_or_none`
the set of them is too:

* before a file is first changed, what it was (its bytes, or that it did not
  exist) is kept in the results folder's journal, ``.podium-changes/``, and
  made durable (``fsync``) -- so is a folder the command makes;
* when the command ends well, the journal's file is removed: that is the
  moment its changes are made, all at once (its folder goes next; one left
  behind without that file is only removed);
* when it ends otherwise -- a problem found half-way, a full disk, Ctrl-C or
  SIGTERM -- every file is put back as the journal kept it, newest first,
  and the folders it made are removed;
* when it is killed outright (SIGKILL, a power cut) the journal stays: the
  next command that writes, or ``podium validate``, puts the files back
  first (:func:`recover`), and a build refuses to read a results folder
  whose journal is there (:func:`unfinished`), so nothing reads half of
  a command's changes.

One command changes a results folder at a time: the journal's folder is
locked (``flock``) while it works; another waits up to
:data:`LOCK_WAIT` seconds, then stops with a message.  Folder names
starting with ``.`` are never event folders, so the journal is never read
as results.
"""

from __future__ import annotations

import errno
import fcntl
import json
import os
import shutil
import time
from contextlib import contextmanager
from pathlib import Path

from .errors import Problem

JOURNAL = ".podium-changes"
LOCK_WAIT = 30.0  # seconds another command's changes are waited for

_active: list = []  # the journal of the changes being made in this process, if any


class Busy(Exception):
    """Another command is changing the results folder (the message says so)."""


class _Journal:
    """What the files were before this command changed them, kept durable."""

    def __init__(self, results: Path, folder: Path, fd: int):
        self.results = results
        self.folder = folder
        self.fd = fd  # the lock's descriptor: the journal's folder
        self.kept: set = set()  # paths (relative) already kept
        self.count = 0
        self.log = None

    def _append(self, entry: dict) -> None:
        if self.log is None:
            self.log = open(self.folder / "journal", "a", encoding="utf-8")
        self.log.write(json.dumps(entry, ensure_ascii=False) + "\n")
        self.log.flush()
        os.fsync(self.log.fileno())

    def keep(self, path: Path) -> None:
        """Keep what ``path`` is now (its bytes, or that it is absent), once."""
        relative = os.path.relpath(os.path.abspath(path), self.results)
        if relative in self.kept:
            return
        self.kept.add(relative)
        if Path(path).is_symlink():  # a link (inside the results folder) is put back as the link it was
            self._append({"path": relative, "link": os.readlink(path)})
            return
        try:
            data = Path(path).read_bytes() if Path(path).is_file() else None
        except OSError:
            data = None
        copy = None
        if data is not None:
            self.count += 1
            copy = str(self.count)
            with open(self.folder / copy, "wb") as handle:
                handle.write(data)
                handle.flush()
                os.fsync(handle.fileno())
        self._append({"path": relative, "kept": copy})

    def made_folder(self, path: Path) -> None:
        """A folder this command makes (removed if the command does not end well)."""
        relative = os.path.relpath(os.path.abspath(path), self.results)
        self._append({"path": relative, "folder": True})

    def close(self) -> None:
        if self.log is not None:
            self.log.close()
            self.log = None


def _lock(folder: Path) -> int:
    """The journal's folder (made when missing), locked by this process."""
    folder.mkdir(exist_ok=True)
    fd = os.open(folder, os.O_RDONLY)
    deadline = time.monotonic() + LOCK_WAIT
    while True:
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
            try:
                same = os.stat(folder).st_ino == os.fstat(fd).st_ino
            except FileNotFoundError:
                same = False
            if same:
                return fd
            os.close(fd)  # the command it waited for ended and removed that journal: start again
            folder.mkdir(exist_ok=True)
            fd = os.open(folder, os.O_RDONLY)
            continue
        except BlockingIOError:
            if time.monotonic() > deadline:
                os.close(fd)
                raise Busy(f"another podium command is changing {folder.parent}: try again once it has ended") from None
            time.sleep(0.05)


def _undo(results: Path, folder: Path) -> int:
    """Put back every file the journal in ``folder`` kept, newest first; remove the
    folders it made; then the journal.  How many changes were undone."""
    from .files import write_bytes_atomically

    try:
        lines = (folder / "journal").read_text("utf-8").splitlines()
    except (OSError, UnicodeDecodeError):
        lines = []
    entries = []
    for line in lines:
        try:
            entries.append(json.loads(line))
        except ValueError:  # a line cut by the kill: its change was never made
            break
    for entry in reversed(entries):
        path = results / entry["path"]
        if entry.get("folder"):
            shutil.rmtree(path, ignore_errors=True)
        elif entry.get("link") is not None:
            if path.is_file() or path.is_symlink():
                path.unlink()
            os.symlink(entry["link"], path)
        elif entry.get("kept") is not None:
            write_bytes_atomically(path, (folder / entry["kept"]).read_bytes())
        elif path.is_file() or path.is_symlink():
            path.unlink()
    _remove(folder)
    return len(entries)


def _remove(folder: Path) -> None:
    """The journal gone: its file first (the moment it stops counting), then the copies."""
    try:
        (folder / "journal").unlink()
    except FileNotFoundError:
        pass
    shutil.rmtree(folder, ignore_errors=True)


def recover(results) -> str | None:
    """Put back the files of a command killed half-way in ``results``, if its journal
    is there (and that command is not running still); a note saying so, or None."""
    results = Path(results)
    folder = results / JOURNAL
    if not folder.is_dir():
        return None
    fd = _lock(folder)
    try:
        if not (folder / "journal").exists():  # the command it waited for ended well, or was stopped once it had
            _remove(folder)
            return None
        undone = _undo(results.resolve(), folder)
    finally:
        os.close(fd)
    return (f"note: a podium command stopped half-way in {results} left {undone} change{'s' if undone != 1 else ''}: "
            "every file is back as it was before it")


def unfinished(results) -> Problem | None:
    """The problem of a results folder holding the journal of a command still
    running or killed half-way: its files may be half changed."""
    folder = Path(results) / JOURNAL
    if not (folder / "journal").exists():
        return None
    return Problem(str(folder), 1, "a podium command is changing this results folder, or was stopped half-way: "
                                   "once it has ended, podium validate puts back what it left half done")


@contextmanager
def all_or_none(results):
    """Within this block, every file written with :func:`podium_core.files.write_atomically`
    (and every folder made with :func:`podium_core.files.make_folder`) below ``results``
    is kept, all or none (see the module's text).  Nested blocks are one."""
    if _active:
        yield
        return
    results = Path(results)
    if results.exists() and not results.is_dir():
        raise NotADirectoryError(errno.ENOTDIR, os.strerror(errno.ENOTDIR), str(results))
    results.mkdir(parents=True, exist_ok=True)
    note = recover(results)
    if note is not None:
        print(note)
    folder = results / JOURNAL
    fd = _lock(folder)
    journal = _Journal(results.resolve(), folder, fd)
    _active.append(journal)
    try:
        yield
    except BaseException:
        journal.close()
        _undo(journal.results, folder)
        raise
    else:
        journal.close()
        _remove(folder)
    finally:
        _active.clear()
        os.close(fd)


def active():
    """The journal of the changes being made in this process, or None."""
    return _active[0] if _active else None
