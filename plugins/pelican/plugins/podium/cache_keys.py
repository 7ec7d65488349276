"""The keys of the build cache: digests of everything an event's pages depend on.

An event's pages are a function of

- its own files (every file of its folder, names and bytes);
- its people in ``players.yaml`` (the registry entries of its player ids);
- the named variants of ``RESULTS/formats/`` (all of them: which ones an
  event uses is known only once it is loaded);
- Podium's code and the releases of the libraries it runs on (:func:`code`);
- the templates its pages asked for when they were last rendered (found or
  missing: :mod:`.template_use`), each by the digest of its source;
- the translations of the language its pages are written in;
- the settings (:func:`settings`);
- what the build takes from Pelican and from the other events: the site
  menu, the Markdown pages, the rules page's URL, the URLs of the people
  and search pages (:class:`~pelican.plugins.podium.plugin.PodiumGenerator` puts them together).

The first three are the event's *inputs*: with the same inputs (and the same
code) an event evaluates to the same outcome, so a build that finds them
unchanged neither loads nor evaluates it.  All the others only shape how
the outcome is shown.  Each digest is SHA-256 over a canonical text of its
parts (:func:`digest`), the same on every machine and in every process.
"""

from __future__ import annotations

import dataclasses
import hashlib
import json
import os
import sys
from functools import lru_cache
from importlib.metadata import PackageNotFoundError, version
from pathlib import Path

import podium_core
from podium_core.loader import open_regular

from . import i18n

LIBRARIES = ("pelican", "jinja2", "markupsafe", "babel", "pyyaml", "jsonschema", "markdown",
             "icalendar", "tzdata", "feedgenerator", "pillow", "xlsxwriter")

# settings that say where a build runs, how Pelican keeps what it read or what a watcher saw, not what it writes
PLACES = frozenset({"OUTPUT_PATH", "CACHE_PATH", "PODIUM_RESULTS", "PODIUM_JOBS", "PATH", "CACHE_CONTENT",
                    "LOAD_CONTENT_CACHE", "CONTENT_CACHING_LAYER", "CHECK_MODIFIED_METHOD", "GZIP_CACHE",
                    "PODIUM_SEEN_CHANGES"})


def digest(*parts) -> str:
    """SHA-256 of the parts' canonical text (:func:`canonical`)."""
    return hashlib.sha256(canonical(parts).encode("utf-8", "surrogateescape")).hexdigest()


def canonical(value) -> str:
    """A text that is the same for equal values in any process: dicts by sorted
    key, callables, classes and modules by their dotted names, objects whose
    text holds a memory address by their type alone.

    JSON's own encoder writes what it knows (dicts with text keys, lists,
    texts, numbers) and asks :func:`_other` for the rest; a value it cannot
    write that way (a dict with keys of other kinds) is made plain first
    (:func:`_plain`).  Which way a value takes depends only on its types."""
    try:
        return _ENCODER.encode(value)
    except (TypeError, ValueError):
        return _PLAIN_ENCODER.encode(_plain(value))


def _other(value):
    """What JSON's encoder cannot write, as :func:`_plain` gives it (one level: the encoder does the rest)."""
    known = getattr(value, "cache_digest", None)
    if isinstance(known, str):
        return "digest:" + known
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return {"$": type(value).__qualname__, **{f.name: getattr(value, f.name) for f in dataclasses.fields(value)}}
    return _plain(value)


_ENCODER = json.JSONEncoder(sort_keys=True, ensure_ascii=False, separators=(",", ":"), default=_other)
_PLAIN_ENCODER = json.JSONEncoder(sort_keys=True, ensure_ascii=False, separators=(",", ":"))


def _plain(value):
    known = getattr(value, "cache_digest", None)  # a summary read from the cache: its digest stands for it
    if isinstance(known, str):
        return "digest:" + known
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return {"$": type(value).__qualname__, **{f.name: _plain(getattr(value, f.name)) for f in dataclasses.fields(value)}}
    if value is None or isinstance(value, (str, int, float, bool)):
        return value
    if isinstance(value, bytes):
        return hashlib.sha256(value).hexdigest()
    if isinstance(value, dict):
        return {str(k): _plain(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [_plain(v) for v in value]
    if isinstance(value, (set, frozenset)):
        return sorted(canonical(v) for v in value)
    if isinstance(value, Path):
        return str(value)
    if hasattr(value, "__qualname__"):  # functions, classes
        return f"{getattr(value, '__module__', '')}.{value.__qualname__}"
    if hasattr(value, "__name__"):  # modules
        return value.__name__
    text = repr(value)
    return type(value).__qualname__ if " at 0x" in text else text


def folder_files(folder: Path, digest_of=None, listing=None, root=None) -> str:
    """Every file below ``folder`` (names and bytes); the same text for a missing folder
    and an empty one.  ``digest_of(path, stat, root)`` gives a file's digest (default:
    :func:`file_digest` of its bytes; :class:`.file_stamps.Stamps` reuses kept ones);
    ``listing``: :func:`files_below` of ``folder``, when it was taken already;
    ``root``: the folder no file read may lie outside (default: the folder
    holding ``folder``, the results folder of an event folder or of ``formats/``)."""
    hasher = hashlib.sha256(b"folder\0")
    digest_of = digest_of or file_digest
    root = Path(folder).parent if root is None else root
    for relative, path, info in listing if listing is not None else files_below(folder):
        found = digest_of(path, info, root)
        hasher.update(relative.encode("utf-8", "surrogateescape") + b"\0" + found.encode() + b"\0")
    return hasher.hexdigest()


def file_digest(path: str, info=None, root=None) -> str:
    """SHA-256 of a file's bytes, read only when :func:`podium_core.loader.open_regular`
    lets it be (a regular file, inside ``root`` when given): otherwise
    ``refused:`` and why (a FIFO, a device or a link leaving ``root`` is never
    opened; loading it reports the problem)."""
    fd, problem = open_regular(path, root, limit=None)
    if problem is not None:
        return f"refused:{problem.message}"
    try:
        with os.fdopen(fd, "rb") as handle:
            return hashlib.file_digest(handle, "sha256").hexdigest()
    except OSError as exc:  # unreadable: loading it reports the problem
        return f"refused:{exc.strerror}"


def files_below(folder: Path) -> list:
    """(path below ``folder`` with '/', absolute path, its stat or None) of every file
    below ``folder``, by name, a folder's files before its subfolders' (as
    :func:`os.walk` lists them: a link to a folder is not followed)."""
    found = []
    _list_files(os.path.abspath(folder), "", found)
    return found


def _list_files(folder: str, prefix: str, found: list) -> None:
    try:
        with os.scandir(folder) as listing:
            entries = sorted(listing, key=lambda entry: entry.name)
    except OSError:
        return
    folders = []
    for entry in entries:
        try:
            is_folder = entry.is_dir()
        except OSError:
            is_folder = False
        if is_folder:
            if not entry.is_symlink():
                folders.append(entry)
            continue
        try:
            info = os.stat(entry.path)
        except OSError:
            info = None
        found.append((prefix + entry.name, entry.path, info))
    for entry in folders:
        _list_files(entry.path, f"{prefix}{entry.name}/", found)


def people(registry: dict, ids) -> str:
    """The registry entries of the people ``ids`` (an id not in the registry counts too)."""
    return digest([[pid, registry.get(pid)] for pid in sorted(ids)])


def inputs(files: str, people_digest: str, variants: str) -> str:
    """An event's inputs (its files, its people, the variants) with the code that evaluates them."""
    return digest("inputs", code(), files, people_digest, variants)


@lru_cache(maxsize=None)
def code() -> str:
    """Podium's code (the bytes of every module of both packages, and the card's fonts) and the
    releases of Python and the libraries it runs on.  Taken once a process:
    a process runs the code it imported."""
    hasher = hashlib.sha256(sys.version.encode())
    for name in LIBRARIES:
        try:
            hasher.update(f"{name}={version(name)}".encode())
        except PackageNotFoundError:
            hasher.update(f"{name}=none".encode())
    for package in (Path(podium_core.__file__).parent, Path(__file__).parent):
        for path in sorted([*package.rglob("*.py"), *package.rglob("*.ttf")]):  # the card's fonts draw it
            hasher.update(str(path.relative_to(package)).encode() + b"\0" + path.read_bytes())
    return hasher.hexdigest()


def translations(language: str) -> str:
    """The translations of ``language`` as the pages use them: every msgid and its
    translation (so a translator's comment or a reordered catalog changes nothing);
    a compiled catalog by its bytes; English: its msgids are the text."""
    catalog = i18n.translations(language or "en")
    if isinstance(catalog, i18n.Catalog):
        return digest(language, sorted([repr(key), repr(value)] for key, value in catalog.messages.items()))
    hasher = hashlib.sha256(language.encode())
    compiled = i18n.LOCALE_DIR / language / "LC_MESSAGES" / f"{i18n.DOMAIN}.mo"
    if language != "en" and compiled.is_file():
        hasher.update(compiled.read_bytes())
    return hasher.hexdigest()


def settings(values: dict) -> str:
    """Every setting but those that say where the build runs (:data:`PLACES`), and
    the results folder as pages name it (:func:`.places.shown_results`)."""
    from .places import shown_results

    kept = {key: value for key, value in values.items() if key not in PLACES}
    return digest(kept, shown_results(values.get("PODIUM_RESULTS")))
