"""``podium enter`` for Tantrix: a match is entered game by game, one line each."""

from __future__ import annotations

from ..base import EntryError, whole_numbers


def prompt(fmt, number: int, players: list) -> str:
    """What to type for game ``number`` of a match of ``players``."""
    return f"  game {number}: winner margin [penalty penalty] ({players[0]} or {players[1]} or draw): "


def parse(line: str, players: list) -> dict:
    """One game as typed, ``winner margin [penalty penalty]``, as the file's
    margin (the first player's lead, so negative when the second won)."""
    tokens = line.split()
    if len(tokens) not in (2, 4):
        raise EntryError("write: winner margin, or winner margin penalty penalty")
    winner, margin = tokens[0], whole_numbers(tokens[1:2], 1, "the margin")[0]
    if winner != "draw" and winner not in players:
        raise EntryError(f"'{winner}' is not in this match (give {players[0]}, {players[1]} or draw)")
    if margin < 0:
        raise EntryError("the margin is the winner's lead in tiles: 0 or more")
    if (winner == "draw") != (margin == 0):
        raise EntryError("a draw has margin 0, and a margin of 0 is a draw")
    game = {"margin": margin if winner != players[1] else -margin}
    if len(tokens) == 4:
        penalty = whole_numbers(tokens[2:], 2, "two penalty minutes")
        if any(penalty):
            game["penalty"] = penalty
    return game
