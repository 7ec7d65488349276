"""A system is one object, and every number and name follows the format.

Each system (:data:`podium_core.systems.SYSTEMS`) carries what it knows; a
built-in format is a few lines over it; and whatever a page, a legend, a
score sheet or ``podium`` says comes from the format's resolved options and
the field: a playoff of four is named and cut as one, a VP cap of 8 is said
as 8, a playoff tie decided by any criterion explains that criterion, an
option a game cannot play is refused at its line.  The new criteria of the
library are checked here on whole events.
"""

from __future__ import annotations

import logging
import re
from fractions import Fraction

import pytest

from podium_core.cli import main
from podium_core.draw import Lots
from podium_core.formats import get_format
from podium_core.formats.declarations import BUILTIN, BUILTINS
from podium_core.pipeline import evaluate_one
from podium_core.simulate import invent_players, new_event_yaml, simulate
from podium_core.systems import SYSTEMS
from podium_core.systems.catan import Catan
from podium_core.systems.knockout import game_title, games_title, round_name, round_title
from support.folders import validate, write
from test_site import build, read

VARIANTS = {
    "formats/catan-cap8.yaml": "id: catan-cap8\nextends: catan-lt-route66\noptions: {vp_cap: 8}\n",
    "formats/open-four.yaml": "id: open-four\nextends: carcassonne-lv\noptions: {groups: 2, playoff_size: 4, swiss_rounds: 3}\n",
    "formats/sb-final.yaml": ("id: sb-final\nextends: carcassonne-lv\noptions: {groups: 2, playoff_size: 2, swiss_rounds: 3, "
                              "ranking: [wins, sonneborn_berger, score_diff]}\n"),
}


# -- one object per system -------------------------------------------------------------------

def test_every_system_is_registered_once_and_declares_its_options_with_their_defaults():
    assert [system.name for system in SYSTEMS] == ["catan", "carcassonne", "tantrix", "baska"]
    for system in SYSTEMS:
        assert system.OPTIONS and all(option.text for option in system.OPTIONS)
        assert list(system.defaults()) == [option.key for option in system.OPTIONS]
    assert {d.system for d in BUILTINS} == set(SYSTEMS)


def test_a_built_in_format_is_its_system_with_the_options_it_changes():
    assert BUILTIN["catan-lv-2016"].options == Catan.defaults()
    assert BUILTIN["catan-lt-route66"].options == {**Catan.defaults(), "qualifying_rounds": 2, "semifinal_size": 0}
    assert type(get_format("catan-lt-route66")) is Catan


@pytest.mark.parametrize("format_id", [d.id for d in BUILTINS])
def test_every_system_serves_new_enter_withdraw_and_the_format_page(format_id):
    fmt = get_format(format_id)
    assert fmt.round_fields().unit_key == {"tables": "tables", "games": "games", "matches": "matches"}[fmt.kind]
    assert fmt.rules_facts() and len(fmt.entrants(7)) >= 7
    assert "withdrawn" in fmt.round_fields().fields  # every system records a withdrawal


def test_playoff_rounds_are_named_by_the_players_left():
    assert [str(games_title(n)) for n in (2, 4, 8, 16, 32, 64)] == [
        "Final", "Semifinals", "Quarterfinals", "Round of 16", "Round of 32", "Round of 64"]
    assert [str(round_title(n)) for n in (2, 4, 8, 64)] == ["Final", "Semifinal", "Quarterfinal", "Round of 64"]
    assert [round_name(n) for n in (2, 4, 8, 16)] == ["final", "semifinal", "quarterfinal", "round of 16"]
    assert [str(game_title(8, 3)), str(game_title(4, 1)), str(game_title(16, 5))] == [
        "Quarterfinal 3", "Semifinal 1", "Round of 16, game 5"]
    four = get_format("carcassonne-lv", {"playoff_size": 4})
    assert [str(four.round_title(n)) for n in (1, 2)] == ["Semifinals", "Final"]
    assert [str(four.game_title(1, 2)), str(four.game_title(2, 1, 1)), str(four.game_title(2, 2, 3))] == [
        "Semifinal 2", "Final", "Third-place game"]


# -- options a game cannot play, criteria an event cannot have: refused at their line ---------------

def event_yaml(fmt, options="", players=8, ratings=None):
    ratings = ratings or {}
    lines = ["name: Cup", f"format: {fmt}"] + ([f"options:\n{options}"] if options else []) + ["players:"]
    for i in range(1, players + 1):
        rating = f", rating: {ratings[i]}" if i in ratings else ""
        lines.append(f"  - {{id: p{i}, name: Player {i}{rating}}}")
    return "\n".join(lines) + "\n"


def test_a_catan_final_of_more_than_one_table_is_refused_at_its_line(tmp_path, capsys):
    results = write(tmp_path / "results", {"cup/event.yaml": event_yaml("catan-lt-route66", "  final_size: 5")})
    assert validate(results, capsys) == (1, [
        "cup/event.yaml:4: options.final_size: 5 is greater than the maximum of 4 (the final is one table, of 3 or 4 players)",
        "1 problem found"])


def test_game_criteria_are_refused_until_a_match_has_several_games(tmp_path, capsys):
    results = write(tmp_path / "results", {
        "cup/event.yaml": event_yaml("carcassonne-lv", "  ranking: [wins, game_diff, opp_game_wins]"),
        "formats/games.yaml": "id: games\nextends: carcassonne-lv\noptions:\n  ranking: [wins, game_wins]\n",
    })
    assert validate(results, capsys) == (1, [
        "cup/event.yaml:4: options.ranking[1]: 'game_diff' counts the games of matches of several games: it needs "
        "match_games above 1 (every pairing here is one game)",
        "cup/event.yaml:4: options.ranking[2]: 'opp_game_wins' counts the games of matches of several games: it needs "
        "match_games above 1 (every pairing here is one game)",
        "formats/games.yaml:4: options.ranking[1]: 'game_wins' counts the games of matches of several games: it needs "
        "match_games above 1 (every pairing here is one game)",
        "3 problems found"])


def test_a_criterion_the_game_has_no_value_for_is_refused_at_its_line(tmp_path, capsys):
    results = write(tmp_path / "results", {"cup/event.yaml": event_yaml("baska-gp", "  ranking: [placement_points, head_to_head]")})
    code, lines = validate(results, capsys)
    assert code == 1 and lines[0].startswith("cup/event.yaml:4: options.ranking[1]: 'head_to_head' is not a criterion "
                                             "baska has values for (its criteria: placement_points, small_points, firsts, "
                                             "seconds, rating)")


def test_a_ranking_by_rating_needs_a_rating_and_notes_the_players_without_one(tmp_path, capsys, caplog):
    options = "  groups: 1\n  playoff_size: 0\n  ranking: [wins, rating]"
    results = write(tmp_path / "results", {"cup/event.yaml": event_yaml("carcassonne-lv", options)})
    assert validate(results, capsys) == (1, [
        "cup/event.yaml:6: options.ranking[1]: 'rating' ranks by the players' rating, but no player of this event has one "
        "(give players rating: <number>)", "1 problem found"])
    write(results, {"cup/event.yaml": event_yaml("carcassonne-lv", options, ratings={1: 1850, 4: 1620.5})})
    with caplog.at_level(logging.WARNING, logger="podium"):
        assert validate(results, capsys)[0] == 0
    assert [r.getMessage() for r in caplog.records] == [
        f"{results}/cup/event.yaml:9: note: 6 of 8 players have no rating: they count 0 for the criterion rating (first: 'p2')"]


def test_a_variants_ranking_by_rating_is_refused_at_the_event_that_has_none(tmp_path, capsys):
    results = write(tmp_path / "results", {
        "formats/rated.yaml": "id: rated\nextends: carcassonne-lv\noptions:\n  groups: 1\n  ranking: [wins, buchholz, rating]\n",
        "cup/event.yaml": event_yaml("rated"),
    })
    assert validate(results, capsys) == (1, [
        "formats/rated.yaml:5: options.ranking[2]: 'rating' ranks by the players' rating, but no player of this event has "
        "one (give players rating: <number>)", "1 problem found"])


# -- pages that follow the format -------------------------------------------------------------------

@pytest.fixture(scope="module")
def played(tmp_path_factory):
    """Three events of variants, played by the simulator: a Catan with a VP cap of 8, an
    open Carcassonne of two groups and a playoff of four, and a Carcassonne whose final
    (A1 against B1) is a draw on equal clock time, decided by Sonneborn-Berger."""
    results = write(tmp_path_factory.mktemp("systems") / "results", VARIANTS)
    for slug, fmt, players, rounds, seed in (("cap", "catan-cap8", 13, None, "systems"), ("open", "open-four", 12, None, "systems"),
                                             ("sb", "sb-final", 12, 3, "b")):
        args = ["simulate", str(results / slug), "--format", fmt, "--players", str(players), "--seed", seed]
        assert main(args + (["--rounds", str(rounds), "--upcoming"] if rounds else [])) == 0
    seeds = {s["seed"]: s["player"] for s in evaluate_one(results / "sb").extra["bracket"]["seeds"]}
    (results / "sb" / "playoff-01.yaml").write_text(
        "stage: playoff\nround: 1\ngames:\n"
        f"  - {{table: 1, players: [{seeds['A1']}, {seeds['B1']}], score: [100, 100], time: ['12:00', '12:00'], place: 1}}\n",
        "utf-8")
    return results, build(results, tmp_path_factory.mktemp("systems-site") / "output")


def test_a_vp_cap_of_8_is_said_as_8_on_every_page(played):
    results, site = played
    outcome = evaluate_one(results / "cap")
    assert any(max(t.vp) > 8 for r in outcome.rounds for t in r.units if t.has_result)
    rnd = read(site, "cap/qualifying-1/index.html")
    assert "At most 8 count; when more were scored, the counted 8 follow in brackets." in rnd and "At most 10" not in rnd
    standings = read(site, "cap/standings/qualifying-2/index.html")
    assert "at most 8 count per game" in standings and "at most 10" not in standings
    page = read(site, "cap/format/index.html")
    assert "At most 8 count in a game" in page and "At most 10 count" not in page


def test_an_open_carcassonne_playoff_of_four_is_cut_named_and_placed_as_four(played):
    results, site = played
    outcome = evaluate_one(results / "open")
    assert outcome.finished
    for group in ("a", "b"):
        html = read(site, f"open/standings/swiss-{group}-3/index.html")
        rows = re.findall(r'<tr(?: id="[^"]*")? class="([^"]*)">', html[html.index('class="standings has-cut"'):])
        assert rows[:3] == ["qualifies", "qualifies cut", ""], group
        assert "the 2 players who go on to the next stage" in html
    first = read(site, "open/playoff-1/index.html")
    assert "<caption>Semifinal 1 " in first and "<caption>Semifinal 2 " in first and "Quarterfinal" not in first
    bracket = read(site, "open/bracket/index.html")
    assert '-heading">Semifinals' in bracket and '-heading">Final' in bracket and "Quarterfinal" not in bracket
    assert "Places 1–4" in bracket and "Places 1–8" not in bracket and "5–8" not in bracket


def test_a_playoff_tie_decided_by_sonneborn_berger_explains_sonneborn_berger(played):
    results, site = played
    outcome = evaluate_one(results / "sb")
    final = outcome.rounds[-1].units[0]
    assert final.decided_by == "sonneborn_berger", final.decided_by
    said = ("won on Sonneborn-Berger: For each game, the opponent&#39;s wins now times the own result (1, ½, 0), "
            "added up; a bye gives 0. (FIDE C.07: SB) Winner: ")
    assert said in read(site, "sb/playoff-1/index.html") and said in read(site, "sb/bracket/index.html")


# -- the new criteria on a whole event ------------------------------------------------------------

RANKING = ["wins", "head_to_head", "head_to_head_diff", "opp_score_diff", "opp_score_for", "rating"]


def naive_order(players, games, ratings, lots):
    """The ranking of ``RANKING`` worked out afresh from the games (player, opponent,
    own score, opponent's score, result), with the tied group applied recursively."""
    def total(pid, part):
        return sum(part(g) for g in games if g[0] == pid)

    def wins(pid):
        return total(pid, lambda g: g[4])

    def diff(pid):
        return total(pid, lambda g: g[2] - g[3])

    def scored(pid):
        return total(pid, lambda g: g[2])

    def opponents(pid):
        return [g[1] for g in games if g[0] == pid]

    steps = [lambda pid, group: wins(pid),
             lambda pid, group: sum(g[4] for g in games if g[0] == pid and g[1] in group),
             lambda pid, group: sum(g[2] - g[3] for g in games if g[0] == pid and g[1] in group),
             lambda pid, group: sum(diff(o) for o in opponents(pid)),
             lambda pid, group: sum(scored(o) for o in opponents(pid)),
             lambda pid, group: ratings.get(pid, 0)]

    def order(group, step):
        if len(group) == 1 or step == len(steps):
            return sorted(group, key=lots.sort_key)
        values = {pid: steps[step](pid, set(group)) for pid in group}
        ranked = []
        for value in sorted(set(values.values()), reverse=True):
            ranked += order([pid for pid in group if values[pid] == value], step + 1)
        return ranked

    return order(list(players), 0)


def test_an_event_ranked_by_head_to_head_opponents_scores_and_rating(tmp_path):
    folder = tmp_path / "results" / "h2h"
    folder.mkdir(parents=True)
    people = invent_players(10, "en", "h2h")
    ratings = {people[i]["id"]: rating for i, rating in ((0, 1500), (3, 1720), (6, Fraction(3001, 2)))}
    for person in people:
        if person["id"] in ratings:
            person["rating"] = float(ratings[person["id"]])
    (folder / "event.yaml").write_text(new_event_yaml("H2H", "carcassonne-lv", people, options={
        "groups": 1, "swiss_rounds": 5, "playoff_size": 0, "ranking": RANKING}), "utf-8")
    simulate(folder, seed="h2h")
    outcome = evaluate_one(folder)
    assert outcome.finished and len(outcome.standings) == 5
    lots = Lots(outcome.event.seed, outcome.event.lots)
    games = []
    for number, standing in enumerate(outcome.standings, 1):
        rnd = outcome.rounds[number - 1]
        for unit in rnd.units:
            for i, pid in enumerate(unit.players):
                games.append((pid, unit.players[1 - i], unit.counted[i], unit.counted[1 - i], unit.points[i]))
        assert [row.player for row in standing.rows] == naive_order([p["id"] for p in people], games, ratings, lots)
        assert [c.key for c in standing.criteria] == RANKING
    document = read_document(outcome)
    assert {p["id"]: p.get("rating") for p in document["players"] if "rating" in p} == {
        pid: float(value) for pid, value in ratings.items()}


def read_document(outcome):
    from podium_core.export import event_document

    return event_document(outcome)
