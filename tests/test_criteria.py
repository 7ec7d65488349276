"""The criteria library (variants.md 2, open-events.md 4): one line per criterion.

Each criterion is computed from a tiny ledger and checked against a value
worked out by hand (the way Tabbycat tests its standings metrics): four
players, three rounds of two-player games.

    round 1: a beats b 10-5,  c draws d 7-7
    round 2: a beats c 8-6,   b beats d 9-3
    round 3: d beats a 6-4,   b draws c 5-5

Wins: a 2, b 1.5, c 1, d 1.5.  Score difference: a +5, b +1, c -2, d -4.
"""

from __future__ import annotations

from fractions import Fraction

import pytest

from podium_core.criteria import BY_KEY, LIBRARY, Ledger, LedgerEntry, keys_for
from podium_core.draw import Lots
from podium_core.ranking import rank

HALF = Fraction(1, 2)
GAMES = [(1, "a", "b", 10, 5), (1, "c", "d", 7, 7), (2, "a", "c", 8, 6), (2, "b", "d", 9, 3),
         (3, "d", "a", 6, 4), (3, "b", "c", 5, 5)]


def ledger_of(games, ratings=None) -> Ledger:
    """A ledger of two-player games (round, first, second, their scores); equal scores are a draw."""
    ledger = Ledger(ratings)
    for number, first, second, a, b in games:
        result = 1 if a > b else HALF if a == b else 0
        ledger.add(first, LedgerEntry(number, result, (second,), score_for=a, score_against=b))
        ledger.add(second, LedgerEntry(number, 1 - result, (first,), score_for=b, score_against=a))
    return ledger


def matches_of(matches) -> Ledger:
    """A ledger of matches of several games (round, first, second, games each won)."""
    ledger = Ledger()
    for number, first, second, a, b in matches:
        ledger.add(first, LedgerEntry(number, int(a > b), (second,), games_won=a, games_lost=b))
        ledger.add(second, LedgerEntry(number, int(b > a), (first,), games_won=b, games_lost=a))
    return ledger


LEDGER = ledger_of(GAMES)
MATCHES = matches_of([(1, "a", "b", 2, 1), (1, "c", "d", 2, 0), (2, "a", "c", 0, 2), (2, "b", "d", 2, 1)])


def value(key, pid, ledger=LEDGER, group=None):
    criterion = BY_KEY[key]
    return criterion.compute(pid, ledger, frozenset(group)) if criterion.tied else criterion.compute(pid, ledger)


# -- one line each ---------------------------------------------------------------------------

def test_wins():
    assert [value("wins", p) for p in "abcd"] == [2, Fraction(3, 2), 1, Fraction(3, 2)]


def test_wins_count_a_bye_as_a_win():
    ledger = ledger_of(GAMES[:2])
    ledger.add("e", LedgerEntry(1, 1, bye=True))
    assert value("wins", "e", ledger) == 1


def test_buchholz():
    assert value("buchholz", "a") == 4  # b 1.5 + c 1 + d 1.5


def test_buchholz_counts_a_bye_as_an_opponent_with_no_wins():
    ledger = ledger_of(GAMES)
    ledger.add("a", LedgerEntry(4, 1, bye=True))
    assert (value("buchholz", "a", ledger), value("buchholz_cut1", "a", ledger)) == (4, 4)  # the bye's 0 is cut


def test_buchholz_cut1():
    assert value("buchholz_cut1", "a") == 3  # without c's 1


def test_buchholz_median():
    assert value("buchholz_median", "a") == HALF * 3  # without c's 1 and one 1.5


def test_sonneborn_berger():
    assert value("sonneborn_berger", "a") == Fraction(5, 2)  # beat b (1.5) and c (1), lost to d


def test_progressive():
    assert value("progressive", "a") == 5  # 1 + 2 + 2


def test_score_diff():
    assert [value("score_diff", p) for p in "abcd"] == [5, 1, -2, -4]


def test_score_for():
    assert value("score_for", "a") == 22


def test_head_to_head_counts_only_games_inside_the_tied_group():
    assert (value("head_to_head", "b", group="bd"), value("head_to_head", "d", group="bd")) == (1, 0)


def test_head_to_head_diff():
    assert value("head_to_head_diff", "b", group="bd") == 6  # 9-3


def test_head_to_head_of_a_group_whose_members_never_met_is_nothing():
    assert value("head_to_head", "a", group="ab") == 1 and value("head_to_head", "c", group="cx") == 0


def test_opp_score_diff():
    assert value("opp_score_diff", "a") == -5  # b +1, c -2, d -4


def test_opp_score_for():
    assert value("opp_score_for", "a") == 53  # b 19, c 18, d 16


def test_opponent_sums_count_no_bye():
    ledger = ledger_of(GAMES)
    ledger.add("a", LedgerEntry(4, 1, bye=True))
    assert value("opp_score_for", "a", ledger) == 53


def test_game_wins():
    assert value("game_wins", "a", MATCHES) == 2


def test_game_diff():
    assert value("game_diff", "c", MATCHES) == 4  # 2-0, 2-0


def test_opp_game_diff():
    assert value("opp_game_diff", "a", MATCHES) == 4  # b: 1-2 then 2-1, 0; c: 2-0 twice, 4


def test_opp_game_wins():
    assert value("opp_game_wins", "a", MATCHES) == 7  # b 1 + 2, c 2 + 2


def test_rating_counts_none_as_zero():
    ledger = ledger_of(GAMES, {"a": 1850, "b": Fraction(33, 2)})
    assert [value("rating", p, ledger) for p in "abc"] == [1850, Fraction(33, 2), 0]


def test_vp_and_vp_share():
    ledger = Ledger()
    ledger.add("a", LedgerEntry(1, 1, ("b", "c"), vp=10, share=Fraction(10, 28)))
    ledger.add("a", LedgerEntry(2, 0, ("b", "c"), vp=6, share=Fraction(6, 24)))
    assert (value("vp", "a", ledger), value("vp_share", "a", ledger)) == (16, Fraction(10, 28) + Fraction(1, 4))


def test_placement_small_points_firsts_and_seconds():
    ledger = Ledger()
    ledger.add("a", LedgerEntry(1, placement=5, small=30, first=True))
    ledger.add("a", LedgerEntry(2, placement=HALF * 5, small=-4, second=True))
    assert [value(key, "a", ledger) for key in ("placement_points", "small_points", "firsts", "seconds")] == \
        [HALF * 15, 26, 1, 1]


# -- the library as a whole -------------------------------------------------------------------------

def test_every_criterion_is_one_object_with_its_words_and_needs():
    assert len({c.key for c in LIBRARY}) == len(LIBRARY)
    assert all(c.label and c.abbr and c.explain and c.needs for c in LIBRARY)
    assert {c.key: c.code for c in LIBRARY if c.code} == {
        "buchholz": "BH", "buchholz_cut1": "BH-C1", "buchholz_median": "BH-M1", "sonneborn_berger": "SB",
        "progressive": "PS", "head_to_head": "DE"}
    assert {c.key for c in LIBRARY if c.tied} == {"head_to_head", "head_to_head_diff"}


@pytest.mark.parametrize("values, keys", [
    ({"results", "vp"}, ("wins", "vp", "vp_share", "progressive")),
    ({"placement"}, ("placement_points", "small_points", "firsts", "seconds")),
    ({"results", "opponents", "scores", "rating"}, ("wins", "buchholz", "buchholz_cut1", "buchholz_median", "sonneborn_berger",
                                                     "progressive", "score_diff", "score_for", "head_to_head",
                                                     "head_to_head_diff", "opp_score_diff", "opp_score_for", "rating")),
])
def test_a_game_has_the_criteria_whose_needs_it_gives(values, keys):
    assert keys_for(frozenset(values)) == keys


# -- ranking by the tied group, recursively ------------------------------------------------------------

def ranked(ledger, keys, players):
    return [row.player for row in rank(list(players), [BY_KEY[k] for k in keys], ledger, Lots("seed"))]


def test_a_tied_criterion_splits_and_the_next_one_sees_only_the_subgroup():
    """a, b, c, d level on wins; head-to-head among the four puts a and b (two
    wins against the others) above c and d (one); the head-to-head score
    difference is then taken between a and b alone, where a's 10-9 win over b
    decides, although b's difference against all four (+39) is far above
    a's (-8); then between c and d alone."""
    games = [(1, "a", "b", 10, 9), (1, "c", "d", 6, 5), (2, "b", "c", 20, 0), (2, "d", "a", 10, 0),
             (3, "b", "d", 20, 0), (3, "a", "c", 5, 4), (4, "c", "z", 9, 1), (5, "d", "y", 9, 1)]
    ledger = ledger_of(games)
    assert {ledger.wins(p) for p in "abcd"} == {2}
    assert (value("head_to_head_diff", "a", ledger, "abcd"), value("head_to_head_diff", "b", ledger, "abcd")) == (-8, 39)
    assert ranked(ledger, ["wins", "head_to_head", "head_to_head_diff"], "abcd") == ["a", "b", "c", "d"]


def test_a_player_alone_in_their_group_has_no_head_to_head_value():
    rows = rank(list("abcd"), [BY_KEY["wins"], BY_KEY["head_to_head"]], LEDGER, Lots("seed"))
    values = {row.player: row.values["head_to_head"] for row in rows}
    assert values["a"] is None and values["c"] is None and {values["b"], values["d"]} == {0, 1}
    assert [row.player for row in rows] == ["a", "b", "d", "c"]  # b beat d
