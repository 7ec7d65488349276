"""Re-seating an upcoming round (podium pair --write) and withdrawals (podium withdraw)."""

import io
import os
import re
import stat

import pytest

from podium_core.cli import main
from support.simulated import simulate, route66_with_semifinal
from podium_core.roundedit import field_line, set_field, set_units


def players_of(folder):
    return re.findall(r"^  - id: (\S+)$", (folder / "event.yaml").read_text("utf-8"), re.M)


def seated(path):
    return [re.findall(r"[a-z0-9-]+", line.split(":", 1)[1]) for line in path.read_text("utf-8").splitlines()
            if line.strip().startswith("seats:")]


def test_an_edit_replaces_one_field_and_keeps_every_other_line():
    text = ("# the second round\nstage: qualifying   # stage\nround: 2\nwithdrawn: [a]   # left\n# seating below\n"
            "tables:\n  - table: 1   # window\n    seats: [a, b, c]\n\n# after the tables\nnote: hi\n")
    changed = set_units(text, "tables", [{"table": 1, "seats": ["x", "y1"]}])
    assert changed == ("# the second round\nstage: qualifying   # stage\nround: 2\nwithdrawn: [a]   # left\n# seating below\n"
                       "tables:\n  - table: 1\n    seats: [x, y1]\n\n# after the tables\nnote: hi\n")
    assert set_field(text, "withdrawn", field_line("withdrawn", ["a", "b"])).splitlines()[3] == "withdrawn: [a, b]   # left"
    assert set_field("stage: final\nround: 1\ntables:\n  - table: 1\n    seats: [a]\n", "withdrawn", field_line("withdrawn", ["z"])) == \
        "stage: final\nround: 1\nwithdrawn: [z]\ntables:\n  - table: 1\n    seats: [a]\n"


def test_pair_write_reseats_a_round_without_results_keeping_comments(tmp_path, capsys):
    folder = simulate(tmp_path, "baska-gp", 9, 1)
    assert main(["pair", str(folder), "--write"]) == 0
    path = folder / "grand-prix-02.yaml"
    before = seated(path)
    gone = before[0][0]
    text = path.read_text("utf-8").replace("session: 1\n", f"session: 1   # autumn\n# {gone} phoned in ill\nabsent: [{gone}]\n")
    path.write_text(text, "utf-8")
    assert main(["validate", str(folder)]) == 1  # the listed seating still has them
    capsys.readouterr()
    assert main(["pair", str(folder)]) == 0  # shows the seating the rules give now
    out = capsys.readouterr().out
    assert f"{path} lists another seating: podium pair {folder} --write replaces it with this one" in out
    assert "re-seated" not in out and seated(path) == before
    assert main(["pair", str(folder), "--write"]) == 0
    assert f"re-seated: {path}" in capsys.readouterr().out
    after = path.read_text("utf-8")
    assert re.match(f"stage: grand-prix\nround: 2\nsession: 1   # autumn\n# {gone} phoned in ill\nabsent: \\[{gone}\\]\n"
                    r"seated_from:\n  grand-prix-1: \{digest: [0-9a-f]{12}, results: \{1: \"-?[0-9]+ -?[0-9]+ -?[0-9]+ -?[0-9]+\", .*\}\}\n"
                    r"  standings: \{grand-prix-1: \[[a-z0-9, -]+\]\}\ntables:\n", after), after
    assert gone not in sum(seated(path), []) and len(sum(seated(path), [])) == 8
    assert main(["validate", str(folder)]) == 0
    assert main(["pair", str(folder), "--write"]) == 0
    assert "already lists this seating; nothing written" in capsys.readouterr().out


def test_pair_refuses_to_reseat_a_round_with_results(tmp_path, capsys):
    folder = simulate(tmp_path, "catan-lt-route66", 8, 2)
    path = folder / "qualifying-02.yaml"
    text = path.read_text("utf-8")
    first = re.search(r"seats: \{([a-z0-9-]+): ", text).group(1)
    second = re.findall(r"seats: \{([a-z0-9-]+): ", text)[1]
    path.write_text(text.replace(first, "@").replace(second, first).replace("@", second), "utf-8")
    capsys.readouterr()
    assert main(["pair", str(folder), "--write"]) == 1
    err = capsys.readouterr().err
    assert f"{path}:1: this round has results (table 1, table 2): podium pair re-seats only a round without results" in err
    assert "table 1 differs from the rules" in err


def test_files_written_follow_the_umask(tmp_path):
    old = os.umask(0o027)
    try:
        assert main(["new", "cup", "--format", "catan-lt-route66", "--results", str(tmp_path)]) == 0
        assert main(["pair", str(tmp_path / "cup"), "--write"]) == 0
    finally:
        os.umask(old)
    for name in ("event.yaml", "qualifying-01.yaml"):
        assert stat.S_IMODE((tmp_path / "cup" / name).stat().st_mode) == 0o640
    os.umask(0o022)
    try:
        (tmp_path / "cup" / "qualifying-01.yaml").unlink()
        (tmp_path / "cup" / "qualifying-01.yaml").write_text("stage: qualifying\nround: 1\n")
        os.chmod(tmp_path / "cup" / "qualifying-01.yaml", 0o664)
        assert main(["pair", str(tmp_path / "cup"), "--write"]) == 0
    finally:
        os.umask(old)
    assert stat.S_IMODE((tmp_path / "cup" / "qualifying-01.yaml").stat().st_mode) == 0o664  # kept


def test_withdraw_records_an_absence_and_reseats(tmp_path, capsys):
    folder = simulate(tmp_path, "baska-gp", 9, 1)
    assert main(["pair", str(folder), "--write"]) == 0
    path = folder / "grand-prix-02.yaml"
    gone = seated(path)[1][0]
    capsys.readouterr()
    assert main(["withdraw", str(folder), gone, "--absent", "--reason", "ill"]) == 0
    out = capsys.readouterr().out
    assert f"{gone}: absent in {path}" in out and f"re-seated: {path}" in out
    assert f"absent: [{gone}]   # {gone}: ill\n" in path.read_text("utf-8")
    assert gone not in sum(seated(path), [])
    assert main(["validate", str(folder)]) == 0
    assert main(["withdraw", str(folder), gone, "--absent"]) == 1
    assert "already" in capsys.readouterr().err


def test_withdraw_when_the_next_round_has_no_file_creates_it(tmp_path, capsys):
    folder = simulate(tmp_path, "baska-gp", 8, 1)
    gone = players_of(folder)[0]
    assert main(["withdraw", str(folder), gone, "--absent"]) == 0
    path = folder / "grand-prix-02.yaml"
    assert re.match(f"stage: grand-prix\nround: 2\nsession: 1\nabsent: \\[{gone}\\]\n"
                    r"seated_from:\n  grand-prix-1: \{digest: [0-9a-f]{12}, results: \{1: \"-?[0-9]+ -?[0-9]+ -?[0-9]+ -?[0-9]+\", .*\}\}\n"
                    r"  standings: \{grand-prix-1: \[[a-z0-9, -]+\]\}\ntables:\n", path.read_text("utf-8"))
    assert main(["validate", str(folder)]) == 0


def test_withdraw_from_a_catan_final_moves_the_next_player_in(tmp_path, capsys):
    folder = simulate(tmp_path, "catan-lt-route66", 9, 2)
    assert main(["pair", str(folder), "--write"]) == 0
    final = folder / "final-01.yaml"
    finalist = seated(final)[0][0]
    capsys.readouterr()
    assert main(["withdraw", str(folder), finalist]) == 0
    assert f"re-seated: {final}" in capsys.readouterr().out
    assert finalist not in seated(final)[0] and len(seated(final)[0]) == 4
    assert main(["validate", str(folder)]) == 0


def test_withdraw_in_a_variant_goes_where_its_options_put_it(tmp_path, capsys):
    """A Route 66 variant with a semifinal records a withdrawal in the semifinal file."""
    folder = simulate(tmp_path, "catan-lt-route66", 18, 2)
    route66_with_semifinal(folder)
    assert main(["validate", str(folder)]) == 0
    gone = players_of(folder)[0]
    capsys.readouterr()
    assert main(["withdraw", str(folder), gone]) == 0
    semifinal = folder / "semifinal-01.yaml"
    assert f"{gone}: withdrawn in {semifinal}" in capsys.readouterr().out
    assert f"withdrawn: [{gone}]" in semifinal.read_text("utf-8") and gone not in sum(seated(semifinal), [])
    assert len(sum(seated(semifinal), [])) == 16
    assert main(["validate", str(folder)]) == 0


@pytest.mark.parametrize("fmt, players, expected", [
    ("tantrix-wc", 8, "a main round of tantrix-wc takes no absence"),
    ("catan-lt-route66", 8, "a final round of catan-lt-route66 takes no absence"),
])
def test_an_absence_outside_a_ranked_stage_is_refused(tmp_path, capsys, fmt, players, expected):
    folder = simulate(tmp_path, fmt, players, 1 if fmt == "tantrix-wc" else 2)
    capsys.readouterr()
    assert main(["withdraw", str(folder), players_of(folder)[0], "--absent"]) == 1
    assert expected in capsys.readouterr().err


def test_withdraw_of_an_unknown_player(tmp_path, capsys):
    folder = simulate(tmp_path, "baska-gp", 8, 1)
    assert main(["withdraw", str(folder), "nobody"]) == 1
    assert "'nobody' is not a player of cup" in capsys.readouterr().err


def test_a_flow_style_round_file_is_refused_without_a_traceback(tmp_path, capsys):
    folder = simulate(tmp_path, "baska-gp", 8, 1)
    assert main(["pair", str(folder), "--write"]) == 0
    path = folder / "grand-prix-02.yaml"
    seats = seated(path)
    flow = "{stage: grand-prix, round: 2, session: 1, tables: [" + ", ".join(
        f"{{table: {i}, seats: [{', '.join(t)}]}}" for i, t in enumerate(seats, 1)) + "]}\n"
    path.write_text(flow, "utf-8")
    assert main(["validate", str(folder)]) == 0
    capsys.readouterr()
    assert main(["withdraw", str(folder), seats[0][0]]) == 1
    err = capsys.readouterr().err
    assert "flow style" in err and "Traceback" not in err


def test_a_withdrawal_during_the_last_round_writes_no_round_after_it(tmp_path, monkeypatch, capsys):
    """Baśka's round 32 of 32 has a result: there is no later round to record the absence in."""
    folder = simulate(tmp_path, "baska-gp", 8, 31)
    assert main(["pair", str(folder), "--write"]) == 0
    monkeypatch.setattr("sys.stdin", io.StringIO("30 10 -15 -25\n"))
    assert main(["enter", str(folder)]) == 0
    capsys.readouterr()
    absent = players_of(folder)[0]
    assert main(["withdraw", str(folder), absent]) == 1
    assert capsys.readouterr().err.strip().endswith(
        "round 32 is the last of grand-prix and is being played; run the command again once its results are in")
    assert not (folder / "grand-prix-33.yaml").exists()
    assert main(["validate", str(folder)]) == 0
