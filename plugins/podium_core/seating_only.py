"""Round files that list a seating and no result: the ones podium may re-seat.

A unit has a result as soon as anything of the game is recorded: a table
its points (``seats: {id: points}``), deals or a winner; a two-player game
a score or a forfeit; a Tantrix match a game, a resignation or a status
other than ``NORMAL``.  A round file with units and none of that is only a
seating: ``podium pair --write`` may replace it with the one the rules give
now (after a withdrawal, an absence, a corrected result), unless it says
``manual:`` (the organisers chose it).
"""

from __future__ import annotations

from pathlib import Path

from .loader import load_file
from .reading import results_of
from .roundedit import UNIT_KEYS


def unit_key(data) -> str | None:
    """The key of the units a round file lists (tables, games, matches), if any."""
    if isinstance(data, dict):
        for key in UNIT_KEYS:
            if isinstance(data.get(key), list):
                return key
    return None


def unit_has_result(key: str, unit) -> bool:
    """Whether anything of the unit's game is recorded (see the module's text)."""
    if not isinstance(unit, dict):
        return False
    if key == "tables":
        return isinstance(unit.get("seats"), dict) or "deals" in unit or "winner" in unit
    if key == "games":
        return "score" in unit or "forfeit" in unit
    return bool(unit.get("games")) or "resigned" in unit or unit.get("status", "NORMAL") != "NORMAL"


def units_with_results(data) -> list[str]:
    """The units of a round file with a result, by name (table 3, match 2)."""
    key = unit_key(data)
    if key is None:
        return []
    word = "match" if key == "matches" else "table"
    return [f"{word} {unit.get(word, i + 1)}" for i, unit in enumerate(data[key]) if unit_has_result(key, unit)]


def without_units(data: dict) -> dict:
    """The round file's fields other than its units: the file as an upcoming round."""
    return {key: value for key, value in data.items() if key not in UNIT_KEYS}


def seating_only_files(folder: Path, suffixes=(".yaml", ".yml")) -> list[tuple[Path, dict]]:
    """Every round file of the event folder that lists a seating, no result and no
    ``manual:``, as (path, data), in name order; files that do not load are left
    to validation."""
    found = []
    for path in sorted(Path(folder).iterdir()):
        if path.name == "event.yaml" or path.suffix not in suffixes or path.name.startswith("."):
            continue
        doc, problems = load_file(path, results_of(path))
        if doc is None or problems:
            continue
        data = doc.data
        key = unit_key(data)
        if key is None or data.get("manual") or units_with_results(data):
            continue
        found.append((path, data))
    return found
