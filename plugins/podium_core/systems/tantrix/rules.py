"""Tantrix's rules in words, with the format's own numbers, for the format page."""

from __future__ import annotations

from ...numbers import tenths
from ...text import N_, Text
from .engine import DECISIVE_LEAD, EXTRA_GAMES_AT_FIVE


def rules_facts(fmt) -> list[tuple]:
    """The rules as this format applies them: (heading, text) pairs."""
    from . import StandardGames

    standard = StandardGames.words(fmt.standard_games)
    lead, extra = fmt.decisive_lead, fmt.extra_games_limit
    if lead == 0:
        decisive = N_("Not applied: after the standard games any lead wins the match; an exact tie continues "
                      "until a game ends with a lead.")
    elif (lead, extra) == (DECISIVE_LEAD, EXTRA_GAMES_AT_FIVE):
        decisive = N_("After the standard games a lead of at least 5.0 TP wins the match; otherwise extra games "
                      "are played and a 5.0 lead after any of them wins. From the third extra game on any lead "
                      "wins; an exact tie continues until a game ends with a lead.")
    else:
        needed = tenths(lead)
        decisive = Text("After the standard games a lead of at least %(lead)s TP wins the match; otherwise extra games "
                        "are played and such a lead after any of them wins. From extra game %(extra)s on any lead "
                        "wins; an exact tie continues until a game ends with a lead.", lead=needed, extra=extra)
    return [
        (N_("Tournament points"), N_("Each game shares 20 TP. The winner by m tiles gets 12 + (4/3)·√m TP rounded to 0.1, "
                                     "at most 20 (from m = 36); the loser gets the rest; a draw is 10-10. "
                                     "Each penalty minute moves 1.0 TP from that player to the opponent.")),
        (N_("Bracket"), N_("Seeds 1..n in standard order in a bracket of the next power of two; a missing seed is a bye "
                           "and its opponent goes through. The winners of slots 2j-1 and 2j meet in slot j of the next round.")),
        (N_("Standard games"), standard),
        (N_("Decisive victory"), decisive),
        (N_("Match status"), N_("IGNORE: the players agreed to drop the 5.0 rule, so any lead after the standard games wins. "
                                "RESIGN: a player concedes a match that is not yet decided. Other statuses are shown only.")
         if lead == DECISIVE_LEAD else
         Text("IGNORE: the players agreed to drop the decisive-margin rule, so any lead after the standard games wins. "
              "RESIGN: a player concedes a match that is not yet decided. Other statuses are shown only.")),
        (N_("Consolation draw"), N_("The first-round losers, numbered in the order of their main-draw slot, play a knockout "
                                    "in standard order; a match goes to the higher total after the standard games "
                                    "(on an exact tie, games continue until one ends with a lead).")),
        (N_("Classification"), N_("1 the champion, 2 the finalist, =3 the semifinal losers, =5 the quarterfinal losers, "
                                  "=9, =17, ...; a shared place lists its players by seed.")),
    ]
