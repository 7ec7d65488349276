"""``results.csv``: every seat of every table, game and match of an event, one row each.

Made from the event's JSON document (:func:`podium_core.export.event_document`),
so it says exactly what event.json says, for every format, knockouts
included, upcoming rounds too (seating only, result columns empty).

The columns, in order:

``stage``, ``round``, ``session`` (Baśka), ``status`` (of the round),
``unit`` (``table``, ``game`` or ``match``), ``number`` (of the table or
match), ``seat`` (1, 2, ... in the seat order of event.json), ``player``
(id), ``name``, ``club``, ``country``, ``opponents`` (the ids of the others
at the table, space-separated), ``won`` (``1`` the winner, ``0`` another
player once the winner is known, empty before), then the unit's own values
under their event.json keys, found by their shape:

- a list with one value per seat (``vp``, ``score``, ``tp``, ...): this
  seat's value;
- a list that orders the unit's players (Catan's ``choice_order``): this
  seat's place in that order, from 1;
- a value that is always one of the unit's players (``banker``,
  ``forfeit``, ``resigned``): ``1`` on that player's row, else empty;
- any other single value (``decided_by``, ``stopped``, ``status``, ...):
  the same on every seat's row.

A key that is also a fixed column's name is written ``unit_<key>`` (a
Tantrix match's ``status`` becomes ``unit_status``).

Lists of records (a Tantrix match's ``games``) stay in event.json.  A seat
without a player (a bye) has no row.  Numbers are written as in event.json,
``true``/``false`` as ``1``/``0``; the file follows :mod:`podium_core.csvfile`.
"""

from __future__ import annotations

from . import csvfile

FIXED = ["stage", "round", "session", "status", "unit", "number", "seat", "player", "name", "club", "country",
         "opponents", "won"]
UNIT_NAMES = {"tables": "table", "games": "game", "matches": "match"}
NUMBER_KEYS = ("table", "match")
LEFT_OUT = {"players", "winner", "table", "match", "game"}

SEAT, ORDER, PLAYER, SHARED = "seat", "order", "player", "shared"


def _scalar(value) -> bool:
    return value is None or isinstance(value, (str, int, float, bool))


def _units(document: dict):
    """(round, kind, unit) for every unit of every round, in event.json's order."""
    for rnd in document["rounds"]:
        for kind in ("tables", "games", "matches"):
            for unit in rnd.get(kind, ()):
                yield rnd, kind, unit


def column_kinds(document: dict) -> dict:
    """``{key: kind}`` of every unit key that becomes a column, in first-seen order
    (the kinds of the module docstring, decided over every unit of the event; a
    missing or null value says nothing, a key with values of two shapes is left out)."""
    seen: dict[str, dict] = {}
    for _, _, unit in _units(document):
        players = unit.get("players") or []
        for key, value in unit.items():
            if key in LEFT_OUT:
                continue
            facts = seen.setdefault(key, {"list": False, "order": True, "scalar": False, "player": True, "bad": False})
            if value is None:
                continue
            if isinstance(value, list):
                facts["list"] = True
                if len(value) != len(players) or not all(_scalar(v) for v in value):
                    facts["bad"] = True
                elif sorted(map(str, value)) != sorted(map(str, players)):
                    facts["order"] = False
            elif _scalar(value):
                facts["scalar"] = True
                if isinstance(value, bool) or value not in players:
                    facts["player"] = False
            else:
                facts["bad"] = True
    kinds = {}
    for key, facts in seen.items():
        if facts["bad"] or (facts["list"] and facts["scalar"]):
            continue
        if facts["list"]:
            kinds[key] = ORDER if facts["order"] else SEAT
        else:
            kinds[key] = PLAYER if facts["scalar"] and facts["player"] else SHARED
    return kinds


def results_rows(document: dict) -> tuple[list, list]:
    """The header and rows of results.csv (the module docstring's rules), each value as
    it is: a text, a number (an int, or an exact or float value), a flag (``1``/``0``)
    or None for an empty cell; :func:`results_csv` and :mod:`podium_core.xlsxfile`
    write them."""
    people = {p["id"]: [p["id"], p.get("name", p["id"]), p.get("club"), p.get("country")] for p in document["players"]}
    kinds = list(column_kinds(document).items())
    rows = []
    for rnd, kind, unit in _units(document):
        players = unit.get("players") or []
        number = next((unit[k] for k in NUMBER_KEYS if k in unit), None)
        winner = unit.get("winner")
        start = [rnd["stage"], rnd["round"], rnd.get("session"), rnd["status"], UNIT_NAMES[kind], number]
        values = [(how, unit.get(key)) for key, how in kinds]
        for seat, pid in enumerate(players, 1):
            if pid is None:
                continue
            person = people.get(pid) or [pid, pid, None, None]
            won = None if winner is None else (1 if winner == pid else 0)
            row = [*start, seat, *person,
                   " ".join(other for other in players if other is not None and other != pid),
                   won]
            for how, value in values:
                if how == SEAT:
                    row.append(value[seat - 1] if isinstance(value, list) else None)
                elif how == ORDER:
                    row.append(value.index(pid) + 1 if isinstance(value, list) and pid in value else None)
                elif how == PLAYER:
                    row.append(1 if value == pid else None)
                else:
                    row.append(value)
            rows.append(row)
    return FIXED + [header(key) for key, _how in kinds], rows


def results_csv(document: dict, table: tuple | None = None) -> str:
    """The results.csv text of an event document (the module docstring's rules);
    ``table``: its :func:`results_rows`, where the caller has made them already
    (results.xlsx writes the same rows: a large event's are made once)."""
    head, rows = table or results_rows(document)
    return csvfile.document(head, csvfile.fields(rows))


def header(key: str) -> str:
    """A unit key's column name: the key, or ``unit_<key>`` where a fixed column has its name
    (a Tantrix match's ``status`` beside the round's)."""
    return f"unit_{key}" if key in FIXED else key
