"""Which fields each format's round files take (data-format.md, formats.md).

The round schema knows every field any format uses; this table says which
of them each format uses, in which stages, and what its tables, games or
matches hold.  A field outside the table is an error at its line: a field
a format does not use would be ignored, and an organiser who wrote it meant
something by it (``withdrawn:`` in a Catan qualifying round, a Baśka
``deals:`` on a Catan table, ``session:`` outside Baśka).

``ROUND_FIELDS[format]`` maps each field of the round file to the stages
that take it (None: every stage); ``UNIT_FIELDS[format]`` is the unit list's
key and the fields of one unit, again with their stages.
"""

from __future__ import annotations

from .errors import Problem
from .wording import place

ALL = None  # every stage of the format

_COMMON = {"stage": ALL, "round": ALL, "manual": ALL, "note": ALL, "correction": ALL, "seated_from": ALL}
_CATAN_TABLE = {"table": ALL, "seats": ALL, "winner": ALL, "note": ALL}

ROUND_FIELDS = {
    "catan-lv-2016": {**_COMMON, "tables": ALL, "withdrawn": {"semifinal"}, "advance": {"final"}},
    "catan-lt-route66": {**_COMMON, "tables": ALL, "withdrawn": {"final"}},
    "carcassonne-lv": {**_COMMON, "games": ALL, "bye": {"swiss"}},
    "tantrix-wc": {**_COMMON, "matches": ALL},
    "baska-gp": {**_COMMON, "session": ALL, "absent": ALL, "tables": ALL},
}

UNIT_FIELDS = {
    "catan-lv-2016": ("tables", _CATAN_TABLE),
    "catan-lt-route66": ("tables", _CATAN_TABLE),
    "carcassonne-lv": ("games", {"table": ALL, "players": ALL, "score": ALL, "forfeit": ALL, "time": ALL,
                                 "place": ALL, "winner": ALL, "note": ALL}),
    "tantrix-wc": ("matches", {"match": ALL, "players": ALL, "games": ALL, "status": ALL, "resigned": ALL,
                               "when": ALL, "note": ALL}),
    "baska-gp": ("tables", {"table": ALL, "seats": ALL, "winner": ALL, "deals": ALL, "note": ALL}),
}

# what a field means where it belongs, said with the refusal
_MEANING = {
    ("catan-lv-2016", "withdrawn"): "qualifiers who cannot play the semifinal; the final is played by the semifinal table winners",
    ("catan-lv-2016", "advance"): "who goes to the final from a semifinal table without a winner",
    ("catan-lt-route66", "withdrawn"): "qualifiers who cannot play the final (the next-ranked player moves in)",
}

_UNIT_WORD = {"tables": "table", "games": "game", "matches": "match"}


def field_problems(format_id: str, doc) -> list[Problem]:
    """Every field of the round file ``doc`` that ``format_id`` does not take there."""
    data = doc.data
    if format_id not in ROUND_FIELDS or not isinstance(data, dict):
        return []
    stage = data.get("stage")
    problems = []
    fields = ROUND_FIELDS[format_id]
    for name in data:
        message = _refusal(name, fields, stage, format_id, "round files")
        if message and (format_id, name) in _MEANING:
            message += f" ({name}: {_MEANING[format_id, name]})"
        if message:
            problems.append(Problem(doc.path, doc.line(name), f"{name}: {message}"))
    key, unit_fields = UNIT_FIELDS[format_id]
    for i, unit in enumerate(data.get(key) or ()):
        if not isinstance(unit, dict):
            continue
        for name in unit:
            message = _refusal(name, unit_fields, stage, format_id, f"{_UNIT_WORD[key]}s")
            if message and (format_id, name) in _MEANING:
                message += f" ({name}: {_MEANING[format_id, name]})"
            if message:
                problems.append(Problem(doc.path, doc.line(key, i, name), f"{place((key, i, name), data)}: {message}"))
    return problems


def _refusal(name, fields, stage, format_id, what) -> str | None:
    """Why ``name`` is refused here, or None when the format takes it."""
    if name not in fields:
        known = ", ".join(sorted(n for n, stages in fields.items() if stages is ALL or stage in stages))
        return f"{format_id} {what} have no such field (fields here: {known})"
    stages = fields[name]
    if stages is not ALL and stage not in stages:
        where = " or ".join(sorted(stages))
        return f"only a {where} round file of {format_id} takes this field, not a {stage} round file"
    return None
