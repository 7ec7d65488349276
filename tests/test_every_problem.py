"""Every problem of an event in one run, wherever it is and whatever the path given.

A file that fails its schema leaves the other files checked: the shared
rules run on every round that could be read, the engines on the rounds
before the first broken one.  ``podium validate`` takes a results folder, an
event folder or one file; messages name tables and matches by their numbers
and explain the common YAML slips.
"""

import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

from podium_core.cli import main
from podium_core.loader import load_bytes


def podium(*args, cwd=None):
    return subprocess.run([sys.executable, "-m", "podium_core.cli", *args], capture_output=True, text=True, cwd=cwd,
                          env={**os.environ, "PYTHONPATH": str(Path(__file__).resolve().parents[1] / "plugins")})


@pytest.fixture
def played(tmp_path):
    """A catan-lt-route66 event of 9 players with both qualifying rounds played."""
    folder = tmp_path / "results" / "cup"
    assert main(["simulate", str(folder), "--format", "catan-lt-route66", "--players", "9", "--rounds", "2"]) == 0
    return folder


def seat_of(text: str, table: int) -> str:
    """The first seat ``id: vp`` of a table in a round file's text."""
    block = text.split(f"- table: {table}\n")[1]
    return re.search(r"seats: \{([a-z0-9-]+: [0-9]+)", block).group(1)


def edit(path: Path, old: str, new: str) -> None:
    text = path.read_text("utf-8")
    assert old in text
    path.write_text(text.replace(old, new, 1), "utf-8")


def test_a_broken_file_hides_no_other_problem(played, capsys):
    q1, q2 = played / "qualifying-01.yaml", played / "qualifying-02.yaml"
    first = seat_of(q1.read_text("utf-8"), 1)
    edit(q1, first, first.split(":")[0] + ": 21")  # a rule of the engine: 0..20 VP
    pid = seat_of(q2.read_text("utf-8"), 1).split(":")[0]
    edit(q2, f"{pid}:", f"{pid}: ten, zoe:")  # a schema error (and an unknown id behind it)
    (played / "final-01.yaml").write_text("stage: final\nround: 1\nwithdrawn: [nobody]\n", "utf-8")
    code = main(["validate", str(played.parent)])
    err = capsys.readouterr().err.splitlines()
    assert code == 1
    assert any(line.startswith(f"{q1}:") and "21" in line for line in err), err
    assert any(line.startswith(f"{q2}:5: table 1, {pid}: 'ten' should be a whole number") for line in err), err
    assert f"{played / 'final-01.yaml'}:3: player 'nobody' is not a player of this event" in err
    assert err[-1] == f"{len(err) - 1} problems found"


def test_an_unknown_id_leaves_the_earlier_rounds_checked_by_the_engine(played, capsys):
    q1, q2 = played / "qualifying-01.yaml", played / "qualifying-02.yaml"
    first = seat_of(q1.read_text("utf-8"), 2)
    edit(q1, first, first.split(":")[0] + ": 25")
    pid = seat_of(q2.read_text("utf-8"), 1).split(":")[0]
    edit(q2, f"{pid}:", "zoe:")
    assert main(["validate", str(played.parent)]) == 1
    err = capsys.readouterr().err.splitlines()
    assert any(line.startswith(f"{q1}:") and "25" in line for line in err), err
    assert f"{q2}:5: player 'zoe' is not a player of this event" in err


def test_a_file_that_fails_its_schema_still_has_its_fields_checked(played, capsys):
    """session: and a Baśka deals: in a Catan round whose VP are not numbers: all three said."""
    q1 = played / "qualifying-01.yaml"
    pid = seat_of(q1.read_text("utf-8"), 1).split(":")[0]
    edit(q1, f"{pid}:", f"{pid}: ten, zoe:")
    edit(q1, "round: 1\n", "round: 1\nsession: 1\n")
    edit(q1, "  - table: 2\n", "  - table: 2\n    deals: [{game: honorowe, player: x}]\n")
    assert main(["validate", str(played)]) == 1
    err = capsys.readouterr().err.splitlines()
    assert any(line.startswith(f"{q1}:6: table 1, {pid}: 'ten' should be a whole number") for line in err), err
    assert any(line.startswith(f"{q1}:3: session: catan-lt-route66 round files have no such field") for line in err), err
    assert any(line.startswith(f"{q1}:8: table 2, deals: catan-lt-route66 tables have no such field") for line in err), err


def test_a_wrong_value_at_a_later_table_is_found_with_the_first(played, capsys):
    """The engine stops at a broken round; each later table's own values are still checked."""
    q1, q2 = played / "qualifying-01.yaml", played / "qualifying-02.yaml"
    pid = seat_of(q1.read_text("utf-8"), 1).split(":")[0]
    edit(q1, f"{pid}:", "zoe:")  # round 1 cannot be scored: round 2 is not reached by the engine
    later = seat_of(q2.read_text("utf-8"), 3)
    edit(q2, later, later.split(":")[0] + ": 21")
    assert main(["validate", str(played)]) == 1
    err = capsys.readouterr().err.splitlines()
    line = q2.read_text("utf-8").splitlines().index(next(l for l in q2.read_text("utf-8").splitlines() if ": 21" in l)) + 1
    assert f"{q1}:5: player 'zoe' is not a player of this event" in err
    assert f"{q2}:{line}: {later.split(':')[0]} has 21 VP; VP must be a whole number from 0 to 20" in err
    assert len([l for l in err if "21 VP" in l]) == 1  # said once


def test_validate_takes_an_event_folder_a_file_or_dot(played):
    for target, cwd in ((str(played), None), (str(played / "qualifying-01.yaml"), None), (".", played),
                        ("qualifying-02.yaml", played), ("event.yaml", played)):
        done = podium("validate", target, cwd=cwd)
        assert (done.returncode, done.stdout) == (0, "cup: valid\n"), (target, done.stderr)
    edit(played / "qualifying-02.yaml", "stage: qualifying", "stage: qualifying\nabsent: [zoe]")
    done = podium("validate", ".", cwd=played)
    assert done.returncode == 1 and done.stderr.startswith("qualifying-02.yaml:2: player 'zoe' is not a player")
    done = podium("validate", str(played / "missing.yaml"))
    assert done.returncode == 1 and "not found" in done.stderr and "Traceback" not in done.stderr


def test_an_empty_results_folder_is_not_reported_valid(tmp_path):
    done = podium("validate", str(tmp_path))
    assert done.returncode == 1 and "holds no event folders" in done.stderr and done.stdout == ""


def test_pair_inside_the_event_folder(played):
    (played / "qualifying-02.yaml").unlink()
    done = podium("pair", ".", cwd=played)
    assert done.returncode == 0, done.stderr
    assert "Table 1:" in done.stdout


def one(text: str) -> str:
    doc, problems = load_bytes(text.encode("utf-8"), "r.yaml")
    assert len(problems) == 1, problems
    return str(problems[0])


def test_yaml_slips_are_explained_in_plain_words():
    assert one("stage: final\nround: 1\ntables:\n  - table: 1\n\t- table: 2\n") == \
        "r.yaml:5: YAML syntax error: a tab character: YAML indents with spaces only (replace the tab with spaces)"
    assert one("stage: final\nround: 1\ntables:\n  -\ttable: 1\n") == \
        "r.yaml:4: YAML syntax error: a tab character: YAML indents with spaces only (replace the tab with spaces)"
    assert one("stage: final\nround:1\n") == \
        "r.yaml:2: YAML syntax error: 'round:1' needs a space after the ':' (write round: 1)"
    assert one("stage: final\nround: 1\ntables:\n  - table: 1\n    seats:\n      anna: 1\n      janis:8\n") == \
        "r.yaml:7: YAML syntax error: 'janis:8' needs a space after the ':' (write janis: 8)"
    assert one("stage: final\nround: 1\ntables:\n  - table: 1\n    seats: [a, b, c\n  - table: 2\n") == \
        "r.yaml:5: YAML syntax error: the list opened with '[' on this line is not closed: a ']' is missing (or a ',' between its entries)"
    assert one("stage: final\nround: 1\ntables:\n  - table: 1\n    seats: {a: 1, b: 2\n") == \
        "r.yaml:5: YAML syntax error: the mapping opened with '{' on this line is not closed: a '}' is missing (or a ',' between its entries)"


def test_a_glued_key_in_a_flow_mapping_is_explained(played, capsys):
    q2 = played / "qualifying-02.yaml"
    pid = seat_of(q2.read_text("utf-8"), 2).split(":")[0]
    edit(q2, f"{pid}: ", f"{pid}:")
    assert main(["validate", str(played)]) == 1
    err = capsys.readouterr().err.splitlines()
    value = re.search(rf"{pid}:([0-9]+)", q2.read_text("utf-8")).group(1)
    assert err[:-1] == [f"{q2}:7: '{pid}:{value}' needs a space after the ':' (write {pid}: {value})"]


def test_places_are_named_as_the_organiser_numbers_them(played, capsys):
    q2 = played / "qualifying-02.yaml"
    pid = seat_of(q2.read_text("utf-8"), 3).split(":")[0]
    edit(q2, f"{pid}: ", f"{pid}: x")
    assert main(["validate", str(played)]) == 1
    err = capsys.readouterr().err.splitlines()
    assert err[0].startswith(f"{q2}:9: table 3, {pid}: ")


def test_a_round_waiting_for_results_names_the_tables_without_one(played, capsys):
    q1, q2 = played / "qualifying-01.yaml", played / "qualifying-02.yaml"
    text = q1.read_text("utf-8")
    block = text.split("- table: 2\n")[1].split("\n")[0]
    seats = re.findall(r"([a-z0-9-]+): [0-9]+", block)
    q1.write_text(text.replace(block, f"    seats: [{', '.join(seats)}]"), "utf-8")
    assert main(["validate", str(played)]) == 1
    err = capsys.readouterr().err.splitlines()
    assert (f"{q2}:1: this round cannot be checked yet: Qualifying round 1 is not complete "
            f"(no result yet at table 2 of {q1})") in err, err
