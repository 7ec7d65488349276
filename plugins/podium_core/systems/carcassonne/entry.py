"""``podium enter`` for Carcassonne: one line per game; a match of several
games (``match_games``) game by game, one line each, until it is decided."""

from __future__ import annotations

import re

from ..base import EntryError, pick_player, whole_numbers

_CLOCK = re.compile(r"^[0-9]+:[0-9]+$")  # a clock time, as typed: the schema checks m:ss
_EQUAL = {"declared": ", and winner <player> if the scores are equal",
          "time": ", and both clock times m:ss if the scores are equal",
          "draw": ""}


def prompt(fmt, *where) -> str:
    """The two scores; the hint names what decides equal scores in the
    stage (the engine's ``equal_scores``): clock times or a declared winner.
    A match's game (``where``: its number and the players) asks for that
    game's two scores."""
    if fmt.match_games > 1:
        number, players = where
        declared = ", and winner <player> if the scores are equal" if fmt.declared else ""
        return (f"  game {number} of best of {fmt.match_games}: the two scores, {players[0]} first (then the player, by "
                f"seat number or name, who ran out of clock time{declared}): ")
    return (f"  the two scores (then the player, by seat number or name, who ran out of clock "
            f"time{_EQUAL[fmt.equal_scores(where[0])]}): ")


def parse_game(line: str, players: list, names: dict) -> dict:
    """One game of a match as the file writes it: ``{score: [a, b]}``, with
    ``forfeit`` and ``winner`` when typed (clock times belong to the pairing)."""
    fields = parse(line, players, names)
    if fields["time"]:
        raise EntryError("clock times are not recorded per game of a match")
    return {name: value for name, value in fields.items() if value is not None and name != "time"}


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


def _wins(count) -> str:
    return f"{int(count)}½".replace("0½", "½") if count % 1 else str(int(count))


def progress(match, names: dict) -> str:
    """A match of several games after its last game entered, as said at the
    table: the games won so far (a drawn game ½ each), then who has won it
    or how many games it may still take."""
    a, b = match.players
    won = match.game_wins or (0, 0)
    said = f"games {names.get(a, a)} {_wins(won[0])} – {_wins(won[1])} {names.get(b, b)}"
    if match.winner is not None:
        return f"{said}; {names.get(match.winner, match.winner)} wins the match"
    return f"{said}; the match goes on"
