"""Round robins (open-events.md 3, ``pairing: round_robin``): the Berger
tables against FIDE's (Handbook C.05, Annex 1), and whole events."""

from __future__ import annotations

from itertools import combinations

import pytest
import yaml

from podium_core.model import bye_field
from podium_core.pipeline import evaluate_one
from podium_core.roundedit import field_line
from podium_core.systems.carcassonne.berger import berger_round, cycle_rounds, round_robin

# FIDE Handbook C.05 Annex 1: the Berger tables, round by round, board by board (first-named starts).
FIDE = {
    4: ["1-4 2-3", "4-3 1-2", "2-4 3-1"],
    6: ["1-6 2-5 3-4", "6-4 5-3 1-2", "2-6 3-1 4-5", "6-5 1-4 2-3", "3-6 4-2 5-1"],
    8: ["1-8 2-7 3-6 4-5", "8-5 6-4 7-3 1-2", "2-8 3-1 4-7 5-6", "8-6 7-5 1-4 2-3",
        "3-8 4-2 5-1 6-7", "8-7 1-6 2-5 3-4", "4-8 5-3 6-2 7-1"],
    10: ["1-10 2-9 3-8 4-7 5-6", "10-6 7-5 8-4 9-3 1-2", "2-10 3-1 4-9 5-8 6-7", "10-7 8-6 9-5 1-4 2-3",
         "3-10 4-2 5-1 6-9 7-8", "10-8 9-7 1-6 2-5 3-4", "4-10 5-3 6-2 7-1 8-9", "10-9 1-8 2-7 3-6 4-5",
         "5-10 6-4 7-3 8-2 9-1"],
}


def table(pairs) -> str:
    return " ".join(f"{a}-{b}" for a, b in pairs)


@pytest.mark.parametrize("count", sorted(FIDE))
def test_berger_tables_are_fides(count):
    assert [table(berger_round(count, r)) for r in range(1, count)] == FIDE[count]


@pytest.mark.parametrize("count", [5, 7, 9])
def test_an_odd_group_uses_the_next_even_table_and_rests_against_its_last_number(count):
    """FIDE: an odd number of players plays the table of one more, the last number being the rest."""
    for number in range(1, count + 1):
        assert berger_round(count, number) == berger_round(count + 1, number)
    order = [f"p{i}" for i in range(1, count + 1)]
    rests = [round_robin(order, r)[1] for r in range(1, count + 1)]
    assert sorted(rests) == sorted(order)  # each player rests once


@pytest.mark.parametrize("count", range(2, 11))
def test_every_pair_meets_once_per_cycle_and_twice_with_starts_swapped(count):
    order = [f"p{i:02d}" for i in range(1, count + 1)]
    rounds = cycle_rounds(count)
    first = [pair for r in range(1, rounds + 1) for pair in round_robin(order, r, cycles=2)[0]]
    second = [pair for r in range(rounds + 1, 2 * rounds + 1) for pair in round_robin(order, r, cycles=2)[0]]
    assert sorted(tuple(sorted(p)) for p in first) == sorted(combinations(order, 2))
    assert second == [pair[::-1] for pair in first]
    assert round_robin(order, 2 * rounds + 1, cycles=2) is None
    assert round_robin(order, rounds + 1, cycles=1) is None


# -- whole events -----------------------------------------------------------------------


def write(folder, players, options, rounds=()):
    folder.mkdir(parents=True, exist_ok=True)
    data = {"name": "RR", "format": "carcassonne-lv", "seed": "rr", "options": options,
            "players": [{"id": p, "name": p.upper(), **extra} for p, extra in players]}
    (folder / "event.yaml").write_text(yaml.safe_dump(data, sort_keys=False), "utf-8")
    for number, body in rounds:
        (folder / f"swiss-{number:02d}.yaml").write_text(body, "utf-8")
    return folder


def play(folder, number, score=lambda a, b: [100, 90], extra=""):
    """Write round ``number`` as the engine seats it, with ``score(a, b)`` each."""
    (folder / f"swiss-{number:02d}.yaml").write_text(f"stage: swiss\nround: {number}\n{extra}", "utf-8")
    rnd = next(r for r in evaluate_one(folder).rounds if r.round == number and r.stage == "swiss")
    lines = [f"stage: swiss\nround: {number}\n{extra}"]
    if rnd.byes:
        lines.append(field_line("bye", bye_field(rnd.byes)))
    lines.append("games:\n")
    for unit in rnd.units:
        a, b = unit.players
        lines.append(f"  - {{table: {unit.table}, players: [{a}, {b}], score: {score(a, b)}}}\n")
    (folder / f"swiss-{number:02d}.yaml").write_text("".join(lines), "utf-8")
    return rnd


def test_a_round_robin_event_by_seed_with_a_rest(tmp_path):
    players = [(f"p{i}", {"seed": i}) for i in range(1, 6)]
    folder = write(tmp_path / "rr", players, {"pairing": "round_robin", "playoff_size": 0, "odd_field": "bye",
                                              "bye_result": "nothing"})
    met = []
    for number in range(1, 6):
        rnd = play(folder, number, lambda a, b: [100, 90] if a < b else [90, 100])
        met += [tuple(sorted(u.players)) for u in rnd.units]
        assert rnd.byes == (f"p{[1, 4, 2, 5, 3][number - 1]}",)  # the player paired with number 6 in the table of six
    assert sorted(met) == sorted(combinations([p for p, _ in players], 2))
    outcome = evaluate_one(folder)
    assert outcome.finished and [p.player for p in outcome.classification] == ["p1", "p2", "p3", "p4", "p5"]
    assert outcome.format.resolved_options(outcome.event)["swiss_rounds"] == 5



def test_two_odd_groups_of_a_round_robin_each_rest_one_player_a_round(tmp_path):
    players = [(f"p{i}", {"seed": i, "group": "A" if i <= 3 else "B"}) for i in range(1, 7)]
    folder = write(tmp_path / "rr", players, {"pairing": "round_robin", "groups": 2, "playoff_size": 0})
    met, rested = [], []
    for number in range(1, 4):
        rnd = play(folder, number)
        assert [int(pid[1:]) > 3 for pid in rnd.byes] == [False, True]  # one rest in A, one in B
        met += [tuple(sorted(u.players)) for u in rnd.units]
        rested += rnd.byes
    assert sorted(met) == sorted(combinations(["p1", "p2", "p3"], 2)) + sorted(combinations(["p4", "p5", "p6"], 2))
    assert sorted(rested) == [p for p, _ in players] and evaluate_one(folder).finished


def test_a_round_robin_game_with_an_absent_player_is_not_seated(tmp_path):
    players = [(f"p{i}", {"seed": i}) for i in range(1, 5)]
    folder = write(tmp_path / "rr", players, {"pairing": "round_robin", "playoff_size": 0})
    play(folder, 1)
    rnd = play(folder, 2, extra="absent: [p1]\n")
    assert [set(u.players) for u in rnd.units] == [{"p4", "p3"}]  # 4-3 played, 1-2 not seated


def test_late_entry_is_refused_in_a_round_robin(tmp_path):
    players = [(f"p{i}", {}) for i in range(1, 5)] + [("late", {"joins": 2})]
    folder = write(tmp_path / "rr", players, {"pairing": "round_robin", "playoff_size": 0, "odd_field": "bye"})
    with pytest.raises(Exception) as caught:
        evaluate_one(folder)
    assert "joins: 2: a round robin is drawn once for its whole field" in str(caught.value)


def test_more_rounds_than_the_round_robin_has_are_refused(tmp_path):
    players = [(f"p{i}", {}) for i in range(1, 5)]
    folder = write(tmp_path / "rr", players, {"pairing": "round_robin", "playoff_size": 0, "swiss_rounds": 4})
    with pytest.raises(Exception) as caught:
        evaluate_one(folder)
    assert "swiss_rounds: 4, but a round robin of these groups in 1 cycle has 3 rounds" in str(caught.value)
