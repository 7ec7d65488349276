"""The site in a real browser: Debian's headless Chromium driven by Playwright.

The demo results are built (Pelican, then Pagefind when PyPI's pagefind is
installed), served from a sub-folder of a local HTTP server (``/podium/``, as on a
project site: every link must be relative or know its base), and every page
kind is opened at 360 px and 1280 px:

- the page does not scroll sideways (``scrollWidth <= innerWidth``);
- its tables are readable: cells in at least 12 px type, and a table wider than
  the screen sits in a scroll box that fits the screen and takes the focus;
- a screenshot goes to ``build/test-artifacts/<kind>-<width>.png``;
- axe-core (``node_modules/axe-core``, injected into the page) finds no
  serious or critical violation, in the light and (for contrast) the dark
  colour scheme; every violation of any impact is written to
  ``build/test-artifacts/axe.json``.

Then the skip link and focus styles by keyboard, search with and without
JavaScript, and printing standings and score sheets to PDF. The page kinds are
visited in three concurrent passes (Playwright's async API) to keep the suite short.

Skipped as a whole without ``/usr/bin/chromium`` (``PODIUM_CHROMIUM`` names
another) or without Playwright; the axe checks are skipped without
axe-core.  Playwright never downloads a browser here.
"""

from __future__ import annotations

import asyncio
import functools
import http.server
import json
import os
import re
import shutil
import subprocess
import threading
from pathlib import Path

import pytest

from pagefind_cli import COMMAND as PAGEFIND

CHROMIUM = os.environ.get("PODIUM_CHROMIUM", "/usr/bin/chromium")
if not os.access(CHROMIUM, os.X_OK):
    pytest.skip(f"no Chromium at {CHROMIUM}", allow_module_level=True)
sync_api = pytest.importorskip("playwright.sync_api", reason="playwright is not installed (pip install -e '.[test]')")

ROOT = Path(__file__).resolve().parents[1]
ARTIFACTS = ROOT / "build" / "test-artifacts"
AXE = ROOT / "node_modules" / "axe-core" / "axe.min.js"
ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update",
        "--disable-sync", "--no-first-run"]
WIDTHS = (360, 1280)
BASE = "podium"  # the site is served from /podium/, not from the server's root

# one page of every kind, from the demo results
PAGES = {
    "home": "",
    "event-catan": "catan-latvija-2016/",
    "event-running": "route66-vilnius-2011/",
    "event-carcassonne": "carcassonne-latvija-2020/",
    "event-tantrix": "tantrix-wc-2003/",
    "event-baska": "baska-deszczno-2013/",
    "round-catan-lv": "catan-latvija-2016/qualifying-1/",
    "round-catan-lt": "route66-vilnius-2010/qualifying-1/",
    "round-carcassonne-swiss": "carcassonne-latvija-2020/swiss-1/",
    "round-carcassonne-playoff": "carcassonne-latvija-2020/playoff-1/",
    "round-tantrix": "tantrix-wc-2003/main-1/",
    "round-baska": "baska-deszczno-2013/grand-prix-1/",
    "standings-index": "catan-latvija-2016/standings/",
    "standings": "catan-latvija-2016/standings/qualifying-4/",
    "players": "catan-latvija-2016/players/",
    "player": "catan-latvija-2016/players/andris-berzins/",
    "people": "people/",
    "person": "people/darius-simkus/",
    "classification": "catan-latvija-2016/classification/",
    "format": "catan-latvija-2016/format/",
    "rules": "rules-catan-lt-route66.html",
    "guide": "organiser-guide.html",  # a Markdown page with wide code blocks
    "bracket-carcassonne": "carcassonne-latvija-2020/bracket/",
    "bracket-tantrix": "tantrix-wc-2003/bracket/",
    "crosstable": "carcassonne-latvija-2020/crosstable/",
    "tantrix-match": "tantrix-wc-2003/main-1/match-1/",
    "baska-session": "baska-deszczno-2013/session-1/",
    "baska-sessions": "baska-deszczno-2013/sessions/",
    "organiser": "catan-latvija-2016/organiser/",
    "verify": "catan-latvija-2016/qualifying-1/verify/",
    "find": "route66-vilnius-2010/final-1/find/",
    "sheets-catan": "route66-vilnius-2011/qualifying-2/sheets/",
    "sheets-carcassonne": "carcassonne-latvija-2020/playoff-1/sheets/",
    "sheets-tantrix": "tantrix-wc-2003/main-4/sheets/",
    "search": "search/",
}
AXE_LOG: dict = {}


# -- the site, a server, a browser ---------------------------------------------------------

@pytest.fixture(scope="module")
def site(demo_site, tmp_path_factory) -> Path:
    """The demo site (conftest's ``demo_site``, as the ``pelican`` command builds it), copied
    inside ``<tmp>/podium``."""
    output = tmp_path_factory.mktemp("served") / BASE
    shutil.copytree(demo_site, output)
    if PAGEFIND is not None:
        subprocess.run([*PAGEFIND, "--site", str(output), "--force-language", "en", "--quiet"],
                       cwd=ROOT, check=True, capture_output=True)
    return output


@pytest.fixture(scope="module")
def base_url(site):
    class Quiet(http.server.SimpleHTTPRequestHandler):
        def log_message(self, *args):
            pass

    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(Quiet, directory=str(site.parent)))
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{server.server_port}/{BASE}/"
    server.shutdown()
    server.server_close()


@pytest.fixture(scope="module")
def browser():
    with sync_api.sync_playwright() as playwright:
        chromium = playwright.chromium.launch(executable_path=CHROMIUM, args=ARGS, headless=True)
        yield chromium
        chromium.close()


@pytest.fixture(scope="module")
def pages(browser):
    """One tab per width, reused by every page kind."""
    contexts = {w: browser.new_context(viewport={"width": w, "height": 800}, color_scheme="light") for w in WIDTHS}
    yield {w: c.new_page() for w, c in contexts.items()}
    for context in contexts.values():
        context.close()


@pytest.fixture(scope="module", autouse=True)
def artifacts():
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    yield
    if AXE_LOG:
        (ARTIFACTS / "axe.json").write_text(json.dumps(AXE_LOG, indent=1, sort_keys=True, ensure_ascii=False), "utf-8")


# -- checks run inside the page ------------------------------------------------------------

LAYOUT = """() => {
  const vw = window.innerWidth;
  const problems = [];
  for (const table of document.querySelectorAll('main table')) {
    const box = table.getBoundingClientRect();
    if (!box.width || !table.offsetParent) continue;  // not shown (closed <details>, print-only)
    const name = (table.querySelector('caption') || {}).textContent || table.className || 'table';
    const cell = table.querySelector('tbody td, tbody th');
    if (cell && parseFloat(getComputedStyle(cell).fontSize) < 12)
      problems.push(`${name.trim()}: type smaller than 12 px`);
    if (box.left >= -1 && box.right <= vw + 1) continue;
    let scroller = table.parentElement;
    while (scroller && !['auto', 'scroll'].includes(getComputedStyle(scroller).overflowX)) scroller = scroller.parentElement;
    if (!scroller) { problems.push(`${name.trim()}: wider than the screen and not in a scroll box`); continue; }
    const frame = scroller.getBoundingClientRect();
    if (frame.left < -1 || frame.right > vw + 1) problems.push(`${name.trim()}: its scroll box is wider than the screen`);
    if (scroller.tabIndex < 0) problems.push(`${name.trim()}: its scroll box cannot take the keyboard focus`);
  }
  return {scrollWidth: document.documentElement.scrollWidth, innerWidth: vw, problems};
}"""

AXE_RUN = """async (options) => {
  const result = await axe.run(document, options);
  return result.violations.map(v => ({id: v.id, impact: v.impact, help: v.help, tags: v.tags,
    nodes: v.nodes.slice(0, 5).map(n => n.target.join(' '))}));
}"""


WCAG_TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"]


def serious(violations) -> list:
    """Every violation of a WCAG 2.2 A/AA rule, whatever its impact, and serious or
    critical ones of axe's best practices."""
    return [f"{v['id']} ({v['impact']}): {v['help']} — {', '.join(v['nodes'])}"
            for v in violations if v["impact"] in ("serious", "critical") or set(v.get("tags") or ()) & set(WCAG_TAGS)]


async def visit_every_kind(base_url: str) -> dict:
    """Three passes over every page kind at once (the machine has more than one core):
    360 px and 1280 px in the light scheme (layout, screenshot, every axe rule), and
    1280 px in the dark scheme (axe's contrast rule).  ``{(kind, pass): result}``."""
    from playwright.async_api import async_playwright

    axe = AXE.read_text("utf-8") if AXE.exists() else None
    found = {}

    async def one_pass(browser, width, scheme):
        context = await browser.new_context(viewport={"width": width, "height": 800}, color_scheme=scheme)
        page = await context.new_page()
        for kind, path in PAGES.items():
            result = found[(kind, f"{width} {scheme}")] = {"error": None, "layout": None, "axe": None}
            try:
                response = await page.goto(base_url + path)
                if response is None or not response.ok:
                    result["error"] = f"{path} did not load"
                    continue
                if scheme == "light":
                    result["layout"] = await page.evaluate(LAYOUT)
                    await page.screenshot(path=str(ARTIFACTS / f"{kind}-{width}.png"), full_page=True)
                if axe:
                    await page.add_script_tag(content=axe)
                    options = {"resultTypes": ["violations"],
                               "runOnly": {"type": "tag", "values": WCAG_TAGS + ["best-practice"]}}
                    if scheme == "dark":
                        options["runOnly"] = ["color-contrast"]
                    result["axe"] = await page.evaluate(AXE_RUN, options)
            except Exception as error:  # reported by the test of that page
                result["error"] = repr(error)
        await context.close()

    async with async_playwright() as playwright:
        browser = await playwright.chromium.launch(executable_path=CHROMIUM, args=ARGS, headless=True)
        try:
            await asyncio.gather(one_pass(browser, 360, "light"), one_pass(browser, 1280, "light"),
                                 one_pass(browser, 1280, "dark"))
        finally:
            await browser.close()
    return found


@pytest.fixture(scope="module")
def visited(base_url):
    # in a thread of its own: an event loop there cannot meet the sync API's in this one
    box = {}

    def run():
        try:
            box["found"] = asyncio.run(visit_every_kind(base_url))
        except BaseException as error:
            box["error"] = error

    thread = threading.Thread(target=run)
    thread.start()
    thread.join()
    if "error" in box:
        raise box["error"]
    found = box["found"]
    AXE_LOG.update({f"{kind} {run}": result["axe"] for (kind, run), result in found.items() if result["axe"] is not None})
    return found


# -- every page kind at every width ------------------------------------------------------------

@pytest.mark.parametrize("width", WIDTHS)
@pytest.mark.parametrize("kind", PAGES)
def test_page_kind(kind, width, visited):
    light = visited[(kind, f"{width} light")]
    assert light["error"] is None, f"{kind} at {width} px: {light['error']}"
    layout = light["layout"]
    assert layout["scrollWidth"] <= layout["innerWidth"], f"{kind} at {width} px scrolls sideways: {layout}"
    assert not layout["problems"], f"{kind} at {width} px: {layout['problems']}"
    assert (ARTIFACTS / f"{kind}-{width}.png").stat().st_size > 1000
    if not AXE.exists():
        pytest.skip("axe-core is not installed (npm ci)")
    problems = serious(light["axe"])
    if width == WIDTHS[-1]:  # the contrast of the dark colour scheme too
        dark = visited[(kind, f"{width} dark")]
        assert dark["error"] is None, f"{kind} at {width} px, dark: {dark['error']}"
        problems += [f"dark: {p}" for p in serious(dark["axe"])]
    assert not problems, f"{kind} at {width} px:\n" + "\n".join(problems)


# -- keyboard ------------------------------------------------------------------------------

def test_skip_link_moves_past_the_header(pages, base_url):
    page = pages[1280]
    page.goto(base_url + PAGES["standings"])
    page.keyboard.press("Tab")
    skip = page.evaluate("""() => { const a = document.activeElement, r = a.getBoundingClientRect();
        return {cls: a.className, href: a.getAttribute('href'), left: r.left, top: r.top, w: r.width, h: r.height}; }""")
    assert skip["cls"] == "skip" and skip["href"] == "#main"
    assert skip["left"] >= 0 and skip["top"] >= 0 and skip["w"] > 10 and skip["h"] > 10, f"the focused skip link is not on screen: {skip}"
    page.keyboard.press("Enter")
    page.keyboard.press("Tab")
    assert page.evaluate("() => document.querySelector('main').contains(document.activeElement)"), \
        "after the skip link, Tab does not go to the content"


def test_focus_is_visible(pages, base_url):
    page = pages[1280]
    page.goto(base_url + PAGES["round-catan-lv"])
    seen = set()
    for _ in range(12):
        page.keyboard.press("Tab")
        style = page.evaluate("""() => { const a = document.activeElement, s = getComputedStyle(a);
            return {tag: a.tagName, outline: s.outlineStyle, width: parseFloat(s.outlineWidth)}; }""")
        seen.add(style["tag"])
        assert style["outline"] != "none" and style["width"] >= 2, f"no visible focus on a {style['tag']}: {style}"
    assert {"A", "INPUT", "BUTTON"} <= seen


# -- search --------------------------------------------------------------------------------

def test_search_without_javascript(browser, base_url, site):
    context = browser.new_context(viewport={"width": 360, "height": 800}, java_script_enabled=False)
    try:
        page = context.new_page()
        page.goto(base_url + PAGES["event-tantrix"])
        page.fill("#site-search-q", "Šimkus")
        with page.expect_navigation():
            page.keyboard.press("Enter")
        # the search page in the event's language (Hungarian)
        assert page.url.startswith(base_url + "search/hu/?q=")
        assert page.locator("html").get_attribute("lang") == "hu"
        assert page.locator("h1").inner_text() == "Keresés"
        text = page.locator("main").inner_text()
        for name in ("Darius Šimkus", "Grand Prix Deszczna w Czerwoną Baśkę 2013/14"):
            assert name in text
        # every link of the lists leads to a page that exists
        for href in page.eval_on_selector_all(".search-list a", "links => links.map(a => a.href)"):
            path = href.removeprefix(base_url)
            assert (site / path / "index.html").exists() or (site / path).is_file(), href
        page.screenshot(path=str(ARTIFACTS / "search-nojs-360.png"), full_page=True)
    finally:
        context.close()


def test_search_with_javascript(pages, base_url, site):
    if not (site / "pagefind" / "pagefind.js").exists():
        pytest.skip("pagefind is not installed (pip install -e '.[search]'): the site has no search index")
    page = pages[360]
    page.goto(base_url + PAGES["player"])
    page.fill("#site-search-q", "Šimkus")
    page.keyboard.press("Enter")
    page.wait_for_selector(".search-hits a", timeout=10_000)
    hits = page.eval_on_selector_all(".search-hits a", "links => links.map(a => [a.textContent, a.getAttribute('href')])")
    hrefs = [href for _, href in hits]
    assert f"/{BASE}/people/darius-simkus/" in hrefs
    assert f"/{BASE}/route66-vilnius-2010/players/darius-simkus/" in hrefs
    assert any(title.startswith("Darius Šimkus — ") for title, _ in hits)
    page.screenshot(path=str(ARTIFACTS / "search-js-360.png"), full_page=False)
    # typing searches as you go, events too
    page.fill("#search-q", "Tantrix")
    page.wait_for_function("() => [...document.querySelectorAll('.search-hits a')].some(a => a.getAttribute('href').endsWith('/tantrix-wc-2003/'))",
                           timeout=10_000)
    # a name typed without its diacritics finds it
    page.goto(base_url + "search/?q=Berzins")
    page.wait_for_selector(".search-hits a", timeout=10_000)
    assert "Bērziņš" in page.inner_text(".search-hits")
    # letters with no decomposition (Polish ł) are folded too, in the index and in the query
    for typed, href in (("lukasz dabrowski", "baska-deszczno-2013/players/lukasz-dabrowski/"),
                        ("Michal Wojcik", "baska-deszczno-2013/players/michal-wojcik/"),
                        ("pawel kozlowski", "baska-deszczno-2013/players/pawel-kozlowski/")):
        page.goto(base_url + "search/?q=" + typed.replace(" ", "+"))
        page.wait_for_selector(".search-hits a", timeout=10_000)
        first = page.eval_on_selector_all(".search-hits a", "links => links.slice(0, 3).map(a => a.getAttribute('href'))")
        assert f"/{BASE}/{href}" in first, (typed, first)


def test_results_show_without_javascript(browser, base_url):
    context = browser.new_context(viewport={"width": 360, "height": 800}, java_script_enabled=False)
    try:
        page = context.new_page()
        for kind in ("standings", "round-catan-lv", "bracket-tantrix", "crosstable"):
            page.goto(base_url + PAGES[kind])
            rows = page.locator("main table tbody tr, main .tx-line").count()
            assert rows > 3, f"{kind} shows no results without JavaScript"
    finally:
        context.close()


# -- print -----------------------------------------------------------------------------------

def pdf_pages(data: bytes) -> int:
    return len(re.findall(rb"/Type\s*/Page(?![a-zA-Z])", data))


def test_print_standings(browser, base_url):
    page = browser.new_page()
    try:
        page.goto(base_url + PAGES["standings"])
        rows = page.locator("table.standings tbody tr").count()
        margin = {side: "12mm" for side in ("top", "right", "bottom", "left")}  # about a browser's own
        pdf = page.pdf(format="A4", margin=margin, print_background=False)
        (ARTIFACTS / "standings.pdf").write_bytes(pdf)
        count = pdf_pages(pdf)
        # 70 rows: the table on two pages and its legend, the header and navigation left out
        assert rows >= 70 and 2 <= count <= 3, (rows, count)
        page.emulate_media(media="print")
        assert not page.locator(".site-header").is_visible() and not page.locator(".event-nav ul").is_visible()
    finally:
        page.close()


@pytest.mark.parametrize("kind", ["sheets-catan", "sheets-carcassonne", "sheets-tantrix"])
def test_print_score_sheets_one_per_page(kind, browser, base_url):
    page = browser.new_page()
    try:
        page.goto(base_url + PAGES[kind])
        sheets = page.locator(".wf-sheet").count()
        pdf = page.pdf(prefer_css_page_size=True, print_background=False)
        (ARTIFACTS / f"{kind}.pdf").write_bytes(pdf)
        assert sheets >= 1 and pdf_pages(pdf) == sheets, (sheets, pdf_pages(pdf))
    finally:
        page.close()


# -- the first screen of a phone (360 x 740), every page kind of every demo event -----------------

PHONE = {"width": 360, "height": 740}
ENGLISH_UI = ("About", "Organiser guide", "Publishing the site", "Overview", "Standings", "Players", "Rules",
              "Tools", "Search", "Skip to the content", "Data as of", "Find me", "Show my games", "Classification")

FIRST_SCREEN = """(kind) => {
  const fold = window.innerHeight;
  const bottom = (el) => el ? el.getBoundingClientRect().bottom + window.scrollY : null;
  const top = (el) => el ? el.getBoundingClientRect().top + window.scrollY : null;
  const q = (s) => document.querySelector(s);
  const found = {kind, scrollWidth: document.documentElement.scrollWidth, innerWidth: window.innerWidth,
                 header: bottom(q('.event-nav') || q('.site-header')), h1: bottom(q('main h1'))};
  if (kind === 'event') { found.status = bottom(q('.status-line')); found.findMe = bottom(q('.find-me input')); }
  if (kind === 'round') found.firstRow = bottom(q('.units-section tbody tr, .units-section .tx-line, .units-section li'));
  if (kind === 'find') { found.filter = bottom(q('.wf-filter input')); found.firstRow = bottom(q('.wf-find-table tbody tr')); }
  if (kind === 'standings') found.firstRow = bottom(q('table.standings tbody tr'));
  if (kind === 'player') {
    const now = q('.player-now'), history = q('#games-heading');
    found.now = now ? top(now) : null;
    found.nowBeforeHistory = now ? !!(now.compareDocumentPosition(history) & Node.DOCUMENT_POSITION_FOLLOWING) : null;
    found.place = bottom(q('.final-place'));
  }
  // words of the page chrome (menus, navigation, footer) outside anything marked as English
  const chrome = [...document.querySelectorAll('.site-header, .event-nav, .site-footer')].map(el => {
    const copy = el.cloneNode(true);
    copy.querySelectorAll('[lang="en"], .vh').forEach(x => x.remove());
    return copy.textContent;
  }).join(' ');
  found.chrome = chrome.replace(/\\s+/g, ' ');
  found.lang = document.documentElement.lang;
  found.fold = fold;
  return found;
}"""


def first_screen_pages(site: Path) -> list:
    """(kind, path) of every page kind of every demo event: the event home, its first
    and latest rounds with their find-your-table pages, the latest standings, a
    player, and the event's other pages."""
    found = []
    for event in sorted(p.parent for p in site.glob("*/event.json")):
        slug = event.name
        found.append(("event", f"{slug}/"))
        data = json.loads((event / "event.json").read_text("utf-8"))
        rounds = [f"{r['stage']}-{r['round']}" for r in data["rounds"]]
        for name in dict.fromkeys([rounds[0], rounds[-1]]) if rounds else ():
            found.append(("round", f"{slug}/{name}/"))
            if (event / name / "find" / "index.html").exists():
                found.append(("find", f"{slug}/{name}/find/"))
        standings = sorted((event / "standings").glob("*/index.html"), key=lambda p: p.stat().st_mtime)
        if data["standings"]:
            last = data["standings"][-1]
            group = f"-{last['group'].lower()}" if last["group"] else ""
            found.append(("standings", f"{slug}/standings/{last['stage']}{group}-{last['after_round']}/"))
        players = [p["id"] for p in data["players"]]
        found.append(("player", f"{slug}/players/{players[0]}/"))
        for other in ("players", "format", "classification", "bracket", "crosstable", "rules", "organiser", "sessions"):
            if (event / other / "index.html").exists():
                found.append((other, f"{slug}/{other}/"))
    return found


def test_the_first_screen_answers_the_player(browser, base_url, site):
    """At 360 x 740: the event home shows the status and the find-me box, a round page
    its first table row, find-your-table its filter and first name, standings their
    first row, a player page the player's now before the history; the headers take at
    most 150 px; nothing scrolls sideways; no English word in the chrome of a page in
    another language."""
    context = browser.new_context(viewport=PHONE)
    problems = []
    try:
        page = context.new_page()
        visited = first_screen_pages(site)
        assert len(visited) > 60
        for kind, path in visited:
            page.goto(base_url + path)
            got = page.evaluate(FIRST_SCREEN, kind)
            fold = got["fold"]
            where = f"{path} ({kind})"
            if got["scrollWidth"] > got["innerWidth"]:
                problems.append(f"{where}: scrolls sideways ({got['scrollWidth']} px)")
            if got["header"] is None or got["header"] > 150:
                problems.append(f"{where}: the headers end at {got['header']} px")
            for key in ("status", "findMe", "firstRow", "filter"):
                if key in got and (got[key] is None or got[key] > fold):
                    problems.append(f"{where}: {key} ends at {got[key]} px, below the first screen")
            if kind == "player":
                if got["now"] is not None and (got["now"] > fold - 60 or not got["nowBeforeHistory"]):
                    problems.append(f"{where}: the player's now starts at {got['now']} px")
                if got["now"] is None and (got["place"] or got["h1"] or fold + 1) > fold:
                    problems.append(f"{where}: neither the player's now nor their place in the first screen")
            if got["lang"] != "en":
                english = [w for w in ENGLISH_UI if re.search(rf"\b{re.escape(w)}\b", got["chrome"])]
                if english:
                    problems.append(f"{where}: English in the {got['lang']} page's menus: {english}")
        page.screenshot(path=str(ARTIFACTS / "first-screen-last-360.png"))
    finally:
        context.close()
    assert not problems, "\n".join(problems)


def test_find_your_table_filters_as_you_type(browser, base_url):
    context = browser.new_context(viewport=PHONE)
    try:
        page = context.new_page()
        page.goto(base_url + "catan-latvija-2016/qualifying-1/find/")
        rows = page.locator(".wf-find-table tbody tr")
        total = rows.count()
        page.fill("#wf-filter-q", "berzin")  # no diacritics typed: Bērziņš / Bērziņa found
        shown = page.locator(".wf-find-table tbody tr:not([hidden])")
        assert 0 < shown.count() < total
        assert all("Bērziņ" in text for text in shown.all_inner_texts())
        page.screenshot(path=str(ARTIFACTS / "find-filter-360.png"))
    finally:
        context.close()
    # without JavaScript: the full list and the A-Z links, no filter box
    context = browser.new_context(viewport=PHONE, java_script_enabled=False)
    try:
        page = context.new_page()
        page.goto(base_url + "catan-latvija-2016/qualifying-1/find/")
        assert not page.locator(".wf-filter").is_visible()
        letters = page.locator(".wf-az a")
        assert letters.count() > 5
        target = letters.first.get_attribute("href")
        assert page.locator(target).count() == 1
    finally:
        context.close()


def test_the_site_menu_folds_on_a_phone(browser, base_url):
    for width, folded in ((360, True), (1280, False)):
        context = browser.new_context(viewport={"width": width, "height": 740})
        try:
            page = context.new_page()
            page.goto(base_url + "catan-latvija-2016/")
            assert page.locator(".site-nav a").first.is_visible() is not folded, width
            if folded:
                page.click(".site-menu > summary")
                assert page.locator(".site-nav a").first.is_visible()
                texts = page.locator(".site-nav a").all_inner_texts()
                assert "Par vietni" in texts, texts  # the Latvian event's menu, in Latvian
        finally:
            context.close()


def test_print_bracket_and_wall_sheets(browser, base_url):
    """The Tantrix bracket and the venue kit's wall pages print: PDF pages, and in
    print media no bracket line overlaps the heading above it."""
    page = browser.new_page()
    try:
        for path, name in (("tantrix-wc-2003/bracket/", "bracket-tantrix"),):
            page.goto(base_url + path)
            pdf = page.pdf(format="A4", print_background=False)
            (ARTIFACTS / f"{name}.pdf").write_bytes(pdf)
            assert pdf_pages(pdf) >= 1
            page.emulate_media(media="print")
            overlaps = page.evaluate("""() => {
              const bad = [];
              for (const h of document.querySelectorAll('main h2')) {
                const hb = h.getBoundingClientRect();
                let el = h.nextElementSibling;
                if (!el) continue;
                const eb = el.getBoundingClientRect();
                if (eb.top < hb.bottom - 1 && eb.height) bad.push(h.textContent.trim());
              }
              return bad;
            }""")
            assert not overlaps, overlaps
            page.emulate_media(media="screen")
    finally:
        page.close()


# -- phone ergonomics: every page kind of every demo event at 360 x 740 -----------------------------

PRIMARY = ".button-link, .find-me button, .find-me input, .find-me-letters button, .search-row button, .search-row input, .tx-jump a"

ERGONOMICS = """(primary) => {
  const vw = window.innerWidth, fold = window.innerHeight, problems = [];
  const shown = (el) => { const r = el.getBoundingClientRect(); return r.width > 0 && r.height > 0 && el.checkVisibility({visibilityProperty: true}); };
  const name = (el) => `${el.tagName.toLowerCase()} "${(el.textContent || el.value || el.getAttribute('aria-label') || '').trim().slice(0, 30)}"`;
  // the event's tabs: all in view, none behind a sideways scroll, the current one in the first screen
  const tabs = document.querySelector('.event-nav ul');
  if (tabs) {
    if (tabs.scrollWidth > tabs.clientWidth + 1) problems.push('the event tabs scroll sideways');
    for (const a of tabs.querySelectorAll('a')) {
      const r = a.getBoundingClientRect();
      if (r.left < -1 || r.right > vw + 1) problems.push(`tab ${name(a)} is off screen`);
      if (a.getAttribute('aria-current') && r.bottom + window.scrollY > fold) problems.push(`the current tab ${name(a)} is below the first screen`);
    }
  }
  // tap targets (WCAG 2.2, 2.5.8): 24 x 24 px, or inline in a sentence, or nothing within a 24 px circle around it
  const targets = [...document.querySelectorAll('a[href], button, input:not([type=hidden]), select, summary')]
    .filter(el => shown(el) && !el.closest('.vh, [hidden]'));
  const boxes = targets.map(el => el.getBoundingClientRect());
  targets.forEach((el, i) => {
    const r = boxes[i];
    if (el.matches(primary) && r.height < 43.5) problems.push(`primary ${name(el)} is ${Math.round(r.height)} px tall`);
    if (r.width >= 23.5 && r.height >= 23.5) return;
    const block = el.parentElement.closest('p, li, dd, dt, td, th, figcaption, span.values');
    if (getComputedStyle(el).display === 'inline' && block && block.textContent.trim().length > el.textContent.trim().length + 2) return;
    const cx = r.left + r.width / 2, cy = r.top + r.height / 2;
    const near = boxes.some((o, j) => j !== i && !targets[j].contains(el) && !el.contains(targets[j]) &&
      Math.hypot(Math.max(o.left - cx, 0, cx - o.right), Math.max(o.top - cy, 0, cy - o.bottom)) < 12);
    if (near) problems.push(`target ${name(el)} is ${Math.round(r.width)}x${Math.round(r.height)} px with another target within 12 px`);
  });
  // chart text at least 12 px as drawn
  for (const svg of document.querySelectorAll('main svg[viewBox]')) {
    const box = svg.getBoundingClientRect(), view = svg.viewBox.baseVal;
    if (!box.width || !view || !view.width || svg.classList.contains('qr')) continue;
    for (const t of svg.querySelectorAll('text')) {
      const size = parseFloat(getComputedStyle(t).fontSize) * box.width / view.width;
      if (size < 11.9) { problems.push(`chart text "${t.textContent.trim()}" drawn at ${size.toFixed(1)} px`); break; }
    }
  }
  // a table wider than the screen keeps its first column (the row's key) in view
  for (const table of document.querySelectorAll('main table')) {
    const r = table.getBoundingClientRect();
    if (!r.width || r.right <= vw + 1) continue;
    const key = table.querySelector('tbody th[scope=row]') || table.querySelector('tbody td');
    if (!key || getComputedStyle(key).position !== 'sticky')
      problems.push(`table ${(table.querySelector('caption') || {}).textContent || table.className} is ${Math.round(r.width)} px wide without a sticky first column`);
  }
  return problems;
}"""


def test_phone_tabs_targets_charts_and_wide_tables(browser, base_url, site):
    """At 360 x 740, on every page kind of every demo event: every event tab in view
    (no sideways scroll), the current one in the first screen; tap targets of at
    least 24 px (WCAG 2.5.8, its inline and spacing exceptions), 44 px for the
    primary actions; chart text at least 12 px; a table wider than the screen
    with a sticky first column."""
    context = browser.new_context(viewport=PHONE)
    problems = []
    try:
        page = context.new_page()
        visited = first_screen_pages(site)
        for kind, path in visited + [("poster", p) for p in ("baska-deszczno-2013/grand-prix-1/poster/",)] + \
                [("match", "tantrix-wc-2003/main-4/match-2/"), ("session", "baska-deszczno-2013/session-1/"),
                 ("search", "search/"), ("home", "")]:
            page.goto(base_url + path)
            problems += [f"{path} ({kind}): {p}" for p in page.evaluate(ERGONOMICS, PRIMARY)]
    finally:
        context.close()
    assert not problems, "\n".join(problems[:60])
