"""Carcassonne (formats.md section 3, its options variants.md 2): two-player
games in a Swiss stage, in one group or two, then a knockout playoff.

``carcassonne-lv`` is its declaration; a named variant changes its options
(rounds, groups, playoff size, byes, tie rule, rematches, ranking).
"""

from __future__ import annotations

from ...criteria import MATCH_GAMES, OPPONENTS, REST_RESULTS, RESULTS, SCORES
from ...roundfields import ALL, RoundFields
from ...text import N_, Text
from ..base import StageSpec, System
from ..knockout import game_title, games_title
from ..options import (AUTOMATIC, BYE_WORDS, Choice, Flag, Meaning, Odd, Option, Whole, absence_option, meanings_of,
                       ranking_option)
from . import entry, rules, simulation
from .engine import GROUP_COUNTS, ONE_GROUP_LIMIT, ONE_GROUP_ROUNDS, PLAYOFF_SIZES, TWO_GROUP_ROUNDS, CarcassonneRun
from .berger import cycle_rounds
from .game import read_game, winner_problems
from .groups import split_groups


class Carcassonne(System):
    """The Carcassonne engine (formats.md 3, variants.md 2): a Swiss stage in
    one or two groups, then a knockout playoff.

    Options: ``swiss_rounds`` (None: 6 with one group, 5 with two),
    ``groups`` (``auto``: two above ``group_limit`` players), ``playoff_size``
    (8, 4, 2 or 0), ``third_place``, ``odd_field`` (``reserve`` or ``bye``),
    ``tie_game`` (``half`` or ``declared``), ``avoid_rematch`` (``previous``
    or ``always``) and ``ranking``.
    """

    name = "carcassonne"
    title = "Carcassonne"
    kind = "games"
    ENTRY, SIMULATION = entry, simulation
    OPTIONS = (
        Option("pairing", "swiss", Choice(("swiss", "round_robin"), meanings={
                   "swiss": Meaning(N_("Swiss system"), N_("each round pairs the ranking")),
                   "round_robin": Meaning(N_("round robin"), N_("every player of a group meets every other, by the "
                                                                "Berger tables"))}),
               N_("How the ranked stage pairs the players.")),
        Option("cycles", 1, Whole(1, 2), N_("Round robin: how often two players meet; the second cycle swaps who starts.")),
        Option("swiss_rounds", None, Whole(1, 99, auto=N_("6 with one group, 5 with more; a round robin: the rounds its "
                                                          "cycles need")),
               N_("Rounds of the ranked stage.")),
        Option("groups", "auto", Choice(("auto",) + GROUP_COUNTS, meanings={
                   "auto": Meaning(AUTOMATIC, N_("two groups when the field is larger than the largest group, else one"))}),
               N_("Groups of the ranked stage: 1 to 8.")),
        Option("group_limit", ONE_GROUP_LIMIT, Whole(2, 9999),
               N_("The largest group: with an automatic number of groups, the most players one group takes (a reserve "
                  "not counted).")),
        Option("playoff_size", 8, Choice(PLAYOFF_SIZES),
               N_("Players in the playoff: a power of two up to 64, shared equally by the groups; 0 for none, the ranking "
                  "is the classification.")),
        Option("third_place", True, Flag(), N_("Whether the semifinal losers play for third place.")),
        Option("odd_field", "reserve", Choice(("reserve", "bye"), meanings={
                   "reserve": Meaning(N_("reserve player"), N_("the organisers' reserve player makes the field even")),
                   "bye": Meaning(N_("bye"), N_("one player sits out each round, with a bye"))}),
               N_("What makes an odd field even.")),
        Option("tie_game", "half", Choice(("half", "declared"), meanings={
                   "half": Meaning(N_("a draw"), N_("½ each")),
                   "declared": Meaning(N_("a declared winner"), N_("the game names its winner (the event's own tie "
                                                                   "rule)"))}),
               N_("A game with equal scores.")),
        Option("avoid_rematch", "previous", Choice(("previous", "always"), {"consecutive": "previous"}, meanings={
                   "previous": Meaning(N_("players who met in the previous round are not paired again")),
                   "always": Meaning(N_("no two players ever meet twice"))}),
               N_("Which rematches the pairing avoids.")),
        ranking_option(("wins", "buchholz", "score_diff")),
        absence_option(),
        Option("match_games", 1, Odd(1, 99),
               N_("Games a pairing is played over: 1, or an odd number N for a match of best of N (won by the player who "
                  "wins more games).")),
        Option("bye_result", "win", Choice(tuple(REST_RESULTS), meanings=meanings_of(BYE_WORDS, REST_RESULTS)),
               N_("What a bye counts towards wins, as one opponent with 0 wins; a rest has no result and no opponent.")),
    )
    VALUES = frozenset({RESULTS, OPPONENTS, SCORES, MATCH_GAMES})  # games of a match: with match_games above 1
    PLAYER_FIELDS = frozenset({"reserve", "previous_place", "group"})
    PLAYER_HINTS = ("    # reserve: true        # the organisers' reserve player, for an odd field (odd_field: reserve)\n"
                    "    # previous_place: 1    # last year's place (two groups: the split)\n"
                    "    # group: A             # two groups: the organisers' own split")

    @property
    def avoid_rematch(self) -> str:
        return self.options["avoid_rematch"]

    @property
    def round_robin(self) -> bool:
        return self.options.get("pairing") == "round_robin"

    @property
    def cycles(self) -> int:
        return int(self.options.get("cycles") or 1)

    @property
    def match_games(self) -> int:
        """Games of one pairing: 1, or N for a match of best of N."""
        return int(self.options.get("match_games") or 1)

    @property
    def enters_games(self) -> bool:
        """``podium enter`` takes a match of several games game by game."""
        return self.match_games > 1

    def parse_result(self, line: str, players: list, names: dict) -> dict:
        """One game (:func:`.entry.parse`), or one game of a match (:func:`.entry.parse_game`)."""
        parse = entry.parse_game if self.match_games > 1 else entry.parse
        return parse(line, players, names)

    @property
    def playoff_size(self) -> int:
        return int(self.options["playoff_size"])

    @property
    def playoff_rounds(self) -> int:
        """Rounds of the playoff: each halves the players left, down to the final's two."""
        return self.playoff_size.bit_length() - 1 if self.playoff_size else 0

    def players_left(self, number: int) -> int:
        """The players of playoff round ``number`` (the final: 2)."""
        return self.playoff_size >> (number - 1)

    @property
    def third_place(self) -> bool:
        return bool(self.options["third_place"]) and self.playoff_size >= 4

    @property
    def byes(self) -> bool:
        return self.options["odd_field"] == "bye"

    @property
    def declared(self) -> bool:
        return self.options["tie_game"] == "declared"

    def equal_scores(self, stage: str) -> str:
        """What decides a game of ``stage`` with equal scores and no forfeit:
        ``declared`` (``tie_game: declared``: the game's ``winner:``),
        ``time`` (a playoff game: the clock, then the Swiss rank) or ``draw``
        (a Swiss game: ½ each)."""
        if self.declared:
            return "declared"
        return "time" if stage == "playoff" else "draw"

    def unit_problems(self, rnd):
        """Each game's scores, forfeit and winner (:func:`.game.read_game`, :func:`.game.winner_problems`)."""
        problems = []
        for game in rnd.games or ():
            unit, found = read_game(game, declared=self.declared, match_games=self.match_games)
            problems += found + winner_problems(game, unit, self.declared)
        return problems

    def round_fields(self) -> RoundFields:
        """Two-player games (``games:`` of a match under ``match_games``);
        ``bye:`` in a Swiss round (checked against ``odd_field``); the open
        field (:meth:`System.open_field`)."""
        round_, unit = self.open_field()
        return RoundFields("games", {"table": ALL, "players": ALL, "score": ALL, "games": ALL, "forfeit": ALL, "time": ALL,
                                     "place": ALL, "winner": ALL, "note": ALL, **unit}, {"bye": {"swiss"}, **round_})

    def group_count(self, event) -> int:
        """``groups`` 1 to 8; ``auto``: two groups above ``group_limit``
        players of the first round's field (a reserve and late entrants not
        counted, so a late entry never re-splits the field)."""
        groups = self.options["groups"]
        if groups != "auto":
            return int(groups)
        if event is None:
            return 1
        return 2 if sum(not p.reserve and p.joins == 1 for p in event.players) > self.options["group_limit"] else 1

    def swiss_rounds(self, event) -> int | None:
        """The ranked stage's rounds: ``swiss_rounds``, else 6 with one group
        and 5 with more, or in a round robin the rounds its ``cycles`` take
        for the largest group (None: no event to count)."""
        if self.options.get("swiss_rounds"):
            return int(self.options["swiss_rounds"])
        if self.round_robin:
            if event is None:
                return None
            groups, _ = split_groups(event.players, event.seed, self.group_count(event))
            return self.cycles * max((cycle_rounds(len(ids)) for ids in groups.values()), default=0) or 1
        return TWO_GROUP_ROUNDS if self.group_count(event) > 1 else ONE_GROUP_ROUNDS

    def resolved_options(self, event=None) -> dict:
        options = dict(self.options)
        options["swiss_rounds"] = self.swiss_rounds(event)
        options["groups"] = self.group_count(event)
        return options

    def stages(self, event=None) -> list[StageSpec]:
        specs = [StageSpec("swiss", self.swiss_rounds(event), N_("Swiss"), ranked=True)]
        if self.playoff_rounds:
            specs.append(StageSpec("playoff", self.playoff_rounds, N_("Playoff"), named_rounds=True, knockout=True))
        return specs

    def round_title(self, number: int):
        """The title of playoff round ``number``, by the players left in it
        (:func:`podium_core.systems.knockout.games_title`)."""
        return games_title(self.players_left(number))

    def game_title(self, number: int, table: int, place: int | None = None):
        """The title of game ``table`` of playoff round ``number``: "Final" and
        "Third-place game" by the ``place`` they are for, else by the players
        left ("Semifinal 2")."""
        if place == 1:
            return N_("Final")
        if place == 3:
            return N_("Third-place game")
        return game_title(self.players_left(number), table)

    def unit_legends(self) -> dict:
        """The round page's words on a drawn playoff game, naming this format's criteria."""
        return {"playoff_draw": self.bracket_words()["round_draw"]}

    def bracket_words(self) -> dict:
        """The playoff bracket page's words in this format's numbers (:func:`.rules.bracket_words`)."""
        return rules.bracket_words(self)

    def evaluate(self, event):
        return CarcassonneRun(self, event).run()

    def rules_facts(self) -> list[tuple]:
        return rules.rules_facts(self)

    def wins_legend(self):
        if self.declared:
            legend = N_("Games won; a game with equal scores goes to the winner the event's tie rule named. "
                        "A player who runs out of clock time loses the game.")
        else:
            legend = N_("Games won; a drawn game counts ½. A player who runs out of clock time loses the game.")
        if self.byes:
            notes = {"win": N_(" A bye counts as a win."), "half": N_(" A bye counts ½."),
                     "loss": N_(" A bye counts as a loss."), "nothing": N_(" A bye counts nothing.")}
            return Text("%(legend)s%(note)s", legend=Text(legend), note=Text(notes[self.options["bye_result"]]))
        return legend

    def score_sheet(self, stage: str, unit: dict, round_extra: dict) -> dict | None:
        """Clock times in the playoff (they decide a drawn game); the game a
        last playoff round's table is for; a match's games (``match_games``)."""
        return {"clock": stage == "playoff", "place": {1: "final", 3: "third"}.get(unit.get("place"), ""),
                "games": self.match_games if self.match_games > 1 else 0}

    # -- the organisers' commands ---------------------------------------------------------

    def needs_reserve(self, count: int) -> bool:
        """An odd field of ``count`` players gets the organisers' reserve player (``odd_field: reserve``)."""
        return not self.byes and count % 2 == 1

    def entrants(self, count: int) -> list[dict]:
        """An odd field is completed by the organisers' reserve player, listed last."""
        return [{} for _ in range(count)] + ([{"reserve": True}] if self.needs_reserve(count) else [])

    # -- the words and numbers of its pages -------------------------------------------------

    def unit_columns(self) -> dict:
        return {"score": (N_("Score"), N_("Score as recorded; a player who ran out of clock time counts 0 (in brackets)")),
                "points": (N_("Pts"), N_("Swiss points: 1 for a win, ½ for a draw, 0 for a loss")),
                "time": (N_("Time"), N_("Clock time used")), "forfeit": (N_("Forfeit"), N_("Lost on time")),
                "place": (N_("Place"), N_("Place")), "group": (N_("Group"), N_("Group"))}

    def going_on(self, standing, outcome=None) -> int | None:
        """How many of a Swiss standing go on to the playoff: the playoff's
        size, shared equally by the groups."""
        if standing.stage != "swiss" or not self.playoff_size:
            return None
        groups = len((outcome.extra.get("groups") if outcome is not None else None) or ()) or 2
        return self.playoff_size // groups if standing.group else self.playoff_size

    def not_going_on(self, outcome) -> frozenset:
        """The players who withdrew in the Swiss stage: the qualifiers are the
        best of those still in the event (a withdrawal in the playoff is a
        walkover there)."""
        if outcome.attendance is None:
            return frozenset()
        return frozenset(pid for pid, mark in outcome.attendance.withdrawals.items() if mark.stage == "swiss")
