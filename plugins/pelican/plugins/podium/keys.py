"""The keys of the build cache: digests of everything an event's pages depend on.

An event's pages are a function of

- its own files (every file of its folder, names and bytes);
- its people in ``players.yaml`` (the registry entries of its player ids);
- the named variants of ``RESULTS/formats/`` (all of them: which ones an
  event uses is known only once it is loaded);
- Podium's code and the releases of the libraries it runs on (:func:`code`);
- the templates (every template the Jinja environment can load: a page can
  include a template whose name it computes, so which ones it uses is known
  only once it is rendered);
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

import podium

from . import i18n

LIBRARIES = ("pelican", "jinja2", "markupsafe", "babel", "pyyaml", "jsonschema", "markdown")

# settings that say where a build runs, not what it writes
PLACES = frozenset({"OUTPUT_PATH", "CACHE_PATH", "PODIUM_RESULTS", "PODIUM_JOBS", "PATH"})


def digest(*parts) -> str:
    """SHA-256 of the parts' canonical text (:func:`canonical`)."""
    return hashlib.sha256(canonical(parts).encode("utf-8", "surrogateescape")).hexdigest()


def canonical(value) -> str:
    """A text that is the same for equal values in any process: dicts by sorted
    key, callables, classes and modules by their dotted names, objects whose
    text holds a memory address by their type alone."""
    return json.dumps(_plain(value), sort_keys=True, ensure_ascii=False, separators=(",", ":"))


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


def folder_files(folder: Path) -> str:
    """Every file below ``folder`` (names and bytes); the same text for a missing folder
    and an empty one."""
    hasher = hashlib.sha256()
    if folder.is_dir():
        for root, dirs, files in os.walk(folder):
            dirs.sort()
            for name in sorted(files):
                path = Path(root, name)
                hasher.update(str(path.relative_to(folder)).encode("utf-8", "surrogateescape") + b"\0")
                try:
                    hasher.update(path.read_bytes())
                except OSError:  # unreadable: loading it reports the problem
                    hasher.update(b"\1unreadable")
                hasher.update(b"\0")
    return hasher.hexdigest()


def people(registry: dict, ids) -> str:
    """The registry entries of the people ``ids`` (an id not in the registry counts too)."""
    return digest([[pid, registry.get(pid)] for pid in sorted(ids)])


def inputs(files: str, people_digest: str, variants: str) -> str:
    """An event's inputs (its files, its people, the variants) with the code that evaluates them."""
    return digest("inputs", code(), files, people_digest, variants)


@lru_cache(maxsize=None)
def code() -> str:
    """Podium's code (the bytes of every module of both packages) and the
    releases of Python and the libraries it runs on.  Taken once a process:
    a process runs the code it imported."""
    hasher = hashlib.sha256(sys.version.encode())
    for name in LIBRARIES:
        try:
            hasher.update(f"{name}={version(name)}".encode())
        except PackageNotFoundError:
            hasher.update(f"{name}=none".encode())
    for package in (Path(podium.__file__).parent, Path(__file__).parent):
        for path in sorted(package.rglob("*.py")):
            hasher.update(str(path.relative_to(package)).encode() + b"\0" + path.read_bytes())
    return hasher.hexdigest()


def templates(env) -> str:
    """Every template the environment can load, by name and source."""
    hasher = hashlib.sha256()
    for name in sorted(env.list_templates()):
        try:
            source = env.loader.get_source(env, name)[0]
        except Exception:  # noqa: BLE001 - a template that cannot be read fails the build when used
            source = "\0unreadable"
        hasher.update(name.encode("utf-8", "surrogateescape") + b"\0" + source.encode("utf-8", "surrogateescape") + b"\0")
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
    """Every setting but those that say where the build runs (:data:`PLACES`)."""
    return digest({key: value for key, value in values.items() if key not in PLACES})
