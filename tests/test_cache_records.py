"""The build cache's records: what is written reads back the same, and a file
that is not a well-formed record of its own name is never trusted."""

import pytest

from pelican.plugins.podium import cache
from pelican.plugins.podium.cache import FORMAT, Store

KEY = "ab" * 32
HEAD = b'{"format": 1, "name": "event-x", "key": "%s", ' % KEY.encode()  # a record of event-x up to its files


@pytest.fixture
def store(tmp_path, monkeypatch):
    monkeypatch.setattr(cache, "_KNOWN", {})  # every record read from its file, as by a new build
    return Store(tmp_path / "cache")


def test_a_record_reads_back_as_it_was_written(store):
    values = {"summary": '{"name": "Zoë \\"Ž\\" Ōta"}\n', "people": ["anna-berzina"], "inode": 2 ** 64 - 1,
              "taken": 1_764_633_600_123_456_789, "languages": {"lv": [["lv.po", 1, 2], "cd" * 32]}}
    store.keep_record("event-x", KEY, {"x/index.html": 120, "x/players/ana/index.html": 7}, **values)
    cache._KNOWN.clear()
    assert store.record("event-x") == {"format": FORMAT, "name": "event-x", "key": KEY,
                                       "files": {"x/index.html": 120, "x/players/ana/index.html": 7}, **values}


@pytest.mark.parametrize("text", [
    b"",
    HEAD + b'"files": {}',  # cut short
    HEAD + b'"files": {}, "v": NaN}',
    HEAD + b'"files": {}, "v": 1e400}',
    HEAD + b'"files": {}, "v": "\xff\xfe"}',
    b'[1, 2, 3]',
    HEAD.replace(b'"format": 1', b'"format": 2') + b'"files": {}}',  # another release
    HEAD.replace(b"event-x", b"event-y") + b'"files": {}}',  # another unit's
    b'{"format": 1, "name": "event-x", "key": "not hex", "files": {}}',
    HEAD + b'"files": {"../outside.html": 5}}',
    HEAD + b'"files": {"x.html": "5"}}',
], ids=["empty", "cut-short", "nan", "infinite-number", "not-utf8", "array", "other-format", "other-name",
        "bad-key", "path-outside", "size-not-a-number"])
def test_a_file_that_is_not_a_well_formed_record_of_its_name_is_not_trusted(store, text):
    folder = store.root / "entries"
    folder.mkdir(parents=True)
    (folder / "event-x.json").write_bytes(text)
    assert store.record("event-x") is None


def test_a_well_formed_record_written_by_hand_is_trusted(store):
    folder = store.root / "entries"
    folder.mkdir(parents=True)
    (folder / "event-x.json").write_text(
        '{"format": 1, "name": "event-x", "key": "%s", "files": {"x/index.html": 3}, "note": "Ļ"}' % KEY, "utf-8")
    assert store.record("event-x")["note"] == "Ļ"
