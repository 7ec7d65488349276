"""The build cache in Pelican's ``CACHE_PATH``: records and files, each used only when it checks out.

Layout (below ``CACHE_PATH/podium``)::

    records/<name>.json       one record per unit: its SHA-256, a newline, then its JSON
    files/<unit>/<sha256>     the files a unit wrote, each named by the SHA-256 of its bytes
    tmp/                      files being written (``<pid>-<random>``), renamed into place whole

The cache is only a cache:

- a record is used only when its bytes hash to the digest written before
  them, its JSON is an object of this :data:`FORMAT` and its ``name`` is its
  own; a file only when its bytes hash to its name.  Anything else -- a
  damaged, truncated or foreign file, a record of another release, a file
  that is missing -- reads as nothing, and the build makes it again;
- nothing is ever followed through a symbolic link: every folder below
  ``CACHE_PATH/podium`` is opened without following links (a link, or a
  file, where a folder belongs is replaced by a real folder), and every
  file is opened the same way, so a link planted in the cache is read as
  nothing and written over, never through;
- the cache shares no file with the output: what goes into the output is a
  copy (:mod:`.output`);
- every file is written under a temporary name in ``tmp/`` and renamed into
  place, so a build that is killed leaves the old file or the new one; what
  a killed build left in ``tmp/`` is removed by the next (:meth:`Store.tidy`).

Two builds may share a cache: a record or a file is replaced whole, and a
file named by its digest holds the same bytes whoever wrote it.

Unit and record names are ``event-<slug>.<digest>`` (slugs are checked ids)
or a fixed word with a digest, so no name can lead outside the cache.
"""

from __future__ import annotations

import errno
import hashlib
import os
import re
import secrets
import stat
from contextlib import contextmanager
from pathlib import Path

import orjson

FORMAT = 2
FOLDER = "podium"
NAME = re.compile(r"^[a-z0-9][a-z0-9_.-]*$")
DIGEST = re.compile(r"^[0-9a-f]{64}$")
_NO_FOLLOW = getattr(os, "O_NOFOLLOW", 0)
_DIRECTORY = getattr(os, "O_DIRECTORY", 0)


# The records read or written with ``remember=True`` in this process, by (cache path, name):
# [the SHA-256 of their JSON, the record parsed or None, the JSON while it is not parsed].  A
# long-lived process (``make serve``) parses such a record in its idle time (:func:`parse_remembered`)
# instead of at the start of the next build; what :meth:`Store.record` gives from here is shared:
# the caller must not change it.
_remembered: dict = {}


def parse_remembered() -> None:
    """Parse the remembered records written since the last call (for the next build to take as they are)."""
    for kept in _remembered.values():
        if kept[1] is None:
            kept[1], kept[2] = orjson.loads(kept[2]), None


def sha256(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()


def umask() -> int:
    """The process's umask (read by setting it and putting it back)."""
    mask = os.umask(0o022)
    os.umask(mask)
    return mask


def open_folder(root: str, parts, create: bool = True) -> int:
    """A descriptor of the folder ``root/part/part/...``, each part opened without
    following a link; a link or a file where a part belongs is replaced by a
    real folder when ``create`` (else FileNotFoundError).  ``root`` itself is
    taken as it is (made when missing)."""
    if create:
        os.makedirs(root, exist_ok=True)
    fd = os.open(root, os.O_RDONLY | _DIRECTORY)
    try:
        for part in parts:
            try:
                inner = os.open(part, os.O_RDONLY | _DIRECTORY | _NO_FOLLOW, dir_fd=fd)
            except OSError as exc:
                if exc.errno not in (errno.ENOENT, errno.ELOOP, errno.ENOTDIR) or not create:
                    raise FileNotFoundError(errno.ENOENT, "not a folder", part) from None
                if exc.errno != errno.ENOENT:  # a link or a file: replaced, never followed
                    os.unlink(part, dir_fd=fd)
                try:
                    os.mkdir(part, dir_fd=fd)
                except FileExistsError:  # another build made it meanwhile
                    pass
                inner = os.open(part, os.O_RDONLY | _DIRECTORY | _NO_FOLLOW, dir_fd=fd)
            os.close(fd)
            fd = inner
        return fd
    except BaseException:
        os.close(fd)
        raise


@contextmanager
def folder(root: str, parts, create: bool = True):
    fd = open_folder(root, parts, create)
    try:
        yield fd
    finally:
        os.close(fd)


def read_file(name: str, dir_fd: int) -> bytes | None:
    """The bytes of the regular file ``name`` in the folder ``dir_fd`` (a link is not followed), or None."""
    try:
        fd = os.open(name, os.O_RDONLY | _NO_FOLLOW, dir_fd=dir_fd)
    except OSError:
        return None
    try:
        if not stat.S_ISREG(os.fstat(fd).st_mode):
            return None
        chunks = []
        while True:
            chunk = os.read(fd, 1 << 20)
            if not chunk:
                return b"".join(chunks)
            chunks.append(chunk)
    except OSError:
        return None
    finally:
        os.close(fd)


def write_new(name: str, data: bytes, mode: int = 0o666, dir_fd: int | None = None) -> None:
    """``data`` as the new file ``name`` (never an existing one, never through a link),
    with ``mode`` less the umask; nothing is left of it when writing fails."""
    fd = os.open(name, os.O_WRONLY | os.O_CREAT | os.O_EXCL | _NO_FOLLOW, mode, dir_fd=dir_fd)
    try:
        view = memoryview(data)
        while view:
            view = view[os.write(fd, view):]
    except BaseException:
        os.close(fd)
        os.unlink(name, dir_fd=dir_fd)
        raise
    os.close(fd)


def _write_into(tmp: int, target: int, name: str, data: bytes) -> None:
    """``data`` written as a new file in the folder ``tmp``, then renamed to ``name`` in ``target``."""
    temporary = f"{os.getpid()}-{secrets.token_hex(8)}"
    write_new(temporary, data, dir_fd=tmp)
    try:
        os.rename(temporary, name, src_dir_fd=tmp, dst_dir_fd=target)
    except BaseException:
        try:
            os.unlink(temporary, dir_fd=tmp)
        except OSError:
            pass
        raise


def _pid_alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except OSError:  # someone else's process: alive
        return True
    return True


class Store:
    """The records and files of one cache folder (``CACHE_PATH/podium``)."""

    def __init__(self, cache_path):
        self.cache_path = str(cache_path)
        self.root = Path(cache_path) / FOLDER
        self.known_here: dict = {}  # name -> a remembered record is the one this process read or wrote last

    # -- writing whole -----------------------------------------------------------------

    def _write(self, parts, name: str, data: bytes) -> None:
        """``data`` as ``parts/name``: written in ``tmp/``, then renamed into place."""
        with folder(self.cache_path, [FOLDER, "tmp"]) as tmp, folder(self.cache_path, [FOLDER, *parts]) as target:
            _write_into(tmp, target, name, data)

    def keep_for_now(self, data: bytes, owner: int) -> str:
        """``data`` in ``tmp/`` for the process ``owner`` to :meth:`take` later in this build
        (removed by :meth:`tidy` once that process is gone); its name."""
        name = f"{owner}-{secrets.token_hex(8)}"
        with folder(self.cache_path, [FOLDER, "tmp"]) as tmp:
            write_new(name, data, 0o600, dir_fd=tmp)
        return name

    def take(self, name: str) -> bytes | None:
        """What :meth:`keep_for_now` kept under ``name``, removed from the cache; None if it is gone."""
        try:
            with folder(self.cache_path, [FOLDER, "tmp"], create=False) as tmp:
                data = read_file(name, tmp)
                os.unlink(name, dir_fd=tmp)
        except OSError:
            return None
        return data

    def tidy(self) -> None:
        """Remove what killed builds left in ``tmp/`` (files of processes that are gone)."""
        try:
            with folder(self.cache_path, [FOLDER, "tmp"], create=False) as tmp:
                for name in os.listdir(tmp):
                    pid = name.split("-", 1)[0]
                    if not pid.isdigit() or not _pid_alive(int(pid)):
                        try:
                            os.unlink(name, dir_fd=tmp)
                        except OSError:
                            pass
        except OSError:
            pass

    # -- records -----------------------------------------------------------------------

    def record(self, name: str, remember: bool = False) -> dict | None:
        """The record of ``name``, or None if there is none to trust.  With ``remember``,
        a record whose bytes are those this process read or wrote last is not parsed
        again (:data:`_remembered`; :attr:`known_here` says whether it was): the caller
        must not change what it gets."""
        if not NAME.match(name):
            return None
        try:
            with folder(self.cache_path, [FOLDER, "records"], create=False) as records:
                data = read_file(f"{name}.json", records)
        except OSError:
            return None
        digest = sha256(data[65:]) if data is not None and len(data) >= 65 and data[64:65] == b"\n" else None
        if digest is None or digest != data[:64].decode("ascii", "replace"):
            return None
        kept = _remembered.get((self.cache_path, name)) if remember else None
        if remember:
            self.known_here[name] = kept is not None and kept[0] == digest
        try:
            if kept is not None and kept[0] == digest:
                found = kept[1] if kept[1] is not None else orjson.loads(kept[2])
            else:
                found = orjson.loads(data[65:])
        except ValueError:
            return None
        if not isinstance(found, dict) or found.get("format") != FORMAT or found.get("name") != name:
            return None
        if remember:
            _remembered[(self.cache_path, name)] = [digest, found, None]
        return found

    def record_path(self, name: str) -> Path:
        """Where the record of ``name`` lies (for a message naming it)."""
        return self.root / "records" / f"{name}.json"

    def keep_record(self, name: str, remember: bool = False, **values) -> None:
        """Write the record of ``name`` (whole, or not at all); with ``remember``, keep
        its JSON for :func:`parse_remembered` and :meth:`record`."""
        if not NAME.match(name):
            raise ValueError(f"not a cache name: {name!r}")
        body = orjson.dumps({"format": FORMAT, "name": name, **values},
                            option=orjson.OPT_SORT_KEYS | orjson.OPT_NON_STR_KEYS)
        digest = sha256(body)
        self._write(["records"], f"{name}.json", digest.encode("ascii") + b"\n" + body)
        if remember:
            _remembered[(self.cache_path, name)] = [digest, None, body]

    def drop_record(self, name: str) -> None:
        try:
            with folder(self.cache_path, [FOLDER, "records"], create=False) as records:
                os.unlink(f"{name}.json", dir_fd=records)
        except OSError:
            pass

    def record_names(self, prefix: str) -> list[str]:
        """The names of the records that start with ``prefix``."""
        try:
            with folder(self.cache_path, [FOLDER, "records"], create=False) as records:
                names = os.listdir(records)
        except OSError:
            return []
        return sorted(n[:-5] for n in names if n.startswith(prefix) and n.endswith(".json"))

    def keep_newest(self, prefix: str, count: int, keep: str) -> None:
        """Of the records whose names start with ``prefix``, remove all but ``keep``
        and the ``count`` written last."""
        try:
            with folder(self.cache_path, [FOLDER, "records"], create=False) as records:
                found = []
                for name in os.listdir(records):
                    if name.startswith(prefix) and name.endswith(".json") and name != f"{keep}.json":
                        try:
                            found.append((os.stat(name, dir_fd=records, follow_symlinks=False).st_mtime_ns, name))
                        except OSError:
                            continue
                for _time, name in sorted(found, reverse=True)[max(0, count - 1):]:
                    os.unlink(name, dir_fd=records)
        except OSError:
            pass

    # -- files -------------------------------------------------------------------------

    def keep_files(self, unit: str, files) -> None:
        """Keep every ``(digest, bytes)`` of ``files`` as a file of ``unit``."""
        if not NAME.match(unit):
            raise ValueError(f"not a cache name: {unit!r}")
        with folder(self.cache_path, [FOLDER, "tmp"]) as tmp, folder(self.cache_path, [FOLDER, "files", unit]) as target:
            for digest, data in files:
                _write_into(tmp, target, digest, data)

    def file(self, unit: str, digest: str) -> bytes | None:
        """The bytes kept for ``unit`` under ``digest``, if they hash to it; else None."""
        if not NAME.match(unit) or not DIGEST.match(digest):
            return None
        try:
            with folder(self.cache_path, [FOLDER, "files", unit], create=False) as files:
                data = read_file(digest, files)
        except OSError:
            return None
        return data if data is not None and sha256(data) == digest else None

    def keep_only(self, unit: str, digests) -> None:
        """Remove the files of ``unit`` that are not among ``digests``."""
        wanted = set(digests)
        try:
            with folder(self.cache_path, [FOLDER, "files", unit], create=False) as files:
                for name in os.listdir(files):
                    if name not in wanted:
                        try:
                            os.unlink(name, dir_fd=files)
                        except OSError:
                            pass
        except OSError:
            pass

    def drop(self, unit: str) -> None:
        """Forget ``unit`` (an event no longer in the results): its record and its files."""
        self.drop_record(unit)
        self.keep_only(unit, ())
        try:
            with folder(self.cache_path, [FOLDER, "files"], create=False) as files:
                os.rmdir(unit, dir_fd=files)
        except OSError:
            pass
