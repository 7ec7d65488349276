"""A folder's digest without reading its files again while their stat says they are unchanged.

:func:`~pelican.plugins.podium.cache_keys.folder_files` reads every byte of a
folder.  :class:`Stamps` gives the same digest but reads a file only when
it has to: it keeps, for every file it read, the file's *stamp* -- size,
modification and change times (nanoseconds) and inode -- and the digest of
its bytes, and takes the digest again only when the stamp is not the one
kept.  Saving a file in place changes its size or times, and saving by
rename (as editors do) gives it a new inode, so either is seen.

A file's times have a granularity (a few milliseconds on most Linux file
systems, two seconds on FAT): a file written again within the same tick as
the moment it was read keeps its stamp although its bytes changed.  So a
kept digest is trusted only for a file whose times are older, by
:data:`MARGIN`, than the moment the digest was read (the table's
``taken``, read before any file of that build): a file changed within that
margin of a build is read again by the next build, and is saved with that
build's moment, until it is older.

The table lives in the build cache (:class:`~pelican.plugins.podium.cache.Store`,
record ``stamps``), by absolute path; a table that is not well formed is
ignored, and every file is read.
"""

from __future__ import annotations

import time
from pathlib import Path

from . import cache_keys

MARGIN = 2_000_000_000  # nanoseconds: two seconds, the coarsest common granularity (FAT)
NAME = "stamps"


class Stamps:
    """Digests of folders, from the stamps kept in ``store`` (:meth:`save` keeps the new ones)."""

    def __init__(self, store):
        self.store = store
        self.taken = time.time_ns()  # before any file is looked at
        record = store.record(NAME)
        table = record.get("table") if record else None
        before = record.get("taken") if record else None
        if not (isinstance(table, dict) and isinstance(before, int)):
            table, before = {}, 0
        self.before: dict = table
        self.trusted_until = before - MARGIN
        self.now: dict = {}
        self.read = 0  # files read in this build

    def folder_files(self, folder: Path) -> str:
        """:func:`.cache_keys.folder_files` of ``folder``, reading only the files whose stamp changed."""
        return cache_keys.folder_files(folder, self.file_digest)

    def file_digest(self, path: str, info, root=None) -> str:
        """:func:`.cache_keys.file_digest` of ``path``, kept while its stamp is (``root``:
        the folder it may not lie outside; a file refused is looked at again every build)."""
        if info is None:
            return cache_keys.file_digest(path, root=root)
        stamp = [info.st_size, info.st_mtime_ns, info.st_ctime_ns, info.st_ino]
        known = self.before.get(path)
        if (isinstance(known, list) and len(known) == 2 and known[0] == stamp and isinstance(known[1], str)
                and max(info.st_mtime_ns, info.st_ctime_ns) < self.trusted_until):
            found = known[1]
        else:
            found = cache_keys.file_digest(path, root=root)
            self.read += 1
        if not found.startswith("refused:"):
            self.now[path] = [stamp, found]
        return found

    def save(self) -> None:
        """Keep the stamps of the files looked at in this build, if any file was read or is gone."""
        if self.read or self.now.keys() != self.before.keys():
            self.store.keep_record(NAME, taken=self.taken, table=self.now)
