"""Pelican's content cache is loaded only with the settings and code that made it
(:mod:`pelican.plugins.podium.contentcache`).

- A second build with the same settings reads no page again, and writes the same bytes.
- A build with another setting that shapes the reading reads every page again;
  the build after it, with the first settings, reads them again too.
- A build that stops before it finishes, or that writes the cache only in part,
  leaves a cache that no later build loads.
- Without ``CACHE_CONTENT`` nothing is stamped; a stamp that cannot be written
  costs the next build its reading, nothing else.
"""

from __future__ import annotations

import copy
import pickle
import shutil
from pathlib import Path

import pytest
from pelican import Pelican
from pelican.cache import FileDataCacher
from pelican.readers import MarkdownReader
from pelican.settings import read_settings

from pelican.plugins.podium import contentcache
from pelican.plugins.podium.plugin import BuildFailed

ROOT = Path(__file__).resolve().parents[1]
SAMPLE = ROOT / "tests" / "samples" / "results" / "catan3-lt14-upcoming-q2-1000"

PAGE = """Title: How to enter a result
Slug: enter

## The table

Type the scores as they stand on the sheet:

```yaml
scores: {p1: 10, p2: 7}
```
"""


@pytest.fixture
def site(tmp_path, monkeypatch):
    """A site with two Markdown pages and one event; ``build(**settings)`` runs Pelican
    on it in this process and returns how many pages the Markdown reader read."""
    content = tmp_path / "content" / "pages"
    content.mkdir(parents=True)
    (content / "enter.md").write_text(PAGE, "utf-8")
    (content / "about.md").write_text("Title: About\nSlug: about\n\nThe results of the club's events.\n", "utf-8")
    shutil.copytree(SAMPLE, tmp_path / "results" / "cup")
    reads = []
    original = MarkdownReader.read

    def counted(self, source_path):
        reads.append(source_path)
        return original(self, source_path)

    monkeypatch.setattr(MarkdownReader, "read", counted)

    def build(**override):
        """(Pelican adds to the MARKDOWN setting it is given: each build gets its own copy.)"""
        reads.clear()
        override = copy.deepcopy(override)
        settings = {"PATH": str(tmp_path / "content"), "PODIUM_RESULTS": str(tmp_path / "results"),
                    "OUTPUT_PATH": str(tmp_path / "output"), "CACHE_PATH": str(tmp_path / "cache"),
                    "PODIUM_JOBS": 1, **override}
        Pelican(read_settings(str(ROOT / "pelicanconf.py"), override=settings)).run()
        return len(reads)

    build.output = tmp_path / "output"
    build.stamp = tmp_path / "cache" / "podium" / contentcache.STAMP
    build.results = tmp_path / "results"
    return build


def page(site, slug: str) -> bytes:
    return (site.output / f"{slug}.html").read_bytes()


def test_a_second_build_reads_no_page_again_and_writes_the_same_bytes(site):
    assert site() == 2
    assert site.stamp.is_file()
    first = {slug: page(site, slug) for slug in ("enter", "about")}
    assert site() == 0
    assert {slug: page(site, slug) for slug in ("enter", "about")} == first


def test_a_changed_setting_reads_every_page_again_and_so_does_the_build_after_it(site):
    assert site() == 2
    plain = page(site, "enter")
    numbered = {"extension_configs": {"markdown.extensions.codehilite": {"css_class": "highlight", "guess_lang": False,
                                                                         "linenums": True},
                                      "markdown.extensions.extra": {}, "markdown.extensions.meta": {}},
                "output_format": "html5"}
    assert site(MARKDOWN=numbered) == 2
    assert page(site, "enter") != plain  # the code block has line numbers now
    assert site(MARKDOWN=numbered) == 0
    assert site() == 2
    assert page(site, "enter") == plain


def test_a_build_that_stops_leaves_a_cache_no_later_build_loads(site):
    assert site() == 2
    round_file = site.results / "cup" / "qualifying-01.yaml"
    good = round_file.read_bytes()
    round_file.write_text("this: [is not, a round\n", "utf-8")
    with pytest.raises(BuildFailed):
        site(MARKDOWN={"extension_configs": {"markdown.extensions.extra": {}}, "output_format": "html5"})
    assert not site.stamp.exists()
    round_file.write_bytes(good)
    assert site() == 2  # the cache may hold what the stopped build read: it is not loaded
    assert site() == 0


def test_without_cache_content_nothing_is_stamped(site):
    assert site(CACHE_CONTENT=False, LOAD_CONTENT_CACHE=False) == 2
    assert not site.stamp.exists()
    assert site(CACHE_CONTENT=False, LOAD_CONTENT_CACHE=True) == 2


def test_a_stamp_that_cannot_be_written_costs_only_the_reading(site):
    site.stamp.mkdir(parents=True)  # a folder where the stamp goes: it can be neither removed nor replaced
    assert site() == 2
    assert site() == 2
    assert site.stamp.is_dir()
    assert b"Type the scores" in page(site, "enter")


def half_written(monkeypatch, then=None):
    """Pelican writes only the first half of each cache file (then, if given, raises ``then``)."""
    def save_cache(self):
        if self._cache_data_policy:  # noqa: SLF001 - the test's stand-in for Pelican's own method
            data = pickle.dumps(self._cache)  # noqa: SLF001
            Path(self._cache_path).write_bytes(data[:len(data) // 2])  # noqa: SLF001
            if then is not None:
                raise then

    monkeypatch.setattr(FileDataCacher, "save_cache", save_cache)


def test_a_cache_written_only_in_part_is_not_stamped(site, monkeypatch):
    assert site() == 2
    with monkeypatch.context() as patched:
        half_written(patched)  # as on a full disk: Pelican warns and goes on
        assert site() == 0
    assert not site.stamp.exists()
    assert site() == 2
    assert site() == 0


def test_a_build_stopped_while_writing_the_cache_leaves_it_unstamped(site, monkeypatch):
    assert site() == 2
    with monkeypatch.context() as patched:
        half_written(patched, then=KeyboardInterrupt())
        with pytest.raises(KeyboardInterrupt):
            site()
    assert site() == 2  # the half-written cache is not loaded: no EOFError
    assert b"Type the scores" in page(site, "enter")
