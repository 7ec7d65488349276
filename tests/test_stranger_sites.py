"""A club's own Pelican site with Podium, in the themes and beside the plugins clubs use.

The wheel is installed into a fresh virtual environment together with,
from the package index at test time, pelican-theme-reflex (the packaged
fork of Flex), pelican-sitemap, pelican-i18n-subsites and pelican-seo.  A
small site (two articles, a page, three events of the demo results in its
content folder) is built with the ``pelican`` command in each case, and its
pages are read back:

- inside notmyidea, simple and Flex, Podium's pages link Podium's
  stylesheet (Flex has no ``head`` block: the page's content links it),
  speak the event's language, and carry the site's name once in their title;
- with pelican-sitemap, every URL of the sitemap is a file of the site, and
  every page of an event is in it -- after a cold build, a warm one and one
  that had nothing to do;
- with pelican-i18n-subsites, the Latvian subsite builds, its Podium pages
  in Latvian (the documented choice: ``PODIUM_LANGUAGE`` per subsite),
  their stylesheet the main site's;
- with pelican-seo, the site builds and Podium's pages are the ones it
  writes without it;
- ``pelican -r`` rebuilds an event's pages when a results file in the
  content folder is saved;
- no build leaves a lock or a marker in the output or the cache.

Headless Chromium (where it is installed, with Playwright) opens each
theme's standings page at 360 px: Podium's screen-reader text is hidden,
and the page does not scroll sideways; the screenshots go to
``build/test-artifacts/stranger-<theme>.png``.
"""

from __future__ import annotations

import functools
import http.server
import os
import re
import threading
import shutil
import signal
import subprocess
import time
from pathlib import Path
from urllib.parse import urlsplit

import pytest

from stranger_site import clean_env, make_venv, run

ROOT = Path(__file__).resolve().parents[1]
ARTIFACTS = ROOT / "build" / "test-artifacts"
EVENTS = ("catan-latvija-2016", "carcassonne-latvija-2019", "tantrix-wc-2003")
LATVIAN = "catan-latvija-2016"
FLEX_LICENSE = {"name": "Creative Commons Attribution-ShareAlike", "version": "4.0", "slug": "by-sa", "icon": True,
                "language": "en_US"}
PACKAGES = ("pelican-theme-reflex", "pelican-sitemap", "pelican-i18n-subsites", "pelican-seo")

SETTINGS = """
SITENAME = "Chess Club"
SITEURL = ""
AUTHOR = "Club"
PATH = "content"
TIMEZONE = "UTC"
DEFAULT_LANG = "en"
PODIUM_RESULTS = "content/results"
PLUGINS = ["pelican.plugins.podium"]
FEED_ALL_ATOM = None
CATEGORY_FEED_ATOM = None
"""


@pytest.fixture(scope="module")
def python(wheel, tmp_path_factory) -> Path:
    return make_venv(tmp_path_factory.mktemp("stranger") / "venv", wheel, *PACKAGES)


def make_site(folder: Path, settings: str = "") -> Path:
    """The club's site: two articles, a page, three events in ``content/results``."""
    content = folder / "content"
    (content / "pages").mkdir(parents=True)
    (content / "club-night.md").write_text("Title: Club night\nDate: 2026-01-09\nCategory: News\n\nFridays.\n", "utf-8")
    (content / "new-boards.md").write_text("Title: New boards\nDate: 2026-01-16\nCategory: News\n\nTwo sets.\n", "utf-8")
    (content / "pages" / "about.md").write_text("Title: About\n\nA chess club.\n", "utf-8")
    for slug in EVENTS:
        shutil.copytree(ROOT / "results" / slug, content / "results" / slug)
        event = content / "results" / slug / "event.yaml"  # the club has no rules pages of its own
        event.write_text("".join(line for line in event.read_text("utf-8").splitlines(True)
                                 if not line.startswith("rules:")), "utf-8")
    shutil.copy2(ROOT / "results" / "players.yaml", content / "results" / "players.yaml")
    (folder / "pelicanconf.py").write_text(SETTINGS + settings, "utf-8")
    return folder


def pelican(python: Path, site: Path, *extra: str, allowed: str = r"$^"):
    """The ``pelican`` command on ``site``; it must log no error (but those ``allowed`` matches)."""
    done = run(str(python), "-m", "pelican", "content", "-s", "pelicanconf.py", "--log-handler", "plain", *extra,
               cwd=site, env=clean_env(COLUMNS="400"), timeout=600)
    said = done.stdout + done.stderr
    errors = [line for line in said.splitlines() if line.startswith(("ERROR", "CRITICAL")) and not re.search(allowed, line)]
    assert errors == [], said
    return done


def reflex(python: Path) -> str:
    return run(str(python), "-c", "from pelican.themes import reflex; print(reflex.path())").stdout.strip()


def latvian(msgid: str) -> str:
    from pelican.plugins.podium import i18n

    return i18n.translations("lv").gettext(msgid)


def nothing_left(*folders: Path) -> None:
    """No lock, marker or temporary file in ``folders``."""
    left = [p for folder in folders for p in folder.rglob("*")
            if p.name.endswith((".lock", ".podium-lock", ".podium-tmp")) or p.name.startswith(".podium")
            or p.parent.name == "tmp" and p.parent.parent.name == "podium"]
    assert left == []


def target_of(page: Path, href: str, output: Path) -> Path:
    """The file a link of ``page`` (in ``output``) leads to."""
    path = urlsplit(href).path
    found = (output / path.lstrip("/")) if path.startswith("/") else (page.parent / path)
    found = Path(os.path.normpath(found))
    return found / "index.html" if href.endswith("/") else found


@pytest.mark.parametrize("theme", ["notmyidea", "simple", "flex"])
def test_podium_pages_are_styled_in_the_event_language_in_any_theme(python, tmp_path, theme):
    settings = f"\nTHEME = {theme!r}\n"
    if theme == "flex":  # the settings Flex's templates ask for
        settings = f"\nTHEME = {reflex(python)!r}\nCC_LICENSE = {FLEX_LICENSE!r}\n"
    site = make_site(tmp_path / "site", settings)
    pelican(python, site)
    output = site / "output"
    page = output / LATVIAN / "standings" / "index.html"
    html = page.read_text("utf-8")
    links = re.findall(r'<link rel="stylesheet" href="([^"]+)"', html)
    podium = [href for href in links if href.endswith("/podium/css/podium.css")]
    assert len(podium) == 1 and target_of(page, podium[0], output).is_file()
    assert 'class="podium-page" lang="lv"' in html
    assert latvian("Standings") != "Standings" and f">{latvian('Standings')}<" in html
    assert ">Standings<" not in html
    title = re.search(r"<title>(.*?)</title>", html, re.S).group(1)
    assert title.count("Chess Club") == 1
    assert re.match(r"\s*Chess Club\s+— \S", title) if theme == "flex" else title.strip().endswith("— Chess Club")
    assert "Club night" in (output / "index.html").read_text("utf-8")  # the blog keeps its home page
    nothing_left(output, site / "cache")
    screenshot(page, output, f"stranger-{theme}")


def sitemap_urls(output: Path) -> list[str]:
    return [line.strip() for line in (output / "sitemap.txt").read_text("utf-8").splitlines() if line.strip()]


def file_of(url: str, output: Path) -> Path:
    path = urlsplit(url).path.lstrip("/")
    return output / (path + "index.html" if path == "" or path.endswith("/") else path)


def test_with_the_sitemap_every_url_is_a_file_and_every_event_page_is_listed(python, tmp_path):
    site = make_site(tmp_path / "site", '\nPLUGINS = ["pelican.plugins.podium", "pelican.plugins.sitemap"]\n'
                                        'SITEURL = "https://club.example.org"\nSITEMAP = {"format": "txt"}\n')
    output = site / "output"
    round_file = sorted((site / "content" / "results" / LATVIAN).glob("*-0*.yaml"))[-1]
    for step in ("cold", "warm", "nothing to do"):
        if step == "warm":
            round_file.write_text(round_file.read_text("utf-8") + "# a note\n", "utf-8")
        pelican(python, site)
        urls = sitemap_urls(output)
        assert urls and all(url.startswith("https://club.example.org/") for url in urls), step
        missing = [url for url in urls if not file_of(url, output).is_file()]
        assert missing == [], step
        listed = {file_of(url, output) for url in urls}
        pages = {p for slug in EVENTS for p in (output / slug).rglob("*.html")}
        assert pages and pages <= listed, (step, sorted(map(str, pages - listed))[:5])
    nothing_left(output, site / "cache")


def test_with_i18n_subsites_each_subsite_has_podium_pages_in_its_language(python, tmp_path):
    site = make_site(tmp_path / "site", '\nPLUGINS = ["pelican.plugins.podium", "pelican.plugins.i18n_subsites"]\n'
                                        'JINJA_ENVIRONMENT = {"extensions": ["jinja2.ext.i18n"]}\n'
                                        'I18N_SUBSITES = {"lv": {"SITENAME": "Šaha klubs", "PODIUM_LANGUAGE": "lv"}}\n')
    pelican(python, site, allowed="Cannot find translations for language 'lv'")  # the theme has no Latvian
    output = site / "output"
    for slug in EVENTS:
        page = output / "lv" / slug / "standings" / "index.html" if slug != "tantrix-wc-2003" else \
            output / "lv" / slug / "index.html"
        html = page.read_text("utf-8")
        assert 'class="podium-page" lang="lv"' in html
        stylesheet = re.search(r'<link rel="stylesheet" href="([^"]*/podium/css/podium.css)"', html).group(1)
        assert target_of(page, stylesheet, output).is_file()  # the main site's
    own = re.search(r"^language: *(\w+)", (site / "content" / "results" / "tantrix-wc-2003" / "event.yaml")
                    .read_text("utf-8"), re.M).group(1)
    assert own != "lv"
    main = (output / "tantrix-wc-2003" / "index.html").read_text("utf-8")
    assert f'class="podium-page" lang="{own}"' in main  # the main site keeps each event's own language
    assert not (output / "lv" / "theme").exists() or not list((output / "lv" / "theme").rglob("podium.css"))
    nothing_left(output, site / "cache")


def test_with_seo_the_site_builds_and_podium_pages_are_as_without_it(python, tmp_path):
    plain = make_site(tmp_path / "plain", '\nSITEURL = "https://club.example.org"\n')
    pelican(python, plain)
    site = make_site(tmp_path / "site", '\nPLUGINS = ["pelican.plugins.podium", "pelican.plugins.seo"]\n'
                                        'SITEURL = "https://club.example.org"\n'
                                        'SEO_REPORT = True\nSEO_ENHANCER = True\nSEO_ENHANCER_OPEN_GRAPH = True\n')
    pelican(python, site)
    for slug in EVENTS:
        for page in (plain / "output" / slug).rglob("*.html"):
            mine = site / "output" / page.relative_to(plain / "output")
            assert mine.read_bytes() == page.read_bytes(), mine
    assert (site / "output" / "robots.txt").is_file()


def test_pelican_autoreload_rebuilds_when_a_results_file_is_saved(python, tmp_path):
    site = make_site(tmp_path / "site")
    event = site / "content" / "results" / LATVIAN / "event.yaml"
    page = site / "output" / LATVIAN / "index.html"
    process = subprocess.Popen([str(python), "-m", "pelican", "content", "-s", "pelicanconf.py", "-r",
                                "--log-handler", "plain"], cwd=site, env=clean_env(), stdout=subprocess.PIPE,
                               stderr=subprocess.STDOUT, text=True, start_new_session=True)
    try:
        for line in process.stdout:  # the first build is done: Pelican watches from now on
            if line.startswith("Done:"):
                break
        assert page.is_file(), "the first build did not finish"
        time.sleep(1)
        text = event.read_text("utf-8")
        name = re.search(r"^name: *(.+)$", text, re.M).group(1).strip().strip('"')
        event.write_text(text.replace(name, "Renamed Cup", 1), "utf-8")
        deadline = time.monotonic() + 300
        while "Renamed Cup" not in page.read_text("utf-8") and time.monotonic() < deadline:
            time.sleep(0.2)
        assert "Renamed Cup" in page.read_text("utf-8")
    finally:
        os.killpg(process.pid, signal.SIGTERM)
        process.communicate(timeout=30)


def screenshot(page: Path, output: Path, name: str) -> None:
    """At 360 px in headless Chromium: the screen-reader text hidden, no sideways scroll; a screenshot."""
    chromium = os.environ.get("PODIUM_CHROMIUM", "/usr/bin/chromium")
    if not os.access(chromium, os.X_OK):
        return
    sync_api = pytest.importorskip("playwright.sync_api")
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    handler = functools.partial(QuietHandler, directory=str(output))
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    url = f"http://127.0.0.1:{server.server_address[1]}/{page.relative_to(output).as_posix()}"
    with sync_api.sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=chromium, args=["--no-sandbox", "--disable-gpu"])
        try:
            view = browser.new_page(viewport={"width": 360, "height": 740})
            view.route(re.compile(r"^https?://(?!127\.0\.0\.1)"), lambda route: route.abort())  # no web fonts
            view.goto(url)
            shown = view.evaluate("""() => [...document.querySelectorAll('.vh')].filter(e => {
                const r = e.getBoundingClientRect(); return r.width > 1 || r.height > 1; }).length""")
            assert shown == 0, f"{shown} screen-reader texts show in {name}"
            assert view.evaluate("() => document.documentElement.scrollWidth <= window.innerWidth + 1"), name
            view.screenshot(path=str(ARTIFACTS / f"{name}.png"), full_page=False)
        finally:
            browser.close()
            server.shutdown()


class QuietHandler(http.server.SimpleHTTPRequestHandler):
    def log_message(self, format, *args):  # noqa: A002 - the standard library's name
        pass
