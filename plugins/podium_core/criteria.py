"""The library of ranking criteria (variants.md section 2).

Every ranked stage keeps a :class:`Ledger`: for each player, the games of
the stage in round order, each an :class:`Entry` with the player's result
(1, ½ or 0 towards ``wins``), the opponents met, and the game's own numbers
(scores, VP, placement points).  A criterion is a small named object
(:class:`~podium_core.ranking.Criterion`: key, label, short label, legend) whose
``compute(player_id, ledger)`` reads that ledger; a format's ``ranking``
option lists the keys it ranks by, highest first, and the drawing of lots
always comes last (:func:`podium_core.ranking.rank`).

The values, all exact:

* ``wins``: the sum of the results (a draw counts ½ where the game has draws,
  a bye 1).
* ``vp``, ``vp_share``: Catan's counted VP and the sum of per-game shares.
* ``buchholz``: the current ``wins`` of every opponent met, summed (an
  opponent met twice counts twice; a bye counts as one opponent with 0 wins).
* ``buchholz_cut1``: ``buchholz`` without the single lowest opponent value
  (fewer than 2 opponent values: ``buchholz``).
* ``buchholz_median``: ``buchholz`` without the highest and the lowest value
  (fewer than 3: ``buchholz``).
* ``sonneborn_berger``: the sum over games of the opponent's current
  ``wins`` times the own result; a bye gives 0.
* ``progressive``: the sum, over the stage's rounds played so far, of the
  player's cumulative ``wins`` after that round.
* ``score_diff``, ``score_for``: the sums of (own − opponent's) and of own
  counted scores (a forfeiting player's score counts 0; a bye gives 0).
* ``placement_points``, ``small_points``, ``firsts``, ``seconds``: Baśka.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from operator import attrgetter

from .ranking import Criterion
from .text import N_, Text


@dataclass
class Entry:
    """One player's side of one game of a ranked stage."""

    round: int
    result: int | Fraction = 0  # towards wins: 1, ½ or 0
    opponents: tuple = ()  # the players met; () with bye
    bye: bool = False
    score_for: int = 0
    score_against: int = 0
    vp: int = 0
    share: int | Fraction = 0
    placement: int | Fraction = 0
    small: int = 0
    first: bool = False
    second: bool = False


class Record:
    """A player's entries and running sums."""

    __slots__ = ("entries", "wins", "sums")

    def __init__(self):
        self.entries: list = []
        self.wins = 0
        self.sums: dict = {}


SUMMED = ("score_for", "vp", "share", "placement", "small", "first", "second")
_summed_values = attrgetter(*SUMMED)


class Ledger:
    """The games of one ranked stage, per player (see the module's text)."""

    def __init__(self):
        self.records: dict = {}
        self.rounds: set = set()

    def add(self, player_id: str, entry: Entry) -> None:
        rec = self.records.get(player_id)
        if rec is None:
            rec = self.records[player_id] = Record()
        rec.entries.append(entry)
        rec.wins += entry.result
        sums = rec.sums
        for name, value in zip(SUMMED, _summed_values(entry)):
            if value:
                sums[name] = sums.get(name, 0) + value
        sums["score_diff"] = sums.get("score_diff", 0) + entry.score_for - entry.score_against
        self.rounds.add(entry.round)

    def copy(self) -> "Ledger":
        """A ledger with the same games, to add more to without changing this one."""
        new = Ledger()
        for pid, rec in self.records.items():
            for entry in rec.entries:
                new.add(pid, entry)
        return new

    def entries(self, player_id: str) -> list:
        rec = self.records.get(player_id)
        return rec.entries if rec else []

    def wins(self, player_id: str):
        rec = self.records.get(player_id)
        return exact(rec.wins) if rec else 0

    def total(self, player_id: str, name: str):
        rec = self.records.get(player_id)
        return exact(rec.sums.get(name, 0)) if rec else 0

    def opponent_values(self, player_id: str) -> list:
        """The current wins of each opponent met, once per meeting; a bye is one 0."""
        values = []
        for entry in self.entries(player_id):
            if entry.bye:
                values.append(0)
            values.extend(self.wins(o) for o in entry.opponents)
        return values


def exact(value):
    """A whole Fraction as an int, so that whole values compare and print as ints."""
    if type(value) is Fraction and value.denominator == 1:
        return value.numerator
    return value


# -- the compute functions: module-level, so outcomes pickle ---------------------------

def wins(pid, ledger):
    return ledger.wins(pid)


def vp(pid, ledger):
    return ledger.total(pid, "vp")


def vp_share(pid, ledger):
    return ledger.total(pid, "share")


def buchholz(pid, ledger):
    return exact(sum(ledger.opponent_values(pid)))


def buchholz_cut1(pid, ledger):
    values = ledger.opponent_values(pid)
    if len(values) < 2:
        return exact(sum(values))
    return exact(sum(values) - min(values))


def buchholz_median(pid, ledger):
    values = ledger.opponent_values(pid)
    if len(values) < 3:
        return exact(sum(values))
    return exact(sum(values) - min(values) - max(values))


def sonneborn_berger(pid, ledger):
    total = 0
    for entry in ledger.entries(pid):
        if entry.result:
            total += sum(ledger.wins(o) for o in entry.opponents) * entry.result
    return exact(total)


def progressive(pid, ledger):
    by_round: dict = {}
    for entry in ledger.entries(pid):
        by_round[entry.round] = by_round.get(entry.round, 0) + entry.result
    total = cumulative = 0
    for number in sorted(ledger.rounds):
        cumulative += by_round.get(number, 0)
        total += cumulative
    return exact(total)


def score_diff(pid, ledger):
    return ledger.total(pid, "score_diff")


def score_for(pid, ledger):
    return ledger.total(pid, "score_for")


def placement_points(pid, ledger):
    return ledger.total(pid, "placement")


def small_points(pid, ledger):
    return ledger.total(pid, "small")


def firsts(pid, ledger):
    return ledger.total(pid, "first")


def seconds(pid, ledger):
    return ledger.total(pid, "second")


# -- the library --------------------------------------------------------------------------

def _numbers(values) -> str:
    return "-".join(_number_text(v) for v in values)


def _number_text(value) -> str:
    value = exact(value)
    if isinstance(value, Fraction):
        return f"{float(value):g}"
    return str(value)


def library(system: str, options: dict) -> dict:
    """The criteria a game has values for, by key, with legends stating the
    format's own numbers (``options``: the resolved options)."""
    if system == "catan":
        cap = options.get("vp_cap", 10)
        vp_legend = (N_("Counted victory points over all games; at most 10 count per game.") if cap == 10 else
                     Text("Counted victory points over all games; at most %(cap)s count per game.", cap=cap))
        return {c.key: c for c in (
            Criterion("wins", N_("Wins"), N_("W"), N_("Games won: reached 10 VP first (a game stopped by the time limit has no winner)."), wins),
            Criterion("vp", N_("Victory points"), N_("VP"), vp_legend, vp),
            Criterion("vp_share", N_("VP share"), N_("%VP"),
                      N_("Sum of the per-game shares: counted VP divided by the table's total "
                         "(a 3-player table's total is multiplied by 4/3)."), vp_share, display="percent"),
            Criterion("progressive", N_("Progressive score"), N_("Prog"),
                      N_("After every round, the wins so far; these running totals added up."), progressive),
        )}
    if system == "carcassonne":
        bye = options.get("odd_field") == "bye"
        wins_legend = (N_("Games won; a drawn game counts ½. A player who runs out of clock time loses the game.")
                       if options.get("tie_game", "half") == "half" else
                       N_("Games won; a game with equal scores goes to the winner the event's tie rule named. "
                          "A player who runs out of clock time loses the game."))
        if bye:
            wins_legend = _with(wins_legend, N_(" A bye counts as a win."))
        bye_note = N_(" A bye counts as one opponent with 0 wins.") if bye else ""
        return {c.key: c for c in (
            Criterion("wins", N_("Wins"), N_("W"), wins_legend, wins),
            Criterion("buchholz", N_("Buchholz"), N_("Bh"),
                      _with(N_("The wins each opponent has now, added up over every game played (an opponent met twice is counted twice)."), bye_note),
                      buchholz),
            Criterion("buchholz_cut1", N_("Buchholz cut 1"), N_("Bh-1"),
                      _with(N_("Buchholz without the single lowest opponent value."), bye_note), buchholz_cut1),
            Criterion("buchholz_median", N_("Median Buchholz"), N_("Bh-M"),
                      _with(N_("Buchholz without the highest and the lowest opponent value."), bye_note), buchholz_median),
            Criterion("sonneborn_berger", N_("Sonneborn-Berger"), N_("SB"),
                      N_("For each game, the opponent's wins now times the own result (1, ½, 0), added up; a bye gives 0."),
                      sonneborn_berger),
            Criterion("progressive", N_("Progressive score"), N_("Prog"),
                      N_("After every round, the wins so far; these running totals added up."), progressive),
            Criterion("score_diff", N_("Score difference"), N_("+/−"),
                      N_("Own score minus the opponent's in each game, added up; a player who ran out of clock time counts 0 points in that game."),
                      score_diff),
            Criterion("score_for", N_("Points scored"), N_("Pts"),
                      N_("Own scores added up; a player who ran out of clock time counts 0 points in that game."), score_for),
        )}
    if system == "baska":
        points = tuple(options.get("placement_points", (5, 3, 2, 1)))
        short = dict(options.get("short_table_points", {1: 3, 2: Fraction(5, 2), 3: Fraction(3, 2)}))
        first, second = baska_first_values(points), baska_second_values(points)
        if points == (5, 3, 2, 1) and short == {1: 3, 2: Fraction(5, 2), 3: Fraction(3, 2)}:
            legend = N_("Sum of placement points: 5-3-2-1 at each table by small points, tied players sharing "
                        "the points of the places they cover (e.g. 4 + 4, 10/3 each for three tied first); "
                        "a short table gives 3 (alone), 2.5 (two) or 1.5 (three) each; an absent player gets nothing.")
            first_legend = N_("Rounds with 5 or 4 placement points.")
            second_legend = N_("Rounds with 3 or 2.5 placement points (a short table's 3 or 2.5 included; 10/3 and 2.75 count as neither).")
        else:
            legend = Text("Sum of placement points: %(points)s at each table by small points, tied players sharing "
                          "the points of the places they cover; a short table gives %(one)s (alone), %(two)s (two) or "
                          "%(three)s (three) each; an absent player gets nothing.",
                          points=_numbers(points), one=_number_text(short[1]), two=_number_text(short[2]), three=_number_text(short[3]))
            first_legend = Text("Rounds with %(a)s or %(b)s placement points.", a=_number_text(first[0]), b=_number_text(first[1]))
            second_legend = Text("Rounds with %(a)s or %(b)s placement points (a short table's points included when they are one of these).",
                                 a=_number_text(second[0]), b=_number_text(second[1]))
        return {c.key: c for c in (
            Criterion("placement_points", N_("Placement points"), N_("Pts"), legend, placement_points, display="decimal"),
            Criterion("small_points", N_("Small points"), N_("SP"),
                      N_("Balance of small points (the deal protocols' totals) over all rounds; a short table counts 0."),
                      small_points),
            Criterion("firsts", N_("First places"), N_("1st"), first_legend, firsts),
            Criterion("seconds", N_("Second places"), N_("2nd"), second_legend, seconds),
        )}
    return {}


def _with(legend, note):
    """A legend with a sentence added (both translatable)."""
    if not note:
        return legend
    return Text("%(legend)s%(note)s", legend=_text(legend), note=_text(note))


def _text(value):
    return Text(value) if isinstance(value, str) else value


def baska_first_values(points) -> tuple:
    """A "first": the points of place 1 alone or shared with place 2 (5 or 4 by default)."""
    return (exact(Fraction(points[0])), exact(Fraction(points[0] + points[1], 2)))


def baska_second_values(points) -> tuple:
    """A "second": the points of place 2 alone or shared with place 3 (3 or 2.5 by default)."""
    return (exact(Fraction(points[1])), exact(Fraction(points[1] + points[2], 2)))


CRITERIA_KEYS = {
    system: tuple(library(system, {})) for system in ("catan", "carcassonne", "baska")
}


def criteria_for(system: str, options: dict) -> tuple:
    """The criteria of ``options["ranking"]``, in that order."""
    found = library(system, options)
    return tuple(found[key] for key in options.get("ranking", ()))
