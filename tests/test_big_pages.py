"""Large events stay usable: long lists on pages of a fixed size, linked by a pager
(:mod:`pelican.plugins.podium.paging`).

A Carcassonne event of 5,000 players played to the end (its crosstable and round
pages were the largest pages) and a Tantrix event of 5,000 players with its first
round played and the next one seated (its bracket and score sheets) are built with
the default page sizes: no page is over 1 MB, every page of a cut list links the
others, and every player's find-your-table line and every link to a table lands
on the page holding it.  Small events of every format are built with tiny page
sizes (the same rule, many pages) and with the default ones (one page each, at the
URL they always had).
"""

from __future__ import annotations

import posixpath
import re
from functools import lru_cache
from pathlib import Path

import pytest

from pelican.plugins.podium import paging
from test_parallel_evaluation import simulated_event as play  # an event played by the simulator
from test_site import build

LIMIT = 1_000_000  # bytes: no HTML page above it
BIG = 5000
DOWNLOADS = (".json", ".csv", ".xlsx", ".atom")  # files to download or poll, not pages: they may be large
TINY = {"units": 2, "rows": 3, "crosstable": 3, "lines": 4, "bracket": 4}
SMALL = {"catan-lv-2016": 16, "catan-lt-route66": 13, "carcassonne-lv": 12, "tantrix-wc": 12, "baska-gp": 9}

HREF = re.compile(r'href="([^"#?]*)(?:\?[^"#]*)?(?:#([^"]*))?"')
ID = re.compile(r'\bid="([^"]+)"')


@pytest.fixture(scope="module")
def big(tmp_path_factory) -> Path:
    results = tmp_path_factory.mktemp("big") / "results"
    play(results / "big-carcassonne", "carcassonne-lv", BIG)
    play(results / "big-tantrix", "tantrix-wc", BIG, rounds=1)
    return build(results, tmp_path_factory.mktemp("big-site") / "output")


@pytest.fixture(scope="module")
def small_results(tmp_path_factory) -> Path:
    results = tmp_path_factory.mktemp("small") / "results"
    for format_id, players in SMALL.items():
        play(results / f"small-{format_id}", format_id, players)
    play(results / "small-upcoming", "carcassonne-lv", 12, rounds=2)
    return results


@pytest.fixture(scope="module")
def tiny(small_results, tmp_path_factory) -> Path:
    return build(small_results, tmp_path_factory.mktemp("tiny-site") / "output", PODIUM_PAGE_SIZES=TINY)


@pytest.fixture(scope="module")
def whole(small_results, tmp_path_factory) -> Path:
    return build(small_results, tmp_path_factory.mktemp("whole-site") / "output")


# -- reading links back --------------------------------------------------------------

@lru_cache(maxsize=None)
def page_text(path: Path) -> str:
    return path.read_text("utf-8")


@lru_cache(maxsize=None)
def ids(path: Path) -> frozenset:
    return frozenset(ID.findall(page_text(path)))


def target(site: Path, page: Path, href: str) -> Path | None:
    """The file a relative link of ``page`` leads to, or None for a link off the site."""
    if href.startswith(("http:", "https:", "mailto:", "data:", "//")):
        return None
    if href == "":
        return page
    folder = posixpath.dirname(page.relative_to(site).as_posix())
    path = posixpath.normpath(posixpath.join(folder, href))
    if href.endswith("/") or path in (".", ""):
        path = posixpath.join(path, "index.html")
    return site / path


def links(site: Path, page: Path) -> list:
    """(target file, fragment) of every link of ``page`` inside the site."""
    found = []
    for href, fragment in HREF.findall(page_text(page)):
        where = target(site, page, href)
        if where is not None:
            found.append((where, fragment))
    return found


def assert_lands(site: Path, page: Path, wanted=lambda where, fragment: True) -> int:
    """Every link of ``page`` (that ``wanted``) opens a file of the site, and its #fragment is there."""
    count = 0
    for where, fragment in links(site, page):
        if not wanted(where, fragment):
            continue
        assert where.is_file(), f"{page.relative_to(site)} links {where.relative_to(site)}, which does not exist"
        if fragment and where.suffix == ".html":
            assert fragment in ids(where), f"{page.relative_to(site)}: #{fragment} is not on {where.relative_to(site)}"
        count += 1
    return count


def pager_of(site: Path, page: Path, html: str | None = None) -> dict:
    """The pager of a page: its links in order, and its previous and next page."""
    html = page_text(page) if html is None else html
    start = html.find('<nav class="pager pages"')
    if start < 0:
        return {}
    nav = html[start:html.index("</nav>", start)]
    every = nav[nav.index("<details"):] if "<details" in nav else nav  # a long list: all pages in its details
    listed = re.findall(r'<a href="([^"]+)"', every)  # the pages (previous and next have rel= first)
    prev = re.search(r'rel="prev" href="([^"]+)"', nav)
    nxt = re.search(r'rel="next" href="([^"]+)"', nav)
    return {"pages": [target(site, page, href) for href in listed],
            "current": target(site, page, re.search(r'href="([^"]+)" aria-current="page"', nav).group(1)),
            "prev": target(site, page, prev.group(1)) if prev else None,
            "next": target(site, page, nxt.group(1)) if nxt else None}


def assert_pagers_link_each_other(site: Path) -> int:
    """Every cut list: each page is listed by its own pager, pages in order, next and
    previous pages each other's; page 1 is the list's own URL. The number of lists."""
    pagers = {}
    for page in site.rglob("*.html"):
        html = page.read_text("utf-8")
        if '<nav class="pager pages"' in html:
            pagers[page] = pager_of(site, page, html)
    lists = set()
    for page, pager in pagers.items():
        pages = pager["pages"]
        assert pager["current"] == page and page in pages, page
        index = pages.index(page)
        assert pager["prev"] == (pages[index - 1] if index else None), page
        assert pager["next"] == (pages[index + 1] if index + 1 < len(pages) else None), page
        for number, other in enumerate(pages, 1):
            assert other in pagers and pagers[other]["pages"] == pages, (page, other)
            if number > 1:
                assert other.parent.name == f"page-{number}" and other.parent.parent == pages[0].parent, other
        lists.add(tuple(pages))
    return len(lists)


# -- the rule ------------------------------------------------------------------------

def test_the_rule_cuts_a_list_in_order_into_pages_of_a_fixed_size():
    assert paging.cut(range(5), 5) == [[0, 1, 2, 3, 4]]
    assert paging.cut([], 5) == [[]]
    assert paging.cut(range(11), 5) == [[0, 1, 2, 3, 4], [5, 6, 7, 8, 9], [10]]
    assert paging.page_url("ev/swiss-1/", 1) == "ev/swiss-1/"
    assert paging.page_url("ev/swiss-1/", 3) == "ev/swiss-1/page-3/"
    assert paging.page_url("ev/swiss-1/index.html", 3) == "ev/swiss-1/page-3/index.html"
    assert paging.page_url("ev/round-swiss-1.html", 2) == "ev/round-swiss-1-page-2.html"
    pagers = paging.pagers("ev/standings/swiss-3/", ["1–500", "501–1000", "1001–1200"])
    assert [p.current.url for p in pagers] == ["ev/standings/swiss-3/", "ev/standings/swiss-3/page-2/",
                                               "ev/standings/swiss-3/page-3/"]
    assert pagers[0].previous is None and pagers[0].next.label == "501–1000"
    assert pagers[2].previous.label == "501–1000" and pagers[2].next is None
    assert not paging.pagers("x/", ["1–3"])[0].many
    assert pagers[1].window is None  # a few pages: all listed
    many = paging.pagers("x/", [str(n) for n in range(1, 41)])
    assert [p and p.number for p in many[19].window] == [1, None, 18, 19, 20, 21, 22, None, 40]
    assert [p and p.number for p in many[0].window] == [1, 2, 3, None, 40]
    assert paging.span(1, 500) == "1–500" and paging.span("Anna", "Jānis") == "Anna – Jānis" and paging.span(7, 7) == "7"
    assert paging.sizes({"PODIUM_PAGE_SIZES": {"units": 0, "rows": 7}})["rows"] == 7
    assert paging.sizes({"PODIUM_PAGE_SIZES": {"units": 0}})["units"] == 1


# -- 5,000 players -------------------------------------------------------------------

def test_no_page_of_a_5000_player_event_is_over_1_mb(big):
    over = sorted((p.stat().st_size, p.relative_to(big).as_posix()) for p in big.rglob("*")
                  if p.is_file() and p.stat().st_size > LIMIT)
    pages = [(size, path) for size, path in over if not path.endswith(DOWNLOADS)]
    assert not pages, f"pages over 1 MB: {pages}"
    # the downloads stay whole: one file each, whatever its size
    assert {path for _, path in over} >= {"big-carcassonne/event.json", "big-tantrix/event.json"}
    # what was cut: the crosstable (by rows, group after group), every Swiss round, the bracket
    assert (big / "big-carcassonne" / "crosstable" / "page-25" / "index.html").is_file()
    assert not (big / "big-carcassonne" / "crosstable" / "page-26").exists()
    assert (big / "big-carcassonne" / "swiss-1" / "page-50" / "index.html").is_file()
    assert (big / "big-tantrix" / "bracket" / "page-2" / "index.html").is_file()
    assert (big / "big-tantrix" / "main-2" / "sheets" / "page-2" / "index.html").is_file()


def test_the_pages_of_a_5000_player_event_link_each_other(big):
    assert assert_pagers_link_each_other(big) > 20


def test_every_find_your_table_line_of_a_5000_player_event_lands_on_the_page_holding_the_table(big):
    event = big / "big-carcassonne"
    rounds = sorted(p for p in event.iterdir() if p.name.startswith("swiss-") and (p / "find").is_dir())
    assert len(rounds) >= 5
    for rnd in rounds:
        found = [rnd / "find" / "index.html"] + sorted((rnd / "find").glob("page-*/index.html"))
        seated = 0
        for page in found:
            seated += assert_lands(big, page, lambda where, fragment: fragment.startswith("game-"))
        assert seated == BIG, rnd.name  # every player, each to the page with their game
    crosstable = [event / "crosstable" / "index.html"] + sorted((event / "crosstable").glob("page-*/index.html"))
    for page in crosstable:
        assert assert_lands(big, page, lambda where, fragment: bool(fragment)) > 0


def test_a_players_links_to_their_table_and_rank_land_on_the_pages_holding_them(big):
    event = big / "big-carcassonne"
    players = sorted((event / "players").iterdir())[::97]  # a spread of the 5,000
    assert len(players) > 40
    for folder in players:
        page = folder / "index.html"
        own = f"players/{folder.name}/"
        for where, fragment in links(big, page):
            if fragment.startswith("game-"):
                assert fragment in ids(where), (page, where, fragment)
            if "/standings/swiss-" in where.as_posix():
                assert own in page_text(where), f"{page}: {where} does not list the player"


def test_the_bracket_of_5000_players_is_an_overview_and_sections_that_hold_every_match(big):
    bracket = big / "big-tantrix" / "bracket"
    pages = pager_of(big, bracket / "index.html")["pages"]
    assert pages[0] == bracket / "index.html" and len(pages) == 1 + 8192 // 64
    first_round = set()
    for page in pages:
        assert assert_lands(big, page) > 0
        first_round |= {href for href in re.findall(r'href="([^"]*main-1/match-\d+/)"', page_text(page))}
    matches = {p.name for p in (big / "big-tantrix" / "main-1").glob("match-*")}
    assert {href.rstrip("/").rsplit("/", 1)[1] for href in first_round} == matches


# -- small events, tiny pages ------------------------------------------------------------

def test_small_events_with_tiny_pages_are_cut_and_every_link_lands(tiny):
    for slug in SMALL:
        event = tiny / f"small-{slug}"
        assert any(event.glob("*/page-2/index.html")), f"{slug}: no round on two pages"
        assert any(event.glob("standings/*/page-2/index.html")) or slug == "tantrix-wc", slug
        assert (event / "players" / "page-2" / "index.html").is_file(), slug
    assert (tiny / "small-carcassonne-lv" / "crosstable" / "page-2" / "index.html").is_file()
    assert (tiny / "small-tantrix-wc" / "bracket" / "page-2" / "index.html").is_file()
    assert (tiny / "small-baska-gp" / "session-1" / "page-2" / "index.html").is_file()
    assert (tiny / "small-upcoming" / "swiss-3" / "sheets" / "page-2" / "index.html").is_file()
    assert assert_pagers_link_each_other(tiny) > 30
    checked = 0
    for page in sorted(tiny.rglob("*.html")):
        if "pagefind" not in page.parts:
            checked += assert_lands(tiny, page, lambda where, fragment: where.suffix in (".html", ""))
    assert checked > 1000


def test_the_site_wide_search_list_is_cut_by_the_setting_too(tiny, whole):
    """The search page's players (one line each) come in parts of the ``lines`` size,
    each linked by the pager; every player's line is on exactly one part."""
    pages = [tiny / "search" / "index.html"] + sorted((tiny / "search").glob("page-*/index.html"))
    assert len(pages) > 2
    lines = [re.findall(r"<li><b><bdi>", page_text(page)) for page in pages]
    assert all(1 <= len(found) <= TINY["lines"] for found in lines)
    assert sum(len(found) for found in lines) == len(re.findall(r"<li><b><bdi>", page_text(whole / "search" / "index.html")))
    assert all(pager_of(tiny, page) for page in pages)


def test_the_people_page_is_cut_by_the_setting(tmp_path):
    """The people page (everyone of players.yaml who played) is cut into parts of ``rows``."""
    from pelican.plugins.podium.extensions import people

    class Event:  # the fields of a summary that people_of reads
        first_date, slug = "2024-01-01", "open"
        records = {f"p{n}": {} for n in range(7)}
        player_ids = list(records)

    class Urls:
        def url(self, kind, **parts):
            return f"{kind}/{parts.get('person', '')}"

    registry = {f"p{n}": {"name": f"Player {n}"} for n in range(7)}
    index = people.site_pages([Event()], Urls(), registry, {**paging.SIZES, "rows": 3})[0]
    assert [len(part) for part in index.cut.parts] == [3, 3, 1]
    whole = people.site_pages([Event()], Urls(), registry, paging.SIZES)[0]
    assert [len(part) for part in whole.cut.parts] == [7]


def test_every_player_is_on_exactly_one_page_of_each_cut_list(tiny, small_results):
    for slug, players in SMALL.items():
        event = tiny / f"small-{slug}"
        ids_ = {p.name for p in (event / "players").iterdir() if p.is_dir() and not p.name.startswith("page-")}
        assert len(ids_) == players
        pages = [event / "players" / "index.html"] + sorted((event / "players").glob("page-*/index.html"))
        for pid in ids_:
            holding = [p for p in pages if f'players/{pid}/"' in page_text(p)]
            assert len(holding) == 1, (slug, pid)


def test_a_small_event_keeps_one_page_at_its_url(whole, small_results):
    assert not list(whole.rglob("page-*")), "a small event is never cut"
    assert not re.search(r'class="pager pages"', "".join(page_text(p) for p in whole.rglob("*.html")))
    for slug in SMALL:
        event = whole / f"small-{slug}"
        assert (event / "players" / "index.html").is_file()
    assert (whole / "small-carcassonne-lv" / "crosstable" / "index.html").is_file()


@pytest.mark.parametrize("sizes, message", [
    ({"units": "ten"}, "the setting PODIUM_PAGE_SIZES: units must be a whole number, not 'ten'"),
    ([50], "the setting PODIUM_PAGE_SIZES must map kinds of list to numbers, not [50]"),
])
def test_page_sizes_that_are_no_numbers_stop_the_build_in_one_line(sizes, message):
    with pytest.raises(ValueError) as stopped:
        paging.sizes({"PODIUM_PAGE_SIZES": sizes})
    assert str(stopped.value) == message
