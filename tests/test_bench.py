"""The benchmark's machinery on a tiny archive (``make bench`` itself is not a test).

Nothing here asserts a timing: only that every step runs, that the data is
generated once and reused, and that the final line has its four numbers.
"""

from __future__ import annotations

import re

from podium import bench


def test_archive_plan_mixes_the_five_formats():
    plan = bench.archive_plan(200)
    assert len(plan) == 200
    assert {e["format"] for e in plan} == {f[0] for f in bench.ARCHIVE_FORMATS}
    assert len({e["slug"] for e in plan}) == 200
    assert all(e["players"] % 2 == 0 for e in plan if e["format"] == "carcassonne-lv")
    assert bench.archive_plan(200) == plan  # deterministic


def test_bench_runs_on_a_tiny_archive(tmp_path):
    lines = []
    numbers = bench.run(events=3, sample=5, big=False, cache=tmp_path / "cache", work=tmp_path / "work",
                        log=lines.append)
    assert numbers["pages"] > 3 * 20
    assert numbers["markdown_pages"] == 5
    for key in ("archive_s", "archive_first_s", "archive_cpu_s", "floor_s", "floor_ratio", "floor_cpu_ratio", "markdown_ratio", "rss_mb"):
        assert numbers[key] > 0
    assert re.fullmatch(r"bench: floor_ratio=[0-9.]+ markdown_ratio=[0-9.]+ archive_s=[0-9.]+ rss_mb=[0-9]+", lines[-1])
    floor = tmp_path / "work" / "floor-2"  # each floor run writes a new folder; the last one is kept
    floor_pages = sorted(p.relative_to(floor) for p in floor.rglob("*.html"))
    built_pages = sorted(p.relative_to(tmp_path / "work" / "archive") for p in (tmp_path / "work" / "archive").rglob("*.html"))
    assert floor_pages == built_pages
    # the first archive build compiled the templates into the work folder's cache, for the others
    assert list((tmp_path / "work" / "cache" / "podium-templates").glob("*.jinja"))

    # the generated data is cached: a second run does not simulate again
    archive = bench.make_archive(tmp_path / "cache", 3, log=lines.append)
    generated = [line for line in lines if line.startswith("  generated")]
    assert len(generated) == 1
    assert (archive / ".complete").exists()
    assert sorted(p.name for p in archive.iterdir() if p.is_dir()) == [e["slug"] for e in bench.archive_plan(3)]


def test_page_content_reads_titles_rows_and_items():
    text = ("<html><head><title>A &amp; B</title></head><body><table><tr><th>1</th><td><a href='x'>Ann</a></td></tr>"
            "</table><ul><li>one</li><li>two <b>2</b></li></ul></body></html>")
    assert bench.page_content(text) == {"title": "A & B", "rows": [["1", "Ann"], ["one"], ["two 2"]]}


def test_swiss_field_pairs_without_rematches():
    order, met = bench.swiss_field(40, 3)
    assert sorted(order) == sorted(met)
    assert all(len(opponents) == 3 for opponents in met.values())
    from podium.formats.carcassonne import pair_swiss

    pairs = pair_swiss(order, met)
    assert len(pairs) == 20 and all(b not in met[a] for a, b in pairs)
