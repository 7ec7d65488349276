"""The library of ranking criteria (variants.md 2, open-events.md 4).

Every ranked stage keeps a :class:`Ledger`: for each player, the games of
the stage in round order, each a :class:`LedgerEntry` with the player's
result (1, ½ or 0 towards ``wins``), the opponents met, and the game's own
numbers (scores, games won and lost in a match, VP, placement points).  A
criterion is a small named object, a :class:`Criterion`: its key (the
``values`` key in event.json), label and abbreviation, the FIDE C.07 code
where one applies, what it needs, the legend that states its rule with the
event's own numbers, and how it computes itself from the ledger.  A format's
``ranking`` option lists the keys it ranks by, highest first; the drawing
of lots always comes last (:func:`podium_core.ranking.rank`).  Higher values
rank higher.

What a criterion needs is what a game can give (:data:`NEEDS`): a system
declares the values its ledger holds (``System.values``), and a criterion
whose needs are not among them is refused at its line.  Adding a criterion
is adding one :class:`Criterion` to :data:`LIBRARY`.

The values, all exact:

* ``wins``: the sum of the results (a draw counts ½ where the game has draws,
  a bye as ``bye_result`` says, a missed round as ``absence`` says:
  :func:`rest_entry`).
* ``vp``, ``vp_share``: Catan's counted VP and the sum of per-game shares.
* ``buchholz`` (BH): the current ``wins`` of every opponent met, summed (an
  opponent met twice counts twice; a bye, or a missed round that counts,
  counts as one opponent with 0 wins).
* ``buchholz_cut1`` (BH-C1): ``buchholz`` without the single lowest opponent
  value (fewer than 2 opponent values: ``buchholz``).
* ``buchholz_median`` (BH-M1): ``buchholz`` without the highest and the
  lowest value (fewer than 3: ``buchholz``).
* ``sonneborn_berger`` (SB): the sum over games of the opponent's current
  ``wins`` times the own result; a bye gives 0.
* ``progressive`` (PS): the sum, over the stage's rounds played so far, of
  the player's cumulative ``wins`` after that round.
* ``score_diff``, ``score_for``: the sums of (own − opponent's) and of own
  counted scores (a forfeiting player's score counts 0; a bye gives 0).
* ``placement_points``, ``small_points``, ``firsts``, ``seconds``: Baśka.
* ``head_to_head`` (DE), ``head_to_head_diff``: evaluated among the tied
  group only, the players equal on every earlier criterion: the ``wins``,
  and the score difference, of the games a player played against another
  member of that group (whether or not all of them met).  A player alone in
  their group by then has no value (shown "—").
* ``game_wins``, ``game_diff``: the games won, and won minus lost, over the
  matches of several games.
* ``opp_score_diff``, ``opp_score_for``, ``opp_game_diff``,
  ``opp_game_wins``: the sum over the opponents met (once per meeting; a bye
  is no opponent) of their current ``score_diff``, ``score_for``,
  ``game_diff``, ``game_wins``.
* ``rating``: the player's ``rating:`` in event.yaml; none counts 0.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from fractions import Fraction
from functools import partial
from operator import attrgetter
from typing import Callable

from .text import N_, Text

# What a game can give a ledger, and so what a criterion can need.
RESULTS = "results"  # each game's result towards wins
OPPONENTS = "opponents"  # who was met
SCORES = "scores"  # each game's two scores
MATCH_GAMES = "match_games"  # games won and lost in a match of several games
VP = "vp"  # Catan's counted VP and shares
PLACEMENT = "placement"  # Baśka's placement and small points
RATING = "rating"  # the players' ratings of event.yaml
NEEDS = (RESULTS, OPPONENTS, SCORES, MATCH_GAMES, VP, PLACEMENT, RATING)


# -- the ledger -------------------------------------------------------------------------

@dataclass
class LedgerEntry:
    """One player's side of one game (or match) of a ranked stage."""

    round: int
    result: int | Fraction = 0  # towards wins: 1, ½ or 0
    opponents: tuple = ()  # the players met; () with a bye
    bye: bool = False
    score_for: int = 0
    score_against: int = 0
    games_won: int = 0  # in a match of several games
    games_lost: int = 0
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


SUMMED = ("score_for", "games_won", "games_lost", "vp", "share", "placement", "small", "first", "second")
_summed_values = attrgetter(*SUMMED)


class Ledger:
    """The games of one ranked stage, per player (see the module's text), and
    the players' ratings (``ratings``: id -> rating, for ``rating``)."""

    def __init__(self, ratings: dict | None = None):
        self.records: dict = {}
        self.rounds: set = set()
        self.ratings: dict = ratings or {}

    def add(self, player_id: str, entry: LedgerEntry) -> None:
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
        new = Ledger(self.ratings)
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

    def opponents_total(self, player_id: str, name: str):
        """The sum over the opponents met (once per meeting) of their current total ``name``."""
        return exact(sum(self.total(o, name) for entry in self.entries(player_id) for o in entry.opponents))

    def against(self, player_id: str, group) -> list:
        """The player's entries of games against another member of ``group``."""
        return [entry for entry in self.entries(player_id) if any(o in group for o in entry.opponents)]


# What a round not played counts (a bye under ``bye_result``, a missed round
# under ``absence``): its result towards wins, or None for nothing at all.
REST_RESULTS = {"win": 1, "half": Fraction(1, 2), "loss": 0, "nothing": None}


def rest_entry(number: int, result) -> LedgerEntry | None:
    """A round a player did not play that counts (a bye; a missed round under
    ``absence: loss`` or ``half``): ``result`` towards wins (1, ½ or 0), no
    score, and one opponent with 0 wins for Buchholz-type criteria.  None
    when it counts nothing (``nothing``): no result and no opponent."""
    if result is None:
        return None
    return LedgerEntry(number, result=result, bye=True)


def exact(value):
    """A whole Fraction as an int, so that whole values compare and print as ints."""
    if type(value) is Fraction and value.denominator == 1:
        return value.numerator
    return value


# -- the criterion ----------------------------------------------------------------------

@dataclass(frozen=True)
class Criterion:
    """One ranking criterion: a standings column, its rule and how it is computed.

    ``compute(player_id, ledger)`` gives a player's value; a criterion of the
    tied group (``tied``) is ``compute(player_id, ledger, group)``, ``group``
    the players equal on every earlier criterion.  ``explain`` states the
    rule in words: a msgid, or a function of the format giving it with the
    format's own numbers; :func:`criteria_for`
    gives the criteria of a format with that ``legend`` filled in.  ``code``
    is the FIDE C.07 code where one applies, ``needs`` what the ledger must
    hold (:data:`NEEDS`).  Module-level functions (or their partials), not
    lambdas, so outcomes pickle (:mod:`podium_core.workers`).
    """

    key: str
    label: str
    abbr: str
    compute: Callable = field(compare=False, repr=False)
    explain: Callable = field(compare=False, repr=False)
    needs: frozenset = frozenset()
    code: str = ""
    tied: bool = False
    display: str = "number"  # number | percent | decimal
    legend: object = ""  # the rule for one format (a msgid or Text), from ``explain``

    def stated(self, fmt) -> "Criterion":
        """This criterion with its legend for ``fmt``, naming its FIDE code."""
        legend = self.explain(fmt) if callable(self.explain) else self.explain
        if self.code:
            legend = Text("%(legend)s (FIDE C.07: %(code)s)", legend=_text(legend), code=self.code)
        return replace(self, legend=legend)


# -- the compute functions ------------------------------------------------------------------

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


def head_to_head(pid, ledger, group):
    return exact(sum(entry.result for entry in ledger.against(pid, group)))


def head_to_head_diff(pid, ledger, group):
    return sum(entry.score_for - entry.score_against for entry in ledger.against(pid, group))


def game_wins(pid, ledger):
    return ledger.total(pid, "games_won")


def game_diff(pid, ledger):
    return ledger.total(pid, "games_won") - ledger.total(pid, "games_lost")


def opp_score_diff(pid, ledger):
    return ledger.opponents_total(pid, "score_diff")


def opp_score_for(pid, ledger):
    return ledger.opponents_total(pid, "score_for")


def opp_game_diff(pid, ledger):
    return exact(sum(game_diff(o, ledger) for entry in ledger.entries(pid) for o in entry.opponents))


def opp_game_wins(pid, ledger):
    return ledger.opponents_total(pid, "games_won")


def rating(pid, ledger):
    return ledger.ratings.get(pid) or 0


# -- the legends: each rule in words, with the format's own numbers -----------------------------

def _wins_legend(fmt):
    """What wins counts in the format, and a missed round where ``absence`` counts it."""
    notes = {"loss": N_(" A round missed (absent, or before joining) counts as a loss."),
             "half": N_(" A round missed (absent, or before joining) counts ½.")}
    return _with(fmt.wins_legend(), notes.get(fmt.options.get("absence", "nothing")))


def _bye_opponent(legend, fmt):
    """A Buchholz-type legend, with how a bye, and a missed round under
    ``absence``, count where the format has them."""
    if getattr(fmt, "byes", False) and _rests(fmt, "bye_result", "win") is not None:
        legend = _with(legend, N_(" A bye counts as one opponent with 0 wins."))
    if _rests(fmt, "absence", "nothing") is not None:
        legend = _with(legend, N_(" A round missed (absent, or before joining) counts as one opponent with 0 wins."))
    return legend


def _rests(fmt, option: str, default: str):
    """The result towards wins of a round not played under ``option`` (None: it counts nothing)."""
    return REST_RESULTS[fmt.options.get(option, default)]


def _vp_legend(fmt):
    cap = fmt.vp_cap
    if cap == 10:
        return N_("Counted victory points over all games; at most 10 count per game.")
    return Text("Counted victory points over all games; at most %(cap)s count per game.", cap=cap)


def _placement_legend(fmt):
    points, short = fmt.place_points, fmt.short_points
    if points == (5, 3, 2, 1) and short == {1: 3, 2: Fraction(5, 2), 3: Fraction(3, 2)}:
        return N_("Sum of placement points: 5-3-2-1 at each table by small points, tied players sharing "
                  "the points of the places they cover (e.g. 4 + 4, 10/3 each for three tied first); "
                  "a short table gives 3 (alone), 2.5 (two) or 1.5 (three) each; an absent player gets nothing.")
    return Text("Sum of placement points: %(points)s at each table by small points, tied players sharing "
                "the points of the places they cover; a short table gives %(one)s (alone), %(two)s (two) or "
                "%(three)s (three) each; an absent player gets nothing.",
                points="-".join(number_text(p) for p in points), one=number_text(short[1]),
                two=number_text(short[2]), three=number_text(short[3]))


def _firsts_legend(fmt):
    first = fmt.first_values
    if fmt.place_points == (5, 3, 2, 1):
        return N_("Rounds with 5 or 4 placement points.")
    return Text("Rounds with %(a)s or %(b)s placement points.", a=number_text(first[0]), b=number_text(first[1]))


def _seconds_legend(fmt):
    second = fmt.second_values
    if fmt.place_points == (5, 3, 2, 1) and fmt.short_points == {1: 3, 2: Fraction(5, 2), 3: Fraction(3, 2)}:
        return N_("Rounds with 3 or 2.5 placement points (a short table's 3 or 2.5 included; 10/3 and 2.75 count as neither).")
    return Text("Rounds with %(a)s or %(b)s placement points (a short table's points included when they are one of these).",
                a=number_text(second[0]), b=number_text(second[1]))


LIBRARY = (
    Criterion("wins", N_("Wins"), N_("W"), wins, _wins_legend, frozenset({RESULTS})),
    Criterion("vp", N_("Victory points"), N_("VP"), vp, _vp_legend, frozenset({VP})),
    Criterion("vp_share", N_("VP share"), N_("%VP"), vp_share,
              N_("Sum of the per-game shares: counted VP divided by the table's total "
                       "(a 3-player table's total is multiplied by 4/3)."), frozenset({VP}), display="percent"),
    Criterion("buchholz", N_("Buchholz"), N_("Bh"), buchholz,
              partial(_bye_opponent, N_("The wins each opponent has now, added up over every game played "
                                                "(an opponent met twice is counted twice).")),
              frozenset({RESULTS, OPPONENTS}), "BH"),
    Criterion("buchholz_cut1", N_("Buchholz cut 1"), N_("Bh-1"), buchholz_cut1,
              partial(_bye_opponent, N_("Buchholz without the single lowest opponent value.")),
              frozenset({RESULTS, OPPONENTS}), "BH-C1"),
    Criterion("buchholz_median", N_("Median Buchholz"), N_("Bh-M"), buchholz_median,
              partial(_bye_opponent, N_("Buchholz without the highest and the lowest opponent value.")),
              frozenset({RESULTS, OPPONENTS}), "BH-M1"),
    Criterion("sonneborn_berger", N_("Sonneborn-Berger"), N_("SB"), sonneborn_berger,
              N_("For each game, the opponent's wins now times the own result (1, ½, 0), added up; a bye gives 0."),
              frozenset({RESULTS, OPPONENTS}), "SB"),
    Criterion("progressive", N_("Progressive score"), N_("Prog"), progressive,
              N_("After every round, the wins so far; these running totals added up."), frozenset({RESULTS}), "PS"),
    Criterion("score_diff", N_("Score difference"), N_("+/−"), score_diff,
              N_("Own score minus the opponent's in each game, added up; a player who ran out of clock time "
                       "counts 0 points in that game."), frozenset({SCORES})),
    Criterion("score_for", N_("Points scored"), N_("Pts"), score_for,
              N_("Own scores added up; a player who ran out of clock time counts 0 points in that game."),
              frozenset({SCORES})),
    Criterion("placement_points", N_("Placement points"), N_("Pts"), placement_points, _placement_legend,
              frozenset({PLACEMENT}), display="decimal"),
    Criterion("small_points", N_("Small points"), N_("SP"), small_points,
              N_("Balance of small points (the deal protocols' totals) over all rounds; a short table counts 0."),
              frozenset({PLACEMENT})),
    Criterion("firsts", N_("First places"), N_("1st"), firsts, _firsts_legend, frozenset({PLACEMENT})),
    Criterion("seconds", N_("Second places"), N_("2nd"), seconds, _seconds_legend, frozenset({PLACEMENT})),
    Criterion("head_to_head", N_("Head-to-head"), N_("H2H"), head_to_head,
              N_("Among the players equal on every criterion before this one: the wins in the games they "
                       "played against each other, whether or not all of them met."),
              frozenset({RESULTS, OPPONENTS}), "DE", tied=True),
    Criterion("head_to_head_diff", N_("Head-to-head difference"), N_("H2H +/−"), head_to_head_diff,
              N_("Among the players equal on every criterion before this one: own score minus the opponent's "
                       "in the games they played against each other, added up."),
              frozenset({SCORES, OPPONENTS}), tied=True),
    Criterion("game_wins", N_("Games won"), N_("GW"), game_wins,
              N_("Games won in every match, a match being several games."), frozenset({MATCH_GAMES})),
    Criterion("game_diff", N_("Game difference"), N_("G +/−"), game_diff,
              N_("Games won minus games lost, over every match."), frozenset({MATCH_GAMES})),
    Criterion("opp_score_diff", N_("Opponents' score difference"), N_("Opp +/−"), opp_score_diff,
              N_("The score difference each opponent has now, added up over every game played (an opponent "
                       "met twice is counted twice; a bye counts nothing)."), frozenset({SCORES, OPPONENTS})),
    Criterion("opp_score_for", N_("Opponents' points"), N_("Opp Pts"), opp_score_for,
              N_("The points each opponent has scored so far, added up over every game played (an opponent "
                       "met twice is counted twice; a bye counts nothing)."), frozenset({SCORES, OPPONENTS})),
    Criterion("opp_game_diff", N_("Opponents' game difference"), N_("Opp G +/−"), opp_game_diff,
              N_("The game difference each opponent has now, added up over every match played (an opponent "
                       "met twice is counted twice; a bye counts nothing)."), frozenset({MATCH_GAMES, OPPONENTS})),
    Criterion("opp_game_wins", N_("Opponents' games won"), N_("Opp GW"), opp_game_wins,
              N_("The games each opponent has won so far, added up over every match played (an opponent "
                       "met twice is counted twice; a bye counts nothing)."), frozenset({MATCH_GAMES, OPPONENTS})),
    Criterion("rating", N_("Rating"), N_("Rtg"), rating,
              N_("The player's rating as event.yaml gives it, higher first; a player without one counts 0."),
              frozenset({RATING})),
)

BY_KEY = {criterion.key: criterion for criterion in LIBRARY}


def keys_for(values) -> tuple:
    """The keys of the criteria whose needs are among ``values``, in library order."""
    return tuple(c.key for c in LIBRARY if c.needs <= values)


def criteria_for(fmt) -> tuple:
    """The criteria of ``fmt``'s ``ranking`` option, in that order, each with its legend for ``fmt``."""
    return tuple(BY_KEY[key].stated(fmt) for key in fmt.options.get("ranking", ()))


# -- words -------------------------------------------------------------------------------

def number_text(value) -> str:
    """A number of points as a legend writes it: 3, 2.5, 1.333 for 4/3."""
    value = exact(value)
    if isinstance(value, Fraction):
        return f"{float(value):g}"
    return str(value)


def _with(legend, note):
    """A legend with a sentence added (both translatable)."""
    if not note:
        return legend
    return Text("%(legend)s%(note)s", legend=_text(legend), note=_text(note))


def _text(value):
    return Text(value) if isinstance(value, str) else value
