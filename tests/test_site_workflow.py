"""The organiser pages and downloads (issue 7), on a site built for real.

One build of a small results folder is shared by the tests:

- four events whose first round is upcoming, one per language with names
  chosen so that a diacritic-blind sort gets them wrong: Latvian (Catan),
  Polish (Baśka, with a short table), Hungarian (Tantrix) and Lithuanian
  (Carcassonne);
- a finished Catan event and a 40-player Carcassonne event in two groups
  (samples), for the draw checks, standings.csv and the feeds;
- an event whose player names are spreadsheet formulas and markup.

The tests read the written files back: they run the verification command in
a shell, parse the CSV and the feeds, and compare with event.json.
"""

from __future__ import annotations

import csv
import io
import json
import re
import shutil
import subprocess
import textwrap
import xml.etree.ElementTree as ET
from html import unescape
from pathlib import Path

import pytest

from test_site import build, read, tables, text

ROOT = Path(__file__).resolve().parents[1]
SAMPLES = ROOT / "tests" / "samples" / "results"
CATAN2 = "catan2-lt13-full-1000"
GROUPS = "carcassonne3-40-two-groups-full-1000"
ATOM = "{http://www.w3.org/2005/Atom}"


def players(*names) -> str:
    lines = []
    for i, name in enumerate(names, 1):
        lines.append(f"  - {{id: {_id(name)}, name: {json.dumps(name, ensure_ascii=False)}, seed: {i}}}")
    return "\n".join(lines)


def _id(name: str) -> str:
    import unicodedata

    plain = unicodedata.normalize("NFKD", name.replace("ł", "l").replace("Ł", "L"))
    plain = "".join(c for c in plain if not unicodedata.combining(c)).lower()
    return re.sub(r"[^a-z0-9]+", "-", plain).strip("-")


LV = ["Žanis Lapiņš", "Zigfrīds Ozols", "Šarlote Bērziņa", "Sintija Kalniņa",
      "Ģederts Eglītis", "Gunārs Ābols", "Česlavs Vītols", "Cēzars Krūmiņš"]
LV_ORDER = ["Cēzars Krūmiņš", "Česlavs Vītols", "Gunārs Ābols", "Ģederts Eglītis",
            "Sintija Kalniņa", "Šarlote Bērziņa", "Zigfrīds Ozols", "Žanis Lapiņš"]
PL = ["Żaneta Bąk", "Zofia Wrona", "Ścibor Kot", "Sylwia Nowak", "Łucja Nowak",
      "Lucyna Kowal", "Anna Śliwa", "Anna Sowa", "Marek Łabędź", "Marek Lis"]
PL_ORDER = ["Anna Sowa", "Anna Śliwa", "Lucyna Kowal", "Łucja Nowak", "Marek Lis",
            "Marek Łabędź", "Sylwia Nowak", "Ścibor Kot", "Zofia Wrona", "Żaneta Bąk"]
HU = ["Csonka Béla", "Czakó Ferenc", "Zsigmond Dezső", "Zuhász Anna",
      "Ördög Ádám", "Oszlár Pál", "Hosszú Imre", "Hoszpodár Lili"]
HU_ORDER = ["Czakó Ferenc", "Csonka Béla", "Hoszpodár Lili", "Hosszú Imre",
            "Oszlár Pál", "Ördög Ádám", "Zuhász Anna", "Zsigmond Dezső"]
LT = ["Jonas Jakas", "Jonas Yla", "Česlovas Vaitkus", "Cezaris Lukas",
      "Šarūnas Bartkus", "Saulius Mikalauskas", "Žilvinas Kazlauskas", "Zita Zinkevičienė"]
LT_ORDER = ["Cezaris Lukas", "Česlovas Vaitkus", "Jonas Yla", "Jonas Jakas",
            "Saulius Mikalauskas", "Šarūnas Bartkus", "Zita Zinkevičienė", "Žilvinas Kazlauskas"]
HOSTILE = ['=HYPERLINK("http://evil.example")', "+1 <script>alert(1)</script>", '-2+3, "quoted"', "@SUM(A1) & co"]


def event(name, fmt, language, people, seed=None) -> str:
    return (f"name: {json.dumps(name, ensure_ascii=False)}\nformat: {fmt}\nlanguage: {language}\n"
            f"dates: ['2024-03-02', '2024-03-03']\nseed: {json.dumps(seed or name, ensure_ascii=False)}\n"
            f"players:\n{people}\n")


EVENTS = {
    "lv-cup": {
        "event.yaml": event("Kauss 2024", "catan-lt-route66", "lv", players(*LV), seed="It's a \"seed\" $HOME"),
        "qualifying-01.yaml": "stage: qualifying\nround: 1\n",
    },
    "pl-cup": {
        "event.yaml": event("Puchar Baśki", "baska-gp", "pl", players(*PL)),
        "grand-prix-01.yaml": "stage: grand-prix\nround: 1\nsession: 1\n",
    },
    "hu-cup": {
        "event.yaml": event("Tantrix Kupa", "tantrix-wc", "hu", players(*HU)),
        "main-01.yaml": "stage: main\nround: 1\n",
    },
    "lt-cup": {
        "event.yaml": event("Taurė", "carcassonne-lv", "lt", players(*LT)),
        "swiss-01.yaml": "stage: swiss\nround: 1\n",
    },
    "hostile": {
        "event.yaml": event("Evil <b>Cup</b> & \"friends\"", "catan-lt-route66", "en", players(*HOSTILE)),
        "qualifying-01.yaml": textwrap.dedent(f"""\
            stage: qualifying
            round: 1
            tables:
              - table: 1
                seats: {{{_id(HOSTILE[0])}: 10, {_id(HOSTILE[1])}: 7, {_id(HOSTILE[2])}: 7, {_id(HOSTILE[3])}: 6}}
            """),
        "qualifying-02.yaml": "stage: qualifying\nround: 2\n",
    },
}


def write_results(folder: Path) -> Path:
    folder.mkdir(parents=True, exist_ok=True)
    for slug in (CATAN2, GROUPS):
        shutil.copytree(SAMPLES / slug, folder / slug)
    for slug, files in EVENTS.items():
        (folder / slug).mkdir()
        for name, content in files.items():
            (folder / slug / name).write_text(content, "utf-8")
    return folder


@pytest.fixture(scope="module")
def results(tmp_path_factory):
    return write_results(tmp_path_factory.mktemp("wf-results"))


@pytest.fixture(scope="module")
def site(results, tmp_path_factory):
    return build(results, tmp_path_factory.mktemp("wf-site") / "output")


def doc(site: Path, slug: str) -> dict:
    return json.loads(read(site, f"{slug}/event.json"))


def hrefs(html: str) -> list:
    return [unescape(h) for h in re.findall(r'href="([^"]*)"', html)]


def resolve(page: Path, href: str) -> Path:
    """The file a relative link of ``page`` points at."""
    path = href.split("#")[0]
    target = (page.parent / path).resolve()
    return target / "index.html" if path.endswith("/") or target.is_dir() else target


# -- the verifiable draw ----------------------------------------------------------------------

def commands(html: str) -> list:
    return [unescape(c) for c in re.findall(r'<pre class="wf-cmd"><code>(.*?)</code></pre>', html, re.S)]


def run_shell(command: str) -> list:
    done = subprocess.run(["sh", "-c", command], capture_output=True, text=True, check=True)
    lines = [line.split() for line in done.stdout.splitlines()]
    assert all(len(key) == 64 for key, _ in lines)
    return [pid for _, pid in lines]


def key_table_ids(html: str) -> list:
    return [[row[2] for row in t["rows"]] for t in tables(html) if t["head"][:4] == ["Drawn", "Player", "Id", "Key (SHA-256)"]]


@pytest.mark.parametrize("slug, stage", [(CATAN2, "qualifying"), ("lv-cup", "qualifying"), ("pl-cup", "grand-prix"),
                                         ("lt-cup", "swiss")])
def test_the_verification_command_reproduces_the_draw(site, slug, stage):
    from podium_core.draw import draw_order, key

    document = doc(site, slug)
    html = read(site, f"{slug}/{stage}-1/verify/index.html")
    page = text(html)
    seed, purpose = document["seed"], f"{stage}/1"
    assert f"Draw seed {seed} Purpose {purpose}" in page
    ids = [p["id"] for p in document["players"]]
    (command,) = commands(html)
    printed = run_shell(command)
    assert printed == draw_order(ids, seed, purpose)  # the shell agrees with the engine
    assert key_table_ids(html) == [printed]  # and with the page's own list
    for pid in ids:
        assert key(seed, purpose, pid) in html
    # the tables that result: the draw order cut into the round's tables
    round_one = next(r for r in document["rounds"] if r["stage"] == stage and r["round"] == 1)
    units = round_one.get("tables") or round_one.get("games")
    seated = [pid for unit in units for pid in (unit.get("players") or [])]
    assert sorted(seated) == sorted(printed)
    word = "Table"
    for unit in units:
        line = re.search(rf'<li id="(?:table|game)-{unit["table"]}"><strong>{word} {unit["table"]}:</strong>(.*?)</li>', html, re.S)
        assert line, unit
        names = {p["id"]: p["name"] for p in document["players"]}
        for pid in unit["players"]:
            assert f"{names[pid]} <span class=\"wf-pos\">(#{printed.index(pid) + 1})</span>" in unescape(line.group(1))


def test_a_seed_with_quotes_and_dollars_survives_the_shell(site):
    html = read(site, "lv-cup/qualifying-1/verify/index.html")
    (command,) = commands(html)
    assert "It's a \"seed\" $HOME" in text(html)
    from podium_core.draw import draw_order

    assert run_shell(command) == draw_order([_id(n) for n in LV], "It's a \"seed\" $HOME", "qualifying/1")


def test_two_groups_are_checked_group_by_group(site):
    from podium_core.draw import draw_order

    document = doc(site, GROUPS)
    html = read(site, f"{GROUPS}/swiss-1/verify/index.html")
    found = commands(html)
    assert len(found) == 2
    assert "Group A: the keys in draw order" in text(html) and "Group B: the keys in draw order" in text(html)
    groups = {}
    for game in next(r for r in document["rounds"] if r["stage"] == "swiss" and r["round"] == 1)["games"]:
        groups.setdefault(game["group"], []).extend(game["players"])
    for command, label in zip(found, sorted(groups)):
        order = run_shell(command)
        assert sorted(order) == sorted(groups[label])
        assert order == draw_order(groups[label], document["seed"], "swiss/1")
        # consecutive pairs of the draw, the earlier-drawn player first
        pairs = [order[i:i + 2] for i in range(0, len(order), 2)]
        group_games = [g["players"] for g in next(r for r in document["rounds"] if r["stage"] == "swiss" and r["round"] == 1)["games"]
                       if g["group"] == label]
        assert sorted(map(sorted, pairs)) == sorted(map(sorted, group_games))


def test_only_drawn_rounds_have_a_verification_page(site):
    assert not (site / CATAN2 / "qualifying-2" / "verify").exists()  # seated by rank
    assert not (site / "hu-cup" / "main-1" / "verify").exists()  # seeded bracket
    assert (site / GROUPS / "swiss-1" / "verify" / "index.html").exists()
    assert not (site / GROUPS / "swiss-2" / "verify").exists()


def test_round_pages_link_their_tools_and_every_link_resolves(site):
    for slug, rnd, want in [(CATAN2, "qualifying-1", {"find", "verify"}), (CATAN2, "qualifying-2", {"find"}),
                            ("lv-cup", "qualifying-1", {"find", "verify", "sheets"}),
                            ("hu-cup", "main-1", {"find", "sheets"}), ("hostile", "qualifying-2", {"find", "sheets"})]:
        page = site / slug / rnd / "index.html"
        html = page.read_text("utf-8")
        tools = re.search(r'<nav class="pager round-tools"[^>]*>(.*?)</nav>', html, re.S)
        assert tools, (slug, rnd)
        linked = {h.rstrip("/").split("/")[-1] for h in hrefs(tools.group(1))}
        assert linked == want, (slug, rnd)
        for href in hrefs(tools.group(1)):
            assert resolve(page, href).is_file(), href
    for page in site.rglob("*/organiser/index.html"):
        for href in hrefs(page.read_text("utf-8")):
            if not href.startswith(("http", "#")):
                assert resolve(page, href).exists(), (page, href)


# -- find your table --------------------------------------------------------------------------

def find_rows(site, path):
    html = read(site, path)
    (table,) = [t for t in tables(html) if t["head"][:1] == ["Player"] and t["head"][2:] == ["Seat"]]
    return table


@pytest.mark.parametrize("slug, rnd, order", [("lv-cup", "qualifying-1", LV_ORDER), ("pl-cup", "grand-prix-1", PL_ORDER),
                                              ("hu-cup", "main-1", HU_ORDER), ("lt-cup", "swiss-1", LT_ORDER)])
def test_find_your_table_sorts_in_the_events_alphabet(site, slug, rnd, order):
    table = find_rows(site, f"{slug}/{rnd}/find/index.html")
    assert [row[0] for row in table["rows"]] == order
    # table and seat agree with event.json
    document = doc(site, slug)
    stage, number = rnd.rsplit("-", 1)
    r = next(r for r in document["rounds"] if r["stage"] == stage and r["round"] == int(number))
    units = r.get("tables") or r.get("games") or r.get("matches")
    where = {}
    for unit in units:
        for seat, pid in enumerate(unit["players"], 1):
            # a seat at a table that is not played (Baśka's short table) reads "No game this round"
            where[pid] = ("no game",) if unit.get("short") else (str(unit.get("table") or unit.get("match")), str(seat))
    names = {p["id"]: p["name"] for p in document["players"]}
    shown = {row[0]: ("no game",) if len(row) == 2 and row[1].startswith("No game this round:") else (row[1], row[2])
             for row in table["rows"]}
    assert {names[pid]: w for pid, w in where.items()} == shown
    assert "<html lang=\"en\">" in read(site, f"{slug}/{rnd}/find/index.html")  # the UI language these tests force; names keep their alphabet


def test_find_your_table_of_matches_says_match(site):
    assert find_rows(site, "hu-cup/main-1/find/index.html")["head"] == ["Player", "Match", "Seat"]


@pytest.mark.parametrize("language, names, order", [
    ("lv", ["Žubure", "Zvaigzne", "Šmits", "Sils", "Čaks", "Cīrulis", "Ķēniņš", "Kalns", "Ļena", "Laima", "Ņina", "Nora",
            "Ģirts", "Gatis", "Ābele", "Apinis", "Anna Zīle", "Annija"],
     ["Ābele", "Anna Zīle", "Annija", "Apinis", "Cīrulis", "Čaks", "Gatis", "Ģirts", "Kalns", "Ķēniņš", "Laima", "Ļena",
      "Nora", "Ņina", "Sils", "Šmits", "Zvaigzne", "Žubure"]),
    ("lt", ["Žilvinas", "Zigmas", "Yla", "Jonas", "Įeva", "Ignas", "Ąžuolas", "Algis", "Ūla", "Ugnė", "Ėglė", "Edita"],
     ["Algis", "Ąžuolas", "Edita", "Ėglė", "Įeva", "Ignas", "Yla", "Jonas", "Ugnė", "Ūla", "Zigmas", "Žilvinas"]),
    ("pl", ["Żaneta", "Źdźbło", "Zenon", "Łukasz", "Lucyna", "Ósma", "Oskar", "Ćwik", "Czesław", "Ąbc", "Azor", "Ńa", "Nowak",
            "Ścibor", "Szymon", "Ęta", "Ewa"],
     ["Azor", "Ąbc", "Czesław", "Ćwik", "Ewa", "Ęta", "Lucyna", "Łukasz", "Nowak", "Ńa", "Oskar", "Ósma", "Szymon", "Ścibor",
      "Zenon", "Źdźbło", "Żaneta"]),
    ("hu", ["Zsolt", "Zoltán", "Őri", "Öreg", "Ottó", "Olga", "Nyiri", "Nóra", "Lyukas", "Lukács", "Gyula", "Gusztáv",
            "Dzsenifer", "Dzurkó", "Dávid", "Csaba", "Czakó", "Cecília", "Kassza", "Kasza", "Kaszt", "Ágnes", "Andor",
            "Tyukodi", "Tóth", "Üveg", "Ubul", "Ének", "Edit"],
     ["Ágnes", "Andor", "Cecília", "Czakó", "Csaba", "Dávid", "Dzurkó", "Dzsenifer", "Edit", "Ének", "Gusztáv", "Gyula",
      "Kasza", "Kassza", "Kaszt", "Lukács", "Lyukas", "Nóra", "Nyiri", "Olga", "Ottó", "Öreg", "Őri", "Tóth", "Tyukodi",
      "Ubul", "Üveg", "Zoltán", "Zsolt"]),
    ("en", ["Zoë", "Émile", "Eve", "O'Brien", "Oakley", "Anna-Maria", "Annabel", "anna maria"],
     ["anna maria", "Anna-Maria", "Annabel", "Émile", "Eve", "Oakley", "O'Brien", "Zoë"]),
])
def test_collation(language, names, order):
    from podium_core.collation import collate

    assert collate(names, language) == order
    assert collate(list(reversed(names)), language) == order  # a total order, whatever the input order


def test_collation_is_normalisation_blind():
    import unicodedata

    from podium_core.collation import collation_key

    for name in ("Šarūnas", "Ödön Ősz", "Łucja Ąk", "Ģirts"):
        decomposed = unicodedata.normalize("NFD", name)
        assert collation_key(name, "hu")[:3] == collation_key(decomposed, "hu")[:3]


# -- score sheets -----------------------------------------------------------------------------

def sheets(html: str) -> list:
    return re.findall(r'<section class="wf-sheet wf-sheet-(\w+)" id="sheet-(\d+)"(.*?)</section>', html, re.S)


def seat_names(block: str) -> list:
    score = next(t for t in tables(block) if t["head"][:2] == ["Seat", "Player"])
    return [row[1] for row in score["rows"]]


@pytest.mark.parametrize("slug, rnd, system", [("lv-cup", "qualifying-1", "catan"), ("pl-cup", "grand-prix-1", "baska"),
                                               ("hu-cup", "main-1", "tantrix"), ("lt-cup", "swiss-1", "carcassonne"),
                                               ("hostile", "qualifying-2", "catan")])
def test_one_score_sheet_per_table_in_seat_order(site, slug, rnd, system):
    document = doc(site, slug)
    names = {p["id"]: p["name"] for p in document["players"]}
    stage, number = rnd.rsplit("-", 1)
    r = next(r for r in document["rounds"] if r["stage"] == stage and r["round"] == int(number))
    assert r["status"] == "upcoming"
    units = [u for u in (r.get("tables") or r.get("games") or r.get("matches")) if not u.get("short")]
    html = read(site, f"{slug}/{rnd}/sheets/index.html")
    found = sheets(html)
    assert [(s, int(n)) for s, n, _ in found] == [(system, u.get("table") or u.get("match")) for u in units]
    for (_, number, block), unit in zip(found, units):
        rows = seat_names(block)
        assert len(rows) == len(unit["players"])
        for row, pid in zip(rows, unit["players"]):
            assert row.startswith(names[pid]) and row.endswith(pid)  # name, then the id to type
        page = text(block)
        assert page.count("Signature:") == len(unit["players"]) and "Judge" in page
        word = "Match" if system == "tantrix" else "Table"
        assert f"{word} {number}" in page


def test_score_sheets_carry_the_formats_result_fields(site):
    catan = text(read(site, "lv-cup/qualifying-1/sheets/index.html"))
    assert "VP" in catan and "Winner" in catan and "Stopped by the time limit" in catan
    baska = read(site, "pl-cup/grand-prix-1/sheets/index.html")
    (first, *_rest) = sheets(baska)
    protocol = next(t for t in tables(first[2]) if t["caption"] == "Deal protocol")
    assert protocol["head"] == ["Deal", "Game", "Level", "Player or winning pair", "1", "2", "3", "4"]
    assert [row[0] for row in protocol["rows"][:-1]] == [str(n) for n in range(1, 21)] and protocol["rows"][-1][0] == "Total"
    assert "Small points" in text(baska)
    assert len(sheets(baska)) == 2  # ten players: two tables of four, the short table of two plays no game
    tantrix = read(site, "hu-cup/main-1/sheets/index.html")
    for _, _, block in sheets(tantrix):
        games = next(t for t in tables(block) if t["caption"] == "Games")
        # a quarterfinal: 7 standard games, then room for 3 extra games
        numbers = [row[0] for row in games["rows"] if len(row) == 6]  # the second header row has 4 cells
        assert numbers[:7] == [str(n) for n in range(1, 8)] and numbers[7:] == [f"{n} extra" for n in (8, 9, 10)]
        for status in ("NORMAL", "TLATER", "RESIGN"):
            assert status in block
        assert "Penalty minutes" in block and "Margin" in block
    carcassonne = text(read(site, "lt-cup/swiss-1/sheets/index.html"))
    assert "Score" in carcassonne and "Lost on time" in carcassonne and "Clock time" not in carcassonne
    css = (ROOT / "plugins" / "pelican" / "plugins" / "podium" / "static" / "css" / "workflow.css").read_text("utf-8")
    assert re.search(r"\.wf-sheet:not\(:last-child\) \{ break-after: page;", css)
    assert 'css/workflow.css' in read(site, "lv-cup/qualifying-1/sheets/index.html")


def test_no_score_sheets_for_rounds_that_are_complete(site):
    assert not list((site / CATAN2).rglob("sheets"))
    assert not (site / "hostile" / "qualifying-1" / "sheets").exists()


# -- downloads --------------------------------------------------------------------------------

def read_csv(site, slug):
    raw = (site / slug / "standings.csv").read_bytes()
    assert raw.startswith(b"\xef\xbb\xbf")  # UTF-8 with a BOM, for spreadsheets
    assert b"\r\n" in raw and b"\n" not in raw.replace(b"\r\n", b"")  # RFC 4180 line ends
    return list(csv.DictReader(io.StringIO(raw.decode("utf-8-sig"), newline="")))


@pytest.mark.parametrize("slug", [CATAN2, GROUPS, "hostile"])
def test_standings_csv_is_the_latest_standings(site, slug):
    document = doc(site, slug)
    latest = {}
    for st in document["standings"]:
        latest[(st["stage"], st["group"])] = st
    want = []
    for st in latest.values():
        for row in st["rows"]:
            want.append((st["stage"], st["group"] or "", str(st["after_round"]), str(row["rank"]), row["player"], row["values"]))
    rows = read_csv(site, slug)
    assert len(rows) == len(want)
    names = {p["id"]: p["name"] for p in document["players"]}
    for got, (stage, group, after, rank, player, values) in zip(rows, want):
        assert (got["stage"], got["group"], got["after_round"], got["rank"], got["player"]) == (stage, group, after, rank, player)
        assert got["name"].lstrip("'") == names[player]
        for criterion, value in values.items():
            assert float(got[criterion]) == pytest.approx(value, abs=1e-9), (player, criterion)
    if slug == GROUPS:
        assert {r["group"] for r in rows} == {"A", "B"}


def test_csv_defuses_formulas_and_quotes_names(site):
    rows = read_csv(site, "hostile")
    names = {r["name"] for r in rows}
    assert names == {"'" + n if n[0] in "=+-@" else n for n in HOSTILE}
    raw = (site / "hostile" / "standings.csv").read_text("utf-8-sig")
    assert '"\'-2+3, ""quoted"""' in raw  # RFC 4180: the comma and the quotes are quoted
    assert "\n=" not in raw and ",=" not in raw and ",+" not in raw and ",@" not in raw


def feed(site, path):
    raw = read(site, path)
    assert raw.startswith('<?xml version="1.0" encoding="utf-8"?>')
    return ET.fromstring(raw.encode("utf-8"))


@pytest.mark.parametrize("slug", [CATAN2, GROUPS, "hostile", "lv-cup"])
def test_event_feed_has_one_entry_per_completed_round(site, slug):
    document = doc(site, slug)
    root = feed(site, f"{slug}/results.atom")
    assert root.tag == f"{ATOM}feed"
    complete = [r for r in document["rounds"] if r["status"] == "complete"]
    entries = root.findall(f"{ATOM}entry")
    assert len(entries) == len(complete)
    ids = [e.findtext(f"{ATOM}id") for e in entries]
    # no absolute SITEURL: tag URIs under the documented fallback host
    assert ids == [f"tag:podium.invalid,2024:{slug}/{r['stage']}-{r['round']}" for r in reversed(complete)]
    assert root.findtext(f"{ATOM}id") == f"tag:podium.invalid,2024:{slug}"
    date = document["dates"][-1] if document["finished"] else document["dates"][0]
    assert root.findtext(f"{ATOM}updated") == f"{date}T00:00:00+00:00"
    assert {e.findtext(f"{ATOM}updated") for e in entries} <= {f"{date}T00:00:00+00:00"}
    assert root.findtext(f"{ATOM}title") == f"Results: {document['name']}"
    # every link points at a page that exists, relative to the feed
    feed_path = site / slug / "results.atom"
    for link in root.iter(f"{ATOM}link"):
        assert resolve(feed_path, link.get("href")).is_file(), link.get("href")


def test_event_feed_entries_name_the_winners(site):
    root = feed(site, f"{CATAN2}/results.atom")
    final = root.findall(f"{ATOM}entry")[0]
    assert final.findtext(f"{ATOM}title").endswith(": Final")
    assert final.find(f"{ATOM}content").get("type") == "html"
    body = final.findtext(f"{ATOM}content")  # HTML, escaped in the XML
    assert "<li>Table 1: Karolis Kazlauskas</li>" in body
    hostile = feed(site, "hostile/results.atom")
    (entry,) = hostile.findall(f"{ATOM}entry")
    assert hostile.findtext(f"{ATOM}title") == 'Results: Evil <b>Cup</b> & "friends"'  # text, escaped in the XML
    assert f"Table 1: {HOSTILE[0]}" in unescape(entry.findtext(f"{ATOM}content"))
    assert "<script>" not in entry.findtext(f"{ATOM}content")  # a name is text in the HTML too
    raw = read(site, "hostile/results.atom")
    assert "<script>" not in raw and "<b>" not in raw


def test_site_feed_has_every_completed_round(site):
    root = feed(site, "results.atom")
    total = sum(1 for slug in list(EVENTS) + [CATAN2, GROUPS] for r in doc(site, slug)["rounds"] if r["status"] == "complete")
    entries = root.findall(f"{ATOM}entry")
    assert len(entries) == total
    assert len({e.findtext(f"{ATOM}id") for e in entries}) == total
    dates = [e.findtext(f"{ATOM}updated") for e in entries]
    assert dates == sorted(dates, reverse=True)
    for link in root.iter(f"{ATOM}link"):
        assert resolve(site / "results.atom", link.get("href")).exists(), link.get("href")


def test_site_feed_keeps_the_most_recent_entries_up_to_feed_max_items(site, results):
    from podium_core.pipeline import evaluate_folder
    from pelican.plugins.podium.extensions import workflow
    from pelican.plugins.podium.urls import Urls
    from pelican.plugins.podium.summary import summarise
    from pelican.plugins.podium.views import event_view

    urls = Urls()
    events = [summarise(event_view(outcome, urls)) for outcome in evaluate_folder(results)[0]]

    def entry_ids(max_items):
        root = ET.fromstring(workflow.site_feed(events, urls, "en", max_items).encode("utf-8"))
        return [e.findtext(f"{ATOM}id") for e in root.findall(f"{ATOM}entry")], root.findtext(f"{ATOM}updated")

    every, updated = entry_ids(None)
    assert every == [e.findtext(f"{ATOM}id") for e in feed(site, "results.atom").findall(f"{ATOM}entry")]
    assert len(every) > 3
    assert entry_ids(3) == (every[:3], updated)  # the three most recent, the feed as recent as before
    assert entry_ids(workflow.FEED_MAX_ITEMS) == (every, updated)  # the default leaves a small site's feed whole


def test_pages_announce_the_feeds(site):
    html = read(site, f"{CATAN2}/index.html")
    links = re.findall(r'<link rel="alternate" type="application/atom\+xml" href="([^"]+)"', html)
    assert links == [f"../{CATAN2}/results.atom", "../results.atom"]
    home = read(site, "index.html")
    assert re.findall(r'<link rel="alternate" type="application/atom\+xml" href="([^"]+)"', home) == ["./results.atom"]
    tools = read(site, f"{CATAN2}/organiser/index.html")
    assert 'href="../../catan2-lt13-full-1000/standings.csv"' in tools
    assert 'href="../../catan2-lt13-full-1000/organiser/"' in read(site, f"{CATAN2}/qualifying-1/index.html")


def test_names_are_escaped_on_every_organiser_page(site):
    written = [p for p in (site / "hostile").rglob("*") if p.suffix in (".html", ".atom")]
    assert any("organiser" in str(p) for p in written) and any("sheets" in str(p) for p in written)
    for path in written:
        body = path.read_text("utf-8")
        assert "<script>" not in body and "<b>Cup</b>" not in body, path
    assert "+1 &lt;script&gt;alert(1)&lt;/script&gt;" in read(site, "hostile/qualifying-2/find/index.html")


def test_the_downloads_are_deterministic(site, results, tmp_path):
    again = build(results, tmp_path / "again")
    for path in ["results.atom", f"{CATAN2}/results.atom", f"{CATAN2}/standings.csv", f"{GROUPS}/standings.csv",
                 f"{GROUPS}/swiss-1/verify/index.html", "pl-cup/grand-prix-1/find/index.html",
                 "hu-cup/main-1/sheets/index.html", "hostile/organiser/index.html"]:
        assert (again / path).read_bytes() == (site / path).read_bytes(), path


CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser") or shutil.which("google-chrome")


@pytest.mark.skipif(CHROMIUM is None, reason="no Chromium to print with")
@pytest.mark.parametrize("path", ["pl-cup/grand-prix-1/sheets/index.html", "hu-cup/main-1/sheets/index.html"])
def test_every_score_sheet_prints_on_one_page(site, tmp_path, path):
    """Headless Chromium prints the sheets: exactly one A4 page per table (the Baśka
    deal protocol and the Tantrix game lines are the longest sheets)."""
    pdf = tmp_path / "sheets.pdf"
    subprocess.run([CHROMIUM, "--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
                    "--no-first-run", f"--user-data-dir={tmp_path / 'profile'}", "--no-pdf-header-footer",
                    f"--print-to-pdf={pdf}", (site / path).as_uri()],
                   capture_output=True, timeout=120, check=True)
    pages = len(re.findall(rb"/Type\s*/Page(?![s\w])", pdf.read_bytes()))
    assert pages == len(sheets(read(site, path)))
