"""The downloads as real clients read them (issue 35, items 5 and 6).

Built from copies of demo events, one of them given ``address:``,
``organiser:`` and ``timezone:``, under an absolute ``SITEURL``:

- the Atom feeds read by ``feedparser``: no bozo, every link and id absolute
  under ``SITEURL``;
- the SportsEvent JSON-LD extracted from the event's home page, with name,
  dates, location and address, organizer, url, image and competitors;
- the Open Graph card: a PNG of 1200 × 630 without a time chunk, named by
  ``og:image``, in Podium's own meta tags whatever the theme;
- ``standings.xlsx`` and ``results.xlsx`` read back by ``openpyxl``: numbers
  as numbers, texts as texts, the schedule's starts as dates;
- two builds write the same bytes; the new event.yaml fields are checked
  (``path:line: message``).
"""

from __future__ import annotations

import io
import json
import re
import shutil
import struct
import zlib
from pathlib import Path

import pytest

from test_site import build

ROOT = Path(__file__).resolve().parents[1]
SITEURL = "https://results.example.org"
DEMO = ("catan-latvija-2016", "tantrix-wc-2003", "baska-deszczno-2013")
ADDRESS = "Brīvības iela 1, Rīga, LV-1010"
ORGANISER = {"name": "Latvijas Katanas klubs", "url": "https://katana.example.lv/"}
DOWNLOADS = ("card.png", "results.xlsx", "standings.xlsx", "results.atom", "schedule.ics")


@pytest.fixture(scope="module")
def results(tmp_path_factory) -> Path:
    folder = tmp_path_factory.mktemp("clients-results")
    for slug in DEMO:
        shutil.copytree(ROOT / "results" / slug, folder / slug)
    shutil.copy(ROOT / "results" / "players.yaml", folder / "players.yaml")
    event = folder / "catan-latvija-2016" / "event.yaml"
    event.write_text(event.read_text("utf-8").replace(
        "timezone: Europe/Riga\n",
        f'timezone: Europe/Riga\naddress: "{ADDRESS}"\norganiser:\n  name: "{ORGANISER["name"]}"\n'
        f'  url: "{ORGANISER["url"]}"\n'), "utf-8")
    return folder


@pytest.fixture(scope="module")
def site(results, tmp_path_factory) -> Path:
    return build(results, tmp_path_factory.mktemp("clients-site") / "output", PODIUM_LANGUAGE=None,
                 SITEURL=SITEURL, RELATIVE_URLS=False)


def read(site: Path, path: str) -> str:
    return (site / path).read_text("utf-8")


def jsonld(html: str) -> dict:
    (found,) = re.findall(r'<script type="application/ld\+json">(.+?)</script>', html, flags=re.S)
    return json.loads(found)


# -- feeds ------------------------------------------------------------------------------------

@pytest.mark.parametrize("path", ["results.atom", "catan-latvija-2016/results.atom", "tantrix-wc-2003/results.atom"])
def test_feeds_parse_without_bozo_and_every_link_and_id_is_absolute(site, path):
    import feedparser

    parsed = feedparser.parse((site / path).read_bytes())
    assert not parsed.bozo, parsed.get("bozo_exception")
    assert parsed.version == "atom10"
    assert parsed.feed.id.startswith(SITEURL + "/")
    assert parsed.feed.id == f"{SITEURL}/{path}"
    assert all(link.href.startswith(SITEURL + "/") for link in parsed.feed.links)
    assert parsed.entries
    for entry in parsed.entries:
        assert entry.id.startswith(SITEURL + "/"), entry.id
        for link in entry.links:
            assert link.href.startswith(SITEURL + "/"), link.href
            assert (site / link.href[len(SITEURL) + 1:]).exists() or (site / link.href[len(SITEURL) + 1:] / "index.html").exists()
    ids = [entry.id for entry in parsed.entries]
    assert len(ids) == len(set(ids))


def test_an_event_feed_names_the_winners_in_its_language(site):
    import feedparser

    parsed = feedparser.parse((site / "catan-latvija-2016/results.atom").read_bytes())
    final = parsed.entries[0]
    assert final.link == f"{SITEURL}/catan-latvija-2016/final-1/"
    assert "Inese Vītola" in final.content[0].value
    assert final.content[0].type == "text/html"
    assert parsed.feed.language == "lv"


# -- JSON-LD and the card --------------------------------------------------------------------

def test_the_event_home_carries_a_full_sports_event(site):
    data = jsonld(read(site, "catan-latvija-2016/index.html"))
    assert data["@context"] == "https://schema.org" and data["@type"] == "SportsEvent"
    assert data["name"] == "Latvijas Katanas čempionāts 2016"
    assert (data["startDate"], data["endDate"]) == ("2016-05-07", "2016-05-14")
    assert data["location"] == {"@type": "Place", "name": "Rīga", "address": ADDRESS}
    assert data["organizer"] == {"@type": "Organization", **ORGANISER}
    assert data["url"] == f"{SITEURL}/catan-latvija-2016/"
    assert data["image"] == f"{SITEURL}/catan-latvija-2016/card.png"
    document = json.loads(read(site, "catan-latvija-2016/event.json"))
    assert len(data["competitor"]) == len(document["players"])
    # the classification's order: the podium first
    assert [c["name"] for c in data["competitor"][:3]] == ["Inese Vītola", "Elīna Zariņa", "Zane Bērziņa"]
    assert {c["name"] for c in data["competitor"]} == {p["name"] for p in document["players"]}
    for competitor in data["competitor"]:
        assert competitor["@type"] == "Person"
        page = competitor["url"][len(SITEURL) + 1:]
        assert (site / page / "index.html").is_file()
    # a plain organiser name, no address: a Place named by the venue alone
    tantrix = jsonld(read(site, "tantrix-wc-2003/index.html"))
    assert "organizer" not in tantrix and "address" not in tantrix.get("location", {})
    # only the home page carries it
    assert "application/ld+json" not in read(site, "catan-latvija-2016/qualifying-1/index.html")


def png_chunks(data: bytes) -> list:
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    chunks, at = [], 8
    while at < len(data):
        length, kind = struct.unpack(">I4s", data[at:at + 8])
        body = data[at + 8:at + 8 + length]
        assert struct.unpack(">I", data[at + 8 + length:at + 12 + length])[0] == zlib.crc32(kind + body)
        chunks.append((kind.decode("ascii"), body))
        at += 12 + length
    return chunks


@pytest.mark.parametrize("slug", DEMO)
def test_every_event_has_its_card_and_every_page_names_it(site, slug):
    from PIL import Image

    data = (site / slug / "card.png").read_bytes()
    kinds = [kind for kind, _ in png_chunks(data)]
    assert kinds[0] == "IHDR" and kinds[-1] == "IEND"
    assert not {"tIME", "tEXt", "iTXt", "zTXt"} & set(kinds)  # nothing that changes between builds
    image = Image.open(io.BytesIO(data))
    assert image.size == (1200, 630) and image.format == "PNG"
    assert len(image.convert("L").getcolors(65536)) > 20  # text drawn, anti-aliased
    for page in (f"{slug}/index.html", f"{slug}/players/index.html"):
        html = read(site, page)
        assert f'<meta property="og:image" content="{SITEURL}/{slug}/card.png">' in html
        assert '<meta property="og:image:width" content="1200">' in html
        assert '<meta name="twitter:card" content="summary_large_image">' in html


def test_the_card_says_the_podium_of_a_finished_event(results):
    from pelican.plugins.podium.extensions.sharing import card
    from pelican.plugins.podium.urls import Urls
    from pelican.plugins.podium.views import event_view
    from podium_core.pipeline import evaluate_one

    urls = Urls({"SITEURL": SITEURL})
    finished = card(event_view(evaluate_one(results / "catan-latvija-2016"), urls))
    assert finished.heading == "Pjedestāls"
    assert [name for _, name in finished.places] == ["Inese Vītola", "Elīna Zariņa", "Zane Bērziņa"]
    assert [place for place, _ in finished.places] == [1, 2, 3]
    assert finished.footer == "results.example.org"


def test_any_theme_gets_podiums_meta_tags(results, tmp_path):
    out = build(results, tmp_path / "output", THEME="notmyidea", SITEURL=SITEURL, RELATIVE_URLS=False,
                PODIUM_LANGUAGE=None)
    home = read(out, "catan-latvija-2016/index.html")
    assert f'<meta property="og:image" content="{SITEURL}/catan-latvija-2016/card.png">' in home
    assert f'<link rel="canonical" href="{SITEURL}/catan-latvija-2016/">' in home
    assert re.search(r'<meta property="og:title" content="[^"]*Latvijas Katanas čempionāts 2016', home)
    assert re.search(r'<meta name="description" content="Latvijas Katanas čempionāts 2016 · ', home)
    assert jsonld(home)["organizer"]["name"] == ORGANISER["name"]
    people = read(out, "catan-latvija-2016/players/index.html")
    assert '<meta property="og:description" content="' in people and "ld+json" not in people


# -- spreadsheets -------------------------------------------------------------------------------

def sheet_rows(path: Path) -> tuple[list, list]:
    from openpyxl import load_workbook

    book = load_workbook(path)
    (sheet,) = book.worksheets
    rows = [list(row) for row in sheet.iter_rows(values_only=True)]
    return rows[0], rows[1:]


def test_standings_xlsx_has_the_csv_rows_with_numbers_as_numbers(site):
    import csv

    header, rows = sheet_rows(site / "catan-latvija-2016" / "standings.xlsx")
    text = (site / "catan-latvija-2016" / "standings.csv").read_text("utf-8-sig")
    csv_rows = list(csv.reader(io.StringIO(text)))
    assert header == csv_rows[0]
    assert len(rows) == len(csv_rows) - 1
    share = header.index("vp_share")
    for row, line in zip(rows, csv_rows[1:]):
        assert isinstance(row[header.index("rank")], int)
        assert isinstance(row[share], (int, float)) and f"{row[share]:.6f}".rstrip("0").rstrip(".") == line[share]
        assert row[header.index("name")] == line[header.index("name")]
        assert [("" if v is None else v) for v in row[:3]] == [line[0], line[1], int(line[2])]


def test_results_xlsx_has_every_seat_and_the_round_start_as_a_date(site):
    import datetime

    header, rows = sheet_rows(site / "catan-latvija-2016" / "results.xlsx")
    csv_lines = (site / "catan-latvija-2016" / "results.csv").read_text("utf-8-sig").splitlines()
    assert len(rows) == len(csv_lines) - 1
    assert header[-1] == "start"
    first = dict(zip(header, rows[0]))
    assert first["start"] == datetime.datetime(2016, 5, 7, 10, 0)
    assert isinstance(first["vp"], int) and isinstance(first["vp_share"], float)
    assert first["stage"] == "qualifying" and first["round"] == 1
    # no schedule: no start column
    header, rows = sheet_rows(site / "tantrix-wc-2003" / "results.xlsx")
    assert "start" not in header and rows


def test_a_text_like_a_formula_stays_text_in_the_workbook():
    from openpyxl import load_workbook

    from podium_core.xlsxfile import workbook

    data = workbook("t", ["name", "score"], [["=HYPERLINK(\"http://evil.example\")", 3], ["-2+3", -3.5]])
    sheet = load_workbook(io.BytesIO(data)).worksheets[0]
    assert sheet["A2"].data_type == "s" and sheet["A2"].value.startswith("=HYPERLINK")
    assert sheet["A3"].value == "-2+3" and sheet["B3"].value == -3.5
    assert workbook("t", ["name", "score"], [["x", 3]]) == workbook("t", ["name", "score"], [["x", 3]])


def test_the_organiser_page_links_the_spreadsheets(site):
    tools = read(site, "catan-latvija-2016/organiser/index.html")
    for name in ("standings.xlsx", "results.xlsx", "standings.csv", "results.csv", "schedule.ics"):
        assert f'href="{SITEURL}/catan-latvija-2016/{name}"' in tools, name


# -- determinism and the new fields ---------------------------------------------------------------

def test_two_builds_write_the_same_downloads(results, site, tmp_path):
    again = build(results, tmp_path / "again", PODIUM_LANGUAGE=None, SITEURL=SITEURL, RELATIVE_URLS=False)
    compared = 0
    for slug in DEMO:
        for name in DOWNLOADS:
            if (site / slug / name).exists():
                assert (again / slug / name).read_bytes() == (site / slug / name).read_bytes(), (slug, name)
                compared += 1
    assert compared >= 12
    assert (again / "results.atom").read_bytes() == (site / "results.atom").read_bytes()


@pytest.mark.parametrize("lines, message", [
    ('address: ""', "address"),
    ("organiser:\n  url: https://example.org/", "organiser"),
    ('organiser:\n  name: Club\n  url: "javascript:alert(1)"', "organiser"),
    ("timezone: Mars/Olympus", "timezone: 'Mars/Olympus' is not a time zone"),
])
def test_the_new_event_fields_are_checked_at_their_line(results, tmp_path, capsys, lines, message):
    from podium_core.cli import main

    folder = tmp_path / "results"
    shutil.copytree(results / "tantrix-wc-2003", folder / "tantrix-wc-2003")
    shutil.copy(results / "players.yaml", folder / "players.yaml")
    event = folder / "tantrix-wc-2003" / "event.yaml"
    source = event.read_text("utf-8")
    first = source.index("\nplayers:")
    event.write_text(source[:first] + "\n" + lines + source[first:], "utf-8")
    line = source[:first].count("\n") + 2
    assert main(["validate", str(folder)]) == 1
    err = capsys.readouterr().err
    assert "Traceback" not in err
    found = [entry for entry in err.splitlines() if entry.startswith(f"{event}:")]
    assert found and all(message in entry or "organiser" in entry for entry in found), err
    assert int(found[0].split(":")[1]) in range(line, line + lines.count("\n") + 1), (found, line)
