"""podium enter takes a result's form only; the engine judges it.

Each refused line gets the message ``podium validate`` gives for the same
result written into the round file by hand, in the same words; each hint
offers only what the event's format and options accept in that stage.
"""

import io
import re

import pytest
import yaml

from podium_core.cli import main
from podium_core.commands import enter
from podium_core.formats import get_format


def new_event(tmp_path, fmt, players, rounds=0, options=None):
    folder = tmp_path / "results" / "cup"
    assert main(["simulate", str(folder), "--format", fmt, "--players", str(players), "--rounds", str(rounds)]) == 0
    if options:
        event = folder / "event.yaml"
        data = yaml.safe_load(event.read_text("utf-8"))
        assert "options" not in data
        event.write_text(event.read_text("utf-8") + yaml.safe_dump({"options": options}), "utf-8")
    return folder


def piped(monkeypatch, capsys, folder, text):
    monkeypatch.setattr("sys.stdin", io.StringIO(text))
    capsys.readouterr()
    code = main(["enter", str(folder)])
    out = capsys.readouterr()
    return code, out.out, out.err


class Terminal(io.StringIO):
    def isatty(self):
        return True


def on_terminal(folder, text):
    """What podium enter shows on a terminal given ``text``."""
    class Args:
        event = folder
        round = None

    stdout = io.StringIO()
    enter.run(Args, stdin=Terminal(text), stdout=stdout)
    return stdout.getvalue()


def validate_says(capsys, folder, path, number, fields):
    """The problems podium validate gives once unit ``number`` of ``path`` holds ``fields``."""
    data = yaml.safe_load(path.read_text("utf-8"))
    key = next(k for k in ("tables", "games", "matches") if k in data)
    word = "match" if key == "matches" else "table"
    unit = next(u for u in data[key] if u[word] == number)
    unit.update(fields)
    path.write_text(yaml.safe_dump(data, sort_keys=False, allow_unicode=True), "utf-8")
    capsys.readouterr()
    assert main(["validate", str(folder)]) == 1
    return capsys.readouterr().err


def seats(path, field="seats"):
    return [ids.split(", ") for ids in re.findall(rf"{field}: \[([^\]]*)\]", path.read_text("utf-8"))]


def final_of_route66(tmp_path, capsys):
    """A catan-lt-route66 event whose qualifying rounds are played, and its final seated."""
    folder = new_event(tmp_path, "catan-lt-route66", 8, rounds=2)
    assert main(["pair", str(folder), "--write"]) == 0
    path = folder / "final-01.yaml"
    assert path.is_file()
    return folder, path, seats(path)[0]


def test_the_hint_of_a_final_without_time_limit_offers_no_none(tmp_path, capsys):
    folder, path, finalists = final_of_route66(tmp_path, capsys)
    shown = on_terminal(folder, "-\n")
    assert "  VP in seat order (then the winner, by seat number or name, if two seats reached 10): " in shown
    assert "none" not in shown and "time limit" not in shown
    qualifying = on_terminal(new_event(tmp_path / "other", "catan-lt-route66", 8), "-\n")
    assert "(then the winner, by seat number or name, if two seats reached 10, or none if the time limit stopped the game): " in qualifying


def test_none_in_a_final_is_refused_with_the_engines_words(tmp_path, monkeypatch, capsys):
    folder, path, finalists = final_of_route66(tmp_path, capsys)
    code, _out, err = piped(monkeypatch, capsys, folder, "9 9 9 9\n")
    assert code == 1 and err.strip() == "<stdin>:1: table 1: nobody reached 10 VP, but this game must have a winner"
    shown = on_terminal(folder, "9 9 9 9 none\n-\n")
    assert "  table 1: this game has no time limit, so it must have a winner\n" in shown
    assert "winner" not in path.read_text("utf-8")
    said = validate_says(capsys, folder, path, 1, {"seats": dict(zip(finalists, [9, 9, 9, 9])), "winner": "none"})
    assert f"{path}:" in said and ": this game has no time limit, so it must have a winner\n" in said


def test_a_final_result_is_written_once_the_engine_takes_it(tmp_path, capsys):
    """On a terminal: a line the engine refuses is asked again, in the engine's
    words; the line it takes is written and the event validates."""
    folder, path, finalists = final_of_route66(tmp_path, capsys)
    shown = on_terminal(folder, f"10 10 7 5\n10 10 7 5 {finalists[1]}\n")
    refusal = "both have 10 VP or more: say who won with winner: <id>"
    assert f"  table 1: {finalists[0]} and {finalists[1]} {refusal}\n" in shown
    assert "1 result written" in shown
    text = path.read_text("utf-8")
    assert "seats: {" + ", ".join(f"{pid}: {vp}" for pid, vp in zip(finalists, (10, 10, 7, 5))) + "}" in text
    assert f"winner: {finalists[1]}" in text
    capsys.readouterr()
    assert main(["validate", str(folder)]) == 0
    assert main(["export", str(folder)]) == 0
    assert f'"winner": "{finalists[1]}"' in capsys.readouterr().out


# Lines the engines refuse, per format: the round file each goes to, the line,
# and the unit's fields as the file would hold them.
REFUSED = {
    "catan-vp": ("catan-lt-route66", 8, "qualifying-01.yaml", "9 9 9 21 none",
                 lambda ids: {"seats": dict(zip(ids, [9, 9, 9, 21])), "winner": "none"}),
    "catan-nobody-at-ten": ("catan-lt-route66", 8, "qualifying-01.yaml", "9 9 9 9",
                            lambda ids: {"seats": dict(zip(ids, [9, 9, 9, 9]))}),
    "catan-two-at-ten": ("catan-lt-route66", 8, "qualifying-01.yaml", "10 10 9 9",
                         lambda ids: {"seats": dict(zip(ids, [10, 10, 9, 9]))}),
    "catan-winner-elsewhere": ("catan-lt-route66", 8, "qualifying-01.yaml", "10 9 9 9 zz",
                               lambda ids: {"seats": dict(zip(ids, [10, 9, 9, 9])), "winner": "zz"}),
    "catan-winner-not-an-id": ("catan-lt-route66", 8, "qualifying-01.yaml", "10 9 9 9 Zz",
                               lambda ids: {"seats": dict(zip(ids, [10, 9, 9, 9])), "winner": "Zz"}),
    "baska-sum": ("baska-gp", 8, "grand-prix-01.yaml", "30 10 -15 -20",
                  lambda ids: {"seats": dict(zip(ids, [30, 10, -15, -20]))}),
    "carcassonne-negative": ("carcassonne-lv", 4, "swiss-01.yaml", "-1 5",
                             lambda ids: {"score": [-1, 5]}),
    "carcassonne-forfeit-elsewhere": ("carcassonne-lv", 4, "swiss-01.yaml", "100 90 zz",
                                      lambda ids: {"score": [100, 90], "forfeit": "zz"}),
    "tantrix-penalty": ("tantrix-wc", 4, "main-01.yaml", "{0} 3 -1 0",
                        lambda ids: {"games": [{"margin": 3, "penalty": [-1, 0]}]}),
}


@pytest.mark.parametrize("case", sorted(REFUSED))
def test_a_refused_line_gets_the_message_validate_gives(tmp_path, monkeypatch, capsys, case):
    fmt, players, name, line, fields = REFUSED[case]
    folder = new_event(tmp_path, fmt, players)
    assert main(["pair", str(folder), "--write"]) == 0
    path = folder / name
    ids = seats(path, "seats" if fmt.startswith(("catan", "baska")) else "players")[0]
    before = path.read_text("utf-8")
    code, _out, err = piped(monkeypatch, capsys, folder, line.format(*ids) + "\n")
    assert code == 1
    assert path.read_text("utf-8") == before  # nothing written
    messages = [m.split(": ", 1)[1] for m in validate_says(capsys, folder, path, 1, fields(ids)).splitlines() if m.startswith(f"{path}:")]
    assert messages, "validate finds the same result wrong"
    said = "; ".join(messages)
    label = "match 1, game 1" if fmt.startswith("tantrix") else "table 1"
    assert err.strip() in (f"<stdin>:1: {said}", f"<stdin>:1: {label}: {said}")  # the unit named once


def test_declared_ties_take_the_winner_the_hint_names(tmp_path, monkeypatch, capsys):
    folder = new_event(tmp_path, "carcassonne-lv", 4, options={"tie_game": "declared"})
    assert main(["pair", str(folder), "--write"]) == 0
    path = folder / "swiss-01.yaml"
    first, second = seats(path, "players")
    shown = on_terminal(folder, "100 100\n-\n-\n")
    assert "  the two scores (then the player, by seat number or name, who ran out of clock time, and winner <player> if the scores are equal): " in shown
    assert "  table 1 has equal scores: under tie_game: declared the game must name its winner: " in shown
    code, out, err = piped(monkeypatch, capsys, folder, f"100 100 winner {first[1]}\n95 80 {second[0]}\n")
    assert code == 0, err
    text = path.read_text("utf-8")
    assert f"score: [100, 100]\n    winner: {first[1]}" in text and f"forfeit: {second[0]}" in text
    capsys.readouterr()
    assert main(["validate", str(folder)]) == 0


@pytest.mark.parametrize("format_id, options, stage, offered, not_offered", [
    ("catan-lv-2016", {}, "qualifying", "or none if the time limit stopped the game", None),
    ("catan-lv-2016", {}, "semifinal", "or none if the time limit stopped the game", None),
    ("catan-lv-2016", {}, "final", "if two seats reached 10)", "none"),
    ("catan-lt-route66", {}, "final", "if two seats reached 10)", "none"),
    ("carcassonne-lv", {}, "swiss", "ran out of clock time)", "equal"),
    ("carcassonne-lv", {}, "playoff", "and both clock times m:ss if the scores are equal", "winner"),
    ("carcassonne-lv", {"tie_game": "declared"}, "playoff", "and winner <player> if the scores are equal", "m:ss"),
    ("carcassonne-lv", {"tie_game": "declared"}, "swiss", "and winner <player> if the scores are equal", "m:ss"),
    ("baska-gp", {}, "grand-prix", "small points in seat order, or the deals", None),
])
def test_each_hint_follows_the_format_and_stage(format_id, options, stage, offered, not_offered):
    prompt = get_format(format_id, options).entry_prompt(stage)
    assert offered in prompt
    assert not_offered is None or not_offered not in prompt


def test_an_unknown_id_gets_did_you_mean_from_the_table_and_the_event():
    from podium_core.suggest import did_you_mean
    from types import SimpleNamespace as P

    table = [P(id="inese-kalnina", name="Inese Kalniņa"), P(id="anna-berzina", name="Anna Bērziņa")]
    event = table + [P(id="janis-ozols", name="Jānis Ozols"), P(id="inara-liepa", name="Ināra Liepa")]
    assert did_you_mean("inese", table, event) == " (did you mean inese-kalnina?)"  # a prefix at the table
    assert did_you_mean("anna", table, event) == " (did you mean anna-berzina?)"
    assert did_you_mean("janis-ozol", table, event) == " (did you mean janis-ozols?)"  # from the event
    assert did_you_mean("Ināra", (), event) == " (did you mean inara-liepa?)"  # the name typed
    assert did_you_mean("zzz", table, event) == ""
