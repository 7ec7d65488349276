"""Each format's round files take only the fields that format uses (podium_core.roundfields)."""

import re

import pytest

from podium_core.cli import main
from support.simulated import simulate, route66_with_semifinal
from podium_core.formats import FORMAT_IDS, get_format as build


def errors(folder, capsys):
    assert main(["validate", str(folder)]) == 1
    return capsys.readouterr().err.splitlines()[:-1]


def insert_after(path, anchor, text):
    body = path.read_text("utf-8")
    assert anchor in body
    path.write_text(body.replace(anchor, anchor + text, 1), "utf-8")


def test_every_format_has_its_fields():
    for format_id in FORMAT_IDS:
        fields = build(format_id).round_fields()
        assert {"stage", "round", "manual", fields.unit_key} <= set(fields.fields)


def test_the_fields_follow_the_options_not_the_format_id():
    """A Catan format with a semifinal takes withdrawn: there and advance: in the final; without one, withdrawn: in
    the final; the qualifying rounds take the open field (absent:, withdrawn:, a table's unplayed:)."""
    lv = build("catan-lv-2016").round_fields()
    assert (lv.fields["withdrawn"], lv.fields["advance"]) == ({"qualifying", "semifinal"}, {"final"})
    assert lv.fields["absent"] == {"qualifying"} and lv.unit["unplayed"] == {"qualifying"}
    without = build("catan-lv-2016", {"semifinal_size": 0}).round_fields()
    assert without.fields["withdrawn"] == {"qualifying", "final"} and "advance" not in without.fields
    route66 = build("catan-lt-route66").round_fields()
    assert route66.fields["withdrawn"] == {"qualifying", "final"} and "advance" not in route66.fields
    assert build("catan-lt-route66", {"semifinal_size": 16}).round_fields().fields["advance"] == {"final"}


def test_the_open_field_is_taken_in_ranked_stages_and_withdrawn_in_knockouts():
    carcassonne = build("carcassonne-lv").round_fields()
    assert (carcassonne.fields["absent"], carcassonne.fields["withdrawn"]) == ({"swiss"}, {"swiss", "playoff"})
    assert carcassonne.unit["unplayed"] == {"swiss"}
    tantrix = build("tantrix-wc").round_fields()
    assert "absent" not in tantrix.fields and "unplayed" not in tantrix.unit
    assert tantrix.fields["withdrawn"] == {"main", "consolation"}
    baska = build("baska-gp").round_fields()
    assert baska.fields["absent"] == baska.fields["withdrawn"] == baska.unit["unplayed"] == {"grand-prix"}


def test_a_variant_takes_the_fields_its_options_give(tmp_path, capsys):
    """A Route 66 variant with a semifinal: advance: in the final file, and the message names the variant."""
    folder = simulate(tmp_path, "catan-lt-route66", 16, 1)
    route66_with_semifinal(folder)
    q1 = folder / "qualifying-01.yaml"
    insert_after(q1, "round: 1\n", "advance: {1: x}\n")
    capsys.readouterr()
    found = errors(folder, capsys)
    assert any(line.startswith(f"{q1}:3: advance: only a final round file of route66-semi takes this field")
               for line in found), found


def test_fields_of_other_formats_in_a_catan_round_are_errors_at_their_lines(tmp_path, capsys):
    folder = simulate(tmp_path, "catan-lt-route66", 8, 1)
    q1 = folder / "qualifying-01.yaml"
    insert_after(q1, "round: 1\n", "session: 1\nbye: x\n")
    insert_after(q1, "- table: 2\n", "    deals: [{game: honorowe, player: x}]\n")
    capsys.readouterr()
    found = errors(folder, capsys)
    known = "fields here: absent, correction, manual, note, round, seated_from, stage, tables, withdrawn"
    assert f"{q1}:3: session: catan-lt-route66 round files have no such field ({known})" in found
    assert f"{q1}:4: bye: catan-lt-route66 round files have no such field ({known})" in found
    table2 = q1.read_text("utf-8").splitlines().index("    deals: [{game: honorowe, player: x}]") + 1
    assert f"{q1}:{table2}: table 2, deals: catan-lt-route66 tables have no such field " \
           "(fields here: note, seats, table, unplayed, winner)" in found


def test_unplayed_outside_a_ranked_stage_is_an_error_at_its_line(tmp_path, capsys):
    folder = simulate(tmp_path, "catan-lt-route66", 8, 2)
    assert main(["pair", str(folder), "--write"]) == 0
    final = folder / "final-01.yaml"
    insert_after(final, "- table: 1\n", "    unplayed: power cut\n")
    capsys.readouterr()
    found = errors(folder, capsys)
    line = final.read_text("utf-8").splitlines().index("    unplayed: power cut") + 1
    assert f"{final}:{line}: table 1, unplayed: only a qualifying round file of catan-lt-route66 takes this field, " \
           "not a final round file" in found, found


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


@pytest.mark.parametrize("tables", ["1", "yes", "{table: 1}"])
def test_a_list_of_tables_that_is_no_list_is_the_schemas_to_refuse(tables):
    from podium_core.loader import load_bytes
    from podium_core.roundfields import field_problems

    doc, problems = load_bytes(f"stage: grand-prix\nround: 1\ntables: {tables}\n".encode(), "grand-prix-01.yaml")
    assert problems == []
    assert field_problems(build("baska-gp"), doc) == []
