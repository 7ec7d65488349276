"""Entering results at the venue (podium enter) and the event's state (podium status)."""

import io
import re
import subprocess

import pytest

from podium_core.cli import main
from podium_core.commands import enter


def new_event(tmp_path, fmt, players):
    folder = tmp_path / "results" / "cup"
    assert main(["simulate", str(folder), "--format", fmt, "--players", str(players), "--rounds", "0"]) == 0
    return folder


def piped(monkeypatch, capsys, folder, text, *more):
    monkeypatch.setattr("sys.stdin", io.StringIO(text))
    capsys.readouterr()
    code = main(["enter", str(folder), *more])
    out = capsys.readouterr()
    return code, out.out, out.err


class Terminal(io.StringIO):
    def isatty(self):
        return True


def test_catan_entry_piped_checks_each_line_and_resumes(tmp_path, monkeypatch, capsys):
    folder = new_event(tmp_path, "catan-lt-route66", 8)
    path = folder / "qualifying-01.yaml"
    code, out, err = piped(monkeypatch, capsys, folder, "10 8 7 5\n9 9 9 9\n")
    assert code == 1 and f"written: {path}" in out  # seated first
    assert err.strip() == "<stdin>:2: table 2: nobody reached 10 VP: if the time limit stopped the game, say winner: none"
    assert "seats: {" in path.read_text("utf-8").split("- table: 2")[0]  # table 1 kept
    code, out, err = piped(monkeypatch, capsys, folder, "9 9 9 21 none\n9 9 9 9 none\n")
    assert "entered already" in out and code == 1 and "has 21 VP" in err
    code, out, err = piped(monkeypatch, capsys, folder, "9 9 9 9 none\n")
    assert code == 0 and "1 result written" in out
    assert main(["validate", str(folder)]) == 0
    assert "winner: none" in path.read_text("utf-8")


def test_two_seats_at_ten_need_the_winner_and_rules_are_checked(tmp_path, monkeypatch, capsys):
    folder = new_event(tmp_path, "catan-lt-route66", 8)
    code, _out, err = piped(monkeypatch, capsys, folder, "10 10 7 5\n")
    assert code == 1 and "both have 10 VP or more: say who won with winner: <id>" in err
    ids = re.findall(r"seats: \[([^\]]*)\]", (folder / "qualifying-01.yaml").read_text("utf-8"))[0].split(", ")
    code, _out, err = piped(monkeypatch, capsys, folder, f"10 10 7 5 {ids[1]}\nnot four numbers here\n")
    assert code == 1 and "'not' is not a whole number" in err
    assert f"winner: {ids[1]}" in (folder / "qualifying-01.yaml").read_text("utf-8")


def test_terminal_entry_asks_again_after_a_wrong_line(tmp_path, capsys):
    folder = new_event(tmp_path, "baska-gp", 9)
    main(["pair", str(folder), "--write"])
    stdin = Terminal("30 10 -15 -20\n30 10 -15 -25\n-\n")
    stdout = io.StringIO()

    class Args:
        event = folder
        round = None

    assert enter.run(Args, stdin=stdin, stdout=stdout) == 0
    shown = stdout.getvalue()
    assert "small points in seat order, or the deals (para 1 3, cicha 2 won rej, ...): " in shown
    assert "  table 1: small points sum to 5, but a table's small points must sum to 0" in shown
    assert "table 2 left for later" in shown and "short table, fixed points" in shown
    assert "1 result written" in shown


def test_carcassonne_scores_forfeits_and_a_named_round(tmp_path, monkeypatch, capsys):
    folder = new_event(tmp_path, "carcassonne-lv", 4)
    main(["pair", str(folder), "--write"])
    path = folder / "swiss-01.yaml"
    second = re.findall(r"players: \[([^\]]*)\]", path.read_text("utf-8"))[1].split(", ")
    code, out, err = piped(monkeypatch, capsys, folder, f"100 90\n80 85 {second[1]}\n", "swiss-01")
    assert code == 0, err
    text = path.read_text("utf-8")
    assert "score: [100, 90]" in text and f"forfeit: {second[1]}" in text
    assert main(["validate", str(folder)]) == 0


def test_tantrix_one_line_per_game_until_decided(tmp_path, monkeypatch, capsys):
    folder = new_event(tmp_path, "tantrix-wc", 4)
    main(["pair", str(folder), "--write"])
    path = folder / "main-01.yaml"
    first, second = (m.split(", ") for m in re.findall(r"players: \[([^\]]*)\]", path.read_text("utf-8")))
    games = "".join(f"{first[0]} 10\n" for _ in range(8)) + f"{second[1]} 5 0 2\n-\n"
    code, out, err = piped(monkeypatch, capsys, folder, games)
    assert code == 0, err
    assert f"match 1 decided: {first[0]} wins" in out and "match 2 left for later" in out
    assert path.read_text("utf-8").count("{margin: 10}") == 8
    assert "{margin: -5, penalty: [0, 2]}" in path.read_text("utf-8")
    code, out, err = piped(monkeypatch, capsys, folder, f"{first[0]} 3\n")
    assert "entered already" in out


def test_status_says_what_is_next_and_what_git_has_not(tmp_path, monkeypatch, capsys):
    folder = new_event(tmp_path, "catan-lt-route66", 8)
    subprocess.run(["git", "init", "-q", str(tmp_path)], check=True)
    capsys.readouterr()
    assert main(["status", str(folder)]) == 0
    out = capsys.readouterr().out
    assert "next: podium pair" in out and "new, not added: results/cup/event.yaml" in out
    piped(monkeypatch, capsys, folder, "10 8 7 5\n")
    assert main(["status", str(folder)]) == 0
    out = capsys.readouterr().out
    assert "Qualifying round 1 [qualifying-01.yaml]: being played; no result yet at table 2" in out
    assert f"next: podium enter {folder} (results of Qualifying round 1: table 2)" in out


def test_status_outside_git_and_with_problems(tmp_path, capsys):
    folder = new_event(tmp_path, "catan-lt-route66", 8)
    (folder / "qualifying-01.yaml").write_text("stage: qualifying\nround: 1\nabsent: [x]\n")
    capsys.readouterr()
    assert main(["status", str(folder)]) == 1
    out = capsys.readouterr().out
    assert "problem" in out and "podium validate" in out and "git:" not in out


def test_in_the_event_folder_every_path_is_said_from_there(tmp_path, monkeypatch, capsys):
    """Run in the event folder, the commands name its files as the organiser
    types them there (``qualifying-01.yaml``, the event ``.``), never by a
    way out and back in (``../cup/...``); run from the project, as given."""
    folder = new_event(tmp_path, "catan-lt-route66", 8)
    monkeypatch.chdir(folder)
    said = []

    def run(*argv, stdin=""):
        monkeypatch.setattr("sys.stdin", io.StringIO(stdin))
        capsys.readouterr()
        code = main(list(argv))
        out = capsys.readouterr()
        said.append(out.out + out.err)
        return code, out.out, out.err

    assert run("pair", "--write")[1].endswith("written: qualifying-01.yaml\n")
    assert run("enter", stdin="10 8 7 5\n9 10 9 9\n")[1].endswith("2 results written to qualifying-01.yaml\n")
    pid = re.search(r"- id: ([a-z0-9-]+)", (folder / "event.yaml").read_text("utf-8")).group(1)
    out = run("withdraw", pid)[1]
    assert out.startswith(f"{pid}: withdrawn in qualifying-02.yaml\n") and out.endswith("written: qualifying-02.yaml\n")
    text = (folder / "qualifying-01.yaml").read_text("utf-8")
    (folder / "qualifying-01.yaml").write_text(text.replace("stage: qualifying", "stage: qualifying\nabsent: [zoe]"), "utf-8")
    code, _out, err = run("validate")
    assert code == 1 and err.startswith("qualifying-01.yaml:2: player 'zoe' is not a player")
    code, out, _err = run("status")
    assert code == 1 and out.startswith(".: 1 problem to fix first (podium validate lists them); the first:\n"
                                        "  qualifying-01.yaml:2: player 'zoe'")
    code, _out, err = run("validate", "qualifying-02.yaml")
    assert code == 1 and err.startswith("qualifying-01.yaml:2: ")
    assert not [text for text in said if "../" in text or "cup/" in text]
    monkeypatch.chdir(tmp_path)
    code, out, _err = run("status", "results/cup")
    assert code == 1 and out.startswith("results/cup: 1 problem to fix first (podium validate results/cup lists them)")
    assert "  results/cup/qualifying-01.yaml:2: player 'zoe'" in out


def match_players(path):
    return [m.split(", ") for m in re.findall(r"players: \[([^\]]*)\]", path.read_text("utf-8"))]


def test_a_knockout_match_is_seated_once_its_two_feeders_are_decided(tmp_path, monkeypatch, capsys):
    folder = new_event(tmp_path, "tantrix-wc", 8)
    main(["pair", str(folder), "--write"])
    first = folder / "main-01.yaml"
    quarter = match_players(first)
    wins = lambda pid: "".join(f"{pid} 10\n" for _ in range(7))  # a quarterfinal: 7 standard games
    code, _out, err = piped(monkeypatch, capsys, folder, wins(quarter[0][0]) + wins(quarter[1][1]) + "-\n-\n")
    assert code == 0, err
    (first).write_text(first.read_text("utf-8").replace(f"players: [{', '.join(quarter[2])}]",
                                                        f"players: [{', '.join(quarter[2])}]\n    status: TLATER\n    when: 2026-06-01"))
    assert main(["validate", str(folder)]) == 0
    capsys.readouterr()
    assert main(["status", str(folder)]) == 0
    assert f"podium pair {folder} --write seats the matches of Semifinal already known (main-02.yaml)" in capsys.readouterr().out
    assert main(["pair", str(folder), "--write"]) == 0  # match 3 is pending, match 1 of the semifinals is known
    second = folder / "main-02.yaml"
    assert f"written: {second}" in capsys.readouterr().out
    assert match_players(second) == [[quarter[0][0], quarter[1][1]]]
    first.write_text(first.read_text("utf-8").replace("    status: TLATER\n    when: 2026-06-01\n", ""))  # played at last
    code, _out, err = piped(monkeypatch, capsys, folder, wins(quarter[2][0]) + wins(quarter[3][0]), "main-01")
    assert code == 0, err
    piped(monkeypatch, capsys, folder, f"{quarter[0][0]} 10\n-\n", "main-02")  # the first semifinal has begun
    capsys.readouterr()
    assert main(["validate", str(folder)]) == 0  # results entered since the semifinal was seated correct nothing
    assert "corrected" not in capsys.readouterr().out
    assert main(["pair", str(folder), "--write"]) == 0
    assert f"re-seated: {second}" in capsys.readouterr().out
    assert match_players(second) == [[quarter[0][0], quarter[1][1]], [quarter[2][0], quarter[3][0]]]
    assert "{margin: 10}" in second.read_text("utf-8")  # the game already played stays
    assert main(["validate", str(folder)]) == 0


def test_ctrl_c_at_a_prompt_keeps_what_was_entered(tmp_path, capsys):
    folder = new_event(tmp_path, "catan-lt-route66", 8)
    main(["pair", str(folder), "--write"])

    class Interrupted(Terminal):
        def readline(self, *args):
            line = super().readline(*args)
            if not line:
                raise KeyboardInterrupt
            return line

    class Args:
        event = folder
        round = None

    stdout = io.StringIO()
    assert enter.run(Args, stdin=Interrupted("10 8 7 5\n"), stdout=stdout) == 130
    assert "stopped: 1 result written" in stdout.getvalue()
    assert "seats: {" in (folder / "qualifying-01.yaml").read_text("utf-8")


def test_baska_entry_takes_the_deals_of_the_score_sheet(tmp_path, monkeypatch, capsys):
    """One line per table: the deals, comma-separated, players by seat number or id;
    the small points are computed (formats.md 5) and shown."""
    folder = new_event(tmp_path, "baska-gp", 9)
    main(["pair", str(folder), "--write"])
    path = folder / "grand-prix-01.yaml"
    seats = re.findall(r"seats: \[([^\]]*)\]", path.read_text("utf-8"))[0].split(", ")
    line = f"para 1 3, wesele {seats[1]} 4 kontra bez-wyjścia, cicha 1 won rej, zolo 2 lost, honorowe 4\n"
    code, out, err = piped(monkeypatch, capsys, folder, line + "para 1 2, zolo 3 won sup\n")
    # para +1/-1; wesele kontra bez wyjścia 4; cicha rej 16 (soloist 48); zolo 5 lost (soloist -15); honorowe 10 (30)
    totals = dict(zip(seats, (1 - 4 + 48 + 5 - 10, -1 + 4 - 16 - 15 - 10, 1 - 4 - 16 + 5 - 10, -1 + 4 - 16 + 5 + 30)))
    assert "  5 deals: " + ", ".join(f"{pid} {points}" for pid, points in totals.items()) in out
    assert code == 1 and err.strip() == ("<stdin>:2: table 2: deal 2 (zolo 3 won sup): zolo cannot be played "
                                         "at level sup (allowed: none, kontra, rej)")
    text = path.read_text("utf-8")
    assert (f"    deals:\n      - {{game: para, won: [{seats[0]}, {seats[2]}]}}\n"
            f"      - {{game: wesele, won: [{seats[1]}, {seats[3]}], level: kontra, degree: bez-wyjscia}}\n"
            f"      - {{game: cicha, player: {seats[0]}, won: true, level: rej}}\n"
            f"      - {{game: zolo, player: {seats[1]}, won: false}}\n"
            f"      - {{game: honorowe, player: {seats[3]}}}\n") in text
    assert main(["validate", str(folder)]) == 0


@pytest.mark.parametrize("line, message", [
    ("para 1", "deal 1 (para 1): para names the two players of the winning pair, not 1"),
    ("cicha 1 rej", "deal 1 (cicha 1 rej): say whether the soloist won or lost the cicha: add won or lost"),
    ("zolo 2 won bez-bitki", "deal 1 (zolo 2 won bez-bitki): zolo has no degree"),
    ("honorowe 4 lost", "deal 1 (honorowe 4 lost): honorowe (four queens) is always won"),
    ("para 1 3, cicha 7 won", "deal 2 (cicha 7 won): '7' is not a player at this table (seats: 1 "),
    ("para 1 3,, zolo 1 won", "deal 2 is empty (deals are separated by commas)"),
    ("para 1 1", "deal 1 (para 1 1): "),
    ("para ² 3", "deal 1 (para ² 3): "),
])
def test_a_wrong_deal_is_named_with_why(tmp_path, monkeypatch, capsys, line, message):
    folder = new_event(tmp_path, "baska-gp", 8)
    main(["pair", str(folder), "--write"])
    code, _out, err = piped(monkeypatch, capsys, folder, line + "\n")
    assert code == 1 and err.startswith(f"<stdin>:1: table 1: {message}"), err
    assert "deals" not in (folder / "grand-prix-01.yaml").read_text("utf-8")


def test_a_number_too_long_to_be_a_score_is_no_whole_number(tmp_path, monkeypatch, capsys):
    folder = new_event(tmp_path, "catan-lt-route66", 8)
    code, _out, err = piped(monkeypatch, capsys, folder, "1" * 5000 + " 9 9 9\n")
    assert code == 1 and "is not a whole number" in err and "Traceback" not in err


# the first table's line of each system, and how many tables (matches) its new event seats
FIRST_RESULT = {"catan-lt-route66": ("10 8 7 5\n", 8), "carcassonne-lv": ("100 90\n", 8),
                "baska-gp": ("30 10 -15 -25\n", 8)}


@pytest.mark.parametrize("fmt", sorted(FIRST_RESULT))
def test_a_table_not_played_is_entered_in_every_system_and_status_names_what_is_missing(fmt, tmp_path, monkeypatch,
                                                                                       capsys):
    folder = new_event(tmp_path, fmt, FIRST_RESULT[fmt][1])
    assert main(["pair", str(folder), "--write"]) == 0
    path = next(p for p in sorted(folder.glob("*-01.yaml")))
    code, out, err = piped(monkeypatch, capsys, folder, 'unplayed "both players stuck in traffic"\n-\n')
    assert code == 0, err
    assert "not played (both players stuck in traffic)" in out
    assert 'unplayed: "both players stuck in traffic"' in path.read_text("utf-8")
    assert main(["validate", str(folder)]) == 0
    capsys.readouterr()
    assert main(["status", str(folder)]) == 0
    out = capsys.readouterr().out
    assert "being played; no result yet at table 2" in out, out
    # entered again, a result replaces the reason
    code, out, err = piped(monkeypatch, capsys, folder, FIRST_RESULT[fmt][0], "--table", "1")
    assert code == 0, err
    assert "unplayed" not in path.read_text("utf-8")


def test_unplayed_needs_a_reason(tmp_path, monkeypatch, capsys):
    folder = new_event(tmp_path, "carcassonne-lv", 4)
    main(["pair", str(folder), "--write"])
    code, out, err = piped(monkeypatch, capsys, folder, "unplayed\n")
    assert code != 0 and "say why it was not played" in err


def test_a_knockout_match_cannot_go_unplayed(tmp_path, monkeypatch, capsys):
    folder = new_event(tmp_path, "tantrix-wc", 8)
    main(["pair", str(folder), "--write"])
    code, out, err = piped(monkeypatch, capsys, folder, "unplayed no table free\n")
    assert code != 0 and "cannot go unplayed: someone goes through; podium withdraw" in err
