"""The Catan championship of Latvia 2016 (formats.md section 1): semifinal,
withdrawals, the final of table winners, table roles and the classification."""

import json

import pytest

from podium_core.errors import Problems
from podium_core.export import event_document
from podium_core.pipeline import evaluate_one
from podium_core.simulate import invent_players, new_event_yaml, simulate


def snake(qualifiers, tables):
    T = tables
    return [[qualifiers[n - 1] for n in (t, 2 * T + 1 - t, 2 * T + t, 4 * T + 1 - t)] for t in range(1, T + 1)]


@pytest.fixture
def qualified(tmp_path):
    """A factory: an LV championship with its four qualifying rounds played."""

    def make(players=22, options=None):
        folder = tmp_path / "results" / "lv"
        folder.mkdir(parents=True)
        people = invent_players(players, "lv", "lv-test")
        extra = {"options": options} if options else {}
        (folder / "event.yaml").write_text(new_event_yaml("LV", "catan-lv-2016", people, **extra), "utf-8")
        simulate(folder, seed="t", rounds=4)
        return folder

    return make


def export(folder):
    return json.loads(json.dumps(event_document(evaluate_one(folder))))


def qualifying_order(doc):
    return [r["player"] for r in doc["standings"][-1]["rows"]]


def test_semifinal_of_sixteen_by_the_snake(qualified):
    folder = qualified()
    (folder / "semifinal-01.yaml").write_text("stage: semifinal\nround: 1\n")
    doc = export(folder)
    ranked = qualifying_order(doc)
    semifinal = doc["rounds"][-1]
    assert semifinal["status"] == "upcoming" and semifinal["seating"]["method"] == "snake"
    assert [t["players"] for t in semifinal["tables"]] == snake(ranked[:16], 4)


def test_semifinal_of_twenty_four(qualified):
    folder = qualified(players=30, options={"semifinal_size": 24})
    (folder / "semifinal-01.yaml").write_text("stage: semifinal\nround: 1\n")
    doc = export(folder)
    tables = [t["players"] for t in doc["rounds"][-1]["tables"]]
    assert tables == snake(qualifying_order(doc)[:24], 6)
    assert tables[0] == [qualifying_order(doc)[i - 1] for i in (1, 12, 13, 24)]


def test_withdrawal_cascade(qualified):
    folder = qualified()
    ranked = qualifying_order(export(folder))
    (folder / "semifinal-01.yaml").write_text(f"stage: semifinal\nround: 1\nwithdrawn: [{ranked[2]}, {ranked[16]}]\n")
    outcome = evaluate_one(folder)
    semifinal = outcome.rounds[-1]
    qualifiers = [p for p in ranked if p not in (ranked[2], ranked[16])][:16]
    assert qualifiers[-1] == ranked[17]  # the 17th withdrew too, so the 18th moves in
    assert [list(t.players) for t in semifinal.units] == snake(qualifiers, 4)
    assert semifinal.extra["replaced"] == [(ranked[2], ranked[17])]


def play_semifinal(folder, stop_table=None):
    (folder / "semifinal-01.yaml").write_text("stage: semifinal\nround: 1\n")
    simulate(folder, seed="semi", rounds=1)
    if stop_table:
        path = folder / "semifinal-01.yaml"
        lines = path.read_text().splitlines()
        at = lines.index(f"  - table: {stop_table}") + 1
        seats = lines[at].split("{")[1].rstrip("}").split(", ")
        lines[at] = "    seats: {" + ", ".join(f"{s.split(': ')[0]}: {min(9, int(s.split(': ')[1]))}" for s in seats) + "}"
        lines = [line for i, line in enumerate(lines) if not (i == at + 1 and "winner" in line)]
        lines.insert(at + 1, "    winner: none")
        path.write_text("\n".join(lines) + "\n")


def test_final_of_table_winners_in_final_rank_order(qualified):
    folder = qualified()
    play_semifinal(folder)
    (folder / "final-01.yaml").write_text("stage: final\nround: 1\n")
    doc = export(folder)
    final_rank = [r["player"] for r in doc["standings"][-1]["rows"]]
    assert doc["standings"][-1]["stage"] == "semifinal" and len(final_rank) == 16
    winners = [t["winner"] for t in doc["rounds"][-2]["tables"]]
    assert doc["rounds"][-1]["tables"][0]["players"] == sorted(winners, key=final_rank.index)


def test_final_waits_for_advance_after_a_table_without_winner(qualified):
    folder = qualified()
    play_semifinal(folder, stop_table=2)
    (folder / "final-01.yaml").write_text("stage: final\nround: 1\n")
    doc = export(folder)
    assert "semifinal table 2 ended without a winner" in doc["rounds"][-1]["waiting"]
    assert doc["rounds"][-1]["tables"] == []
    table_two = doc["rounds"][-2]["tables"][1]["players"]
    outsider = doc["rounds"][-2]["tables"][0]["players"][0]
    (folder / "final-01.yaml").write_text(f"stage: final\nround: 1\nadvance: {{2: {outsider}, 9: {outsider}}}\nwithdrawn: [{outsider}]\n")
    with pytest.raises(Problems) as caught:
        evaluate_one(folder)
    messages = [f"{p.line}: {p.message}" for p in caught.value.problems]
    assert f"3: {outsider} did not play at semifinal table 2" in messages
    assert "3: there is no semifinal table 9" in messages
    assert "4: withdrawn is not accepted in the final: the semifinal table winners play it" in messages
    (folder / "final-01.yaml").write_text(f"stage: final\nround: 1\nadvance: {{2: {table_two[1]}}}\n")
    doc = export(folder)
    assert table_two[1] in doc["rounds"][-1]["tables"][0]["players"]


def test_roles_and_classification(qualified):
    folder = qualified()
    play_semifinal(folder)
    (folder / "final-01.yaml").write_text("stage: final\nround: 1\n")
    simulate(folder, seed="final", rounds=1)
    outcome = evaluate_one(folder)
    doc = export(folder)
    # round 1: the banker is last in turn order; round 2: the lowest-ranked at the table
    first = outcome.rounds[0].units[0]
    assert first.banker == first.players[-1]
    after_one = [r.player for r in outcome.standings[0].rows]
    second = outcome.rounds[1].units[0]
    assert second.banker == max(second.players, key=after_one.index)
    final = doc["rounds"][-1]["tables"][0]
    final_rank = [r["player"] for r in doc["standings"][-1]["rows"]]
    qualifying = [r["player"] for r in doc["standings"][3]["rows"]]
    vp = dict(zip(final["players"], final["counted_vp"]))
    others = sorted((p for p in final["players"] if p != final["winner"]), key=lambda p: (-vp[p], final_rank.index(p)))
    expected = [final["winner"]] + others
    expected += [p for p in final_rank if p not in expected]
    expected += [p for p in qualifying if p not in expected]
    assert [p["player"] for p in doc["classification"]] == expected
    assert "banker" not in final


def test_semifinal_seating_that_differs_needs_manual(qualified):
    folder = qualified()
    ranked = qualifying_order(export(folder))
    tables = [ranked[i:i + 4] for i in range(0, 16, 4)]  # straight by rank, not the snake
    body = "".join(f"  - table: {i}\n    seats: [{', '.join(t)}]\n" for i, t in enumerate(tables, 1))
    (folder / "semifinal-01.yaml").write_text("stage: semifinal\nround: 1\ntables:\n" + body)
    with pytest.raises(Problems) as caught:
        evaluate_one(folder)
    assert [p.line for p in caught.value.problems] == [4, 6, 8, 10]  # every table that differs
    assert "table 1 differs from the rules" in caught.value.problems[0].message
