"""Real Carcassonne events replayed (tests/samples/real, copied from
../shared/conformance/real): round robins with unplayed duels and rests that
count nothing, a Swiss ranked by the opponents' game difference, one and two
groups.

``podium export`` of each event, with its ``results/formats/`` variants
beside it, must give the published order in every group, and wins,
score_diff and score_for equal to the published MW, GD and GW; in the Swiss,
buchholz, opp_score_diff and opp_score_for equal to OMW, OGD and OGW for
every player without an unplayed duel (the site counts an unplayed duel's
opponent; open-events.md 2 does not).
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from podium_core.cli import main

REAL = Path(__file__).resolve().parent / "samples" / "real"
EVENTS = sorted(p.stem for p in (REAL / "expected").glob("*.json"))
PLAYED = {"MW": "wins", "GD": "score_diff", "GW": "score_for"}
OPPONENTS = {"OMW": "buchholz", "OGD": "opp_score_diff", "OGW": "opp_score_for"}


def exported(slug: str, capsys) -> dict:
    """The event's document as ``podium export`` prints it."""
    capsys.readouterr()
    assert main(["export", str(REAL / "results" / slug)]) == 0
    return json.loads(capsys.readouterr().out)


def final_standings(document: dict) -> dict:
    """The last standing of each group, by group id ("" for one group)."""
    found = {}
    for standing in document["standings"]:
        found[standing["group"] or ""] = standing
    return found


def unplayed_players(document: dict) -> set:
    return {pid for rnd in document["rounds"] for game in rnd.get("games") or () if game.get("unplayed")
            for pid in game["players"]}


@pytest.mark.parametrize("slug", EVENTS)
def test_real_event_gives_the_published_standings(slug, capsys):
    expected = json.loads((REAL / "expected" / f"{slug}.json").read_text("utf-8"))
    document = exported(slug, capsys)
    standings = final_standings(document)
    assert set(standings) == set(expected["groups"])
    unplayed = unplayed_players(document)
    for group, published in expected["groups"].items():
        rows = standings[group]["rows"]
        assert [row["player"] for row in rows] == [row["player"] for row in published]
        for row, want in zip(rows, published):
            for column, key in PLAYED.items():
                assert row["values"][key] == want[column], (row["player"], column)
            if "OMW" in want and row["player"] not in unplayed:
                for column, key in OPPONENTS.items():
                    assert row["values"][key] == want[column], (row["player"], column)


def test_the_real_events_use_what_they_need():
    """The samples exercise what they are for: unplayed duels, rests, two groups, a round robin."""
    texts = {slug: "".join(p.read_text("utf-8") for p in (REAL / "results" / slug).glob("*.yaml")) for slug in EVENTS}
    assert "unplayed:" in texts["cz-2025-coc"] and "bye:" in texts["ccal-2025"] and "group: B" in texts["ccal-2025"]
    assert "pairing: round_robin" in (REAL / "results" / "formats" / "cgg-round-robin.yaml").read_text("utf-8")
