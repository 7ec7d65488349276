"""Search: the static search page, the form in every header, Pagefind's markers and index.

The demo results (with ``players.yaml``) plus one event with a hostile player
name are built once with Pelican; a second build has no ``players.yaml``.
The Pagefind index itself is checked (deterministic, pages it holds) when
PyPI's pagefind is installed (the ``search`` extra); the browser tests search it.
"""

from __future__ import annotations

import hashlib
import os
import posixpath
import re
import shutil
import subprocess
import textwrap
from html import unescape
from pathlib import Path

import pytest

from podium_core.collation import collation_key
from pagefind_cli import COMMAND as PAGEFIND
from support.caches import worker_cache

ROOT = Path(__file__).resolve().parents[1]
EVIL = "<script>alert(1)</script>"
HOSTILE_EVENT = {
    "event.yaml": f"""
        name: Cup <i>of</i> "friends"
        format: catan-lt-route66
        language: lt
        dates: [2024-02-03]
        seed: hostile
        players:
          - {{id: ana, name: Ana Šimkutė}}
          - {{id: bob, name: Bob Žukas}}
          - {{id: cid, name: "{EVIL}"}}
          - {{id: dan, name: Dan Ąžuolas}}
        """,
}


def build(results: Path, output: Path) -> Path:
    from pelican import Pelican
    from pelican.settings import read_settings

    override = {"PODIUM_RESULTS": str(results), "OUTPUT_PATH": str(output), "LOAD_CONTENT_CACHE": False,
                **worker_cache()}
    Pelican(read_settings(str(ROOT / "pelicanconf.py"), override=override)).run()
    return output


@pytest.fixture(scope="module")
def results(tmp_path_factory) -> Path:
    folder = tmp_path_factory.mktemp("results")
    shutil.copytree(ROOT / "results", folder, dirs_exist_ok=True)
    (folder / "hostile-cup").mkdir()
    for name, text in HOSTILE_EVENT.items():
        (folder / "hostile-cup" / name).write_text(textwrap.dedent(text).lstrip("\n"), "utf-8")
    return folder


@pytest.fixture(scope="module")
def site(results, tmp_path_factory) -> Path:
    return build(results, tmp_path_factory.mktemp("site") / "output")


@pytest.fixture(scope="module")
def events(results):
    from podium_core.pipeline import evaluate_folder
    from pelican.plugins.podium.views import event_view

    outcomes, _registry = evaluate_folder(str(results))
    return [event_view(outcome) for outcome in outcomes]


def page_text(html: str) -> str:
    body = re.sub(r"<(script|style)\b.*?</\1>", " ", html, flags=re.S)
    return " ".join(unescape(re.sub(r"<[^>]+>", " ", body)).split())


def section(html: str, heading_id: str) -> str:
    start = html.index(f'id="{heading_id}"')
    return html[start:html.index("</section>", start)]


def resolve(page: Path, href: str, site: Path) -> Path:
    """The file a relative link of ``page`` leads to."""
    target = posixpath.normpath(posixpath.join(posixpath.dirname(str(page.relative_to(site))), href.split("?")[0].split("#")[0]))
    path = site / target
    return path / "index.html" if path.is_dir() or href.endswith("/") else path


# -- the page without JavaScript ---------------------------------------------------------------

def test_search_page_lists_every_event_and_every_player(site, events):
    html = (site / "search" / "index.html").read_text("utf-8")
    events_part, players_part = section(html, "events-heading"), section(html, "players-heading")
    for ev in events:
        assert f'href="../{ev.url}"' in events_part, ev.slug
        for person in ev.players:
            assert f'href="../{person.url}"' in players_part, (ev.slug, person.id)
    # every name once, in alphabetical order; the hostile one escaped
    names = [unescape(n) for n in re.findall(r"<li><b><bdi>(?:<a [^>]*>)?(.*?)(?:</a>)?</bdi></b>", players_part)]
    everyone = {(p.id, p.name) for ev in events for p in ev.players}
    assert len(names) == len(everyone)
    assert names == sorted(names, key=collation_key)
    assert EVIL in names and EVIL not in html and "&lt;script&gt;alert(1)&lt;/script&gt;" in html
    assert 'Cup &lt;i&gt;of&lt;/i&gt; &#34;friends&#34;' in events_part


def test_a_registered_person_links_their_page_and_every_event(site):
    html = (site / "search" / "index.html").read_text("utf-8")
    line = next(li for li in re.findall(r"<li>.*?</li>", section(html, "players-heading"), flags=re.S) if "Darius Šimkus" in li)
    assert 'href="../people/darius-simkus/"' in line
    assert 'href="../route66-vilnius-2010/players/darius-simkus/"' in line
    assert 'href="../route66-vilnius-2011/players/darius-simkus/"' in line


def test_every_page_has_the_search_form_and_its_links_work(site):
    pages = sorted(site.rglob("*.html"))
    assert len(pages) > 300
    for page in pages:
        html = page.read_text("utf-8")
        if page.name == "index.html" and page.parent.relative_to(site).parts[:1] == ("search",):
            assert 'class="site-search"' not in html  # its own form is the page's
            assert '<input type="search" id="search-q" name="q"' in html
            continue
        form = re.search(r'<form class="site-search" role="search" method="get" action="([^"]+)">', html)
        assert form, page
        # the search page in the page's own language
        lang = re.search(r'<html lang="([a-z]+)"', html).group(1)
        wanted = site / "search" / "index.html" if lang == "en" else site / "search" / lang / "index.html"
        assert resolve(page, form.group(1), site) == wanted, page
        assert wanted.exists() and f'<html lang="{lang}"' in wanted.read_text("utf-8")
        assert '<label class="vh" for="site-search-q">' in html
    # every link of the search page leads to a page that exists
    search = site / "search" / "index.html"
    for href in re.findall(r'href="([^"]+)"', search.read_text("utf-8")):
        if not href.startswith(("http", "#")) and not href.endswith(".css"):
            assert resolve(search, href, site).exists(), href


def test_pagefind_indexes_names_and_events_not_every_table(site):
    marked = {str(p.relative_to(site)) for p in site.rglob("*.html") if "data-pagefind-body" in p.read_text("utf-8")}
    assert "catan-latvija-2016/index.html" in marked
    assert "catan-latvija-2016/players/andris-berzins/index.html" in marked
    assert "people/darius-simkus/index.html" in marked
    assert "rules-catan-lt-route66.html" in marked
    for unmarked in ("index.html", "search/index.html", "catan-latvija-2016/qualifying-1/index.html",
                     "catan-latvija-2016/standings/qualifying-4/index.html", "people/index.html"):
        assert unmarked not in marked
    player = (site / "catan-latvija-2016/players/andris-berzins/index.html").read_text("utf-8")
    assert re.search(r'<span hidden data-pagefind-ignore data-pagefind-meta="title">Andris Bērziņš — Latvijas Katanas čempionāts 2016</span>', player)


def test_without_players_yaml_search_stays_and_people_goes(tmp_path):
    results = tmp_path / "results"
    shutil.copytree(ROOT / "results" / "tantrix-wc-2003", results / "tantrix-wc-2003")
    site = build(results, tmp_path / "output")
    home = (site / "index.html").read_text("utf-8")
    assert "people/" not in home and not (site / "people").exists()
    assert 'action="./search/"' in home
    text = page_text((site / "search" / "index.html").read_text("utf-8"))
    assert "Tantrix World Championship 2003" in text and "Pēteris Bērziņš" in text


# -- the Pagefind index ------------------------------------------------------------------------

def tree_digest(folder: Path) -> dict:
    return {str(p.relative_to(folder)): hashlib.sha256(p.read_bytes()).hexdigest() for p in sorted(folder.rglob("*")) if p.is_file()}


def copy_in_order(source: Path, target: Path, reverse: bool) -> None:
    for path in sorted(source.rglob("*"), reverse=reverse):
        destination = target / path.relative_to(source)
        if path.is_dir():
            destination.mkdir(parents=True, exist_ok=True)
        else:
            destination.parent.mkdir(parents=True, exist_ok=True)
            shutil.copyfile(path, destination)


@pytest.mark.skipif(PAGEFIND is None, reason="pagefind is not installed (pip install -e '.[search]')")
def test_pagefind_index_is_deterministic(site, tmp_path):
    """The same pages give the same index bytes, whatever order the files were written in."""
    digests = []
    for n, reverse in enumerate((False, True)):
        copy = tmp_path / f"copy{n}"
        copy_in_order(site, copy, reverse)
        env = {**os.environ, "TZ": ("UTC", "Pacific/Chatham")[n], "LANG": ("C", "lv_LV.UTF-8")[n]}
        subprocess.run([*PAGEFIND, "--site", str(copy), "--force-language", "en", "--quiet"], check=True, env=env,
                       capture_output=True)
        digests.append(tree_digest(copy / "pagefind"))
    assert digests[0] == digests[1]
    assert "pagefind-entry.json" in digests[0] and any(name.startswith("fragment/") for name in digests[0])
