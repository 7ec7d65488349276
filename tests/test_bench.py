"""The benchmark's machinery on a tiny archive (``make bench`` itself is not a test).

Nothing here asserts a timing: only that every step runs, that the data is
generated once and reused, and that each size's summary line has its numbers.
"""

from __future__ import annotations

import re
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "benchmarks"))

import bench  # noqa: E402 - benchmarks/ is not a package


def test_archive_plan_mixes_the_five_formats():
    plan = bench.archive_plan(200)
    assert len(plan) == 200
    assert {e["format"] for e in plan} == {f[0] for f in bench.ARCHIVE_FORMATS}
    assert len({e["slug"] for e in plan}) == 200
    assert all(e["players"] % 2 == 0 for e in plan if e["format"] == "carcassonne-lv")
    assert bench.archive_plan(200) == plan  # deterministic


@pytest.mark.skipif(not Path("/usr/bin/diff").exists(), reason="no diff")
def test_bench_runs_on_a_tiny_archive(tmp_path):
    lines = []
    found = bench.run(events=(3, 4), cache=tmp_path / "data", work=tmp_path / "work", repeat=2, log=lines.append)
    numbers = found[3]
    assert numbers["pages"] > 3 * 20 and found[4]["pages"] > numbers["pages"]
    for key in ("cold_s", "warm_s", "noop_s", "serve_s", "rss_mb", "floor_s"):
        assert numbers[key] > 0, key
    summary = [line for line in lines if line.startswith("bench")]
    assert re.fullmatch(r"bench3: warm_s=[0-9.]+ noop_s=[0-9.]+ serve_s=[0-9.]+ rss_mb=[0-9]+", summary[0])
    assert re.fullmatch(r"bench4: warm_s=[0-9.]+ noop_s=[0-9.]+ serve_s=[0-9.]+ rss_mb=[0-9]+", summary[1])
    assert bench.main.__doc__ is None and bench.sizes("200,1000") == (200, 1000)
    floor = tmp_path / "work" / "3" / "floor"
    built = tmp_path / "work" / "3" / "output"
    assert sorted(p.relative_to(floor) for p in floor.rglob("*.html")) == sorted(p.relative_to(built) for p in built.rglob("*.html"))

    # the generated data is cached: a second run does not simulate again
    archive = bench.make_archive(tmp_path / "data", 3, log=lines.append)
    generated = [line for line in lines if line.startswith("  generated")]
    assert len(generated) == 2  # one for each size, none for the second look
    assert (archive / ".complete").exists()
    assert sorted(p.name for p in archive.iterdir() if p.is_dir()) == [e["slug"] for e in bench.archive_plan(3)]


def test_page_content_reads_titles_rows_and_items():
    text = ("<html><head><title>A &amp; B</title></head><body><table><tr><th>1</th><td><a href='x'>Ann</a></td></tr>"
            "</table><ul><li>one</li><li>two <b>2</b></li></ul></body></html>")
    assert bench.page_content(text) == {"title": "A & B", "rows": [["1", "Ann"], ["one"], ["two 2"]]}
