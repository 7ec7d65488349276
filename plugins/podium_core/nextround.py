"""The next round of an event, seated by the rules (``podium pair``).

The next round is the first round that is not complete.  If it has a file
(listed or seating-only) and the engine could seat it, that is the answer;
if every round so far is complete, the format names the next round file and
the engine seats it as if the file were there.  Nothing is written here.
"""

from __future__ import annotations

from pathlib import Path

from .model import bye_field
from .outcome import EventOutcome, RoundOutcome
from .pipeline import evaluate_one
from .roundfile import round_text
from .seating_only import seating_only_files, without_units


class NotReady(Exception):
    """The next round cannot be seated yet (the message says why).  For a
    round that has no file yet: ``path``, the file it would have, and
    ``header``, what that file starts with (``podium pair --write`` creates
    it, for the organisers to write in what the rules wait for)."""

    def __init__(self, message: str, path: Path | None = None, header: dict | None = None):
        super().__init__(message)
        self.path = path
        self.header = header


class Finished(Exception):
    """Every round of the event is complete."""


def file_name(header: dict) -> str:
    return f"{header['stage']}-{header['round']:02d}.yaml"


def header_of(rnd: RoundOutcome) -> dict:
    """The header fields of a round file, keeping what the organisers wrote."""
    header = {"stage": rnd.stage, "round": rnd.round}
    if rnd.byes:
        header["bye"] = bye_field(rnd.byes)
    source = rnd.source
    if source is not None:
        header.update(session=source.session, manual=source.manual, note=source.note,
                      absent=list(source.absent) or None, withdrawn=list(source.withdrawn) or None,
                      advance={str(k): v for k, v in source.advance} or None)
    elif rnd.session is not None:
        header["session"] = rnd.session
    return {key: value for key, value in header.items() if value is not None}


def next_seating(folder) -> tuple[RoundOutcome, Path, EventOutcome]:
    """The next round, seated; the path of its file (existing or to be
    written); and the event's outcome with that round in it.

    A round file that lists a seating and no result (:mod:`podium_core.seating_only`)
    is seated afresh, as if it listed none: the seating the rules give now,
    after a withdrawal, an absence or a corrected earlier result.
    """
    folder = Path(folder)
    for path, data in seating_only_files(folder):
        outcome = evaluate_one(folder, pending={"path": path, "data": without_units(data)})
        current = next((r for r in outcome.rounds if r.source is not None and r.source.where.path == str(path)), None)
        if current is not None and current is outcome.next_round():
            return _ready(current), path, outcome
    outcome = evaluate_one(folder)
    current = outcome.next_round()
    if current is not None and current.status == "in-progress":
        later = seatable_later(folder, outcome, current)
        if later is not None:
            return later
    if current is None:
        header = outcome.format.next_round_header(outcome)
        if header is None:
            raise Finished(f"{outcome.event.name}: every round is complete")
        path = folder / file_name(header)
        outcome = evaluate_one(folder, pending={"path": path, "data": header})
        current = outcome.next_round()
        try:
            return _ready(current), path, outcome
        except NotReady as exc:
            raise NotReady(str(exc), path, header) from None
    else:
        path = Path(current.source.where.path) if current.source else folder / file_name(header_of(current))
    return _ready(current), path, outcome


def seatable_later(folder: Path, outcome: EventOutcome, current: RoundOutcome):
    """A knockout advances match by match: while ``current`` is being played,
    a round (``current`` or a later one) with a match its file does not list
    yet (both feeder matches decided), as ``(round, path, outcome)``; None
    when there is none."""
    for rnd in outcome.rounds[outcome.rounds.index(current):]:
        if rnd.source is not None and rnd.source.listed \
                and any(getattr(unit, "source", True) is None for unit in rnd.units):
            return rnd, Path(rnd.source.where.path), outcome
    header = outcome.format.next_round_header(outcome)
    if header is None:
        return None
    path = folder / file_name(header)
    seated = evaluate_one(folder, pending={"path": path, "data": header})
    later = next((r for r in seated.rounds if (r.stage, r.round) == (header["stage"], header["round"])), None)
    if later is None or not later.units:
        return None
    return later, path, seated


def _ready(current: RoundOutcome) -> RoundOutcome:
    """``current`` if it can be seated now; else NotReady says why."""
    if current.status != "upcoming":
        missing = missing_results(current)
        raise NotReady(f"{current.title or current.slug} is not complete: no result yet at {', '.join(missing)}")
    if not current.units:
        raise NotReady(current.waiting or f"{current.title or current.slug} cannot be seated yet")
    return current


def unit_name(rnd: RoundOutcome, unit) -> str:
    """How the organiser calls a unit: "match 3" (Tantrix) or "table 3"."""
    return f"match {unit.match}" if rnd.kind == "matches" else f"table {unit.table}"


def missing_results(rnd: RoundOutcome) -> list[str]:
    """The units of a round that have no result yet, by name, in order."""
    return [unit_name(rnd, unit) for unit in rnd.units if not unit.done]


def seating_units(rnd: RoundOutcome) -> tuple[str, list[dict]]:
    """The round's seating as round-file entries (no results)."""
    units = []
    for unit in rnd.units:
        if rnd.kind == "tables":
            units.append({"table": unit.table, "seats": list(unit.players)})
        elif rnd.kind == "games":
            units.append({"table": unit.table, "players": list(unit.players), "place": getattr(unit, "place", None)})
        else:
            units.append({"match": unit.match, "players": list(unit.players)})
    return rnd.kind, units


def seating_text(rnd: RoundOutcome) -> str:
    """The round file that records this seating."""
    key, units = seating_units(rnd)
    return round_text(header_of(rnd), key, units)
