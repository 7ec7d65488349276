"""``podium enter`` for Carcassonne: one line per game."""

from __future__ import annotations

import re

from ..base import EntryError, pick_player, whole_numbers

_CLOCK = re.compile(r"^[0-9]+:[0-9]+$")  # a clock time, as typed: the schema checks m:ss
_EQUAL = {"declared": ", and winner <player> if the scores are equal",
          "time": ", and both clock times m:ss if the scores are equal",
          "draw": ""}


def prompt(fmt, stage: str) -> str:
    """The two scores; the hint names what decides equal scores in ``stage``
    (the engine's ``equal_scores``): clock times or a declared winner."""
    return f"  the two scores (then the player, by seat number or name, who ran out of clock time{_EQUAL[fmt.equal_scores(stage)]}): "


def parse(line: str, players: list, names: dict) -> dict:
    """Two scores, then in any order the player who ran out of clock time,
    two clock times and ``winner <player>``; a player by seat number, id or
    the start of an id or name (:func:`pick_player`)."""
    tokens = line.split()
    fields = {"score": whole_numbers(tokens, 2, "the two scores"), "forfeit": None, "time": None, "winner": None}
    rest = tokens[2:]
    if "winner" in rest:
        at = rest.index("winner")
        if at + 1 >= len(rest):
            raise EntryError("winner needs the id of the player who won")
        fields["winner"] = pick_player(rest[at + 1], players, names)
        rest = rest[:at] + rest[at + 2:]
    clocks = [t for t in rest if _CLOCK.match(t)]
    others = [t for t in rest if not _CLOCK.match(t)]
    if len(others) > 1:
        raise EntryError(f"too many values: {' '.join(others)} (one player ran out of clock time, at most)")
    if others:
        fields["forfeit"] = pick_player(others[0], players, names)
    if clocks:
        if len(clocks) != 2:
            raise EntryError("give both clock times (m:ss m:ss), or leave them out")
        fields["time"] = clocks
    return fields
