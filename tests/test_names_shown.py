"""Names are shown isolated for bidirectional text, and a missing rules page stops the build.

- every player's name on the pages that list people (standings, rounds,
  the player's own page, the people index) is inside ``<bdi>``, so a
  right-to-left name never reorders the numbers and words around it;
- an event whose ``rules:`` names no page is an error at that line of
  event.yaml, and the build stops before writing anything.
"""

from __future__ import annotations

import re
import shutil
from pathlib import Path

import pytest

from test_site import build, problems_of

SAMPLES = Path(__file__).resolve().parent / "samples" / "results"
CATAN = "catan2-lt13-full-1000"
HEBREW = "אבי כהן"


def results_with_a_hebrew_name(tmp_path: Path) -> tuple[Path, str]:
    results = tmp_path / "results"
    shutil.copytree(SAMPLES / CATAN, results / CATAN)
    event = results / CATAN / "event.yaml"
    text = event.read_text("utf-8")
    first_id = text.split("- id: ", 1)[1].split("\n", 1)[0]
    first_name = text.split("\n    name: ", 1)[1].split("\n", 1)[0]
    event.write_text(text.replace(f"\n    name: {first_name}\n", f"\n    name: {HEBREW}\n", 1), "utf-8")
    return results, first_id


def test_names_are_isolated_for_bidirectional_text(tmp_path):
    results, pid = results_with_a_hebrew_name(tmp_path)
    site = build(results, tmp_path / "output", PODIUM_JOBS=1)
    isolated = re.compile(f"<bdi>(?:<a [^>]*>)?{HEBREW}(?:</a>)?</bdi>")
    for page in (f"{CATAN}/players/{pid}/index.html", f"{CATAN}/players/index.html",
                 f"{CATAN}/standings/qualifying-2/index.html", f"{CATAN}/qualifying-1/index.html"):
        html = (site / page).read_text("utf-8")
        body = html.split("<main", 1)[1].split("</main>", 1)[0]
        body = body.replace(f'data-pagefind-meta="title">{HEBREW}', "")  # the search index's title, never shown
        shown = len(isolated.findall(body))
        assert shown and body.count(HEBREW) == shown + body.count(f'"{HEBREW}"'), page


def test_a_missing_rules_page_is_an_error_at_its_line_and_nothing_is_written(tmp_path):
    results = tmp_path / "results"
    shutil.copytree(SAMPLES / CATAN, results / CATAN)
    event = results / CATAN / "event.yaml"
    lines = event.read_text("utf-8").splitlines(keepends=True)
    lines.insert(2, "rules: rules-of-the-house\n")
    event.write_text("".join(lines), "utf-8")
    output = tmp_path / "output"
    output.mkdir()
    (output / "kept.html").write_text("<p>the site as it was</p>\n", "utf-8")
    problems = problems_of(results, output, PODIUM_JOBS=1)
    assert [str(p) for p in problems] == [
        f"{event}:3: rules: there is no page 'rules-of-the-house' among the pages of "
        f"{Path('content').resolve()} (a Markdown page with slug: rules-of-the-house)"]
    assert not (output / CATAN).exists()  # nothing of Podium's was written
