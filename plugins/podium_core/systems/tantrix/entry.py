"""``podium enter`` for Tantrix: a match is entered game by game, one line each.

A line is a game, ``winner margin [penalty penalty]`` (the winner by seat
number, 1 or 2, by id or by the start of an id or name; ``draw 0``), or a
status of the result form: ``TLATER <when>`` (extra games agreed for
later), ``IGNORE`` (both players agreed to drop the 5.0 rule), ``RESIGN
<player>``, ``TIMMED``, ``NONAGR``, ``UNSURE`` or ``DISPUT``.  After each
game :func:`progress` says the running match total and what the rules make
of it (formats.md 4, "Decisive victory").
"""

from __future__ import annotations

from ..base import EntryError, pick_player, whole_numbers

STATUSES = ("TIMMED", "TLATER", "NONAGR", "UNSURE", "DISPUT", "IGNORE", "RESIGN")
WAITING = ("TLATER", "NONAGR", "UNSURE", "DISPUT")  # recorded while the match waits: no game is asked


def prompt(fmt, number: int, players: list) -> str:
    """What to type for game ``number`` of a match of ``players``."""
    return (f"  game {number}: winner (1 {players[0]}, 2 {players[1]} or draw), margin, [penalty minutes of each], "
            f"or a status (TLATER when, IGNORE, RESIGN player, ...): ")


def parse(line: str, players: list, names: dict) -> dict:
    """One game as typed, ``winner margin [penalty penalty]``, as the file's
    margin (the first player's lead, so negative when the second won); or a
    status: ``{"status": ..., "when": ..., "resigned": ...}``."""
    tokens = line.split()
    if tokens and tokens[0].upper() in STATUSES:
        return _status(tokens, players, names)
    if len(tokens) not in (2, 4):
        raise EntryError("write: winner margin, or winner margin penalty penalty, or a status (TLATER when, IGNORE, "
                         "RESIGN player)")
    winner = "draw" if tokens[0].casefold() == "draw" else pick_player(tokens[0], players, names)
    margin = whole_numbers(tokens[1:2], 1, "the margin")[0]
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


def _status(tokens: list, players: list, names: dict) -> dict:
    status = tokens[0].upper()
    rest = tokens[1:]
    if status == "TLATER":
        if not rest:
            raise EntryError("TLATER needs when the extra games are played, e.g. TLATER 2026-07-14 10:00")
        return {"status": status, "when": " ".join(rest), "resigned": None}
    if status == "RESIGN":
        if len(rest) != 1:
            raise EntryError(f"RESIGN needs who resigned: 1 {players[0]} or 2 {players[1]}")
        return {"status": status, "resigned": pick_player(rest[0], players, names), "when": None}
    if rest:
        raise EntryError(f"{status} takes nothing after it")
    return {"status": status, "when": None, "resigned": None}


def _tp(tenths: int) -> str:
    return f"{tenths // 10}.{tenths % 10}" if tenths >= 0 else f"-{_tp(-tenths)}"


def progress(match, names: dict) -> str:
    """The match after its last game, as said at the table: the running
    total, then the verdict (``lead 4.8 < 5.0: an extra game is needed``)."""
    a, b = match.players
    total = f"{names.get(a, a)} {_tp(match.tp[0])} – {_tp(match.tp[1])} {names.get(b, b)}"
    played = len(match.games)
    said = f"after game {played}: {total}"
    if match.winner is not None:
        lead = abs(match.tp[0] - match.tp[1])
        return f"{said}; {names.get(match.winner, match.winner)} wins the match (lead {_tp(lead)})"
    if played < match.standard:
        left = match.standard - played
        return f"{said}; {left} standard game{'s' if left != 1 else ''} to play"
    lead = abs(match.tp[0] - match.tp[1])
    needed = getattr(match, "lead_needed", 0)
    if lead == 0:
        return f"{said}; tied: an extra game is needed"
    return f"{said}; lead {_tp(lead)} < {_tp(needed)}: an extra game is needed"
