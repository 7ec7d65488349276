"""Corrections that stand (podium_core.corrections): a played round stays as played
when an earlier result is corrected; an unplayed one is seated again."""

import io
import json
import re

from podium_core.cli import main


def enter(monkeypatch, folder, text, *more):
    monkeypatch.setattr("sys.stdin", io.StringIO(text))
    return main(["enter", str(folder), *more])


def validate(folder, capsys):
    capsys.readouterr()
    code = main(["validate", str(folder)])
    out = capsys.readouterr()
    return code, out.out, out.err


def correct_first_table(path, values, reason=None):
    """Rewrite the VP of table 1 (in seat order) and, optionally, set the correction reason."""
    text = path.read_text("utf-8")
    line = next(l for l in text.splitlines() if "seats: {" in l)
    ids = re.findall(r"([a-z0-9-]+): [0-9]+", line)
    text = text.replace(line, "    seats: {" + ", ".join(f"{i}: {v}" for i, v in zip(ids, values)) + "}")
    if reason:
        text = re.sub(r"^correction: .*\n", "", text, flags=re.M)
        text = re.sub(r"^(round: [0-9]+\n)", rf'\1correction: "{reason}"\n', text, count=1, flags=re.M)
    path.write_text(text, "utf-8")


def played_event(tmp_path, monkeypatch, capsys):
    """Route 66 with 8 players: both qualifying rounds played, the final seated."""
    assert main(["new", "cup", "--format", "catan-lt-route66", "--results", str(tmp_path), "--players", "8"]) == 0
    folder = tmp_path / "cup"
    assert enter(monkeypatch, folder, "10 8 7 5\n9 10 9 9\n") == 0
    assert main(["pair", str(folder), "--write"]) == 0
    assert enter(monkeypatch, folder, "10 8 7 5\n9 10 9 9\n") == 0
    assert main(["pair", str(folder), "--write"]) == 0
    capsys.readouterr()
    return folder


def test_pair_write_records_what_a_round_was_seated_from(tmp_path, monkeypatch, capsys):
    folder = played_event(tmp_path, monkeypatch, capsys)
    assert "seated_from" not in (folder / "qualifying-01.yaml").read_text("utf-8")  # round 1 rests on nothing
    q2 = (folder / "qualifying-02.yaml").read_text("utf-8")
    assert re.search(r'^seated_from:\n  qualifying-1: \{digest: [0-9a-f]{12}, results: \{1: "10 8 7 5", 2: "9 10 9 9"\}\}\n'
                     r"  standings: \{qualifying-1: \[(player-[1-8], ){7}player-[1-8]\]\}\n", q2, re.M)
    final = (folder / "final-01.yaml").read_text("utf-8")
    assert re.search(r'^  qualifying-1: \{digest: [0-9a-f]{12}, results: .*\n  qualifying-2: \{digest: [0-9a-f]{12}, '
                     r'results: \{1: "10 8 7 5", 2: "9 10 9 9"\}\}\n  standings: \{qualifying-2: \[', final, re.M)
    code, _out, err = validate(folder, capsys)
    assert (code, err) == (0, "")


def test_the_corrections_record_the_old_results_and_the_standings_moved(tmp_path, monkeypatch, capsys):
    from podium_core.pipeline import evaluate_one

    folder = played_event(tmp_path, monkeypatch, capsys)
    q1 = folder / "qualifying-01.yaml"
    seats = re.findall(r"(player-[1-8]): ", next(l for l in q1.read_text("utf-8").splitlines() if "seats: {" in l))
    order = re.search(r"standings: \{qualifying-1: \[([^]]+)\]", (folder / "qualifying-02.yaml").read_text("utf-8")).group(1).split(", ")
    correct_first_table(q1, (5, 8, 7, 10), reason="VP swapped on the sheet")
    assert main(["pair", str(folder), "--write"]) == 0  # the final, seated again
    [correction] = evaluate_one(folder).extra["corrections"]
    assert [(c.unit, c.players, c.old, c.new) for c in correction.changes] == [(1, tuple(seats), "10 8 7 5", "5 8 7 10")]
    after_1 = next(m for m in correction.moves if m.standing == "qualifying-1")
    now = [row.player for row in evaluate_one(folder).standings[0].rows]
    assert {pid for pid, _old, _new in after_1.moved} >= {seats[0], seats[3]}
    assert all(order.index(pid) + 1 == old and now.index(pid) + 1 == new for pid, old, new in after_1.moved)
    assert next(new for pid, _old, new in after_1.moved if pid == seats[3]) < next(
        new for pid, _old, new in after_1.moved if pid == seats[0])  # the 10 VP moved with the win


def test_a_digest_alone_is_read_as_before(tmp_path, monkeypatch, capsys):
    """A record written with digests only still tells that a round changed."""
    from podium_core.pipeline import evaluate_one

    folder = played_event(tmp_path, monkeypatch, capsys)
    for name in ("qualifying-02.yaml", "final-01.yaml"):
        path = folder / name
        text = re.sub(r"\{digest: ([0-9a-f]{12})(, results: \{[^}]*\})?\}", r"\1", path.read_text("utf-8"))
        path.write_text(re.sub(r"  standings: .*\n", "", text), "utf-8")
    assert re.search(r"^  qualifying-1: [0-9a-f]{12}$", (folder / "final-01.yaml").read_text("utf-8"), re.M)
    correct_first_table(folder / "qualifying-01.yaml", (5, 8, 7, 10), reason="VP swapped")
    assert main(["pair", str(folder), "--write"]) == 0
    [correction] = evaluate_one(folder).extra["corrections"]
    assert correction.standing == ("qualifying-2",) and not correction.recorded and correction.changes == ()


def test_a_correction_leaves_played_rounds_standing_and_reseats_the_next(tmp_path, monkeypatch, capsys):
    folder = played_event(tmp_path, monkeypatch, capsys)
    final = folder / "final-01.yaml"
    before = final.read_text("utf-8")
    correct_first_table(folder / "qualifying-01.yaml", (5, 8, 7, 10), reason="VP swapped on the sheet")
    code, _out, err = validate(folder, capsys)
    assert code == 1
    assert "qualifying-02.yaml" not in err  # played: stands as played
    assert f"{final}:8: table 1 differs from the rules" in err
    assert "it was seated before an earlier result was corrected: podium pair --write seats it again" in err
    assert main(["pair", str(folder), "--write"]) == 0
    assert f"re-seated: {final}" in capsys.readouterr().out
    assert final.read_text("utf-8") != before
    code, out, err = validate(folder, capsys)
    assert (code, err) == (0, "")
    assert out.splitlines() == [
        f"note: {folder / 'qualifying-01.yaml'}: qualifying round 1 was corrected (VP swapped on the sheet) after "
        "qualifying round 2 was seated; table 1: 10 8 7 5 → 5 8 7 10; qualifying round 2 stands as played",
        "cup: valid"]


def test_a_correction_after_every_round_was_played(tmp_path, monkeypatch, capsys):
    folder = played_event(tmp_path, monkeypatch, capsys)
    assert enter(monkeypatch, folder, "10 8 7 5\n") == 0  # the final
    correct_first_table(folder / "qualifying-01.yaml", (5, 8, 7, 10), reason="VP swapped")
    code, out, _err = validate(folder, capsys)
    assert code == 0
    assert ("qualifying round 1 was corrected (VP swapped) after qualifying round 2 and final round 1 were seated; "
            "table 1: 10 8 7 5 → 5 8 7 10; qualifying round 2 and final round 1 stand as played") in out


def test_a_hand_edited_seating_is_still_an_error(tmp_path, monkeypatch, capsys):
    folder = played_event(tmp_path, monkeypatch, capsys)
    q2 = folder / "qualifying-02.yaml"
    text = q2.read_text("utf-8")
    lines = [l for l in text.splitlines() if "seats: {" in l]
    a = re.findall(r"([a-z0-9-]+): ", lines[0].split("{", 1)[1])[0]
    b = re.findall(r"([a-z0-9-]+): ", lines[1].split("{", 1)[1])[0]
    q2.write_text(text.replace(a, "@").replace(b, a).replace("@", b), "utf-8")  # seated_from kept, results unchanged
    code, _out, err = validate(folder, capsys)
    assert code == 1 and f"{q2}:7: table 1 differs from the rules" in err
    assert "corrected" not in err
    q2.write_text(re.sub(r"seated_from:\n(  .*\n)*", "", q2.read_text("utf-8")), "utf-8")  # no record at all
    code, _out, err = validate(folder, capsys)
    assert code == 1 and f"{q2}:4: table 1 differs from the rules" in err


def test_games_added_to_an_undecided_match_correct_nothing():
    """A knockout round seated match by match rests on decided matches; the
    games of another match played since only go on from what was recorded."""
    from podium_core.corrections import _goes_on

    assert _goes_on("+10, -3", "+10, -3, +8")
    assert _goes_on("+10, -3; TLATER", "+10, -3, +8, +8; TLATER")
    assert not _goes_on("+10, -3", "+12, -3, +8")  # game 1 changed
    assert not _goes_on("+10, -3, +8", "+10, -3")  # a game gone
    assert not _goes_on("+10; RESIGN anna", "+10, +4")  # a decided match changed
    assert not _goes_on("+10, -3", None)


def test_the_result_texts_of_every_kind_of_unit(tmp_path):
    """What the record keeps per table, game or match, in seat order."""
    from podium_core.corrections import result_text
    from podium_core.modelling import read_event

    folder = tmp_path / "cup"
    folder.mkdir()
    players = ", ".join(f"{{id: {p}, name: {p.upper()}}}" for p in ("a", "b", "c", "d"))
    (folder / "event.yaml").write_text(f"name: Cup\nformat: baska-gp\nplayers: [{players}]\n", "utf-8")
    (folder / "grand-prix-01.yaml").write_text(
        "stage: grand-prix\nround: 1\nsession: 1\ntables:\n"
        "  - table: 1\n    seats: {a: 30, b: 10, c: -15, d: -25}\n"
        "  - table: 2\n    seats: [a, b, c, d]\n    deals:\n      - {game: cicha, player: c, won: true, level: rej}\n"
        "  - table: 3\n    seats: [a, b, c, d]\n", "utf-8")
    event, _problems, _unread = read_event(folder)  # the same four players at every table: only the texts matter here
    tables = event.rounds[0].tables
    assert [result_text(t) for t in tables] == ["30 10 -15 -25", "-16 -16 48 -16", None]
    from podium_core.model import Game, Match, MatchGame, Where

    where = Where(event.rounds[0].where.doc)
    assert result_text(Game(1, ("a", "b"), where, score=(95, 95), forfeit="b")) == "95 95 forfeit b"
    match = Match(1, ("a", "b"), where, games=(MatchGame(where, score=(24, 19)), MatchGame(where, margin=-18, penalty=(4, 0))),
                  status="RESIGN", resigned="b")
    assert result_text(match) == "24:19, -18 penalty 4/0; RESIGN b"
    assert result_text(Match(2, ("a", "b"), where, status="TLATER")) is None


def test_a_recorded_result_reads_back_into_its_unit(tmp_path):
    """What the engines rank a corrected round's older results from: each
    text read back gives the unit whose result text it is (a protocol comes
    back as its totals)."""
    from podium_core.corrections import read_result, result_text
    from podium_core.model import Game, Match, MatchGame, Table, Where
    from podium_core.loader import Document

    where = Where(Document(str(tmp_path / "r.yaml"), {}))
    units = [Table(1, ("a", "b", "c", "d"), where, scores=(10, 8, 7, 5), winner="b"),
             Table(2, ("a", "b", "c", "d"), where),
             Game(1, ("a", "b"), where, score=(95, 95), forfeit="b", winner="a"),
             Game(2, ("a", "b"), where, forfeit="a"),
             Match(1, ("a", "b"), where, games=(MatchGame(where, score=(24, 19)), MatchGame(where, margin=-18, penalty=(4, 0))),
                   status="RESIGN", resigned="b"),
             Match(2, ("a", "b"), where, status="RESIGN", resigned="a"),
             Match(3, ("a", "b"), where, games=(MatchGame(where, margin=5),), status="TLATER")]
    for unit in units:
        text = result_text(unit)
        assert result_text(read_result(unit, text)) == text
    assert read_result(units[0], "10 8 7 5 winner b").scores == (10, 8, 7, 5)
    assert read_result(units[0], None).scores is None
    assert read_result(units[0], "10 8 7") is None and read_result(units[2], "ten 8") is None
    assert read_result(units[4], "+5 penalty, -3") is None and read_result(units[4], "+5 +3") is None
    # what no round file could hold: a number that is not whole, three parts of a score, an unknown status
    assert read_result(units[0], "-1.0e999 8 7 10") is None and read_result(units[0], "10 8 7.5 5") is None
    assert read_result(units[4], "1:2:3") is None and read_result(units[4], "+5; FOO") is None


def test_a_recorded_result_no_round_file_could_hold_computes_no_standings(tmp_path):
    """The standings a middle version would give are computed only from results
    that pass the checks a round file's results pass: a recorded result that
    breaks one (a forfeit by someone not at the game) gives none."""
    from podium_core.corrections import evaluator
    from podium_core.formats.variants import Catalogue
    from podium_core.pipeline import format_of
    from podium_core.modelling import read_event
    from test_parallel_evaluation import simulated_event

    folder = tmp_path / "cup"
    simulated_event(folder, "carcassonne-lv", 8, rounds=1)
    event, problems, _unread = read_event(folder)
    assert not problems
    fmt, problems = format_of(event, Catalogue())
    assert not problems
    evaluate = evaluator(fmt, event)
    rnd = event.rounds[0]
    name = f"{rnd.stage}-{rnd.round}"
    game = rnd.games[0]
    assert evaluate(name, {game.table: f"{game.score[0]} {game.score[1]}"}) is not None
    assert evaluate(name, {game.table: "5 3 forfeit zz"}) is None


# -- a round corrected twice ------------------------------------------------------------------

def twice_corrected_event(tmp_path, monkeypatch, capsys, again="sheet misread twice"):
    """Catan Latvia, 16 players: qualifying round 2's table 1 corrected after
    round 3 was seated and played, then again (with the reason ``again``)
    after round 4 was; ``snapshot`` is the event between the two corrections
    (before round 4 was seated)."""
    import shutil

    results = tmp_path / "results"
    assert main(["new", "cup", "--format", "catan-lv-2016", "--results", str(results), "--players", "16"]) == 0
    folder = results / "cup"
    for number in (1, 2, 3):
        assert main(["pair", str(folder), "--write"]) == 0
        assert enter(monkeypatch, folder, "10 8 7 5\n" * 4) == 0
    q2 = folder / "qualifying-02.yaml"
    correct_first_table(q2, (5, 8, 7, 10), reason="sheet misread")
    snapshot = tmp_path / "snapshot" / "cup"
    shutil.copytree(folder, snapshot)
    assert main(["pair", str(folder), "--write"]) == 0
    assert enter(monkeypatch, folder, "10 8 7 5\n" * 4) == 0
    correct_first_table(q2, (5, 10, 7, 8), reason=again)
    capsys.readouterr()
    return folder, snapshot


def recorded_order(path, standings):
    text = path.read_text("utf-8")
    return re.search(rf"standings: \{{{standings}: \[([^]]+)\]", text).group(1).split(", ")


def moved(old, new):
    """(id, old place, new place) of each player whose place differs."""
    return tuple((pid, i, new.index(pid) + 1) for i, pid in enumerate(old, start=1) if new.index(pid) + 1 != i)


def test_a_round_corrected_twice_keeps_both_corrections_in_order(tmp_path, monkeypatch, capsys):
    from podium_core.pipeline import evaluate_one

    folder, snapshot = twice_corrected_event(tmp_path, monkeypatch, capsys)
    seats = re.findall(r"(player-[0-9]+): ", next(l for l in (folder / "qualifying-02.yaml").read_text("utf-8").splitlines()
                                                  if "seats: {" in l))
    outcome = evaluate_one(folder)
    [correction] = outcome.extra["corrections"]
    assert correction.standing == ("qualifying-3", "qualifying-4")
    assert [(s.seated, s.then, s.now, [(c.unit, c.players, c.old, c.new) for c in s.changes]) for s in correction.steps] == [
        (("qualifying-3",), ("qualifying-4",), False, [(1, tuple(seats), "10 8 7 5", "5 8 7 10")]),
        (("qualifying-4",), (), True, [(1, tuple(seats), "5 8 7 10", "5 10 7 8")])]
    # the first correction: the order round 3 was seated from, and the same standings from the corrected results
    between = [row.player for row in evaluate_one(snapshot).standings[1].rows]
    first = recorded_order(folder / "qualifying-03.yaml", "qualifying-2")
    assert [(m.standing, m.moved) for m in correction.steps[0].moves] == [("qualifying-2", moved(first, between))]
    assert {seats[0], seats[3]} <= {pid for pid, _old, _new in correction.steps[0].moves[0].moved}
    # the second: the order round 4 was seated from, and the same standings now
    now = [row.player for row in outcome.standings[2].rows]
    second = recorded_order(folder / "qualifying-04.yaml", "qualifying-3")
    assert [(m.standing, m.moved) for m in correction.steps[1].moves] == [("qualifying-3", moved(second, now))]
    assert correction.steps[1].moves[0].moved
    code, out, err = validate(folder, capsys)
    assert (code, err) == (0, "")
    assert ("after qualifying round 3 was seated: table 1: 10 8 7 5 → 5 8 7 10; after qualifying round 4 was seated: "
            "table 1: 5 8 7 10 → 5 10 7 8; qualifying round 3 and qualifying round 4 stand as played") in out


def test_the_corrections_page_shows_each_correction_of_a_round(tmp_path, monkeypatch, capsys):
    from podium_core.pipeline import evaluate_one
    from test_site import build, read

    folder, _snapshot = twice_corrected_event(tmp_path, monkeypatch, capsys)
    [correction] = evaluate_one(folder).extra["corrections"]
    page = read(build(folder.parent, tmp_path / "output"), "cup/corrections/index.html")
    history = page.split('<ol class="history">')[1].split("</ol>")[0]
    steps = history.split("<li>\n")[1:]
    assert len(steps) == 2 and "Corrected 2 times, oldest first." in page
    assert re.search(r'<h3>As <a href="[^"]*/qualifying-3/">Qualifying, round 3</a> was seated from them → '
                     r'as <a href="[^"]*/qualifying-4/">Qualifying, round 4</a> was seated from them</h3>', steps[0])
    assert re.search(r'<h3>As <a href="[^"]*/qualifying-4/">Qualifying, round 4</a> was seated from them → as they are now</h3>',
                     steps[1])
    assert "<del>10 8 7 5</del> → <ins>5 8 7 10</ins>" in steps[0] and "<del>5 8 7 10</del> → <ins>5 10 7 8</ins>" in steps[1]
    assert "5 10 7 8" not in steps[0]
    for step, shown in zip(correction.steps, steps):
        moves = re.findall(r'<li><bdi><a href="[^"]*/players/([^/]+)/">[^<]+</a></bdi>: place (\d+) → (\d+)</li>', shown)
        assert moves == [(pid, str(old), str(new)) for pid, old, new in step.moves[0].moved]
    assert "Standings after round 2" not in steps[1]  # each step names the standings its rounds were seated from
    assert "Qualifying: standings after round 2" in steps[0] and "Qualifying: standings after round 3" in steps[1]


def test_a_theme_person_macro_names_the_players_on_the_corrections_page(tmp_path, monkeypatch, capsys):
    from test_public_apis import theme_with_person
    from test_site import build, read

    folder, _snapshot = twice_corrected_event(tmp_path, monkeypatch, capsys)
    theme = theme_with_person(tmp_path, '{% macro person(p) -%}<span class="theirs">{{ p.name|upper }}</span>{%- endmacro %}')
    page = read(build(folder.parent, tmp_path / "output", THEME=str(theme), CACHE_PATH=str(tmp_path / "cache")),
                "cup/corrections/index.html")
    main_part = page.split('<main id="main"')[1].split("</main>")[0]
    assert "/players/" not in main_part and "Player 6" not in main_part
    changes = re.findall(r"<li>Table 1 \(([^)]*)\)", main_part)
    assert len(changes) == 2 and all(re.fullmatch(r'(<span class="theirs">PLAYER \d+</span>, ){3}<span class="theirs">PLAYER \d+</span>', c)
                                      for c in changes)
    assert re.search(r'<li><span class="theirs">PLAYER \d+</span>: place \d+ → \d+</li>', main_part)


# -- a slip: a change without correction: ------------------------------------------------------

def assert_in_every_report(capsys, path, line, said):
    """``podium validate cup``, run in the folder that holds cup, fails and
    reports the problem ``said`` at ``line`` of ``path`` (as the repository
    names it) in every report format: a GitHub workflow command and a GitLab
    code quality issue."""
    capsys.readouterr()
    assert main(["validate", "cup", "--format", "github"]) == 1
    out = capsys.readouterr().out
    assert f"::error file={path},line={line}::{said}" in out
    assert main(["validate", "cup", "--format", "gitlab"]) == 1
    issues = json.loads(capsys.readouterr().out)
    assert {"path": path, "lines": {"begin": line}} in [i["location"] for i in issues]
    assert said in [i["description"] for i in issues]


def test_a_change_without_a_reason_is_a_slip_in_every_report(tmp_path, monkeypatch, capsys):
    """A played round changed after later rounds were seated from it, with no
    ``correction:``, is an error naming the changed table and how to confirm it."""
    folder = played_event(tmp_path, monkeypatch, capsys)
    q1 = folder / "qualifying-01.yaml"
    correct_first_table(q1, (5, 8, 7, 10))
    line = next(i for i, l in enumerate(q1.read_text("utf-8").splitlines(), start=1) if "- table: 1" in l)
    said = ("qualifying round 1 changed after qualifying round 2 and final round 1 were seated from it "
            "(table 1: 10 8 7 5 → 5 8 7 10): if this is a correction, confirm it with correction: \"what was wrong\" "
            "in this file (it is then published on the corrections page); if not, put the results back")
    code, _out, err = validate(folder, capsys)
    assert code == 1 and f"{q1}:{line}: {said}" in err.splitlines()
    monkeypatch.chdir(tmp_path)
    assert_in_every_report(capsys, "cup/qualifying-01.yaml", line, said)
    assert main(["pair", "cup"]) == 1  # nothing is seated from a slip
    assert "qualifying round 1 changed after qualifying round 2" in capsys.readouterr().err
    correct_first_table(q1, (10, 8, 7, 5))  # put back: nothing to say
    assert main(["validate", "cup"]) == 0 and capsys.readouterr().out == "cup: valid\n"


def test_a_correction_note_is_said_until_a_round_seated_from_it_is_played(tmp_path, monkeypatch, capsys):
    folder = played_event(tmp_path, monkeypatch, capsys)
    correct_first_table(folder / "qualifying-01.yaml", (5, 8, 7, 10), reason="VP swapped on the sheet")
    assert main(["pair", str(folder), "--write"]) == 0
    code, out, _err = validate(folder, capsys)
    assert code == 0 and "qualifying round 1 was corrected (VP swapped on the sheet)" in out
    assert enter(monkeypatch, folder, "10 8 7 5\n") == 0  # the final, seated from the corrected results, played
    code, out, _err = validate(folder, capsys)
    assert (code, out) == (0, "cup: valid\n")


def test_a_change_again_under_the_recorded_reason_is_a_slip_in_every_report(tmp_path, monkeypatch, capsys):
    """A corrected round changed again after a later round was seated from
    its correction, with the reason that round recorded, is a slip: the
    error names the changed table and asks for a new or extended reason."""
    folder, _snapshot = twice_corrected_event(tmp_path, monkeypatch, capsys, again="sheet misread")
    q2 = folder / "qualifying-02.yaml"
    assert re.search(r'^  qualifying-2: \{digest: [0-9a-f]{12}, correction: "sheet misread", results: ',
                     (folder / "qualifying-04.yaml").read_text("utf-8"), re.M)
    line = next(i for i, l in enumerate(q2.read_text("utf-8").splitlines(), start=1) if "- table: 1" in l)
    said = ("qualifying round 2 changed again after qualifying round 4 was seated from its corrected results "
            "(table 1: 5 8 7 10 → 5 10 7 8), and correction: \"sheet misread\" is the reason qualifying round 4 "
            "recorded: if this is a further correction, confirm it with a new or extended reason, e.g. "
            "correction: \"sheet misread; what was wrong now\", in this file (it is then published on the corrections "
            "page); if not, put the results back")
    code, _out, err = validate(folder, capsys)
    assert code == 1 and err.splitlines() == [f"{q2}:{line}: {said}", "1 problem found"]
    monkeypatch.chdir(folder.parent)
    assert_in_every_report(capsys, "cup/qualifying-02.yaml", line, said)
    correct_first_table(q2, (5, 10, 7, 8), reason="sheet misread; table 1 misread again")  # the reason extended
    code, out, err = validate(folder, capsys)
    assert (code, err) == (0, "")
    assert ("qualifying round 2 was corrected (sheet misread; table 1 misread again) after qualifying round 3 and "
            "qualifying round 4 were seated") in out


def test_a_correction_unchanged_since_the_last_record_is_no_slip(tmp_path, monkeypatch, capsys):
    """The reason recorded with the corrected results confirms those results:
    a round seated from them is no second change, and a first change
    confirmed before any round recorded a reason is a correction."""
    folder = played_event(tmp_path, monkeypatch, capsys)
    q1 = folder / "qualifying-01.yaml"
    correct_first_table(q1, (5, 8, 7, 10), reason="VP swapped")
    assert main(["pair", str(folder), "--write"]) == 0  # the final, seated from the correction
    assert 'qualifying-1: {digest: ' in (folder / "final-01.yaml").read_text("utf-8")
    assert 'correction: "VP swapped"' in (folder / "final-01.yaml").read_text("utf-8")
    code, _out, err = validate(folder, capsys)
    assert (code, err) == (0, "")
    correct_first_table(q1, (5, 7, 8, 10))  # a second edit under the same reason
    code, _out, err = validate(folder, capsys)
    assert code == 1 and "qualifying round 1 changed again after final round 1 was seated from its corrected results " \
                         "(table 1: 5 8 7 10 → 5 7 8 10)" in err
