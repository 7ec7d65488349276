"""The build cache is only a cache: whatever is done to it, the next build is exact.

Each case builds a copy of the demo results (a real Pelican run, as in
``tests/test_incremental.py``), does one thing to the cache or to the
output, builds again and compares the output with a cold build of the same
results (``diff -r``):

- every kept file overwritten with garbage of the same size, or cut to
  nothing: a file whose bytes are not its digest is never used;
- every kept file and record replaced by a symbolic link to a file outside
  (here, a file standing for ``/etc/passwd``): nothing is read or written
  through it, the file outside is untouched;
- the cache's folders replaced by links to a folder outside: nothing lands
  there;
- the cache and the output restored from a copy (new inodes) after an
  event was removed: the removed event's pages go;
- a record of another release, a record edited by hand, records whose
  summaries another build sharing the cache replaced;
- a published page edited in place: the cache keeps its own copy, so a new
  output folder gets the page as it should be, and the event's next
  rendering puts it right in place too.
"""

from __future__ import annotations

import json
import os
import shutil
from pathlib import Path

import pytest

from test_incremental import assert_same_tree, build, first_round_file, results  # noqa: F401 - a fixture

from pelican.plugins.podium.cache import sha256

@pytest.fixture
def cold(results, tmp_path) -> Path:
    return build(results, tmp_path / "cold", tmp_path / "cold-cache")


def kept_files(cache: Path) -> list[Path]:
    return sorted(p for p in (cache / "podium" / "files").rglob("*") if p.is_file())


def records(cache: Path) -> list[Path]:
    return sorted((cache / "podium" / "records").glob("*.json"))


@pytest.mark.parametrize("damage", ["garbage", "empty", "cut"])
def test_kept_files_that_are_not_their_digest_are_never_used(results, cold, tmp_path, damage):
    cache = tmp_path / "cache"
    build(results, tmp_path / "first", cache)
    files = kept_files(cache)
    assert files
    for path in files:
        size = path.stat().st_size
        path.write_bytes({"garbage": b"\x00garbage" * (size // 8 + 1), "empty": b"",
                          "cut": path.read_bytes()[: size // 2]}[damage][:size if damage == "garbage" else None])
    second = build(results, tmp_path / "second", cache)  # a new output: every file comes from the cache or is made
    assert_same_tree(cold, second)
    assert all(sha256(path.read_bytes()) == path.name for path in kept_files(cache))  # made again, whole


def test_links_in_the_cache_are_never_followed_or_written_through(results, cold, tmp_path):
    cache = tmp_path / "cache"
    build(results, tmp_path / "first", cache)
    passwd = tmp_path / "outside" / "passwd"  # what a link planted in a cache restored by CI could point at
    passwd.parent.mkdir()
    passwd.write_text("root:x:0:0:root:/root:/bin/sh\n", "utf-8")
    for path in kept_files(cache) + records(cache):
        path.unlink()
        path.symlink_to(passwd)
    second = build(results, tmp_path / "second", cache)
    assert passwd.read_text("utf-8") == "root:x:0:0:root:/root:/bin/sh\n"
    assert_same_tree(cold, second)
    # what the build used is made again as real files; links it had no use for are left, never followed
    assert not any(p.is_symlink() for p in records(cache) if p.name.startswith(("event-", "events.")))
    assert not any(p.is_symlink() for p in (cache / "podium" / "files").rglob("*"))


def test_folders_of_the_cache_that_are_links_are_replaced_and_nothing_lands_outside(results, cold, tmp_path):
    cache = tmp_path / "cache"
    build(results, tmp_path / "first", cache)
    outside = tmp_path / "outside"
    outside.mkdir()
    for name in ("files", "records", "tmp"):
        shutil.rmtree(cache / "podium" / name)
        (cache / "podium" / name).symlink_to(outside, target_is_directory=True)
    second = build(results, tmp_path / "second", cache)
    assert list(outside.iterdir()) == []
    assert_same_tree(cold, second)


def test_a_restored_cache_and_output_lose_the_pages_of_an_event_removed_since(results, tmp_path):
    """CI restores the cache and the site from its own store: every file a new inode."""
    cache, output = tmp_path / "cache", tmp_path / "output"
    build(results, output, cache)
    events = sorted(p.parent.name for p in results.glob("*/event.yaml"))
    restored_cache, restored_output = tmp_path / "restored-cache", tmp_path / "restored-output"
    shutil.copytree(cache, restored_cache)
    shutil.copytree(output, restored_output)
    shutil.rmtree(cache)
    shutil.rmtree(output)
    os.rename(restored_cache, cache)
    os.rename(restored_output, output)
    shutil.rmtree(results / events[-1])
    build(results, output, cache)
    assert not (output / events[-1]).exists()
    assert_same_tree(output, build(results, tmp_path / "cold", tmp_path / "cold-cache"))


def test_a_foreign_or_edited_record_is_not_trusted(results, cold, tmp_path):
    cache = tmp_path / "cache"
    build(results, tmp_path / "first", cache)
    found = records(cache)
    events = [path for path in found if path.name.startswith("event-")]
    head, body = events[0].read_bytes().split(b"\n", 1)
    record = json.loads(body)
    record["format"] = 1  # another release's
    events[0].write_bytes(head + b"\n" + json.dumps(record).encode())
    head, body = events[1].read_bytes().split(b"\n", 1)
    events[1].write_bytes(head + b"\n" + body.replace(b'"files"', b'"filez"'))  # edited: no longer its digest
    index = next(path for path in found if path.name.startswith("events."))
    index.write_bytes(index.read_bytes()[:100])  # the index cut short
    assert_same_tree(cold, build(results, tmp_path / "second", cache))


def test_a_published_page_edited_in_place_never_reaches_the_cache(results, cold, tmp_path):
    cache, output = tmp_path / "cache", tmp_path / "output"
    build(results, output, cache)
    events = sorted(p.parent.name for p in results.glob("*/event.yaml"))
    page = output / events[0] / "index.html"
    with open(page, "a", encoding="utf-8") as edited:  # a tool that edits the published page where it is
        edited.write("<!-- injected -->")
    assert all(b"injected" not in path.read_bytes() for path in kept_files(cache))
    assert_same_tree(cold, build(results, tmp_path / "fresh", cache))  # a new output gets the page as it should be
    path = first_round_file(results / events[0])
    path.write_text(path.read_text("utf-8") + "# changed\n", "utf-8")
    build(results, output, cache)
    assert "injected" not in page.read_text("utf-8")


def test_records_whose_summaries_another_build_replaced_are_made_again(results, cold, tmp_path):
    """Two builds sharing a cache, each with an event of the same slug, can leave a record
    whose summary is not the one this build's index names: each such event is made again."""
    cache = tmp_path / "cache"
    build(results, tmp_path / "first", cache)
    events = [path for path in records(cache) if path.name.startswith("event-")]
    assert len(events) >= 3
    bodies = [json.loads(path.read_bytes().split(b"\n", 1)[1]) for path in events[:3]]
    for path, record, other in zip(events[:2], bodies[:2], bodies[1:3]):
        record["summary"] = other["summary"]  # another event's: not the summary the index names
        body = json.dumps(record).encode()
        path.write_bytes(sha256(body).encode() + b"\n" + body)  # a record that checks out
    assert_same_tree(cold, build(results, tmp_path / "second", cache))  # a new output: every summary read
