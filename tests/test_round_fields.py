"""Each format's round files take only the fields that format uses (podium.roundfields)."""

import re

import pytest

from podium.cli import main
from podium.roundfields import ROUND_FIELDS, UNIT_FIELDS
from podium.formats import FORMAT_IDS


def simulate(tmp_path, fmt, players, rounds):
    folder = tmp_path / "results" / "cup"
    assert main(["simulate", str(folder), "--format", fmt, "--players", str(players), "--rounds", str(rounds)]) == 0
    return folder


def errors(folder, capsys):
    assert main(["validate", str(folder)]) == 1
    return capsys.readouterr().err.splitlines()[:-1]


def insert_after(path, anchor, text):
    body = path.read_text("utf-8")
    assert anchor in body
    path.write_text(body.replace(anchor, anchor + text, 1), "utf-8")


def test_every_format_has_its_fields():
    assert sorted(ROUND_FIELDS) == sorted(FORMAT_IDS) == sorted(UNIT_FIELDS)


def test_fields_of_other_formats_in_a_catan_round_are_errors_at_their_lines(tmp_path, capsys):
    folder = simulate(tmp_path, "catan-lt-route66", 8, 1)
    q1 = folder / "qualifying-01.yaml"
    insert_after(q1, "round: 1\n", "session: 1\nabsent: []\nwithdrawn: [x]\n")
    insert_after(q1, "- table: 2\n", "    deals: [{game: honorowe, player: x}]\n")
    capsys.readouterr()
    found = errors(folder, capsys)
    known = "fields here: correction, manual, note, round, seated_from, stage, tables"
    assert f"{q1}:3: session: catan-lt-route66 round files have no such field ({known})" in found
    assert f"{q1}:4: absent: catan-lt-route66 round files have no such field ({known})" in found
    assert any(line.startswith(f"{q1}:5: withdrawn: only a final round file of catan-lt-route66 takes this field, "
                               "not a qualifying round file") for line in found), found
    table2 = q1.read_text("utf-8").splitlines().index("    deals: [{game: honorowe, player: x}]") + 1
    assert f"{q1}:{table2}: table 2, deals: catan-lt-route66 tables have no such field (fields here: note, seats, table, winner)" in found


def test_advance_outside_the_final_names_its_file(tmp_path, capsys):
    folder = simulate(tmp_path, "catan-lv-2016", 16, 1)
    q1 = folder / "qualifying-01.yaml"
    insert_after(q1, "round: 1\n", "advance: {1: x}\n")
    capsys.readouterr()
    found = errors(folder, capsys)
    assert any(line.startswith(f"{q1}:3: advance: only a final round file of catan-lv-2016 takes this field, not a qualifying round file")
               for line in found), found


def test_a_catan_field_on_a_tantrix_match_is_an_error(tmp_path, capsys):
    folder = simulate(tmp_path, "tantrix-wc", 8, 1)
    path = folder / "main-01.yaml"
    body = path.read_text("utf-8")
    first = re.search(r"- match: ([0-9]+)\n", body)
    insert_after(path, first.group(0), "    winner: x\n")
    capsys.readouterr()
    found = errors(folder, capsys)
    assert len(found) == 1 and f"match {first.group(1)}, winner: unknown field" in found[0]
