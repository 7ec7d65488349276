"""Writing organisers' files: whole or not at all, with the usual permissions.

A file is written to a temporary file beside it and renamed over the old
one, so a reader (a build, ``git``) sees the old file or the new one, never
half of it.  The new file gets the permissions any program's new file gets,
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
    path = Path(path)
    try:
        mode = stat.S_IMODE(path.stat().st_mode)
    except OSError:
        mode = 0o666 & ~current_umask()
    handle, temporary = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.", suffix=".tmp")
    try:
        with os.fdopen(handle, "w", encoding="utf-8") as stream:
            stream.write(text)
        os.chmod(temporary, mode)
        os.replace(temporary, path)
    except BaseException:
        try:
            os.unlink(temporary)
        except OSError:
            pass
        raise
