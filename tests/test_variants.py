"""Formats as declarations: named variants, per-event options, the criteria library.

Every value below is computed by hand from the games written in the test.
"""

import re

import pytest

from podium_core.cli import main
from podium_core.export import event_document
from podium_core.formats import FORMAT_IDS, get_format
from podium_core.formats.declarations import BUILTIN
from podium_core.pipeline import evaluate_one
from support.folders import validate, write


def values(document, stage, after_round, group=None):
    entry = next(s for s in document["standings"]
                 if s["stage"] == stage and s["after_round"] == after_round and s["group"] == group)
    return entry["criteria"], {row["player"]: row["values"] for row in entry["rows"]}


# -- the criteria, computed by hand -------------------------------------------------------

SWISS_EVENT = """
name: Criteria
format: carcassonne-lv
options:
  odd_field: bye
  groups: 1
  swiss_rounds: 3
  playoff_size: 0
  ranking: [wins, buchholz, buchholz_cut1, buchholz_median, sonneborn_berger, progressive, score_diff, score_for]
players:
  - {id: a, name: A}
  - {id: b, name: B}
  - {id: c, name: C}
  - {id: d, name: D}
  - {id: e, name: E}
"""
# round 1: a beats b 100-80, c and d draw 90-90, e has the bye
# round 2: c runs out of time against a (70-95 recorded: counts 70-0), b beats e 120-100, d has the bye
# round 3: b beats a 95-85 (they meet twice), e beats c 110-60, d has the bye again
SWISS_ROUNDS = {
    "swiss-01.yaml": """
        stage: swiss
        round: 1
        manual: "hand-made test seating"
        bye: e
        games:
          - {table: 1, players: [a, b], score: [100, 80]}
          - {table: 2, players: [c, d], score: [90, 90]}
        """,
    "swiss-02.yaml": """
        stage: swiss
        round: 2
        manual: "hand-made test seating"
        bye: d
        games:
          - {table: 1, players: [a, c], score: [70, 95], forfeit: c}
          - {table: 2, players: [b, e], score: [120, 100]}
        """,
    "swiss-03.yaml": """
        stage: swiss
        round: 3
        manual: "hand-made test seating"
        bye: d
        games:
          - {table: 1, players: [a, b], score: [85, 95]}
          - {table: 2, players: [c, e], score: [60, 110]}
        """,
}


def test_each_criterion_by_hand_with_byes_forfeits_draws_and_a_repeat_opponent(tmp_path):
    folder = write(tmp_path / "results" / "criteria", {"event.yaml": SWISS_EVENT, **SWISS_ROUNDS})
    document = event_document(evaluate_one(folder))
    keys, got = values(document, "swiss", 3)
    assert keys == ["wins", "buchholz", "buchholz_cut1", "buchholz_median", "sonneborn_berger", "progressive",
                    "score_diff", "score_for"]
    # wins: a 1+1+0, b 0+1+1, c ½+0+0, d ½+bye+bye, e bye+0+1
    # opponents' wins now: a meets b (2), c (½), b (2); b: a, e, a (2, 2, 2); c: d, a, e (2.5, 2, 2);
    # d: c and two byes (½, 0, 0); e: a bye, b, c (0, 2, ½)
    expected = {
        "a": {"wins": 2, "buchholz": 4.5, "buchholz_cut1": 4, "buchholz_median": 2, "sonneborn_berger": 2.5,
              "progressive": 5, "score_diff": 80, "score_for": 255},
        "b": {"wins": 2, "buchholz": 6, "buchholz_cut1": 4, "buchholz_median": 2, "sonneborn_berger": 4,
              "progressive": 3, "score_diff": 10, "score_for": 295},
        "c": {"wins": 0.5, "buchholz": 6.5, "buchholz_cut1": 4.5, "buchholz_median": 2, "sonneborn_berger": 1.25,
              "progressive": 1.5, "score_diff": -120, "score_for": 150},
        "d": {"wins": 2.5, "buchholz": 0.5, "buchholz_cut1": 0.5, "buchholz_median": 0, "sonneborn_berger": 0.25,
              "progressive": 4.5, "score_diff": 0, "score_for": 90},
        "e": {"wins": 2, "buchholz": 2.5, "buchholz_cut1": 2.5, "buchholz_median": 0.5, "sonneborn_berger": 0.5,
              "progressive": 4, "score_diff": 30, "score_for": 210},
    }
    assert got == expected
    # the ranking follows the list: d (2.5 wins); then b, a, e on 2 wins by Buchholz 6, 4.5, 2.5; c last
    standing = next(s for s in document["standings"] if s["after_round"] == 3)
    assert [row["player"] for row in standing["rows"]] == ["d", "b", "a", "e", "c"]
    # finished after the Swiss (playoff_size: 0): the classification is that ranking
    assert [p["player"] for p in document["classification"]] == ["d", "b", "a", "e", "c"]
    assert [r.get("bye") for r in document["rounds"]] == ["e", "d", "d"]


def test_a_bye_counts_zero_for_buchholz_after_one_round(tmp_path):
    folder = write(tmp_path / "results" / "criteria", {"event.yaml": SWISS_EVENT, "swiss-01.yaml": SWISS_ROUNDS["swiss-01.yaml"]})
    _, got = values(event_document(evaluate_one(folder)), "swiss", 1)
    # one opponent value each: cut-1 and median keep it (fewer than 2 and 3 values)
    assert got["e"] == {"wins": 1, "buchholz": 0, "buchholz_cut1": 0, "buchholz_median": 0, "sonneborn_berger": 0,
                        "progressive": 1, "score_diff": 0, "score_for": 0}
    assert got["a"]["buchholz"] == 0 and got["b"]["buchholz"] == 1 and got["c"]["sonneborn_berger"] == 0.25


def test_catan_vp_cap_and_progressive(tmp_path):
    folder = write(tmp_path / "results" / "cap", {
        "event.yaml": """
            name: Cap
            format: catan-lt-route66
            options: {qualifying_rounds: 1, vp_cap: 8, ranking: [wins, progressive, vp, vp_share]}
            players: [{id: a, name: A}, {id: b, name: B}, {id: c, name: C}, {id: d, name: D}]
            """,
        "qualifying-01.yaml": """
            stage: qualifying
            round: 1
            tables:
              - table: 1
                seats: {a: 12, b: 9, c: 5, d: 4}
            """,
    })
    _, got = values(event_document(evaluate_one(folder)), "qualifying", 1)
    # at most 8 count: 8 + 8 + 5 + 4 = 25; a still wins by reaching 10
    assert got["a"] == {"wins": 1, "progressive": 1, "vp": 8, "vp_share": 0.32}
    assert got["b"] == {"wins": 0, "progressive": 0, "vp": 8, "vp_share": 0.32}
    assert got["d"]["vp_share"] == 0.16


def test_baska_own_placement_and_short_table_points(tmp_path):
    players = ", ".join(f"{{id: p{i}, name: P{i}}}" for i in range(1, 11))
    folder = write(tmp_path / "results" / "gp", {
        "event.yaml": f"""
            name: GP
            format: baska-gp
            options: {{sessions: 1, rounds_per_session: 1, placement_points: [4, 2, 1, 0], short_table_points: {{1: 2, 2: 1.5, 3: 1}}}}
            players: [{players}]
            """,
        "grand-prix-01.yaml": "stage: grand-prix\nround: 1\nsession: 1\n",
    })
    outcome = evaluate_one(folder)
    tables = [list(u.players) for u in outcome.rounds[0].units]
    lines = ["stage: grand-prix", "round: 1", "session: 1", "tables:"]
    small = [[30, 10, 10, -50], [5, 0, 0, -5]]
    for number, seats in enumerate(tables, 1):
        if len(seats) == 4:
            points = ", ".join(f"{p}: {v}" for p, v in zip(seats, small[number - 1]))
            lines += [f"  - table: {number}", f"    seats: {{{points}}}"]
        else:
            lines += [f"  - table: {number}", f"    seats: [{', '.join(seats)}]"]
    (folder / "grand-prix-01.yaml").write_text("\n".join(lines) + "\n", "utf-8")
    document = event_document(evaluate_one(folder))
    _, got = values(document, "grand-prix", 1)
    one, two, short = tables
    # table 1: 4, then 2nd-3rd tied share (2 + 1) / 2, then 0; a second is 2 or 1.5 (places 2, 2-3)
    assert got[one[0]] == {"placement_points": 4, "small_points": 30, "firsts": 1, "seconds": 0}
    assert got[one[1]] == {"placement_points": 1.5, "small_points": 10, "firsts": 0, "seconds": 1}
    assert got[one[3]]["placement_points"] == 0
    # table 2: 2nd-3rd tied again; the short table of two: 1.5 each, which counts as a second
    assert got[two[1]]["placement_points"] == 1.5
    assert all(got[p] == {"placement_points": 1.5, "small_points": 0, "firsts": 0, "seconds": 1} for p in short)
    assert document["finished"] and document["options"]["placement_points"] == [4, 2, 1, 0]


def test_tantrix_decisive_margin_off_and_games_per_round(tmp_path):
    fmt = get_format("tantrix-wc", {"standard_games": {1: 2, 2: 3, 3: 4}, "decisive_margin": 0})
    assert [fmt.games_for(places, 3) for places in (8, 4, 2)] == [2, 3, 4]
    from podium_core.systems.tantrix.engine import decide

    # a lead of 0.1 after the standard games wins with the rule off; an exact tie goes on
    assert decide([(100, 100), (201, 199)], 2, "decisive", fmt.decisive_lead, fmt.extra_games_limit) == (2, 0)
    assert decide([(100, 100), (200, 200)], 2, "decisive", fmt.decisive_lead, fmt.extra_games_limit) == (None, None)
    strict = get_format("tantrix-wc", {"decisive_margin": 2.5, "extra_games_limit": 1})
    assert strict.decisive_lead == 25
    # 2.4 after the standard games is not enough; after one extra game any lead wins
    assert decide([(100, 100), (212, 188)], 2, "decisive", strict.decisive_lead, strict.extra_games_limit) == (None, None)
    assert decide([(100, 100), (212, 188), (313, 287)], 2, "decisive", strict.decisive_lead, strict.extra_games_limit) == (3, 0)


# -- a three-line variant of each system, played by podium simulate ------------------------

VARIANTS = {
    "catan-five": ("extends: catan-lt-route66", "options: {qualifying_rounds: 5, final_size: 3, vp_cap: 9}", 14),
    "open-swiss": ("extends: carcassonne-lv",
                   "options: {groups: 1, swiss_rounds: 4, playoff_size: 2, odd_field: bye, tie_game: declared, "
                   "ranking: [wins, sonneborn_berger, score_for]}", 11),
    "short-knockout": ("extends: tantrix-wc", "options: {standard_games: {1: 3, 2: 3, 3: 4}, decisive_margin: 0}", 8),
    "mini-gp": ("extends: baska-gp",
                "options: {sessions: 2, rounds_per_session: 2, placement_points: [4, 2, 1, 0], "
                "short_table_points: {1: 2, 2: 1.5, 3: 1}}", 10),
}


@pytest.fixture(scope="module")
def played(tmp_path_factory):
    results = tmp_path_factory.mktemp("variants")
    for variant_id, (extends, options, _) in VARIANTS.items():
        write(results / "formats", {f"{variant_id}.yaml": f"id: {variant_id}\n{extends}\n{options}\n"})
    for variant_id, (_, _, players) in VARIANTS.items():
        assert main(["simulate", str(results / f"{variant_id}-cup"), "--format", variant_id, "--players", str(players)]) == 0
    return results


def document_of(results, variant_id):
    return event_document(evaluate_one(results / f"{variant_id}-cup"))


def test_catan_variant_end_to_end(played):
    document = document_of(played, "catan-five")
    assert document["format"] == "catan-five" and document["base_format"] == "catan-lt-route66"
    assert document["options"] == {"qualifying_rounds": 5, "semifinal_size": 0, "final_size": 3, "vp_cap": 9,
                                   "ranking": ["wins", "vp", "vp_share"], "absence": "nothing"}
    assert [(r["stage"], r["round"]) for r in document["rounds"]] == [("qualifying", n) for n in range(1, 6)] + [("final", 1)]
    assert len(document["rounds"][-1]["tables"][0]["players"]) == 3
    assert all(max(t["counted_vp"]) <= 9 for r in document["rounds"] for t in r["tables"])
    assert [s["criteria"] for s in document["standings"]] == [["wins", "vp", "vp_share"]] * 5
    ranking = [row["player"] for row in document["standings"][-1]["rows"]]
    assert set(document["rounds"][-1]["tables"][0]["players"]) == set(ranking[:3])
    assert document["finished"] and len(document["classification"]) == 14


def test_carcassonne_variant_end_to_end(played):
    document = document_of(played, "open-swiss")
    assert document["base_format"] == "carcassonne-lv" and document["options"]["swiss_rounds"] == 4
    rounds = document["rounds"]
    assert [(r["stage"], r["round"]) for r in rounds] == [("swiss", n) for n in range(1, 5)] + [("playoff", 1)]
    byes = [r["bye"] for r in rounds if r["stage"] == "swiss"]
    assert len(set(byes)) == 4  # a new player sits out every round
    for r in rounds[:4]:
        seated = {p for g in r["games"] for p in g["players"]}
        assert len(seated) == 10 and r["bye"] not in seated
        for game in r["games"]:
            if game["score"][0] == game["score"][1] and game["forfeit"] is None:
                assert game["winner"] in game["players"] and game["decided_by"] == "declared"
    assert {tuple(s["criteria"]) for s in document["standings"]} == {("wins", "sonneborn_berger", "score_for")}
    final = rounds[-1]["games"]
    top = [row["player"] for row in document["standings"][-1]["rows"][:2]]
    assert len(final) == 1 and final[0]["place"] == 1 and sorted(final[0]["players"]) == sorted(top)
    assert [p["place"] for p in document["classification"]] == list(range(1, 12))
    assert document["classification"][0]["player"] == final[0]["winner"]


def test_tantrix_variant_end_to_end(played):
    document = document_of(played, "short-knockout")
    assert document["options"]["standard_games"] == {"1": 3, "2": 3, "3": 4} and document["options"]["decisive_margin"] == 0
    main_rounds = [r for r in document["rounds"] if r["stage"] == "main"]
    assert len(main_rounds) == 3
    for number, rnd in enumerate(main_rounds, 1):
        standard = {1: 3, 2: 3, 3: 4}[number]
        for match in rnd["matches"]:
            assert match["standard_games"] == standard
            assert len(match["games"]) >= standard
            assert match["winner"] is not None
    assert document["finished"]


def test_baska_variant_end_to_end(played):
    document = document_of(played, "mini-gp")
    assert len(document["rounds"]) == 4 and [r["session"] for r in document["rounds"]] == [1, 1, 2, 2]
    for rnd in document["rounds"]:
        for table in rnd["tables"]:
            if len(table["players"]) == 2:  # 10 players: a short table of two
                assert table["placement_points"] == [1.5, 1.5]
            else:
                assert sum(table["placement_points"]) == 7  # 4 + 2 + 1 + 0 shared
    assert document["finished"]
    assert document["standings"][-1]["criteria"] == ["placement_points", "small_points", "firsts", "seconds"]


def test_format_pages_state_the_variants_numbers(played, tmp_path):
    from test_site import build

    site = build(played, tmp_path / "site")

    def page(variant_id):
        html = (site / f"{variant_id}-cup" / "format" / "index.html").read_text("utf-8")
        return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", html)).replace("&#39;", "'")

    catan = page("catan-five")
    assert "Qualifying qualifying — 5 rounds" in catan
    assert "5 qualifying rounds, then a final of the best 3." in catan and "At most 9 count" in catan
    assert "Rounds 2–5" in catan and "the best 4" not in catan and "At most 10" not in catan
    swiss = page("open-swiss")
    assert "Swiss swiss — 4 rounds" in swiss and "Playoff playoff — 1 round" in swiss
    assert "Wins, then Sonneborn-Berger, then Points scored, then the drawing of lots." in swiss
    assert "One group of 4 Swiss rounds" in swiss and "Bye" in swiss and "6 Swiss" not in swiss
    tantrix = page("short-knockout")
    assert "Per round of the main draw: 1: 3, 2: 3, 3: 4." in tantrix and "5.0 TP" not in tantrix
    gp = page("mini-gp")
    assert "2 sessions of 2 rounds" in gp and "Placement points 4-2-1-0" in gp and "5-3-2-1" not in gp
    # standings show the variant's columns in its order, with their legends
    standings = (site / "open-swiss-cup" / "standings" / "swiss-4" / "index.html").read_text("utf-8")
    titles = re.findall(r'<abbr title="([^"]+)">', standings)
    assert [t for t in titles if t in ("Wins", "Sonneborn-Berger", "Points scored")][:3] == ["Wins", "Sonneborn-Berger", "Points scored"]
    assert "Own scores added up" in standings  # the legend
    rnd = re.sub(r"<[^>]+>", " ", (site / "open-swiss-cup" / "swiss-2" / "index.html").read_text("utf-8"))
    assert "Bye:" in rnd
    cross = (site / "open-swiss-cup" / "crosstable" / "index.html").read_text("utf-8")
    assert cross.count("class=\"x x-bye\"") == 4  # one bye in each of the four rounds


# -- validation: every error at its path:line ------------------------------------------------

def test_every_variant_error_at_its_line(tmp_path, capsys):
    results = write(tmp_path / "results", {
        "formats/unknown-option.yaml": "id: unknown-option\nextends: carcassonne-lv\noptions:\n  rounds: 7\n",
        "formats/wrong-type.yaml": "id: wrong-type\nextends: carcassonne-lv\noptions:\n  groups: 1\n  swiss_rounds: seven\n",
        "formats/out-of-range.yaml": "id: out-of-range\nextends: catan-lt-route66\noptions:\n  qualifying_rounds: 0\n",
        "formats/no-parent.yaml": "id: no-parent\nname: Lost\nextends: carcassonne-2030\n",
        "formats/loop-a.yaml": "id: loop-a\nextends: loop-b\n",
        "formats/loop-b.yaml": "id: loop-b\nextends: loop-a\n",
        "formats/carcassonne-lv.yaml": "id: carcassonne-lv\nextends: carcassonne-lv\n",
        "formats/other-name.yaml": "id: my-open\nextends: carcassonne-lv\n",
        "formats/no-vp.yaml": "id: no-vp\nextends: carcassonne-lv\noptions:\n  ranking: [wins, vp]\n",
        "formats/bad-games.yaml": "id: bad-games\nextends: tantrix-wc\noptions:\n  standard_games: {1: 5, 3: 7}\n",
        "cup/event.yaml": "name: Cup\nformat: catan-lt-route66\noptions:\n  vp_cap: 10\n  semifinal: 16\nplayers:\n  - {id: a, name: A}\n  - {id: b, name: B}\n",
        "cup2/event.yaml": "name: Cup\nformat: carcassonne-2031\nplayers:\n  - {id: a, name: A}\n  - {id: b, name: B}\n",
    })
    code, lines = validate(results, capsys)
    assert code == 1
    assert lines == [
        "cup/event.yaml:5: options.semifinal: unknown option for catan formats (known: qualifying_rounds, semifinal_size, "
        "final_size, vp_cap, ranking, absence)",
        "cup2/event.yaml:2: format: unknown format 'carcassonne-2031' (known: catan-lv-2016, catan-lt-route66, carcassonne-lv, "
        "tantrix-wc, baska-gp; a variant is RESULTS/formats/<id>.yaml)",
        "formats/bad-games.yaml:4: options.standard_games: round 2 is missing: list every round of the main draw, 1, 2, 3, ...",
        "formats/carcassonne-lv.yaml:1: id: 'carcassonne-lv' is a built-in format; give the variant its own id",
        "formats/loop-b.yaml:2: extends: cyclic: loop-a -> loop-b -> loop-a",
        "formats/no-parent.yaml:3: extends: unknown format 'carcassonne-2030' (known: catan-lv-2016, catan-lt-route66, "
        "carcassonne-lv, tantrix-wc, baska-gp, bad-games, loop-a, loop-b, no-parent, no-vp, out-of-range, unknown-option, wrong-type)",
        "formats/no-vp.yaml:4: options.ranking[1]: 'vp' is not a criterion carcassonne has values for (its criteria: wins, "
        "buchholz, buchholz_cut1, buchholz_median, sonneborn_berger, progressive, score_diff, score_for, head_to_head, "
        "head_to_head_diff, game_wins, game_diff, opp_score_diff, opp_score_for, opp_game_diff, opp_game_wins, rating)",
        "formats/other-name.yaml:1: id: 'my-open' must equal the file name ('other-name')",
        "formats/out-of-range.yaml:4: options.qualifying_rounds: 0 is less than the minimum of 1",
        "formats/unknown-option.yaml:4: options.rounds: unknown option for carcassonne formats (known: pairing, cycles, "
        "swiss_rounds, groups, group_limit, playoff_size, third_place, odd_field, tie_game, avoid_rematch, ranking, absence, "
        "match_games, bye_result)",
        "formats/wrong-type.yaml:5: options.swiss_rounds: 'seven' should be a whole number or auto",
        "11 problems found",
    ]


def test_an_event_of_a_broken_variant_is_not_reported_twice(tmp_path, capsys):
    results = write(tmp_path / "results", {
        "formats/open.yaml": "id: open\nextends: carcassonne-lv\noptions: {playoff_size: 6}\n",
        "cup/event.yaml": "name: Cup\nformat: open\nplayers:\n  - {id: a, name: A}\n  - {id: b, name: B}\n",
    })
    assert validate(results, capsys) == (1, ["formats/open.yaml:3: options.playoff_size: 6 is not one of: 0, 2, 4, 8, 16, 32, 64",
                                             "1 problem found"])


def test_declared_ties_and_byes_are_checked_at_their_lines(tmp_path, capsys):
    event = SWISS_EVENT.replace("  odd_field: bye\n", "  odd_field: bye\n  tie_game: declared\n")
    results = write(tmp_path / "results", {
        "criteria/event.yaml": event,
        "criteria/swiss-01.yaml": SWISS_ROUNDS["swiss-01.yaml"].replace("        bye: e\n", ""),
    })
    code, lines = validate(results, capsys)
    assert code == 1
    # without its bye: line the manual round leaves e out, and its tied game names no winner
    assert lines == ["criteria/swiss-01.yaml:5: player 'e' plays this round by the rules but sits at no table "
                     "(manual: changes who sits where, not who plays)",
                     "criteria/swiss-01.yaml:6: table 2 has equal scores: under tie_game: declared the game must name "
                     "its winner: (the player the event's tie rule chose)", "2 problems found"]


def test_a_ruled_round_must_name_the_rules_bye(tmp_path, capsys):
    event = SWISS_EVENT
    folder = write(tmp_path / "results" / "criteria", {"event.yaml": event, "swiss-01.yaml": "stage: swiss\nround: 1\n"})
    outcome = evaluate_one(folder)
    rnd = outcome.rounds[0]
    from podium_core.nextround import seating_text

    text = seating_text(rnd)
    (bye,) = rnd.byes
    assert f"bye: {bye}\n" in text
    wrong = next(p for p in "abcde" if p != bye)
    swapped = text.replace(f"bye: {bye}", f"bye: {wrong}").replace(f" {wrong}]", f" {bye}]").replace(f"[{wrong},", f"[{bye},")
    (folder / "swiss-01.yaml").write_text(swapped, "utf-8")
    code, lines = validate(folder.parent, capsys)
    assert code == 1
    assert lines[0] == f"criteria/swiss-01.yaml:3: the rules give {bye} the bye this round, not {wrong} (or add manual: \"reason\")"


# -- podium formats and podium new ------------------------------------------------------------

def test_podium_formats_lists_builtins_and_variants(tmp_path, capsys):
    results = write(tmp_path / "results", {"formats/open.yaml": "id: open\nname: Open\nextends: carcassonne-lv\noptions: {groups: 1}\n"})
    assert main(["formats", str(results)]) == 0
    out = capsys.readouterr().out
    for format_id in FORMAT_IDS:
        assert f"\n{format_id} — " in "\n" + out
    block = out[out.index("open — Open"):]
    assert "variant of carcassonne-lv" in block and "  groups: 1\n" in block and "  playoff_size: 8\n" in block


@pytest.mark.parametrize("format_id", ["open-bye", *FORMAT_IDS])
def test_podium_new_writes_a_folder_that_validates(tmp_path, capsys, format_id):
    results = write(tmp_path / "results", {"formats/open-bye.yaml": "id: open-bye\nextends: carcassonne-lv\noptions: {odd_field: bye, groups: 1}\n"})
    assert main(["new", "my-cup", "--format", format_id, "--results", str(results), "--players", "9"]) == 0
    text = (results / "my-cup" / "event.yaml").read_text("utf-8")
    assert f"format: {format_id}\n" in text
    # the commented options are the format's own values: uncommented, they still validate
    options = [line[4:] for line in text.splitlines() if line.startswith("#   ")]
    assert options
    (results / "my-cup" / "event.yaml").write_text(text.replace("# options:", "options:").replace("\n#   ", "\n  "), "utf-8")
    capsys.readouterr()
    assert validate(results, capsys) == (0, [])


def test_the_builtins_are_declarations_over_four_engines():
    assert FORMAT_IDS == ("catan-lv-2016", "catan-lt-route66", "carcassonne-lv", "tantrix-wc", "baska-gp")
    lv, route66 = get_format("catan-lv-2016"), get_format("catan-lt-route66")
    assert type(lv) is type(route66)
    assert (route66.qualifying_rounds, route66.semifinal_size, route66.final_size) == (2, 0, 4)
    assert BUILTIN["carcassonne-lv"].options["ranking"] == ("wins", "buchholz", "score_diff")
    # an event's option replaces the declaration's whole
    assert get_format("carcassonne-lv", {"ranking": ["wins"]}).options["ranking"] == ("wins",)


def test_two_groups_a_playoff_of_four_without_third_place(tmp_path):
    results = write(tmp_path / "results", {
        "formats/four.yaml": "id: four\nextends: carcassonne-lv\noptions: {groups: 2, swiss_rounds: 3, playoff_size: 4, "
                             "third_place: false, tie_game: declared}\n"})
    assert main(["simulate", str(results / "four-cup"), "--format", "four", "--players", "20"]) == 0
    document = document_of(results, "four")
    playoff = [r for r in document["rounds"] if r["stage"] == "playoff"]
    assert len(playoff) == 2 and [len(r["games"]) for r in playoff] == [2, 1]
    first = playoff[0]["games"]
    assert [sorted(g["seeds"]) for g in first] == [["A1", "B2"], ["A2", "B1"]]  # B1 starts against A2: the better place
    final = playoff[1]["games"][0]
    assert final["place"] == 1
    losers = [g["players"][0] if g["winner"] == g["players"][1] else g["players"][1] for g in first]
    places = [p["player"] for p in document["classification"]]
    assert places[:2] == [final["winner"], next(p for p in final["players"] if p != final["winner"])]
    assert set(places[2:4]) == set(losers)  # no third-place game: the semifinal losers by Swiss values


def test_players_may_carry_their_group(tmp_path):
    players = "\n".join(f"  - {{id: p{i}, name: P{i}{', group: B' if i <= 3 else ''}}}" for i in range(1, 9))
    folder = write(tmp_path / "results" / "groups", {
        "event.yaml": f"name: Groups\nformat: carcassonne-lv\noptions: {{groups: 2}}\nplayers:\n{players}\n",
        "swiss-01.yaml": "stage: swiss\nround: 1\n",
    })
    outcome = evaluate_one(folder)
    groups = outcome.extra["groups"]
    assert {"p1", "p2", "p3"} <= set(groups["B"]) and len(groups["A"]) == len(groups["B"]) == 4
    assert outcome.format.resolved_options(outcome.event)["swiss_rounds"] == 5


def test_games_per_round_must_list_every_round_of_the_main_draw(tmp_path, capsys):
    players = "\n".join(f"  - {{id: s{i}, name: S{i}, seed: {i}}}" for i in range(1, 9))
    results = write(tmp_path / "results", {
        "formats/short.yaml": "id: short\nextends: tantrix-wc\noptions:\n  standard_games: {1: 3, 2: 3}\n",
        "cup/event.yaml": f"name: Cup\nformat: short\nplayers:\n{players}\n",
    })
    assert validate(results, capsys) == (1, [
        "formats/short.yaml:4: options.standard_games: the main draw of 8 players has 3 rounds; list the games of rounds 1-3, not 1-2",
        "1 problem found"])


def test_carcassonne_fields_are_refused_elsewhere(tmp_path, capsys):
    results = write(tmp_path / "results", {
        "cup/event.yaml": "name: Cup\nformat: catan-lt-route66\nplayers:\n  - {id: a, name: A, group: A}\n"
                          + "".join(f"  - {{id: p{i}, name: P{i}}}\n" for i in range(1, 8)),
        "cup/qualifying-01.yaml": "stage: qualifying\nround: 1\nbye: a\n",
    })
    assert validate(results, capsys) == (1, [
        "cup/event.yaml:4: group: is only read by Carcassonne formats, not catan-lt-route66",
        "cup/qualifying-01.yaml:3: bye: catan-lt-route66 round files have no such field (fields here: absent, correction, manual, note, round, seated_from, stage, tables, withdrawn)",
        "2 problems found"])
