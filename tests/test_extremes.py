"""Validate means buildable: schema-valid extremes go through validate -> export -> site build.

Hypothesis takes a conformance sample of each format and fills it with what
the schemas allow at their edges: names of 200 characters from all of
Unicode but control and text-direction codes (right-to-left letters and
marks included), clubs, venues and notes likewise, dates anywhere in 0001-9999,
whole numbers up to each field's bounds (Carcassonne and Tantrix scores,
Tantrix margins and penalties, Baśka and Catan seat points, previous
places).  The only failure allowed is a located problem
(``podium_core.errors.Problems``); an event that validates exports, and a few of
them are built into a site, with no control character in any page.
"""

from __future__ import annotations

import copy
import datetime
import re
import shutil
from pathlib import Path

import yaml
from hypothesis import HealthCheck, given, settings, strategies as st

from podium_core.errors import Problems
from podium_core.export import dumps, event_document
from podium_core.pipeline import evaluate_one

SAMPLES = Path(__file__).resolve().parent / "samples" / "results"
PICKED = ["catan2-lt13-full-1000", "carcassonne1-13-reserve-full-1000", "tantrix1-12-byes-resign-ignore-full-1000",
          "baska1-13-two-sessions-1000", "catan1-lv22-withdrawal-full-1000"]
CONTROL = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\x7f-\x9f]")

DIRECTION_CODES = "\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069"  # refused by the schemas
texts = st.text(alphabet=st.characters(blacklist_categories=("Cc", "Cs"), blacklist_characters=DIRECTION_CODES),
                min_size=1, max_size=200)
bidi = st.sampled_from(["\u200f", "\u200e", "\u061c", "אבג", "عربي"])  # marks and right-to-left letters
names = st.one_of(texts, st.tuples(bidi, texts).map("".join), st.tuples(texts, bidi).map("".join))
dates = st.dates(datetime.date(1, 1, 1), datetime.date(9999, 12, 31)).map(lambda d: f"{d.year:04d}-{d.month:02d}-{d.day:02d}")
BOUNDS = {"score": (0, 999), "margin": (-999, 999), "penalty": (0, 999), "previous_place": (1, 10000)}


def extreme(data, draw, numbers: bool):
    """``data`` with some of its texts and dates, and (``numbers``) of its numbers,
    drawn at the schema's edges.  Seat points move in pairs (+v at one seat, -v at
    another), so Baśka tables still sum to 0."""
    if isinstance(data, dict):
        out = {}
        for k, value in data.items():
            if k in ("name", "club", "venue", "note") and isinstance(value, str) and draw(st.booleans()):
                out[k] = draw(names)[:200]
            elif k == "dates" and draw(st.booleans()):
                out[k] = sorted(draw(st.lists(dates, min_size=1, max_size=3)))
            elif numbers and k in BOUNDS and draw(st.integers(0, 3)) == 0:
                low, high = BOUNDS[k]
                edge = st.sampled_from([low, high]) | st.integers(low, high)
                out[k] = [draw(edge) for _ in value] if isinstance(value, list) else draw(edge)
            elif numbers and k == "seats" and isinstance(value, dict) and len(value) > 1 and draw(st.integers(0, 2)) == 0:
                first, second = list(value)[:2]
                room = max(0, min(99999 - value[first], 99999 + value[second]))
                shift = draw(st.sampled_from([room, -room]) | st.integers(-room, room))
                out[k] = {**value, first: value[first] + shift, second: value[second] - shift}
            else:
                out[k] = extreme(value, draw, numbers)
        return out
    if isinstance(data, list):
        return [extreme(item, draw, numbers) for item in data]
    return data


def write_extreme(folder: Path, sample: str, draw) -> Path:
    event = folder / sample
    event.mkdir(parents=True)
    files = sorted((SAMPLES / sample).iterdir())
    with_numbers = draw(st.sampled_from([None, *files]))  # one file's numbers at their edges, or none
    for path in files:
        data = yaml.safe_load(path.read_text("utf-8"))
        text = yaml.safe_dump(extreme(copy.deepcopy(data), draw, path == with_numbers), allow_unicode=True,
                              sort_keys=False, width=10_000)
        (event / path.name).write_text(text, "utf-8")
    return event


def evaluated(folder: Path):
    try:
        return evaluate_one(folder)
    except Problems as exc:
        assert exc.problems
        for problem in exc.problems:
            assert problem.line >= 1 and Path(problem.path).is_relative_to(folder), problem
        return None


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow])
@given(st.sampled_from(PICKED), st.data())
def test_extremes_validate_and_export_or_are_located_problems(tmp_path_factory, sample, data):
    folder = write_extreme(tmp_path_factory.mktemp("extreme"), sample, data.draw)
    outcome = evaluated(folder)
    if outcome is not None:
        text = dumps(event_document(outcome)).decode("utf-8")
        assert not CONTROL.search(text.replace("\n", "").replace("\t", ""))


@settings(max_examples=6, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow])
@given(st.sampled_from(PICKED[:4]), st.data())
def test_extremes_that_validate_build_a_site(tmp_path_factory, sample, data):
    from test_site import build

    root = tmp_path_factory.mktemp("extreme-site")
    folder = write_extreme(root / "results", sample, data.draw)
    if evaluated(folder) is None:
        shutil.rmtree(folder)
        folder = root / "results" / sample
        shutil.copytree(SAMPLES / sample, folder)  # the build of the plain sample, then
    site = build(root / "results", root / "output", PODIUM_JOBS=1)
    pages = list(site.rglob("*.html"))
    assert any(page.parent.name == sample for page in pages)
    for page in pages:
        assert not CONTROL.search(page.read_text("utf-8").replace("\n", "").replace("\t", "").replace("\r", "")), page
