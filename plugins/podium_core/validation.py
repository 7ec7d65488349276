"""Documents checked against their schemas: the second step of reading
(:mod:`podium_core.pipeline`), after :mod:`podium_core.reading`.

Each file read is checked against the JSON Schema of its kind
(:func:`podium_core.schemas.check`): ``players``, ``event`` or ``round``.  An
event's round files are sorted into those that can be modelled and those
that cannot (a file that did not parse, or failed its schema); of the
latter the stage and round are kept when they are legible, from the data or
else from the file's top-level ``stage:`` and ``round:`` lines (a syntax
error further down leaves them legible), so that the checks of the
engines can still cover the rounds before them.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path

from . import reading, schemas
from .loader import Document

@dataclass
class Unread:
    """A round file that cannot be modelled: its path, its stage and round
    when legible (else None), and its document when it parsed."""

    path: str
    stage: str | None
    round: int | None
    doc: Document | None = None


@dataclass
class CheckedEvent:
    """An event folder's documents after their schemas: ``event`` (None when
    ``event.yaml`` is missing or broken), the round documents that can be
    modelled, the ``unread`` round files, and every problem so far."""

    folder: Path
    slug: str
    event: Document | None
    rounds: list
    unread: list = field(default_factory=list)
    problems: list = field(default_factory=list)


def schema_problems(file: reading.FileRead, kind: str) -> list:
    """The schema problems of a file that parsed (none for one that did not:
    its reading problems say why), kept with the file (``FileRead.checks``)."""
    if file.doc is None or file.problems:
        return []
    found = file.checks.get(kind)
    if found is None:
        found = file.checks[kind] = schemas.check(file.doc, kind)
    return found


def checked_people(results: Path) -> tuple[Document | None, list]:
    """``players.yaml`` and its problems; None when there is none or it is broken."""
    file = reading.people_file(results)
    if file is None:
        return None, []
    problems = file.problems + schema_problems(file, "players")
    return (file.doc if not problems else None), problems


def checked_event(folder: Path, pending: dict | None = None) -> CheckedEvent:
    """The documents of one event folder, checked (see the module's text)."""
    files = reading.event_files(folder, pending)
    problems = list(files.problems)
    event = None
    if files.event is not None:
        found = files.event.problems + schema_problems(files.event, "event")
        problems += found
        event = files.event.doc if not found else None
    rounds, unread = [], []
    for file in files.rounds:
        found = file.problems + schema_problems(file, "round")
        problems += found
        if found or file.doc is None:
            unread.append(Unread(file.path, *_header(file), file.doc))
        else:
            rounds.append(file.doc)
    return CheckedEvent(files.folder, files.slug, event, rounds, unread, problems)


def _header(file: reading.FileRead) -> tuple:
    """``(stage, round)`` of a round file that failed its checks, when both are
    readable: from its data, or else from its top-level ``stage:`` and
    ``round:`` lines."""
    data = file.doc.data if file.doc is not None else None
    if isinstance(data, dict) and isinstance(data.get("stage"), str) and type(data.get("round")) is int:
        return data["stage"], data["round"]
    if file.raw is None:
        return None, None
    head = file.raw[:65536].decode("utf-8", "replace")
    stage = _HEADER_STAGE.search(head)
    number = _HEADER_ROUND.search(head)
    if stage and number:
        return stage.group(1), int(number.group(1))
    return None, None


_HEADER_STAGE = re.compile(r"^stage:[ ]+([a-z-]+)[ ]*(?:#.*)?$", re.M)
_HEADER_ROUND = re.compile(r"^round:[ ]+([0-9]{1,3})[ ]*(?:#.*)?$", re.M)
