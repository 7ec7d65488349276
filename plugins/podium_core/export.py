"""The event JSON document (outputs.md section 3), from an event's outcome.

The same function feeds ``podium export`` and the site's ``<slug>/event.json``.
"""

from __future__ import annotations

import orjson

from .systems.options import plain
from .model import bye_field
from .numbers import json_number
from .outcome import EventOutcome


def event_document(outcome: EventOutcome) -> dict:
    """The event.json document of one evaluated event."""
    event = outcome.event
    return {
        "slug": event.slug,
        "name": event.name,
        "format": event.format,
        "base_format": outcome.format.base,
        "options": {key: plain(value) for key, value in outcome.format.resolved_options(event).items()},
        "seed": event.seed,
        "language": event.language,
        "dates": list(event.dates),
        "venue": event.venue,
        "finished": outcome.finished,
        "players": [_player(p) for p in event.players],
        "rounds": [_round(r, outcome.attendance) for r in outcome.rounds],
        "standings": [_standing(s) for s in outcome.standings],
        "classification": None if outcome.classification is None else [_place(p) for p in outcome.classification],
    }


def dumps(document: dict) -> bytes:
    """The document as deterministic JSON: UTF-8, two spaces a level, the
    keys in the order they were made, a newline at the end.

    Written by orjson, which is about twenty times as fast as the standard
    library's indenting encoder (pure Python) on an event document, whose
    many rows and units make it large.  Raises ``TypeError`` for a value JSON
    has no type for.
    """
    return orjson.dumps(document, option=orjson.OPT_INDENT_2 | orjson.OPT_APPEND_NEWLINE | orjson.OPT_NON_STR_KEYS)


def _player(player) -> dict:
    data = {"id": player.id, "name": player.name}
    for key in ("club", "country", "previous_place", "seed"):
        value = getattr(player, key)
        if value is not None:
            data[key] = value
    if player.rating is not None:
        data["rating"] = json_number(player.rating)
    if player.reserve:
        data["reserve"] = True
    if player.joins > 1:
        data["joins"] = player.joins
    return data


def _round(rnd, attendance=None) -> dict:
    """A round: its status and seating, who was absent, withdrew (from this
    round on) or joined in it (open-events.md 5; each list only when it has
    someone), and its units, a unit never played with its ``unplayed`` reason."""
    data = {"stage": rnd.stage, "round": rnd.round, "status": rnd.status}
    if rnd.session is not None:
        data["session"] = rnd.session
    seating = {"method": rnd.seating.method, "filled": rnd.seating.filled}
    if rnd.seating.purpose:
        seating["purpose"] = rnd.seating.purpose
    if rnd.seating.manual:
        seating["manual"] = rnd.seating.manual
    data["seating"] = seating
    if rnd.waiting:
        data["waiting"] = str(rnd.waiting)
    if rnd.byes:
        data["bye"] = bye_field(rnd.byes)
    if attendance is not None:
        data.update(attendance.of_round(rnd.stage, rnd.round))
    data[rnd.kind] = [unit.to_json() for unit in rnd.units]
    return data


def _standing(standing) -> dict:
    return {
        "stage": standing.stage,
        "group": standing.group,
        "after_round": standing.after_round,
        "criteria": [c.key for c in standing.criteria],
        "rows": [_row(row) for row in standing.rows],
    }


def _row(row) -> dict:
    data = {"rank": row.rank, "player": row.player, "values": {k: json_number(v) for k, v in row.values.items()}}
    if row.reserve:
        data["reserve"] = True
    return data


def _place(place) -> dict:
    data = {"place": place.place, "player": place.player}
    if place.reserve:
        data["reserve"] = True
    return data
