"""The Tantrix pages, built for real (``Pelican(...).run()`` into a temporary folder).

One build is shared by the tests: two small events written here.

``tx-cup`` (finished): 6 players in a bracket of 8, so seeds 1 and 2 have byes;
a quarterfinal with a penalty minute, one under status IGNORE decided by a
0.6 TP lead, a semifinal conceded (RESIGN) by the player who led, one decided
by an extra game, the final, and a one-match consolation draw; hostile names.

``tx-live`` (under way): 4 players; one semifinal decided, the other undecided
after its standard games with status TLATER and a date; the final waits for it.

Pages are read back and compared with the engine's own values
(``podium_core.pipeline.evaluate_one``).
"""

from __future__ import annotations

import posixpath
import re
import textwrap
from html import escape, unescape
from html.parser import HTMLParser
from pathlib import Path

import pytest

from podium_core.pipeline import evaluate_one
from pelican.plugins.podium.extensions.tantrix import initials, tp_text
from test_site import build, text

EVIL = "<script>alert(1)</script>"
BOB = "Bob & <b>Co</b>"
CUP_NAME = "Tantrix <i>Cup</i> & Co"

EVENTS = {
    "tx-cup": {
        "event.yaml": f"""
            name: "{CUP_NAME}"
            format: tantrix-wc
            options: {{standard_games: {{final: 3, semifinal: 2, quarterfinal: 2, earlier: 2}}}}
            dates: [2024-03-01]
            seed: tx-cup
            players:
              - {{id: ana, name: Ana Šimkutė, seed: 1}}
              - {{id: bob, name: "{BOB}", seed: 2}}
              - {{id: cid, name: "{EVIL}", seed: 3}}
              - {{id: dan, name: Dan Ąžuolas, seed: 4}}
              - {{id: eve, name: Eve Ōno, seed: 5}}
              - {{id: fay, name: Fay Tóth, seed: 6}}
            """,
        # bracket of 8 in standard order 1 8 4 5 2 7 3 6: matches 1 and 3 are byes
        "main-01.yaml": """
            stage: main
            round: 1
            matches:
              - match: 2
                players: [dan, eve]
                games:
                  - {margin: 10, penalty: [1, 0]}
                  - {margin: 8}
              - match: 4
                players: [cid, fay]
                games:
                  - {margin: 5}
                  - {score: [20, 24]}
                status: IGNORE
            """,
        "main-02.yaml": """
            stage: main
            round: 2
            matches:
              - match: 1
                players: [ana, dan]
                games:
                  - {margin: -3}
                status: RESIGN
                resigned: dan
              - match: 2
                players: [bob, cid]
                games:
                  - {margin: 3}
                  - {margin: -3}
                  - {margin: 6}
            """,
        "main-03.yaml": """
            stage: main
            round: 3
            matches:
              - match: 1
                players: [ana, bob]
                games:
                  - {margin: 20}
                  - {margin: 20}
                  - {margin: 20}
            """,
        "consolation-01.yaml": """
            stage: consolation
            round: 1
            matches:
              - match: 1
                players: [eve, fay]
                games:
                  - {margin: 2}
                  - {margin: -2}
                  - {margin: 1}
            """,
    },
    "tx-live": {
        "event.yaml": """
            name: Tantrix Live
            format: tantrix-wc
            options: {standard_games: {final: 3, semifinal: 2}}
            dates: [2024-04-01]
            seed: tx-live
            players:
              - {id: p1, name: Pia One, seed: 1}
              - {id: p2, name: Paul Two, seed: 2}
              - {id: p3, name: Pete Three, seed: 3}
              - {id: p4, name: Pam Four, seed: 4}
            """,
        "main-01.yaml": """
            stage: main
            round: 1
            matches:
              - match: 1
                players: [p1, p4]
                games:
                  - {margin: 10}
                  - {margin: 10}
              - match: 2
                players: [p2, p3]
                games:
                  - {margin: 3}
                  - {margin: -2}
                status: TLATER
                when: "2024-05-01"
            """,
        "main-02.yaml": """
            stage: main
            round: 2
            """,
    },
}


# -- building ------------------------------------------------------------------------

@pytest.fixture(scope="module")
def results(tmp_path_factory):
    folder = tmp_path_factory.mktemp("results")
    for slug, files in EVENTS.items():
        (folder / slug).mkdir()
        for name, body in files.items():
            (folder / slug / name).write_text(textwrap.dedent(body).lstrip("\n"), "utf-8")
    return folder


@pytest.fixture(scope="module")
def site(results, tmp_path_factory):
    return build(results, tmp_path_factory.mktemp("site") / "output")


@pytest.fixture(scope="module")
def outcomes(results):
    return {slug: evaluate_one(results / slug) for slug in EVENTS}


def read(site: Path, path: str) -> str:
    return (site / path).read_text("utf-8")


# -- a small DOM to read pages back --------------------------------------------------------

class Node:
    def __init__(self, tag, attrs, parent=None):
        self.tag, self.attrs, self.parent, self.children = tag, dict(attrs), parent, []

    @property
    def classes(self) -> set:
        return set((self.attrs.get("class") or "").split())

    def raw(self) -> str:
        return "".join(child if isinstance(child, str) else child.raw() for child in self.children)

    def text(self) -> str:
        return " ".join(self.raw().split())

    def all(self, tag=None, cls=None) -> list:
        found = []
        for child in self.children:
            if isinstance(child, Node):
                if (tag is None or child.tag == tag) and (cls is None or cls in child.classes):
                    found.append(child)
                found += child.all(tag, cls)
        return found

    def first(self, tag=None, cls=None):
        found = self.all(tag, cls)
        assert found, f"no <{tag or '*'} class={cls}> inside <{self.tag}>"
        return found[0]

    def direct(self, tag=None, cls=None) -> list:
        return [c for c in self.children if isinstance(c, Node) and (tag is None or c.tag == tag)
                and (cls is None or cls in c.classes)]


class Dom(HTMLParser):
    VOID = {"br", "img", "input", "meta", "link", "hr", "col", "source", "wbr", "line", "rect", "circle"}

    def __init__(self, html):
        super().__init__(convert_charrefs=True)
        self.root = Node("root", {})
        self.at = self.root
        self.feed(html)

    def handle_starttag(self, tag, attrs):
        node = Node(tag, attrs, self.at)
        self.at.children.append(node)
        if tag not in self.VOID:
            self.at = node

    def handle_startendtag(self, tag, attrs):
        self.at.children.append(Node(tag, attrs, self.at))

    def handle_endtag(self, tag):
        if tag in self.VOID:
            return
        node = self.at
        while node is not self.root and node.tag != tag:
            node = node.parent
        if node is not self.root:
            self.at = node.parent

    def handle_data(self, data):
        self.at.children.append(data)


def dom(html: str) -> Node:
    return Dom(html).root


def bracket_of(html: str, stage: str) -> list:
    """[(round heading, [(match label, [(seed, name, tp, winner), ...]), ...]), ...] of one draw."""
    section = next(s for s in dom(html).all("section", "tx-draw") if s.first("h2").attrs.get("id") == f"bracket-{stage}")
    rounds = []
    for rnd in section.all("li", "tx-round"):
        slots = []
        for slot in rnd.all("li", "tx-slot"):
            lines = [(ln.first("span", "tx-seed").text(), ln.first("span", "tx-name").text(), ln.first("span", "tx-tp").text(),
                      "winner" in ln.classes) for ln in slot.all("li", "tx-line")]
            slots.append((slot.first("p", "tx-match-head").text(), lines))
        rounds.append((rnd.first("h3").text(), slots))
    return rounds


def games_rows(html: str) -> list:
    table = dom(html).first("table", "tx-games")
    return [[cell.text() for cell in row.direct() if cell.tag in ("th", "td")] + [row.attrs.get("class", "")]
            for row in table.first("tbody").direct("tr")]


def tp(tenths: int) -> str:
    return f"{tenths / 10:.1f}"


def units(outcome, stage, number):
    rnd = next(r for r in outcome.rounds if r.stage == stage and r.round == number)
    return {u.match: u for u in rnd.units}


# -- the bracket ----------------------------------------------------------------------------

def test_bracket_pairs_byes_winners_and_totals(site, outcomes):
    main = bracket_of(read(site, "tx-cup/bracket/index.html"), "main")
    assert [name for name, _ in main] == ["Quarterfinal complete", "Semifinal complete", "Final complete"]
    quarter, semi, final = (slots for _, slots in main)
    # byes: seeds 1 and 2 go through without a match
    assert quarter[0] == ("Match 1 bye: goes through", [("1", "Ana Šimkutė ★ (winner)", "", True), ("", "bye", "", False)])
    assert quarter[2] == ("Match 3 bye: goes through", [("2", f"{BOB} ★ (winner)", "", True), ("", "bye", "", False)])
    assert quarter[1] == ("Match 2", [("4", "Dan Ąžuolas ★ (winner)", "31.0", True), ("5", "Eve Ōno", "9.0", False)])
    assert quarter[3][0] == "Match 4 IGNORE"
    assert quarter[3][1] == [("3", f"{EVIL} ★ (winner)", "20.3", True), ("6", "Fay Tóth", "19.7", False)]
    # the winners of matches 2j-1 and 2j meet in match j; totals are the engine's
    assert semi[0] == ("Match 1 RESIGN", [("1", "Ana Šimkutė ★ (winner)", "5.7", True), ("4", "Dan Ąžuolas resigned", "14.3", False)])
    assert semi[1] == ("Match 2", [("2", f"{BOB} ★ (winner)", "35.3", True), ("3", EVIL, "24.7", False)])
    assert final == [("Match 1", [("1", "Ana Šimkutė ★ (winner)", "54.0", True), ("2", BOB, "6.0", False)])]
    # against the engine's bracket
    engine = outcomes["tx-cup"].extra["bracket"]
    for (_, slots), rnd in zip(main, engine["rounds"]):
        for (_, lines), slot in zip(slots, rnd["slots"]):
            assert [winner for *_, winner in lines] == [p is not None and p == slot["winner"] for p in slot["players"]]
            if "tp" in slot:
                assert [line[2] for line in lines] == [f"{v:.1f}" for v in slot["tp"]]


def test_consolation_draw(site):
    html = read(site, "tx-cup/bracket/index.html")
    consolation = bracket_of(html, "consolation")
    assert consolation == [("Final complete", [("Match 1", [("1", "Eve Ōno ★ (winner)", "33.3", True), ("2", "Fay Tóth", "26.7", False)])])]
    page = text(html)
    assert "Champion: Ana Šimkutė" in page and "Winner of the consolation draw: Eve Ōno" in page
    assert "6 players in a bracket of 8, seeded in standard order. 2 byes." in page


def test_upcoming_slots_wait_for_earlier_matches(site):
    html = read(site, "tx-live/bracket/index.html")
    semi, final = bracket_of(html, "main")
    assert semi[0] == "Semifinal in progress" and final[0] == "Final upcoming"
    assert final[1] == [("Match 1", [("1", "Pia One", "", False), ("", "winner of match 2", "", False)])]
    # the undecided semifinal: TLATER with its date, no winner yet
    label, lines = semi[1][1]
    assert label == "Match 2 TLATER 2024-05-01"
    assert [line[3] for line in lines] == [False, False]
    assert '<time datetime="2024-05-01">2024-05-01</time>' in html
    # no consolation draw without a consolation round file
    assert 'id="bracket-consolation"' not in html


def test_status_badges_have_titles_and_a_legend(site):
    html = read(site, "tx-live/bracket/index.html")
    badge = re.search(r'<span class="badge tx-st tx-st-tlater" title="([^"]+)">', html)
    assert badge and "extra games later" in badge.group(1)
    legend = text(html)
    for code in ("TIMMED", "TLATER", "NONAGR", "UNSURE", "DISPUT", "IGNORE", "RESIGN"):
        assert f"{code}: " in legend, code
    assert "IGNORE: both players agreed before the match to drop the 5.0 TP rule" in legend


# -- match pages ----------------------------------------------------------------------------

MATCH_PAGES = [("tx-cup", "main", 1, 2), ("tx-cup", "main", 1, 4), ("tx-cup", "main", 2, 1), ("tx-cup", "main", 2, 2),
               ("tx-cup", "main", 3, 1), ("tx-cup", "consolation", 1, 1), ("tx-live", "main", 1, 1), ("tx-live", "main", 1, 2)]


@pytest.mark.parametrize("slug,stage,number,match", MATCH_PAGES)
def test_match_page_games_equal_the_engine(site, outcomes, slug, stage, number, match):
    unit = units(outcomes[slug], stage, number)[match]
    rows = games_rows(read(site, f"{slug}/{stage}-{number}/match-{match}/index.html"))
    played = [r for r in rows if "tx-next" not in r[-1]]
    assert len(played) == len(unit.games)
    for row, game in zip(played, unit.games):
        number_cell, tiles, tp_a, tp_b, total_a, total_b, lead, classes = row
        assert number_cell.split()[0] == str(game.number)
        # a penalty minute is shown in front of the TP it changed
        assert tp_a.split()[-1] == tp(game.tp[0]) and tp_b.split()[-1] == tp(game.tp[1])
        assert (total_a, total_b) == (tp(game.total[0]), tp(game.total[1]))
        difference = game.total[0] - game.total[1]
        assert lead.split()[-1] == (tp(abs(difference)) if difference else "level")
        assert ("extra" in number_cell.split()) == game.extra == ("tx-extra" in classes)
        assert ("tx-decider" in classes) == (game.number == unit.decided_after)
        if game.score is not None:
            assert tiles == f"{game.score[0]}–{game.score[1]}"
    assert (len(rows) > len(played)) == (unit.winner is None)  # "to be played" while undecided


def test_match_page_penalty_and_decision(site):
    html = read(site, "tx-cup/main-1/match-2/index.html")
    rows = games_rows(html)
    # Dan by 10 is 16.2-3.8; his penalty minute moves 1.0 TP to Eve
    assert rows[0][:7] == ["1", "DĄ by 10", "penalty minutes: 1′ 15.2", "4.8", "15.2", "4.8", "DĄ 10.4"]
    assert 'title="1 penalty minute: 16.2 TP before penalties"' in html
    page = text(html)
    assert "Decided after game 2, the last standard game. Leader: Dan Ąžuolas, by 22.0 TP (5.0 needed)." in page
    assert "Quarterfinal" in page and "Match 2" in page


def test_extra_game_decides(site):
    html = read(site, "tx-cup/main-2/match-2/index.html")
    rows = games_rows(html)
    assert [r[0] for r in rows] == ["1", "2", "3 extra decided"]
    assert rows[1][6] == "level"
    assert "Decided after game 3 (extra game 1). Leader: Bob & <b>Co</b>, by 10.6 TP (5.0 needed)." in text(html)


def test_ignore_match_page(site):
    html = read(site, "tx-cup/main-1/match-4/index.html")
    page = text(html)
    assert "IGNORE 5.0 rule dropped" in page
    assert "IGNORE: the standard games’ total decided after game 2 (any lead wins)." in page
    assert ", by 0.6 TP." in page
    # the 5.0 rule does not apply: no 5.0 lines in the chart
    assert 'class="tx-five"' not in html


def test_resign_match_page(site):
    html = read(site, "tx-cup/main-2/match-1/index.html")
    page = text(html)
    assert "RESIGN resigned: Dan Ąžuolas" in page
    assert "Resigned after 1 game: Dan Ąžuolas. Match winner: Ana Šimkutė." in page
    assert re.search(r'<span class="badge tx-st tx-st-resign" title="RESIGN: a player conceded the match', html)


def test_tlater_match_needs_a_game(site):
    html = read(site, "tx-live/main-1/match-2/index.html")
    page = text(html)
    assert "TLATER extra games: 2024-05-01" in page
    assert "Extra games agreed for later: 2024-05-01" in page
    assert "needs a game" in page
    assert ("Needs a game. After game 2 Paul Two leads by 0.8 TP. Extra game 1 (game 3) is next; "
            "a lead of at least 5.0 TP after it wins.") in page
    assert games_rows(html)[-1][:2] == ["3 extra", "to be played"]


def test_lead_chart_has_a_bar_per_game_against_the_five_line(site, outcomes):
    html = read(site, "tx-cup/main-2/match-2/index.html")
    chart = dom(html).first("svg", "tx-chart")
    bars = chart.all("rect", "tx-bar")
    unit = units(outcomes["tx-cup"], "main", 2)[2]
    sides = [("tx-bar-a" if g.total[0] > g.total[1] else "tx-bar-b" if g.total[0] < g.total[1] else "tx-bar-tie") for g in unit.games]
    assert [next(c for c in b.classes if c.startswith("tx-bar-")) for b in bars] == sides
    assert "decider" in bars[-1].classes and "extra" in bars[-1].classes
    assert len(chart.all("line", "tx-five")) == 2
    assert chart.first("title").text() == "Running lead after each game"
    # the 5.0 lines sit as far from the zero line as a 5.0 lead bar is tall
    zero = float(chart.first("line", "tx-zero").attrs["y1"])
    five = float(chart.all("line", "tx-five")[0].attrs["y1"])
    first = bars[0]  # Bob leads by 8.6 after game 1
    assert abs(float(first.attrs["height"]) - (zero - five) * 8.6 / 5.0) < 0.2


# -- round pages, navigation, classification ---------------------------------------------------

def test_round_page_lists_matches_with_links(site):
    html = read(site, "tx-cup/main-1/index.html")
    page = text(html)
    assert "<h1>Quarterfinal" in html
    assert "Byes: Ana Šimkutė (seed 1) — match 1; Bob & <b>Co</b> (seed 2) — match 3." in page
    cards = dom(html).all("section", "tx-card")
    assert [c.attrs["id"] for c in cards] == ["match-2", "match-4"]
    assert 'href="../../tx-cup/main-1/match-2/"' in html and 'href="../../tx-cup/main-1/match-4/"' in html
    card = cards[1]
    assert [r.text() for r in card.first("tbody").direct("tr")] == [f"3 {EVIL} ★ (winner) 20.3", "6 Fay Tóth 19.7"]
    assert "decided after game 2" in card.text()


def test_event_navigation_links_the_bracket(site):
    for page in ("tx-cup/index.html", "tx-cup/main-1/index.html", "tx-live/players/index.html"):
        html = read(site, page)
        nav = dom(html).first("nav", "event-nav")
        assert "Bracket" in [a.text() for a in nav.all("a")], page
    html = read(site, "tx-cup/bracket/index.html")
    assert '<a href="../../tx-cup/bracket/" aria-current="page">Bracket</a>' in html


def test_classification_shares_places(site):
    html = read(site, "tx-cup/classification/index.html")
    table = dom(html).first("table", "classification")
    rows = [[c.text() for c in r.direct() if c.tag in ("td", "th")][:2] for r in table.first("tbody").direct("tr")]
    assert rows == [["1", "Ana Šimkutė"], ["2", BOB], ["=3", EVIL], ["=3", "Dan Ąžuolas"], ["=5", "Eve Ōno"], ["=5", "Fay Tóth"]]
    # the bracket page says where everyone went out
    places = dom(read(site, "tx-cup/bracket/index.html")).first("table", "tx-places")
    lines = [[c.text() for c in r.direct() if c.tag in ("td", "th")] for r in places.first("tbody").direct("tr")]
    assert lines == [["1", "Ana Šimkutė", "1", "★ champion"], ["2", BOB, "2", "Final"], ["=3", EVIL, "3", "Semifinal"],
                     ["=3", "Dan Ąžuolas", "4", "Semifinal"], ["=5", "Eve Ōno", "5", "Quarterfinal"],
                     ["=5", "Fay Tóth", "6", "Quarterfinal"]]
    assert not (site / "tx-live" / "classification").exists()


def test_every_link_resolves(site):
    checked = 0
    pages = [p for slug in EVENTS for p in (site / slug).rglob("*.html")]
    assert len(pages) > 20
    for path in pages:
        html = path.read_text("utf-8")
        base = path.parent.relative_to(site).as_posix()
        for href in re.findall(r'href="([^"]+)"', html):
            href = unescape(href)
            if href.startswith(("http:", "https:", "mailto:")):
                continue
            target, _, fragment = href.partition("#")
            if not target:
                file = path
            else:
                resolved = posixpath.normpath(posixpath.join(base, target))
                file = site / resolved
                if target.endswith("/") or file.is_dir():
                    file = file / "index.html"
            assert file.exists(), f"{path.relative_to(site)}: {href}"
            if fragment and file.suffix == ".html":
                assert f'id="{fragment}"' in file.read_text("utf-8"), f"{path.relative_to(site)}: {href}"
            checked += 1
    assert checked > 200


def test_names_are_escaped(site):
    pages = list((site / "tx-cup").rglob("*.html"))
    for path in pages:
        html = path.read_text("utf-8")
        for raw in (EVIL, "<b>Co</b>", "<i>Cup</i>"):
            assert raw not in html, (path, raw)
    for page in ("bracket/index.html", "main-1/match-4/index.html", "main-2/index.html", "classification/index.html"):
        html = read(site, f"tx-cup/{page}")
        assert escape(EVIL, quote=False) in html, page
        if "match-4" not in page:  # Bob plays there
            assert escape(BOB, quote=False) in html, page


def test_small_values():
    assert [tp_text(v) for v in (0, 7, -7, 152, -1003)] == ["0.0", "0.7", "-0.7", "15.2", "-100.3"]
    assert initials("Māris Ozoliņš") == "MO"
    assert initials("Tomas Paulauskas") == "TPa"  # not "TP", the column of tournament points
    assert initials(EVIL) == "Sc"
