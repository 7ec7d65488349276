"""The files of a results folder, read into documents: the first step of
reading (files → documents → checked documents → models → formats →
engines, :mod:`podium_core.pipeline`).

Layout (data-format.md): ``players.yaml`` (optional registry of people), the
named variants in ``formats/``, and one folder per event, named by its slug,
holding ``event.yaml`` and one YAML file per round.

Every file is read through :func:`podium_core.loader.read_file` with the
results folder as the root: only regular files inside it.  In an event folder
a round file's name ends in ``.yaml`` exactly; another spelling of it
(``.yml``, ``.YAML``) is a problem naming the file, and files of any other
kind (notes, spreadsheets) are left alone.  An event folder's name is its
slug: lowercase letters, digits and '-', and not one of the site's own
folders.  A file that cannot be read or parsed is kept as a
:class:`FileRead` with its problems (and its bytes, when it could be read),
so the next steps still know it is there.
"""

from __future__ import annotations

import os
import re
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path

from .errors import Problem
from .loader import Document, load_bytes, read_file

SLUG = re.compile(r"[a-z0-9][a-z0-9-]*")
ROUND_SUFFIX = ".yaml"
VARIANTS_FOLDER = "formats"
_YAML_LOOKALIKE = (".yaml", ".yml")  # compared lowercased: a round file spelled another way

# Every folder the site writes at its top level, besides the events' own: an
# event may not take one of these names.  The site's pages (people, search,
# the Pagefind index, the theme's files, the list of events beside a blog's
# home page) and what Pelican writes with its usual settings (feeds, static
# files, tag/category/author/archive pages).
RESERVED_SLUGS = frozenset({
    "people", "search", "pagefind", "theme", "results", "feeds", "images", "static", "pages", "drafts",
    "tag", "tags", "category", "categories", "author", "authors", "archives", "cache",
})


@dataclass
class FileRead:
    """One file as read: its bytes (None when they could not be read), its
    document (None when it did not parse) and the problems of both; ``checks``
    keeps what the next step finds in it, shared by every read of the same
    bytes while :func:`reusing_loads` is active."""

    path: str
    raw: bytes | None
    doc: Document | None
    problems: list = field(default_factory=list)
    checks: dict = field(default_factory=dict)  # what was found checking its document, by kind (validation)


@dataclass
class EventFiles:
    """The files of one event folder: ``event.yaml`` (None when there is
    none), the round files in name order, and the problems of the folder's
    names (its slug, a round file spelled ``.yml``)."""

    folder: Path
    slug: str
    event: FileRead | None
    rounds: list
    problems: list


# (path, bytes) -> (document, problems, checks), while ``reusing_loads`` is active
_loads: dict | None = None


@contextmanager
def reusing_loads():
    """Within this block a file whose bytes did not change is not parsed again:
    its document and problems are reused (and its schema check,
    :mod:`podium_core.validation`).

    For callers that read the same folder over and over (``podium simulate``
    evaluates the event again after every round it writes).  The documents
    are shared, so nothing may change them; nothing in Podium does.
    """
    global _loads
    outer = _loads
    if outer is None:
        _loads = {}
    try:
        yield
    finally:
        _loads = outer


def read(path, root) -> FileRead:
    """One file of the results folder ``root``, read and parsed (once while
    :func:`reusing_loads` is active and its bytes stay the same)."""
    path = str(path)
    raw, problem = read_file(path, root)
    if problem is not None:
        return FileRead(path, None, None, [problem])
    loaded = _loads.get((path, raw)) if _loads is not None else None
    if loaded is None:
        loaded = (*load_bytes(raw, path), {})
        if _loads is not None:
            _loads[(path, raw)] = loaded
    doc, problems, checks = loaded
    return FileRead(path, raw, doc, list(problems), checks)


def up(path) -> Path:
    """The folder holding ``path``, spelled from where ``path`` is spelled
    from: ``results`` for ``results/my-cup``, ``..`` for ``.`` (the folder
    you are in), ``../..`` for ``..``.  A folder is kept as the organiser
    gave it, so every path said of it is one they would type from where
    they stand; going up from it goes through here."""
    path = Path(path)
    return path / ".." if path.name in ("", "..") else path.parent


def results_of(path) -> Path:
    """The results folder of a file of an event folder (``RESULTS/<slug>/<file>``):
    the folder no read of that file may leave, whatever links it meets."""
    return up(up(path))


def pending_file(pending: dict) -> FileRead:
    """A round file not yet written (``{"path": ..., "data": ...}``) as if it had been read."""
    return FileRead(str(pending["path"]), None, Document(str(pending["path"]), pending["data"], {(): 1}))


def event_folders(results: Path) -> list[Path]:
    """The event folders of a results folder, in name order (``formats/`` holds
    the named variants, not an event)."""
    results = Path(results)
    with os.scandir(results) as entries:  # a folder's kind from the listing itself, where the system gives it
        return sorted(results / entry.name for entry in entries
                      if entry.is_dir() and not entry.name.startswith(".") and entry.name != VARIANTS_FOLDER)


def people_file(results: Path) -> FileRead | None:
    """``players.yaml`` of the results folder, or None when there is none."""
    path = Path(results) / "players.yaml"
    return read(path, results) if path.exists() else None


def variant_files(results: Path) -> list[FileRead]:
    """The named variants' files (``formats/*.yaml``, ``.yml``), in name order."""
    folder = Path(results) / VARIANTS_FOLDER
    if not folder.is_dir():
        return []
    return [read(path, results) for path in sorted(folder.iterdir())
            if path.suffix in _YAML_LOOKALIKE and not path.name.startswith(".")]


def event_files(folder: Path, pending: dict | None = None) -> EventFiles:
    """The files of one event folder.  ``pending`` is a round file not yet
    written (``{"path": ..., "data": ...}``), read as if it were there, in
    place of the file at that path, if any."""
    folder = Path(folder)
    problems: list[Problem] = []
    event_path = folder / "event.yaml"
    root = up(folder)
    slug = folder_name(folder)
    if not SLUG.fullmatch(slug):
        problems.append(Problem(str(event_path), 1, f"folder name {_quoted(slug)} is not a valid event slug (lowercase letters, digits and '-')"))
    elif slug in RESERVED_SLUGS:
        problems.append(Problem(str(event_path), 1, f"the event slug '{slug}' is a folder of the site itself "
                                                    f"(reserved: {', '.join(sorted(RESERVED_SLUGS))}): rename the folder"))
    if not event_path.exists():
        return EventFiles(folder, slug, None, [], problems + [Problem(str(folder), 1, "event folder has no event.yaml")])
    event = read(event_path, root)
    replaced = str(pending["path"]) if pending is not None else None
    rounds = []
    for path in sorted(folder.iterdir()):
        if path.name == "event.yaml" or path.name.startswith(".") or str(path) == replaced:
            continue  # the pending file stands in for the one at its path
        if not path.name.endswith(ROUND_SUFFIX):
            if path.name.lower().endswith(_YAML_LOOKALIKE):
                problems.append(Problem(str(path), 1, f"a round file's name must end in '{ROUND_SUFFIX}' exactly "
                                                      "(lowercase, not .yml): rename the file"))
            continue
        rounds.append(read(path, root))
    if pending is not None:
        rounds.append(pending_file(pending))
    return EventFiles(folder, slug, event, rounds, problems)


def folder_name(folder: Path) -> str:
    """The event folder's own name, also when given as ``.`` or ``..``."""
    return folder.name if folder.name not in ("", ".", "..") else folder.resolve().name


def folder_size(folder: Path) -> int:
    """How much work an event folder is, roughly: the bytes of its YAML files
    (0 if the folder cannot be listed: reading it reports the problem)."""
    try:
        return sum(path.stat().st_size for path in Path(folder).iterdir() if path.suffix == ROUND_SUFFIX)
    except OSError:
        return 0


def _quoted(text: str, length: int = 60) -> str:
    shown = repr(text)
    return shown if len(shown) <= length else shown[:length - 1] + "…"
