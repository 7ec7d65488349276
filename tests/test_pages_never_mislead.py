"""Pages that never mislead and let a player find themselves, on every demo event.

Built once from the demo results (English), plus ``baska-running``: the Baśka
Grand Prix with its last round seated and not played yet (a short table in
the round on now).

- a seat at a table that is not played (Baśka's short table) reads "No game
  this round: N points" on find your table, the wall poster, the player's page
  and the Now box, never a table and seat;
- bold standings rows are the classification's podium, whatever their row;
- "Data as of" is the latest dated fact: a round's scheduled start, a match's
  extra-games date, the last date of a finished event;
- search folds every Latin diacritic the same way in the index (each name's
  folded form on its pages) and in the query (the pages' ``fold`` script, run
  by Node when it is there);
- the find-me box without JavaScript lands on the letter's rows of the players
  list; a player page links its rank to its row and shows the tiebreak values;
  Baśka's player pages fold past sessions; Tantrix's bracket has jump links and
  a semifinal winner's Now box names the final and where the opponent comes from.
"""

from __future__ import annotations

import datetime
import html
import json
import re
import shutil
import subprocess
from pathlib import Path

import pytest
import yaml

from test_site import build

ROOT = Path(__file__).resolve().parents[1]
DEMO = sorted(p.parent.name for p in (ROOT / "results").glob("*/event.yaml"))


@pytest.fixture(scope="module")
def site(tmp_path_factory) -> Path:
    results = tmp_path_factory.mktemp("mislead-results")
    for slug in DEMO:
        shutil.copytree(ROOT / "results" / slug, results / slug)
    shutil.copy(ROOT / "results" / "players.yaml", results / "players.yaml")
    shutil.copytree(ROOT / "results" / "formats", results / "formats")  # the variants some events use
    running = results / "baska-running"
    shutil.copytree(ROOT / "results" / "baska-deszczno-2013", running)
    last = running / "grand-prix-32.yaml"
    data = yaml.safe_load(last.read_text("utf-8"))
    for table in data["tables"]:  # seated as drawn, no result yet
        table["seats"] = list(table["seats"])
    last.write_text(yaml.safe_dump(data, allow_unicode=True, sort_keys=False), "utf-8")
    return build(results, tmp_path_factory.mktemp("mislead-site") / "output")


def read(site: Path, path: str) -> str:
    return (site / path).read_text("utf-8")


def text(page: str) -> str:
    page = re.sub(r"<(script|style)\b.*?</\1>|<span hidden>.*?</span>", " ", page, flags=re.S)
    return html.unescape(re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", page)))


def events(site: Path) -> list:
    return [json.loads(p.read_text("utf-8")) for p in sorted(site.glob("*/event.json"))]


# -- 1. nothing misleads ------------------------------------------------------------------------

def short_seats(ev: dict) -> list:
    """(round slug, player id, points) of every seat at a table that is not played but scores."""
    found = []
    for rnd in ev["rounds"]:
        for unit in rnd.get("tables") or ():
            if unit.get("short"):
                for pid, points in zip(unit["players"], unit["placement_points"]):
                    found.append((f"{rnd['stage']}-{rnd['round']}", pid, points))
    return found


def points_text(value) -> str:
    return str(int(value)) if float(value).is_integer() else f"{float(value):g}"


def test_a_short_table_seat_is_no_game_everywhere(site):
    seen = 0
    for ev in events(site):
        names = {p["id"]: p["name"] for p in ev["players"]}
        for slug, pid, points in short_seats(ev):
            words = f"No game this round: {points_text(points)} points"
            name = html.escape(names[pid], quote=False)
            find = read(site, f"{ev['slug']}/{slug}/find/index.html")
            row = re.search(rf"<bdi>{re.escape(name)}</bdi></th>(.*?)</tr>", find, re.S).group(1)
            assert words in row and "wf-table-no" not in row, (ev["slug"], slug, pid)
            poster = read(site, f"{ev['slug']}/{slug}/poster/index.html")
            line = re.search(rf'<span class="venue-name">{re.escape(name)}</span>(.*?)</li>', poster, re.S).group(1)
            assert words in line and "venue-unit" not in line, (ev["slug"], slug, pid)
            player = read(site, f"{ev['slug']}/players/{pid}/index.html")
            heading = re.search(rf'<th scope="row"><a href="[^"]*{slug}/[^"]*">[^<]+</a>(.*?)</td>', player, re.S).group(1)
            assert words in heading and "table" not in text(heading), (ev["slug"], slug, pid)
            seen += 1
    assert seen >= 32  # every round of the Grand Prix has its short table


def test_the_now_box_of_a_short_table_player_says_no_game(site):
    ev = json.loads(read(site, "baska-running/event.json"))
    short = [(pid, points) for slug, pid, points in short_seats(ev) if slug == "grand-prix-32"]
    assert short
    for pid, points in short:
        page = read(site, f"baska-running/players/{pid}/index.html")
        now = text(page[page.index('class="player-now'):page.index('id="games-heading"')])
        assert f"No game this round: {points_text(points)} points" in now and "Seat" not in now, pid
    seated = next(p["id"] for p in ev["players"] if p["id"] not in dict(short))
    page = read(site, f"baska-running/players/{seated}/index.html")
    assert "No game this round" not in text(page[page.index('class="player-now'):page.index('id="games-heading"')])


def test_bold_rows_are_the_podium_not_the_first_three(site):
    css = (ROOT / "plugins/pelican/plugins/podium/static/css/podium.css").read_text("utf-8")
    assert "nth-child(-n+3)" not in css and ".standings tbody tr.podium th" in css
    checked = 0
    for ev in events(site):
        podium = {c["player"] for c in (ev.get("classification") or ()) if c.get("place") and c["place"] <= 3}
        for path in sorted((site / ev["slug"] / "standings").glob("*/index.html")):
            page = path.read_text("utf-8")
            bold = set(re.findall(r'<tr id="row-([^"]+)" class="[^"]*\bpodium\b', page))
            assert bold <= podium, (path, bold - podium)
            if bold:
                assert bold == podium & set(re.findall(r'<tr id="row-([^"]+)"', page)), path
                checked += 1
        if not podium:
            assert "podium" not in "".join(re.findall(r"<tr [^>]*>", read(site, f"{ev['slug']}/index.html")))
    # Catan's final-rank table: the podium is not its first three rows
    page = read(site, "catan-latvija-2016/standings/semifinal-1/index.html")
    rows = re.findall(r'<tr id="row-([^"]+)"( class="[^"]*")?', page)
    assert [pid for pid, css in rows[:3] if "podium" in css] != [pid for pid, _ in rows[:3]]
    assert checked >= 2  # the events whose last standings draw no cut line


def latest_dated_fact(ev: dict, event_yaml: dict) -> str:
    """The oracle: the latest of the schedule of the rounds that have a file, the
    units' own dates, and the last date of a finished event; else the first date."""
    schedule = event_yaml.get("schedule") or {}
    dated = []
    for rnd in ev["rounds"]:
        when = schedule.get(f"{rnd['stage']}-{rnd['round']}")
        if when:
            dated.append(str(when)[:10])
        for unit in rnd.get("tables") or rnd.get("games") or rnd.get("matches") or ():
            if unit.get("when"):
                dated.append(str(unit["when"])[:10])
    if ev["finished"] and ev["dates"]:
        dated.append(ev["dates"][-1])
    return max(dated) if dated else ev["dates"][0]


def test_data_as_of_is_the_latest_dated_fact_of_every_event(site):
    for ev in events(site):
        source = ROOT / "results" / ev["slug"] / "event.yaml"
        if not source.exists():
            source = ROOT / "results" / "baska-deszczno-2013" / "event.yaml"
        expected = latest_dated_fact(ev, yaml.safe_load(source.read_text("utf-8")))
        datetime.date.fromisoformat(expected)
        for page in ("index.html", "players/index.html"):
            assert f'<p class="as-of small">Data as of <time datetime="{expected}">' in read(site, f"{ev['slug']}/{page}"), \
                (ev["slug"], page, expected)
    # the Tantrix semifinal's extra games are set for 4 August: later than the event's first day
    assert '<time datetime="2003-08-04">' in read(site, "tantrix-wc-2003/index.html")


# -- 2. find yourself ---------------------------------------------------------------------------

def test_folding_takes_every_latin_diacritic_of_the_five_languages():
    from pelican.plugins.podium.folding import fold

    assert fold("Łukasz Dąbrowski") == "lukasz dabrowski"
    assert fold("Michał Wójcik") == "michal wojcik" and fold("Paweł Kozłowski") == "pawel kozlowski"
    assert fold("Bērziņš Ģirts Ķēniņš Ļoļa Čakste Šķūnis Žīgurs") == "berzins girts kenins lola cakste skunis zigurs"
    assert fold("Gintarė Petrauskaitė Įeva Ūla Ųsas Ąžuolas Ęgle") == "gintare petrauskaite ieva ula usas azuolas egle"
    assert fold("Erzsébet Horváth Őrs Űrös Ödön Ügyes Íjász Úrnő") == "erzsebet horvath ors uros odon ugyes ijasz urno"
    assert fold("Śląsk Źdźbło Żółć Ńą Ćma") == "slask zdzblo zolc na cma"
    assert fold("Søren Đorđe Straße Æsir Œuvre Þór Ðan") == "soren dorde strasse aesir oeuvre thor dan"


def test_the_pages_fold_as_the_index_does(site):
    """The ``fold`` of the pages' scripts gives what the Python one gives, for every name of every event."""
    from pelican.plugins.podium.folding import fold, script

    names = sorted({p["name"] for ev in events(site) for p in ev["players"]} |
                   {"Søren Đorđe Straße Æsir Œuvre Þór", "ŁUKASZ ĄĘ"})
    for ev in events(site):
        for person in ev["players"]:
            page = read(site, f"{ev['slug']}/players/{person['id']}/index.html")
            if fold(person["name"]) != person["name"].lower():
                assert f"<span hidden>{html.escape(fold(person['name']))}</span>" in page, person["id"]
    search = read(site, "search/index.html")
    assert "pagefind.search(fold(query))" in search and str(script()) in search
    node = shutil.which("node")
    if node is None:
        pytest.skip("no Node.js to run the pages' fold")
    program = str(script()) + f"\nconsole.log(JSON.stringify({json.dumps(names)}.map(fold)));\n"
    done = subprocess.run([node, "--input-type=module", "-e", program], capture_output=True, text=True, check=True)
    assert json.loads(done.stdout) == [fold(name) for name in names]


def test_find_me_without_javascript_lands_on_the_letter(site):
    for ev in events(site):
        home = read(site, f"{ev['slug']}/index.html")
        noscript = home[home.index('<p class="find-me-letters">'):home.index("</noscript>")]
        buttons = re.findall(r'<button type="submit" formaction="([^"#]+)#(letter-\d+)"[^>]*>([^<]+)</button>', noscript)
        initials = sorted({p["name"][0].upper() for p in ev["players"]})
        assert sorted(letter for _, _, letter in buttons) == initials, ev["slug"]
        for url, anchor, letter in buttons:
            page = read(site, f"{ev['slug']}/players/index.html")
            row = re.search(rf'<tr id="{anchor}">\s*<th scope="row">(.*?)</th>', page, re.S)
            assert row and text(row.group(1)).strip().upper().startswith(letter), (ev["slug"], letter)
            before = page[:row.start()]
            assert not any(text(name).strip().upper().startswith(letter)
                           for name in re.findall(r'<th scope="row">(.*?)</th>', before, re.S)), (ev["slug"], letter)


def test_a_player_page_links_its_rank_to_its_row_with_the_tiebreaks(site):
    checked = 0
    for ev in events(site):
        if not ev["standings"]:
            continue
        for person in ev["players"][:5]:
            page = read(site, f"{ev['slug']}/players/{person['id']}/index.html")
            found = re.search(r'<a class="rank-row" href="([^"#]+)#row-([^"]+)">[^<]*?(\d+) ·', page)
            if found is None:
                continue
            href, pid, rank = found.groups()
            assert pid == person["id"]
            target = (site / ev["slug"] / "players" / person["id"] / href / "index.html").resolve()
            row = re.search(rf'<tr id="row-{pid}"[^>]*>\s*<td class="num">(\d+)', target.read_text("utf-8"))
            assert row and row.group(1) == rank, (ev["slug"], pid)
            values = re.search(r'<span class="values">(.*?)</span></p>', page, re.S).group(1)
            assert values.count('class="val"') >= 2, (ev["slug"], pid)
            checked += 1
    assert checked >= 5 * len([ev for ev in events(site) if ev["standings"]]) - 5


def test_baska_player_pages_fold_past_sessions(site):
    page = read(site, "baska-deszczno-2013/players/pawel-kozlowski/index.html")
    sessions = re.findall(r'<details class="session-games"( open)?>', page)
    assert len(sessions) == 8 and [s for s in sessions if s] == [" open"] and sessions[-1] == " open"
    assert page.index('class="rank-values"') < page.index('class="session-games"')


def test_the_bracket_jumps_to_its_rounds_and_the_now_box_follows_it(site):
    bracket = read(site, "tantrix-wc-2003/bracket/index.html")
    jumps = re.findall(r'<a href="#(bracket-[a-z]+-\d+)">', bracket)
    assert len(jumps) >= 5 and all(f'id="{anchor}"' in bracket for anchor in jumps)
    # Lina Paulauskienė won her semifinal (match 1); the other one waits for extra games
    now = read(site, "tantrix-wc-2003/players/lina-paulauskiene/index.html")
    box = text(now[now.index('class="player-now'):now.index('id="games-heading"')])
    assert "Final" in box and "Winner of semifinal 2" in box, box
