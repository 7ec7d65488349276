"""The open field (open-events.md 1, 2): who is seated in each round, what a
missed round counts, and every rule of the field at its line."""

import io
from fractions import Fraction
from pathlib import Path

import pytest

from podium_core.attendance import Attendance
from podium_core.cli import main
from podium_core.criteria import REST_RESULTS, Ledger, buchholz, rest_entry, wins
from podium_core.modelling import read_event
from podium_core.formats import get_format
from podium_core.pipeline import evaluate_one
from support.simulated import simulate


def write(folder: Path, files: dict) -> Path:
    folder.mkdir(parents=True, exist_ok=True)
    for name, text in files.items():
        (folder / name).write_text(text, "utf-8")
    return folder


def players(count, **extra) -> str:
    """An event.yaml players: list of p1..pN; ``extra`` adds a line to a player (``p3="joins: 2"``)."""
    lines = []
    for i in range(1, count + 1):
        lines.append(f"  - id: p{i}\n    name: Player {i}\n")
        if f"p{i}" in extra:
            lines.append(f"    {extra[f'p{i}']}\n")
    return "players:\n" + "".join(lines)


def event(fmt: str, count: int, options: str = "", **extra) -> str:
    return f"name: Cup\nformat: {fmt}\n{options}" + players(count, **extra)


def validate(results, capsys) -> list[str]:
    """The problems ``podium validate`` finds, paths relative to ``results``."""
    capsys.readouterr()
    assert main(["validate", str(results)]) == 1
    return capsys.readouterr().err.replace(f"{results}/", "").splitlines()[:-1]


def attendance_of(folder) -> Attendance:
    event, problems, _unread = read_event(folder)
    assert event is not None, problems
    return Attendance(get_format(event.format, event.options), event)


# -- who is seated ----------------------------------------------------------------------

def test_the_field_of_each_round(tmp_path):
    folder = write(tmp_path / "results" / "cup", {
        "event.yaml": event("catan-lt-route66", 10, p9="joins: 2", p10="joins: 2"),
        "qualifying-01.yaml": "stage: qualifying\nround: 1\nabsent: [p1]\nwithdrawn: [p2]\n",
        "qualifying-02.yaml": "stage: qualifying\nround: 2\nabsent: [p3]\n",
    })
    field = attendance_of(folder)
    assert field.seated("qualifying", 1) == ["p3", "p4", "p5", "p6", "p7", "p8"]
    assert field.seated("qualifying", 2) == ["p1", "p4", "p5", "p6", "p7", "p8", "p9", "p10"]
    assert field.seated("final", 1) == ["p1", "p3", "p4", "p5", "p6", "p7", "p8", "p9", "p10"]
    assert field.missed("qualifying", 1) == ["p1", "p9", "p10"]  # the absent and the late, not the withdrawn
    assert field.missed("qualifying", 2) == ["p3"]
    assert field.of_round("qualifying", 1) == {"absent": ["p1"], "withdrawn": ["p2"]}
    assert field.of_round("qualifying", 2) == {"absent": ["p3"], "joins": ["p9", "p10"]}
    assert [(m.kind, m.stage, m.round) for m in field.marks_of("p9")] == [("joins", "qualifying", 2)]
    assert [(m.kind, m.round) for m in field.marks_of("p2")] == [("withdrawn", 1)]
    assert field.withdrawn_by("final", 1) and not field.withdrawn_by("qualifying", 1, before=True)


@pytest.mark.parametrize("absence, won, opponents", [("nothing", 0, []), ("loss", 0, [0]), ("half", Fraction(1, 2), [0])])
def test_a_missed_round_counts_as_the_option_says(absence, won, opponents):
    """loss and half count as a bye with that result: one opponent with 0 wins for Buchholz."""
    ledger = Ledger()
    entry = rest_entry(3, REST_RESULTS[absence])
    if entry is not None:
        ledger.add("p1", entry)
    assert wins("p1", ledger) == won and ledger.opponent_values("p1") == opponents and buchholz("p1", ledger) == 0


def test_catan_seats_each_round_from_its_field(tmp_path, monkeypatch):
    """Round 1 is drawn from the players seated then; a late entrant is ranked (0 wins) and seated from their round;
    under absence: half a missed round counts ½."""
    folder = write(tmp_path / "results" / "cup", {
        "event.yaml": event("catan-lt-route66", 9, "options: {absence: half}\n", p9="joins: 2"),
        "qualifying-01.yaml": "stage: qualifying\nround: 1\nabsent: [p1]\n",
    })
    assert main(["pair", str(folder), "--write"]) == 0
    first = evaluate_one(folder).rounds[0]
    assert sorted(first.players()) == [f"p{i}" for i in range(2, 9)] and [len(u.players) for u in first.units] == [4, 3]
    lines = "".join("10 8 7 5\n" if len(u.players) == 4 else "10 8 7\n" for u in first.units)
    monkeypatch.setattr("sys.stdin", io.StringIO(lines))
    assert main(["enter", str(folder)]) == 0
    outcome = evaluate_one(folder)
    rows = {row.player: row.values["wins"] for row in outcome.standings[-1].rows}
    assert rows["p1"] == Fraction(1, 2) and rows["p9"] == Fraction(1, 2)  # absent in 1; joins in 2
    assert main(["pair", str(folder), "--write"]) == 0
    second = evaluate_one(folder).rounds[1]
    assert sorted(second.players()) == sorted(f"p{i}" for i in range(1, 10))


# -- every rule of the field at its line ------------------------------------------------------

def test_joins_past_the_last_round_and_without_a_ranked_stage(tmp_path, capsys):
    write(tmp_path / "results" / "cup", {"event.yaml": event("catan-lt-route66", 9, p9="joins: 3")})
    seeded = "".join(f"  - {{id: s{i}, name: S{i}, seed: {i}{', joins: 2' if i == 4 else ''}}}\n" for i in range(1, 5))
    write(tmp_path / "results" / "knock", {"event.yaml": f"name: Knock\nformat: tantrix-wc\nplayers:\n{seeded}"})
    found = validate(tmp_path / "results", capsys)
    assert "cup/event.yaml:22: joins: 3, but qualifying has 2 rounds: a late entrant joins in round 2 at the latest" in found
    assert ("knock/event.yaml:7: joins: tantrix-wc has no stage whose field changes round by round: every player is in its "
            "draw from the start") in found


def test_a_late_entrant_named_before_joining(tmp_path, capsys):
    write(tmp_path / "results" / "cup", {
        "event.yaml": event("baska-gp", 9, "options: {sessions: 1, rounds_per_session: 3}\n", p9="joins: 3"),
        "grand-prix-01.yaml": "stage: grand-prix\nround: 1\nsession: 1\nabsent: [p9]\n",
        "grand-prix-02.yaml": "stage: grand-prix\nround: 2\nsession: 1\ntables:\n  - table: 1\n    seats: [p1, p2, p3, p9]\n",
    })
    found = validate(tmp_path / "results", capsys)
    assert "cup/grand-prix-01.yaml:4: 'p9' joins in round 3 (event.yaml) and cannot be listed in round 1" in found
    assert "cup/grand-prix-02.yaml:6: 'p9' joins in round 3 (event.yaml) and cannot be listed in round 2" in found


def test_a_withdrawn_player_seated_later_or_in_the_same_round(tmp_path, capsys):
    write(tmp_path / "results" / "cup", {
        "event.yaml": event("baska-gp", 9, "options: {sessions: 1, rounds_per_session: 3}\n"),
        "grand-prix-01.yaml": "stage: grand-prix\nround: 1\nsession: 1\nwithdrawn: [p1, p2]\ntables:\n"
                              "  - table: 1\n    seats: [p2, p3, p4, p5]\n",
        "grand-prix-02.yaml": "stage: grand-prix\nround: 2\nsession: 1\ntables:\n  - table: 1\n    seats: [p6, p1, p3, p4]\n",
    })
    found = validate(tmp_path / "results", capsys)
    assert "cup/grand-prix-01.yaml:7: player 'p2' is listed withdrawn but seated at table 1" in found
    assert "cup/grand-prix-02.yaml:6: p1 withdrew before round 1 and cannot be seated in round 2" in found


def test_a_repeated_withdrawal_is_a_note(tmp_path, monkeypatch, caplog):
    folder = simulate(tmp_path, "baska-gp", 9, 0)
    gone = attendance_of(folder).ids[0]
    write(folder, {"grand-prix-01.yaml": f"stage: grand-prix\nround: 1\nsession: 1\nwithdrawn: [{gone}]\n"})
    assert main(["pair", str(folder), "--write"]) == 0
    monkeypatch.setattr("sys.stdin", io.StringIO("30 10 -15 -25\n30 10 -15 -25\n"))
    assert main(["enter", str(folder)]) == 0
    write(folder, {"grand-prix-02.yaml": f"stage: grand-prix\nround: 2\nsession: 1\nabsent: [{gone}]\n"})
    caplog.clear()
    assert main(["validate", str(folder)]) == 0
    assert f"grand-prix-02.yaml:4: note: '{gone}' already withdrew before round 1" in caplog.text


def test_a_walkover_has_no_result(tmp_path, capsys):
    folder = simulate(tmp_path, "tantrix-wc", 4, 1)
    path = folder / "main-01.yaml"
    text = path.read_text("utf-8")
    first = text.split("players: [")[1].split(",")[0]
    path.write_text(text.replace("round: 1\n", f"round: 1\nwithdrawn: [{first}]\n", 1), "utf-8")
    found = validate(folder.parent, capsys)
    assert any(f"match 1: {first} withdrew: a game lost by walkover has no result (remove it)" in line for line in found), found


def test_absent_with_a_result_absent_and_withdrawn_and_unplayed_with_scores(tmp_path, capsys):
    write(tmp_path / "results" / "cup", {
        "event.yaml": event("baska-gp", 9, "options: {sessions: 1, rounds_per_session: 3}\n"),
        "grand-prix-01.yaml": "stage: grand-prix\nround: 1\nsession: 1\nabsent: [p1, p9]\nwithdrawn: [p9]\ntables:\n"
                              "  - table: 1\n    seats: {p1: 30, p2: 10, p3: -15, p4: -25}\n    unplayed: power cut\n",
    })
    found = validate(tmp_path / "results", capsys)
    assert "cup/grand-prix-01.yaml:4: player 'p1' is listed absent but has a result at table 1" in found
    assert ("cup/grand-prix-01.yaml:4: player 'p9' is listed both absent and withdrawn: withdrawn: covers this round and "
            "every later one") in found
    assert ("cup/grand-prix-01.yaml:9: table 1 is recorded as not played (unplayed: 'power cut') but has a result: keep "
            "either the reason or the result") in found


def test_the_absence_option_where_it_makes_no_sense(tmp_path, capsys):
    write(tmp_path / "results" / "gp", {"event.yaml": event("baska-gp", 8, "options: {absence: half}\n")})
    seeded = "".join(f"  - {{id: s{i}, name: S{i}, seed: {i}}}\n" for i in range(1, 5))
    write(tmp_path / "results" / "knock", {"event.yaml": f"name: Knock\nformat: tantrix-wc\noptions: {{absence: loss}}\n"
                                                          f"players:\n{seeded}"})
    write(tmp_path / "results" / "cup", {"event.yaml": event("catan-lt-route66", 8, "options: {absence: win}\n")})
    found = validate(tmp_path / "results", capsys)
    assert ("gp/event.yaml:3: options.absence: 'half' is not one of: nothing (Baśka ranks by placement points: an absent "
            "player scores nothing)") in found
    assert ("knock/event.yaml:3: options.absence: Tantrix has no ranked stage: a player who cannot play a match loses it "
            "by walkover (withdrawn: [id] in its round file)") in found
    assert "cup/event.yaml:3: options.absence: 'win' is not one of: nothing, loss, half" in found


def test_a_round_whose_field_cannot_be_seated_is_named(tmp_path, capsys):
    write(tmp_path / "results" / "cup", {
        "event.yaml": event("catan-lt-route66", 8),
        "qualifying-01.yaml": "stage: qualifying\nround: 1\nabsent: [p1, p2, p3]\n",
    })
    assert validate(tmp_path / "results", capsys) == [
        "cup/qualifying-01.yaml:2: qualifying round 1: 5 players cannot be seated at tables of 3 and 4 (1, 2 and 5 are "
        "impossible) (5 of the 8 players are seated in this round)"]


def test_every_problem_of_the_field_at_once(tmp_path, capsys):
    """A late entrant past the last round, a withdrawn player seated, an absent player with a result and a table
    never played that has a result, in one run, each at its line."""
    write(tmp_path / "results" / "cup", {
        "event.yaml": event("baska-gp", 9, "options: {sessions: 1, rounds_per_session: 3}\n", p9="joins: 4"),
        "grand-prix-01.yaml": "stage: grand-prix\nround: 1\nsession: 1\nwithdrawn: [p1]\nabsent: [p2]\ntables:\n"
                              "  - table: 1\n    seats: {p1: 30, p2: 10, p3: -15, p4: -25}\n    unplayed: storm\n",
    })
    found = validate(tmp_path / "results", capsys)
    assert "cup/event.yaml:23: joins: 4, but grand-prix has 3 rounds: a late entrant joins in round 3 at the latest" in found
    assert "cup/grand-prix-01.yaml:5: player 'p2' is listed absent but has a result at table 1" in found
    assert "cup/grand-prix-01.yaml:8: player 'p1' is listed withdrawn but seated at table 1" in found
    assert ("cup/grand-prix-01.yaml:9: table 1 is recorded as not played (unplayed: 'storm') but has a result: keep "
            "either the reason or the result") in found
