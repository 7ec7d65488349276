"""``podium enter`` for Catan: one line per table, the VP of each seat."""

from __future__ import annotations

from ..base import EntryError, whole_numbers


def prompt(fmt, stage: str) -> str:
    """The VP in seat order, then the winner's id when two seats reached 10,
    or ``none`` where the time limit can stop a game of ``stage``."""
    stopped = ", or none if the time limit stopped the game" if fmt.time_limited(stage) else ""
    return f"  VP in seat order (then the winner's id if two seats reached 10{stopped}): "


def parse(line: str, players: list) -> dict:
    """``10 8 7 5``, then optionally one word: the winner's id or ``none``."""
    tokens = line.split()
    vp = whole_numbers(tokens, len(players), "one VP per seat")
    rest = tokens[len(players):]
    if len(rest) > 1:
        raise EntryError(f"too many values: {' '.join(rest)}")
    return {"seats": dict(zip(players, vp)), "winner": rest[0] if rest else None}
