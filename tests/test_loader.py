"""Loading and validation: every problem as path:line: message, all at once."""

import pytest

from podium_core.errors import Problems
from podium_core.loader import MAX_BYTES, load_bytes, load_file
from podium_core.pipeline import evaluate_folder, evaluate_one

EVENT = """
name: Test Cup
format: catan-lt-route66
players:
  - {id: a, name: Ann}
  - {id: b, name: Ben}
  - {id: c, name: Cid}
  - {id: d, name: Dan}
"""


def messages(folder):
    with pytest.raises(Problems) as caught:
        evaluate_one(folder)
    return [str(p).split("/results/")[-1] for p in caught.value.problems]


def test_duplicate_keys_are_reported_at_the_repeated_key():
    doc, problems = load_bytes(b"name: a\nformat: b\nname: c\n", "e.yaml")
    assert [str(p) for p in problems] == ["e.yaml:3: duplicate key 'name'"]


def test_syntax_error_has_its_line():
    _, problems = load_bytes(b"name: a\nplayers: [a, b\nformat: x\n", "e.yaml")
    # reported where the list opens, in plain words
    assert [str(p) for p in problems] == ["e.yaml:2: YAML syntax error: the list opened with '[' on this line is not closed: "
                                          "a ']' is missing (or a ',' between its entries)"]


def test_aliases_and_python_tags_are_refused():
    bomb = b"a: &a [x, x]\nb: &b [*a, *a]\nc: [*b, *b]\n"
    _, problems = load_bytes(bomb, "e.yaml")
    assert [str(p) for p in problems] == ["e.yaml:1: YAML anchors and aliases (& and *) are not allowed"]
    _, problems = load_bytes(b"name: !!python/object/apply:os.system [ls]\n", "e.yaml")
    assert problems[0].line == 1 and "!!python/object/apply:os.system" in problems[0].message


def test_deep_nesting_and_non_utf8_are_refused():
    _, problems = load_bytes(b"a: " + b"[" * 200 + b"]" * 200 + b"\n", "e.yaml")
    assert "nesting deeper" in problems[0].message
    _, problems = load_bytes(b"name: ok\nvenue: R\xefga\n", "e.yaml")
    assert str(problems[0]) == "e.yaml:2: the file is not UTF-8 text (save it as UTF-8)"


def test_big_files_are_refused_before_parsing(tmp_path):
    path = tmp_path / "event.yaml"
    path.write_bytes(b"#" * (MAX_BYTES + 1))
    _, problems = load_file(path)
    assert problems[0].line == 1 and "limit" in problems[0].message


def test_clock_times_and_words_stay_strings():
    doc, _ = load_bytes(b"time: [18:20, 19:59]\nids: [no, on, yes]\nflag: true\n", "r.yaml")
    assert doc.data == {"time": ["18:20", "19:59"], "ids": ["no", "on", "yes"], "flag": True}


def test_schema_errors_are_located(event_folder):
    folder = event_folder({"event.yaml": """
        name: Test Cup
        format: catan-lt-route66
        language: xx
        players:
          - {id: a, name: Ann}
          - {id: Bad Id, name: Ben}
        """})
    assert messages(folder) == [
        "test-event/event.yaml:3: language: 'xx' is not one of: en, lv, lt, pl, hu",
        "test-event/event.yaml:6: player 2, id: 'Bad Id' is not a valid id (use lowercase letters, digits, '-' and '_', starting with a letter or digit)",
    ]


def test_all_problems_of_all_files_at_once(event_folder):
    folder = event_folder({
        "event.yaml": EVENT,
        "qualifying-01.yaml": """
            stage: qualifying
            round: 1
            tables:
              - table: 1
                seats: [a, b, zoe, a]
            """,
        "qualifying-03.yaml": "stage: qualifying\nround: 3\n",
        "final-01.yaml": "stage: final\nround: 1\nwinner: a\n",
    })
    found = messages(folder)
    # a file that fails its schema leaves the others checked in the same run
    assert "test-event/final-01.yaml:3: winner: unknown field (known fields here: absent, advance, bye, correction, games, manual, matches, note, round, seated_from, session, stage, tables, withdrawn)" in found
    assert "test-event/qualifying-01.yaml:5: player 'zoe' is not a player of this event" in found
    assert "test-event/qualifying-01.yaml:5: player 'a' is seated twice in this round (also at table 1)" in found
    assert "test-event/qualifying-03.yaml:2: qualifying has 2 round(s) in catan-lt-route66; there is no round 3" in found


def test_gap_in_round_numbers_is_reported_at_the_first_file_after_it(event_folder):
    folder = event_folder({"event.yaml": EVENT.replace("catan-lt-route66", "catan-lv-2016"),
                           "q1.yaml": "stage: qualifying\nround: 1\n", "q4.yaml": "stage: qualifying\nround: 4\n"})
    assert messages(folder) == ["test-event/q4.yaml:2: qualifying round 4 follows a gap: rounds 2-3 missing"]


def test_round_listed_twice(event_folder):
    folder = event_folder({"event.yaml": EVENT, "q1.yaml": "stage: qualifying\nround: 1\n", "q1-again.yaml": "stage: qualifying\nround: 1\n"})
    assert messages(folder) == ["test-event/q1.yaml:2: qualifying round 1 is listed twice (also in q1-again.yaml)"]


def test_folder_errors_from_every_event_together(tmp_path):
    for slug in ("one", "two"):
        (tmp_path / slug).mkdir()
        (tmp_path / slug / "event.yaml").write_text("name: x\nformat: nope\nplayers: []\n")
    with pytest.raises(Problems) as caught:
        evaluate_folder(tmp_path)
    paths = {p.path.split("/")[-2] for p in caught.value.problems}
    assert paths == {"one", "two"}


def test_bad_slug_folder(tmp_path):
    (tmp_path / "Bad_Slug").mkdir()
    (tmp_path / "Bad_Slug" / "event.yaml").write_text(EVENT)
    with pytest.raises(Problems) as caught:
        evaluate_folder(tmp_path)
    assert "not a valid event slug" in str(caught.value)


def test_players_registry_fills_names(tmp_path):
    (tmp_path / "players.yaml").write_text("- {id: a, name: Ann Registry, club: Rīga}\n")
    (tmp_path / "cup").mkdir()
    (tmp_path / "cup" / "event.yaml").write_text("name: Cup\nformat: catan-lt-route66\nplayers:\n  - id: a\n  - {id: b, name: Ben}\n  - id: c\n")
    with pytest.raises(Problems) as caught:
        evaluate_folder(tmp_path)
    assert [p.line for p in caught.value.problems] == [6]  # c has no name anywhere
    (tmp_path / "cup" / "event.yaml").write_text("name: Cup\nformat: catan-lt-route66\nplayers:\n  - id: a\n  - {id: b, name: Ben}\n  - {id: c, name: C}\n")
    outcomes, registry = evaluate_folder(tmp_path)
    assert outcomes[0].event.player("a").name == "Ann Registry" and outcomes[0].event.player("a").club == "Rīga"
