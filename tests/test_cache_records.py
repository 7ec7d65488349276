"""The build cache's records and files: what is written reads back the same, and
whatever does not check out -- damaged, cut short, foreign, of another release,
a link -- reads as nothing."""

import os

import pytest

from pelican.plugins.podium.cache import FORMAT, Store, sha256


@pytest.fixture
def store(tmp_path):
    return Store(tmp_path / "cache")


def record_file(store: Store, name: str = "event-x"):
    return store.root / "records" / f"{name}.json"


def test_a_record_reads_back_as_it_was_written(store):
    values = {"summary": '{"name": "Zoë \\"Ž\\" Ōta"}\n', "people": ["anna-berzina"], "inode": 2 ** 64 - 1,
              "taken": 1_764_633_600_123_456_789, "languages": {"lv": [["lv.po", 1, 2], "cd" * 32]},
              "files": {"x/index.html": ["ab" * 32, "page"]}}
    store.keep_record("event-x", **values)
    assert store.record("event-x") == {"format": FORMAT, "name": "event-x", **values}
    assert list((store.root / "tmp").iterdir()) == []  # written under a temporary name, then renamed


def body(text: bytes) -> bytes:
    """A record file of ``text`` with the digest it would be written with."""
    return sha256(text).encode() + b"\n" + text


GOOD = b'{"format": %d, "name": "event-x", "files": {}}' % FORMAT


@pytest.mark.parametrize("data", [
    b"",
    body(GOOD)[:-1],  # cut short
    body(GOOD).replace(b"files", b"filez"),  # changed after it was written: the digest no longer fits
    GOOD,  # no digest
    body(b'{"format": %d, "name": "event-x", "v": NaN}' % FORMAT),
    body(b'{"format": %d, "name": "event-x", "v": "\xff\xfe"}' % FORMAT),
    body(b"[1, 2, 3]"),
    body(GOOD.replace(b'"format": %d' % FORMAT, b'"format": 1')),  # another release
    body(GOOD.replace(b"event-x", b"event-y")),  # another unit's
], ids=["empty", "cut-short", "changed", "no-digest", "nan", "not-utf8", "array", "other-format", "other-name"])
def test_a_file_that_is_not_a_record_of_its_name_as_written_is_not_trusted(store, data):
    record_file(store).parent.mkdir(parents=True)
    record_file(store).write_bytes(data)
    assert store.record("event-x") is None


def test_a_well_formed_record_with_its_digest_is_trusted(store):
    record_file(store).parent.mkdir(parents=True)
    record_file(store).write_bytes(body(GOOD))
    assert store.record("event-x")["files"] == {}


def test_a_kept_file_is_read_only_while_its_bytes_are_its_digest(store):
    data = "<p>a page</p>\n".encode()
    digest = sha256(data)
    store.keep_files("event-x", [(digest, data)])
    assert store.file("event-x", digest) == data
    kept = store.root / "files" / "event-x" / digest
    kept.write_bytes(b"<p>garbage</p>\n")
    assert store.file("event-x", digest) is None
    kept.write_bytes(data[:5])  # cut short
    assert store.file("event-x", digest) is None
    kept.write_bytes(b"")
    assert store.file("event-x", digest) is None
    assert store.file("event-x", "../../../etc/passwd") is None


def test_a_link_in_the_cache_is_never_followed_read_or_written_through(store, tmp_path):
    outside = tmp_path / "outside"
    outside.mkdir()
    victim = outside / "victim"
    victim.write_text("not the cache's\n", "utf-8")
    data = b"<p>a page</p>\n"
    digest = sha256(data)
    (store.root / "files" / "event-x").mkdir(parents=True)
    (store.root / "files" / "event-x" / digest).symlink_to(victim)
    (store.root / "records").mkdir()
    record_file(store).symlink_to(victim)
    assert store.file("event-x", digest) is None and store.record("event-x") is None
    store.keep_files("event-x", [(digest, data)])
    store.keep_record("event-x", files={})
    assert victim.read_text("utf-8") == "not the cache's\n"
    assert store.file("event-x", digest) == data and store.record("event-x")["files"] == {}
    # a folder of the cache that is a link: replaced by a real folder, the outside untouched
    os.rename(store.root / "files" / "event-x", tmp_path / "moved")
    (store.root / "files" / "event-x").symlink_to(outside)
    store.keep_files("event-x", [(digest, data)])
    assert sorted(p.name for p in outside.iterdir()) == ["victim"]
    assert not (store.root / "files" / "event-x").is_symlink()
