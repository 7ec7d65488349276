"""The schemas as they are checked (``schemas.prepared``) tell exactly what
the schema files tell.

The files keep their ``$ref``s (they are published and documented); the
validator reads them with every local reference inlined.  Every value of
small documents of each kind is replaced in turn by values of every type,
wrong texts and numbers, and deleted; every mapping gets an unknown key:
each variant gets the same problems, in the same order, with the same
messages and lines, from the file's schema and from the prepared one.
The compiled validator that answers first accepts exactly the variants with
no problem (:func:`schemas.accepted`).
"""

import copy
import json

import pytest

from podium_core import schemas
from podium_core.loader import load_bytes
from test_fuzz import _paths  # every key path of a document

ROUND_TABLES = """\
stage: grand-prix
round: 3
session: 1
manual: seated by hand
note: {en: Late start, lv: Vēla sākšana}
correction: table 2 fixed
seated_from:
  standings: {grand-prix-2: [anna, bob]}
  grand-prix-2: 0123456789ab
  grand-prix-1: {digest: 0123456789ab, results: {"1": "anna 3"}}
absent: [dora]
withdrawn: [erik]
bye: cecil
advance: {"1": anna}
tables:
  - table: 1
    seats: [anna, bob, cecil, dora]
    winner: anna
    note: fine
    deals:
      - {game: para, won: [anna, bob], level: kontra, degree: normal}
      - {game: zolo, player: anna, won: true, level: rej}
      - {game: honorowe, player: bob, won: true, level: none}
  - table: 2
    seats: {anna: 10, bob: -3}
"""

ROUND_GAMES = """\
stage: swiss
round: 1
note: plain text
games:
  - {table: 1, players: [anna, bob], score: [3, 1], time: ["18:20", "9:05"], place: 3, winner: anna, note: ok}
  - {table: 2, players: [cecil, dora], forfeit: dora}
"""

ROUND_MATCHES = """\
stage: main
round: 2
matches:
  - match: 1
    players: [anna, bob]
    status: NORMAL
    resigned: bob
    when: "2003-05-01 10:00"
    games:
      - {score: [40, 38], penalty: [0, 1]}
      - {margin: -5}
"""

EVENT = """\
name: Open
format: baska
options: {rounds: 3}
language: lv
dates: [2024-05-01, 2024-05-02]
venue: Hall
rules: baska-rules
seed: 7
lots: [anna, bob]
note: text
schedule: {grand-prix-1: "2024-05-01 10:00"}
players:
  - {id: anna, name: Anna, club: A, country: LV, reserve: false, previous_place: 1, seed: 2, group: A, note: x}
  - {id: bob}
"""

PLAYERS = """\
- {id: anna, name: Anna, club: A, country: LV, note: x}
- {id: bob, name: Bob}
"""

DOCUMENTS = [("round", ROUND_TABLES), ("round", ROUND_GAMES), ("round", ROUND_MATCHES), ("event", EVENT),
             ("players", PLAYERS)]

DELETE = object()
REPLACEMENTS = [None, True, 0, -1, 1.5, 10 ** 6, "", "x", "para", "anna:10", "a" * 250, "a\u202eb", "2023-02-30", "0000-01-01",
                "18:61", "0123456789ab", [], ["anna", "anna"], ["a", "b", "c"], [1, "x"], {}, {"x": 1}, {"en": "t"},
                {"digest": 5}, DELETE]


def _variants(data):
    for path in _paths(data):
        target = data
        for part in path:
            target = target[part]
        if isinstance(target, dict):
            for key, value in (("zz", 1), ("k:v", None)):
                changed = copy.deepcopy(data)
                node = changed
                for part in path:
                    node = node[part]
                node[key] = value
                yield changed
        if not path:
            continue
        for value in REPLACEMENTS:
            changed = copy.deepcopy(data)
            parent = changed
            for part in path[:-1]:
                parent = parent[part]
            if value is DELETE:
                del parent[path[-1]]
            else:
                parent[path[-1]] = copy.deepcopy(value)
            yield changed


def _problems(document, kind, validator):
    return [(p.line, p.message) for p in schemas.explained(document, validator)]


@pytest.mark.parametrize("kind,text", DOCUMENTS, ids=[f"{k}-{i}" for i, (k, _) in enumerate(DOCUMENTS)])
def test_the_prepared_schema_finds_the_same_problems_as_the_file(kind, text):
    document, problems = load_bytes(text.encode(), f"{kind}.yaml")
    assert not problems
    written = schemas.validator_of(schemas.schema(kind))
    prepared = schemas.validator_of(schemas.prepared(schemas.schema(kind)))
    original = document.data
    assert _problems(document, kind, written) == _problems(document, kind, prepared) == []
    compared = wrong = 0
    for data in _variants(original):
        document.data = data
        found = _problems(document, kind, written)
        assert _problems(document, kind, prepared) == found, json.dumps(data, default=str)[:300]
        compared += 1
        wrong += bool(found)
    assert compared > 100 and wrong > compared / 2


@pytest.mark.parametrize("kind,text", DOCUMENTS, ids=[f"{k}-{i}" for i, (k, _) in enumerate(DOCUMENTS)])
def test_the_compiled_validator_accepts_exactly_what_has_no_problem(kind, text):
    """``schemas.accepted`` says valid only where jsonschema finds no problem,
    and says it wherever jsonschema finds none in data without floats (which it
    leaves to jsonschema)."""
    document, problems = load_bytes(text.encode(), f"{kind}.yaml")
    assert not problems
    validator = schemas.validator_of(schemas.prepared(schemas.schema(kind)))
    original = document.data
    assert schemas.accepted(original, kind)
    accepted = refused = 0
    for data in _variants(original):
        document.data = data
        valid = not _problems(document, kind, validator)
        shown = json.dumps(data, default=str)[:300]
        if schemas.accepted(data, kind):
            assert valid, shown
            accepted += 1
        else:
            assert not valid or not schemas._plain(data), shown  # a float: jsonschema's to answer
            refused += 1
    assert accepted > 10 and refused > 100


def test_data_the_compiled_validator_cannot_read_is_left_to_jsonschema():
    assert schemas.accepted([{"id": "anna", "name": "Anna"}], "players")
    assert not schemas.accepted([{"id": "anna", "name": "Anna", 1: "a"}], "players")  # a key that is no text
    assert not schemas.accepted([{"id": "anna", "name": 2.0}], "players")
    assert not schemas.accepted(({"id": "anna", "name": "Anna"},), "players")  # a tuple: no list to jsonschema


def _refs(node, inside_defs=False):
    if isinstance(node, dict):
        for key, value in node.items():
            if key == "$ref" and not inside_defs:
                yield value
            yield from _refs(value, inside_defs or key == "$defs")
    elif isinstance(node, list):
        for value in node:
            yield from _refs(value, inside_defs)


@pytest.mark.parametrize("kind", schemas.KINDS)
def test_the_files_refer_and_the_prepared_schemas_do_not(kind):
    from jsonschema import Draft202012Validator

    assert list(_refs(schemas.schema(kind)))
    prepared = schemas.prepared(schemas.schema(kind))
    assert list(_refs(prepared)) == []
    Draft202012Validator.check_schema(prepared)


def test_a_reference_beside_keywords_of_its_own_means_the_same():
    document = {"$defs": {"short": {"type": "string", "maxLength": 3}, "loop": {"items": {"$ref": "#/$defs/loop"}}},
                "properties": {"a": {"$ref": "#/$defs/short", "minLength": 1},
                               "b": {"$ref": "#/$defs/short", "pattern": "^x"},
                               "c": {"$ref": "#/$defs/loop"}}}
    prepared = schemas.prepared(document)["properties"]
    assert prepared["a"] == {"allOf": [{"type": "string", "maxLength": 3}], "minLength": 1}
    assert prepared["b"] == {"type": "string", "maxLength": 3, "pattern": "^x"}
    assert prepared["c"] == {"items": {"$ref": "#/$defs/loop"}}
