"""The Czerwona Baśka Grand Prix (formats.md section 5): sessions of drawn
rounds at tables of four, small points turned into placement points, a
short last table with fixed points.  ``baska-gp`` is its declaration.
"""

from __future__ import annotations

from fractions import Fraction

from ...criteria import PLACEMENT, exact, number_text
from ...errors import Problem
from ...roundfields import ALL, RoundFields
from ...text import N_, Text
from ..base import StageSpec, System
from ..options import Invalid, Option, Whole, absence_option, exact as exact_number, is_number, number_keys, ranking_option
from . import entry, rules, simulation
from .engine import DEALS_PER_ROUND, PLACE_POINTS, SHORT_POINTS, STAGE, TABLE_SIZE, BaskaRun, score_table


class PlacementPoints:
    """Four numbers, 0 or more, for places 1-4; a better place never gives fewer."""

    def __call__(self, value, system):
        if not isinstance(value, (list, tuple)) or len(value) != 4 or not all(is_number(v) and v >= 0 for v in value):
            raise Invalid(f"{value!r} should be four numbers, 0 or more, for places 1-4")
        points = tuple(exact_number(v) for v in value)
        if any(a < b for a, b in zip(points, points[1:])):
            raise Invalid(f"{value!r}: a better place cannot give fewer points")
        return points

    @staticmethod
    def words(value, number):
        return Text("%(first)s for the first place, %(second)s for the second, %(third)s for the third, "
                    "%(fourth)s for the fourth", first=number(value[0]), second=number(value[1]),
                    third=number(value[2]), fourth=number(value[3]))


class ShortTablePoints:
    """The fixed points of a short table of 1, 2 and 3 players, each 0 or more."""

    def __call__(self, value, system):
        if isinstance(value, dict):
            value = number_keys(value)
        if not isinstance(value, dict) or sorted(value, key=str) != [1, 2, 3]:
            raise Invalid(f"{value!r} should give the points for 1, 2 and 3 players: {{1: 3, 2: 2.5, 3: 1.5}}")
        for key, points in value.items():
            if not is_number(points) or points < 0:
                raise Invalid(f"{points!r} should be a number, 0 or more", (key,))
        return {k: exact_number(value[k]) for k in (1, 2, 3)}

    @staticmethod
    def words(value, number):
        return Text("a player alone: %(one)s; two players: %(two)s each; three players: %(three)s each",
                    one=number(value[1]), two=number(value[2]), three=number(value[3]))


class Baska(System):
    """Czerwona Baśka Grand Prix of Deszczno 2013-14 (formats.md 5).

    Every round: a verifiable draw (purpose ``grand-prix/<round>``) of every
    player not absent that round, cut into tables of 4 with the leftover at a
    short last table.  Ranking: placement points, small points, firsts,
    seconds, lots.
    """

    name = "baska"
    title = "Baśka"
    kind = "tables"
    ENTRY, SIMULATION = entry, simulation
    OPTIONS = (
        Option("sessions", 8, Whole(1, 100), N_("Number of sessions of the season.")),
        Option("rounds_per_session", 4, Whole(1, 100), N_("Rounds played in each session.")),
        Option("placement_points", PLACE_POINTS, PlacementPoints(),
               N_("Placement points for places 1-4 at a full table; ties share.")),
        Option("short_table_points", dict(SHORT_POINTS), ShortTablePoints(),
               N_("Fixed points at a short last table of 1, 2 or 3 players.")),
        ranking_option(("placement_points", "small_points", "firsts", "seconds")),
        absence_option(why="Baśka ranks by placement points: an absent player scores nothing"),
    )
    VALUES = frozenset({PLACEMENT})

    @property
    def sessions(self) -> int:
        return int(self.options["sessions"])

    @property
    def rounds_per_session(self) -> int:
        return int(self.options["rounds_per_session"])

    @property
    def place_points(self) -> tuple:
        return tuple(self.options["placement_points"])

    @property
    def short_points(self) -> dict:
        return dict(self.options["short_table_points"])

    @property
    def total_rounds(self) -> int:
        return self.sessions * self.rounds_per_session

    def session_of(self, round_number: int) -> int:
        """The session a round belongs to: ceil(round / rounds_per_session)."""
        return -(-round_number // self.rounds_per_session)

    def round_header(self, stage: str, number: int) -> dict:
        """Every Baśka round file names its session."""
        return {"stage": stage, "round": number, "session": self.session_of(number)}

    def unit_problems(self, rnd) -> list[Problem]:
        """Each table's small points or deals (:func:`score_table`)."""
        return [p for table in rnd.tables or ()
                for p in score_table(table, len(table.players) < TABLE_SIZE, self.place_points, self.short_points)[1]]

    def round_fields(self) -> RoundFields:
        """Tables of small points or deals; every round names its session;
        the open field (:meth:`System.open_field`)."""
        round_, unit = self.open_field()
        return RoundFields("tables", {"table": ALL, "seats": ALL, "winner": ALL, "deals": ALL, "note": ALL, **unit},
                           {"session": ALL, **round_})

    def stages(self, event=None) -> list[StageSpec]:
        return [StageSpec(STAGE, self.total_rounds, N_("Grand Prix"), ranked=True)]

    def evaluate(self, event: Event) -> EventOutcome:
        return BaskaRun(self, event).run()

    def rules_facts(self) -> list[tuple]:
        return rules.rules_facts(self)

    @property
    def first_values(self) -> tuple:
        """A "first": the points of place 1 alone or shared with place 2 (5 or 4 by default)."""
        points = self.place_points
        return (exact(Fraction(points[0])), exact(Fraction(points[0] + points[1], 2)))

    @property
    def second_values(self) -> tuple:
        """A "second": the points of place 2 alone or shared with place 3 (3 or 2.5 by default)."""
        points = self.place_points
        return (exact(Fraction(points[1])), exact(Fraction(points[1] + points[2], 2)))

    # -- the words and numbers of its pages -------------------------------------------------

    def unit_columns(self) -> dict:
        return {"small_points": (N_("SP"), N_("Small points")), "placement_points": (N_("Pts"), N_("Placement points")),
                "place": (N_("Place"), N_("Place at the table")), "deals": (N_("Deals"), N_("Deals"))}

    def unit_legends(self) -> dict:
        """The round page's words on placement points and the short table, in this format's points."""
        points, short = self.place_points, self.short_points
        if points == PLACE_POINTS:
            placement = N_("Placement points: 5, 3, 2 and 1 for places 1 to 4; tied players split the points of their "
                           "places equally (4, 2.50, 1.50; 3.33 each for three tied first; 2.75 each when all four tie). "
                           "Shown to 2 decimals; hover for the exact fraction.")
        else:
            placement = Text("Placement points: %(points)s for places 1 to 4; tied players split the points of their "
                             "places equally. Shown to 2 decimals; hover for the exact fraction.",
                             points=", ".join(number_text(p) for p in points))
        if short == SHORT_POINTS:
            table = N_("The 1 to 3 players left over by the tables of four are not played: alone 3 points, two players "
                       "2.50 each, three players 1.50 each, and no small points.")
        else:
            table = Text("The 1 to 3 players left over by the tables of four are not played: alone %(one)s points, two "
                         "players %(two)s each, three players %(three)s each, and no small points.",
                         one=number_text(short[1]), two=number_text(short[2]), three=number_text(short[3]))
        return {"placement_points": placement, "short": table}

    def score_sheet(self, stage: str, unit: dict, round_extra: dict) -> dict | None:
        """A line for each deal of the round; a short table is not played."""
        if unit.get("short") or len(unit.get("players") or ()) < TABLE_SIZE:
            return None
        return {"lines": list(range(1, DEALS_PER_ROUND + 1))}
