"""Knockout rounds, named by the players left in them (open-events.md 3).

A round with 2 players left is the final, with 4 the semifinal, with 8 the
quarterfinal, and any larger one the round of 16, 32, 64, ...; so a larger
bracket needs no new names.  Event data and page logic use the code
(:func:`round_name`); people read a translatable title: one match of the
round (:func:`round_title`: "Quarterfinal") or the round's games together
(:func:`games_title`: "Quarterfinals").
"""

from __future__ import annotations

from ..text import N_, Text


def standard_order(size: int) -> list[int]:
    """The seeds of a ``size``-place bracket from top to bottom.

    ``[1, 2]`` for two places; each doubling replaces every seed ``s`` by the
    pair ``s, 2P+1-s`` where 2P is the new size, so seed 1 and seed 2 can only
    meet in the final (8 places: 1 8 4 5 2 7 3 6).
    """
    if size < 2 or size & (size - 1):
        raise ValueError(f"a bracket has a power-of-two number of places, not {size}")
    order = [1, 2]
    while len(order) < size:
        doubled = 2 * len(order)
        order = [seed for s in order for seed in (s, doubled + 1 - s)]
    return order


def walkover(players, withdrawn) -> tuple[str | None, str] | None:
    """A knockout game or match decided by a withdrawal (open-events.md 1):
    a player of ``players`` listed in the round file's ``withdrawn:`` loses it
    by walkover, with no games.  Returns (winner, the withdrawn player), the
    winner None when both withdrew; None when neither did."""
    gone = [pid for pid in players if pid in withdrawn]
    if not gone:
        return None
    staying = [pid for pid in players if pid not in withdrawn]
    return (staying[0] if staying else None), gone[0]


def round_name(places: int) -> str:
    """What a round with ``places`` players is called (a code: event data and page logic use it)."""
    return {2: "final", 4: "semifinal", 8: "quarterfinal"}.get(places, f"round of {places}")


def round_title(places: int, consolation: bool = False):
    """A round's title for people, translatable: "Quarterfinal", "Round of 16",
    "Consolation final" (its English is the name, capitalised)."""
    if consolation:
        named = {2: N_("Consolation final"), 4: N_("Consolation semifinal"), 8: N_("Consolation quarterfinal")}
        return named.get(places) or Text("Consolation round of %(places)s", places=places)
    named = {2: N_("Final"), 4: N_("Semifinal"), 8: N_("Quarterfinal")}
    return named.get(places) or Text("Round of %(places)s", places=places)


def games_title(places: int):
    """The title of a round's games together: "Final", "Semifinals",
    "Quarterfinals", "Round of 16"."""
    named = {2: N_("Final"), 4: N_("Semifinals"), 8: N_("Quarterfinals")}
    return named.get(places) or Text("Round of %(places)s", places=places)


def game_title(places: int, number: int):
    """One game of a round, by its table: "Quarterfinal 2", "Semifinal 1",
    "Round of 16, game 3"."""
    named = {4: N_("Semifinal %(number)s"), 8: N_("Quarterfinal %(number)s")}
    if places in named:
        return Text(named[places], number=number)
    if places == 2:
        return N_("Final")
    return Text("Round of %(places)s, game %(number)s", places=places, number=number)


def lost_in(places: int):
    """How a player who lost in the round with ``places`` players went out:
    "lost a quarterfinal", "lost in the round of 16"."""
    named = {4: N_("lost a semifinal"), 8: N_("lost a quarterfinal")}
    return named.get(places) or Text("lost in the round of %(places)s", places=places)


def comes_from(takes: str, places: int, number: int):
    """Where a bracket place's player comes from: the ``takes`` (winner or
    loser) of game ``number`` of the round with ``places`` players ("Winner
    of quarterfinal 2", "Loser of semifinal 1")."""
    if takes == "loser":
        return Text("Loser of semifinal %(number)s", number=number) if places == 4 else \
            Text("Loser of game %(number)s, %(round)s", number=number, round=games_title(places))
    named = {4: N_("Winner of semifinal %(number)s"), 8: N_("Winner of quarterfinal %(number)s")}
    if places in named:
        return Text(named[places], number=number)
    return Text("Winner of game %(number)s, %(round)s", number=number, round=games_title(places))
