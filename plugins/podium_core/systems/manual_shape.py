"""What a ``manual:`` seating may not change (formats.md 0.6).

``manual: "reason"`` lets the organisers choose who sits where when the
rules' own seating cannot be used.  It never changes the shape of the
round: the tables keep the sizes the rules give (the same number of tables
of each size), everyone the rules seat this round sits at exactly one table
(a player who does not play is listed where the format takes it: Baśka
``absent``, Catan ``withdrawn``), nobody else sits, and in a stage played
in groups both players of a game come from the same group.  A player seated
twice is reported by the rules every format shares.
"""

from __future__ import annotations

from collections import Counter

from ..errors import Problem

_WHY = "manual: changes who sits where, not"


def manual_shape(rnd, sizes, field, groups=None, what: str = "table") -> list[Problem]:
    """The problems of the manual seating of ``rnd`` against the rules' ``sizes``
    (one per table), the players the rules seat (``field``) and, when the stage
    is played in groups, ``groups`` (player -> group)."""
    problems = []
    allowed = " and ".join(f"{count} {what}{'s' if count != 1 else ''} of {size}"
                           for size, count in sorted(Counter(sizes).items(), reverse=True))
    for unit in _misfits(list(rnd.units), sizes):
        size = len(unit.players)
        number = getattr(unit, "table", None) if what == "table" else getattr(unit, "match", None)
        problems.append(Problem(unit.where.path, unit.where.line(), f"{what} {number} seats {size} "
                                f"player{'s' if size != 1 else ''}; the rules seat this round at {allowed} "
                                f"({_WHY} the {what} sizes)"))
    seated = [pid for unit in rnd.units for pid in unit.players]
    for pid in field:
        if pid not in seated:
            problems.append(Problem(rnd.where.path, rnd.where.line(_units_key(rnd)), f"player '{pid}' plays this round by the "
                                    f"rules but sits at no {what} ({_WHY} who plays)"))
    wanted = set(field)
    for unit in rnd.units:
        for pid in unit.players:
            if pid not in wanted:
                problems.append(Problem(unit.where.path, unit.where.line(), f"player '{pid}' does not play this round by "
                                        f"the rules ({_WHY} who plays)"))
        if groups:
            mixed = sorted({groups[pid] for pid in unit.players if pid in groups})
            if len(mixed) > 1:
                number = getattr(unit, "table", None)
                problems.append(Problem(unit.where.path, unit.where.line(), f"{what} {number} pairs players of groups "
                                        f"{' and '.join(mixed)} ({_WHY} the groups)"))
    return problems


def _misfits(units, sizes) -> list:
    """The units that break the round's shape: none when the sizes are the
    rules' (in any order); else each unit whose size differs from the rules'
    at its place (the rules put smaller tables last), or, when every place
    agrees, the units beyond the rules' count."""
    if Counter(len(unit.players) for unit in units) == Counter(sizes):
        return []
    found = [unit for i, unit in enumerate(units) if i < len(sizes) and len(unit.players) != sizes[i]]
    return found or units[len(sizes):]


def _units_key(rnd) -> str:
    return "tables" if rnd.tables is not None else "games" if rnd.games is not None else "matches"
