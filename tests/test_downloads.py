"""Open data: results.csv, standings.csv, brackets.json and the JSON Schema of event.json.

Each download is checked against its format's own rules or a reader of it:
the CSVs with Python's csv reader (RFC 4180) and against what event.json
says, cell by cell; brackets.json against the brackets-model types (a JSON
Schema transcribed from them, below) and the single-elimination rule that
match n's winner plays match ceil(n/2) of the next round; every demo and
conformance event's event.json against the shipped schema.
"""

from __future__ import annotations

import csv
import io
import json
import math
import re
from pathlib import Path

import pytest
from jsonschema import Draft202012Validator

from podium_core import csvfile
from podium_core.brackets_model import COMPLETED, LOCKED, database
from podium_core.export import dumps, event_document
from podium_core.pipeline import evaluate_one
from podium_core.results_table import FIXED, column_kinds, header, results_csv
from test_site import build

ROOT = Path(__file__).resolve().parents[1]
SCHEMA = ROOT / "plugins" / "podium_core" / "schemas" / "event-json.schema.json"
DEMO_FOLDERS = sorted(p.parent for p in (ROOT / "results").glob("*/event.yaml"))
EVENT_FOLDERS = DEMO_FOLDERS + sorted(p.parent for p in (ROOT / "tests" / "samples" / "results").glob("*/event.yaml"))
KNOCKOUTS = ["carcassonne-latvija-2019", "carcassonne-latvija-2020", "carcassonne-open-2021", "tantrix-wc-2003"]
FORMULA = "=+-@\t\r"

# brackets-model's storage types (Participant, Stage, Group, Round, Match, MatchGame,
# ParticipantResult; Status 0-5, StageType, Result), as a JSON Schema
_ID = {"type": "integer", "minimum": 0}
_OPPONENT = {"oneOf": [{"type": "null"}, {
    "type": "object", "required": ["id"], "additionalProperties": False,
    "properties": {"id": {"oneOf": [_ID, {"type": "null"}]}, "position": {"type": "integer", "minimum": 1},
                   "forfeit": {"type": "boolean"}, "score": {"type": "number"},
                   "result": {"enum": ["win", "draw", "loss"]}}}]}
_RESULTS = {"status": {"enum": [0, 1, 2, 3, 4, 5]}, "opponent1": _OPPONENT, "opponent2": _OPPONENT}


def _table(required: dict) -> dict:
    return {"type": "array", "items": {"type": "object", "required": list(required), "additionalProperties": False,
                                       "properties": required}}


BRACKETS_MODEL = {
    "$schema": "https://json-schema.org/draft/2020-12/schema",
    "type": "object", "additionalProperties": False,
    "required": ["participant", "stage", "group", "round", "match", "match_game"],
    "properties": {
        "participant": _table({"id": _ID, "tournament_id": _ID, "name": {"type": "string"}}),
        "stage": _table({"id": _ID, "tournament_id": _ID, "name": {"type": "string"},
                         "type": {"enum": ["round_robin", "single_elimination", "double_elimination"]},
                         "settings": {"type": "object", "properties": {
                             "size": {"type": "integer"}, "consolationFinal": {"type": "boolean"},
                             "grandFinal": {"enum": ["none", "simple", "double"]},
                             "matchesChildCount": {"type": "integer"}}},
                         "number": {"type": "integer", "minimum": 1}}),
        "group": _table({"id": _ID, "stage_id": _ID, "number": {"type": "integer", "minimum": 1}}),
        "round": _table({"id": _ID, "stage_id": _ID, "group_id": _ID, "number": {"type": "integer", "minimum": 1}}),
        "match": _table({"id": _ID, "stage_id": _ID, "group_id": _ID, "round_id": _ID,
                         "number": {"type": "integer", "minimum": 1}, "child_count": {"type": "integer", "minimum": 0},
                         **_RESULTS}),
        "match_game": _table({"id": _ID, "stage_id": _ID, "parent_id": _ID, "number": {"type": "integer", "minimum": 1},
                              **_RESULTS}),
    },
}


def read_csv(raw: bytes) -> list[dict]:
    assert raw.startswith(b"\xef\xbb\xbf")  # UTF-8 with a BOM
    assert b"\n" not in raw.replace(b"\r\n", b"")  # CRLF line ends only
    rows = list(csv.reader(io.StringIO(raw.decode("utf-8-sig"), newline="")))
    # every field quoted: the raw line is exactly the fields, each in quotes, joined by commas
    for line, fields in zip(raw.decode("utf-8-sig").split("\r\n"), rows):
        assert line == ",".join('"' + f.replace('"', '""') + '"' for f in fields)
    header_row = rows[0]
    assert len(set(header_row)) == len(header_row)
    return [dict(zip(header_row, r)) for r in rows[1:]]


def documents():
    return [(folder.name, evaluate_one(folder)) for folder in EVENT_FOLDERS]


@pytest.fixture(scope="module")
def outcomes():
    return {name: outcome for name, outcome in documents()}


# -- CSV rules --------------------------------------------------------------------------------

@pytest.mark.parametrize("text, safe", [
    ("Jack;=cmd|' /C calc'!A0", "Jack;'=cmd|' /C calc'!A0"),
    ("=1+1", "'=1+1"),
    ("-2+3, \"quoted\"", "'-2+3, \"quoted\""),
    ("Anna, +371 2000", "Anna, '+371 2000"),
    ("a\t@SUM(A1)", "a\t'@SUM(A1)"),
    ("x;  =1", "x;  '=1"),
    ("line\n=2", "line\n'=2"),
    ("Ērika Bērziņa-Ozola", "Ērika Bērziņa-Ozola"),
    ("a-b=c", "a-b=c"),
    (None, ""),
])
def test_text_cells_cannot_start_a_formula_after_any_separator(text, safe):
    assert csvfile.text(text) == safe


def test_numbers_stay_numbers():
    assert [csvfile.number(v) for v in (-3, 0.25, 1 / 3, None, True, 7)] == ["-3", "0.25", "0.333333", "", "1", "7"]


def test_a_semicolon_or_tab_splitting_spreadsheet_finds_no_formula(event_folder):
    # a name cannot hold a tab (validation refuses control characters): "+" after a space stands in
    names = ["Jack;=cmd|' /C calc'!A0", "Tab +1", "Anna, @SUM(A1)", "-Dash"]
    ids = ["jack", "tab", "anna", "dash"]
    people = "\n".join(f"  - {{id: {i}, name: {json.dumps(n)}}}" for i, n in zip(ids, names))
    folder = event_folder({
        "event.yaml": f"name: Cup\nformat: catan-lt-route66\nlanguage: lv\ndates: [2024-03-02]\nseed: s\nplayers:\n{people}\n",
        "qualifying-01.yaml": "stage: qualifying\nround: 1\ntables:\n  - table: 1\n"
                              "    seats: {jack: 10, tab: 7, anna: 7, dash: 6}\n",
    })
    raw = results_csv(json.loads(dumps(event_document(evaluate_one(folder))))).encode("utf-8")
    rows = read_csv(raw)
    assert {r["name"] for r in rows} == {csvfile.text(n) for n in names}
    for line in raw.decode("utf-8-sig").split("\r\n"):
        for piece in re.split(r"[;,\t]", line):
            piece = piece.strip().strip('"').lstrip()
            assert not piece or piece[0] not in FORMULA, (line, piece)


# -- results.csv ------------------------------------------------------------------------------

@pytest.mark.parametrize("folder", EVENT_FOLDERS, ids=lambda f: f.name)
def test_results_csv_has_a_row_for_every_seat_saying_what_event_json_says(folder):
    document = json.loads(dumps(event_document(evaluate_one(folder))))
    rows = read_csv(results_csv(document).encode("utf-8"))
    kinds = column_kinds(document)
    names = {p["id"]: p["name"] for p in document["players"]}
    expected = []
    for rnd in document["rounds"]:
        for kind in ("tables", "games", "matches"):
            for unit in rnd.get(kind, ()):
                for seat, pid in enumerate(unit["players"], 1):
                    if pid is not None:
                        expected.append((rnd, kind, unit, seat, pid))
    assert len(rows) == len(expected) > 0
    for row, (rnd, kind, unit, seat, pid) in zip(rows, expected):
        assert (row["stage"], row["round"], row["status"]) == (rnd["stage"], str(rnd["round"]), rnd["status"])
        assert row["unit"] == kind[:-1] if kind != "matches" else row["unit"] == "match"
        assert row["number"] == str(unit.get("table", unit.get("match")))
        assert (row["seat"], row["player"], row["name"].lstrip("'")) == (str(seat), pid, names[pid].lstrip("'"))
        assert row["won"] == ("" if unit.get("winner") is None else "1" if unit["winner"] == pid else "0")
        others = [p for p in unit["players"] if p not in (None, pid)]
        assert row["opponents"].split() == others
        for key, how in kinds.items():
            value, cell = unit.get(key), row[header(key)]
            if how == "seat":
                want = None if value is None else value[seat - 1]
            elif how == "order":
                want = None if value is None else value.index(pid) + 1
            elif how == "player":
                assert cell == ("1" if value == pid else ""), key
                continue
            else:
                want = value
            if want is None:
                assert cell == "", key
            elif isinstance(want, bool):
                assert cell == ("1" if want else "0"), key
            elif isinstance(want, (int, float)):
                assert float(cell) == pytest.approx(want, abs=1e-6), key
            else:
                assert cell.lstrip("'") == str(want), key


def test_results_csv_columns_by_format():
    header_of = {}
    for folder in DEMO_FOLDERS:
        text = results_csv(json.loads(dumps(event_document(evaluate_one(folder)))))
        header_of[folder.name] = next(csv.reader(io.StringIO(text.lstrip("\ufeff"))))
    assert header_of["catan-latvija-2016"][:len(FIXED)] == FIXED
    assert {"vp", "vp_share", "banker", "choice_order"} <= set(header_of["catan-latvija-2016"])
    assert {"score", "forfeit", "seeds"} <= set(header_of["carcassonne-latvija-2019"])
    assert {"tp", "unit_status", "resigned"} <= set(header_of["tantrix-wc-2003"])
    assert {"small_points", "placement_points"} <= set(header_of["baska-deszczno-2013"])


# -- brackets.json ----------------------------------------------------------------------------

@pytest.mark.parametrize("folder", [f for f in EVENT_FOLDERS if "carcassonne" in f.name or "tantrix" in f.name],
                         ids=lambda f: f.name)
def test_brackets_follow_brackets_model(folder):
    outcome = evaluate_one(folder)
    document = json.loads(dumps(event_document(outcome)))
    data = database(outcome, document)
    has_bracket = any(outcome.extra.get(k) for k in ("bracket", "consolation_bracket"))
    if not has_bracket:
        assert data is None
        return
    data = json.loads(dumps(data))  # as written
    Draft202012Validator(BRACKETS_MODEL).validate(data)
    assert [p["name"] for p in data["participant"]] == [p["name"] for p in document["players"]]
    for table in ("participant", "stage", "group", "round", "match", "match_game"):
        assert [row["id"] for row in data[table]] == list(range(len(data[table])))
    rounds = {r["id"]: r for r in data["round"]}
    groups = {g["id"]: g for g in data["group"]}
    for match in data["match"]:
        rnd = rounds[match["round_id"]]
        assert rnd["group_id"] == match["group_id"] and groups[match["group_id"]]["stage_id"] == match["stage_id"]
        assert match["child_count"] == sum(1 for g in data["match_game"] if g["parent_id"] == match["id"])
        if None in (match["opponent1"], match["opponent2"]):
            assert match["status"] == LOCKED  # a bye
    for game in data["match_game"]:
        assert data["match"][game["parent_id"]]["stage_id"] == game["stage_id"]
    # the single-elimination rule, in each stage's bracket (group 1)
    for stage in data["stage"]:
        bracket = next(g for g in data["group"] if g["stage_id"] == stage["id"] and g["number"] == 1)
        by_round = {}
        for match in data["match"]:
            if match["group_id"] == bracket["id"]:
                by_round.setdefault(rounds[match["round_id"]]["number"], {})[match["number"]] = match
        numbers = sorted(by_round)
        assert len(by_round[numbers[0]]) * 2 == stage["settings"]["size"]
        for earlier, later in zip(numbers, numbers[1:]):
            assert len(by_round[later]) * 2 == len(by_round[earlier])
            for number, match in by_round[earlier].items():
                winner = next((o["id"] for o in (match["opponent1"], match["opponent2"])
                               if o is not None and o.get("result") == "win"), None)
                if winner is None and None in (match["opponent1"], match["opponent2"]):  # a bye: the player goes through
                    winner = next(o["id"] for o in (match["opponent1"], match["opponent2"]) if o is not None)
                if winner is None:
                    continue
                following = by_round[later][math.ceil(number / 2)]
                side = following["opponent1" if number % 2 else "opponent2"]
                assert side is not None and side["id"] == winner, (stage["name"], earlier, number)
    decided = [m for m in data["match"] if m["status"] == COMPLETED]
    assert all({m["opponent1"].get("result"), m["opponent2"].get("result")} == {"win", "loss"} for m in decided)


def test_carcassonne_playoff_has_its_third_place_game_as_the_final_group(outcomes):
    outcome = outcomes["carcassonne-latvija-2019"]
    data = database(outcome, json.loads(dumps(event_document(outcome))))
    assert data["stage"][0]["settings"]["consolationFinal"] is True
    final_group = next(g for g in data["group"] if g["number"] == 2)
    (third,) = [m for m in data["match"] if m["group_id"] == final_group["id"]]
    ids = {p["id"]: p["name"] for p in data["participant"]}
    names = {ids[third["opponent1"]["id"]], ids[third["opponent2"]["id"]]}
    assert names == {"Pēteris Kļaviņš", "Gatis Balodis"}
    assert ids[next(o for o in (third["opponent1"], third["opponent2"]) if o["result"] == "win")["id"]] == "Gatis Balodis"


def test_a_playoff_game_not_seated_yet_has_opponents_to_be_decided(outcomes):
    """Decided sources, the next game's players not written yet: both opponents still to be decided."""
    import copy

    outcome = copy.deepcopy(outcomes["carcassonne-latvija-2019"])
    for game in outcome.extra["bracket"]["rounds"][1]["games"]:
        game.update(players=None, seeds=None, score=None, winner=None, decided_by=None)
    data = database(outcome, json.loads(dumps(event_document(outcomes["carcassonne-latvija-2019"]))))
    semifinals = [m for m in data["match"] if m["round_id"] == 1]
    assert [(m["opponent1"], m["opponent2"], m["status"]) for m in semifinals] == [({"id": None}, {"id": None}, LOCKED)] * 2


def test_tantrix_main_and_consolation_draws_are_two_stages_with_their_games(outcomes):
    outcome = outcomes["tantrix-wc-2003"]
    data = database(outcome, json.loads(dumps(event_document(outcome))))
    assert [s["name"] for s in data["stage"]] == ["Main draw", "Consolation draw"]
    assert [s["settings"]["size"] for s in data["stage"]] == [32, 16]
    first = data["match"][0]
    assert first["child_count"] == 6 and first["opponent2"]["score"] == pytest.approx(77.9)
    games = [g for g in data["match_game"] if g["parent_id"] == first["id"]]
    assert [g["number"] for g in games] == [1, 2, 3, 4, 5, 6]


# -- event.json and its schema ----------------------------------------------------------------

@pytest.fixture(scope="module")
def validator():
    schema = json.loads(SCHEMA.read_text("utf-8"))
    Draft202012Validator.check_schema(schema)
    return Draft202012Validator(schema, format_checker=Draft202012Validator.FORMAT_CHECKER)


@pytest.mark.parametrize("folder", EVENT_FOLDERS, ids=lambda f: f.name)
def test_every_demo_and_conformance_event_json_follows_the_schema(folder, validator):
    document = json.loads(dumps(event_document(evaluate_one(folder))))
    errors = [f"{list(e.absolute_path)}: {e.message}" for e in validator.iter_errors(document)]
    assert errors == []


def test_the_schema_rejects_what_event_json_never_has(validator, outcomes):
    good = json.loads(dumps(event_document(outcomes["catan-latvija-2016"])))
    for change in (lambda d: d["rounds"][0].update(status="done"),
                   lambda d: d["rounds"][0].update(games=[]),
                   lambda d: d["players"][0].update(id="Not An Id"),
                   lambda d: d["standings"][0]["rows"][0].update(rank=0),
                   lambda d: d.pop("classification"),
                   lambda d: d.update(dates=["2016-13-45"])):
        bad = json.loads(json.dumps(good))
        change(bad)
        assert list(validator.iter_errors(bad)), change


# -- the built site -----------------------------------------------------------------------------

@pytest.fixture(scope="module")
def site(tmp_path_factory):
    return build(ROOT / "results", tmp_path_factory.mktemp("downloads") / "output")


def test_the_site_writes_every_download_and_links_them(site):
    schema = site / "theme" / "podium" / "schemas" / "event-json.schema.json"
    assert schema.read_bytes() == SCHEMA.read_bytes()
    for folder in DEMO_FOLDERS:
        slug = folder.name
        outcome = evaluate_one(folder)
        document = event_document(outcome)
        assert (site / slug / "results.csv").read_bytes() == results_csv(document).encode("utf-8")
        tools = (site / slug / "organiser" / "index.html").read_text("utf-8")
        assert 'href="../../theme/podium/schemas/event-json.schema.json"' in tools
        assert f'href="../../{slug}/results.csv"' in tools
        if slug in KNOCKOUTS:
            assert json.loads((site / slug / "brackets.json").read_text("utf-8")) == \
                json.loads(dumps(database(outcome, document)))
            assert f'href="../../{slug}/brackets.json"' in tools
        else:
            assert not (site / slug / "brackets.json").exists()
        if document["standings"]:
            read_csv((site / slug / "standings.csv").read_bytes())  # every field quoted too
