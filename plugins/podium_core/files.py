"""Writing organisers' files: whole or not at all, with the usual permissions.

A file is written to a temporary file beside it, made durable (``fsync``),
and renamed over the old one, so a reader (a build, ``git``) sees the old
file or the new one, never half of it; within
:func:`podium_core.changes.all_or_none` the old one is kept first, so that
a command's files are changed all together or not at all.  The new file gets the permissions any program's new file gets,
0666 less the umask (0644 by default), whatever the temporary file had;
when it replaces a file, that file's permissions are kept.
"""

from __future__ import annotations

import os
import stat
import tempfile
from pathlib import Path


def current_umask() -> int:
    """The process's umask (read by setting it and setting it back)."""
    mask = os.umask(0o022)
    os.umask(mask)
    return mask


def write_atomically(path, text: str) -> None:
    """Write ``text`` (UTF-8) to ``path`` at once (see the module's text)."""
    write_bytes_atomically(path, text.encode("utf-8"))


def write_bytes_atomically(path, data: bytes) -> None:
    """Write ``data`` to ``path`` at once (see the module's text)."""
    from .changes import active

    path = Path(path)
    journal = active()
    if journal is not None:
        journal.keep(path)
    try:
        mode = stat.S_IMODE(path.stat().st_mode)
    except OSError:
        mode = 0o666 & ~current_umask()
    handle, temporary = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.", suffix=".tmp")
    try:
        with os.fdopen(handle, "wb") as stream:
            stream.write(data)
            stream.flush()
            os.fsync(stream.fileno())
        os.chmod(temporary, mode)
        os.replace(temporary, path)
    except BaseException:
        try:
            os.unlink(temporary)
        except OSError:
            pass
        raise


def make_folder(path) -> None:
    """Make the folder ``path`` and those above it that are missing; within
    :func:`podium_core.changes.all_or_none`, removed again if the command does not end well."""
    from .changes import active

    path = Path(path)
    journal = active()
    missing = []
    folder = path
    while not folder.exists():
        missing.append(folder)
        if folder.parent == folder:
            break
        folder = folder.parent
    for folder in reversed(missing):
        if journal is not None:
            journal.made_folder(folder)
        folder.mkdir()
