"""A player with a bye sees it: on their page (the round, "bye" and what it
counts for), in their "now" box while the round is on, on the find-your-table
page and on the score sheets page of the round."""

import re

from test_venue_e2e import Venue


def bye_of(page_html: str) -> str:
    return re.search(r"<strong>Bye:</strong> (?:<bdi>)?<a href=\"[^\"]*players/([a-z0-9-]+)/\"", page_html).group(1)


def test_a_carcassonne_bye_is_on_the_players_page_and_the_sheets(tmp_path, monkeypatch, capsys):
    venue = Venue(tmp_path, monkeypatch, capsys, "carcassonne-lv", 7, options="{odd_field: bye}")
    event = venue.folder / "event.yaml"  # 7 players and the reserve that evens them: the reserve goes
    event.write_text(re.sub(r"  - id: \S+\n    name: \"[^\"]+\"\n    reserve: true\n", "", event.read_text("utf-8")), "utf-8")
    names = venue.names()
    venue.ok("pair", "--write")
    doc, page = venue.site()
    bye = doc["rounds"][0]["bye"]
    assert bye in names and bye_of(page("swiss-1/index.html")) == bye
    player = page(f"players/{bye}/index.html")
    assert "<strong>Bye this round:</strong>" in player and "counts as a win (score 0)" in player
    assert re.search(r'<td class="result"><span class="badge">bye</span> counts as a win \(score 0\)', player)
    sheets = page("swiss-1/sheets/index.html")
    assert re.search(rf"<strong>Byes \(no sheet\):</strong> (<bdi>)?<a [^>]*players/{bye}/\"[^>]*>(<bdi>)?{re.escape(names[bye])}", sheets)
    assert names[bye] in page("swiss-1/find/index.html").split('class="wf-byes"')[1]
    venue.ok("enter", stdin="".join(f"{100 + i} {90 - i}\n" for i in range(3)))
    doc, page = venue.site()
    player = page(f"players/{bye}/index.html")
    row = re.search(r"<tr class=\"result-bye\">(.*?)</tr>", player, re.S).group(1)
    assert "swiss-1/" in row and "Swiss, round 1" in row
    rank = next(r["rank"] for r in doc["standings"][0]["rows"] if r["player"] == bye)
    assert re.search(rf'data-label="Rank"><a [^>]*>{rank}</a>', row)


def test_tantrix_byes_are_on_the_players_pages(tmp_path, monkeypatch, capsys):
    venue = Venue(tmp_path, monkeypatch, capsys, "tantrix-wc", 6)
    venue.ok("pair", "--write")
    doc, page = venue.site()
    seated = set(sum(venue.seated("main-01.yaml"), []))
    byes = sorted(set(venue.names()) - seated)
    assert len(byes) == 2
    for pid in byes:
        player = page(f"players/{pid}/index.html")
        assert re.search(r'<tr class="result-bye">.*goes on to the next round without a match', player, re.S), pid
    assert "Byes (no sheet):" in page("main-1/sheets/index.html")


def test_the_bye_counts_as_bye_result_says_and_pair_writes_it_into_an_existing_file(tmp_path, monkeypatch, capsys):
    """bye_result: half on every page that shows the bye; podium pair --write writes bye: into the round file the
    organiser created (the documented flow) and names it in its printout."""
    venue = Venue(tmp_path, monkeypatch, capsys, "carcassonne-lv", 7, options="{odd_field: bye, bye_result: half}")
    event = venue.folder / "event.yaml"
    event.write_text(re.sub(r"  - id: \S+\n    name: \"[^\"]+\"\n    reserve: true\n", "", event.read_text("utf-8")), "utf-8")
    names = venue.names()
    round1 = venue.folder / "swiss-01.yaml"
    round1.write_text("stage: swiss\nround: 1\n# the organiser's own comment\n", "utf-8")
    out = venue.ok("pair", "--write")
    bye = re.search(r"^bye: (\S+)$", round1.read_text("utf-8"), re.M).group(1)
    assert f"  bye: {names[bye]} ({bye})" in out.splitlines() and "# the organiser's own comment" in round1.read_text("utf-8")
    assert venue.run("validate")[0] == 0
    doc, page = venue.site()
    assert doc["rounds"][0]["bye"] == bye and doc["options"]["bye_result"] == "half"
    assert f"sits out this round: counts ½ (score 0)." in page("swiss-1/index.html")
    assert "counts ½ (score 0)" in page(f"players/{bye}/index.html")
    assert "counts ½ (score 0)" in page("swiss-1/sheets/index.html")
    venue.ok("enter", stdin="".join(f"{100 + i} {90 - i}\n" for i in range(3)))
    doc, _page = venue.site()
    assert next(r["values"]["wins"] for r in doc["standings"][0]["rows"] if r["player"] == bye) == 0.5


def test_two_groups_odd_after_withdrawals_each_have_a_bye_written_validated_and_shown(tmp_path, monkeypatch, capsys):
    """Two groups of four under odd_field: bye; one player of each withdraws before round 2: podium withdraw re-seats
    the round with a bye in each group (bye: [a, b]), names both in its printout, validate accepts the file, and
    event.json, the round page and both players' pages show each bye."""
    from podium_core.pipeline import evaluate_one

    venue = Venue(tmp_path, monkeypatch, capsys, "carcassonne-lv", 8,
                  options="{odd_field: bye, groups: 2, swiss_rounds: 3, playoff_size: 4}")
    names = venue.names()
    venue.ok("pair", "--write")
    venue.ok("enter", stdin="".join(f"{100 + i} {90 - i}\n" for i in range(4)))
    groups = evaluate_one(venue.folder).extra["groups"]
    venue.ok("withdraw", groups["A"][0])
    out = venue.ok("withdraw", groups["B"][0])
    text = (venue.folder / "swiss-02.yaml").read_text("utf-8")
    byes = re.search(r"^bye: \[(\S+), (\S+)\]$", text, re.M).groups()
    assert [next(g for g, members in groups.items() if pid in members) for pid in byes] == ["A", "B"]
    assert all(f"  bye: {names[pid]} ({pid})" in out.splitlines() for pid in byes)
    assert venue.run("validate")[0] == 0
    doc, page = venue.site()
    assert doc["rounds"][1]["bye"] == list(byes)
    shown = re.findall(r"<strong>Bye:</strong> (?:<bdi>)?<a href=\"[^\"]*players/([a-z0-9-]+)/\"", page("swiss-2/index.html"))
    assert shown == list(byes)
    for pid in byes:
        assert re.search(r'<tr class="result-bye">.*swiss-2/', page(f"players/{pid}/index.html"), re.S)
