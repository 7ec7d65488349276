"""The carcassonne-lv engine (formats.md section 3), through real outcomes.

Events are written as YAML folders in ``tmp_path`` and evaluated by
``podium_core.pipeline.evaluate_one``, the path ``podium export`` takes.  Whole
events are played by :func:`play`: it asks the engine for the next round
(an upcoming file filled at build time), then records scores for it.
"""

from __future__ import annotations

import hashlib
from fractions import Fraction
from pathlib import Path

import pytest
import yaml
from hypothesis import given, settings
from hypothesis import strategies as st

from podium_core.draw import draw_order
from podium_core.errors import Problems
from podium_core.export import event_document
from podium_core.formats import get_format
from podium_core.systems.carcassonne.pairing import pair_swiss, split_groups

CRITERIA = get_format("carcassonne-lv").criteria
from podium_core.pipeline import evaluate_one

# -- helpers ---------------------------------------------------------------------


def ids(n, prefix="p"):
    return [f"{prefix}{i:02d}" for i in range(1, n + 1)]


def write_event(folder: Path, players, *, reserve=None, options=None, seed="test seed", previous=None, lots=None):
    """event.yaml for ``players`` (ids); ``reserve`` is the reserve's id; ``previous`` maps id -> previous_place."""
    folder.mkdir(parents=True, exist_ok=True)
    entries = []
    for pid in players:
        entry = {"id": pid, "name": pid.upper()}
        if pid == reserve:
            entry["reserve"] = True
        if previous and pid in previous:
            entry["previous_place"] = previous[pid]
        entries.append(entry)
    data = {"name": "Test Carcassonne", "format": "carcassonne-lv", "seed": seed, "players": entries}
    if options:
        data["options"] = options
    if lots:
        data["lots"] = lots
    (folder / "event.yaml").write_text(yaml.safe_dump(data, sort_keys=False, allow_unicode=True), "utf-8")
    return folder


def write_round(folder: Path, stage, number, games=None, manual=None):
    data = {"stage": stage, "round": number}
    if manual:
        data["manual"] = manual
    if games is not None:
        data["games"] = [{"table": i + 1, **g} for i, g in enumerate(games)]
    path = folder / f"{stage}-{number:02d}.yaml"
    lines = []
    for key, value in data.items():
        if key != "games":
            lines.append(f"{key}: {yaml.safe_dump(value, default_flow_style=True).strip().removesuffix('...').strip()}")
    if games is not None:
        lines.append("games:")
        for game in data["games"]:
            for i, (key, value) in enumerate(game.items()):
                text = yaml.safe_dump(value, default_flow_style=True).strip().removesuffix("...").strip()
                lines.append(f"{'  - ' if i == 0 else '    '}{key}: {text}")
    path.write_text("\n".join(lines) + "\n", "utf-8")
    return path


def hashed_score(*parts, low=60, high=160):
    digest = hashlib.sha256("/".join(map(str, parts)).encode()).hexdigest()
    return low + int(digest[:8], 16) % (high - low)


def default_result(stage, number, table, players):
    """Deterministic scores (draws possible); playoff games always carry times."""
    a, b = players
    game = {"players": list(players), "score": [hashed_score(stage, number, a), hashed_score(stage, number, b)]}
    if stage == "playoff":
        game["time"] = [f"{10 + hashed_score('t', number, a) % 9}:{hashed_score('s', a) % 60:02d}",
                        f"{10 + hashed_score('t', number, b) % 9}:{hashed_score('s', b) % 60:02d}"]
    return game


def play(folder: Path, stage, number, result=default_result):
    """Ask the engine for ``stage`` round ``number``, then record a result for every game."""
    write_round(folder, stage, number)
    outcome = evaluate_one(folder)
    rnd = round_of(outcome, stage, number)
    assert rnd.status == "upcoming" and rnd.seating.filled, rnd.waiting
    games = []
    for unit in rnd.units:
        game = result(stage, number, unit.table, unit.players)
        if unit.place is not None:
            game["place"] = unit.place
        games.append(game)
    write_round(folder, stage, number, games)
    return rnd


def play_swiss(folder: Path, rounds, result=default_result):
    for number in range(1, rounds + 1):
        play(folder, "swiss", number, result)


def round_of(outcome, stage, number):
    return next(r for r in outcome.rounds if r.stage == stage and r.round == number)


def pairs_of(rnd):
    return [tuple(u.players) for u in rnd.units]


def problems_of(folder) -> list[str]:
    with pytest.raises(Problems) as caught:
        evaluate_one(folder)
    return [str(p) for p in caught.value.problems]


def latest(outcome, group=None):
    return [s for s in outcome.standings if s.group == group][-1]


# -- pairing: the rule itself ------------------------------------------------------


def test_example_of_the_rules_a_b_c_d():
    """A, B, C, D in rank order, A-B just played: A-C and B-D."""
    assert pair_swiss("ABCD", {"A": {"B"}}) == [("A", "C"), ("B", "D")]


def test_no_forbidden_pairs_gives_1_2_3_4():
    assert pair_swiss("ABCDEF", {}) == [("A", "B"), ("C", "D"), ("E", "F")]


def test_rematch_at_the_bottom_forces_backtracking():
    """Greedy A-B, C-D would leave E-F, who just met: C takes E instead, D gets F."""
    assert pair_swiss("ABCDEF", {"E": {"F"}}) == [("A", "B"), ("C", "E"), ("D", "F")]


def test_backtracking_reaches_higher_levels():
    """Only D may meet F, and only C may meet E: the top choices must give way."""
    order = "ABCDEF"
    forbidden = {"F": set("ABCE"), "E": set("ABD")}
    assert pair_swiss(order, forbidden) == [("A", "B"), ("C", "E"), ("D", "F")]


def test_impossible_pairing_is_none():
    assert pair_swiss("AB", {"A": {"B"}}) is None
    assert pair_swiss("ABCD", {"A": {"B", "C", "D"}}) is None


def reference_pairing(order, forbidden):
    """The plain depth-first search of the rules, for small fields."""
    banned = {frozenset((a, b)) for a, others in forbidden.items() for b in others}

    def search(rest):
        if not rest:
            return []
        top, others = rest[0], rest[1:]
        for i, partner in enumerate(others):
            if frozenset((top, partner)) in banned:
                continue
            found = search(others[:i] + others[i + 1:])
            if found is not None:
                return [(top, partner)] + found
        return None

    return search(list(order))


@st.composite
def fields(draw):
    """A ranked field and the pairings of earlier rounds (each a perfect matching)."""
    n = 2 * draw(st.integers(1, 9))
    players = [f"x{i}" for i in range(n)]
    order = draw(st.permutations(players))
    earlier = []
    for _ in range(draw(st.integers(0, 4))):
        shuffled = draw(st.permutations(players))
        earlier.append([(shuffled[i], shuffled[i + 1]) for i in range(0, n, 2)])
    return order, earlier


def forbidden_from(rounds):
    forbidden = {}
    for games in rounds:
        for a, b in games:
            forbidden.setdefault(a, set()).add(b)
            forbidden.setdefault(b, set()).add(a)
    return forbidden


@settings(max_examples=300, deadline=None)
@given(fields(), st.booleans())
def test_pairing_property(field, always):
    """Everyone is paired exactly once, never against a forbidden opponent, and
    the result is the rules' depth-first search; None only when no pairing exists."""
    order, earlier = field
    forbidden = forbidden_from(earlier if always else earlier[-1:])
    result = pair_swiss(order, forbidden)
    expected = reference_pairing(order, forbidden)
    assert result == expected
    if result is not None:
        assert sorted(p for game in result for p in game) == sorted(order)
        rank = {pid: i for i, pid in enumerate(order)}
        for a, b in result:
            assert b not in forbidden.get(a, ())
            assert rank[a] < rank[b]  # the higher-ranked player is listed first (starts)
    elif not always and earlier:
        # with only the previous round forbidden, a field of 4 or more can always be paired
        assert len(order) == 2


def test_pairing_twenty_thousand_players():
    """Size sanity check: a huge field with the worst immediate rematches (every
    neighbouring pair just met) is paired without a dense search."""
    order = [f"p{i:05d}" for i in range(20000)]
    previous = {order[i]: {order[i + 1 - 2 * (i % 2)]} for i in range(20000)}
    result = pair_swiss(order, previous)
    assert len(result) == 10000
    assert len({p for game in result for p in game}) == 20000
    assert all(b not in previous[a] for a, b in result)
    assert result[0] == (order[0], order[2]) and result[1] == (order[1], order[3])

    # five earlier rounds forbidden (avoid_rematch: always at the end of the stage)
    forbidden = {pid: set() for pid in order}
    for shift in range(1, 6):
        for i in range(0, 20000):
            j = (i + shift) % 20000
            forbidden[order[i]].add(order[j])
    result = pair_swiss(order, forbidden)
    assert len({p for game in result for p in game}) == 20000
    assert all(b not in forbidden[a] and a not in forbidden[b] for a, b in result)


# -- game result and ranking --------------------------------------------------------


def test_forfeit_counts_zero_and_draw_is_half(tmp_path):
    folder = write_event(tmp_path / "ev", ids(4))
    order = draw_order(ids(4), "test seed", "swiss/1")
    a, b, c, d = order
    write_round(folder, "swiss", 1, [
        {"players": [a, b], "score": [130, 90], "forfeit": a, "time": ["20:01", "15:00"]},
        {"players": [c, d], "score": [100, 100]},
    ])
    outcome = evaluate_one(folder)
    game = round_of(outcome, "swiss", 1).units[0]
    assert game.winner == b and game.counted == (0, 90) and game.decided_by == "forfeit"
    drawn = round_of(outcome, "swiss", 1).units[1]
    assert drawn.winner is None and drawn.points == (Fraction(1, 2), Fraction(1, 2))
    values = {row.player: row.values for row in latest(outcome).rows}
    assert values[b] == {"wins": 1, "buchholz": 0, "score_diff": 90}
    assert values[a] == {"wins": 0, "buchholz": 1, "score_diff": -90}
    assert values[c]["wins"] == Fraction(1, 2) and values[c]["buchholz"] == Fraction(1, 2)
    assert [row.player for row in latest(outcome).rows][0] == b
    document = event_document(outcome)
    first = document["rounds"][0]["games"][0]
    assert first == {"table": 1, "players": [a, b], "score": [130, 90], "winner": b, "forfeit": a,
                     "time": ["20:01", "15:00"], "place": None, "group": None, "counted_score": [0, 90],
                     "points": [0, 1], "decided_by": "forfeit"}
    assert document["standings"][0]["rows"][1]["values"]["wins"] == 0.5


def test_buchholz_uses_current_wins_and_counts_repeat_opponents(tmp_path):
    """Manual rounds let a pair meet twice; Buchholz counts that opponent twice."""
    folder = write_event(tmp_path / "ev", ["a", "b", "c", "d"])
    write_round(folder, "swiss", 1, [{"players": ["a", "b"], "score": [100, 90]},
                                     {"players": ["c", "d"], "score": [80, 70]}], manual="test")
    write_round(folder, "swiss", 2, [{"players": ["a", "c"], "score": [50, 60]},
                                     {"players": ["b", "d"], "score": [90, 90]}], manual="test")
    write_round(folder, "swiss", 3, [{"players": ["a", "c"], "score": [70, 60]},
                                     {"players": ["b", "d"], "score": [95, 90]}], manual="test")
    outcome = evaluate_one(folder)
    after2 = [s for s in outcome.standings if s.after_round == 2][0]
    values = {row.player: row.values for row in after2.rows}
    # wins after 2: a 1, b ½, c 2, d ½
    assert values["a"]["buchholz"] == Fraction(5, 2)  # b ½ + c 2
    assert values["d"]["buchholz"] == Fraction(5, 2)  # c 2 + b ½
    values = {row.player: row.values for row in latest(outcome).rows}
    # wins after 3: a 2, b 1.5, c 2, d 0.5
    assert values["a"] == {"wins": 2, "buchholz": Fraction(11, 2), "score_diff": 10 - 10 + 10}
    assert values["c"] == {"wins": 2, "buchholz": Fraction(9, 2), "score_diff": 10 + 10 - 10}
    assert [row.player for row in latest(outcome).rows] == ["a", "c", "b", "d"]
    assert [c.key for c in CRITERIA] == ["wins", "buchholz", "score_diff"]
    assert all(c.label and c.abbr and c.legend for c in CRITERIA)


# -- Swiss seating -----------------------------------------------------------------


def test_round_one_is_the_draw_in_consecutive_pairs(tmp_path):
    players = ids(10)
    folder = write_event(tmp_path / "ev", players)
    write_round(folder, "swiss", 1)
    rnd = round_of(evaluate_one(folder), "swiss", 1)
    order = draw_order(players, "test seed", "swiss/1")
    assert pairs_of(rnd) == [tuple(order[i:i + 2]) for i in range(0, 10, 2)]
    assert rnd.seating.method == "draw" and rnd.seating.purpose == "swiss/1" and rnd.seating.filled
    assert rnd.status == "upcoming"


def test_later_rounds_pair_by_ranking_avoiding_the_previous_round(tmp_path):
    players = ids(12)
    folder = write_event(tmp_path / "ev", players)
    play_swiss(folder, 5)
    write_round(folder, "swiss", 6)
    outcome = evaluate_one(folder)
    ranking = [row.player for row in latest(outcome).rows]
    previous = {p: q for u in round_of(outcome, "swiss", 5).units for p, q in (u.players, u.players[::-1])}
    rnd = round_of(outcome, "swiss", 6)
    assert pairs_of(rnd) == pair_swiss(ranking, {p: {q} for p, q in previous.items()})
    for a, b in pairs_of(rnd):
        assert previous[a] != b
        assert ranking.index(a) < ranking.index(b)  # higher-ranked starts
    assert rnd.seating.method == "pairing" and rnd.seating.order == tuple(ranking)


def test_a_b_c_d_example_in_an_event(tmp_path):
    """Both round-1 games drawn and the judge's lots rank A, B, C, D, where A-B
    just met: round 2 is A-C and B-D."""
    players = ["a", "b", "c", "d"]
    A, B, C, D = draw_order(players, "test seed", "swiss/1")
    folder = write_event(tmp_path / "ev", players, lots=[A, B, C, D])
    write_round(folder, "swiss", 1, [{"players": [A, B], "score": [100, 100]},
                                     {"players": [C, D], "score": [90, 90]}])
    write_round(folder, "swiss", 2)
    outcome = evaluate_one(folder)
    assert [row.player for row in latest(outcome).rows] == [A, B, C, D]
    assert all(row.by_lot for row in latest(outcome).rows)
    assert pairs_of(round_of(outcome, "swiss", 2)) == [(A, C), (B, D)]


def test_rematch_at_the_bottom_in_an_event(tmp_path):
    """After round 2 the two lowest-ranked players just drew against each other:
    the greedy 1-2, 3-4 would leave them together, so 3 and 4 take them instead."""
    folder = write_event(tmp_path / "ev", list("abcdef"))
    write_round(folder, "swiss", 1, [{"players": ["a", "b"], "score": [100, 90]},
                                     {"players": ["c", "d"], "score": [100, 90]},
                                     {"players": ["e", "f"], "score": [100, 90]}], manual="set up the test")
    write_round(folder, "swiss", 2, [{"players": ["a", "c"], "score": [100, 90]},
                                     {"players": ["e", "b"], "score": [90, 100]},
                                     {"players": ["d", "f"], "score": [95, 95]}], manual="set up the test")
    write_round(folder, "swiss", 3)
    outcome = evaluate_one(folder)
    ranking = [row.player for row in latest(outcome).rows]
    assert ranking[:4] == ["a", "b", "c", "e"] and set(ranking[4:]) == {"d", "f"}
    assert pairs_of(round_of(outcome, "swiss", 3)) == [("a", "b"), ("c", ranking[4]), ("e", ranking[5])]


def test_avoid_rematch_always(tmp_path):
    """With four players and `always`, rounds 1-3 are a round robin and round 4 cannot be paired."""
    players = ["a", "b", "c", "d"]
    folder = write_event(tmp_path / "ev", players, options={"avoid_rematch": "always"})
    play_swiss(folder, 3)
    outcome = evaluate_one(folder)
    met = [frozenset(u.players) for r in outcome.rounds for u in r.units]
    assert len(set(met)) == 6  # every pair exactly once
    path = write_round(folder, "swiss", 4)
    assert problems_of(folder) == [
        f"{path}:2: no pairing of the field for Swiss round 4 satisfies the rules (every pairing would "
        f"repeat an earlier game): record the seating with manual: \"reason\""]
    # consecutive (the default) allows the repeat of round 2 in round 4
    write_event(folder, players)
    outcome = evaluate_one(folder)
    third = {frozenset(u.players) for u in round_of(outcome, "swiss", 3).units}
    assert not third & {frozenset(p) for p in pairs_of(round_of(outcome, "swiss", 4))}


def test_manual_round_when_no_pairing_exists(tmp_path):
    players = ["a", "b", "c", "d"]
    folder = write_event(tmp_path / "ev", players, options={"avoid_rematch": "always"})
    play_swiss(folder, 3)
    rnd3 = round_of(evaluate_one(folder), "swiss", 3)
    games = [{"players": list(p), "score": [100, 90]} for p in pairs_of(rnd3)]
    write_round(folder, "swiss", 4, games, manual="only rematches were left")
    rnd = round_of(evaluate_one(folder), "swiss", 4)
    assert rnd.seating.method == "manual" and rnd.seating.manual == "only rematches were left"
    assert rnd.status == "complete"


def test_bad_option_is_refused(tmp_path):
    """The event schema knows the option's values (checked before the engine runs)."""
    folder = write_event(tmp_path / "ev", ids(4), options={"avoid_rematch": "never"})
    found = problems_of(folder)
    assert len(found) == 1 and "avoid_rematch" in found[0] and "'never'" in found[0]


# -- reserve -------------------------------------------------------------------


def test_reserve_player_plays_but_takes_no_place(tmp_path):
    players = ids(9)
    folder = write_event(tmp_path / "ev", players + ["reserve"], reserve="reserve")
    # the reserve wins every game, so they top the Swiss ranking
    def result(stage, number, table, pair):
        game = default_result(stage, number, table, pair)
        if "reserve" in pair:
            game["score"] = [200 if p == "reserve" else 50 for p in pair]
        return game

    play_swiss(folder, 6, result)
    outcome = evaluate_one(folder)
    for rnd in outcome.rounds:
        assert "reserve" in list(rnd.players())
    rows = latest(outcome).rows
    assert rows[0].player == "reserve" and rows[0].reserve
    assert all(not r.reserve for r in rows[1:])
    # the reserve's wins count in their opponents' Buchholz
    opponents = [u.opponent("reserve") for r in outcome.rounds for u in r.units if "reserve" in u.players]
    values = {row.player: row.values for row in rows}
    for opponent in set(opponents):
        assert values[opponent]["buchholz"] >= values["reserve"]["wins"]
    qualifiers = [r.player for r in rows if not r.reserve][:8]
    quarter = play(folder, "playoff", 1, result)
    assert pairs_of(quarter) == [(qualifiers[0], qualifiers[7]), (qualifiers[1], qualifiers[6]),
                                 (qualifiers[2], qualifiers[5]), (qualifiers[3], qualifiers[4])]
    play(folder, "playoff", 2, result)
    play(folder, "playoff", 3, result)
    outcome = evaluate_one(folder)
    places = outcome.classification
    assert [p.place for p in places] == list(range(1, 10)) + [None]
    assert places[-1].player == "reserve" and places[-1].reserve
    document = event_document(outcome)
    assert document["classification"][-1] == {"place": None, "player": "reserve", "reserve": True}
    assert document["standings"][-1]["rows"][0]["reserve"] is True


def test_odd_field_without_reserve_is_an_error(tmp_path):
    folder = write_event(tmp_path / "ev", ids(9))
    write_round(folder, "swiss", 1)
    assert problems_of(folder) == [
        f"{folder / 'event.yaml'}:5: 9 players is an odd field: the organisers must add a reserve player "
        f"(a player entry with reserve: true)"]


def test_a_reserve_plays_only_in_rounds_whose_field_is_odd(tmp_path):
    """open-events.md 1: the reserve of an even field sits out, and plays
    in a round where an absence leaves the field odd."""
    folder = write_event(tmp_path / "ev", ids(9), reserve="p03")
    write_round(folder, "swiss", 1)
    first = evaluate_one(folder).rounds[0]
    assert "p03" not in set(first.players()) and len(first.units) == 4
    write_round(folder, "swiss", 1, [{"players": list(u.players), "score": [90, 80]} for u in first.units])
    path = write_round(folder, "swiss", 2)
    path.write_text(path.read_text("utf-8") + "absent: [p01]\n", "utf-8")
    second = evaluate_one(folder).rounds[1]
    assert "p03" in set(second.players()) and "p01" not in set(second.players()) and len(second.units) == 4


# -- two groups ------------------------------------------------------------------


class _P:
    def __init__(self, pid, previous_place=None, reserve=False):
        self.id, self.previous_place, self.reserve = pid, previous_place, reserve


def test_group_split_previous_places_then_draw():
    players = [_P(f"q{i:02d}", previous_place=i) for i in (5, 1, 9, 3, 7)]
    others = [_P(f"n{i:02d}") for i in range(1, 31)]
    groups, info = split_groups(players + others, "s")
    assert groups["A"][:3] == ["q01", "q05", "q09"] and groups["B"][:2] == ["q03", "q07"]
    drawn = draw_order([p.id for p in others], "s", "groups")
    assert info["drawn"] == drawn
    # the first drawn player joins the smaller group B (3 v 2), the next A (equal: A) ...
    assert groups["B"][2] == drawn[0] and groups["A"][3] == drawn[1] and groups["B"][3] == drawn[2]
    assert (len(groups["A"]), len(groups["B"]), info["moved"]) == (18, 17, None)


def test_group_split_makes_both_groups_even():
    """34 drawn players would give 17 and 17: the last drawn changes group."""
    players = [_P(f"n{i:02d}") for i in range(34)]
    groups, info = split_groups(players, "s")
    drawn = draw_order([p.id for p in players], "s", "groups")
    assert info["moved"] == drawn[-1]
    assert len(groups["A"]) == 18 and len(groups["B"]) == 16
    assert groups["A"][-1] == drawn[-1]  # drawn[-1] went to B (17 v 16) and moved to A


def test_two_groups_rounds_standings_and_playoff(tmp_path):
    players = ids(34)
    previous = {"p01": 2, "p02": 1, "p03": 3}
    folder = write_event(tmp_path / "ev", players, previous=previous)
    write_round(folder, "swiss", 1)
    outcome = evaluate_one(folder)
    groups = outcome.extra["groups"]
    assert groups["A"][:2] == ["p02", "p03"] and groups["B"][0] == "p01"
    assert sorted(len(g) % 2 for g in groups.values()) == [0, 0]
    rnd = round_of(outcome, "swiss", 1)
    expected = [tuple(p) for g in "AB" for p in
                (lambda o: [o[i:i + 2] for i in range(0, len(o), 2)])(draw_order(groups[g], "test seed", "swiss/1"))]
    assert pairs_of(rnd) == expected
    assert [u.group for u in rnd.units] == ["A"] * (len(groups["A"]) // 2) + ["B"] * (len(groups["B"]) // 2)
    play_swiss(folder, 5)
    write_round(folder, "swiss", 6)
    assert any("swiss has 5 round(s)" in p for p in problems_of(folder))
    (folder / "swiss-06.yaml").unlink()
    outcome = evaluate_one(folder)
    assert [(s.group, s.after_round) for s in outcome.standings] == [(g, r) for r in range(1, 6) for g in "AB"]
    for standing in outcome.standings:
        assert {row.player for row in standing.rows} == set(groups[standing.group])
    for rnd in outcome.rounds:
        for unit in rnd.units:
            assert {outcome.extra["groups"][unit.group].count(p) for p in unit.players} == {1}
    a = [row.player for row in latest(outcome, "A").rows]
    b = [row.player for row in latest(outcome, "B").rows]
    quarter = play(folder, "playoff", 1)
    assert pairs_of(quarter) == [(a[0], b[3]), (a[1], b[2]), (b[1], a[2]), (b[0], a[3])]
    assert [u.seeds for u in quarter.units] == [("A1", "B4"), ("A2", "B3"), ("B2", "A3"), ("B1", "A4")]
    outcome = evaluate_one(folder)
    w = [u.winner for u in round_of(outcome, "playoff", 1).units]
    semi = play(folder, "playoff", 2)
    assert [set(p) for p in pairs_of(semi)] == [{w[0], w[2]}, {w[1], w[3]}]
    final = play(folder, "playoff", 3)
    assert [u.place for u in final.units] == [1, 3]
    outcome = evaluate_one(folder)
    assert [p.place for p in outcome.classification] == list(range(1, 35))
    bracket = outcome.extra["bracket"]
    assert [r["round"] for r in bracket["rounds"]] == [1, 2, 3]
    assert bracket["rounds"][0]["games"][0]["slots"] == ["A1", "B4"]
    cross = outcome.extra["crosstable"]["groups"]
    assert [g["group"] for g in cross] == ["A", "B"]
    assert all(len(games) == 5 for g in cross for games in g["games"].values())


# -- playoff -----------------------------------------------------------------------


def one_group_event(tmp_path, n=10, **kwargs):
    folder = write_event(tmp_path / "ev", ids(n), **kwargs)
    play_swiss(folder, 6)
    return folder


def test_one_group_playoff_seating_and_bracket(tmp_path):
    folder = one_group_event(tmp_path)
    ranking = [row.player for row in latest(evaluate_one(folder)).rows]
    quarter = play(folder, "playoff", 1)
    assert pairs_of(quarter) == [(ranking[0], ranking[7]), (ranking[1], ranking[6]),
                                 (ranking[2], ranking[5]), (ranking[3], ranking[4])]
    assert quarter.seating.method == "bracket" and quarter.seating.filled
    outcome = evaluate_one(folder)
    units = round_of(outcome, "playoff", 1).units
    semi = play(folder, "playoff", 2)
    expected = [(units[0].winner, units[3].winner), (units[1].winner, units[2].winner)]
    assert pairs_of(semi) == [tuple(sorted(p, key=ranking.index)) for p in expected]
    outcome = evaluate_one(folder)
    semis = round_of(outcome, "playoff", 2).units
    final = play(folder, "playoff", 3)
    assert [u.place for u in final.units] == [1, 3]
    assert [set(p) for p in pairs_of(final)] == [{semis[0].winner, semis[1].winner}, {semis[0].loser, semis[1].loser}]
    outcome = evaluate_one(folder)
    final, third = round_of(outcome, "playoff", 3).units
    quarter_losers = sorted((u.loser for u in units), key=ranking.index)
    places = [p.player for p in outcome.classification]
    assert places[:4] == [final.winner, final.loser, third.winner, third.loser]
    assert places[4:8] == quarter_losers
    assert places[8:] == [p for p in ranking if p not in places[:8]]
    document = event_document(outcome)
    assert document["rounds"][-1]["games"][0]["place"] == 1
    assert outcome.extra["bracket"]["rounds"][1]["games"][0]["from"][1] == {"round": 1, "table": 4, "takes": "winner"}


def drawn_game(players, times):
    return {"players": list(players), "score": [100, 100], "time": list(times)}


def test_drawn_playoff_game_decided_by_time_then_rank(tmp_path):
    folder = one_group_event(tmp_path)
    ranking = [row.player for row in latest(evaluate_one(folder)).rows]
    q = [(ranking[0], ranking[7]), (ranking[1], ranking[6]), (ranking[2], ranking[5]), (ranking[3], ranking[4])]
    write_round(folder, "playoff", 1, [
        drawn_game(q[0], ["15:00", "14:59"]),      # less time: 8th seed wins
        drawn_game(q[1], ["12:00", "12:00"]),      # equal time: the better rank wins
        drawn_game(q[2][::-1], ["9:59", "10:00"]),  # order in the game is free
        {"players": list(q[3]), "score": [120, 130], "forfeit": q[3][1]},
    ])
    units = round_of(evaluate_one(folder), "playoff", 1).units
    assert [(u.winner, u.decided_by) for u in units] == [
        (ranking[7], "time"), (ranking[1], "rank"), (ranking[5], "time"), (ranking[3], "forfeit")]


def test_drawn_playoff_game_between_groups_decided_by_buchholz(tmp_path):
    """A1 against B1 in the final with equal time: Buchholz, then difference, then lots."""
    folder = write_event(tmp_path / "ev", ids(34))
    play_swiss(folder, 5)
    outcome = evaluate_one(folder)
    a = latest(outcome, "A").rows
    b = latest(outcome, "B").rows
    # A1 and B1 win their games; the others lose: the final is A1-B1, third place A2-B2
    write_round(folder, "playoff", 1, [
        {"players": [a[0].player, b[3].player], "score": [120, 80]},
        {"players": [a[1].player, b[2].player], "score": [120, 80]},
        {"players": [b[1].player, a[2].player], "score": [120, 80]},
        {"players": [b[0].player, a[3].player], "score": [120, 80]},
    ])
    write_round(folder, "playoff", 2, [
        {"players": [a[0].player, b[1].player], "score": [120, 80]},
        {"players": [b[0].player, a[1].player], "score": [120, 80]},
    ])
    write_round(folder, "playoff", 3, [
        {**drawn_game([a[0].player, b[0].player], ["13:00", "13:00"]), "place": 1},
        {**drawn_game([a[1].player, b[1].player], ["11:00", "11:00"]), "place": 3},
    ])
    outcome = evaluate_one(folder)
    for unit, (x, y) in zip(round_of(outcome, "playoff", 3).units, [(a[0], b[0]), (a[1], b[1])]):
        if x.values["buchholz"] != y.values["buchholz"]:
            best = max((x, y), key=lambda r: r.values["buchholz"])
            assert (unit.winner, unit.decided_by) == (best.player, "buchholz")
        elif x.values["score_diff"] != y.values["score_diff"]:
            best = max((x, y), key=lambda r: r.values["score_diff"])
            assert (unit.winner, unit.decided_by) == (best.player, "score_diff")
        else:
            assert unit.decided_by == "lots"
    assert {u.decided_by for u in round_of(outcome, "playoff", 3).units} & {"buchholz"}
    assert outcome.classification[0].player == round_of(outcome, "playoff", 3).units[0].winner


def test_starting_order_two_groups(tmp_path):
    """A-k against B-k: the A player is listed first (starts)."""
    folder = write_event(tmp_path / "ev", ids(34))
    play_swiss(folder, 5)
    outcome = evaluate_one(folder)
    a = latest(outcome, "A").rows
    b = latest(outcome, "B").rows
    write_round(folder, "playoff", 1, [
        {"players": [a[0].player, b[3].player], "score": [120, 80]},
        {"players": [a[1].player, b[2].player], "score": [80, 120]},
        {"players": [b[1].player, a[2].player], "score": [120, 80]},
        {"players": [b[0].player, a[3].player], "score": [120, 80]},
    ])
    write_round(folder, "playoff", 2)
    semi = round_of(evaluate_one(folder), "playoff", 2)
    assert pairs_of(semi) == [(a[0].player, b[1].player), (b[0].player, b[2].player)]


# -- errors with their location ----------------------------------------------------------


def test_drawn_playoff_game_without_times_is_an_error(tmp_path):
    folder = one_group_event(tmp_path)
    ranking = [row.player for row in latest(evaluate_one(folder)).rows]
    path = folder / "playoff-01.yaml"
    path.write_text(
        "stage: playoff\nround: 1\ngames:\n"
        f"  - table: 1\n    players: [{ranking[0]}, {ranking[7]}]\n    score: [100, 90]\n"
        f"  - table: 2\n    players: [{ranking[1]}, {ranking[6]}]\n    score: [100, 90]\n"
        f"  - table: 3\n    players: [{ranking[2]}, {ranking[5]}]\n    score: [97, 97]\n"
        f"  - table: 4\n    players: [{ranking[3]}, {ranking[4]}]\n    score: [100, 90]\n", "utf-8")
    assert problems_of(folder) == [
        f"{path}:12: playoff round 1 table 3 ({ranking[2]} v {ranking[5]}) is a draw: record both players' clock time "
        f"(time: [\"m:ss\", \"m:ss\"]); the player who used less time wins"]


def test_game_not_paired_by_the_rules_is_an_error(tmp_path):
    players = ["a", "b", "c", "d"]
    folder = write_event(tmp_path / "ev", players)
    order = draw_order(players, "test seed", "swiss/1")
    path = folder / "swiss-01.yaml"
    path.write_text(
        "stage: swiss\nround: 1\ngames:\n"
        f"  - table: 1\n    players: [{order[0]}, {order[2]}]\n"
        f"  - table: 2\n    players: [{order[1]}, {order[3]}]\n", "utf-8")
    assert problems_of(folder) == [
        f"{path}:4: table 1 differs from the rules, which seat: {order[0]}, {order[1]} (or add manual: \"reason\")"]


def test_missing_score_when_a_later_round_is_listed(tmp_path):
    players = ["a", "b", "c", "d"]
    folder = write_event(tmp_path / "ev", players)
    order = draw_order(players, "test seed", "swiss/1")
    path = folder / "swiss-01.yaml"
    path.write_text(
        "stage: swiss\nround: 1\ngames:\n"
        f"  - table: 1\n    players: [{order[0]}, {order[1]}]\n    score: [100, 90]\n"
        f"  - table: 2\n    players: [{order[2]}, {order[3]}]\n", "utf-8")
    # an in-progress round alone is fine
    assert round_of(evaluate_one(folder), "swiss", 1).status == "in-progress"
    write_round(folder, "swiss", 2, [{"players": [order[0], order[2]], "score": [1, 2]},
                                     {"players": [order[1], order[3]], "score": [1, 2]}])
    assert problems_of(folder) == [
        f"{path}:7: table 2 has no score, but swiss round 2 is already listed: record this game's result"]


def test_forfeit_must_name_a_player_of_the_game(tmp_path):
    players = ["a", "b", "c", "d"]
    folder = write_event(tmp_path / "ev", players)
    order = draw_order(players, "test seed", "swiss/1")
    path = folder / "swiss-01.yaml"
    path.write_text(
        "stage: swiss\nround: 1\ngames:\n"
        f"  - table: 1\n    players: [{order[0]}, {order[1]}]\n    score: [100, 90]\n    forfeit: {order[2]}\n"
        f"  - table: 2\n    players: [{order[2]}, {order[3]}]\n    score: [100, 90]\n", "utf-8")
    assert problems_of(folder) == [f"{path}:7: forfeit '{order[2]}' is not at this table"]


def test_forfeit_without_score_is_an_error(tmp_path):
    players = ["a", "b", "c", "d"]
    folder = write_event(tmp_path / "ev", players)
    order = draw_order(players, "test seed", "swiss/1")
    path = folder / "swiss-01.yaml"
    path.write_text(
        "stage: swiss\nround: 1\ngames:\n"
        f"  - table: 1\n    players: [{order[0]}, {order[1]}]\n    forfeit: {order[1]}\n"
        f"  - table: 2\n    players: [{order[2]}, {order[3]}]\n    score: [100, 90]\n", "utf-8")
    assert problems_of(folder) == [
        f"{path}:6: table 1 records a forfeit but no score: give both scores "
        f"(the player out of time counts 0, the opponent's score stands)"]


def test_place_outside_the_last_playoff_round_is_an_error(tmp_path):
    players = ["a", "b", "c", "d"]
    folder = write_event(tmp_path / "ev", players)
    order = draw_order(players, "test seed", "swiss/1")
    path = folder / "swiss-01.yaml"
    path.write_text(
        "stage: swiss\nround: 1\ngames:\n"
        f"  - table: 1\n    players: [{order[0]}, {order[1]}]\n    score: [100, 90]\n    place: 1\n"
        f"  - table: 2\n    players: [{order[2]}, {order[3]}]\n    score: [100, 90]\n", "utf-8")
    assert problems_of(folder) == [f"{path}:7: place is only given in playoff round 3 (1 = final, 3 = third-place game)"]


def test_playoff_before_the_swiss_stage_ends(tmp_path):
    folder = write_event(tmp_path / "ev", ids(10))
    play_swiss(folder, 4)
    path = write_round(folder, "playoff", 1)
    assert problems_of(folder) == [f"{path}:1: playoff round 1 cannot come yet: swiss round 5 has no file"]


def test_upcoming_round_waits_for_the_previous_one(tmp_path):
    players = ["a", "b", "c", "d"]
    folder = write_event(tmp_path / "ev", players)
    order = draw_order(players, "test seed", "swiss/1")
    write_round(folder, "swiss", 1, [{"players": order[:2], "score": [1, 2]}, {"players": order[2:]}])
    write_round(folder, "swiss", 2)
    outcome = evaluate_one(folder)
    rnd = round_of(outcome, "swiss", 2)
    assert rnd.status == "upcoming" and rnd.units == [] and rnd.waiting == "Swiss round 1 is not complete"
    assert outcome.standings == []


# -- a bigger event end to end ---------------------------------------------------------


def test_whole_event_of_two_hundred_players(tmp_path):
    """Two groups of 100: every round pairs everyone once, no immediate rematch."""
    folder = write_event(tmp_path / "ev", ids(199) + ["res"], reserve="res")
    play_swiss(folder, 5)
    outcome = evaluate_one(folder)
    previous = {}
    for rnd in outcome.rounds:
        seen = list(rnd.players())
        assert len(seen) == len(set(seen)) == 200
        met = {frozenset(u.players) for u in rnd.units}
        assert not met & previous.get("met", set())
        previous["met"] = met
    assert len(outcome.standings) == 10
    assert sum(row.reserve for s in outcome.standings[-2:] for row in s.rows) == 1
