"""The Carcassonne engine's general parts (open-events.md 1-3): groups 1 to
8, playoffs of any power of two, matches of several games, each round
seated from its own field, late entrants, walkovers, unplayed games."""

from __future__ import annotations

import hashlib
import json

import pytest
import yaml

from podium_core.errors import Problems
from podium_core.export import event_document
from podium_core.model import bye_field
from podium_core.pipeline import evaluate_one
from podium_core.roundedit import field_line
from podium_core.systems.carcassonne.engine import first_round_labels
from podium_core.systems.carcassonne.groups import split_groups
from podium_core.systems.carcassonne.playoff import feeds


def ids(n):
    return [f"p{i:02d}" for i in range(1, n + 1)]


def write_event(folder, players, options, extra=None):
    """event.yaml; ``extra`` maps a player id to more fields of its entry."""
    folder.mkdir(parents=True, exist_ok=True)
    data = {"name": "Open", "format": "carcassonne-lv", "seed": "open", "options": options,
            "players": [{"id": p, "name": p.upper(), **(extra or {}).get(p, {})} for p in players]}
    (folder / "event.yaml").write_text(yaml.safe_dump(data, sort_keys=False), "utf-8")
    return folder


def score(*parts):
    digest = hashlib.sha256("/".join(map(str, parts)).encode()).hexdigest()
    return 60 + int(digest[:8], 16) % 100


def play(folder, stage, number, header="", games=None, result=None):
    """Write round ``number`` of ``stage`` as the engine seats it, each game
    with ``result(unit)`` (default: hashed distinct scores) or ``games``
    (a match: per-game scores); returns the seated round."""
    path = folder / f"{stage}-{number:02d}.yaml"
    path.write_text(f"stage: {stage}\nround: {number}\n{header}", "utf-8")
    rnd = next(r for r in evaluate_one(folder).rounds if (r.stage, r.round) == (stage, number))
    lines = [f"stage: {stage}\nround: {number}\n{header}"]
    if rnd.byes:
        lines.append(field_line("bye", bye_field(rnd.byes)))
    lines.append("games:\n")
    for unit in rnd.units:
        a, b = unit.players
        fields = result(unit) if result else {"score": [score(stage, number, a) * 2 + 1, score(stage, number, b) * 2]}
        if fields is None:
            continue
        if unit.place:
            fields = {**fields, "place": unit.place}
        body = "".join(f", {k}: {json.dumps(v)}" for k, v in fields.items())
        lines.append(f"  - {{table: {unit.table}, players: [{a}, {b}]{body}}}\n")
    path.write_text("".join(lines), "utf-8")
    return rnd


# -- groups -----------------------------------------------------------------------------


class _P:
    def __init__(self, pid, previous_place=None, reserve=False, group=None, joins=1):
        self.id, self.previous_place, self.reserve, self.group, self.joins = pid, previous_place, reserve, group, joins


def test_three_groups_take_previous_places_in_turn_then_the_draw_into_the_smallest():
    players = [_P("champ", 1), _P("second", 2), _P("third", 3), _P("fourth", 4)] + [_P(p) for p in ids(8)]
    groups, info = split_groups(players, "s", 3)
    assert [groups[g][:2] for g in "ABC"] == [["champ", "fourth"], ["second", info["drawn"][0]], ["third", info["drawn"][1]]]
    assert sorted(len(ids_) for ids_ in groups.values()) == [4, 4, 4]


def test_odd_groups_are_evened_out_in_pairs_by_the_last_drawn():
    groups, info = split_groups([_P(p) for p in ids(12)], "s", 4)  # 3 each: A and B, C and D even out
    assert sorted(len(g) for g in groups.values()) == [2, 2, 4, 4]
    assert len(info["moved"]) == 2


def test_a_late_entrant_joins_the_smallest_group_the_first_in_letter_order():
    players = [_P(p) for p in ids(8)] + [_P("late1", joins=3), _P("late2", joins=3), _P("late3", joins=3)]
    groups, _ = split_groups(players, "s", 2, lambda n: {"p01", "p02", "p03"} if n >= 3 else set())
    placed = {pid: g for g, members in groups.items() for pid in members}
    gone_from = {placed[p] for p in ("p01", "p02", "p03")}
    # the groups before the late entries are those of the first round's field
    assert {g: [p for p in m if not p.startswith("late")] for g, m in groups.items()} == split_groups(players[:8], "s", 2)[0]
    counts = {g: len([p for p in m if p not in {"p01", "p02", "p03"} and not p.startswith("late")]) for g, m in groups.items()}
    first = min("AB", key=lambda g: counts[g])
    assert placed["late1"] == first and gone_from


def test_four_groups_play_inside_their_groups_and_send_two_each_to_a_playoff_of_8(tmp_path):
    folder = write_event(tmp_path / "ev", ids(16), {"groups": 4, "swiss_rounds": 3, "playoff_size": 8})
    for number in (1, 2, 3):
        rnd = play(folder, "swiss", number)
        groups = evaluate_one(folder).extra["groups"]
        for unit in rnd.units:
            assert len({g for g, members in groups.items() for p in unit.players if p in members}) == 1
    first = play(folder, "playoff", 1)
    assert [u.seeds for u in first.units] == [("A1", "D2"), ("D1", "A2"), ("B1", "C2"), ("C1", "B2")]
    outcome = evaluate_one(folder)
    assert str(outcome.format.round_title(1)) == "Quarterfinals"
    play(folder, "playoff", 2)
    play(folder, "playoff", 3)
    outcome = evaluate_one(folder)
    assert outcome.finished and len(outcome.classification) == 16
    document = event_document(outcome)
    assert document["options"]["groups"] == 4


# -- the playoff ------------------------------------------------------------------------


def test_playoff_pairs_follow_the_standard_bracket_and_formats_md_tables():
    assert first_round_labels(8, 1) == [("1", "8"), ("2", "7"), ("3", "6"), ("4", "5")]
    assert first_round_labels(8, 2) == [("A1", "B4"), ("A2", "B3"), ("A3", "B2"), ("A4", "B1")]
    assert first_round_labels(4, 2) == [("A1", "B2"), ("A2", "B1")]
    assert first_round_labels(16, 1) == [("1", "16"), ("8", "9"), ("4", "13"), ("5", "12"), ("2", "15"), ("7", "10"),
                                         ("3", "14"), ("6", "11")]
    assert feeds(8, 1, 2) == [(1, 4), (2, 3)] and feeds(8, 2, 2) == [(1, 3), (2, 4)]
    assert feeds(16, 1, 2) == [(1, 2), (3, 4), (5, 6), (7, 8)]


def test_a_playoff_of_16_from_one_group(tmp_path):
    folder = write_event(tmp_path / "ev", ids(20), {"groups": 1, "swiss_rounds": 2, "playoff_size": 16})
    play(folder, "swiss", 1)
    play(folder, "swiss", 2)
    for number in range(1, 5):
        play(folder, "playoff", number)
    outcome = evaluate_one(folder)
    titles = [str(r.title) for r in outcome.rounds if r.stage == "playoff"]
    assert titles == ["Round of 16", "Quarterfinals", "Semifinals", "Final"]
    assert outcome.finished and [p.place for p in outcome.classification] == list(range(1, 21))


def test_a_playoff_size_the_groups_cannot_share_is_refused(tmp_path):
    folder = write_event(tmp_path / "ev", ids(24), {"groups": 3, "playoff_size": 8})
    with pytest.raises(Problems) as caught:
        evaluate_one(folder)
    assert "playoff_size: 8 cannot be shared equally by 3 groups" in str(caught.value)


def test_a_group_smaller_than_its_playoff_share_is_refused(tmp_path):
    folder = write_event(tmp_path / "ev", ids(12), {"groups": 4, "playoff_size": 16})
    with pytest.raises(Problems) as caught:
        evaluate_one(folder)
    assert "the playoff takes 4 players from each group, but group D has only 2" in str(caught.value)


def test_a_playoff_withdrawal_is_a_walkover(tmp_path):
    folder = write_event(tmp_path / "ev", ids(8), {"groups": 1, "swiss_rounds": 2, "playoff_size": 4})
    play(folder, "swiss", 1)
    play(folder, "swiss", 2)
    seated = play(folder, "playoff", 1)
    gone = seated.units[0].players[1]
    play(folder, "playoff", 1, header=f"withdrawn: [{gone}]\n",
         result=lambda unit: {} if gone in unit.players else {"score": [100, 90]})
    outcome = evaluate_one(folder)
    game = outcome.rounds[-1].units[0]
    assert game.walkover == gone and game.winner == seated.units[0].players[0]
    document = event_document(outcome)
    assert document["rounds"][-1]["games"][0]["walkover"] == gone
    final = play(folder, "playoff", 2)
    assert seated.units[0].players[0] in final.units[0].players


def test_a_swiss_withdrawal_moves_the_next_player_into_the_playoff(tmp_path):
    folder = write_event(tmp_path / "ev", ids(8), {"groups": 1, "swiss_rounds": 2, "playoff_size": 4, "odd_field": "bye"})
    play(folder, "swiss", 1)
    play(folder, "swiss", 2)
    leader = evaluate_one(folder).standings[-1].rows[0].player
    folder3 = write_event(tmp_path / "ev3", ids(8), {"groups": 1, "swiss_rounds": 3, "playoff_size": 4, "odd_field": "bye"})
    for number in (1, 2):
        (folder3 / f"swiss-{number:02d}.yaml").write_text((folder / f"swiss-{number:02d}.yaml").read_text("utf-8"), "utf-8")
    third = play(folder3, "swiss", 3, header=f"withdrawn: [{leader}]\n")
    assert leader not in set(third.players())
    first = play(folder3, "playoff", 1)
    assert leader not in set(first.players()) and len(first.units) == 2


# -- matches ----------------------------------------------------------------------------


def test_matches_of_best_of_three(tmp_path):
    folder = write_event(tmp_path / "ev", ids(4), {"groups": 1, "swiss_rounds": 1, "playoff_size": 0, "match_games": 3,
                                                  "ranking": ["wins", "game_diff", "game_wins", "score_diff"]})
    play(folder, "swiss", 1, result=lambda unit: {"games": [[100, 90], [80, 95], [110, 70]]} if unit.table == 1
         else {"games": [[100, 90], [{"score": [50, 60], "forfeit": unit.players[1]}][0]]})
    outcome = evaluate_one(folder)
    first, second = outcome.rounds[0].units
    assert first.game_wins == (2, 1) and first.winner == first.players[0] and first.score == (290, 255)
    assert second.game_wins == (2, 0) and second.counted == (150, 90)
    values = {row.player: row.values for row in outcome.standings[-1].rows}
    assert values[first.players[0]] == {"wins": 1, "game_diff": 1, "game_wins": 2, "score_diff": 35}
    assert values[second.players[1]] == {"wins": 0, "game_diff": -2, "game_wins": 0, "score_diff": -60}
    document = event_document(outcome)
    assert document["rounds"][0]["games"][0]["game_wins"] == [2, 1]


def test_a_match_entered_as_one_score_or_played_on_after_it_was_won_is_refused(tmp_path):
    folder = write_event(tmp_path / "ev", ids(4), {"groups": 1, "swiss_rounds": 1, "playoff_size": 0, "match_games": 3})
    play(folder, "swiss", 1, result=lambda unit: {"score": [2, 1]} if unit.table == 1
         else {"games": [[100, 90], [100, 90], [100, 90]]})
    with pytest.raises(Problems) as caught:
        evaluate_one(folder)
    text = str(caught.value)
    assert "with match_games: 3 a pairing is a match, entered as games:" in text
    assert "game 3 was recorded after the match was over (2-0 in games, best of 3)" in text


def test_game_diff_needs_matches(tmp_path):
    folder = write_event(tmp_path / "ev", ids(4), {"groups": 1, "playoff_size": 0, "ranking": ["wins", "game_diff"]})
    with pytest.raises(Problems) as caught:
        evaluate_one(folder)
    assert "'game_diff' counts the games of matches of several games: it needs match_games above 1" in str(caught.value)


def test_an_even_match_games_is_refused(tmp_path):
    folder = write_event(tmp_path / "ev", ids(4), {"match_games": 2})
    with pytest.raises(Problems) as caught:
        evaluate_one(folder)
    assert "options.match_games: 2 is even" in str(caught.value)


# -- the open field ---------------------------------------------------------------------


def test_a_bye_only_in_rounds_whose_field_is_odd_and_a_late_entrant_is_paired_from_joining(tmp_path):
    folder = write_event(tmp_path / "ev", ids(6) + ["late"], {"groups": 1, "swiss_rounds": 3, "playoff_size": 0,
                                                              "odd_field": "bye"}, {"late": {"joins": 2}})
    first = play(folder, "swiss", 1)
    assert not first.byes and "late" not in set(first.players())
    second = play(folder, "swiss", 2)
    assert len(second.byes) == 1 and len(second.units) == 3
    third = play(folder, "swiss", 3, header="absent: [p01]\n")
    assert not third.byes and "p01" not in set(third.players()) and len(third.units) == 3
    # adding the late entrant never changed round 1: the file written before is still valid
    assert evaluate_one(folder).finished



def test_two_groups_odd_in_one_round_each_have_their_own_bye(tmp_path):
    """Groups of four under odd_field: bye; one player of each withdraws before round 2: both groups are odd and each
    is seated on its own, with its own bye (bye: [a, b] in the file and event.json); round 3 gives each group's bye to
    another player; a file naming one bye only, or a wrong one, is refused at its line."""
    groups = {p: {"group": "A" if i < 4 else "B"} for i, p in enumerate(ids(8))}
    folder = write_event(tmp_path / "ev", ids(8), {"groups": 2, "swiss_rounds": 3, "playoff_size": 2,
                                                  "odd_field": "bye"}, groups)
    play(folder, "swiss", 1)
    second = play(folder, "swiss", 2, header="withdrawn: [p01, p05]\n")
    assert [groups[pid]["group"] for pid in second.byes] == ["A", "B"] and len(second.units) == 2
    assert all(groups[a]["group"] == groups[b]["group"] for a, b in (u.players for u in second.units))
    assert "bye: [" in (folder / "swiss-02.yaml").read_text("utf-8")
    third = play(folder, "swiss", 3)
    assert len(third.byes) == 2 and not set(third.byes) & set(second.byes)
    outcome = evaluate_one(folder)
    document = event_document(outcome)
    assert document["rounds"][1]["bye"] == list(second.byes) and document["rounds"][0].get("bye") is None
    values = {row.player: row.values["wins"] for st in outcome.standings if st.after_round == 3 for row in st.rows}
    crossed = {g["group"]: g["games"] for g in outcome.extra["crosstable"]["groups"]}
    for pid in second.byes:
        assert crossed[groups[pid]["group"]][pid][1] == {"round": 2, "bye": True} and values[pid] >= 1
    path = folder / "swiss-02.yaml"
    text = path.read_text("utf-8")
    for wrong, said in ((f"bye: {second.byes[0]}\n", f"the rules give {second.byes[0]}, {second.byes[1]} the bye this "
                                                      f"round, not {second.byes[0]}"),
                        ("", f"the rules give {second.byes[0]}, {second.byes[1]} the bye this round: add bye: "
                             f"[{second.byes[0]}, {second.byes[1]}]")):
        path.write_text(text.replace(f"bye: [{second.byes[0]}, {second.byes[1]}]\n", wrong), "utf-8")
        with pytest.raises(Problems) as caught:
            evaluate_one(folder)
        assert said in str(caught.value)


def test_an_unplayed_game_counts_nothing_and_is_no_meeting(tmp_path):
    folder = write_event(tmp_path / "ev", ids(4), {"groups": 1, "swiss_rounds": 2, "playoff_size": 0,
                                                  "avoid_rematch": "always"})
    play(folder, "swiss", 1, result=lambda unit: {"unplayed": "storm"} if unit.table == 1 else {"score": [100, 90]})
    outcome = evaluate_one(folder)
    first = outcome.rounds[0]
    assert first.status == "complete" and first.units[0].unplayed == "storm" and first.units[0].points is None
    a, b = first.units[0].players
    values = {row.player: row.values for row in outcome.standings[-1].rows}
    assert values[a] == values[b] == {"wins": 0, "buchholz": 0, "score_diff": 0}
    assert event_document(outcome)["rounds"][0]["games"][0]["unplayed"] == "storm"
