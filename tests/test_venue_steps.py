"""The organiser at the venue (issue 34): the next step podium status names
works, to the final, in every system; re-seatings say what to announce;
podium enter takes players by seat or name, saved tables again, and every
Tantrix status; commands run inside the event folder."""

import io
import re
import subprocess

import pytest

from podium_core.cli import main
from podium_core.pipeline import evaluate_one

LINES = {"catan": {4: "10 8 7 5", 3: "10 8 7"}, "baska": {4: "30 10 -15 -25", 3: "20 -5 -15"}}


def run(monkeypatch, capsys, *args, stdin=""):
    monkeypatch.setattr("sys.stdin", io.StringIO(stdin))
    capsys.readouterr()
    code = main(list(args))
    out = capsys.readouterr()
    return code, out.out, out.err


def new_event(tmp_path, fmt, players, rounds=0):
    folder = tmp_path / "results" / "cup"
    assert main(["simulate", str(folder), "--format", fmt, "--players", str(players), "--rounds", str(rounds)]) == 0
    return folder


def results_for(folder, special=None):
    """Lines for podium enter that settle every unit of the round to play."""
    outcome = evaluate_one(folder)
    rnd = outcome.next_round()
    system = outcome.format.name
    if system == "tantrix":
        return "1 36\n" * 20 * len(rnd.units)  # more than enough games: each match is decided, then the next
    if system == "carcassonne":
        return "100 90\n" * len(rnd.units)
    lines = [LINES[system][len(unit.players)] for unit in rnd.units]
    if special:
        lines = special(rnd, lines)
    return "".join(line + "\n" for line in lines)


def next_of(out: str) -> str:
    return next(line for line in out.splitlines() if line.startswith("next: "))[len("next: "):]


@pytest.mark.parametrize("fmt, players", [("catan-lv-2016", 16), ("catan-lt-route66", 7), ("carcassonne-lv", 10),
                                          ("tantrix-wc", 5), ("baska-gp", 8)])
def test_the_next_step_status_names_works_to_the_final(tmp_path, monkeypatch, capsys, fmt, players):
    """Run in the event folder, with no folder named: status, then the
    command it names, until the classification is final."""
    folder = new_event(tmp_path, fmt, players)
    monkeypatch.chdir(folder)
    done = []
    for _ in range(200):
        code, out, err = run(monkeypatch, capsys, "status")
        assert code == 0, err
        step = next_of(out)
        done.append(step.split(" (")[0])
        if step.startswith("nothing"):
            break
        if step.startswith("podium pair --write"):
            code, out, err = run(monkeypatch, capsys, "pair", "--write")
        elif step.startswith("podium enter"):
            code, out, err = run(monkeypatch, capsys, "enter", stdin=results_for(folder))
        else:
            pytest.fail(f"a next step no command does: {step}")
        assert code == 0, (step, err)
    assert done[-1] == "nothing: every round is complete and the classification is final"
    assert {"podium pair --write", "podium enter"} <= set(done)
    code, out, err = run(monkeypatch, capsys, "validate")
    assert (code, err) == (0, "") and out.endswith("cup: valid\n")


def test_a_semifinal_without_a_winner_the_status_names_the_file_to_create(tmp_path, monkeypatch, capsys):
    """Catan Latvia: semifinal table 2 stopped by the time limit.  The step
    status names creates the final's file; advance: in it seats the final."""
    folder = new_event(tmp_path, "catan-lv-2016", 16, rounds=4)
    assert run(monkeypatch, capsys, "pair", str(folder), "--write")[0] == 0
    stopped = lambda rnd, lines: [lines[0], "9 8 7 5 none"] + lines[2:]
    assert run(monkeypatch, capsys, "enter", str(folder), stdin=results_for(folder, stopped))[0] == 0
    table_2 = re.findall(r"seats: \{([a-z0-9-]+):", (folder / "semifinal-01.yaml").read_text("utf-8"))[1]
    code, out, _err = run(monkeypatch, capsys, "status", str(folder))
    assert next_of(out) == (f"Final cannot be seated yet: semifinal table 2 ended without a winner: the organisers must "
                            f"record who advances, e.g. advance: {{2: <player id>}} in this file; podium pair {folder} --write "
                            f"creates final-01.yaml to write it in, then podium pair {folder} --write seats it")
    code, out, err = run(monkeypatch, capsys, "pair", str(folder))
    assert code == 1 and "(podium pair --write creates final-01.yaml to write it in)" in err
    code, out, err = run(monkeypatch, capsys, "pair", str(folder), "--write")
    assert code == 0 and out.startswith(f"written: {folder / 'final-01.yaml'}, without a seating yet: semifinal table 2")
    assert (folder / "final-01.yaml").read_text("utf-8") == "stage: final\nround: 1\n"
    code, out, _err = run(monkeypatch, capsys, "status", str(folder))
    assert "(write it in final-01.yaml, then podium pair" in next_of(out)
    with (folder / "final-01.yaml").open("a", encoding="utf-8") as file:
        file.write(f"advance: {{2: {table_2}}}\n")
    code, out, err = run(monkeypatch, capsys, "pair", str(folder), "--write")
    assert code == 0 and table_2 in out and "written" in out
    code, out, _err = run(monkeypatch, capsys, "status", str(folder))
    assert next_of(out) == f"podium enter {folder} (results of Final)"


# -- re-seating: what to announce ------------------------------------------------------------------

def corrected_route66(tmp_path, monkeypatch, capsys, git=False):
    """Route 66, 8 players, both qualifying rounds played and the final seated;
    then table 1 of round 1 corrected (with its reason) so that the final's
    seating changes.  Returns the folder and the final's old seating."""
    folder = tmp_path / "results" / "cup"
    assert main(["new", "cup", "--format", "catan-lt-route66", "--results", str(folder.parent), "--players", "8"]) == 0
    for _ in range(2):
        assert run(monkeypatch, capsys, "enter", str(folder), stdin="10 8 7 5\n9 10 9 9\n")[0] == 0
        assert run(monkeypatch, capsys, "pair", str(folder), "--write")[0] == 0
    if git:
        subprocess.run(["git", "init", "-q", str(tmp_path)], check=True)
        subprocess.run(["git", "-C", str(tmp_path), "add", "."], check=True)
        subprocess.run(["git", "-C", str(tmp_path), "-c", "user.name=t", "-c", "user.email=t@t", "commit", "-qm", "r2"],
                       check=True)
    old = re.search(r"seats: \[([^\]]*)\]", (folder / "final-01.yaml").read_text("utf-8")).group(1).split(", ")
    q1 = folder / "qualifying-01.yaml"
    first = re.search(r"seats: \{([^}]*)\}", q1.read_text("utf-8")).group(1).split(", ")
    ids = [pair.split(": ")[0] for pair in first]
    code, out, err = run(monkeypatch, capsys, "enter", str(folder), "qualifying-01.yaml", "--table", "1",
                         "--correction", "VP swapped on the sheet", stdin="5 8 7 10\n")
    assert code == 0, err
    assert 'correction: "VP swapped on the sheet"' in q1.read_text("utf-8")
    return folder, old, ids


def test_a_re_seating_says_which_tables_change_and_status_lists_them(tmp_path, monkeypatch, capsys):
    folder, old, _ids = corrected_route66(tmp_path, monkeypatch, capsys)
    code, out, _err = run(monkeypatch, capsys, "status", str(folder))
    assert code == 0
    lines = out.splitlines()
    assert "  Final [final-01.yaml]: seated, but the rules now seat it differently: to seat again" in lines
    at = lines.index("to announce: final-01.yaml lists a seating the rules no longer give (a corrected result, "
                     "a withdrawal or a late entry); re-seated, these tables change:")
    assert re.fullmatch(r"  Table 1: .* → .*", lines[at + 1]) and all(f"({pid})" in lines[at + 1] for pid in old)
    assert next_of(out) == f"podium pair {folder} --write (re-seats Final), then announce the changed tables"
    code, out, _err = run(monkeypatch, capsys, "pair", str(folder), "--write")
    assert code == 0
    said = out.splitlines()
    assert said[0] == "changed from the seating final-01.yaml lists (announce it):" and said[1] == lines[at + 1]
    assert said[2].startswith("Final — ") and said[-1] == f"re-seated: {folder / 'final-01.yaml'}"
    code, out, err = run(monkeypatch, capsys, "validate", str(folder))
    assert code == 0 and "qualifying round 1 was corrected (VP swapped on the sheet)" in out


def test_after_the_re_seating_status_lists_the_changes_until_committed(tmp_path, monkeypatch, capsys):
    folder, _old, _ids = corrected_route66(tmp_path, monkeypatch, capsys, git=True)
    assert run(monkeypatch, capsys, "pair", str(folder), "--write")[0] == 0
    code, out, _err = run(monkeypatch, capsys, "status", str(folder))
    assert "to announce: final-01.yaml was re-seated since the last commit; these tables changed:" in out
    assert re.search(r"\n  Table 1: .* → .*\nnext: podium enter", out)
    subprocess.run(["git", "-C", str(tmp_path), "-c", "user.name=t", "-c", "user.email=t@t", "commit", "-qam", "final"],
                   check=True)
    code, out, _err = run(monkeypatch, capsys, "status", str(folder))
    assert "to announce" not in out and "git: everything is committed" in out


def test_a_saved_table_of_a_round_later_rounds_rest_on_needs_a_reason(tmp_path, monkeypatch, capsys):
    folder, _old, _ids = corrected_route66(tmp_path, monkeypatch, capsys)
    code, out, _err = run(monkeypatch, capsys, "pair", str(folder), "--write")
    assert code == 0
    q2 = folder / "qualifying-02.yaml"
    before = q2.read_text("utf-8")
    code, out, err = run(monkeypatch, capsys, "enter", str(folder), "qualifying-02.yaml", "--table", "2", stdin="9 9 9 10\n")
    assert code == 1 and "qualifying round 2 changed after final round 1 was seated from it" in err
    assert 'confirm it with correction: "what was wrong"' in err
    assert q2.read_text("utf-8") == before
    code, out, err = run(monkeypatch, capsys, "enter", str(folder), "--table", "2", stdin="-\n")  # the last round played
    assert code == 0 and "saved: 9 10 9 9; type the new result, or - to keep it" in out and "kept as it was" in out


# -- podium enter: players by seat or name, every Tantrix status ---------------------------------------------

def test_winners_and_forfeits_by_seat_number_or_the_start_of_an_id_or_name(tmp_path, monkeypatch, capsys):
    results = tmp_path / "results"
    assert main(["new", "cup", "--format", "catan-lt-route66", "--results", str(results), "--players", "8"]) == 0
    folder = results / "cup"
    event = folder / "event.yaml"
    event.write_text(event.read_text("utf-8").replace("{id: player-3, name: Player 3}", "{id: inese-k, name: Inese Kalniņa}")
                     .replace("{id: player-5, name: Player 5}", "{id: ilze-b, name: Ilze Bērziņa}"), "utf-8")
    assert run(monkeypatch, capsys, "pair", str(folder), "--write")[0] == 0
    path = folder / "qualifying-01.yaml"
    tables = [t.split(", ") for t in re.findall(r"seats: \[([^\]]*)\]", path.read_text("utf-8"))]
    code, out, err = run(monkeypatch, capsys, "enter", str(folder), stdin="10 10 7 5 2\n10 8 10 5 pl\n")
    assert code == 1 and "<stdin>:2: table 2: 'pl' could be " in err and "type more of the id or name" in err
    assert re.search(r"^Table 1: 1 [^(]+ \([a-z0-9-]+\), 2 ", out, re.M)  # seats shown with their numbers
    assert f"winner: {tables[0][1]}" in path.read_text("utf-8")  # seat 2
    inese = next(t for t in tables if "inese-k" in t)
    number = tables.index(inese) + 1
    line = " ".join("10" if pid in ("inese-k", inese[0] if inese[0] != "inese-k" else inese[1]) else "5" for pid in inese)
    assert run(monkeypatch, capsys, "enter", str(folder), "--table", str(number), stdin=f"{line} inese\n")[0] == 0
    assert "winner: inese-k" in path.read_text("utf-8")  # the start of the id
    assert run(monkeypatch, capsys, "enter", str(folder), "--table", str(number), stdin=f"{line} INESE\n")[0] == 0
    assert run(monkeypatch, capsys, "validate", str(folder))[0] == 0
    code, out, err = run(monkeypatch, capsys, "enter", str(folder), "--table", str(number), stdin=f"{line} kalni\n")
    assert code == 1 and "winner 'kalni' is not at this table" in err  # a start of a surname is no start of the name


def test_carcassonne_forfeit_by_seat_and_an_unknown_one_as_validate_says(tmp_path, monkeypatch, capsys):
    folder = new_event(tmp_path, "carcassonne-lv", 4)
    assert run(monkeypatch, capsys, "pair", str(folder), "--write")[0] == 0
    path = folder / "swiss-01.yaml"
    games = [g.split(", ") for g in re.findall(r"players: \[([^\]]*)\]", path.read_text("utf-8"))]
    code, out, err = run(monkeypatch, capsys, "enter", str(folder), stdin=f"80 95 2\n100 90 {games[1][0][:-1]}\n")
    assert code == 0, err
    text = path.read_text("utf-8")
    assert f"forfeit: {games[0][1]}" in text and f"forfeit: {games[1][0]}" in text


def tantrix_match(tmp_path, monkeypatch, capsys):
    folder = new_event(tmp_path, "tantrix-wc", 4)
    assert run(monkeypatch, capsys, "pair", str(folder), "--write")[0] == 0
    path = folder / "main-01.yaml"
    return folder, path, [m.split(", ") for m in re.findall(r"players: \[([^\]]*)\]", path.read_text("utf-8"))]


def test_tantrix_running_total_verdict_and_every_status_piped(tmp_path, monkeypatch, capsys):
    """The worked example's lead of 4.8 needs an extra game; TLATER waits
    (a later piped run does not ask it, no - needed); --match goes on; IGNORE
    decides on any lead; RESIGN names who."""
    folder, path, matches = tantrix_match(tmp_path, monkeypatch, capsys)
    a, b = matches[0]
    games = "1 10\n2 10\n" * 3 + "1 10\n2 9\n"  # eight standard games: 80.2 - 79.8
    code, out, err = run(monkeypatch, capsys, "enter", str(folder), stdin=games + "TLATER 2026-12-03 10:00\n"
                         + f"2 5\nRESIGN {matches[1][0][:-1]}\n")
    assert code == 0, err
    lines = out.splitlines()
    assert re.search(rf"  after game 1: .+ 16\.2 – 3\.8 .+; 7 standard games to play", out)
    assert re.search(r"  after game 8: .+ 80\.2 – 79\.8 .+; lead 0\.4 < 5\.0: an extra game is needed", out)
    assert "  match 1: TLATER 2026-12-03 10:00 recorded; it waits (podium enter --match 1 goes on)" in lines
    assert f"  match 2 decided: {matches[1][1]} wins (" in out and "resigned)" in out
    text = path.read_text("utf-8")
    assert 'status: TLATER\n    when: "2026-12-03 10:00"' in text
    assert f"status: RESIGN\n    resigned: {matches[1][0]}" in text
    code, out, err = run(monkeypatch, capsys, "enter", str(folder), stdin="")
    assert code == 0 and "waiting (TLATER 2026-12-03 10:00): podium enter --match 1 goes on with it" in out
    code, out, err = run(monkeypatch, capsys, "enter", str(folder), "--match", "1", stdin="IGNORE\n")
    assert code == 0, err
    assert "lead 0.4 < 5.0: an extra game is needed" in out and f"match 1 decided: {a} wins" in out
    assert "status: IGNORE" in path.read_text("utf-8") and "TLATER" not in path.read_text("utf-8")
    assert run(monkeypatch, capsys, "validate", str(folder))[0] == 0


def test_tantrix_an_extra_game_after_tlater_and_a_decided_match_entered_again(tmp_path, monkeypatch, capsys):
    folder, path, matches = tantrix_match(tmp_path, monkeypatch, capsys)
    games = "1 10\n2 10\n" * 3 + "1 10\n2 9\n"
    assert run(monkeypatch, capsys, "enter", str(folder), stdin=games + "TLATER tomorrow\n-\n")[0] == 0
    code, out, err = run(monkeypatch, capsys, "enter", str(folder), "--match", "1", stdin="1 20\n")
    assert code == 0, err
    assert re.search(r"after game 9: .+ 98\.2 – 81\.8 .+; .+ wins the match \(lead 16\.4\)", out)
    assert "TLATER" not in path.read_text("utf-8")  # the extra game was played: the waiting status is over
    code, out, err = run(monkeypatch, capsys, "enter", str(folder), "--match", "1", stdin="2 36\n" * 8)
    assert code == 0, err
    assert "saved: +10, -10, +10, -10, +10, -10, +10, -9, +20; type the new result" in out
    assert f"match 1 decided: {matches[0][1]} wins" in out
    assert path.read_text("utf-8").count("{margin: -36}") == 8


def test_on_a_terminal_a_saved_table_is_chosen_from_the_list(tmp_path, monkeypatch, capsys):
    from podium_core.commands import enter

    class Terminal(io.StringIO):
        def isatty(self):
            return True

    class Args:
        event = None
        round = None
        table = None
        correction = None

    folder = new_event(tmp_path, "catan-lt-route66", 8)
    Args.event = folder
    assert run(monkeypatch, capsys, "pair", str(folder), "--write")[0] == 0
    stdout = io.StringIO()
    assert enter.run(Args, stdin=Terminal("10 8 7 5\n9 10 9 9\n7\n1\n5 8 7 10\n\n"), stdout=stdout) == 0
    shown = stdout.getvalue()
    assert "a table to enter again or fix (1-2), or Enter to finish: " in shown
    assert "there is no table 7 in this round" in shown and "saved: 10 8 7 5; type the new result" in shown
    assert "3 results written" in shown
    assert re.search(r"seats: \{[a-z0-9-]+: 5, [a-z0-9-]+: 8, [a-z0-9-]+: 7, [a-z0-9-]+: 10\}",
                     (folder / "qualifying-01.yaml").read_text("utf-8"))


# -- pair's printout, validate in the event folder ------------------------------------------------------------

def test_pair_names_each_table_s_group_and_the_draw_purpose_once(tmp_path, monkeypatch, capsys):
    folder = new_event(tmp_path, "carcassonne-lv", 40, rounds=1)
    code, out, _err = run(monkeypatch, capsys, "pair", str(folder))
    lines = out.splitlines()
    assert code == 0 and lines[1].startswith("  Table 1 (group A): ") and lines[-1].startswith("  Table 20 (group B): ")
    assert [int(n) for n in re.findall(r"^  Table (\d+)", out, re.M)] == list(range(1, 21))
    first = new_event(tmp_path / "other", "carcassonne-lv", 10)
    code, out, _err = run(monkeypatch, capsys, "pair", str(first))
    assert out.count("purpose") == 1 and "(draw purpose" not in out


def test_validate_and_the_rules_pages_from_inside_the_event_folder(tmp_path, monkeypatch, capsys):
    folder = new_event(tmp_path, "catan-lt-route66", 8)
    with (folder / "event.yaml").open("a", encoding="utf-8") as file:
        file.write("rules: house-rules\n")
    (tmp_path / "content" / "pages").mkdir(parents=True)
    (tmp_path / "content" / "pages" / "house-rules.md").write_text("Title: House rules\nSlug: house-rules\n\nRules.\n", "utf-8")
    monkeypatch.chdir(folder)
    code, out, err = run(monkeypatch, capsys, "validate")
    assert (code, err) == (0, "") and out == "cup: valid\n"
    code, out, err = run(monkeypatch, capsys, "validate", ".")
    assert (code, err) == (0, "")
    monkeypatch.chdir(tmp_path)
    code, out, err = run(monkeypatch, capsys, "status")
    assert code == 1 and "the folder you are in is not an event folder" in err


# -- the published files' modes -------------------------------------------------------------------

@pytest.mark.parametrize("mask", [0o022, 0o002])
def test_make_html_writes_the_site_with_the_umask_s_modes(tmp_path, capsys, monkeypatch, mask):
    """A web server reading as another user, and rsync -a copies, see every
    page: folders 0777 and files 0666 less the umask, also when the site is
    built into the cache's copy and swapped in (tests/test_publish.py: make publish)."""
    import os

    from test_clean_failures import make_html, small_results

    old = os.umask(mask)
    try:
        output = tmp_path / "output"
        status, err = make_html(small_results(tmp_path), output, tmp_path / "cache", capsys, monkeypatch)
        assert status == 0, err
        status, err = make_html(small_results(tmp_path / "again"), output, tmp_path / "cache", capsys, monkeypatch)
        assert status == 0, err  # the second build: into the cache's copy, swapped in
    finally:
        os.umask(old)
    folders = {oct(p.stat().st_mode & 0o777) for p in [output, *output.rglob("*")] if p.is_dir()}
    files = {oct(p.stat().st_mode & 0o777) for p in output.rglob("*") if p.is_file()}
    assert folders == {oct(0o777 & ~mask)} and files == {oct(0o666 & ~mask)}
