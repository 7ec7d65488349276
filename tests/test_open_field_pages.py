"""The open field on the pages and in event.json (open-events.md 1, 2, 5): a
table never played, an absence, a withdrawal and a late entry, each said where
the game or the player is shown."""

import json
import re

from podium_core.cli import main
from test_attendance import event, write
from test_site import build, read


def fill(path, results) -> list:
    """Record results in a seated round file: ``results[i]`` the points of table
    i+1's seats in order, or a text (the table was not played, for that
    reason); the seated players of each table are returned."""
    text = path.read_text("utf-8")
    seated = re.findall(r"seats: \[([^\]]+)\]", text)
    tables = [[pid.strip() for pid in seats.split(",")] for seats in seated]
    for seats, players, result in zip(seated, tables, results):
        if isinstance(result, str):
            new = f"seats: [{seats}]\n    unplayed: \"{result}\""
        else:
            new = "seats: {" + ", ".join(f"{p}: {v}" for p, v in zip(players, result)) + "}"
        text = text.replace(f"seats: [{seats}]", new, 1)
    path.write_text(text, "utf-8")
    return tables


def catan_event(tmp_path):
    """Route 66, 10 players: p9 and p10 join in round 2, p1 is absent in round 1,
    p2 withdraws before round 2; table 2 of round 2 is never played."""
    results = tmp_path / "results"
    folder = write(results / "cup", {
        "event.yaml": event("catan-lt-route66", 10, "options: {absence: half}\n", p9="joins: 2", p10="joins: 2"),
        "qualifying-01.yaml": "stage: qualifying\nround: 1\nabsent: [p1]\n",
    })
    assert main(["pair", str(folder), "--write"]) == 0
    fill(folder / "qualifying-01.yaml", [(10, 8, 7, 5), (10, 8, 7)])
    write(folder, {"qualifying-02.yaml": "stage: qualifying\nround: 2\nwithdrawn: [p2]\n"})
    assert main(["pair", str(folder), "--write"]) == 0
    return results, fill(folder / "qualifying-02.yaml", [(10, 8, 7), "power cut", (10, 8, 7)])


def test_catan_unplayed_table_and_the_field_in_event_json(tmp_path, capsys):
    results, tables = catan_event(tmp_path)
    capsys.readouterr()
    assert main(["export", str(results / "cup")]) == 0
    doc = json.loads(capsys.readouterr().out)
    first, second = doc["rounds"]
    assert first["absent"] == ["p1"] and "withdrawn" not in first
    assert second["withdrawn"] == ["p2"] and second["joins"] == ["p9", "p10"] and second["status"] == "complete"
    table = second["tables"][1]
    assert table["unplayed"] == "power cut" and table["winner"] is None and "vp" not in table
    assert [p.get("joins") for p in doc["players"]][-2:] == [2, 2] and "joins" not in doc["players"][0]
    before = {row["player"]: row["values"] for row in doc["standings"][0]["rows"]}
    after = {row["player"]: row["values"] for row in doc["standings"][1]["rows"]}
    assert all(after[pid] == before[pid] for pid in tables[1])  # the table not played counts nothing
    assert before["p1"] == {"wins": 0.5, "vp": 0, "vp_share": 0}  # absent in round 1, under absence: half
    assert before["p9"]["wins"] == 0.5 and after["p9"]["wins"] in (1.5, 0.5)  # joined in round 2


def test_catan_pages_say_who_missed_what(tmp_path):
    results, tables = catan_event(tmp_path)
    site = build(results, tmp_path / "out")
    round2 = read(site, "cup/qualifying-2/index.html")
    assert '<span class="badge unplayed">not played (power cut)</span>' in round2
    assert re.search(r"<strong>Withdrew before this round:</strong> <bdi><a [^>]*>Player 2</a></bdi>", round2)
    assert re.search(r"<strong>Joined in this round:</strong> <bdi><a [^>]*>Player 9</a></bdi>, <bdi>", round2)
    round1 = read(site, "cup/qualifying-1/index.html")
    assert re.search(r"<strong>Absent this round:</strong> <bdi><a [^>]*>Player 1</a></bdi> "
                     r"<span class=\"small\">— not seated; the round counts ½.</span>", round1)
    idle = read(site, f"cup/players/{tables[1][0]}/index.html")
    assert '<tr class="result-unplayed">' in idle and "not played (power cut)" in idle
    assert '<span class="field-mark field-withdrawn">withdrew before round 2</span>' in read(site, "cup/players/p2/index.html")
    assert '<span class="field-mark field-joins">joined in round 2</span>' in read(site, "cup/players/p10/index.html")
    after1 = read(site, "cup/standings/qualifying-1/index.html")
    assert "absent in round 1" in after1 and "withdrew before round 2" not in after1 and "joined in round 2" not in after1
    after2 = read(site, "cup/standings/qualifying-2/index.html")
    assert "withdrew before round 2" in after2 and "joined in round 2" in after2 and "absent in round 1" in after2


def test_baska_unplayed_table_counts_nothing(tmp_path, capsys):
    results = tmp_path / "results"
    write(results / "gp", {
        "event.yaml": event("baska-gp", 8, "options: {sessions: 1, rounds_per_session: 2}\n"),
    })
    assert main(["pair", str(results / "gp"), "--write"]) == 0
    tables = fill(results / "gp" / "grand-prix-01.yaml", [(30, 10, -15, -25), "a player fell ill"])
    capsys.readouterr()
    assert main(["export", str(results / "gp")]) == 0
    doc = json.loads(capsys.readouterr().out)
    table = doc["rounds"][0]["tables"][1]
    assert doc["rounds"][0]["status"] == "complete" and table["unplayed"] == "a player fell ill"
    assert table["placement_points"] is None
    values = {row["player"]: row["values"] for row in doc["standings"][0]["rows"]}
    second = tables[1]
    assert all(values[p] == {"placement_points": 0, "small_points": 0, "firsts": 0, "seconds": 0} for p in second)
    site = build(results, tmp_path / "out")
    assert "not played (a player fell ill)" in read(site, "gp/grand-prix-1/index.html")
    assert "not played (a player fell ill)" in read(site, f"gp/players/{second[0]}/index.html")


def test_a_tantrix_withdrawal_is_a_walkover(tmp_path, capsys):
    """A player in withdrawn: of a knockout round loses the match they are drawn in, with no games; event.json says
    "walkover" and the winner; the round page, the match page and the bracket say it."""
    results = tmp_path / "results"
    seeded = "".join(f"  - {{id: s{i}, name: Seed {i}, seed: {i}}}\n" for i in range(1, 9))
    folder = write(results / "knock", {"event.yaml": f"name: Knock\nformat: tantrix-wc\nplayers:\n{seeded}",
                                       "main-01.yaml": "stage: main\nround: 1\nwithdrawn: [s8]   # flight cancelled\n"})
    assert main(["pair", str(folder), "--write"]) == 0
    capsys.readouterr()
    assert main(["export", str(folder)]) == 0
    doc = json.loads(capsys.readouterr().out)
    first = doc["rounds"][0]
    assert first["withdrawn"] == ["s8"]
    match = next(m for m in first["matches"] if "s8" in m["players"])
    assert match["walkover"] == "s8" and match["winner"] == "s1" and match["games"] == []
    assert all("walkover" not in m for m in first["matches"] if m is not match)
    site = build(results, tmp_path / "out")
    assert "walkover: Seed 8 withdrew" in read(site, "knock/main-1/index.html")
    assert re.search(r"Seed 8</a></bdi> <span class=\"badge walkover\">walkover</span>", read(site, "knock/bracket/index.html"))
    assert "withdrew before: Main draw, round 1" in read(site, "knock/players/s8/index.html")
