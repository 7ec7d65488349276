"""``podium withdraw`` and ``podium join`` in every system (open-events.md 1):
recorded in the next unplayed round (or round N), that round seated again by
the rules, a round with results refused in one line, all or nothing."""

import re

import pytest

from podium_core.cli import main
from podium_core.pipeline import evaluate_one
from support.simulated import simulate
from test_reseat import players_of


def seated(path):
    """The players of each table (game, match) of a round file, in order."""
    return [re.findall(r"[a-z0-9-]+", re.sub(r": -?[0-9]+", "", line.split(":", 1)[1]))
            for line in path.read_text("utf-8").splitlines() if line.strip().startswith(("seats:", "players:"))]


def run(capsys, *argv) -> tuple[int, str, str]:
    capsys.readouterr()
    code = main(list(argv))
    out = capsys.readouterr()
    return code, out.out, out.err


def test_a_catan_withdrawal_during_the_qualifying_goes_into_the_next_round(tmp_path, capsys):
    folder = simulate(tmp_path, "catan-lt-route66", 9, 1)
    gone = players_of(folder)[0]
    code, out, _err = run(capsys, "withdraw", str(folder), gone, "--reason", "train home")
    path = folder / "qualifying-02.yaml"
    assert code == 0 and f"{gone}: withdrawn in {path}" in out and f"written: {path}" in out
    assert f"withdrawn: [{gone}]   # {gone}: train home\n" in path.read_text("utf-8")
    assert gone not in sum(seated(path), []) and [len(t) for t in seated(path)] == [4, 4]
    assert main(["validate", str(folder)]) == 0
    code, _out, err = run(capsys, "withdraw", str(folder), gone)
    assert code == 1 and err == f"podium withdraw: {gone} withdrew before round 2 already ({path})\n"


def test_a_round_with_results_is_refused_and_round_n_is_taken(tmp_path, capsys):
    folder = simulate(tmp_path, "baska-gp", 9, 2)
    someone = players_of(folder)[3]
    code, _out, err = run(capsys, "withdraw", str(folder), someone, "--absent", "--round", "2")
    assert code == 1 and err.count("\n") == 1
    assert "grand-prix round 2 has been played or is being played: the next unplayed round is grand-prix round 3" in err
    code, _out, err = run(capsys, "withdraw", str(folder), someone, "--absent", "--round", "5")
    assert code == 1 and "grand-prix round 5 has no file yet and comes after grand-prix round 3" in err
    assert not (folder / "grand-prix-05.yaml").exists()
    code, out, _err = run(capsys, "withdraw", str(folder), someone, "--absent", "--round", "3")
    third = folder / "grand-prix-03.yaml"
    assert code == 0 and f"{someone}: absent in {third}" in out and f"written: {third}" in out
    assert f"absent: [{someone}]" in third.read_text("utf-8") and main(["validate", str(folder)]) == 0
    code, _out, err = run(capsys, "withdraw", str(folder), someone, "--round", "99")
    assert code == 1 and "there is no round 99" in err


def test_a_withdrawal_the_rules_cannot_seat_leaves_nothing_written(tmp_path, capsys):
    """Catan's qualifying of 6 seats 3 and 3: a withdrawal leaves 5, which no tables of 3 and 4 seat."""
    folder = simulate(tmp_path, "catan-lt-route66", 6, 1)
    before = {p.name: p.read_bytes() for p in folder.iterdir()}
    code, _out, err = run(capsys, "withdraw", str(folder), players_of(folder)[0])
    assert code == 1 and "5 players cannot be seated at tables of 3 and 4" in err
    assert {p.name: p.read_bytes() for p in folder.iterdir()} == before


def test_join_adds_a_late_entrant_to_the_next_round_keeping_event_yaml(tmp_path, capsys):
    folder = simulate(tmp_path, "baska-gp", 8, 1)
    event = folder / "event.yaml"
    event.write_text(event.read_text("utf-8").replace("players:\n", "players:   # as registered\n", 1), "utf-8")
    code, out, _err = run(capsys, "join", str(folder), "zofia-nowak", "--name", "Zofia Nowak", "--club", "Kraków",
                          "--country", "PL")
    assert code == 0 and "zofia-nowak: joins in round 2 of grand-prix" in out
    text = event.read_text("utf-8")
    assert "players:   # as registered\n" in text and 'Zofia Nowak' in text and "joins: 2" in text
    assert "zofia-nowak" in sum(seated(folder / "grand-prix-02.yaml"), [])
    outcome = evaluate_one(folder)
    assert outcome.event.player("zofia-nowak").joins == 2 and outcome.rounds[0].status == "complete"
    code, _out, err = run(capsys, "join", str(folder), "zofia-nowak", "--name", "Again")
    assert code == 1 and "'zofia-nowak' is a player of cup already" in err
    code, _out, err = run(capsys, "join", str(folder), "x", "--name", "X", "--group", "A")
    assert code == 1 and "--group: baska-gp plays in no groups" in err


def test_join_before_the_first_round_is_an_ordinary_entry_and_a_knockout_takes_none(tmp_path, capsys):
    folder = simulate(tmp_path, "catan-lt-route66", 8, 0)
    assert run(capsys, "join", str(folder), "late", "--name", "Late Comer")[0] == 0
    assert "joins:" not in (folder / "event.yaml").read_text("utf-8") and main(["validate", str(folder)]) == 0
    knockout = simulate(tmp_path / "k", "tantrix-wc", 8, 0)
    code, _out, err = run(capsys, "join", str(knockout), "late", "--name", "Late Comer")
    assert code == 1 and "tantrix-wc has no stage whose field changes round by round" in err


def test_join_after_the_last_qualifying_round_is_refused(tmp_path, capsys):
    folder = simulate(tmp_path, "catan-lt-route66", 8, 2)
    code, _out, err = run(capsys, "join", str(folder), "late", "--name", "Late Comer")
    assert code == 1 and "every round of qualifying has been played or is being played" in err


def test_a_tantrix_withdrawal_is_recorded_where_the_players_next_match_is(tmp_path, capsys):
    folder = simulate(tmp_path, "tantrix-wc", 8, 1)
    winner = next(m["winner"] for m in _matches(folder, 1))
    code, out, _err = run(capsys, "withdraw", str(folder), winner, "--reason", "flight")
    second = folder / "main-02.yaml"
    assert code == 0 and f"{winner}: withdrawn in {second}" in out
    match = next(m for m in _matches(folder, 2) if winner in m["players"])
    assert match["walkover"] == winner and match["winner"] != winner
    loser = next(p for m in _matches(folder, 1) for p in m["players"] if p != m["winner"])
    code, _out, err = run(capsys, "withdraw", str(folder), loser)
    assert code == 1 and f"{loser} is out of the draw already" in err


def _matches(folder, number):
    from podium_core.export import event_document

    doc = event_document(evaluate_one(folder))
    return next(r for r in doc["rounds"] if r["round"] == number and r["stage"] == "main")["matches"]


def test_carcassonne_withdraw_and_join_reseat_the_swiss_round(tmp_path, capsys):
    """11 players and the reserve: the reserve plays while the field is odd, sits out once a withdrawal evens it,
    and plays again when a late entrant makes it odd."""
    folder = simulate(tmp_path, "carcassonne-lv", 11, 2)
    reserve = players_of(folder)[-1]
    assert reserve in sum(seated(folder / "swiss-02.yaml"), [])
    gone = players_of(folder)[0]
    code, _out, err = run(capsys, "withdraw", str(folder), gone)
    path = folder / "swiss-03.yaml"
    assert code == 0, err
    assert gone not in sum(seated(path), []) and reserve not in sum(seated(path), [])
    assert main(["validate", str(folder)]) == 0
    assert run(capsys, "join", str(folder), "late", "--name", "Late Comer")[0] == 0
    now = sum(seated(path), [])
    assert "late" in now and reserve in now and gone not in now and main(["validate", str(folder)]) == 0


@pytest.mark.parametrize("fmt, kinds", [
    ("catan-lv-2016", {"absent", "withdrawn", "joins"}),
    ("baska-gp", {"absent", "withdrawn", "joins"}),
    ("tantrix-wc", {"withdrawn"}),
])
def test_simulate_open_field_plays_absences_withdrawals_and_late_entries(tmp_path, capsys, fmt, kinds):
    from podium_core.export import event_document

    folder = tmp_path / "results" / "cup"
    assert main(["simulate", str(folder), "--format", fmt, "--players", "17", "--open-field"]) == 0
    assert main(["validate", str(folder)]) == 0
    doc = event_document(evaluate_one(folder))
    found = {kind for rnd in doc["rounds"] for kind in ("absent", "withdrawn", "joins") if rnd.get(kind)}
    assert found == kinds and doc["finished"]
    if "joins" in kinds:
        assert [p["joins"] for p in doc["players"] if "joins" in p] == [2]
    if fmt == "tantrix-wc":
        assert sum("walkover" in m for rnd in doc["rounds"] for m in rnd["matches"]) == 1


def test_withdraw_takes_a_start_of_the_id_or_name_and_says_what_a_typo_may_mean(tmp_path, capsys):
    folder = simulate(tmp_path, "catan-lt-route66", 9, 1)
    ids = players_of(folder)
    gone = ids[0]
    typo = gone[:-1] + ("x" if gone[-1] != "x" else "y")
    code, _out, err = run(capsys, "withdraw", str(folder), typo)
    assert code == 1 and f"'{typo}' is not a player of cup (did you mean {gone}" in err, err
    start = next(gone[:n] for n in range(1, len(gone) + 1) if sum(p.startswith(gone[:n]) for p in ids) == 1)
    code, out, _err = run(capsys, "withdraw", str(folder), start.upper())
    assert code == 0 and f"{gone}: withdrawn in" in out
