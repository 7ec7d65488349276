"""Properties of every engine, over whole events played by the simulator.

For random field sizes and seeds, each format's event is played to the end
(or as far as it goes) and checked: every player seated exactly once per
round, table sizes as the rules say, standings that are total orders
consistent with their criteria, Tantrix games sharing 20 TP, Baśka full
tables sharing 11 placement points.
"""

from fractions import Fraction

from hypothesis import HealthCheck, given, settings, strategies as st

from podium_core.pipeline import evaluate_one
from podium_core.simulate import invent_players, new_event_yaml, simulate

FAST = settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow])


def play(tmp_path_factory, format_id, players, seed, options=None, rounds=None):
    folder = tmp_path_factory.mktemp("prop") / "event"
    folder.mkdir()
    odd_carcassonne = format_id == "carcassonne-lv" and players % 2
    people = invent_players(players + 1 if odd_carcassonne else players, "en", seed)
    if format_id == "tantrix-wc":
        for i, person in enumerate(people, 1):
            person["seed"] = i
    if odd_carcassonne:  # the organisers' reserve player evens the field
        people[-1]["reserve"] = True
    extra = {"options": options} if options else {}
    (folder / "event.yaml").write_text(new_event_yaml("Prop", format_id, people, seed=seed, **extra), "utf-8")
    simulate(folder, seed=seed, rounds=rounds)
    return evaluate_one(folder)


def assert_standings_are_total_orders(outcome):
    for standing in outcome.standings:
        assert [row.rank for row in standing.rows] == list(range(1, len(standing.rows) + 1))
        keys = [tuple(row.values[c.key] for c in standing.criteria) for row in standing.rows]
        assert keys == sorted(keys, reverse=True)
        assert len({row.player for row in standing.rows}) == len(standing.rows)


def seated(rnd):
    return [pid for unit in rnd.units for pid in unit.players]


@FAST
@given(st.sampled_from([4, 6, 7, 9, 10, 13, 14, 15, 18, 22, 23]), st.text("abc", min_size=1, max_size=4))
def test_catan_route66(tmp_path_factory, players, seed):
    outcome = play(tmp_path_factory, "catan-lt-route66", players, seed)
    ids = sorted(p.id for p in outcome.event.players)
    for rnd in outcome.rounds:
        if rnd.stage == "qualifying":
            assert sorted(seated(rnd)) == ids
            sizes = [len(unit.players) for unit in rnd.units]
            assert set(sizes) <= {3, 4} and sizes == sorted(sizes, reverse=True)
        for unit in rnd.units:
            assert sum(unit.shares) <= 1
    assert_standings_are_total_orders(outcome)
    assert [p.place for p in outcome.classification] == list(range(1, players + 1))


@FAST
@given(st.integers(16, 30), st.text("abc", min_size=1, max_size=4))
def test_catan_lv(tmp_path_factory, players, seed):
    options = {"semifinal_size": 24} if players >= 24 and seed.startswith("a") else None
    outcome = play(tmp_path_factory, "catan-lv-2016", players, seed, options)
    semifinal = next(r for r in outcome.rounds if r.stage == "semifinal")
    assert len(set(seated(semifinal))) == len(seated(semifinal)) == (24 if options else 16)
    final = outcome.rounds[-1]
    assert len(final.units) == 1 and len(final.units[0].players) == len(semifinal.units)
    assert_standings_are_total_orders(outcome)
    assert sorted(p.player for p in outcome.classification) == sorted(p.id for p in outcome.event.players)


@FAST
@given(st.integers(8, 40), st.text("abc", min_size=1, max_size=4), st.sampled_from(["consecutive", "always"]))
def test_carcassonne(tmp_path_factory, players, seed, avoid):
    if players < 16:  # small fields run out of new opponents under "always"
        avoid = "consecutive"
    outcome = play(tmp_path_factory, "carcassonne-lv", players, seed, {"avoid_rematch": avoid})
    ids = sorted(p.id for p in outcome.event.players)
    met = {}
    for rnd in outcome.rounds:
        if rnd.stage == "swiss":
            assert sorted(seated(rnd)) == ids
            assert all(len(unit.players) == 2 for unit in rnd.units)
            for unit in rnd.units:
                pair = frozenset(unit.players)
                if avoid == "always":
                    assert pair not in met
                met[pair] = rnd.round
    assert_standings_are_total_orders(outcome)
    places = [p for p in outcome.classification if p.place is not None]
    assert [p.place for p in places] == list(range(1, len(places) + 1))


@FAST
@given(st.integers(2, 40), st.text("abc", min_size=1, max_size=4))
def test_tantrix(tmp_path_factory, players, seed):
    outcome = play(tmp_path_factory, "tantrix-wc", players, seed)
    for rnd in outcome.rounds:
        assert len(set(seated(rnd))) == len(seated(rnd))
        for match in rnd.units:
            for game in match.games:
                assert sum(game.base) == 200  # every game shares 20.0 TP
                assert sum(game.tp) == 200  # penalties move TP, never create it
    champion = [p for p in outcome.classification if p.place == 1]
    assert len(champion) == 1 and len(outcome.classification) == players


@FAST
@given(st.integers(8, 30), st.text("abc", min_size=1, max_size=4))
def test_baska(tmp_path_factory, players, seed):
    outcome = play(tmp_path_factory, "baska-gp", players, seed, {"sessions": 2, "rounds_per_session": 2})
    ids = sorted(p.id for p in outcome.event.players)
    for rnd in outcome.rounds:
        assert sorted(seated(rnd)) == ids
        sizes = [len(unit.players) for unit in rnd.units]
        assert all(size == 4 for size in sizes[:-1]) and 1 <= sizes[-1] <= 4
        for unit in rnd.units:
            if not unit.short:
                assert sum(unit.placement) == 11 and sum(unit.small_points) == 0
    assert_standings_are_total_orders(outcome)
    assert [p.place for p in outcome.classification] == list(range(1, players + 1))
