"""``podium enter`` for Carcassonne: one line per game; a match of several
games (``match_games``) game by game, one line each, until it is decided."""

from __future__ import annotations

import re

from ..base import EntryError, whole_numbers

_CLOCK = re.compile(r"^[0-9]+:[0-9]+$")  # a clock time, as typed: the schema checks m:ss
_EQUAL = {"declared": ", and winner <id> if the scores are equal",
          "time": ", and both clock times m:ss if the scores are equal",
          "draw": ""}


def prompt(fmt, *where) -> str:
    """The two scores; the hint names what decides equal scores in the
    stage (the engine's ``equal_scores``): clock times or a declared winner.
    A match's game (``where``: its number and the players) asks for that
    game's two scores."""
    if fmt.match_games > 1:
        number, players = where
        declared = ", and winner <id> if the scores are equal" if fmt.declared else ""
        return (f"  game {number} of best of {fmt.match_games}: the two scores, {players[0]} first (then the id of a "
                f"player who ran out of clock time{declared}): ")
    return f"  the two scores (then the id of a player who ran out of clock time{_EQUAL[fmt.equal_scores(where[0])]}): "


def parse_game(line: str, players: list) -> dict:
    """One game of a match as the file writes it: ``{score: [a, b]}``, with
    ``forfeit`` and ``winner`` when typed (clock times belong to the pairing)."""
    fields = parse(line, players)
    if fields["time"]:
        raise EntryError("clock times are not recorded per game of a match")
    return {name: value for name, value in fields.items() if value is not None and name != "time"}


def parse(line: str, players: list) -> dict:
    """Two scores, then in any order a forfeit's id, two clock times and ``winner <id>``."""
    tokens = line.split()
    fields = {"score": whole_numbers(tokens, 2, "the two scores"), "forfeit": None, "time": None, "winner": None}
    rest = tokens[2:]
    if "winner" in rest:
        at = rest.index("winner")
        if at + 1 >= len(rest):
            raise EntryError("winner needs the id of the player who won")
        fields["winner"] = rest[at + 1]
        rest = rest[:at] + rest[at + 2:]
    clocks = [t for t in rest if _CLOCK.match(t)]
    others = [t for t in rest if not _CLOCK.match(t)]
    if len(others) > 1:
        raise EntryError(f"too many values: {' '.join(others)} (one player ran out of clock time, at most)")
    if others:
        fields["forfeit"] = others[0]
    if clocks:
        if len(clocks) != 2:
            raise EntryError("give both clock times (m:ss m:ss), or leave them out")
        fields["time"] = clocks
    return fields
