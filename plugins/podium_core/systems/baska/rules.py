"""The Baśka Grand Prix's rules in words, with the format's own numbers, for the format page."""

from __future__ import annotations

from fractions import Fraction

from ...criteria import exact
from ...text import N_, Text
from ..base import ranking_sentence
from .engine import PLACE_POINTS, SHORT_POINTS


def rules_facts(fmt) -> list[tuple]:
    """The rules with this format's own numbers, for the format page."""
    points, short = fmt.place_points, fmt.short_points
    default = points == PLACE_POINTS and short == SHORT_POINTS
    if short == SHORT_POINTS:
        short_text = N_("Not played: 1 player gets 3 placement points, 2 players 2.5 each, 3 players 1.5 each, "
                        "and 0 small points.")
    else:
        short_text = Text("Not played: 1 player gets %(one)s placement points, 2 players %(two)s each, 3 players "
                          "%(three)s each, and 0 small points.", one=_show(short[1]), two=_show(short[2]), three=_show(short[3]))
    if points == PLACE_POINTS:
        result_text = N_("Each seat's small points (the deal protocol's total); a table's small points sum to 0. "
                         "Placement points 5-3-2-1 by small points; tied players share the points of the places "
                         "they cover (4, 2.5, 1.5; 10/3 for three tied first; 2.75 for four).")
    else:
        result_text = Text("Each seat's small points (the deal protocol's total); a table's small points sum to 0. "
                           "Placement points %(points)s by small points; tied players share the points of the places "
                           "they cover equally.", points="-".join(_show(p) for p in points))
    firsts, seconds = fmt.first_values, fmt.second_values
    ranking = ranking_sentence(
        fmt.criteria, fmt.defaults()["ranking"] if default else (),
        N_("1) placement points, 2) small points, 3) rounds with 5 or 4 points, 4) rounds with 3 or "
           "2.5 points, 5) drawing of lots."))
    facts = [
        (N_("Rounds"), Text("%(sessions)s sessions of %(per)s rounds, numbered 1-%(total)s "
                            "through the season; every round file names its session. At least 8 players.",
                            sessions=fmt.sessions, per=fmt.rounds_per_session, total=fmt.total_rounds)),
        (N_("Seating"), N_("Every round is drawn afresh (purpose grand-prix/<round>) among all players not listed absent: "
                           "tables of 4 in draw order, the 1-3 players left over at a short last table.")),
        (N_("Short table"), short_text),
        (N_("Round result"), result_text),
        (N_("Absence"), N_("A player listed absent is not drawn and scores nothing that round.")),
        (N_("Ranking"), ranking),
    ]
    if not default:
        facts.append((N_("First and second places"),
                      Text("A round counts as a first with %(f1)s or %(f2)s placement points, as a second with %(s1)s or %(s2)s.",
                           f1=_show(firsts[0]), f2=_show(firsts[1]), s1=_show(seconds[0]), s2=_show(seconds[1]))))
    facts += [
        (N_("Deal protocol"), N_("para and wesele: X = 1, 2, 4 (lost, bez wyjścia, bez bitki) × level, winners +X, "
                                 "losers −X; cicha X = 4, zolo X = 5, zolo-du X = 10 (× level), honorowe X = 10: "
                                 "soloist ±3X, each opponent ∓X. Levels none, kontra, rej, bok, sup: ×1, 2, 4, 8, 16; "
                                 "zolo and zolo-du only up to rej.")),
        (N_("Classification"), N_("Once every round of every session is complete, by the Grand Prix ranking.")),
    ]
    return facts


def _show(value) -> str:
    """A number of points as people write it: 3, 2.5, 10/3 as 3.33."""
    value = exact(value)
    if isinstance(value, Fraction):
        return f"{float(value):.3g}"
    return str(value)
