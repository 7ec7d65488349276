"""Catan rules (formats.md sections 1 and 2) through the whole pipeline."""

import hashlib
import json
from fractions import Fraction

import pytest

from podium_core.errors import Problems
from podium_core.export import event_document
from podium_core.systems.catan.engine import score_table, table_shares
from podium_core.model import Table, Where
from podium_core.loader import Document
from podium_core.pipeline import evaluate_one

IDS = ["ann", "ben", "cid", "dan", "eve", "fay", "gus"]


def draw(ids, seed, purpose):
    """The draw of formats.md 0.1, computed independently of podium_core.draw."""
    return sorted(ids, key=lambda pid: hashlib.sha256(f"{seed}/{purpose}/{pid}".encode()).hexdigest())


def event_yaml(ids=IDS, fmt="catan-lt-route66", extra=""):
    players = "\n".join(f"  - {{id: {pid}, name: {pid.title()}}}" for pid in ids)
    return f"name: Cup\nformat: {fmt}\nseed: cup\n{extra}players:\n{players}\n"


def tables_yaml(stage, number, tables, extra=""):
    lines = [f"stage: {stage}", f"round: {number}", extra.rstrip(), "tables:"]
    for i, seats in enumerate(tables, 1):
        lines.append(f"  - table: {i}")
        if isinstance(seats, dict):
            winner = seats.pop("winner", None)
            lines.append("    seats: {" + ", ".join(f"{k}: {v}" for k, v in seats.items()) + "}")
            if winner:
                lines.append(f"    winner: {winner}")
        else:
            lines.append(f"    seats: [{', '.join(seats)}]")
    return "\n".join(line for line in lines if line) + "\n"


def export(folder):
    return json.loads(json.dumps(event_document(evaluate_one(folder))))


def problems_of(folder):
    with pytest.raises(Problems) as caught:
        evaluate_one(folder)
    return [str(p).split("/results/test-event/")[-1] for p in caught.value.problems]


def where():
    return Where(Document("t.yaml", {}, {(): 1}))


# -- formats.md 1: the game result and the share ----------------------------------

def test_share_examples_of_the_rules():
    assert table_shares((8, 10, 7, 7))[0] == Fraction(8, 32) == Fraction(1, 4)
    assert table_shares((10, 6, 5)) == (Fraction(10, 28), Fraction(6, 28), Fraction(5, 28))


def test_vp_over_ten_count_as_ten_and_winner_is_implied():
    result, problems = score_table(Table(1, ("a", "b", "c", "d"), where(), (12, 8, 7, 7)))
    assert problems == []
    assert result.counted == (10, 8, 7, 7) and result.winner == "a"
    assert result.shares[0] == Fraction(10, 32)


def test_time_limit_game_has_no_winner_but_vp_count():
    result, problems = score_table(Table(1, ("a", "b", "c"), where(), (9, 8, 7), winner="none"))
    assert problems == [] and result.winner is None and result.stopped
    assert sum(result.shares) == Fraction(3, 4)  # a 3-player total is inflated by 4/3


@pytest.mark.parametrize("scores, winner, message", [
    ((10, 11, 3, 4), None, "a and b both have 10 VP or more: say who won with winner: <id>"),
    ((9, 8, 3, 4), None, "nobody reached 10 VP: if the time limit stopped the game, say winner: none"),
    ((21, 8, 3, 4), None, "a has 21 VP; VP must be a whole number from 0 to 20"),
    ((10, 8, 3, 4), "b", "winner b has fewer than 10 VP"),
    ((10, 8, 3, 4), "none", "winner: none, but a reached 10 VP"),
])
def test_bad_results(scores, winner, message):
    _, problems = score_table(Table(1, ("a", "b", "c", "d"), where(), scores, winner=winner))
    assert [p.message for p in problems] == [message]


def test_two_winners_resolved_by_explicit_winner():
    result, problems = score_table(Table(1, ("a", "b", "c", "d"), where(), (10, 11, 3, 4), winner="a"))
    assert problems == [] and result.winner == "a"


# -- a whole event, computed by hand ---------------------------------------------

def round_one(event_folder, results=None):
    order = draw(IDS, "cup", "qualifying/1")
    t1, t2 = order[:4], order[4:]
    results = results or [{t1[0]: 10, t1[1]: 8, t1[2]: 7, t1[3]: 7}, {t2[0]: 11, t2[1]: 6, t2[2]: 5}]
    folder = event_folder({"event.yaml": event_yaml(), "qualifying-01.yaml": tables_yaml("qualifying", 1, [dict(r) for r in results])})
    return folder, t1, t2


def test_standings_after_round_one_by_hand(event_folder):
    folder, t1, t2 = round_one(event_folder)
    doc = export(folder)
    rows = doc["standings"][0]["rows"]
    # t2[0]: 1 win, 10 VP, 10/28; t1[0]: 1 win, 10 VP, 10/32; then 8 VP; 7 & 7 (lots); 6; 5
    assert [r["player"] for r in rows[:3]] == [t2[0], t1[0], t1[1]]
    assert rows[0]["values"] == {"wins": 1, "vp": 10, "vp_share": round(10 / 28, 6)}
    assert rows[1]["values"] == {"wins": 1, "vp": 10, "vp_share": 0.3125}
    lot = sorted([t1[2], t1[3]], key=lambda p: hashlib.sha256(f"cup/lot/{p}".encode()).hexdigest())
    assert [r["player"] for r in rows[3:]] == lot + [t2[1], t2[2]]
    assert rows[5]["values"] == {"wins": 0, "vp": 6, "vp_share": round(6 / 28, 6)}
    assert doc["rounds"][0]["seating"] == {"method": "draw", "filled": False, "purpose": "qualifying/1"}
    assert doc["classification"] is None


def test_round_two_is_seated_by_rank_with_three_player_table_last(event_folder):
    folder, t1, t2 = round_one(event_folder)
    (folder / "qualifying-02.yaml").write_text("stage: qualifying\nround: 2\n")
    doc = export(folder)
    ranked = [r["player"] for r in doc["standings"][0]["rows"]]
    upcoming = doc["rounds"][1]
    assert upcoming["status"] == "upcoming" and upcoming["seating"]["filled"] and upcoming["seating"]["method"] == "rank"
    assert [t["players"] for t in upcoming["tables"]] == [ranked[:4], ranked[4:]]


def test_a_listed_seating_that_differs_names_the_table_unless_manual(event_folder):
    folder, t1, t2 = round_one(event_folder)
    swapped = [t2[1:] + t1[:2], t1[2:] + [t2[0]]]
    (folder / "qualifying-02.yaml").write_text(tables_yaml("qualifying", 2, swapped))
    found = problems_of(folder)
    assert len(found) == 2 and found[0].startswith("qualifying-02.yaml:4: table 1 differs from the rules, which seat: ")
    assert found[1].startswith("qualifying-02.yaml:6: table 2 differs from the rules, which seat: ")  # every table that differs
    (folder / "qualifying-02.yaml").write_text(tables_yaml("qualifying", 2, swapped, extra='manual: "Ann had to leave early"'))
    doc = export(folder)
    assert doc["rounds"][1]["seating"]["manual"] == "Ann had to leave early"


def test_a_table_size_the_rules_forbid(event_folder):
    order = draw(IDS, "cup", "qualifying/1")
    folder = event_folder({"event.yaml": event_yaml(), "qualifying-01.yaml": tables_yaml("qualifying", 1, [order[:5], order[5:]])})
    assert problems_of(folder) == [f"qualifying-01.yaml:4: table 1 differs from the rules, which seat: {', '.join(order[:4])} (or add manual: \"reason\")",
                                   f"qualifying-01.yaml:6: table 2 differs from the rules, which seat: {', '.join(order[4:])} (or add manual: \"reason\")"]


def test_impossible_field_size(event_folder):
    folder = event_folder({"event.yaml": event_yaml(IDS[:5]), "qualifying-01.yaml": "stage: qualifying\nround: 1\n"})
    assert problems_of(folder) == ["event.yaml:5: 5 players cannot be seated at tables of 3 and 4 (1, 2 and 5 are impossible)"]


def play_two_rounds(event_folder, ids):
    folder = event_folder({"event.yaml": event_yaml(ids)})
    order = draw(ids, "cup", "qualifying/1")
    first = [{pid: vp for pid, vp in zip(order[i:i + 4], (10, 8 - i // 4, 5, 2))} for i in range(0, 8, 4)]
    (folder / "qualifying-01.yaml").write_text(tables_yaml("qualifying", 1, [dict(t) for t in first]))
    (folder / "qualifying-02.yaml").write_text("stage: qualifying\nround: 2\n")
    seating = [t["players"] for t in export(folder)["rounds"][1]["tables"]]
    second = [{pid: vp for pid, vp in zip(t, (10, 9, 4, 3))} for t in seating]
    (folder / "qualifying-02.yaml").write_text(tables_yaml("qualifying", 2, [dict(t) for t in second]))
    return folder


def test_final_of_top_four_withdrawal_and_classification(event_folder):
    ids = [f"p{i}" for i in range(1, 9)]
    folder = play_two_rounds(event_folder, ids)
    ranked = [r["player"] for r in export(folder)["standings"][-1]["rows"]]
    (folder / "final-01.yaml").write_text(f"stage: final\nround: 1\nwithdrawn: [{ranked[1]}]\n")
    final = export(folder)["rounds"][2]
    finalists = [ranked[0]] + ranked[2:5]
    assert final["tables"][0]["players"] == finalists  # the 5th moves in, listed by rank
    scores = dict(zip(finalists, (7, 10, 7, 9)))
    (folder / "final-01.yaml").write_text(tables_yaml("final", 1, [scores], extra=f"withdrawn: [{ranked[1]}]"))
    doc = export(folder)
    places = [p["player"] for p in doc["classification"]]
    # winner, then by VP in the final (9, then 7 and 7 by ranking), then the rest by ranking
    assert places[:4] == [finalists[1], finalists[3], finalists[0], finalists[2]]
    assert places[4:] == [p for p in ranked if p not in places[:4]]
    assert [p["place"] for p in doc["classification"]] == list(range(1, 9))


def test_the_final_must_have_a_winner(event_folder):
    ids = [f"p{i}" for i in range(1, 9)]
    folder = play_two_rounds(event_folder, ids)
    ranked = [r["player"] for r in export(folder)["standings"][-1]["rows"]]
    seats = dict(zip(ranked[:4], (7, 8, 9, 6)))
    seats["winner"] = "none"
    (folder / "final-01.yaml").write_text(tables_yaml("final", 1, [seats]))
    assert problems_of(folder) == ["final-01.yaml:6: this game has no time limit, so it must have a winner"]


def test_seating_of_a_round_waits_for_the_previous_one(event_folder):
    order = draw(IDS, "cup", "qualifying/1")
    partial = [dict(zip(order[:4], (10, 1, 2, 3))), order[4:]]
    folder = event_folder({"event.yaml": event_yaml(), "qualifying-01.yaml": tables_yaml("qualifying", 1, partial),
                           "qualifying-02.yaml": "stage: qualifying\nround: 2\n"})
    doc = export(folder)
    assert [r["status"] for r in doc["rounds"]] == ["in-progress", "upcoming"]
    assert doc["rounds"][1]["tables"] == [] and "not complete" in doc["rounds"][1]["waiting"]
    assert doc["standings"] == []
