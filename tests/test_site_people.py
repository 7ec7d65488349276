"""People across events: players.yaml gives one page per person."""

import re
import shutil
from pathlib import Path

import pytest

from test_site import build, read, text

ROOT = Path(__file__).resolve().parents[1]


@pytest.fixture(scope="module")
def site(tmp_path_factory):
    results = tmp_path_factory.mktemp("people-results")
    for slug in ("route66-vilnius-2010", "route66-vilnius-2011"):
        shutil.copytree(ROOT / "results" / slug, results / slug)
    shutil.copyfile(ROOT / "results" / "players.yaml", results / "players.yaml")
    output = tmp_path_factory.mktemp("people-site")
    build(results, output)
    return output


def test_people_index_lists_the_register(site):
    html = read(site, "people/index.html")
    registry = (ROOT / "results" / "players.yaml").read_text("utf-8")
    ids = re.findall(r"id: ([a-z0-9-]+)", registry)
    for pid in ids:
        assert f'href="../people/{pid}/"' in html or f'href="{pid}/"' in html or f"people/{pid}/" in html


def test_a_person_page_lists_both_events_with_place_and_record(site):
    html = read(site, "people/darius-simkus/index.html")
    body = text(html)
    assert "Darius Šimkus" in body
    assert "2010" in body and "2011" in body
    assert html.count("<tr>") == 3  # header + two events
    assert "route66-vilnius-2010/players/darius-simkus/" in html


def test_event_player_pages_link_to_the_person(site):
    html = read(site, "route66-vilnius-2011/players/darius-simkus/index.html")
    assert "people/darius-simkus/" in html
    # a player who is not in the register has no such link
    html = read(site, "route66-vilnius-2011/players/ieva-butkute/index.html")
    assert "people/" not in html


def test_home_links_the_people(site):
    assert "people/" in read(site, "index.html")
