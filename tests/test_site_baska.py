"""The Baśka Grand Prix pages, built for real (``Pelican(...).run()`` into a temporary folder).

One build is shared by the tests: a small Grand Prix written here (10 players,
3 sessions of 2 rounds; three tied first at a table, four tied, short tables,
one table entered deal by deal, absent players, hostile names; session 2 under
way, session 3 not published) and the demo season (27 players, 8 × 4 rounds).
Pages are read back and compared with the engine's own values, or with values
recomputed here.
"""

from __future__ import annotations

import json
import re
import shutil
import textwrap
from fractions import Fraction
from html import escape
from pathlib import Path

import pytest
import yaml

from podium_core.draw import Lots, draw_order
from podium_core.pipeline import evaluate_one
from podium_core.seating import fours_and_leftover, slice_tables
from test_site import build, tables, text

ROOT = Path(__file__).resolve().parents[1]
DEMO = "baska-deszczno-2013"
SLUG = "gp-small"
SEED = "site test"
EVIL = "<script>alert(1)</script>"
MINUS = "\u2212"

NAMES = {
    "p01": "Anna Nowak", "p02": "Bartosz Wójcik", "p03": EVIL, "p04": "Celina Mazur",
    "p05": "Zoë & <b>Co</b>", "p06": "Dariusz Zieliński", "p07": "Ewa Kamińska",
    "p08": "Feliks Lewandowski", "p09": "Gabriela Szymańska", "p10": "Henryk Woźniak",
}
IDS = list(NAMES)
ABSENT_2 = ["p07"]
ABSENT_3 = ["p01", "p02"]


def drawn(round_no, absent=()):
    present = [p for p in IDS if p not in absent]
    return slice_tables(draw_order(present, SEED, f"grand-prix/{round_no}"), fours_and_leftover(len(present)))


def deals_for(a, b, c, d):
    """Five deals covering every kind of line: 16, 46, −24, −38 small points."""
    return [
        {"game": "para", "won": [a, c]},
        {"game": "wesele", "won": [b, d], "level": "kontra", "degree": "bez-wyjscia"},
        {"game": "cicha", "player": b, "won": True, "level": "rej"},
        {"game": "zolo", "player": d, "won": False},
        {"game": "honorowe", "player": a},
    ]


def round_file(number, session, tables_, scores, absent=()):
    data = {"stage": "grand-prix", "round": number, "session": session}
    if absent:
        data["absent"] = list(absent)
    listed = []
    for i, players in enumerate(tables_):
        entry = {"table": i + 1, "seats": list(players)}
        if len(players) == 4:
            given = scores[i]
            if given == "deals":
                entry["deals"] = deals_for(*players)
            else:
                entry["seats"] = dict(zip(players, given))
        listed.append(entry)
    data["tables"] = listed
    return yaml.safe_dump(data, sort_keys=False, allow_unicode=True, default_flow_style=None)


def write_small(folder: Path) -> Path:
    folder.mkdir(parents=True)
    players = "\n".join(f"  - {{id: {pid}, name: {json.dumps(name, ensure_ascii=False)}}}" for pid, name in NAMES.items())
    (folder / "event.yaml").write_text(textwrap.dedent(f"""\
        name: Small Grand Prix
        format: baska-gp
        language: en
        dates: [2024-01-05, 2024-03-01]
        seed: "{SEED}"
        options: {{sessions: 3, rounds_per_session: 2}}
        players:
        """) + players + "\n", "utf-8")
    r1, r2, r3 = drawn(1), drawn(2, ABSENT_2), drawn(3, ABSENT_3)
    assert [len(t) for t in r1] == [4, 4, 2] and [len(t) for t in r2] == [4, 4, 1] and [len(t) for t in r3] == [4, 4]
    files = {
        "grand-prix-01.yaml": round_file(1, 1, r1, [(10, 10, 10, -30), (0, 0, 0, 0)]),
        "grand-prix-02.yaml": round_file(2, 1, r2, ["deals", (30, 0, 0, -30)], ABSENT_2),
        "grand-prix-03.yaml": round_file(3, 2, r3, [(20, 20, -15, -25), (40, -10, -10, -20)], ABSENT_3),
        "grand-prix-04.yaml": "stage: grand-prix\nround: 4\nsession: 2\n",
    }
    for name, body in files.items():
        (folder / name).write_text(body, "utf-8")
    return folder


@pytest.fixture(scope="module")
def results(tmp_path_factory):
    folder = tmp_path_factory.mktemp("results")
    write_small(folder / SLUG)
    shutil.copytree(ROOT / "results" / DEMO, folder / DEMO)
    return folder


@pytest.fixture(scope="module")
def site(results, tmp_path_factory):
    return build(results, tmp_path_factory.mktemp("site") / "output")


@pytest.fixture(scope="module")
def small(results):
    return evaluate_one(results / SLUG)


@pytest.fixture(scope="module")
def demo(results):
    return evaluate_one(results / DEMO)


def page(site: Path, path: str) -> str:
    return (site / path).read_text("utf-8")


def table_of(html: str, anchor: str) -> dict:
    found = [t for t in tables(html) if t["id"] == anchor]
    assert found, f"no table inside #{anchor}"
    return found[0]


def shown(value) -> str:
    """How a placement value must read: whole numbers bare, others to 2 decimals."""
    value = Fraction(value)
    return str(value.numerator) if value.denominator == 1 else f"{float(value):.2f}"


def signed(value: int) -> str:
    return f"+{value}" if value > 0 else (f"{MINUS}{-value}" if value < 0 else "0")


def plain(value: int) -> str:
    return f"{MINUS}{-value}" if value < 0 else str(value)


def short(name: str) -> str:
    words = name.split()
    initial = next((c for c in words[-1] if c.isalpha()), "") if len(words) > 1 else ""
    return f"{words[0]} {initial}." if initial else name


def round_of(outcome, number):
    return next(r for r in outcome.rounds if r.round == number)


# -- round pages ------------------------------------------------------------------------

def test_tables_show_small_points_tied_places_and_placement_points(site, small):
    html = page(site, f"{SLUG}/grand-prix-1/index.html")
    assert 'class="unit baska-table"' in html  # the Baśka partial, not the generic one
    engine = round_of(small, 1).units
    t1, t2 = table_of(html, "table-1"), table_of(html, "table-2")
    assert t1["head"] == ["#", "Player", "SP", "Place", "Pts"]
    for table, unit in ((t1, engine[0]), (t2, engine[1])):
        assert [row[1].replace(" ★ (winner)", "") for row in table["rows"]] == [NAMES[p] for p in unit.players]
        assert [row[2] for row in table["rows"]] == [signed(v) for v in unit.small_points]
        assert [row[4] for row in table["rows"]] == [shown(v) for v in unit.placement]
    # three tied first: 10/3 each, shown 3.33, places 1–3; the fourth alone
    assert [row[3:] for row in t1["rows"]] == [["1–3", "3.33"]] * 3 + [["4", "1"]]
    assert html.count('title="exactly 10/3"') == 3
    # all four level: 2.75 each, places 1–4, no winner
    assert [row[3:] for row in t2["rows"]] == [["1–4", "2.75"]] * 4
    assert "winner" not in " ".join(t1["classes"] + t2["classes"])
    # a sole winner is marked
    t2b = table_of(page(site, f"{SLUG}/grand-prix-2/index.html"), "table-2")
    assert [row[3:] for row in t2b["rows"]] == [["1", "5"], ["2–3", "2.50"], ["2–3", "2.50"], ["4", "1"]]
    assert t2b["classes"][0] == "winner" and "★" in t2b["rows"][0][1]


def test_short_table_has_its_fixed_points_and_is_not_played(site, small):
    html = page(site, f"{SLUG}/grand-prix-1/index.html")
    short_table = table_of(html, "table-3")
    unit = round_of(small, 1).units[2]
    assert unit.short and len(unit.players) == 2
    assert "short table: not played" in short_table["caption"]
    assert [row[2:] for row in short_table["rows"]] == [["—", "—", "2.50"]] * 2
    assert "not played, 2.50 fixed points each and no small points" in text(html)
    alone = table_of(page(site, f"{SLUG}/grand-prix-2/index.html"), "table-3")
    assert "short table: not played" in alone["caption"] and [row[2:] for row in alone["rows"]] == [["—", "—", "3"]]
    # round 3 seats 8: no short table
    assert "short table: not played" not in page(site, f"{SLUG}/grand-prix-3/index.html").split('<dl class="legend">')[0]


def test_deal_protocol_rows_and_running_totals_are_the_engines(site, small):
    html = page(site, f"{SLUG}/grand-prix-2/index.html")
    unit = round_of(small, 2).units[0]
    assert unit.deals is not None and len(unit.deals) == 5
    protocol = table_of(html, "table-1-deals")
    names = [NAMES[p] for p in unit.players]
    seat_heads = protocol["head"][6:]
    assert seat_heads == [f"{i + 1} {short(n)}" for i, n in enumerate(names)]
    subhead, *rows, totals = protocol["rows"]
    assert subhead == ["pts", "Σ"] * 4
    games = {"para": "para", "wesele": "wesele", "cicha": "cicha", "zolo": "zolo", "honorowe": "honorowe"}
    levels = {"none": "—", "kontra": "kontra", "rej": "rej"}
    degrees = {None: "—", "normal": "—", "bez-wyjscia": "bez wyjścia"}
    assert len(rows) == len(unit.deals)
    for row, deal in zip(rows, unit.deals):
        if deal.player is not None:
            who = f"{short(NAMES[deal.player])} {'won' if deal.won else 'lost'}"
        else:
            who = " + ".join(short(NAMES[p]) for p in deal.won)
        assert row[:6] == [str(deal.number), games[deal.game], levels[deal.level], degrees[deal.degree], who,
                           str(deal.value)]
        assert row[6::2] == [signed(v) for v in deal.points]
        assert row[7::2] == [plain(v) for v in deal.running]
    assert totals == ["Small points"] + [plain(v) for v in unit.small_points]
    assert list(unit.small_points) == [16, 46, -24, -38]
    # short enough to stay open; the card links to it; the table scrolls in its own box
    assert '<details class="protocol" id="table-1-deals" open>' in html
    assert 'href="#table-1-deals"' in html
    assert re.search(r'id="table-1-deals" open>\s*<summary>[^<]*</summary>\s*<p class="hint scroll-hint">[^<]*</p>\s*<div class="scroll"', html)


def test_absent_players_are_listed_for_the_round(site):
    page2 = text(page(site, f"{SLUG}/grand-prix-2/index.html"))
    assert f"Absent this round: {NAMES['p07']} — not seated; the round counts nothing for them." in page2
    page3 = text(page(site, f"{SLUG}/grand-prix-3/index.html")).replace(" ,", ",")
    assert f"Absent this round: {NAMES['p01']}, {NAMES['p02']} —" in page3
    assert "Absent this round" not in text(page(site, f"{SLUG}/grand-prix-1/index.html"))


def test_round_names_its_session(site):
    html = page(site, f"{SLUG}/grand-prix-3/index.html")
    assert "Session 2, round 1 of 2" in text(html).replace(" ,", ",")
    assert 'href="../../gp-small/session-2/"' in html


# -- sessions ----------------------------------------------------------------------------

def session_ranking(outcome, rounds) -> list[str]:
    """The session table recomputed from the rounds' tables: placement points,
    small points, firsts (5 or 4), seconds (3 or 2.5), then lots."""
    sums = {pid: [Fraction(0), 0, 0, 0] for pid in IDS}
    for number in rounds:
        for unit in round_of(outcome, number).units:
            for i, pid in enumerate(unit.players):
                value = unit.placement[i]
                sums[pid][0] += value
                sums[pid][1] += 0 if unit.short else unit.small_points[i]
                sums[pid][2] += value in (5, 4)
                sums[pid][3] += value in (3, Fraction(5, 2))
    lots = Lots(SEED)
    return sorted(IDS, key=lambda p: (tuple(-v for v in sums[p]), lots.sort_key(p)))


def test_session_pages_list_their_rounds_and_rank_them_alone(site, small):
    one = page(site, f"{SLUG}/session-1/index.html")
    assert re.findall(r'href="\.\./\.\./gp-small/(grand-prix-\d+)/">Round', one) == ["grand-prix-1", "grand-prix-2"]
    standings = tables(one)[0]
    assert standings["head"] == ["Rank", "Player", "Pts", "SP", "1st", "2nd"]
    assert [row[1] for row in standings["rows"]] == [NAMES[p] for p in session_ranking(small, [1, 2])]
    sums = {pid: Fraction(0) for pid in IDS}
    for number in (1, 2):
        for unit in round_of(small, number).units:
            for pid, value in zip(unit.players, unit.placement):
                sums[pid] += value
    assert {row[1]: row[2] for row in standings["rows"]} == {NAMES[p]: shown(v) for p, v in sums.items()}
    assert "2 of 2 rounds ranked" in text(one)

    two = page(site, f"{SLUG}/session-2/index.html")
    assert re.findall(r'href="\.\./\.\./gp-small/(grand-prix-\d+)/">Round', two) == ["grand-prix-3", "grand-prix-4"]
    assert [row[1] for row in tables(two)[0]["rows"]] == [NAMES[p] for p in session_ranking(small, [3])]
    assert "up to round 3" in text(two) and "1 of 2 rounds ranked" in text(two)
    # not the Grand Prix order: that one runs over rounds 1-3
    gp = [NAMES[r.player] for r in small.standings[-1].rows]
    assert [row[1] for row in tables(two)[0]["rows"]] != gp
    assert 'href="../../gp-small/standings/grand-prix-3/"' in two

    three = page(site, f"{SLUG}/session-3/index.html")
    assert text(three).count("not published yet") == 2 and "No round of this session is complete yet." in text(three)
    assert not tables(three)


def test_sessions_index_event_home_and_navigation(site):
    index = page(site, f"{SLUG}/sessions/index.html")
    assert re.findall(r'href="\.\./\.\./gp-small/(session-\d)/">Session', index) == ["session-1", "session-2", "session-3"]
    assert 'aria-current="page">Sessions</a>' in index
    home = page(site, f"{SLUG}/index.html")
    line = "Next: session 2 of 3, round 4 (round 2 of 2 in the session)."
    assert line in text(home) and line in text(index)
    current = re.search(r'<li class="session ([a-z-]+) current" aria-current="step">\s*<a class="session-name" href="([^"]+)"', home)
    assert current and current.groups() == ("in-progress", "../gp-small/session-2/")
    assert re.findall(r'<li class="session ([a-z-]+)', home) == ["complete", "in-progress", "upcoming"]
    # every event page links the sessions index from its navigation
    for path in ("index.html", "grand-prix-1/index.html", "players/index.html", "session-1/index.html"):
        assert re.search(r'<li><a href="(\.\./)+gp-small/sessions/"[^>]*>Sessions</a></li>', page(site, f"{SLUG}/{path}")), path
    # other formats get no sessions
    assert "Sessions" not in text(page(site, "index.html"))


def test_demo_season(site, demo):
    r17 = text(page(site, f"{DEMO}/grand-prix-17/index.html")).replace(" ,", ",")
    assert "Absent this round: Grzegorz Woźniak, Piotr Kamiński" in r17
    html = page(site, f"{DEMO}/grand-prix-9/index.html")
    for unit in round_of(demo, 9).units:
        if unit.short:
            assert "short table: not played" in table_of(html, unit_anchor(unit))["caption"]
            continue
        protocol = table_of(html, unit_anchor(unit) + "-deals")
        *rows, totals = protocol["rows"][1:]
        assert len(rows) == 20
        assert rows[-1][7::2] == [plain(v) for v in unit.small_points] == totals[1:]
    assert '<details class="protocol" id="table-1-deals">' in html  # 20 deals: collapsed
    session3 = page(site, f"{DEMO}/session-3/index.html")
    assert re.findall(r'href="\.\./\.\./baska-deszczno-2013/(grand-prix-\d+)/">Round', session3) == \
        [f"grand-prix-{n}" for n in (9, 10, 11, 12)]
    assert f'href="../{DEMO}/rules/"' in page(site, f"{DEMO}/index.html")  # the rules page inside the event
    assert "The season is over: all 8 sessions have been played." in text(page(site, f"{DEMO}/index.html"))


def unit_anchor(unit) -> str:
    return f"table-{unit.table}"


def test_rules_page_has_the_contract_table(site):
    html = page(site, "rules-baska-gp.html")
    found = {t["rows"][0][0]: t["rows"] for t in tables(html)}  # Markdown tables: the header is the first row
    contract = found["Game"]
    assert contract[0] == ["Game", "Kind", "X at level \"none\"", "Levels allowed", "Who gains, who loses"]
    assert [row[0].split(" ")[0] for row in contract[1:]] == ["para", "wesele", "cicha", "zolo", "zolo-du", "honorowe"]
    assert [row[2] for row in contract[3:]] == ["4", "5", "10", "10"]
    assert found["Level"] == [["Level", "none", "kontra", "rej", "bok", "sup"], ["Multiplier", "×1", "×2", "×4", "×8", "×16"]]
    assert [row[1] for row in found["Players at the short table"][1:]] == ["3", "2.5", "1.5"]
    assert '<div class="scroll">' in html  # wide tables scroll in their box on a phone
    assert f'href="./{DEMO}/"' in html  # the rules page lists the event that uses it


# -- the whole site ----------------------------------------------------------------------

def test_names_are_escaped_and_links_resolve(site):
    pages = [p for p in site.rglob("*.html") if SLUG in p.parts or DEMO in p.parts or p.name.startswith("rules-baska")]
    assert len(pages) > 60
    checked = 0
    for path in pages:
        html = path.read_text("utf-8")
        assert EVIL not in html and "<b>Co</b>" not in html, path
        for href in re.findall(r'(?:href|src)="([^"]+)"', html):
            if href.startswith(("http:", "https:", "mailto:")):
                continue
            target, _, anchor = href.partition("#")
            resolved = (path.parent / target).resolve() if target else path
            if target.endswith("/") or resolved.is_dir():
                resolved = resolved / "index.html"
            assert resolved.is_file(), f"{path.relative_to(site)}: {href}"
            if anchor:
                assert f'id="{anchor}"' in resolved.read_text("utf-8"), f"{path.relative_to(site)}: {href}"
            checked += 1
    assert checked > 2000
    escaped = "&lt;script&gt;alert(1)&lt;/script&gt;"
    for path in ("grand-prix-1/index.html", "grand-prix-2/index.html", "session-1/index.html", "sessions/index.html"):
        html = page(site, f"{SLUG}/{path}")
        assert escaped in html or "Zoë &amp; &lt;b&gt;Co&lt;/b&gt;" in html, path
    # the protocol names its players in full in tooltips, escaped like everywhere else
    protocol = page(site, f"{SLUG}/grand-prix-2/index.html").split('id="table-1-deals"')[1].split("</details>")[0]
    for pid in drawn(2, ABSENT_2)[0]:
        assert f'title="{escape(NAMES[pid], quote=False)}"' in protocol
