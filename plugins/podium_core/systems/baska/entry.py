"""``podium enter`` for Baśka: one line per table, its small points or its deals."""

from __future__ import annotations

from ..base import EntryError, whole_numbers
from .deal_entry import DealError, is_deals, parse_deals


def prompt(fmt, stage: str) -> str:
    """The small points in seat order, or the deals."""
    return "  small points in seat order, or the deals (para 1 3, cicha 2 won rej, ...): "


def parse(line: str, players: list, names: dict) -> dict:
    """What the score sheet says: the small points of each seat
    (``30 10 -15 -25``), or the table's deals, comma-separated
    (:mod:`.deal_entry`), from which the engine computes the small points."""
    if is_deals(line):
        try:
            return {"seats": list(players), "deals": parse_deals(line, players)}
        except DealError as exc:
            raise EntryError(str(exc)) from None
    tokens = line.split()
    points = whole_numbers(tokens, len(players), "small points per seat")
    if len(tokens) > len(players):
        raise EntryError(f"too many values: {' '.join(tokens[len(players):])}")
    return {"seats": dict(zip(players, points)), "deals": None}
