"""Tantrix World Championship main draw (formats.md section 4) through the whole pipeline.

Events are written as YAML into a temporary results folder and evaluated by
``podium_core.pipeline.evaluate_one``, the path ``podium export`` takes.  Players
are called ``s1``, ``s2``, ... after their seed.
"""

import json
from decimal import ROUND_HALF_UP, Decimal, getcontext

import pytest
from hypothesis import given
from hypothesis import strategies as st

from podium_core.errors import Problems
from podium_core.export import event_document
from podium_core.systems.knockout import round_name
from podium_core.systems.tantrix.engine import (
    DECISIVE, IGNORE, TOTAL, decide, game_tenths, next_power_of_two, standard_order, winner_tenths, with_penalties,
)
from podium_core.pipeline import evaluate_one

SLUG = "wc-test"
BIG = [36] * 9  # wins every game 20-0: decided at once


# -- writing events ------------------------------------------------------------------

def event_yaml(n, options="", seeds=None):
    seeds = seeds or {}
    lines = ["name: Tantrix test", "format: tantrix-wc", options.rstrip(), "players:"]
    for i in range(1, n + 1):
        seed = seeds.get(f"s{i}", i)
        lines.append(f"  - {{id: s{i}, name: Player {i}}}" if seed is None else f"  - {{id: s{i}, name: Player {i}, seed: {seed}}}")
    return "\n".join(line for line in lines if line) + "\n"


def game_text(game):
    if isinstance(game, int):
        return f"{{margin: {game}}}"
    return "{" + ", ".join(f"{k}: {list(v) if isinstance(v, tuple) else v}" for k, v in game.items()) + "}"


def matches_yaml(stage, number, matches=None, extra=""):
    """A round file; ``matches`` maps slot -> (a, b, games[, other keys])."""
    lines = [f"stage: {stage}", f"round: {number}"] + [line for line in extra.splitlines() if line]
    if matches:
        lines.append("matches:")
        for slot, spec in matches.items():
            a, b, games, *rest = spec
            lines.append(f"  - match: {slot}")
            lines.append(f"    players: [{a}, {b}]")
            if games:
                lines.append("    games:")
                lines += [f"      - {game_text(g)}" for g in games]
            for key, value in (rest[0] if rest else {}).items():
                lines.append(f"    {key}: {value}")
    return "\n".join(lines) + "\n"


def write(tmp_path, n, rounds, options="", seeds=None):
    folder = tmp_path / SLUG
    folder.mkdir()
    (folder / "event.yaml").write_text(event_yaml(n, options, seeds), "utf-8")
    for name, text in rounds.items():
        (folder / name).write_text(text, "utf-8")
    return folder


def run(tmp_path, n, rounds, options="", seeds=None):
    return evaluate_one(write(tmp_path, n, rounds, options, seeds))


def export(outcome):
    return json.loads(json.dumps(event_document(outcome)))


def problems(tmp_path, n, rounds, options="", seeds=None):
    folder = write(tmp_path, n, rounds, options, seeds)
    with pytest.raises(Problems) as caught:
        evaluate_one(folder)
    return [str(p).replace(str(folder) + "/", "") for p in caught.value.problems]


def match_json(outcome, stage, number, slot):
    document = export(outcome)
    for rnd in document["rounds"]:
        if rnd["stage"] == stage and rnd["round"] == number:
            for match in rnd["matches"]:
                if match["match"] == slot:
                    return match
    raise AssertionError(f"no {stage} round {number} match {slot}")


def two_player(tmp_path, games, standard=6, **keys):
    """A two-player event whose only match (the final) has ``standard`` standard games."""
    extra = {k: v for k, v in keys.items()}
    outcome = run(tmp_path, 2, {"main-01.yaml": matches_yaml("main", 1, {1: ("s1", "s2", games, extra)})},
                  options=f"options: {{standard_games: {{final: {standard}}}}}")
    return match_json(outcome, "main", 1, 1)


# -- TP per game ------------------------------------------------------------------------

@pytest.mark.parametrize("margin, winner, loser", [(1, 133, 67), (4, 147, 53), (5, 150, 50), (18, 177, 23)])
def test_check_values(margin, winner, loser):
    assert winner_tenths(margin) == winner
    assert game_tenths(margin) == (winner, loser)
    assert game_tenths(-margin) == (loser, winner)


def exact_winner(margin):
    getcontext().prec = 50
    value = Decimal(12) + Decimal(4) / Decimal(3) * Decimal(margin).sqrt()
    return min(200, int((value * 10).quantize(Decimal(1), rounding=ROUND_HALF_UP)))


@pytest.mark.parametrize("margin", range(1, 41))
def test_every_margin_to_40_against_high_precision(margin):
    assert winner_tenths(margin) == exact_winner(margin)


def test_many_margins_against_high_precision():
    assert all(winner_tenths(m) == exact_winner(m) for m in range(1, 5001))


def test_cap_reached_at_36():
    assert winner_tenths(35) == 199
    assert [winner_tenths(m) for m in (36, 37, 100, 400)] == [200] * 4
    assert game_tenths(36) == (200, 0)


def test_draw_is_ten_ten():
    assert game_tenths(0) == (100, 100)


def test_margin_must_be_positive_for_winner():
    with pytest.raises(ValueError):
        winner_tenths(0)


@given(st.integers(min_value=-500, max_value=500))
def test_every_game_shares_twenty(margin):
    a, b = game_tenths(margin)
    assert a + b == 200
    assert 0 <= a <= 200 and 0 <= b <= 200
    assert (a > b) == (margin > 0) and (a == b) == (margin == 0)


@given(st.integers(min_value=-500, max_value=500), st.integers(0, 60), st.integers(0, 60))
def test_penalties_conserve_twenty(margin, pa, pb):
    a, b = with_penalties(game_tenths(margin), (pa, pb))
    assert a + b == 200
    assert a == game_tenths(margin)[0] - 10 * pa + 10 * pb


def test_penalties_are_not_clamped():
    assert with_penalties((200, 0), (0, 25)) == (450, -250)
    assert with_penalties((67, 133), (10, 0)) == (-33, 233)


def test_score_and_margin_give_the_same_tp(tmp_path):
    match = two_player(tmp_path, [{"score": (24, 19)}, {"margin": 5}, {"score": (3, 21)}, -18], standard=4)
    assert [g["tp"] for g in match["games"]] == [[15.0, 5.0], [15.0, 5.0], [2.3, 17.7], [2.3, 17.7]]
    assert match["games"][0]["score"] == [24, 19] and match["games"][0]["margin"] == 5


def test_penalty_minutes_in_a_match(tmp_path):
    match = two_player(tmp_path, [{"margin": 1, "penalty": (4, 0)}, {"margin": 0, "penalty": (0, 3)}], standard=9)
    assert match["games"][0]["tp"] == [9.3, 10.7]
    assert match["games"][1]["tp"] == [13.0, 7.0]
    assert match["tp"] == [22.3, 17.7]
    assert match["games"][0]["penalty"] == [4, 0]


# -- the worked example of formats.md ----------------------------------------------------

# After 5 games A (s1) leads 60.1-39.9 (20.0+20.0+6.7+6.7+6.7); B wins game 6 by 18 -> 62.4-57.6.
EXAMPLE = [36, 36, -1, -1, -1, -18]


def test_worked_example_after_standard_games(tmp_path):
    match = two_player(tmp_path, EXAMPLE)
    assert match["games"][4]["total"] == [60.1, 39.9]
    assert match["tp"] == [62.4, 57.6]
    assert match["winner"] is None and match["needs_game"] is True and match["decided_after"] is None


@pytest.mark.parametrize("game7, total, winner", [
    (1, [75.7, 64.3], "s1"),                                   # A wins by 1: lead 11.4
    (-5, [67.4, 72.6], "s2"),                                  # B wins by 5: lead 5.2
    (0, [72.4, 67.6], None),                                   # draw: lead 4.8
    (-4, [67.7, 72.3], None),                                  # B wins by 4: lead 4.6
    ({"margin": 1, "penalty": (4, 0)}, [71.7, 68.3], None),    # A by 1, 4 penalty minutes: lead 3.4
])
def test_worked_example_first_extra_game(tmp_path, game7, total, winner):
    match = two_player(tmp_path, EXAMPLE + [game7])
    assert match["tp"] == total
    assert match["winner"] == winner
    assert match["needs_game"] is (winner is None)
    assert match["decided_after"] == (7 if winner else None)
    assert match["games"][6]["extra"] is True and match["games"][5]["extra"] is False


def test_worked_example_with_the_default_six_games(tmp_path):
    """The same match as a first-round match of 16 players (6 standard games by default)."""
    matches = {slot: (f"s{a}", f"s{b}", BIG[:6]) for slot, (a, b) in enumerate(zip(standard_order(16)[::2], standard_order(16)[1::2]), 1)}
    matches[1] = ("s1", "s16", EXAMPLE + [-5])
    outcome = run(tmp_path, 16, {"main-01.yaml": matches_yaml("main", 1, matches)})
    match = match_json(outcome, "main", 1, 1)
    assert match["standard_games"] == 6
    assert match["tp"] == [67.4, 72.6] and match["winner"] == "s16"


# -- deciding a match -----------------------------------------------------------------------

def test_decide_needs_the_standard_games():
    assert decide([(200, 0)] * 5, 6) == (None, None)
    assert decide([(200, 0)] * 6, 6) == (6, 0)
    assert decide([(0, 50)] * 6, 6) == (6, 1)
    assert decide([(0, 49)] * 6, 6) == (None, None)


def test_decide_rules():
    tie_then_small = [(600, 600)] * 6 + [(620, 600)]
    assert decide(tie_then_small, 6, DECISIVE) == (None, None)
    assert decide(tie_then_small, 6, IGNORE) == (7, 0)
    assert decide(tie_then_small, 6, TOTAL) == (7, 0)
    small_lead = [(604, 596)] * 6
    assert decide(small_lead, 6, IGNORE) == (6, 0)
    assert decide(small_lead, 6, DECISIVE) == (None, None)


def test_decided_only_after_the_third_extra_game(tmp_path):
    draws = [0] * 6
    games = draws + [{"margin": 0, "penalty": (0, 2)}, 0, 0]
    match = two_player(tmp_path, games)
    assert [g["total"] for g in match["games"][6:]] == [[72.0, 68.0], [82.0, 78.0], [92.0, 88.0]]
    assert match["winner"] == "s1" and match["decided_after"] == 9 and match["needs_game"] is False


def test_lead_after_second_extra_game_is_not_enough(tmp_path):
    match = two_player(tmp_path, [0] * 6 + [{"margin": 0, "penalty": (0, 2)}, 0])
    assert match["tp"] == [82.0, 78.0]
    assert match["winner"] is None and match["needs_game"] is True


def test_exactly_five_tp_is_decisive(tmp_path):
    # a win by 7 tiles is 15.5-4.5; with 3 penalty minutes for the winner 12.5-7.5
    match = two_player(tmp_path, [0] * 5 + [{"margin": 7, "penalty": (3, 0)}])
    assert match["tp"] == [62.5, 57.5]
    assert match["winner"] == "s1" and match["decided_after"] == 6


def test_five_tp_in_an_extra_game_wins_at_once(tmp_path):
    match = two_player(tmp_path, [0] * 6 + [0, {"margin": 0, "penalty": (5, 0)}])
    assert match["winner"] == "s2" and match["decided_after"] == 8


def test_tied_match_goes_past_the_third_extra_game(tmp_path):
    match = two_player(tmp_path, [0] * 10)
    assert match["tp"] == [100.0, 100.0]
    assert match["winner"] is None and match["needs_game"] is True


def test_tie_after_third_extra_game_first_lead_wins(tmp_path):
    match = two_player(tmp_path, [0] * 10 + [{"margin": 0, "penalty": (1, 0)}])
    assert match["tp"] == [109.0, 111.0]
    assert match["winner"] == "s2" and match["decided_after"] == 11


def test_game_after_the_decision_is_an_error_at_its_line(tmp_path):
    text = matches_yaml("main", 1, {1: ("s1", "s2", [36] * 6 + [1, 2])})
    lines = text.splitlines()
    late = lines.index("      - {margin: 1}") + 1
    found = problems(tmp_path, 2, {"main-01.yaml": text}, options="options: {standard_games: {final: 6}}")
    assert len(found) == 1
    assert found[0].startswith(f"main-01.yaml:{late}: ")
    assert "game 7" in found[0] and "after the match was decided" in found[0]


def test_game_after_an_extra_game_decision_is_an_error(tmp_path):
    text = matches_yaml("main", 1, {1: ("s1", "s2", EXAMPLE + [1, -3])})
    late = text.splitlines().index("      - {margin: -3}") + 1
    found = problems(tmp_path, 2, {"main-01.yaml": text}, options="options: {standard_games: {final: 6}}")
    assert found == [f"main-01.yaml:{late}: match 1: game 8 was recorded after the match was decided (game 7 gave s1 the match)"]


# -- match status ---------------------------------------------------------------------------

def test_ignore_small_lead_wins(tmp_path):
    games = [0, 0, 0, 0, 0, {"margin": 0, "penalty": (0, 1)}]  # 61.0-59.0
    (tmp_path / "a").mkdir()
    (tmp_path / "b").mkdir()
    assert two_player(tmp_path / "a", games, status="NORMAL")["winner"] is None
    ignored = two_player(tmp_path / "b", games, status="IGNORE")
    assert ignored["winner"] == "s1" and ignored["decided_after"] == 6 and ignored["status"] == "IGNORE"


def test_ignore_tie_goes_on_until_a_game_ends_with_a_lead(tmp_path):
    (tmp_path / "a").mkdir()
    (tmp_path / "b").mkdir()
    tied = two_player(tmp_path / "a", [0] * 7, status="IGNORE")
    assert tied["winner"] is None and tied["needs_game"] is True
    won = two_player(tmp_path / "b", [0] * 7 + [-1], status="IGNORE")
    assert won["winner"] == "s2" and won["decided_after"] == 8


def test_resign_concedes_an_undecided_match(tmp_path):
    match = two_player(tmp_path, EXAMPLE, status="RESIGN", resigned="s1")
    assert match["tp"] == [62.4, 57.6]
    assert match["winner"] == "s2" and match["needs_game"] is False
    assert match["resigned"] == "s1" and match["status"] == "RESIGN" and match["decided_after"] is None


def test_resign_before_any_game(tmp_path):
    match = two_player(tmp_path, [], status="RESIGN", resigned="s2")
    assert match["winner"] == "s1" and match["tp"] == [0.0, 0.0] and match["games"] == []


def test_resign_keeps_a_decided_result(tmp_path):
    match = two_player(tmp_path, EXAMPLE + [-5], status="RESIGN", resigned="s2")
    assert match["winner"] == "s2" and match["decided_after"] == 7


def test_resign_needs_resigned(tmp_path):
    text = matches_yaml("main", 1, {1: ("s1", "s2", EXAMPLE, {"status": "RESIGN"})})
    line = text.splitlines().index("    status: RESIGN") + 1
    found = problems(tmp_path, 2, {"main-01.yaml": text}, options="options: {standard_games: {final: 6}}")
    assert found == [f"main-01.yaml:{line}: match 1: status RESIGN needs resigned: <id> (who conceded)"]


def test_resigned_without_resign_status(tmp_path):
    text = matches_yaml("main", 1, {1: ("s1", "s2", EXAMPLE, {"status": "TLATER", "resigned": "s1"})})
    line = text.splitlines().index("    resigned: s1") + 1
    found = problems(tmp_path, 2, {"main-01.yaml": text}, options="options: {standard_games: {final: 6}}")
    assert found == [f"main-01.yaml:{line}: match 1: resigned is only recorded with status: RESIGN"]


@pytest.mark.parametrize("status", ["NORMAL", "TIMMED", "TLATER", "NONAGR", "UNSURE", "DISPUT"])
def test_other_statuses_are_shown_only(tmp_path, status):
    (tmp_path / "a").mkdir()
    (tmp_path / "b").mkdir()
    keys = {"status": status}
    if status == "TLATER":
        keys["when"] = "2003-08-02"
    open_match = two_player(tmp_path / "a", EXAMPLE, **keys)
    assert open_match["status"] == status and open_match["winner"] is None and open_match["needs_game"] is True
    assert open_match["when"] == ("2003-08-02" if status == "TLATER" else None)
    if status not in ("NONAGR", "UNSURE"):
        decided = two_player(tmp_path / "b", EXAMPLE + [1], **keys)
        assert decided["winner"] == "s1" and decided["needs_game"] is False


@pytest.mark.parametrize("status, games, why", [
    ("NONAGR", EXAMPLE + [1], "means the match is still undecided"),
    ("UNSURE", EXAMPLE + [1], "means the match is still undecided"),
    ("TIMMED", [20, 20, 20, 20, 20, 20], "says extra games were needed"),
    ("TLATER", [20, 20, 20, 20, 20, 20], "says extra games were needed"),
])
def test_a_status_of_an_undecided_match_on_a_decided_one_is_an_error(tmp_path, status, games, why):
    extra = {"status": status, "when": "2003-08-02"} if status == "TLATER" else {"status": status}
    text = matches_yaml("main", 1, {1: ("s1", "s2", games, extra)})
    line = text.splitlines().index(f"    status: {status}") + 1
    found = problems(tmp_path, 2, {"main-01.yaml": text}, options="options: {standard_games: {final: 6}}")
    decided = len(games)
    assert found == [f"main-01.yaml:{line}: match 1: status {status} {why}, but game {decided} "
                     f"decided it for s1 (write status: NORMAL, or remove the games after it)"]


@pytest.mark.parametrize("status", ["TIMMED", "TLATER"])
def test_extra_games_played_at_once_or_later_keep_their_status(tmp_path, status):
    match = two_player(tmp_path, EXAMPLE + [1], status=status)
    assert match["winner"] == "s1" and match["status"] == status


# -- the bracket ----------------------------------------------------------------------------

def test_standard_order():
    assert standard_order(2) == [1, 2]
    assert standard_order(4) == [1, 4, 2, 3]
    assert standard_order(8) == [1, 8, 4, 5, 2, 7, 3, 6]
    assert standard_order(16) == [1, 16, 8, 9, 4, 13, 5, 12, 2, 15, 7, 10, 3, 14, 6, 11]
    for size in (32, 64):
        order = standard_order(size)
        assert sorted(order) == list(range(1, size + 1))
        assert all(a + b == size + 1 for a, b in zip(order[::2], order[1::2]))
    with pytest.raises(ValueError):
        standard_order(12)


def test_next_power_of_two_and_round_names():
    assert [next_power_of_two(n) for n in (2, 3, 4, 5, 8, 9, 16, 17, 33)] == [2, 4, 4, 8, 8, 16, 16, 32, 64]
    assert [round_name(p) for p in (2, 4, 8, 16, 32, 64)] == [
        "final", "semifinal", "quarterfinal", "round of 16", "round of 32", "round of 64"]


def first_round(n, games=None):
    """Round 1 of an n-player bracket with every real match won by the better seed."""
    size = next_power_of_two(n)
    order = standard_order(size)
    matches = {}
    for slot, (a, b) in enumerate(zip(order[::2], order[1::2]), 1):
        if a <= n and b <= n:
            matches[slot] = (f"s{a}", f"s{b}", list(games or BIG[:{2: 9, 4: 8, 8: 7}.get(size, 6)]))
    return matches


def test_bracket_of_sixteen_and_names(tmp_path):
    outcome = run(tmp_path, 16, {"main-01.yaml": matches_yaml("main", 1, first_round(16))})
    bracket = outcome.extra["bracket"]
    assert bracket["size"] == 16
    assert [r["name"] for r in bracket["rounds"]] == ["round of 16", "quarterfinal", "semifinal", "final"]
    assert [s["players"] for s in bracket["rounds"][0]["slots"]][:3] == [["s1", "s16"], ["s8", "s9"], ["s4", "s13"]]
    assert [s["players"] for s in bracket["rounds"][1]["slots"]] == [["s1", "s8"], ["s4", "s5"], ["s2", "s7"], ["s3", "s6"]]
    assert bracket["rounds"][2]["slots"][0]["players"] == [None, None]
    assert outcome.rounds[0].title == "Round of 16" and outcome.rounds[0].status == "complete"


def test_upcoming_round_filled_in_slot_order(tmp_path):
    outcome = run(tmp_path, 8, {"main-01.yaml": matches_yaml("main", 1, first_round(8)),
                                "main-02.yaml": matches_yaml("main", 2)})
    rnd = export(outcome)["rounds"][1]
    assert rnd["status"] == "upcoming" and rnd["seating"]["filled"] is True
    assert [(m["match"], m["players"]) for m in rnd["matches"]] == [(1, ["s1", "s4"]), (2, ["s2", "s3"])]
    assert all(m["winner"] is None and m["needs_game"] and m["standard_games"] == 8 for m in rnd["matches"])


def test_upcoming_round_winner_of_the_lower_slot(tmp_path):
    matches = first_round(8)
    matches[2] = ("s4", "s5", [-36] * 7)  # quarterfinal: seed 5 wins (7 standard games)
    outcome = run(tmp_path, 8, {"main-01.yaml": matches_yaml("main", 1, matches),
                                "main-02.yaml": matches_yaml("main", 2)})
    assert [m["players"] for m in export(outcome)["rounds"][1]["matches"]] == [["s1", "s5"], ["s2", "s3"]]


def test_upcoming_round_only_known_pairs(tmp_path):
    matches = first_round(8)
    matches[3] = ("s2", "s7", [0] * 3)  # still being played
    outcome = run(tmp_path, 8, {"main-01.yaml": matches_yaml("main", 1, matches),
                                "main-02.yaml": matches_yaml("main", 2)})
    rounds = export(outcome)["rounds"]
    assert rounds[0]["status"] == "in-progress"
    assert [(m["match"], m["players"]) for m in rounds[1]["matches"]] == [(1, ["s1", "s4"])]
    assert outcome.rounds[1].waiting


def test_byes_have_no_entry_and_go_through(tmp_path):
    # 5 players, 8 places: 1-(8), 4-5, 2-(7), 3-(6): only match 2 is played
    outcome = run(tmp_path, 5, {"main-01.yaml": matches_yaml("main", 1, {2: ("s5", "s4", [36] * 7)}),
                                "main-02.yaml": matches_yaml("main", 2)})
    first, second = export(outcome)["rounds"]
    assert [m["match"] for m in first["matches"]] == [2]
    assert first["status"] == "complete"
    assert outcome.rounds[0].extra["byes"] == [{"match": 1, "player": "s1"}, {"match": 3, "player": "s2"}, {"match": 4, "player": "s3"}]
    assert [m["players"] for m in second["matches"]] == [["s1", "s5"], ["s2", "s3"]]
    slots = outcome.extra["bracket"]["rounds"][0]["slots"]
    assert [s["bye"] for s in slots] == [True, False, True, True]


def test_bye_partner_known_before_round_one_ends(tmp_path):
    outcome = run(tmp_path, 5, {"main-01.yaml": matches_yaml("main", 1, {2: ("s4", "s5", [0])}),
                                "main-02.yaml": matches_yaml("main", 2)})
    assert [m["players"] for m in export(outcome)["rounds"][1]["matches"]] == [["s2", "s3"]]


def test_a_bye_slot_listed_is_an_error(tmp_path):
    text = matches_yaml("main", 1, {1: ("s1", "s3", [36] * 8)})
    found = problems(tmp_path, 3, {"main-01.yaml": text})
    assert found == ["main-01.yaml:4: match 1 is a bye: s1 goes through without a match (leave it out)"]


def test_match_number_beyond_the_round(tmp_path):
    text = matches_yaml("main", 1, {3: ("s1", "s2", [])})
    found = problems(tmp_path, 4, {"main-01.yaml": text})
    assert found == ["main-01.yaml:4: main draw round 1 has 2 match(es); there is no match 3"]


def test_players_differ_from_the_bracket(tmp_path):
    text = matches_yaml("main", 1, {1: ("s1", "s3", []), 2: ("s2", "s4", [])})
    found = problems(tmp_path, 4, {"main-01.yaml": text})
    assert found == [
        "main-01.yaml:5: match 1 differs from the bracket, which gives: s1, s4 (or add manual: \"reason\")",
        "main-01.yaml:7: match 2 differs from the bracket, which gives: s2, s3 (or add manual: \"reason\")",
    ]


def test_order_within_a_match_is_free(tmp_path):
    outcome = run(tmp_path, 4, {"main-01.yaml": matches_yaml("main", 1, {1: ("s4", "s1", [-1] * 8), 2: ("s2", "s3", [])})})
    match = match_json(outcome, "main", 1, 1)
    assert match["players"] == ["s4", "s1"] and match["seeds"] == [4, 1]
    assert match["winner"] == "s1" and match["tp"] == [53.6, 106.4]


def test_manual_seating_is_accepted(tmp_path):
    text = matches_yaml("main", 1, {1: ("s1", "s3", [36] * 8), 2: ("s2", "s4", [36] * 8)}, extra='manual: "seeds swapped by the controller"')
    outcome = run(tmp_path, 4, {"main-01.yaml": text, "main-02.yaml": matches_yaml("main", 2)})
    assert [m["players"] for m in export(outcome)["rounds"][1]["matches"]] == [["s1", "s2"]]
    assert outcome.rounds[0].seating.method == "manual"


def test_match_that_cannot_be_played_yet(tmp_path):
    rounds = {"main-01.yaml": matches_yaml("main", 1, {1: ("s1", "s4", [0] * 8), 2: ("s2", "s3", BIG[:8])}),
              "main-02.yaml": matches_yaml("main", 2, {1: ("s1", "s2", [])})}
    found = problems(tmp_path, 4, rounds)
    assert found == ["main-02.yaml:5: match 1 cannot be played yet: the winner of main draw round 1 match 1 is not known yet"]


def test_listed_round_fills_missing_known_matches(tmp_path):
    outcome = run(tmp_path, 8, {"main-01.yaml": matches_yaml("main", 1, first_round(8)),
                                "main-02.yaml": matches_yaml("main", 2, {2: ("s3", "s2", [1])})})
    rnd = export(outcome)["rounds"][1]
    assert [(m["match"], m["players"]) for m in rnd["matches"]] == [(1, ["s1", "s4"]), (2, ["s3", "s2"])]
    assert rnd["status"] == "in-progress"


def test_round_beyond_the_final(tmp_path):
    rounds = {"main-01.yaml": matches_yaml("main", 1, {1: ("s1", "s2", BIG)}), "main-02.yaml": matches_yaml("main", 2)}
    found = problems(tmp_path, 2, rounds)
    assert found == ["main-02.yaml:2: the main draw has 1 round(s); there is no round 2"]


def test_unknown_stage(tmp_path):
    found = problems(tmp_path, 2, {"swiss-01.yaml": "stage: swiss\nround: 1\n"})
    assert found == ["swiss-01.yaml:1: stage 'swiss' is not part of tantrix-wc (its stages: main)"]


def test_standard_games_option(tmp_path):
    options = "options: {standard_games: {earlier: 2, quarterfinal: 3, semifinal: 4, final: 5}}"
    outcome = run(tmp_path, 16, {"main-01.yaml": matches_yaml("main", 1, first_round(16, [36, 36])),
                                 "main-02.yaml": matches_yaml("main", 2)}, options=options)
    document = export(outcome)
    assert {m["standard_games"] for m in document["rounds"][0]["matches"]} == {2}
    assert {m["standard_games"] for m in document["rounds"][1]["matches"]} == {3}
    assert all(m["winner"] == m["players"][0] for m in document["rounds"][0]["matches"])


# -- seeds ------------------------------------------------------------------------------------

def test_seed_errors_at_the_players_line(tmp_path):
    found = problems(tmp_path, 4, {}, seeds={"s2": None, "s3": 9, "s4": 1})
    assert found == [
        "event.yaml:5: player 's2' has no seed (tantrix-wc needs seeds 1..4, all different)",
        "event.yaml:6: seed 9 of 's3' is outside 1..4 (there are 4 players)",
        "event.yaml:7: seed 1 of 's4' is already given to 's1'",
    ]


def test_seeds_need_not_follow_the_file_order(tmp_path):
    seeds = {"s1": 3, "s2": 1, "s3": 4, "s4": 2}
    outcome = run(tmp_path, 4, {"main-01.yaml": matches_yaml("main", 1)}, seeds=seeds)
    assert [m["players"] for m in export(outcome)["rounds"][0]["matches"]] == [["s2", "s3"], ["s4", "s1"]]


# -- classification --------------------------------------------------------------------------

def play_out(n, winner_of=min):
    """Every round of an n-player bracket, each match won by ``winner_of`` of the two seeds."""
    size = next_power_of_two(n)
    rounds, seeds = {}, standard_order(size)
    entrants = [s if s <= n else None for s in seeds]
    number, games = 1, {2: 9, 4: 8, 8: 7}
    while len(entrants) > 1:
        matches, nxt = {}, []
        for slot, (a, b) in enumerate(zip(entrants[::2], entrants[1::2]), 1):
            if a is None or b is None:
                nxt.append(a or b)
                continue
            win = winner_of(a, b)
            count = games.get(len(entrants), 6)
            matches[slot] = (f"s{a}", f"s{b}", [36 if win == a else -36] * count)
            nxt.append(win)
        rounds[f"main-{number:02}.yaml"] = matches_yaml("main", number, matches)
        entrants, number = nxt, number + 1
    return rounds


def test_classification_shared_places_by_seed(tmp_path):
    outcome = run(tmp_path, 8, play_out(8, winner_of=max))
    places = [(p["place"], p["player"]) for p in export(outcome)["classification"]]
    assert places == [(1, "s8"), (2, "s7"), (3, "s5"), (3, "s6"), (5, "s1"), (5, "s2"), (5, "s3"), (5, "s4")]


def test_classification_of_thirty_two(tmp_path):
    outcome = run(tmp_path, 32, play_out(32))
    places = [p["place"] for p in export(outcome)["classification"]]
    assert places == [1, 2, 3, 3] + [5] * 4 + [9] * 8 + [17] * 16
    assert [p["player"] for p in export(outcome)["classification"]][16:19] == ["s17", "s18", "s19"]


def test_classification_with_byes(tmp_path):
    # 6 players, 8 places: seeds 1 and 2 have byes; seed 1 then loses its semifinal
    outcome = run(tmp_path, 6, play_out(6, winner_of=lambda a, b: b if a == 1 else min(a, b)))
    places = [(p["place"], p["player"]) for p in export(outcome)["classification"]]
    assert places == [(1, "s2"), (2, "s4"), (3, "s1"), (3, "s3"), (5, "s5"), (5, "s6")]


def test_no_classification_before_the_final_is_decided(tmp_path):
    rounds = play_out(4)
    rounds["main-02.yaml"] = matches_yaml("main", 2, {1: ("s1", "s2", [0] * 9)})
    outcome = run(tmp_path, 4, rounds)
    assert outcome.classification is None and export(outcome)["classification"] is None


def test_two_players_final_only(tmp_path):
    outcome = run(tmp_path, 2, {"main-01.yaml": matches_yaml("main", 1, {1: ("s2", "s1", [5] * 9)})})
    assert [(p.place, p.player) for p in outcome.classification] == [(1, "s2"), (2, "s1")]
    assert outcome.rounds[0].title == "Final"


def test_sample_resign_and_ignore_match_the_rules():
    """The conformance sample with byes, RESIGN and IGNORE reproduces the rules' values."""
    from pathlib import Path

    folder = Path(__file__).resolve().parent / "samples" / "results" / "tantrix1-12-byes-resign-ignore-full-1000"
    outcome = evaluate_one(folder)
    resigned = match_json(outcome, "main", 1, 8)
    assert resigned["winner"] == "arjun-sharma" and resigned["tp"] == [62.3, 57.7]
    ignored = match_json(outcome, "main", 1, 6)
    assert ignored["winner"] == "zoltan-horvath" and ignored["tp"] == [60.4, 59.6]


# -- consolation ---------------------------------------------------------------------------

def test_consolation_seeded_by_main_slot(tmp_path):
    # 8 players: first-round losers by slot: s8 (1), s5 (2), s7 (3), s6 (4) -> consolation seeds 1..4
    rounds = {"main-01.yaml": matches_yaml("main", 1, first_round(8, [36] * 7)),
              "consolation-01.yaml": matches_yaml("consolation", 1)}
    outcome = run(tmp_path, 8, rounds)
    rnd = [r for r in export(outcome)["rounds"] if r["stage"] == "consolation"][0]
    assert rnd["status"] == "upcoming"
    assert [m["players"] for m in rnd["matches"]] == [["s8", "s6"], ["s5", "s7"]]
    assert outcome.extra["consolation_bracket"]["rounds"][0]["name"] == "semifinal"


def test_consolation_any_lead_after_the_standard_games(tmp_path):
    small = [0] * 7 + [{"margin": 0, "penalty": (1, 0)}]  # 79.0-81.0 after 8 standard games
    rounds = {"main-01.yaml": matches_yaml("main", 1, first_round(8, [36] * 7)),
              "consolation-01.yaml": matches_yaml("consolation", 1, {1: ("s8", "s6", small), 2: ("s5", "s7", [0] * 8)}),
              "consolation-02.yaml": matches_yaml("consolation", 2)}
    outcome = run(tmp_path, 8, rounds)
    first = match_json(outcome, "consolation", 1, 1)
    assert first["winner"] == "s6" and first["decided_after"] == 8 and first["rule"] == "total"
    tied = match_json(outcome, "consolation", 1, 2)
    assert tied["winner"] is None and tied["needs_game"] is True
    assert outcome.classification is None


def test_consolation_tie_next_game_decides(tmp_path):
    rounds = {"main-01.yaml": matches_yaml("main", 1, first_round(8, [36] * 7)),
              "consolation-01.yaml": matches_yaml("consolation", 1, {1: ("s8", "s6", [0] * 8 + [1]), 2: ("s5", "s7", [-1] * 8)}),
              "consolation-02.yaml": matches_yaml("consolation", 2, {1: ("s8", "s7", [0] * 9 + [-2])})}
    outcome = run(tmp_path, 8, rounds)
    assert match_json(outcome, "consolation", 1, 1)["decided_after"] == 9
    final = match_json(outcome, "consolation", 2, 1)
    assert final["standard_games"] == 9 and final["winner"] == "s7" and final["decided_after"] == 10
    assert outcome.extra["consolation_bracket"]["rounds"][-1]["slots"][0]["winner"] == "s7"


def test_consolation_leaves_out_byes(tmp_path):
    # 6 players: real first-round matches are slots 2 (4-5) and 4 (3-6): their losers play a final
    rounds = {"main-01.yaml": matches_yaml("main", 1, first_round(6, [36] * 7)),
              "consolation-01.yaml": matches_yaml("consolation", 1)}
    outcome = run(tmp_path, 6, rounds)
    rnd = [r for r in export(outcome)["rounds"] if r["stage"] == "consolation"][0]
    assert [m["players"] for m in rnd["matches"]] == [["s5", "s6"]]
    assert rnd["matches"][0]["standard_games"] == 9


def test_consolation_waits_for_first_round_losers(tmp_path):
    matches = first_round(8, [36] * 7)
    matches[4] = ("s3", "s6", [0])
    rounds = {"main-01.yaml": matches_yaml("main", 1, matches),
              "consolation-01.yaml": matches_yaml("consolation", 1)}
    outcome = run(tmp_path, 8, rounds)
    rnd = [r for r in export(outcome)["rounds"] if r["stage"] == "consolation"][0]
    assert [m["players"] for m in rnd["matches"]] == [["s5", "s7"]]


def test_no_consolation_with_one_first_round_match(tmp_path):
    rounds = {"main-01.yaml": matches_yaml("main", 1, {2: ("s2", "s3", BIG[:8])}),
              "consolation-01.yaml": matches_yaml("consolation", 1)}
    found = problems(tmp_path, 3, rounds)
    assert found == ["consolation-01.yaml:1: there is no consolation draw with 3 players: the main draw has only 1 first-round match(es)"]
