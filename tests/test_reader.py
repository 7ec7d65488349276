"""Speed and accessibility for the reader, checked on the built files (no browser).

- No page needs JavaScript: only the search page has a script, and its lists
  are in the HTML.
- CSS: what any page loads (its stylesheets together) stays under 24 KB.
- A 240-player Catan event (``podium simulate``): each standings page under
  150 KB of HTML.
- Markup: ``<html lang>``, the skip link first, one ``<main id="main">``,
  header and footer landmarks, and every table of a template with a caption
  and header cells with a scope.

The browser tests (tests/test_browser.py) check the same pages in Chromium.
"""

from __future__ import annotations

import posixpath
import re
import shutil
from html.parser import HTMLParser
from pathlib import Path

import pytest

from support.caches import worker_cache

ROOT = Path(__file__).resolve().parents[1]
CSS = ROOT / "plugins" / "pelican" / "plugins" / "podium" / "static" / "css"
CSS_BUDGET = 28_000  # bytes a page loads, all its stylesheets together (the phone header, menu and "now" boxes included)
STANDINGS_BUDGET = 150_000  # bytes of HTML of one standings page of 240 players
MARKDOWN_PAGES = {"about.html", "organiser-guide.html", "publishing.html"}  # and rules-*.html: content, not templates


def build(results: Path, output: Path) -> Path:
    from pelican import Pelican
    from pelican.settings import read_settings

    override = {"PODIUM_RESULTS": str(results), "OUTPUT_PATH": str(output), "LOAD_CONTENT_CACHE": False,
                **worker_cache()}
    Pelican(read_settings(str(ROOT / "pelicanconf.py"), override=override)).run()
    return output


@pytest.fixture(scope="module")
def site(demo_site) -> Path:
    return demo_site


@pytest.fixture(scope="module")
def pages(site) -> dict:
    return {str(p.relative_to(site)): p.read_text("utf-8") for p in sorted(site.rglob("*.html"))}


def is_markdown(name: str) -> bool:
    """A Markdown page (content, not templates): the site's pages, their translations
    (``<slug>-<lang>.html``), rules pages, and an event's rules page (``<slug>/rules/``)."""
    base = re.sub(r"-(lv|lt|pl|hu|en)\.html$", ".html", name)
    return (base in MARKDOWN_PAGES or (name.startswith("rules-") and "/" not in name)
            or re.fullmatch(r"[a-z0-9-]+/rules/index\.html", name) is not None)


# -- no JavaScript needed ------------------------------------------------------------------------

def test_scripts_only_enhance_the_search_find_me_and_find_your_table(pages):
    """Scripts run on three kinds of page only, each of which works without them:
    the search page, an event home (its find-me box) and find-your-table (its name
    filter); JSON-LD data blocks are data, not scripts."""
    code = re.compile(r"<script(?![^>]*application/ld\+json)")
    scripted = sorted(name for name, html in pages.items() if code.search(html))
    allowed = re.compile(r"^(search/(?:[a-z]{2}/)?index\.html|[a-z0-9-]+/index\.html|[a-z0-9-]+/[a-z0-9-]+/find/index\.html)$")
    assert "search/index.html" in scripted
    assert [name for name in scripted if not allowed.match(name)] == []
    search = pages["search/index.html"]
    assert search.index('<ul class="search-list">') < search.index("<script")  # the lists come first, as HTML


# -- CSS -----------------------------------------------------------------------------------------

def stylesheets(site: Path, name: str, html: str) -> list[Path]:
    found = []
    for href in re.findall(r'<link rel="stylesheet" href="([^"]+)"', html):
        path = site / posixpath.normpath(posixpath.join(posixpath.dirname(name), href))
        assert path.is_file(), (name, href)
        found.append(path)
    return found


def test_every_page_loads_under_28_kb_of_css(site, pages):
    heaviest = max(((sum(p.stat().st_size for p in set(stylesheets(site, name, html))), name) for name, html in pages.items()))
    assert heaviest[0] < CSS_BUDGET, f"{heaviest[1]} loads {heaviest[0]} bytes of CSS"
    # every stylesheet of the theme is in use, and the common one is on every page
    used = {p.name for name, html in pages.items() for p in stylesheets(site, name, html)}
    assert used == {p.name for p in CSS.glob("*.css")}
    assert all("/css/podium.css" in html for html in pages.values())


def test_no_stylesheet_pulls_in_more(site):
    for css in CSS.glob("*.css"):
        text = css.read_text("utf-8")
        assert "@import" not in text and "url(" not in text, css.name  # no fonts, images or other sheets to fetch


# -- 240 players -------------------------------------------------------------------------------

@pytest.fixture(scope="module")
def big_event(tmp_path_factory) -> Path:
    from podium_core.cli import main

    results = tmp_path_factory.mktemp("big")
    assert main(["simulate", str(results / "catan-240"), "--format", "catan-lv-2016", "--players", "240", "--seed", "240"]) == 0
    return build(results, tmp_path_factory.mktemp("big-site") / "output")


def test_a_240_player_standings_page_is_under_150_kb(big_event):
    standings = sorted((big_event / "catan-240" / "standings").glob("*/index.html"))
    assert len(standings) >= 4
    sizes = {str(p.relative_to(big_event)): p.stat().st_size for p in standings}
    full = [p for p in standings if p.read_text("utf-8").count('<th scope="row">') >= 240]
    assert full, "no standings page with all 240 players"
    assert max(sizes.values()) < STANDINGS_BUDGET, sizes
    index = big_event / "catan-240" / "standings" / "index.html"
    assert index.stat().st_size < STANDINGS_BUDGET


# -- markup ------------------------------------------------------------------------------------

class Outline(HTMLParser):
    """Landmarks, the first link, and every table with its caption and header cells."""

    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.lang = None
        self.first_link = None
        self.mains, self.banners, self.footers = [], 0, 0
        self.tables, self.stack = [], []

    def handle_starttag(self, tag, attrs):
        a = dict(attrs)
        if tag == "html":
            self.lang = a.get("lang")
        elif tag == "a" and self.first_link is None:
            self.first_link = a
        elif tag == "main":
            self.mains.append(a.get("id"))
        elif tag == "header" and a.get("class") == "site-header":
            self.banners += 1
        elif tag == "footer":
            self.footers += 1
        elif tag == "table":
            self.stack.append({"caption": False, "th": 0, "scoped": 0, "class": a.get("class") or ""})
        elif tag == "caption" and self.stack:
            self.stack[-1]["caption"] = True
        elif tag == "th" and self.stack:
            self.stack[-1]["th"] += 1
            self.stack[-1]["scoped"] += "scope" in a

    def handle_endtag(self, tag):
        if tag == "table" and self.stack:
            self.tables.append(self.stack.pop())


def test_landmarks_skip_link_and_language_on_every_page(pages):
    for name, html in pages.items():
        outline = Outline()
        outline.feed(html)
        assert outline.lang in ("en", "lv", "lt", "pl", "hu"), name
        assert outline.first_link == {"class": "skip", "href": "#main"}, name
        assert outline.mains == ["main"], name
        assert outline.banners == 1 and outline.footers == 1, name


def test_every_table_has_a_caption_and_scoped_header_cells(pages):
    tables = 0
    for name, html in pages.items():
        if is_markdown(name):
            continue
        outline = Outline()
        outline.feed(html)
        for table in outline.tables:
            tables += 1
            assert table["caption"], f"{name}: a table.{table['class']} without a caption"
            assert table["th"] and table["scoped"] == table["th"], f"{name}: table.{table['class']} header cells without scope"
    assert tables > 1000


def test_visually_hidden_text_and_focus_styles_are_in_the_css():
    css = (CSS / "podium.css").read_text("utf-8")
    # every element that takes the keyboard focus shows it: links, scroll boxes, summaries, the search form
    assert re.search(r"^:focus-visible \{ outline: 3px solid var\(--accent\);", css, flags=re.M)
    assert ".skip:focus" in css and re.search(r"\.vh \{[^}]*clip: rect\(0 0 0 0\)", css)


# -- the Markdown pages read as they were written --------------------------------------------------

def _block_shape(html: str) -> list[str]:
    """The lists, list items, code blocks, tables and headings of a page's <main>, in order."""
    main = html[html.index("<main"):html.index("</main>")]
    return re.findall(r"</?(?:ol|ul|li|pre|table|h2|h3)\b", main)


@pytest.mark.parametrize("slug, items, code", [("organiser-guide", 100, 10), ("publishing", 10, 5)])
def test_a_translated_page_has_the_blocks_of_its_original(pages, slug, items, code):
    """Python-Markdown nests a list or a later paragraph in a list item only
    when it is indented by four spaces: a translation whose indentation slips
    runs items together.  Every translation of the organiser guide and of the
    publishing page has the English page's lists, items, code blocks and
    headings, in the same order."""
    original = _block_shape(pages[f"{slug}.html"])
    assert original.count("<li") > items and original.count("<pre") >= code
    for lang in ("lv", "lt", "pl", "hu"):
        assert _block_shape(pages[f"{slug}-{lang}.html"]) == original, lang


def test_no_code_block_of_a_markdown_page_is_empty(pages):
    """A code block whose first line starts with two colons (``::error ...``)
    would be taken by the highlighter for the name of a language and dropped:
    such a block starts with ``:::text``."""
    for name, html in pages.items():
        if is_markdown(name):
            for block in re.findall(r"<pre\b[^>]*>(.*?)</pre>", html, flags=re.S):
                assert re.sub(r"<[^>]+>", "", block).strip(), name


def test_the_steps_between_two_rounds_are_a_numbered_list(pages):
    """The guide's cycle between two rounds is six numbered steps, the first
    with what to type for each format as a list of its own."""
    html = pages["organiser-guide.html"]
    section = html[html.index("<h2>Between two rounds"):]
    section = section[:section.index("<h2", 10)]
    depth, steps, nested = 0, 0, 0
    for tag in re.findall(r"</?(?:ol|ul|li)\b", section[section.index("<ol>"):]):
        if tag in ("<ol", "<ul"):
            depth += 1
            nested += depth == 2
        elif tag in ("</ol", "</ul"):
            depth -= 1
            if depth == 0:
                break
        elif tag == "<li":
            steps += depth == 1
    assert (steps, nested) == (6, 1)
