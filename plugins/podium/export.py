"""The event JSON document (outputs.md section 3), from an event's outcome.

The same function feeds ``podium export`` and the site's ``<slug>/event.json``.
"""

from __future__ import annotations

import json

from .numbers import json_number
from .outcome import EventOutcome


def event_document(outcome: EventOutcome) -> dict:
    """The event.json document of one evaluated event."""
    event = outcome.event
    return {
        "slug": event.slug,
        "name": event.name,
        "format": event.format,
        "seed": event.seed,
        "language": event.language,
        "dates": list(event.dates),
        "venue": event.venue,
        "finished": outcome.finished,
        "players": [_player(p) for p in event.players],
        "rounds": [_round(r) for r in outcome.rounds],
        "standings": [_standing(s) for s in outcome.standings],
        "classification": None if outcome.classification is None else [_place(p) for p in outcome.classification],
    }


def dumps(document: dict) -> str:
    """Deterministic JSON text (UTF-8, fixed indentation, trailing newline).

    The text of ``json.dumps(document, ensure_ascii=False, indent=1)``, written
    by :func:`_encode`: with ``indent`` the standard library falls back to its
    pure-Python encoder, several times slower than this direct walk.  A value
    of any other type is left to ``json.dumps`` (and its errors).
    """
    parts: list = []
    try:
        _encode(document, parts, "\n")
    except _NotPlain:
        return json.dumps(document, ensure_ascii=False, indent=1) + "\n"
    parts.append("\n")
    return "".join(parts)


class _NotPlain(Exception):
    """A value json.dumps would have to convert, or refuse."""


_string = json.encoder.encode_basestring  # what json.dumps uses with ensure_ascii=False


def _float(value: float) -> str:
    if value != value:
        return "NaN"
    if value == float("inf"):
        return "Infinity"
    if value == -float("inf"):
        return "-Infinity"
    return float.__repr__(value)


def _key(key) -> str:
    if isinstance(key, str):
        return key
    if isinstance(key, float):
        return _float(key)
    if key is True:
        return "true"
    if key is False:
        return "false"
    if key is None:
        return "null"
    if isinstance(key, int):
        return int.__repr__(key)
    raise _NotPlain


def _encode(value, out: list, newline: str) -> None:
    """Append ``value`` as json.dumps(indent=1) writes it at the depth of ``newline``.

    The exact types an event document is made of are told apart first, by
    identity (most values are strings, whole numbers, lists and dicts);
    anything else goes through the same checks as a subclass would."""
    kind = type(value)
    if kind is str:
        out.append(_string(value))
    elif kind is int:
        out.append(int.__repr__(value))
    elif kind is dict:
        _encode_container(value, out, newline, "{}", True)
    elif kind is list:
        _encode_container(value, out, newline, "[]", False)
    elif value is None:
        out.append("null")
    elif value is True:
        out.append("true")
    elif value is False:
        out.append("false")
    elif isinstance(value, str):
        out.append(_string(value))
    elif isinstance(value, int):
        out.append(int.__repr__(value))
    elif isinstance(value, float):
        out.append(_float(value))
    elif isinstance(value, (list, tuple)):
        _encode_container(value, out, newline, "[]", False)
    elif isinstance(value, dict):
        _encode_container(value, out, newline, "{}", True)
    else:
        raise _NotPlain


def _encode_container(value, out: list, newline: str, brackets: str, keyed: bool) -> None:
    """A list's items, or a dict's keys and values (``keyed``), one a line, between ``brackets``."""
    if not value:
        out.append(brackets)
        return
    inner = newline + " "
    separator = "," + inner
    out.append(brackets[0] + inner)
    first = True
    for entry in value.items() if keyed else value:
        if not first:
            out.append(separator)
        first = False
        if keyed:
            key, entry = entry
            out.append(_string(key if type(key) is str else _key(key)) + ": ")
        _encode(entry, out, inner)
    out.append(newline + brackets[1])


def _player(player) -> dict:
    data = {"id": player.id, "name": player.name}
    for key in ("club", "country", "previous_place", "seed"):
        value = getattr(player, key)
        if value is not None:
            data[key] = value
    if player.reserve:
        data["reserve"] = True
    return data


def _round(rnd) -> dict:
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
