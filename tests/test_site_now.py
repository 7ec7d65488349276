"""The player at the venue: the first screen's facts, the schedule, sharing, one language a page.

Built from copies of the demo events (three of them have a ``schedule``):

- ``schedule`` in event.yaml is validated (``path:line: message``, every problem
  at once) and each round shows its start; ``schedule.ics`` is RFC 5545 with
  stable UIDs and the same bytes on every build;
- the event home says which round is on or next, with its start, and has the
  find-me box; a player's page starts with their now; standings that feed the
  next stage draw the qualification cut;
- every page has a description, Open Graph and Twitter tags, a favicon, and a
  canonical URL under an absolute ``SITEURL``; event pages carry schema.org
  ``SportsEvent`` JSON-LD and "data as of" the date of the latest result;
- the site menu, the Markdown pages and the search page speak the page's language.
"""

from __future__ import annotations

import datetime
import json
import re
import shutil
from pathlib import Path

import pytest

from test_site import build

ROOT = Path(__file__).resolve().parents[1]
DEMO = ("catan-latvija-2016", "route66-vilnius-2011", "carcassonne-latvija-2020", "tantrix-wc-2003")
SITEURL = "https://results.example.org"


@pytest.fixture(scope="module")
def demo(tmp_path_factory) -> Path:
    results = tmp_path_factory.mktemp("now-results")
    for slug in DEMO:
        shutil.copytree(ROOT / "results" / slug, results / slug)
    shutil.copy(ROOT / "results" / "players.yaml", results / "players.yaml")
    return results


@pytest.fixture(scope="module")
def site(demo, tmp_path_factory) -> Path:
    # each event in its own language; absolute URLs, as a published build
    return build(demo, tmp_path_factory.mktemp("now-site") / "output", PODIUM_LANGUAGE=None,
                 SITEURL=SITEURL, RELATIVE_URLS=False)


def read(site: Path, path: str) -> str:
    return (site / path).read_text("utf-8")


def text(html: str) -> str:
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", re.sub(r"<(script|style)\b.*?</\1>", " ", html, flags=re.S)))


# -- schedule ----------------------------------------------------------------------------------

def test_schedule_problems_are_reported_at_their_lines(demo, tmp_path, capsys):
    from podium_core.cli import main

    folder = tmp_path / "results" / "route66-vilnius-2011"
    shutil.copytree(demo / "route66-vilnius-2011", folder)
    event = folder / "event.yaml"
    lines = event.read_text("utf-8").splitlines()
    at = lines.index("schedule:")
    lines[at + 1:at + 1] = ['  qualifying-3: "2011-08-16 21:00"', '  semifinal-1: "2011-08-16 21:00"']
    event.write_text("\n".join(lines) + "\n", "utf-8")
    code = main(["validate", str(tmp_path / "results")])
    out = capsys.readouterr()
    said = out.out + out.err  # problems on stderr
    assert code == 1
    path = str(event)
    assert f"{path}:{at + 2}: schedule: qualifying has 2 round(s); there is no round 3" in said
    assert f"{path}:{at + 3}: schedule: 'semifinal-1' names no stage of catan-lt-route66" in said
    # a key that names no round at all is the schema's to refuse
    event.write_text(event.read_text("utf-8").replace("semifinal-1:", "final-1x:"), "utf-8")
    assert main(["validate", str(tmp_path / "results")]) == 1
    assert re.search(rf"^{re.escape(path)}:\d+: schedule: 'final-1x' does not match", capsys.readouterr().err, flags=re.M)
    assert "Traceback" not in said


def test_schedule_times_must_be_real(demo, tmp_path, capsys):
    from podium_core.cli import main

    folder = tmp_path / "results" / "catan-latvija-2016"
    shutil.copytree(demo / "catan-latvija-2016", folder)
    event = folder / "event.yaml"
    source = event.read_text("utf-8").replace('qualifying-2: "2016-05-07 12:30"', 'qualifying-2: "2016-05-32 12:30"')
    event.write_text(source, "utf-8")
    line = source.splitlines().index('  qualifying-2: "2016-05-32 12:30"') + 1
    assert main(["validate", str(tmp_path / "results")]) == 1
    assert f"{event}:{line}: schedule: '2016-05-32 12:30' is not a date and time (YYYY-MM-DD HH:MM)" in capsys.readouterr().err


def test_rounds_show_their_start_and_the_calendar_lists_them(site):
    import icalendar
    from zoneinfo import ZoneInfo

    page = read(site, "catan-latvija-2016/qualifying-2/index.html")
    assert '<p class="round-start">Sākums: <time datetime="2016-05-07T12:30">2016. gada 7. maijs, 12:30</time></p>' in page
    ics = (site / "catan-latvija-2016" / "schedule.ics").read_bytes()
    assert ics.startswith(b"BEGIN:VCALENDAR\r\n") and ics.endswith(b"END:VCALENDAR\r\n")
    assert all(len(line) <= 75 for line in ics.split(b"\r\n"))
    cal = icalendar.Calendar.from_ical(ics)
    cal.validate()
    (zone,) = cal.walk("VTIMEZONE")
    assert zone["TZID"] == "Europe/Riga"
    events = cal.walk("VEVENT")
    assert [str(e["UID"]) for e in events] == [f"catan-latvija-2016-{r}@results.example.org" for r in
                                               ("qualifying-1", "qualifying-2", "qualifying-3", "qualifying-4",
                                                "semifinal-1", "final-1")]
    riga = ZoneInfo("Europe/Riga")
    first = events[0]
    # 10:00 in Riga is 07:00 UTC (summer time), whatever zone reads it
    assert first.decoded("DTSTART") == datetime.datetime(2016, 5, 7, 10, 0, tzinfo=riga)
    assert first.decoded("DTSTART").astimezone(datetime.timezone.utc).hour == 7
    assert first.decoded("DTEND") == datetime.datetime(2016, 5, 7, 12, 30, tzinfo=riga)
    # every round has an end: the last of a day lasts the documented length
    from pelican.plugins.podium.extensions.calendar import LAST_ROUND_LENGTH

    ends = {str(e["UID"]).split("@")[0]: e.decoded("DTEND") - e.decoded("DTSTART") for e in events}
    assert ends["catan-latvija-2016-qualifying-4"] == LAST_ROUND_LENGTH
    assert ends["catan-latvija-2016-final-1"] == LAST_ROUND_LENGTH
    assert ends["catan-latvija-2016-semifinal-1"] == datetime.timedelta(hours=3)
    assert str(first["SUMMARY"]) == "Pamatturnīrs, 1. kārta — Latvijas Katanas čempionāts 2016"
    assert str(first["URL"]) == f"{SITEURL}/catan-latvija-2016/qualifying-1/"
    # DTSTAMP from the data (the date of the latest result), never the clock
    assert {e.decoded("DTSTAMP") for e in events} == {datetime.datetime(2016, 5, 14, tzinfo=datetime.timezone.utc)}
    assert 'href="https://results.example.org/catan-latvija-2016/schedule.ics" type="text/calendar"' in read(site, "catan-latvija-2016/index.html")
    assert not (site / "tantrix-wc-2003" / "schedule.ics").exists()  # no schedule: no calendar


def test_the_calendar_is_the_same_on_every_build(demo, site, tmp_path):
    again = build(demo, tmp_path / "output", PODIUM_LANGUAGE=None, SITEURL=SITEURL, RELATIVE_URLS=False)
    for slug in ("catan-latvija-2016", "route66-vilnius-2011"):
        assert (again / slug / "schedule.ics").read_bytes() == (site / slug / "schedule.ics").read_bytes()


def test_a_calendar_without_timezone_is_floating_and_its_uids_have_the_fallback_host(demo, tmp_path):
    import icalendar

    from pelican.plugins.podium.urls import FALLBACK_HOST

    results = tmp_path / "results"
    shutil.copytree(demo / "catan-latvija-2016", results / "catan-latvija-2016")
    shutil.copy(demo / "players.yaml", results / "players.yaml")
    event = results / "catan-latvija-2016" / "event.yaml"
    event.write_text(event.read_text("utf-8").replace("timezone: Europe/Riga\n", ""), "utf-8")
    out = build(results, tmp_path / "output", PODIUM_LANGUAGE=None)
    cal = icalendar.Calendar.from_ical((out / "catan-latvija-2016" / "schedule.ics").read_bytes())
    cal.validate()
    assert not cal.walk("VTIMEZONE")
    events = cal.walk("VEVENT")
    assert events[0].decoded("DTSTART") == datetime.datetime(2016, 5, 7, 10, 0)  # floating: no zone
    assert all(str(e["UID"]).endswith("@" + FALLBACK_HOST) for e in events)
    assert all("URL" not in e for e in events)  # no absolute address to give


def test_a_timezone_that_is_no_iana_name_is_reported_at_its_line(demo, tmp_path, capsys):
    from podium_core.cli import main

    shutil.copytree(demo / "catan-latvija-2016", tmp_path / "results" / "catan-latvija-2016")
    shutil.copy(demo / "players.yaml", tmp_path / "results" / "players.yaml")
    event = tmp_path / "results" / "catan-latvija-2016" / "event.yaml"
    source = event.read_text("utf-8").replace("timezone: Europe/Riga", "timezone: Europe/Rigga")
    event.write_text(source, "utf-8")
    line = source.splitlines().index("timezone: Europe/Rigga") + 1
    assert main(["validate", str(tmp_path / "results")]) == 1
    err = capsys.readouterr().err
    assert f"{event}:{line}: timezone: 'Europe/Rigga' is not a time zone (did you mean Europe/Riga" in err
    assert "Traceback" not in err


# -- the event's and the player's now ----------------------------------------------------------------

def test_the_event_home_says_what_is_on_and_has_a_find_me_box(site):
    home = read(site, "route66-vilnius-2011/index.html")
    status = home[home.index('<section class="status-box'):]
    assert 'href="https://results.example.org/route66-vilnius-2011/qualifying-2/"' in status[:600]
    assert '<p class="now-start">Pradžia: <time datetime="2011-08-16T20:00">' in status
    assert 'href="https://results.example.org/route66-vilnius-2011/qualifying-2/find/"' in status
    form = re.search(r'<form class="find-me"[^>]*action="([^"]+)"', home)
    assert form and form.group(1) == f"{SITEURL}/search/lt/"
    assert '<option value="Darius Šimkus" data-url="https://results.example.org/route66-vilnius-2011/players/darius-simkus/">' in home


def test_a_seated_player_sees_table_seat_opponents_and_start_before_the_history(site):
    page = read(site, "route66-vilnius-2011/players/darius-simkus/index.html")
    now = page[page.index('<section class="player-now now-seated"'):page.index('id="games-heading"')]
    facts = text(now)
    assert "Atranka, 2 raundas" in facts and "Stalas 5" in facts and "Vieta prie stalo 1" in facts and "20:00" in facts
    assert "Varžovai: Žygimantas Stankevičius" in facts and "Šarūnas Jankauskas" in facts


def test_a_player_out_of_the_event_is_told_so(site):
    from pelican.plugins.podium import progress as now_module
    from pelican.plugins.podium.views import event_view
    from podium_core.pipeline import evaluate_one

    outcome = evaluate_one(ROOT / "results" / "carcassonne-latvija-2020")
    ev = event_view(outcome)
    now_module.attach(ev)
    quarterfinalists = {s.player.id for u in ev.rounds[-1].units for s in u.seats}
    states = {pid: pp.now.state for pid, pp in ev.player_pages.items()}
    assert {states[pid] for pid in quarterfinalists} == {"seated"}
    out = [pid for pid in states if pid not in quarterfinalists]
    assert out and {states[pid] for pid in out} == {"out"}
    assert all(ev.player_pages[pid].now.last.stage == "swiss" for pid in out)
    page = read(site, f"carcassonne-latvija-2020/players/{out[0]}/index.html")
    assert '<section class="player-now now-out"' in page and "Pēdējā izspēlētā kārta:" in page


def test_standings_that_feed_a_stage_draw_the_cut(site):
    """The line goes under the 16th qualifier who actually goes on: a qualifier
    the semifinal lists as withdrawn is above it but not marked."""
    from podium_core.pipeline import evaluate_one

    outcome = evaluate_one(ROOT / "results" / "catan-latvija-2016")
    ranked = [row.player for row in outcome.latest_standing("qualifying").rows]
    withdrawn = {pid for rnd in outcome.event.rounds if rnd.stage == "semifinal" for pid in rnd.withdrawn}
    going = [pid for pid in ranked if pid not in withdrawn][:16]
    last = ranked.index(going[-1])
    expected = ["qualifies cut" if i == last else "qualifies" if pid in going else "" for i, pid in enumerate(ranked[:last + 1])]
    html = read(site, "catan-latvija-2016/standings/qualifying-4/index.html")
    rows = re.findall(r'<tr(?: id="[^"]*")? class="([^"]*)">', html[html.index('<table class="standings has-cut">'):])
    assert withdrawn & set(ranked[:16]) and rows[:last + 1] == expected and "qualifies" not in rows[last + 1]
    assert "Virs līnijas: 16 spēlētāju, kas iekļūst nākamajā posmā" in html
    group = read(site, "carcassonne-latvija-2020/standings/swiss-a-5/index.html")
    rows = re.findall(r'<tr(?: id="[^"]*")? class="([^"]*)">', group[group.index('<table class="standings has-cut">'):])
    assert rows[3] == "qualifies cut" and rows.count("qualifies") == 3
    # the last stage's standings feed nothing: no line
    assert "has-cut" not in read(site, "catan-latvija-2016/standings/semifinal-1/index.html")


# -- sharing ------------------------------------------------------------------------------------

def test_every_page_has_sharing_tags_and_a_canonical_url(site):
    pages = sorted(site.rglob("*.html"))
    assert len(pages) > 200
    for path in pages:
        html = path.read_text("utf-8")
        relative = path.relative_to(site).as_posix()
        url = f"{SITEURL}/{relative.removesuffix('index.html')}"
        assert f'<link rel="canonical" href="{url}">' in html, relative
        assert f'<meta property="og:url" content="{url}">' in html, relative
        for tag in ('<meta name="description" content="', '<meta property="og:title" content="',
                    '<meta property="og:description" content="', '<meta name="twitter:card" content="summary'):
            assert tag in html, (relative, tag)
        assert re.search(r'<meta name="description" content="[^"]{20,}">', html), relative
        assert '<link rel="icon" href="https://results.example.org/favicon.ico"' in html, relative
    assert (site / "favicon.ico").read_bytes()[:4] == b"\x00\x00\x01\x00"  # an ICO
    assert (site / "favicon.svg").exists()


def test_event_pages_carry_sports_event_json_ld_and_data_as_of(site):
    html = read(site, "catan-latvija-2016/index.html")
    data = json.loads(re.search(r'<script type="application/ld\+json">(.+?)</script>', html).group(1))
    assert data["@type"] == "SportsEvent" and data["name"] == "Latvijas Katanas čempionāts 2016"
    assert (data["startDate"], data["endDate"], data["location"]["name"]) == ("2016-05-07", "2016-05-14", "Rīga")
    for page in ("catan-latvija-2016/index.html", "catan-latvija-2016/players/index.html",
                 "catan-latvija-2016/qualifying-1/index.html"):
        assert '<p class="as-of small">Datu stāvoklis: <time datetime="2016-05-14">' in read(site, page), page
    # a running event: the start date of the latest round with a result
    assert '<time datetime="2011-08-16">' in read(site, "route66-vilnius-2011/index.html")


def test_data_as_of_comes_from_the_data_or_source_date_epoch(monkeypatch):
    from types import SimpleNamespace

    from pelican.plugins.podium.progress import data_date

    played = SimpleNamespace(status="complete", stage="main", round=1, units=[])
    ev = SimpleNamespace(rounds=[played], dates=[], finished=False)
    monkeypatch.delenv("SOURCE_DATE_EPOCH", raising=False)
    assert data_date(ev, {}) == ""
    monkeypatch.setenv("SOURCE_DATE_EPOCH", "1700000000")
    assert data_date(ev, {}) == "2023-11-14"
    import datetime
    assert data_date(ev, {("main", 1): datetime.datetime(2003, 8, 2, 10, 0)}) == "2003-08-02"
    # a unit's own date (a match's extra games) is a dated fact too
    played.units = [SimpleNamespace(source=SimpleNamespace(when="2003-08-04"))]
    assert data_date(ev, {("main", 1): datetime.datetime(2003, 8, 2, 10, 0)}) == "2003-08-04"


# -- one language a page -----------------------------------------------------------------------

def test_the_site_menu_and_pages_speak_the_pages_language(site):
    lv = read(site, "catan-latvija-2016/index.html")
    menu = lv[lv.index('<details class="site-menu">'):lv.index("</details>")]
    assert ">Par vietni</a>" in menu and ">Organizatora ceļvedis</a>" in menu and ">Vietnes publicēšana</a>" in menu
    assert "About" not in menu and "Organiser guide" not in menu
    about = read(site, "about-lv.html")
    assert '<html lang="lv">' in about and "<h1>Par vietni</h1>" in about
    assert '<a class="skip" href="#main">' in about and "Skip to the content" not in about  # the UI in Latvian too
    # the English page keeps its English menu
    assert ">About</a>" in read(site, "about.html")


def test_an_events_rules_page_is_inside_the_event_in_its_language(site):
    """The rules Podium ships are in every language (an untranslated page of the site's
    own is marked: tests/test_languages.py)."""
    html = read(site, "tantrix-wc-2003/rules/index.html")
    assert '<nav class="event-nav"' in html and 'aria-current="page">Szabályok</a>' in html
    assert "<h1>Szabályok: Tantrix-világbajnokság, főág</h1>" in html
    assert "untranslated" not in html and '<article class="prose">' in html


def test_search_lands_on_the_search_page_of_the_pages_language(site):
    html = read(site, "tantrix-wc-2003/index.html")
    assert f'<form class="site-search" role="search" method="get" action="{SITEURL}/search/hu/">' in html
    search = read(site, "search/hu/index.html")
    assert '<html lang="hu">' in search and "<h1>Keresés</h1>" in search


def test_no_template_puts_a_name_inside_a_sentence():
    """A name parameter only ever follows a label and a colon (or stands alone), so no
    language has to inflect it: "Winner: %(name)s", never "%(name)s wins"."""
    from babel.messages.pofile import read_po

    catalog = read_po((ROOT / "plugins" / "pelican" / "plugins" / "podium" / "locale" / "podium.pot").open("rb"))
    names = ("name", "winner", "loser", "out", "in")
    bad = []
    for message in catalog:
        for msgid in (message.id if isinstance(message.id, tuple) else (message.id,)):
            for name in names:
                for found in re.finditer(rf"%\({name}\)s", msgid or ""):
                    before = msgid[:found.start()].rstrip()
                    if before and not before.endswith((":", "—", "-")):
                        bad.append(msgid)
    assert not bad, bad


# -- the venue kit ---------------------------------------------------------------------------------

def test_the_venue_kit_is_one_click_from_the_tools_page(site):
    tools = read(site, "catan-latvija-2016/organiser/index.html")
    kit = tools[tools.index('id="venue-heading"'):]
    for path in ("catan-latvija-2016/qualifying-1/poster/", "catan-latvija-2016/final-1/poster/",
                 "catan-latvija-2016/standings/wall/"):
        assert f'href="{SITEURL}/{path}"' in kit, path
        assert (site / path / "index.html").exists()


def test_a_poster_lists_every_player_with_their_table_and_a_qr_code(site):
    import segno

    html = read(site, "catan-latvija-2016/qualifying-1/poster/index.html")
    names = re.findall(r'<span class="venue-name">([^<]+)</span>', html)
    assert len(names) == 70 and names[0] == "Andris Bērziņš"
    qr = re.search(r'<figure class="venue-qr">\s*(<svg role="img" aria-label="[^"]+".*?</svg>)', html, flags=re.S)
    assert qr and 'class="qr"' in qr.group(1)
    # the very code segno makes for the event's URL
    expected = segno.make(f"{SITEURL}/catan-latvija-2016/", error="m").svg_inline(
        scale=4, border=4, omitsize=True, svgclass="qr", lineclass=None, dark="#000")
    assert re.sub(r' role="img" aria-label="[^"]+"', "", qr.group(1)) == expected
    assert f"<figcaption>{SITEURL}/catan-latvija-2016/</figcaption>" in html


def test_score_sheets_carry_a_qr_code_to_their_table(site):
    html = read(site, "route66-vilnius-2011/qualifying-2/sheets/index.html")
    sheets = html.count('<section class="wf-sheet ')
    assert sheets >= 1 and html.count('<svg role="img"') == sheets
    assert f"<figcaption>{SITEURL}/route66-vilnius-2011/qualifying-2/#table-1</figcaption>" in html


def test_without_an_absolute_siteurl_the_kit_prints_the_link_instead(tmp_path):
    from test_site import build as build_site

    results = tmp_path / "results"
    shutil.copytree(ROOT / "results" / "route66-vilnius-2010", results / "route66-vilnius-2010")
    output = build_site(results, tmp_path / "output", PODIUM_LANGUAGE=None)
    html = read(output, "route66-vilnius-2010/final-1/poster/index.html")
    # no code of a bare path: the address printed short, under a heading that says what it is
    assert 'class="qr"' not in html and "<figure" not in html
    assert '<span class="venue-path">route66-vilnius-2010/</span>' in html
    assert '<h2 id="poster-heading" class="print-only">' in html


# -- organisers' notes, knockout rounds still to be played ----------------------------------------------

def test_a_note_given_per_language_shows_the_pages_language(site):
    html = read(site, "catan-latvija-2016/final-1/index.html")
    assert "3. pusfināla galda spēle tika apturēta laika limita dēļ" in html
    assert "Semifinal table 3 was stopped" not in html


def test_a_note_in_another_language_only_is_marked_with_it(tmp_path):
    from test_site import build as build_site

    results = tmp_path / "results"
    shutil.copytree(ROOT / "results" / "route66-vilnius-2010", results / "route66-vilnius-2010")
    final = results / "route66-vilnius-2010" / "final-01.yaml"
    final.write_text(final.read_text("utf-8") + 'note: {en: "Played on the terrace."}\n', "utf-8")
    output = build_site(results, tmp_path / "output", PODIUM_LANGUAGE=None)
    assert '<span lang="en">Played on the terrace.</span>' in read(output, "route66-vilnius-2010/final-1/index.html")


def test_a_knockout_round_not_seated_yet_shows_the_players_known(site):
    html = read(site, "tantrix-wc-2003/main-5/index.html")
    waiting = html[html.index('<ul class="tx-waiting-list">'):]
    assert "1. mérkőzés:" in waiting and 'href="https://results.example.org/tantrix-wc-2003/players/' in waiting
    assert "2. mérkőzés győztese" in waiting  # the other place: the winner of semifinal 2
    # the bracket's formula is folded away under its name
    assert '<details class="rule"><summary>' in html


def test_an_event_links_the_rules_in_its_language_when_translated(site):
    html = read(site, "catan-latvija-2016/rules/index.html")
    assert "<h1>Noteikumi: Latvijas Katanas čempionāts</h1>" in html
    assert "untranslated" not in html and '<article class="prose">' in html
    own = read(site, "rules-catan-lv-2016-lv.html")
    assert '<html lang="lv">' in own and "<h1>Noteikumi: Latvijas Katanas čempionāts</h1>" in own


def test_between_stages_a_player_is_told_whether_they_qualified(tmp_path):
    from pelican.plugins.podium import progress as now_module
    from pelican.plugins.podium.views import event_view
    from podium_core.pipeline import evaluate_one

    folder = tmp_path / "catan-latvija-2016"
    shutil.copytree(ROOT / "results" / "catan-latvija-2016", folder)
    for later in ("semifinal-01.yaml", "final-01.yaml"):
        (folder / later).unlink()
    ev = event_view(evaluate_one(folder))
    now_module.attach(ev)
    assert ev.now.state == "between" and ev.now.stage == "semifinal" and ev.now.start.isoformat() == "2016-05-14T11:00:00"
    st = ev.standings[-1]
    states = [ev.player_pages[row.player.id].now.state for row in st.rows]
    assert states == ["qualified"] * 16 + ["not-qualified"] * (len(st.rows) - 16)
