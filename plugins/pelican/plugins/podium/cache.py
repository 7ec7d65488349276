"""The build cache in Pelican's ``CACHE_PATH``: what each event last wrote, under its key.

Layout (below ``CACHE_PATH/podium``)::

    entries/<name>.json          one record per unit (an event, the site's pages,
                                 an output folder's manifest): JSON, with FORMAT
    files/<name>/<key>/<path>    the files a unit wrote under that key

A record is trusted only if it is a JSON object of this :data:`FORMAT` whose
``name`` is its own, and a unit's files only if every one of them is there
with the size its record gives (:meth:`Store.complete`).  Anything else --
a damaged or truncated file, a record of another release, a missing file --
is ignored: the unit is built again and its record replaced.  Records are
JSON, written and read by orjson (a file it cannot read, such as one that
is not UTF-8 or holds NaN, is one to ignore).  They are written to a
temporary file and renamed into place, so a build that is interrupted
leaves the old record or the new one, never half of one; a unit's files
are complete before its record names them.

Keys (:mod:`pelican.plugins.podium.keys`) are hex digests and names are
``event-<slug>`` (slugs are checked ids) or a fixed word, and a record's
file paths must be plain relative paths (:func:`relative`), so no record can
point outside the cache or the output folder.
"""

from __future__ import annotations

import os
import re
import shutil
import tempfile
from pathlib import Path

import orjson

from .output import umask

FORMAT = 1
FOLDER = "podium"
NAME = re.compile(r"^[a-z0-9][a-z0-9_.-]*$")
KEY = re.compile(r"^[0-9a-f]{16,64}$")


# one or more parts, '/' between them; no part empty, "." or ".."; no backslash or NUL anywhere
RELATIVE = re.compile(r"(?!\.\.?(?:/|$))[^/\\\0]+(?:/(?!\.\.?(?:/|$))[^/\\\0]+)*")


def relative(path: str) -> bool:
    """``path`` is a plain relative path (no ``..``, no root, no NUL): it stays below any folder."""
    return RELATIVE.fullmatch(path) is not None


# the records this process read or wrote last: path -> (the file's stamp then, the record).
# Records are written by rename, so a record written again is a new file (a new inode);
# one changed in place has another size or time.
_KNOWN: dict = {}


def _stamp(info) -> tuple:
    return (info.st_ino, info.st_size, info.st_mtime_ns, info.st_ctime_ns)


class Store:
    """The records and files of the units of a cache folder."""

    def __init__(self, cache_path):
        self.root = Path(cache_path) / FOLDER

    # -- records -----------------------------------------------------------------------

    def record(self, name: str) -> dict | None:
        """The record of ``name``, or None if there is none to trust.  The same
        object for every call while the record's file is the one read or
        written last in this process (:data:`_KNOWN`): callers never change it."""
        path = str(self.root / "entries" / f"{name}.json")
        try:
            stamp = _stamp(os.stat(path))
            known = _KNOWN.get(path)
            if known is not None and known[0] == stamp:
                return known[1]
            with open(path, "rb") as handle:
                data = orjson.loads(handle.read())  # a build that has nothing to do reads every event's record
        except (OSError, ValueError):  # orjson's errors, bytes that are not UTF-8 among them, are ValueErrors
            return None
        data = self._trusted(name, data)
        _KNOWN[path] = (stamp, data)
        return data

    @staticmethod
    def _trusted(name: str, data) -> dict | None:
        """``data`` if it is a record of ``name`` of this :data:`FORMAT` whose file paths are plain relative ones."""
        if not isinstance(data, dict) or data.get("format") != FORMAT or data.get("name") != name:
            return None
        key, files = data.get("key"), data.get("files")
        if not isinstance(key, str) or not KEY.match(key) or not isinstance(files, dict):
            return None
        if not all(isinstance(path, str) and relative(path) and isinstance(size, int) for path, size in files.items()):
            return None
        return data

    def keep_record(self, name: str, key: str, files: dict, **values) -> None:
        """Write the record of ``name`` (atomically); ``files``: path -> size."""
        data = {"format": FORMAT, "name": name, "key": key, "files": files, **values}
        folder = self.root / "entries"
        folder.mkdir(parents=True, exist_ok=True)
        handle, temporary = tempfile.mkstemp(prefix=f".{name}.", suffix=".tmp", dir=folder)
        try:
            with os.fdopen(handle, "wb") as out:
                out.write(orjson.dumps(data, option=orjson.OPT_SORT_KEYS | orjson.OPT_NON_STR_KEYS))
            os.chmod(temporary, 0o666 & ~umask())  # as open() would make it
            target = folder / f"{name}.json"
            os.replace(temporary, target)
            _KNOWN[str(target)] = (_stamp(os.stat(target)), data)
        except BaseException:
            Path(temporary).unlink(missing_ok=True)
            raise

    # -- files -------------------------------------------------------------------------

    def folder(self, name: str, key: str) -> Path:
        """Where the files of ``name`` under ``key`` are kept."""
        if not NAME.match(name) or not KEY.match(key):
            raise ValueError(f"not a cache name and key: {name!r} {key!r}")
        return self.root / "files" / name / key

    def file(self, name: str, key: str, path: str) -> Path:
        return self.folder(name, key) / path

    def complete(self, name: str, record: dict) -> bool:
        """Every file of the record is kept, with its size."""
        folder = self.folder(name, record["key"])
        for path, size in record["files"].items():
            try:
                if os.stat(folder / path).st_size != size:
                    return False
            except (OSError, ValueError):
                return False
        return True

    def staging(self, name: str) -> Path:
        """A new empty folder for the files of ``name`` being written."""
        parent = self.root / "files" / name
        parent.mkdir(parents=True, exist_ok=True)
        return Path(tempfile.mkdtemp(prefix=".staging-", dir=parent))

    def keep_files(self, name: str, key: str, staging: Path) -> Path:
        """Make ``staging`` the files of ``name`` under ``key``; the other keys of ``name`` are dropped."""
        target = self.folder(name, key)
        if target.exists():
            shutil.rmtree(target)
        os.replace(staging, target)
        for other in target.parent.iterdir():
            if other != target and not other.name.startswith(".staging-"):
                shutil.rmtree(other, ignore_errors=True)
        return target

    def drop(self, name: str) -> None:
        """Forget ``name`` (an event that is no longer in the results)."""
        (self.root / "entries" / f"{name}.json").unlink(missing_ok=True)
        shutil.rmtree(self.root / "files" / name, ignore_errors=True)

    def names(self, prefix: str) -> list[str]:
        """The names of the records that start with ``prefix``."""
        folder = self.root / "entries"
        if not folder.is_dir():
            return []
        return sorted(p.name[:-5] for p in folder.iterdir() if p.name.startswith(prefix) and p.name.endswith(".json"))

    def clear_staging(self) -> None:
        """Remove the staging folders a killed build left."""
        files = self.root / "files"
        if files.is_dir():
            for unit in files.iterdir():
                for stale in unit.glob(".staging-*"):
                    shutil.rmtree(stale, ignore_errors=True)
