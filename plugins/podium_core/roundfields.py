"""Which fields a format's round files take (data-format.md, formats.md).

The round schema knows every field any format uses; each engine says which
of them its rounds take, in which stages, and what its tables, games or
matches hold (``System.round_fields``, from its options: a Catan format
with a semifinal takes ``withdrawn:`` there and ``advance:`` in the final,
one without takes ``withdrawn:`` in the final; Carcassonne takes ``bye:``
with ``odd_field: bye``).  A variant or a new declaration gets its fields
from its engine and options, nothing is listed per format id.  A field
outside them is an error at its line: a field a format does not use would
be ignored, and an organiser who wrote it meant something by it
(``withdrawn:`` in a Catan qualifying round, a Baśka ``deals:`` on a Catan
table, ``session:`` outside Baśka).
"""

from __future__ import annotations

from dataclasses import dataclass, field

from .errors import Problem
from .keypath_names import place

ALL = None  # every stage of the format

COMMON = {"stage": ALL, "round": ALL, "manual": ALL, "note": ALL, "correction": ALL, "seated_from": ALL}


@dataclass(frozen=True)
class RoundFields:
    """The fields of one format's round files.

    ``round`` maps each top-level field to the stages that take it (ALL:
    every stage; the fields every format takes are added); ``unit`` is the
    same for the fields of one table, game or match, listed under
    ``unit_key``; ``meaning`` says, with a refusal, what a field means where
    it belongs."""

    unit_key: str
    unit: dict
    round: dict = field(default_factory=dict)
    meaning: dict = field(default_factory=dict)

    @property
    def fields(self) -> dict:
        return {**COMMON, self.unit_key: ALL, **self.round}


_UNIT_WORD = {"tables": "table", "games": "game", "matches": "match"}


def field_problems(fmt, doc) -> list[Problem]:
    """Every field of the round file ``doc`` that the format ``fmt`` does not take there."""
    data = doc.data
    if not isinstance(data, dict):
        return []
    taken = fmt.round_fields()
    format_id = fmt.id
    stage = data.get("stage")
    problems = []
    for name in data:
        message = _refusal(name, taken.fields, stage, format_id, "round files")
        if message and name in taken.meaning:
            message += f" ({name}: {taken.meaning[name]})"
        if message:
            problems.append(Problem(doc.path, doc.line(name), f"{name}: {message}"))
    key = taken.unit_key
    units = data.get(key)
    for i, unit in enumerate(units if isinstance(units, list) else ()):  # not a list: the schema says so
        if not isinstance(unit, dict):
            continue
        for name in unit:
            message = _refusal(name, taken.unit, stage, format_id, f"{_UNIT_WORD[key]}s")
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
