"""``manual:`` changes who sits where, never the round's shape (podium_core.formats.manual_shape)."""

import re

from podium_core.cli import main
from support.simulated import simulate

WHY = "manual: changes who sits where, not"


def errors(folder, capsys):
    capsys.readouterr()
    code = main(["validate", str(folder)])
    return code, capsys.readouterr().err.splitlines()[:-1]


def seat_lines(text):
    return [line for line in text.splitlines() if line.strip().startswith(("seats:", "players:"))]


def test_a_manual_catan_round_keeps_its_table_sizes_and_its_players(tmp_path, capsys):
    folder = simulate(tmp_path, "catan-lt-route66", 8, 2)
    path = folder / "qualifying-02.yaml"
    text = path.read_text("utf-8")
    first, second = seat_lines(text)
    people = re.findall(r"([a-z0-9-]+): ([0-9]+)", first)
    moved = people[-1]
    # table 1 gives its last player to table 2: 3 and 5 players
    changed = text.replace(first, first.replace(f", {moved[0]}: {moved[1]}", "")).replace(second, second.replace("}", f", {moved[0]}: 3}}"))
    path.write_text('manual: "judge"\n' + changed, "utf-8")
    code, found = errors(folder, capsys)
    assert code == 1
    assert any(line.endswith(f"table 2 seats 5 players; the rules seat this round at 2 tables of 4 ({WHY} the table sizes)")
               for line in found), found
    # a player left out
    path.write_text('manual: "judge"\n' + text.replace(first, first.replace(f", {moved[0]}: {moved[1]}", "")), "utf-8")
    code, found = errors(folder, capsys)
    assert code == 1 and any(f"player '{moved[0]}' plays this round by the rules but sits at no table ({WHY} who plays)" in line
                             for line in found), found
    # the same players at other tables is what manual is for
    a, b = people[0][0], re.findall(r"([a-z0-9-]+): ", second.split("{", 1)[1])[0]
    path.write_text('manual: "judge"\n' + text.replace(a, "@").replace(b, a).replace("@", b), "utf-8")
    assert main(["validate", str(folder)]) == 0


def test_a_manual_single_player_table_is_refused(tmp_path, capsys):
    folder = simulate(tmp_path, "catan-lt-route66", 9, 0)
    names = re.findall(r"^  - id: (\S+)$", (folder / "event.yaml").read_text("utf-8"), re.M)
    tables = [names[0:4], names[4:8], names[8:9]]
    body = "".join(f"  - table: {i}\n    seats: [{', '.join(t)}]\n" for i, t in enumerate(tables, 1))
    (folder / "qualifying-01.yaml").write_text(f'stage: qualifying\nround: 1\nmanual: "late"\ntables:\n{body}', "utf-8")
    code, found = errors(folder, capsys)
    assert code == 1
    assert any(f"table 1 seats 4 players; the rules seat this round at 3 tables of 3 ({WHY} the table sizes)" in l for l in found)
    assert any(f"table 3 seats 1 player; the rules seat this round at 3 tables of 3" in l for l in found)


def test_a_manual_carcassonne_game_stays_inside_its_group(tmp_path, capsys):
    folder = simulate(tmp_path, "carcassonne-lv", 34, 2)
    path = folder / "swiss-02.yaml"
    text = path.read_text("utf-8")
    games = seat_lines(text)
    first_a = re.findall(r"[a-z0-9-]+", games[0].split(":", 1)[1])[0]
    first_b = re.findall(r"[a-z0-9-]+", games[-1].split(":", 1)[1])[0]
    swapped = text.replace(first_a, "@").replace(first_b, first_a).replace("@", first_b)
    path.write_text('manual: "judge"\n' + swapped, "utf-8")
    code, found = errors(folder, capsys)
    assert code == 1
    assert any(f"table 1 pairs players of groups A and B ({WHY} the groups)" in line for line in found), found


def test_a_short_table_out_of_place_is_named_by_its_own_number(tmp_path, capsys):
    """22 players: the rules seat 4, 4, 4, 4, 3, 3.  A manual round of 21
    with table 3 short is named at table 3, not at the last 3-player table."""
    folder = simulate(tmp_path, "catan-lv-2016", 22, 0)
    names = re.findall(r"^  - id: (\S+)$", (folder / "event.yaml").read_text("utf-8"), re.M)
    tables = [names[0:4], names[4:8], names[8:11], names[11:15], names[15:18], names[18:21]]
    body = "".join(f"  - table: {i}\n    seats: [{', '.join(t)}]\n" for i, t in enumerate(tables, 1))
    (folder / "qualifying-01.yaml").write_text(f'stage: qualifying\nround: 1\nmanual: "late"\ntables:\n{body}', "utf-8")
    code, found = errors(folder, capsys)
    sizes = [l for l in found if "the table sizes" in l]
    assert code == 1 and len(sizes) == 1
    assert sizes[0].endswith(f"table 3 seats 3 players; the rules seat this round at 4 tables of 4 and 2 tables of 3 "
                             f"({WHY} the table sizes)"), found
