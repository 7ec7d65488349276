"""The Carcassonne pages of the site, built for real (see tests/test_site.py).

One build holds four events: the two demo championships (2019: finished, 24
players with a reserve, a Swiss draw and a forfeit; 2020: two groups, the
quarterfinals upcoming), a small event with hostile names whose quarterfinals
hold every kind of drawn playoff game (and whose semifinals are not written
yet), and a Swiss stage in progress.  The pages are read back and compared
with the engine's outcome, computed here independently of the site code.
"""

from __future__ import annotations

import re
import shutil
from fractions import Fraction
from pathlib import Path

import pytest
from test_carcassonne import default_result, hashed_score, play, play_swiss, write_event, write_round
from test_site import ROOT, build, read, tables, text

from podium_core.pipeline import evaluate_one

Y2019 = "carcassonne-latvija-2019"
Y2020 = "carcassonne-latvija-2020"
SMALL = "carc-small"
LIVE = "carc-live"
EVIL = "<script>alert(1)</script>"
ESCAPED = "&lt;script&gt;alert(1)&lt;/script&gt;"
NAMES = {"p01": EVIL, "p02": 'Tom & "Jerry"', "p03": "Ēriks Ūdris"}


# -- the events ----------------------------------------------------------------------

def _name_players(folder: Path):
    """Give some players hostile or accented names (ids stay as they are)."""
    import yaml

    path = folder / "event.yaml"
    data = yaml.safe_load(path.read_text("utf-8"))
    for entry in data["players"]:
        entry["name"] = NAMES.get(entry["id"], entry["name"])
    path.write_text(yaml.safe_dump(data, sort_keys=False, allow_unicode=True), "utf-8")


def swiss_result(stage, number, table, players):
    """Round 2 table 1 is a draw; round 3 table 2 a forfeit by the first player (higher score recorded)."""
    if (number, table) == (2, 1):
        return {"players": list(players), "score": [100, 100]}
    if (number, table) == (3, 2):
        return {"players": list(players), "score": [130, 90], "forfeit": players[0]}
    return default_result(stage, number, table, players)


def quarterfinal_result(stage, number, table, players):
    """Table 1 drawn, less time for the second player; table 2 drawn on equal time (rank decides);
    table 3 lost on time by the first player; table 4 by score."""
    a, b = players
    if table == 1:
        return {"players": [a, b], "score": [95, 95], "time": ["15:00", "14:59"]}
    if table == 2:
        return {"players": [a, b], "score": [88, 88], "time": ["12:00", "12:00"]}
    if table == 3:
        return {"players": [a, b], "score": [120, 99], "time": ["19:30", "10:00"], "forfeit": a}
    return {"players": [a, b], "score": [hashed_score("q", a, low=100, high=110), hashed_score("q", b, low=60, high=70)],
            "time": ["11:11", "12:12"]}


def write_small(folder: Path):
    write_event(folder, [f"p{i:02d}" for i in range(1, 11)], reserve="p10", seed="small carcassonne")
    _name_players(folder)
    play_swiss(folder, 6, swiss_result)
    play(folder, "playoff", 1, quarterfinal_result)


def write_live(folder: Path):
    write_event(folder, [f"p{i:02d}" for i in range(1, 7)], reserve="p06", seed="live carcassonne")
    _name_players(folder)
    play_swiss(folder, 1)
    write_round(folder, "swiss", 2)  # seating only: filled in at build time


@pytest.fixture(scope="module")
def results(tmp_path_factory):
    folder = tmp_path_factory.mktemp("results")
    for slug in (Y2019, Y2020):
        shutil.copytree(ROOT / "results" / slug, folder / slug)
    write_small(folder / SMALL)
    write_live(folder / LIVE)
    return folder


@pytest.fixture(scope="module")
def site(results, tmp_path_factory):
    return build(results, tmp_path_factory.mktemp("site") / "output")


@pytest.fixture(scope="module")
def outcomes(results):
    return {slug: evaluate_one(results / slug) for slug in (Y2019, Y2020, SMALL, LIVE)}


# -- helpers ----------------------------------------------------------------------------

def names_of(outcome) -> dict:
    return {p.id: p.name for p in outcome.event.players}


def swiss_rounds(outcome) -> list:
    return [r for r in outcome.rounds if r.stage == "swiss"]


def latest(outcome, group=None):
    return [s for s in outcome.standings if s.stage == "swiss" and s.group == group][-1]


def expected_cell(unit, pid, rank_of, names):
    """What the crosstable cell of ``pid`` says about ``unit``, derived from the engine's game."""
    i = unit.players.index(pid)
    opp = unit.players[1 - i]
    head = f"{names[opp]}, rank {rank_of[opp]}"
    if unit.score is None:
        return head
    own, other = unit.counted[i], unit.counted[1 - i]
    letter = "D" if unit.winner is None else "W" if unit.winner == pid else "L"
    mine = "†" if unit.forfeit == pid else ""
    theirs = "†" if unit.forfeit == opp else ""
    return f"{head} {letter} {own}{mine}:{other}{theirs}"


def section(html: str, anchor: str) -> str:
    """The HTML of the element with id ``anchor`` up to the next sibling section (roughly)."""
    start = html.index(f'id="{anchor}"')
    end = html.find("</section>", start)
    return html[start:end]


def link_targets(site: Path, page: Path):
    html = page.read_text("utf-8")
    for href in re.findall(r'(?:href|src)="([^"]+)"', html):
        if href.startswith(("http:", "https:", "mailto:", "#")):
            continue
        target, _, fragment = href.partition("#")
        resolved = (page.parent / target).resolve()
        if target.endswith("/") or resolved.is_dir():
            resolved = resolved / "index.html"
        yield href, resolved, fragment


# -- navigation and links -----------------------------------------------------------------

def test_event_navigation_links_crosstable_and_bracket(site):
    nav = re.compile(r'<nav class="event-nav".*?</nav>', re.S)
    for slug, bracket in ((Y2019, True), (Y2020, True), (SMALL, True), (LIVE, False)):
        html = nav.search(read(site, f"{slug}/index.html")).group(0)
        assert f'href="../{slug}/crosstable/">Crosstable</a>' in html, slug
        assert (f'href="../{slug}/bracket/">Bracket</a>' in html) is bracket, slug
        assert (site / slug / "crosstable" / "index.html").is_file()
        assert (site / slug / "bracket" / "index.html").is_file() is bracket
    page = read(site, f"{Y2019}/bracket/index.html")
    assert f'<a href="../../{Y2019}/bracket/" aria-current="page">Bracket</a>' in page


def test_other_systems_get_no_carcassonne_pages():
    from pelican.plugins.podium.extensions import carcassonne
    from pelican.plugins.podium.views import event_view

    ev = event_view(evaluate_one(ROOT / "results" / "route66-vilnius-2010"))
    assert carcassonne.links(ev) == [] and carcassonne.pages(ev) == []
    assert all(not isinstance(u, carcassonne.GameUnit) for r in ev.rounds for u in r.units)


def test_every_link_of_the_carcassonne_pages_resolves(site):
    checked = anchors = 0
    for slug in (Y2019, Y2020, SMALL, LIVE):
        for page in (site / slug).rglob("*.html"):
            for href, resolved, fragment in link_targets(site, page):
                assert resolved.is_file(), f"{page.relative_to(site)}: {href}"
                assert site.resolve() in resolved.parents
                if fragment:
                    assert f'id="{fragment}"' in resolved.read_text("utf-8"), f"{page.relative_to(site)}: {href}"
                    anchors += 1
                checked += 1
    assert checked > 2000 and anchors > 300
    assert (site / "theme" / "podium" / "css" / "carcassonne.css").is_file()
    assert 'href="../../theme/podium/css/carcassonne.css"' in read(site, f"{Y2019}/crosstable/index.html")
    assert 'href="../../theme/podium/css/carcassonne.css"' in read(site, f"{Y2019}/swiss-1/index.html")


def test_names_are_escaped_on_every_carcassonne_page(site):
    pages = [p for slug in (SMALL, LIVE) for p in (site / slug).rglob("*.html")]
    assert len(pages) > 15
    for path in pages:
        html = path.read_text("utf-8")
        assert EVIL not in html, path
        assert 'Tom & "Jerry"' not in html, path
    for page in ("crosstable/index.html", "bracket/index.html", "playoff-1/index.html", "swiss-3/index.html"):
        html = read(site, f"{SMALL}/{page}")
        assert ESCAPED in html or "players/p01/" not in html, page
        assert "Tom &amp; &#34;Jerry&#34;" in html or "players/p02/" not in html, page
    assert ESCAPED in read(site, f"{SMALL}/crosstable/index.html")


# -- round pages ------------------------------------------------------------------------------

def game_table(html: str, table: int) -> dict:
    found = [t for t in tables(html) if t["id"] == f"game-{table}"]
    assert found, f"no game-{table}"
    return found[0]


def test_swiss_round_pages_show_starter_scores_points_draw_and_forfeit(site, outcomes):
    outcome = outcomes[Y2019]
    names = names_of(outcome)
    for rnd in swiss_rounds(outcome):
        html = read(site, f"{Y2019}/swiss-{rnd.round}/index.html")
        for unit in rnd.units:
            t = game_table(html, unit.table)
            assert t["head"] == ["#", "Player", "Score", "Pts"]
            assert [row[1].split(" starts")[0].replace(" ★ (winner)", "") for row in t["rows"]] == [names[p] for p in unit.players]
            assert "starts" in t["rows"][0][1] and "starts" not in t["rows"][1][1]
            for i, row in enumerate(t["rows"]):
                score = str(unit.score[i]) if unit.counted[i] == unit.score[i] else f"{unit.score[i]} ({unit.counted[i]})"
                points = {Fraction(1): "1", Fraction(1, 2): "½", Fraction(0): "0"}[unit.points[i]]
                assert row[2:] == [score, points]
                assert ("winner" in t["classes"][i]) is (unit.winner == unit.players[i])
            assert ("draw: ½ each" in t["caption"]) is unit.draw
    # the demo's draw and forfeit, by hand
    r1 = game_table(read(site, f"{Y2019}/swiss-1/index.html"), 2)
    assert r1["caption"].startswith("Table 2") and "draw: ½ each" in r1["caption"]
    assert [row[2:] for row in r1["rows"]] == [["63", "½"], ["63", "½"]]
    html = read(site, f"{Y2019}/swiss-4/index.html")
    r4 = game_table(html, 12)
    assert r4["rows"][0][1].startswith("Kārlis Krūmiņš") and "lost on time" in r4["rows"][0][1]
    assert r4["rows"][0][2:] == ["91 (0)", "0"] and r4["rows"][1][2:] == ["123", "1"]
    assert "winner" in r4["classes"][1]
    legend = text(html)
    assert "Seat 1 starts the game: the higher-ranked player starts." in legend
    assert "Seat 1 starts the game: the earlier-drawn player." in text(read(site, f"{Y2019}/swiss-1/index.html"))


def test_two_groups_are_shown_apart(site, outcomes):
    html = read(site, f"{Y2020}/swiss-1/index.html")
    a, b = html.index('id="group-a"'), html.index('id="group-b"')
    assert ">Group A</h3>" in html and ">Group B</h3>" in html
    units = swiss_rounds(outcomes[Y2020])[0].units
    for unit in units:
        where = html.index(f'id="game-{unit.table}"')
        assert (a < where < b) if unit.group == "A" else (where > b)
        assert f"group {unit.group}" in game_table(html, unit.table)["caption"]
    assert {u.group for u in units} == {"A", "B"}


def test_playoff_round_shows_seeds_times_and_how_draws_were_decided(site, outcomes):
    outcome = outcomes[SMALL]
    names = names_of(outcome)
    quarter = next(r for r in outcome.rounds if r.stage == "playoff")
    html = read(site, f"{SMALL}/playoff-1/index.html")
    page = text(html)
    decided = [(u.winner, u.decided_by) for u in quarter.units]
    assert [d for _, d in decided] == ["time", "rank", "forfeit", "score"]
    for unit in quarter.units:
        t = game_table(html, unit.table)
        assert t["head"] == ["#", "Player", "Seed", "Score", "Time"]
        assert t["caption"].startswith(f"Quarterfinal {unit.table} · table {unit.table}")
        assert [row[2] for row in t["rows"]] == list(unit.seeds)
        assert [row[4] for row in t["rows"]] == list(unit.time)
    assert f"Drawn game, won on clock time (less time used). Winner: {names[decided[0][0]]}." in page
    assert f"Drawn game with equal clock time, won on the better Swiss rank. Winner: {names[decided[1][0]]}." in page
    forfeit = game_table(html, 3)
    assert "lost on time" in forfeit["rows"][0][1] and forfeit["rows"][0][3] == "120 (0)"
    # the 2019 final round names its games
    final = read(site, f"{Y2019}/playoff-3/index.html")
    assert game_table(final, 1)["caption"].startswith("Final · table 1")
    assert game_table(final, 2)["caption"].startswith("Third-place game · table 2")
    assert f'href="../../{Y2019}/bracket/">The whole playoff bracket</a>' in final


def test_upcoming_swiss_round_has_seating_but_no_results(site, outcomes):
    html = read(site, f"{LIVE}/swiss-2/index.html")
    rnd = swiss_rounds(outcomes[LIVE])[1]
    assert rnd.status == "upcoming"
    for unit in rnd.units:
        t = game_table(html, unit.table)
        assert "no result yet" in t["caption"]
        assert [row[2:] for row in t["rows"]] == [["", ""], ["", ""]]


def test_player_page_shows_the_counted_score(site):
    html = read(site, f"{Y2019}/players/karlis-krumins/index.html")
    games = next(t for t in tables(html) if t["head"][:2] == ["Round", "Result"])
    row = next(r for r in games["rows"] if r[0].startswith("Swiss, round 4"))
    assert "91 (0)" in row[1] and "Pts 0" in row[1]
    assert "Dace Balode" in row[2] and "123" in row[2]


# -- crosstable --------------------------------------------------------------------------------

def crosstable_rows(html: str) -> list:
    found = [t for t in tables(html) if t["caption"].startswith("Crosstable")]
    assert found
    return found


@pytest.mark.parametrize("slug", [Y2019, Y2020, SMALL, LIVE])
def test_crosstable_cells_are_the_engine_games(site, outcomes, slug):
    outcome = outcomes[slug]
    names = names_of(outcome)
    html = read(site, f"{slug}/crosstable/index.html")
    groups = sorted({u.group for r in swiss_rounds(outcome) for u in r.units}, key=lambda g: g or "")
    found = crosstable_rows(html)
    assert len(found) == len(groups)
    rounds = swiss_rounds(outcome)
    for group, t in zip(groups, found):
        standing = latest(outcome, group)
        rank_of = {row.player: row.rank for row in standing.rows}
        assert t["head"][:2] == ["#", "Player"]
        assert t["head"][2:2 + len(rounds)] == [f"R{r.round}" for r in rounds]
        assert t["head"][2 + len(rounds):] == ["W", "Bh", "+/−"]
        assert len(t["rows"]) == len(standing.rows)
        for row, srow, cls in zip(t["rows"], standing.rows, t["classes"]):
            assert row[0] == str(srow.rank)
            assert row[1].replace(" reserve", "") == names[srow.player]
            assert ("reserve" in cls) is srow.reserve
            for rnd, cell in zip(rounds, row[2:]):
                unit = next(u for u in rnd.units if srow.player in u.players)
                assert cell == expected_cell(unit, srow.player, rank_of, names), (slug, srow.player, rnd.round)
            wins = srow.values["wins"]
            point = "."  # the site tests build in English (PODIUM_LANGUAGE)
            assert row[2 + len(rounds)] == (str(wins) if Fraction(wins).denominator == 1 else f"{float(wins):g}".replace(".", point))
            assert row[-1] == str(srow.values["score_diff"])
    if group:
        assert 'id="group-a"' in html and 'id="group-b"' in html


def test_crosstable_marks_the_demo_draw_forfeit_and_reserve(site):
    html = read(site, f"{Y2019}/crosstable/index.html")
    t = crosstable_rows(html)[0]
    by_name = {row[1].replace(" reserve", ""): (row, cls) for row, cls in zip(t["rows"], t["classes"])}
    krumins, _ = by_name["Kārlis Krūmiņš"]
    assert krumins[2 + 3].endswith("L 0†:123")  # round 4: out of time, 91 counts 0
    balode, _ = by_name["Dace Balode"]
    assert balode[2 + 3].endswith("W 123:0†")
    ozolins, _ = by_name["Gatis Ozoliņš"]
    assert ozolins[2].endswith("D 63:63")
    reserve, cls = by_name["Pēteris Vītols"]
    assert "reserve" in cls and "reserve" in reserve[1]
    assert 'class="x x-d"' in html and 'class="x x-l"' in html and 'class="x x-w"' in html
    legend = text(html)
    assert "Lost on time" in legend and "reserve player" in legend and "Buchholz" in legend


def test_crosstable_of_a_round_in_progress_shows_the_pairing_only(site, outcomes):
    html = read(site, f"{LIVE}/crosstable/index.html")
    t = crosstable_rows(html)[0]
    assert t["head"][2:4] == ["R1", "R2"]
    assert html.count('class="x x-pending"') == len(t["rows"])
    assert all(re.fullmatch(r".+, rank \d+", row[3]) for row in t["rows"])


# -- bracket -------------------------------------------------------------------------------------

def boxes(html: str) -> dict:
    """Bracket games by anchor: title and the players' lines (seed, name, score)."""
    found = {}
    for anchor, body in re.findall(r'<article class="b-game[^"]*" id="(r\d-t\d)"(.*?)</article>', html, re.S):
        title = text(re.search(r'class="b-title">(.*?)</span>', body, re.S).group(1))
        lines = []
        for cls, inner in re.findall(r'<li class="b-p([^"]*)">(.*?)</li>', body, re.S):
            seed = text(re.search(r'class="b-seed">(.*?)</span>', inner, re.S).group(1))
            name_html, score_html = inner.split('class="b-name">', 1)[1].rsplit('<span class="b-score">', 1)
            name, score = text(name_html), text(score_html)
            lines.append({"seed": seed, "name": name, "score": score, "winner": "winner" in cls, "tbd": "tbd" in cls})
        note = re.search(r'class="b-note">(.*?)</p>', body, re.S)
        found[anchor] = {"title": title, "lines": lines, "note": text(note.group(1)) if note else ""}
    return found


def test_bracket_of_the_finished_championship(site, outcomes):
    outcome = outcomes[Y2019]
    names = names_of(outcome)
    html = read(site, f"{Y2019}/bracket/index.html")
    found = boxes(html)
    playoff = {r.round: r for r in outcome.rounds if r.stage == "playoff"}
    titles = {1: "Quarterfinal {}", 2: "Semifinal {}"}
    for number, rnd in playoff.items():
        for unit in rnd.units:
            box = found[f"r{number}-t{unit.table}"]
            title = {1: "Final", 3: "Third-place game"}[unit.place] if number == 3 else titles[number].format(unit.table)
            assert box["title"] == title
            assert [line["name"].replace(" ★ (winner)", "") for line in box["lines"]] == [names[p] for p in unit.players]
            assert [line["seed"] for line in box["lines"]] == list(unit.seeds)
            assert [line["score"] for line in box["lines"]] == [str(s) for s in unit.score]
            assert [line["winner"] for line in box["lines"]] == [p == unit.winner for p in unit.players]
    # seeds 1-8, the quarterfinals in bracket order: 1-8 and 4-5 feed semifinal 1
    assert [found[k]["lines"][0]["seed"] + "-" + found[k]["lines"][1]["seed"] for k in ("r1-t1", "r1-t2", "r1-t3", "r1-t4")] \
        == ["1-8", "2-7", "3-6", "4-5"]
    order = re.findall(r'id="(r1-t\d)"', html)
    assert order == ["r1-t1", "r1-t4", "r1-t2", "r1-t3"]
    # places 1-8 as the classification gives them
    places = re.search(r'<ol class="b-places">(.*?)</ol>', html, re.S).group(1)
    listed = [text(li) for li in re.findall(r"<li>(.*?)</li>", places, re.S)]
    assert [line.split(" ", 1)[1].split(" won")[0].split(" lost")[0] for line in listed] == \
        [names[p.player] for p in outcome.classification[:8]]
    assert listed[0].endswith("won the final") and listed[3].endswith("lost the third-place game")


def test_bracket_of_two_groups_before_the_quarterfinals(site, outcomes):
    outcome = outcomes[Y2020]
    names = names_of(outcome)
    html = read(site, f"{Y2020}/bracket/index.html")
    found = boxes(html)
    seeds = {s["seed"]: s["player"] for s in outcome.extra["bracket"]["seeds"]}
    pairs = [("A1", "B4"), ("A2", "B3"), ("A3", "B2"), ("A4", "B1")]
    for table, pair in enumerate(pairs, 1):
        box = found[f"r1-t{table}"]
        assert sorted(line["seed"] for line in box["lines"]) == sorted(pair)
        assert {line["name"] for line in box["lines"]} == {names[seeds[s]] for s in pair}
        assert all(line["score"] == "" and not line["winner"] for line in box["lines"])
    assert [line["name"] for line in found["r2-t1"]["lines"]] == ["Winner of quarterfinal 1 (A1 – B4)",
                                                                    "Winner of quarterfinal 3 (B2 – A3)"]
    assert [line["name"] for line in found["r3-t2"]["lines"]] == ["Loser of semifinal 1", "Loser of semifinal 2"]
    assert re.findall(r'id="(r1-t\d)"', html) == ["r1-t1", "r1-t3", "r1-t2", "r1-t4"]
    assert "A1–B4, A2–B3, A3–B2, A4–B1" in text(html)


def test_bracket_shows_decided_draws_and_the_next_matchups(site, outcomes):
    outcome = outcomes[SMALL]
    names = names_of(outcome)
    quarter = next(r for r in outcome.rounds if r.stage == "playoff")
    found = boxes(read(site, f"{SMALL}/bracket/index.html"))
    winner = {u.table: u.winner for u in quarter.units}
    assert found["r1-t1"]["note"] == f"Drawn game, won on clock time (less time used). Winner: {names[winner[1]]}."
    assert "better Swiss rank" in found["r1-t2"]["note"]
    assert found["r1-t3"]["lines"][0]["score"] == "120 (0)" and "lost on time" in found["r1-t3"]["lines"][0]["name"]
    # the semifinals are not written yet, but their players are known
    semi = [[line["name"].split(" ★")[0] for line in found[f"r2-t{t}"]["lines"]] for t in (1, 2)]
    assert semi == [[names[winner[1]], names[winner[4]]], [names[winner[2]], names[winner[3]]]]
    assert all(line["score"] == "" for t in (1, 2) for line in found[f"r2-t{t}"]["lines"])
    seed = {u.table: u.seeds[u.players.index(u.winner)] for u in quarter.units}
    assert [line["name"] for line in found["r3-t1"]["lines"]] == [f"Winner of semifinal 1 ({seed[1]} – {seed[4]})",
                                                                    f"Winner of semifinal 2 ({seed[2]} – {seed[3]})"]


# -- classification and standings ----------------------------------------------------------------

def test_classification_and_standings_mark_the_reserve(site, outcomes):
    outcome = outcomes[Y2019]
    names = names_of(outcome)
    t = tables(read(site, f"{Y2019}/classification/index.html"))[0]
    assert [row[1].replace(" reserve", "") for row in t["rows"]] == [names[p.player] for p in outcome.classification]
    assert [row[0] for row in t["rows"]] == [str(i) for i in range(1, 24)] + ["—"]
    assert "reserve" in t["classes"][-1] and t["rows"][-1][1] == "Pēteris Vītols reserve"
    st = tables(read(site, f"{Y2019}/standings/swiss-6/index.html"))[0]
    marked = [row[2] for row, cls in zip(st["rows"], st["classes"]) if "reserve" in cls]
    assert marked == ["Pēteris Vītols reserve"]


def test_every_way_a_drawn_playoff_game_is_decided_is_explained():
    """The sentences for decided_by (time, rank, any criterion of the ranking with its rule, lots), with the name escaped."""
    from jinja2 import Environment, FileSystemLoader

    from podium_core.formats import get_format
    from pelican.plugins.podium import i18n
    from pelican.plugins.podium.views import CriterionView

    env = Environment(loader=FileSystemLoader(str(ROOT / "plugins" / "pelican" / "plugins" / "podium" / "templates")), autoescape=True)
    i18n.install(env, "en")
    macros = env.get_template("podium/carcassonne/macros.html").module
    fmt = get_format("carcassonne-lv", {"ranking": ["wins", "buchholz", "sonneborn_berger", "head_to_head", "score_diff"]})
    criteria = {c.key: CriterionView(c.key, c.label, c.abbr, c.legend, c.display) for c in fmt.criteria}
    ways = ("time", "rank", "buchholz", "sonneborn_berger", "head_to_head", "score_diff", "lots")
    said = {how: str(macros.decided(how, EVIL, criteria.get(how))) for how in ways}
    assert said["time"] == f"Drawn game, won on clock time (less time used). Winner: {ESCAPED}."
    assert said["rank"].startswith("Drawn game with equal clock time, won on the better Swiss rank. Winner: ")
    assert "won on Buchholz: The wins each opponent has now" in said["buchholz"] and "(FIDE C.07: BH) Winner: " in said["buchholz"]
    assert "won on Sonneborn-Berger: For each game, the opponent&#39;s wins now times" in said["sonneborn_berger"]
    assert "won on Head-to-head: Among the players equal on every criterion before this one" in said["head_to_head"]
    assert "won on Score difference: Own score minus the opponent&#39;s" in said["score_diff"]
    assert "won by lot. Winner: " in said["lots"]
    assert all(EVIL not in s and ESCAPED in s for s in said.values())
    assert str(macros.decided("score", EVIL)) == "" and str(macros.decided("forfeit", EVIL)) == ""
    # under the built-in's ranking (wins, Buchholz, score difference) its own sentences
    assert "equal Swiss place, won on Buchholz. Winner: " in str(macros.decided("buchholz", EVIL))
    assert "Swiss place and Buchholz, won on score difference. Winner: " in str(macros.decided("score_diff", EVIL))


def test_the_carcassonne_words_go_through_gettext():
    import gettext

    from jinja2 import Environment, FileSystemLoader

    from podium_core.formats import get_format
    from podium_core.text import translate

    class Latvian(gettext.NullTranslations):
        words = {"Quarterfinal %(number)s": "%(number)s. ceturtdaļfināls", "W": "U", "D": "N", "L": "Z",
                 "Final": "Fināls", "Drawn game, won on clock time (less time used). Winner: %(name)s.": "Neizšķirts: uzvar %(name)s."}

        def gettext(self, message):
            return self.words.get(message, message)

    env = Environment(loader=FileSystemLoader(str(ROOT / "plugins" / "pelican" / "plugins" / "podium" / "templates")), autoescape=True,
                      extensions=["jinja2.ext.i18n"])
    env.install_gettext_translations(Latvian(), newstyle=True)
    env.globals.update(ui=env.globals["gettext"], ui_plural=env.globals["ngettext"], ui_with_context=env.globals["pgettext"])
    env.globals["tr"] = Latvian().gettext
    macros = env.get_template("podium/carcassonne/macros.html").module
    fmt = get_format("carcassonne-lv")
    assert translate(fmt.game_title(1, 2), Latvian().gettext) == "2. ceturtdaļfināls"
    assert translate(fmt.game_title(3, 1, 1), Latvian().gettext) == "Fināls"
    assert [str(macros.result_letter(r)) for r in "WDL"] == ["U", "N", "Z"]
    assert str(macros.decided("time", "Anna & Co")) == "Neizšķirts: uzvar Anna &amp; Co."


def test_a_group_with_a_bye_before_a_lost_on_time_game_still_has_the_forfeit_legend():
    from pelican.plugins.podium.extensions.carcassonne import CrossCell, CrossGroup, CrossRow
    from pelican.plugins.podium.views import PlayerView

    ann, ben = PlayerView("ann", "Ann", ""), PlayerView("ben", "Ben", "")
    lost = CrossCell(2, ben, 2, "L", forfeit=True)
    group = CrossGroup(None, [], [CrossRow(1, ann, ["bye", lost], []), CrossRow(2, ben, [None, None], [])], [])
    assert group.any_forfeit
    assert not CrossGroup(None, [], [CrossRow(1, ann, ["bye", None], [])], []).any_forfeit
