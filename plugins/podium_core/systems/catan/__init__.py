"""Catan (formats.md sections 1 and 2): tables of four (or three), victory
points, qualifying rounds seated by rank, then a semifinal or a final.

``catan-lv-2016`` and ``catan-lt-route66`` are declarations of this system:
they share the game result, the per-game share and the table sizes, and
differ in their options (``qualifying_rounds``, ``semifinal_size``,
``final_size``, ``vp_cap``, ``ranking``) and traits (table roles, time
limits), so "Catan with 5 rounds" is a variant, not code.
"""

from __future__ import annotations

from ...criteria import RESULTS, VP
from ...roundfields import ALL, RoundFields
from ...seating import SeatingError, catan_table_sizes
from ...text import N_, Text
from ..base import StageSpec, System
from ..options import Choice, Option, Whole, absence_option, ranking_option
from . import entry, rules, simulation
from .engine import VP_COUNTED, VP_MAX, CatanRun, score_table


class Catan(System):
    """A Catan championship: qualifying rounds, optionally a semifinal, a final.

    Seating: qualifying round 1 by the verifiable draw; later qualifying rounds
    by the ranking over the previous rounds (3-player tables last, for the
    lowest-ranked).  With a semifinal: the top 16 (or 24) by the snake, then a
    final of the semifinal table winners in final-rank order.  Without one:
    a final of the top ``final_size`` of the qualifying ranking, one table.
    """

    name = "catan"
    title = "Catan"
    kind = "tables"
    ENTRY, SIMULATION = entry, simulation
    OPTIONS = (
        Option("qualifying_rounds", 4, Whole(1, 99),
               N_("Qualifying rounds: round 1 drawn, later rounds seated by rank.")),
        Option("semifinal_size", 16, Choice((16, 24, 0)),
               N_("Players in the semifinal: 16 or 24 (meant for more than 120 players); 0 for no semifinal.")),
        Option("final_size", 4, Whole(3, 4, why="the final is one table, of 3 or 4 players"),
               N_("Without a semifinal: how many of the qualifying ranking play the final table.")),
        Option("vp_cap", VP_COUNTED, Whole(1, VP_MAX),
               N_("Victory points counted per game at most (a game is still won by reaching 10).")),
        ranking_option(("wins", "vp", "vp_share")),
        absence_option(),
    )
    VALUES = frozenset({RESULTS, VP})
    final_limit_free = True  # the final has no time limit: it must have a winner

    @property
    def qualifying_rounds(self) -> int:
        return int(self.options["qualifying_rounds"])

    @property
    def semifinal_size(self) -> int:
        return int(self.options["semifinal_size"])

    @property
    def semifinal(self) -> bool:
        return self.semifinal_size > 0

    @property
    def final_size(self) -> int:
        return int(self.options["final_size"])

    @property
    def vp_cap(self) -> int:
        return int(self.options["vp_cap"])

    @property
    def roles(self) -> bool:
        return bool(self.traits.get("roles"))

    def stages(self, event=None) -> list[StageSpec]:
        specs = [StageSpec("qualifying", self.qualifying_rounds, N_("Qualifying"), ranked=True)]
        if self.semifinal:
            specs.append(StageSpec("semifinal", 1, N_("Semifinal")))
        specs.append(StageSpec("final", 1, N_("Final")))
        return specs

    def time_limited(self, stage: str) -> bool:
        """Whether the time limit can stop a game of ``stage`` (which then has
        no winner, ``winner: none``): every stage but the final, which has no
        time limit and must have a winner."""
        return not (self.final_limit_free and stage == "final")

    def unit_problems(self, rnd):
        """Each played table's VP and winner (:func:`.engine.score_table`)."""
        require = not self.time_limited(rnd.stage)
        return [p for table in rnd.tables or () if table.scores is not None
                for p in score_table(table, require, self.vp_cap)[1]]

    def round_fields(self) -> RoundFields:
        """Tables of seats and a winner; the open field in the qualifying
        rounds (:meth:`System.open_field`: ``absent:``, ``withdrawn:``, a table
        ``unplayed:``); ``withdrawn:`` in the first stage after the qualifying
        rounds, ``advance:`` in a final after a semifinal."""
        after = "semifinal" if self.semifinal else "final"
        round_, unit = self.open_field()
        round_["withdrawn"] = round_["withdrawn"] | {after}
        meaning = {"withdrawn": ("players who leave the event (in a qualifying round), or qualifiers who cannot play the "
                                 "semifinal; the final is played by the semifinal table winners"
                                 if self.semifinal else "players who leave the event (in a qualifying round), or qualifiers "
                                 "who cannot play the final (the next-ranked player moves in)")}
        if self.semifinal:
            round_["advance"] = {"final"}
            meaning["advance"] = "who goes to the final from a semifinal table without a winner"
        return RoundFields("tables", {"table": ALL, "seats": ALL, "winner": ALL, "note": ALL, **unit}, round_, meaning)

    def evaluate(self, event):
        return CatanRun(self, event).run()

    def rules_facts(self) -> list[tuple]:
        return rules.rules_facts(self)

    def wins_legend(self):
        return N_("Games won: reached 10 VP first (a game stopped by the time limit has no winner).")

    # -- the words and numbers of its pages -------------------------------------------------

    def going_on(self, standing, outcome=None) -> int | None:
        """How many of a qualifying standing go on: the semifinal's size, or
        without one the final's."""
        if standing.stage != "qualifying":
            return None
        return self.semifinal_size if self.semifinal else self.final_size

    def not_going_on(self, outcome) -> frozenset:
        """The qualifiers listed ``withdrawn`` in the file of the stage after the qualifying rounds."""
        after = "semifinal" if self.semifinal else "final"
        return frozenset(pid for rnd in outcome.event.rounds if rnd.stage == after for pid in rnd.withdrawn)

    def standing_title(self, stage: str):
        """The semifinal standings rank the qualifying games and the semifinal together."""
        if stage == "semifinal":
            return N_("Semifinalists’ ranking (qualifying and semifinal games; the final decides places 1-4)")
        return None

    def table_sizes(self, event):
        """The sizes of the tables the event's field is seated at (None if it cannot be seated)."""
        try:
            return catan_table_sizes(len(event.players))
        except SeatingError:
            return None

    def unit_columns(self) -> dict:
        """The label and title of each column of a table, by its event.json key."""
        if self.vp_cap == VP_COUNTED:
            vp = N_("Victory points (at most 10 count)")
            counted = N_("Victory points that count (at most 10)")
        else:
            vp = Text("Victory points (at most %(cap)s count)", cap=self.vp_cap)
            counted = Text("Victory points that count (at most %(cap)s)", cap=self.vp_cap)
        return {"vp": (N_("VP"), vp), "counted_vp": (N_("Counted"), counted),
                "vp_share": (N_("%VP"), N_("Share of the table's counted VP")),
                "stopped": (N_("Stopped"), N_("Stopped by the time limit")), "banker": (N_("Banker"), N_("Banker"))}

    def unit_legends(self) -> dict:
        """The round page's legend of a table's values, in this format's numbers."""
        if self.vp_cap == VP_COUNTED:
            vp = N_("Victory points as recorded. At most 10 count; when more were scored, the counted 10 follow in brackets.")
        else:
            vp = Text("Victory points as recorded. At most %(cap)s count; when more were scored, the counted %(cap)s "
                      "follow in brackets.", cap=self.vp_cap)
        return {"vp": vp}
