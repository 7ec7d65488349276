"""The site, built for real: ``Pelican(read_settings(...)).run()`` into a temporary folder.

One build of a small results folder (the 13-player Route 66 sample, finished,
and a 4-player event in progress with a hostile player name) is shared by
the tests, which read the written pages back and check them against values
computed by hand or by the independent implementation of the samples.
"""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import sys
import textwrap
from html.parser import HTMLParser
from pathlib import Path

import pytest

from support.caches import worker_cache

ROOT = Path(__file__).resolve().parents[1]
SAMPLES = ROOT / "tests" / "samples"
CATAN2 = "catan2-lt13-full-1000"
SMALL = "small-cup"
EVIL = "<script>alert(1)</script>"

SMALL_EVENT = {
    "event.yaml": """
        name: Small <b>Cup</b> & friends
        format: catan-lt-route66
        language: lt
        dates: [2024-02-03]
        venue: Kaunas
        seed: small
        rules: rules-catan-lt-route66
        players:
          - {id: ana, name: Ana Šimkutė, club: "Tom & Jerry"}
          - {id: bob, name: Bob Žukas}
          - {id: cid, name: "<script>alert(1)</script>"}
          - {id: dan, name: Dan Ąžuolas}
        """,
    "qualifying-01.yaml": """
        stage: qualifying
        round: 1
        tables:
          - table: 1
            seats: {cid: 10, ana: 7, bob: 7, dan: 6}
        """,
    "qualifying-02.yaml": """
        stage: qualifying
        round: 2
        """,
}


# -- building ------------------------------------------------------------------------

def write_results(folder: Path) -> Path:
    folder.mkdir(parents=True, exist_ok=True)
    shutil.copytree(SAMPLES / "results" / CATAN2, folder / CATAN2)
    (folder / SMALL).mkdir()
    for name, text in SMALL_EVENT.items():
        (folder / SMALL / name).write_text(textwrap.dedent(text).lstrip("\n"), "utf-8")
    return folder


def build(results: Path, output: Path, **settings):
    from pelican import Pelican
    from pelican.settings import read_settings

    # the page-by-page checks read English; tests/test_i18n.py checks the other languages
    override = {"PODIUM_RESULTS": str(results), "OUTPUT_PATH": str(output), "LOAD_CONTENT_CACHE": False,
                "PODIUM_LANGUAGE": "en", **worker_cache()}
    override.update(settings)
    Pelican(read_settings(str(ROOT / "pelicanconf.py"), override=override)).run()
    return output


def problems_of(results: Path, output: Path, **settings) -> list:
    """The problems the Podium generator found building ``results`` (:func:`build`);
    [] when there were none.  The generator is caught as Pelican hands its
    generators to ``all_generators_finalized``."""
    from pelican import signals

    from pelican.plugins.podium.generator import PodiumGenerator

    found = []

    def keep(generators):
        found.extend(g for g in generators if isinstance(g, PodiumGenerator))

    signals.all_generators_finalized.connect(keep)
    try:
        build(results, output, **settings)
    finally:
        signals.all_generators_finalized.disconnect(keep)
    return found[0].problems


@pytest.fixture(scope="module")
def results(tmp_path_factory):
    return write_results(tmp_path_factory.mktemp("results"))


@pytest.fixture(scope="module")
def site(results, tmp_path_factory):
    return build(results, tmp_path_factory.mktemp("site") / "output")


def read(site: Path, path: str) -> str:
    return (site / path).read_text("utf-8")


# -- reading pages back -----------------------------------------------------------------

class Tables(HTMLParser):
    """Every <table> of a page: caption, header cells, rows of cell texts, row classes,
    and the id of the nearest enclosing element that has one."""

    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.tables, self.stack, self.ids = [], [], []
        self.cell = None
        self.in_caption = False

    VOID = {"br", "img", "input", "meta", "link", "hr", "col", "source", "wbr"}

    def handle_starttag(self, tag, attrs):
        attrs = dict(attrs)
        if tag not in self.VOID:
            self.ids.append(attrs.get("id"))
        if tag == "table":
            anchor = next((i for i in reversed(self.ids[:-1]) if i), None)
            self.stack.append({"id": anchor, "caption": "", "head": [], "rows": [], "classes": [], "scopes": []})
        elif not self.stack:
            return
        elif tag == "caption":
            self.in_caption = True
        elif tag == "tr":
            self.stack[-1]["rows"].append([])
            self.stack[-1]["classes"].append(attrs.get("class") or "")
        elif tag == "br" and self.cell is not None:
            self.cell.append(" ")
        elif tag in ("td", "th"):
            self.cell = []
            self.stack[-1]["scopes"].append(attrs.get("scope"))

    def handle_endtag(self, tag):
        if self.ids and tag not in self.VOID:
            self.ids.pop()
        if not self.stack:
            return
        if tag == "caption":
            self.in_caption = False
        elif tag in ("td", "th") and self.cell is not None:
            text = " ".join("".join(self.cell).split())
            self.stack[-1]["rows"][-1].append(text)
            self.cell = None
        elif tag == "table":
            table = self.stack.pop()
            if table["rows"] and table["scopes"] and table["scopes"][0] == "col":
                table["head"] = table["rows"].pop(0)
                table["classes"].pop(0)
            table["caption"] = " ".join(table["caption"].split())
            self.tables.append(table)

    def handle_data(self, data):
        if self.cell is not None:
            self.cell.append(data)
        elif self.in_caption and self.stack:
            self.stack[-1]["caption"] += data


def tables(html: str) -> list[dict]:
    parser = Tables()
    parser.feed(html)
    return parser.tables


def table_by_id(html: str, anchor: str) -> dict:
    found = [t for t in tables(html) if t["id"] == anchor]
    assert found, f"no table inside #{anchor}"
    return found[0]


def text(html: str) -> str:
    """The visible text of a page, whitespace collapsed, entities decoded."""
    from html import unescape

    body = re.sub(r"<(script|style)\b.*?</\1>", " ", html, flags=re.S)
    return " ".join(unescape(re.sub(r"<[^>]+>", " ", body)).split())


def expected(slug: str) -> dict:
    return json.loads((SAMPLES / "expected" / f"{slug}.json").read_text("utf-8"))


def names(slug: str, results: Path) -> dict:
    doc = json.loads(export_text(results / slug))
    return {p["id"]: p["name"] for p in doc["players"]}


def export_text(folder: Path) -> str:
    from podium_core.export import dumps, event_document
    from podium_core.pipeline import evaluate_one

    return dumps(event_document(evaluate_one(folder)))


# -- the pages ------------------------------------------------------------------------------

def test_home_lists_every_event_with_dates_venue_and_status(site):
    html = read(site, "index.html")
    page = text(html)
    assert "Katano turnyras „Route 66“" in page
    assert f'href="./{CATAN2}/"' in html and f'href="./{SMALL}/"' in html
    assert "2010-03-20" in page and "Vilnius" in page
    assert "Small <b>Cup</b> & friends" in page  # escaped, shown as text
    assert "Finished" in page
    assert "Next: Qualifying, round 2 (seating published)" in page
    # the hidden Markdown page "home" gives the introduction
    assert "Tournament results" in page


def test_event_home_has_format_status_podium_links_and_seed(site):
    html = read(site, f"{CATAN2}/index.html")
    page = text(html)
    assert "<html lang=\"en\">" in html  # PODIUM_LANGUAGE=en in these tests
    assert "Format: Catan tournament “Route 66” — Qualifying (2 rounds) → Final" in page
    assert "Finished" in page
    podium = re.findall(r'<li class="place-(\d)"><span class="place">\d</span> <bdi><a href="[^"]+">([^<]+)</a></bdi>', html)
    assert podium == [("1", "Karolis Kazlauskas"), ("2", "Gediminas Paulauskas"), ("3", "Gediminas Kazlauskas")]
    for link in ("qualifying-1/", "qualifying-2/", "final-1/", "standings/", "players/", "classification/",
                 "format/", "event.json", "standings/qualifying-1/", "standings/qualifying-2/"):
        assert f'href="../{CATAN2}/{link}"' in html, link
    assert f"<code class=\"seed\">{CATAN2}</code>" in html


def test_round_page_tables_players_vp_and_share(site):
    html = read(site, f"{CATAN2}/qualifying-1/index.html")
    table1 = table_by_id(html, "table-1")
    assert table1["caption"].startswith("Table 1")
    assert table1["head"] == ["#", "Player", "VP", "%VP"]
    # seat order as recorded; 2+4+7+10 = 23
    assert [row[1:] for row in table1["rows"]] == [
        ["Marius Rimkus", "2", "8.7%"], ["Lina Paulauskaitė", "4", "17.4%"],
        ["Indrė Mockutė", "7", "30.4%"], ["Rokas Petrauskas ★ (winner)", "10", "43.5%"]]
    assert table1["classes"] == ["", "", "", "winner"]
    # a table of three: 9 + 10 + 7 = 26, times 4/3; 11 VP are recorded, 10 count
    table2 = table_by_id(html, "table-2")
    assert [row[1:] for row in table2["rows"]] == [
        ["Justas Petrauskas", "9", "26.0%"], ["Karolis Kazlauskas ★ (winner)", "11 (10)", "28.8%"],
        ["Karolis Paulauskas", "7", "20.2%"]]
    assert [t["id"] for t in tables(html) if t["id"] and t["id"].startswith("table-")] == ["table-1", "table-2", "table-3", "table-4"]


def test_round_page_explains_the_draw(site):
    page = text(read(site, f"{CATAN2}/qualifying-1/index.html"))
    assert f"Verifiable draw. Draw seed {CATAN2} , purpose qualifying/1" in page
    # the verification line prints the key of the first player drawn
    from podium_core.draw import draw_order, key

    first = draw_order(["marius-rimkus", "lina-paulauskaite", "indre-mockute", "rokas-petrauskas", "justas-petrauskas",
                        "karolis-kazlauskas", "karolis-paulauskas", "jonas-stankevicius", "gediminas-kazlauskas",
                        "lina-kavaliauskaite", "dovydas-simkus", "gediminas-paulauskas", "andrius-baranauskas"],
                       CATAN2, "qualifying/1")[0]
    assert f"printf '%s' '{CATAN2}/qualifying/1/{first}' | sha256sum" in page
    assert key(CATAN2, "qualifying/1", first)[:16] in page


def test_round_two_is_seated_by_rank_and_links_the_ranking(site):
    html = read(site, f"{CATAN2}/qualifying-2/index.html")
    assert "Seated by rank." in text(html)
    assert f'href="../../{CATAN2}/standings/qualifying-1/"' in html


def test_upcoming_round_is_filled_at_build_time(site):
    html = read(site, f"{SMALL}/qualifying-2/index.html")
    page = text(html)
    assert "Upcoming." in page and "the rules gave it when the site was built" in page
    table = table_by_id(html, "table-1")
    # by rank after round 1: the winner first, then 7 VP (ties by share, then lots), then 6
    assert table["rows"][0][1] == EVIL
    assert table["rows"][3][1] == "Dan Ąžuolas"
    assert "no result yet" in table["caption"]


def test_find_your_table_is_alphabetical(site):
    html = read(site, f"{CATAN2}/qualifying-1/index.html")
    find = next(t for t in tables(html) if t["head"][:2] == ["Player", "Table"])
    players = [row[0] for row in find["rows"]]
    assert players[0] == "Andrius Baranauskas" and players[-1] == "Rokas Petrauskas"
    assert len(players) == 13
    assert dict((row[0], row[1]) for row in find["rows"])["Karolis Kazlauskas"] == "2"


def test_standings_order_values_changes_and_legend(site, results):
    html = read(site, f"{CATAN2}/standings/qualifying-2/index.html")
    standings = tables(html)[0]
    assert standings["head"] == ["Rank", "±", "Player", "W", "VP", "%VP"]
    rows = standings["rows"]
    want = expected(CATAN2)["standings"][-1]["rows"]
    name_of = names(CATAN2, results)
    assert [row[2] for row in rows] == [name_of[r["player"]] for r in want]
    assert [row[0] for row in rows] == [str(i) for i in range(1, 14)]
    for row, w in zip(rows, want):
        assert row[3:] == [str(w["values"]["wins"]), str(w["values"]["vp"]), f"{w['values']['vp_share'] * 100:.1f}%"]
    # the change column compares with the standings after round 1 (which has none itself)
    first = tables(read(site, f"{CATAN2}/standings/qualifying-1/index.html"))[0]
    assert first["head"] == ["Rank", "Player", "W", "VP", "%VP"]
    before = {row[1]: int(row[0]) for row in first["rows"]}
    for row in rows:
        change = before[row[2]] - int(row[0])
        shown = row[1]
        if change > 0:
            assert shown == f"▲{change} places up"
        elif change < 0:
            assert shown == f"▼{-change} places down"
        else:
            assert shown == "= no change"
    assert '<abbr title="Wins">W</abbr>' in html and '<abbr title="VP share">%VP</abbr>' in html
    assert 'scope="col"' in html and 'scope="row"' in html
    page = text(html)
    from podium_core.formats import get_format

    CRITERIA = get_format("catan-lv-2016").criteria

    for criterion in CRITERIA:
        assert criterion.legend in page
    assert "drawing of lots" in page


def test_ties_decided_by_lot_are_marked(site):
    html = read(site, f"{SMALL}/standings/qualifying-1/index.html")
    rows = tables(html)[0]["rows"]
    # Ana and Bob: 0 wins, 7 VP, the same share: only the lots separate them
    marked = {row[1]: row[0].endswith("L") for row in rows}
    assert marked["Ana Šimkutė"] and marked["Bob Žukas"]
    assert not marked[EVIL] and not marked["Dan Ąžuolas"]
    assert "tied on every criterion: decided by lot" in html


def test_player_page_lists_games_opponents_and_ranks(site):
    html = read(site, f"{CATAN2}/players/karolis-kazlauskas/index.html")
    page = text(html)
    assert "Final place: 1" in page
    games = tables(html)[0]
    assert games["head"] == ["Round", "Result", "Opponents", "Rank"]
    assert len(games["rows"]) == 3
    q1, q2, final = games["rows"]
    assert q1[0] == "Qualifying, round 1 table 2, seat 2"
    assert "VP 11 (10)" in q1[1] and "%VP 28.8%" in q1[1] and "won" in q1[1]
    assert "Justas Petrauskas 9" in q1[2] and "Karolis Paulauskas 7" in q1[2]
    assert q2[0].startswith("Qualifying, round 2") and "won" not in q2[1]
    assert final[0].startswith("Final") and "won" in final[1] and final[3] == "—"
    # after round 1 the four winners have 10 VP each and are ordered by share:
    # 43.5% (Rokas), 39.5%, 37.5%, then Karolis with 28.8%
    ranks = re.findall(r"standings after round (\d): <strong>(\d+)</strong></a>", html)
    assert ranks == [("1", "4"), ("2", "4")]
    assert "<svg" in html and "<polyline" in html


def test_players_index_links_every_player(site):
    html = read(site, f"{CATAN2}/players/index.html")
    links = re.findall(rf'href="\.\./\.\./{CATAN2}/players/([a-z0-9_-]+)/"', html)
    assert len(links) == 13 and links[0] == "andrius-baranauskas"


def test_classification_in_place_order(site, results):
    html = read(site, f"{CATAN2}/classification/index.html")
    rows = tables(html)[0]["rows"]
    name_of = names(CATAN2, results)
    want = expected(CATAN2)["classification"]
    assert [(row[0], row[1]) for row in rows] == [(str(p["place"]), name_of[p["player"]]) for p in want]
    assert not (site / SMALL / "classification").exists()  # not finished yet


def test_format_page_states_the_rules_as_implemented(site):
    page = text(read(site, f"{CATAN2}/format/index.html"))
    assert "Catan tournament “Route 66”" in page
    assert "Qualifying qualifying — 2 rounds" in page and "Final final — 1 round" in page
    assert "With 13 players this event seats: 1 table of four, 3 tables of three." in page
    from podium_core.formats import get_format

    CRITERIA = get_format("catan-lv-2016").criteria

    for criterion in CRITERIA:
        assert criterion.legend in page
    assert "default" in page  # the documented default (classification)


def test_event_json_is_podium_export(site, results, capsys):
    from podium_core.cli import main

    for slug in (CATAN2, SMALL):
        assert main(["export", str(results / slug)]) == 0
        printed = capsys.readouterr().out
        assert (site / slug / "event.json").read_bytes() == printed.encode("utf-8")


def test_rules_pages_are_markdown_pages_that_use_the_theme(site):
    html = read(site, "rules-catan-lt-route66.html")
    assert "<h1>Rules: Catan tournament “Route 66”</h1>" in html
    # the rules template lists the events that use it (from the generator's context)
    assert f'href="./{SMALL}/"' in html
    event = read(site, f"{SMALL}/index.html")
    # the event shows its rules page inside the event, with the event's navigation
    assert f'href="../{SMALL}/rules/"' in event
    rules = read(site, f"{SMALL}/rules/index.html")
    assert "<h1>Rules: Catan tournament “Route 66”</h1>" in rules
    assert 'aria-current="page">Rules</a>' in rules
    assert (site / "about.html").exists()
    assert not (site / "home.html").exists()  # the intro is shown on the site home only


def test_names_are_escaped_everywhere(site):
    hostile = [p for p in site.rglob("*.html") if SMALL in str(p) or p.name == "index.html"]
    assert len(hostile) > 5
    for path in site.rglob("*.html"):
        html = path.read_text("utf-8")
        assert EVIL not in html, path
        assert "<b>Cup</b>" not in html, path
    escaped = "&lt;script&gt;alert(1)&lt;/script&gt;"
    for page in ("index.html", "qualifying-1/index.html", "standings/qualifying-1/index.html",
                 "players/cid/index.html", "players/index.html"):
        assert escaped in read(site, f"{SMALL}/{page}"), page
    assert "Tom &amp; Jerry" in read(site, f"{SMALL}/players/index.html")


def test_every_internal_link_resolves(site):
    checked = 0
    for path in site.rglob("*.html"):
        html = path.read_text("utf-8")
        for href in re.findall(r'(?:href|src)="([^"]+)"', html):
            if href.startswith(("http:", "https:", "mailto:", "#")):
                continue
            target = href.split("#")[0]
            resolved = (path.parent / target).resolve()
            if target.endswith("/") or resolved.is_dir():
                resolved = resolved / "index.html"
            assert resolved.is_file(), f"{path.relative_to(site)}: {href}"
            assert site.resolve() in resolved.parents or resolved.parent == site.resolve()
            checked += 1
    assert checked > 500


def test_podium_language_gives_every_event_one_language(site):
    """PODIUM_LANGUAGE (set to en by these tests) overrides the events' own language."""
    assert '<html lang="en">' in read(site, f"{SMALL}/players/cid/index.html")
    assert '<html lang="en">' in read(site, "index.html")


# -- determinism and failure ----------------------------------------------------------------------

def test_two_builds_are_byte_identical(site, results, tmp_path):
    again = build(results, tmp_path / "again")
    first = {p.relative_to(site): p.read_bytes() for p in site.rglob("*") if p.is_file()}
    second = {p.relative_to(again): p.read_bytes() for p in again.rglob("*") if p.is_file()}
    assert first.keys() == second.keys()
    assert [k for k in first if first[k] != second[k]] == []


def snapshot(folder: Path) -> dict:
    return {str(p.relative_to(folder)): (p.read_bytes(), p.stat().st_mtime_ns) for p in folder.rglob("*") if p.is_file()}


def test_a_failing_build_writes_and_deletes_nothing(results, tmp_path):
    """Problems are logged, each at its line; Podium then writes and removes nothing
    (Pelican goes on with its own pages, as it does after a page it cannot read)."""
    broken = tmp_path / "broken"
    shutil.copytree(results, broken)
    (broken / SMALL / "qualifying-01.yaml").write_text("stage: qualifying\nround: 1\ntables: [\n", "utf-8")
    (broken / CATAN2 / "final-01.yaml").write_text("stage: final\nround: 1\nround: 2\n", "utf-8")
    output = tmp_path / "output"
    build(results, output)  # a good build first: Podium's pages are there
    podium = {path: data for path, (data, _time) in snapshot(output).items() if path.startswith((SMALL, CATAN2, "index"))}
    problems = problems_of(broken, output)
    lines = [str(p) for p in problems]
    assert lines[0] == f"{broken / CATAN2 / 'final-01.yaml'}:3: duplicate key 'round'"
    assert lines[1].startswith(f"{broken / SMALL / 'qualifying-01.yaml'}:4: YAML syntax error")
    assert len(problems) == 2
    after = snapshot(output)
    assert {path: after[path][0] for path in podium} == podium


def test_make_html_with_problems_leaves_the_site_as_it_was(results, tmp_path, monkeypatch, capsys):
    from pelican.plugins.podium import build as building

    broken = tmp_path / "broken"
    shutil.copytree(results, broken)
    (broken / SMALL / "qualifying-01.yaml").write_text("stage: qualifying\nround: 1\nround: 1\n", "utf-8")
    output = tmp_path / "output"
    output.mkdir()
    (output / "keep.txt").write_text("keep", "utf-8")
    monkeypatch.chdir(ROOT)
    monkeypatch.setenv("PODIUM_RESULTS", str(broken))
    assert building.build("pelicanconf.py", output, "content", str(tmp_path / "cache"), search=False) == 1
    err = capsys.readouterr().err
    assert err.splitlines() == [f"{broken / SMALL / 'qualifying-01.yaml'}:3: duplicate key 'round'",
                                "1 problem found in the results; Podium wrote nothing"]
    assert [p.name for p in output.iterdir()] == ["keep.txt"]


def test_the_pelican_command_logs_each_problem_at_its_line(results, tmp_path):
    broken = tmp_path / "broken"
    shutil.copytree(results, broken)
    (broken / SMALL / "qualifying-01.yaml").write_text("stage: qualifying\nround: 1\nround: 1\n", "utf-8")
    output = tmp_path / "output"
    env = dict(os.environ, PODIUM_RESULTS=str(broken), COLUMNS="400")
    run = subprocess.run([sys.executable, "-m", "pelican", str(ROOT / "content"), "-o", str(output),
                          "-s", str(ROOT / "publishconf.py"), "--log-handler", "plain"], cwd=ROOT, env=env,
                         capture_output=True, text=True, timeout=120)
    said = run.stderr + run.stdout
    assert f"{broken / SMALL / 'qualifying-01.yaml'}:3: duplicate key 'round'" in said
    assert "Traceback" not in said
    assert not (output / SMALL).exists() and not (output / CATAN2).exists()  # nothing of Podium's


# -- the view model, without Pelican ---------------------------------------------------------------

def test_generic_units_show_their_json_keys():
    from pelican.plugins.podium.views import PlayerView, generic_unit

    class Match:
        def to_json(self):
            return {"match": 3, "players": ["a", "b"], "tp": [62.4, 57.6], "winner": None, "needs_game": True,
                    "status": "TLATER", "games": [{"score": [24, 19], "penalty": [0, 0]}, {"margin": -18}]}

    from podium_core.formats import get_format

    people = {"a": PlayerView("a", "Ann <A>", "e/players/a/"), "b": PlayerView("b", "Ben", "e/players/b/")}
    unit = generic_unit("matches", Match(), people, labels=get_format("tantrix-wc").unit_columns())
    assert unit.number == 3 and unit.anchor == "match-3"
    assert [c.key for c in unit.columns] == ["tp"]
    assert [[c.text for c in s.cells] for s in unit.seats] == [["62.4"], ["57.6"]]
    assert [label for label, _ in unit.facts] == ["Needs a game", "Status"]
    assert unit.nested[0].label == "Games" and len(unit.nested[0].rows) == 2
    assert [c.key for c in unit.nested[0].columns] == ["score", "penalty", "margin"]
    assert unit.nested[0].rows[0][0].text == "24 – 19"
    assert unit.has_result


@pytest.mark.parametrize("kind, caption", [("games", "Table 3"), ("tables", "Table 3"), ("matches", "Match 3")])
def test_generic_unit_partials_render_every_kind(kind, caption):
    """The theme's fallback partials (units/<kind>.html) for units no extension shows."""
    from types import SimpleNamespace

    from jinja2 import Environment, FileSystemLoader

    from pelican.plugins.podium import i18n
    from pelican.plugins.podium.views import PlayerView, generic_unit

    class Unit:
        def to_json(self):
            return {"table": 3, "players": ["a", "b"], "score": [10, 7], "winner": "a"}

    env = Environment(loader=FileSystemLoader(str(ROOT / "plugins" / "pelican" / "plugins" / "podium" / "templates")), autoescape=True)
    i18n.install(env, "en")
    people = {"a": PlayerView("a", "Ann <A>", "e/players/a/"), "b": PlayerView("b", "Ben", "e/players/b/")}
    rnd = SimpleNamespace(units=[generic_unit(kind, Unit(), people)])
    html = env.get_template(f"podium/units/{kind}.html").render(rnd=rnd, SITEURL="..")
    assert f"<caption>{caption}" in html
    assert '<a href="../e/players/a/">Ann &lt;A&gt;</a>' in html
    assert html.count('class="units units-generic"') == 1


def test_urls_refuse_anything_but_ids():
    from pelican.plugins.podium.urls import Urls

    urls = Urls()
    assert urls.url("player", slug="cup", player="ana_b-1") == "cup/players/ana_b-1/"
    assert urls.save_as("standings", slug="cup", stage="swiss", group="A", round=2) == "cup/standings/swiss-a-2/index.html"
    for bad in ("../x", "a/b", "", "A", "x y"):
        with pytest.raises(ValueError):
            urls.url("player", slug="cup", player=bad)


# -- translations --------------------------------------------------------------------------------

def write_mo(path: Path, messages: dict) -> None:
    """A GNU gettext catalog (the format msgfmt writes)."""
    import struct

    messages = {"": "Content-Type: text/plain; charset=UTF-8\n", **messages}
    keys = sorted(messages)
    ids, strs, index = b"", b"", []
    for k in keys:
        kb, vb = k.encode("utf-8"), messages[k].encode("utf-8")
        index.append((len(ids), len(kb), len(strs), len(vb)))
        ids += kb + b"\0"
        strs += vb + b"\0"
    key_start = 7 * 4 + 16 * len(keys)
    value_start = key_start + len(ids)
    table = []
    for ko, kl, _, _ in index:
        table += [kl, ko + key_start]
    for _, _, vo, vl in index:
        table += [vl, vo + value_start]
    header = struct.pack("Iiiiiii", 0x950412DE, 0, len(keys), 7 * 4, 7 * 4 + 8 * len(keys), 0, 0)
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(header + struct.pack(f"{len(table)}i", *table) + ids + strs)


def test_pages_are_translated_into_the_event_language(tmp_path, monkeypatch):
    from pelican.plugins.podium import i18n

    write_mo(tmp_path / "locale" / "lt" / "LC_MESSAGES" / "podium.mo", {
        "Players": "Žaidėjai", "Table %(number)s": "Stalas %(number)s", "Wins": "Pergalės"})
    monkeypatch.setattr(i18n, "LOCALE_DIR", tmp_path / "locale")
    i18n.translations.cache_clear()
    try:
        results = tmp_path / "results" / SMALL
        results.mkdir(parents=True)
        for name, body in SMALL_EVENT.items():
            (results / name).write_text(textwrap.dedent(body).lstrip("\n"), "utf-8")
        site = build(tmp_path / "results", tmp_path / "out", PODIUM_LANGUAGE=None)
    finally:
        i18n.translations.cache_clear()
    round_page = read(site, f"{SMALL}/qualifying-1/index.html")
    assert ">Žaidėjai</a>" in round_page and "Stalas 1" in round_page
    assert '<abbr title="Pergalės">W</abbr>' in read(site, f"{SMALL}/standings/qualifying-1/index.html")
    assert "Žaidėjai" not in read(site, "index.html")  # the site home speaks DEFAULT_LANG


def test_podium_templates_are_found_under_another_theme(tmp_path):
    """generator_init adds the Podium templates as a fallback loader: with Pelican's
    own "simple" theme, the results pages and the Markdown rules page (Template: rules)
    still render."""
    results = tmp_path / "results" / SMALL
    results.mkdir(parents=True)
    for name, body in SMALL_EVENT.items():
        (results / name).write_text(textwrap.dedent(body).lstrip("\n"), "utf-8")
    site = build(tmp_path / "results", tmp_path / "out", THEME="simple")
    assert "Dan Ąžuolas" in read(site, f"{SMALL}/qualifying-1/index.html")
    rules = read(site, "rules-catan-lt-route66.html")
    assert "Events played under these rules" in rules and f'href="./{SMALL}/"' in rules
