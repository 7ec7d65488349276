"""``podium enter`` for Catan: one line per table, the VP of each seat."""

from __future__ import annotations

from ..base import EntryError, pick_player, whole_numbers


def prompt(fmt, stage: str) -> str:
    """The VP in seat order, then the winner's id when two seats reached 10,
    or ``none`` where the time limit can stop a game of ``stage``."""
    stopped = ", or none if the time limit stopped the game" if fmt.time_limited(stage) else ""
    return f"  VP in seat order (then the winner, by seat number or name, if two seats reached 10{stopped}): "


def parse(line: str, players: list, names: dict) -> dict:
    """``10 8 7 5``, then optionally one word: the winner (a seat number, an
    id or the start of one or of a name: :func:`pick_player`) or ``none``."""
    tokens = line.split()
    vp = whole_numbers(tokens, len(players), "one VP per seat")
    rest = tokens[len(players):]
    if len(rest) > 1:
        raise EntryError(f"too many values: {' '.join(rest)}")
    winner = None
    if rest:
        winner = "none" if rest[0].casefold() == "none" else pick_player(rest[0], players, names)
    return {"seats": dict(zip(players, vp)), "winner": winner}
