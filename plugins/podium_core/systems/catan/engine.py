"""Catan's engine (formats.md sections 1 and 2): one game scored, and one
event walked through its stages (:class:`CatanRun`).
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from ...draw import draw_order
from ...errors import Problem
from ...model import Event, Round, Table
from ...numbers import json_number
from ...outcome import EventOutcome, Place, RoundOutcome, Seating
from ...criteria import Ledger, LedgerEntry
from ...ranking import Standing, rank
from ...text import N_, Text
from ...seating import SeatingError, catan_table_sizes, slice_tables, snake_tables
from ..base import Run, compare_seating, round_status

VP_MIN, VP_MAX = 0, 20
VP_TO_WIN = 10
VP_COUNTED = 10


# -- one game -----------------------------------------------------------------

@dataclass
class CatanTable:
    """A Catan table as seated and, once played, scored.

    ``counted`` caps each seat's VP at 10; ``shares`` are counted VP over the
    table total, where a 3-player table's total is multiplied by 4/3.
    ``winner`` is None both before the result and for a game stopped by the
    time limit (``stopped``).  A table recorded as never played
    (``unplayed``: the reason) has no result for anyone and needs none: it
    is settled (``has_result``) and counts nothing.
    """

    table: int
    players: tuple
    vp: tuple | None = None
    counted: tuple | None = None
    shares: tuple | None = None
    winner: str | None = None
    stopped: bool = False
    banker: str | None = None
    choice_order: tuple = ()
    source: Table | None = None
    unplayed: str | None = None

    @property
    def has_result(self) -> bool:
        """Whether nothing more is to be recorded: its VP, or the reason it was not played."""
        return self.vp is not None or self.unplayed is not None

    def seat(self, player_id):
        """(vp, counted, share) of one player at this table."""
        i = self.players.index(player_id)
        return self.vp[i], self.counted[i], self.shares[i]

    def to_json(self) -> dict:
        data = {"table": self.table, "players": list(self.players), "winner": self.winner}
        if self.unplayed is not None:
            data["unplayed"] = self.unplayed
        if self.vp is not None:
            data["vp"] = list(self.vp)
            data["counted_vp"] = list(self.counted)
            data["vp_share"] = [json_number(s) for s in self.shares]
            data["stopped"] = self.stopped
        if self.banker is not None:
            data["banker"] = self.banker
        if self.choice_order:
            data["choice_order"] = list(self.choice_order)
        return data


def table_shares(counted) -> tuple:
    """Each seat's share of the table total (formats.md 1, "%VP").

    ``share = counted VP / table total``; for a 3-player table the total is
    increased by that game's average, i.e. multiplied by 4/3.
    """
    total = Fraction(sum(counted))
    if len(counted) == 3:
        total = total * 4 / 3
    return tuple(Fraction(c) / total if total else Fraction(0) for c in counted)


def score_table(table: Table, require_winner: bool = False, cap: int = VP_COUNTED) -> tuple[CatanTable, list[Problem]]:
    """Score one played table (formats.md 1, "Game result").

    VP are whole numbers 0-20; at most ``cap`` count (10; option ``vp_cap``),
    while a game is still won by reaching 10.  The winner is the explicit
    ``winner`` or the one seat with at least 10 VP; ``winner: none`` marks a
    game stopped by the time limit.  A table with no seat at 10 must say
    ``winner: none``; two seats at 10 or more need an explicit winner.
    """
    where = table.where
    problems = []
    for pid, vp in zip(table.players, table.scores):
        if not VP_MIN <= vp <= VP_MAX:
            problems.append(Problem(where.path, where.line("seats", pid), f"{pid} has {vp} VP; VP must be a whole number from {VP_MIN} to {VP_MAX}"))
    reached = [pid for pid, vp in zip(table.players, table.scores) if vp >= VP_TO_WIN]
    winner, stopped = None, False
    if table.winner == "none":
        stopped = True
        if reached:
            problems.append(Problem(where.path, where.line("winner"), f"winner: none, but {', '.join(reached)} reached {VP_TO_WIN} VP"))
        if require_winner:
            problems.append(Problem(where.path, where.line("winner"), "this game has no time limit, so it must have a winner"))
    elif table.winner is not None:
        winner = table.winner
        if winner in table.players and table.scores[table.players.index(winner)] < VP_TO_WIN:
            problems.append(Problem(where.path, where.line("winner"), f"winner {winner} has fewer than {VP_TO_WIN} VP"))
    elif len(reached) == 1:
        winner = reached[0]
    elif len(reached) > 1:
        problems.append(Problem(where.path, where.line("seats"), f"{' and '.join(reached)} both have {VP_TO_WIN} VP or more: say who won with winner: <id>"))
    else:
        message = ("nobody reached 10 VP, but this game must have a winner" if require_winner
                   else "nobody reached 10 VP: if the time limit stopped the game, say winner: none")
        problems.append(Problem(where.path, where.line("seats"), message))
    counted = tuple(min(vp, cap) for vp in table.scores)
    result = CatanTable(table.table, table.players, table.scores, counted, table_shares(counted), winner, stopped, source=table)
    return result, problems


# -- ranking ------------------------------------------------------------------

def add_tables(ledger: Ledger, tables, number: int) -> Ledger:
    """Enter played tables of round ``number`` in a ledger: a win for the
    table's winner, each seat's counted VP and share, the others as opponents
    (a table not played: nothing)."""
    for table in tables:
        if table.vp is None:
            continue
        for pid, counted, share in zip(table.players, table.counted, table.shares):
            ledger.add(pid, LedgerEntry(number, result=int(table.winner == pid),
                                  opponents=tuple(p for p in table.players if p != pid), vp=counted, share=share))
    return ledger


class CatanRun(Run):
    """One evaluation of one event: walks the stages in order."""

    def __init__(self, fmt, event: Event):
        super().__init__(fmt, event)
        self.played = fmt.ledger(event)  # the qualifying games played so far
        self.criteria = fmt.criteria
        self.ranking: list = []  # rows of the latest qualifying standing
        self.waiting: Text | None = None  # why the next round cannot be seated
        self.lacking = ""  # the tables of the incomplete round without a result, and its file
        self.halted = False  # a seating differs from the rules: later rounds are not checked
        self.advanced: list = []  # (semifinal table, player) sent to the final by advance:

    def run(self) -> EventOutcome:
        ids = [p.id for p in self.event.players]
        for number in range(1, self.fmt.qualifying_rounds + 1):
            rnd = self.files.get(("qualifying", number))
            if rnd is None:
                self._later_files_need("qualifying", number)
                return self.out
            self._qualifying(rnd, ids)
            if self.halted:
                return self.out
        if self.fmt.semifinal:
            semifinal = self.files.get(("semifinal", 1))
            if semifinal is None:
                self._later_files_need("semifinal", 1)
                return self.out
            winners = self._semifinal(semifinal)
            if self.halted:
                return self.out
        else:
            winners = None
        final = self.files.get(("final", 1))
        if final is not None:
            self._final(final, winners)
        return self.out

    # -- stages -----------------------------------------------------------------

    def _later_files_need(self, stage, number):
        """A file of a later stage exists although this round has no file."""
        order = [s.id for s in self.fmt.stages()]
        for rnd in self.event.rounds:
            if order.index(rnd.stage) > order.index(stage) or (rnd.stage == stage and rnd.round > number):
                self.problems.append(Problem(rnd.where.path, rnd.where.line("stage"), f"{rnd.stage} round {rnd.round} comes after {stage} round {number}, which has no file yet"))

    def _qualifying(self, rnd: Round, ids):
        number = rnd.round
        purpose = f"qualifying/{number}"
        if self.waiting:
            self._seat_and_score(rnd, [], Seating("rank"), N_("Qualifying"))
            return
        seated = self.attendance.seated("qualifying", number)
        if number == 1:
            order = draw_order(seated, self.event.seed, purpose)
            seating = Seating("draw", purpose=purpose, order=tuple(order),
                              rule=Text("Verifiable draw: players in ascending order of their key, cut into tables of 4, then 3."))
        else:
            playing = set(seated)
            order = [row.player for row in self.ranking if row.player in playing]
            seating = Seating("rank", order=tuple(order),
                              rule=Text("By the ranking after qualifying round %(round)s: ranks 1-4 at table 1, 5-8 at table 2, ...; "
                                        "the 3-player tables go to the lowest-ranked.", round=number - 1))
        try:
            expected = slice_tables(order, catan_table_sizes(len(order)))
        except SeatingError as exc:
            if len(order) == len(ids):
                self.problems.append(Problem(self.event.where.path, self.event.where.line("players"), str(exc)))
            else:
                self.problems.append(Problem(rnd.where.path, rnd.where.line("round"), f"qualifying round {number}: {exc} "
                                             f"({len(order)} of the {len(ids)} players are seated in this round)"))
                self.halted = True
            return
        ranks = {pid: i for i, pid in enumerate(order)}
        tables = self._seat_and_score(rnd, expected, seating, N_("Qualifying"))
        if number > 1 and self.fmt.roles:
            for table in tables.units:
                table.banker = max(table.players, key=lambda p: ranks.get(p, 0))
                table.choice_order = tuple(sorted(table.players, key=lambda p: ranks.get(p, 0)))
        elif self.fmt.roles:
            for table in tables.units:
                table.banker = table.players[-1]
                table.choice_order = tuple(table.players)
        if tables.status == "complete":
            add_tables(self.played, tables.units, number)
            self.attendance.add_missed(self.played, "qualifying", number, self.fmt.options["absence"])
            self.ranking = rank(ids, self.criteria, self.played, self.lots)
            self.out.standings.append(Standing("qualifying", None, number, self.criteria, self.ranking))

    def _seat_and_score(self, rnd: Round, expected, seating: Seating, title, require_winner=False) -> RoundOutcome:
        """Compare or fill the seating, score the tables, append the round.

        Once a seating differs from the rules or a result is wrong, later
        rounds are not checked (they would be judged against a wrong ranking).
        """
        if rnd.listed and self.waiting:
            lacking = f" (no result yet at {self.lacking})" if self.lacking else ""
            self.problems.append(Problem(rnd.where.path, rnd.where.line(), f"this round cannot be checked yet: {self.waiting}{lacking}"))
            self.halted = True
            units = []
        elif rnd.listed:
            mismatch = compare_seating(rnd, expected)
            self.problems.extend(mismatch)
            self.halted = bool(mismatch)
            if rnd.manual:
                seating.method, seating.manual = "manual", rnd.manual
            units = []
            for table in rnd.tables:
                if table.scores is None:
                    units.append(CatanTable(table.table, table.players, source=table, unplayed=table.unplayed))
                    continue
                result, problems = score_table(table, require_winner, self.fmt.vp_cap)
                self.problems.extend(problems)
                self.halted = self.halted or bool(problems)
                units.append(result)
        else:
            seating.filled = True
            units = [CatanTable(i + 1, tuple(players)) for i, players in enumerate(expected)] if not self.waiting else []
        status = round_status([u.has_result for u in units])
        outcome = RoundOutcome(rnd.stage, rnd.round, "tables", status, units, seating, source=rnd,
                               title=Text("Qualifying round %(number)s", number=rnd.round) if rnd.stage == "qualifying" else title,
                               waiting=self.waiting if not rnd.listed else None)
        self.out.rounds.append(outcome)
        if status != "complete" and not self.waiting:
            self.waiting = Text("%(round)s is not complete", round=outcome.title)
            missing = [str(u.table) for u in units if not u.has_result]
            if missing and rnd.listed:
                self.lacking = f"table{'s' if len(missing) > 1 else ''} {', '.join(missing)} of {rnd.where.path}"
        return outcome

    def _qualifiers(self, rnd: Round, size: int):
        """The top ``size`` of the qualifying ranking without the withdrawn.

        A player who withdrew during the qualifying rounds is never a
        qualifier; everyone below a withdrawn player moves up one place.
        Returns the qualifiers and the (withdrawn in this file, replacement) pairs.
        """
        withdrawn = set(rnd.withdrawn)
        left = self.attendance.withdrawn_by(rnd.stage, rnd.round, before=True)  # never qualifiers
        ranked = [row.player for row in self.ranking if row.player not in left]
        qualifiers = [pid for pid in ranked if pid not in withdrawn][:size]
        out_of_top = [pid for pid in ranked[:size] if pid in withdrawn]
        replacements = [pid for pid in qualifiers if pid not in ranked[:size]]
        if len(qualifiers) < size:
            self.problems.append(Problem(rnd.where.path, rnd.where.line(), f"{size} qualifiers are needed but only {len(qualifiers)} players are available"))
            return None, []
        return qualifiers, list(zip(out_of_top, replacements))

    def _semifinal(self, rnd: Round):
        """Seat the semifinal by the snake and rank its players over five games."""
        if self.waiting:
            self._seat_and_score(rnd, [], Seating("snake"), N_("Semifinal"))
            return None
        size = self.fmt.semifinal_size
        qualifiers, replaced = self._qualifiers(rnd, size)
        if qualifiers is None:
            return None
        expected = snake_tables(qualifiers, size // 4)
        seating = Seating("snake", order=tuple(qualifiers),
                          rule=Text("The top %(size)s of the qualifying ranking (without withdrawn players), numbered 1..%(size)s; "
                                    "table t seats qualifiers t, %(a)s-t, %(b)s+t and %(c)s-t.",
                                    size=size, a=size // 2 + 1, b=size // 2, c=size + 1))
        outcome = self._seat_and_score(rnd, expected, seating, N_("Semifinal"))
        outcome.extra["replaced"] = replaced
        outcome.extra["qualifiers"] = qualifiers
        number = {pid: i for i, pid in enumerate(qualifiers)}
        if self.fmt.roles:
            for table in outcome.units:
                table.banker = max(table.players, key=lambda p: number.get(p, 0))
                table.choice_order = tuple(sorted(table.players, key=lambda p: number.get(p, 0)))
        if outcome.status != "complete":
            return None
        ledger = add_tables(self.played.copy(), outcome.units, self.fmt.qualifying_rounds + 1)
        final_rank = rank(qualifiers, self.criteria, ledger, self.lots)
        self.out.standings.append(Standing("semifinal", None, 1, self.criteria, final_rank))
        self.final_rank = final_rank
        return outcome.units

    def _final(self, rnd: Round, semifinal_tables):
        if self.waiting:
            self._seat_and_score(rnd, [], Seating("qualifiers"), N_("Final"))
            return
        if self.fmt.semifinal:
            finalists = self._semifinal_winners(rnd, semifinal_tables)
            if finalists is None:
                return
            order = [row.player for row in self.final_rank]
            finalists.sort(key=order.index)
            rule = Text("The winners of the semifinal tables, in final-rank order (they choose turn order in that sequence).")
            replaced = []
        else:
            size = self.fmt.final_size
            finalists, replaced = self._qualifiers(rnd, size)
            if finalists is None:
                return
            rule = (Text("The top 4 of the ranking after qualifying round %(round)s, in ranking order; "
                         "a withdrawn qualifier is replaced by the next-ranked player.", round=self.fmt.qualifying_rounds)
                    if size == 4 else
                    Text("The top %(size)s of the ranking after qualifying round %(round)s, in ranking order; "
                         "a withdrawn qualifier is replaced by the next-ranked player.", size=size, round=self.fmt.qualifying_rounds))
        outcome = self._seat_and_score(rnd, [finalists], Seating("qualifiers", order=tuple(finalists), rule=rule), N_("Final"),
                                       require_winner=not self.fmt.time_limited(rnd.stage))
        outcome.extra["replaced"] = replaced
        outcome.extra["advanced"] = self.advanced
        if self.fmt.roles:
            outcome.extra["organisers_bank"] = True  # the organisers are the final's banker
            for table in outcome.units:
                table.choice_order = tuple(finalists)
        if outcome.status == "complete":
            self._classify(outcome.units[0])

    def _semifinal_winners(self, rnd: Round, semifinal_tables):
        """The semifinal table winners, or who ``advance:`` names for a table without one."""
        where = rnd.where
        if rnd.withdrawn:
            self.problems.append(Problem(where.path, where.line("withdrawn"), "withdrawn is not accepted in the final: the semifinal table winners play it"))
        advance = dict(rnd.advance)
        finalists, missing = [], []
        for table in semifinal_tables:
            chosen = advance.pop(table.table, None)
            if table.winner is not None:
                finalists.append(table.winner)
                if chosen is not None:
                    self.problems.append(Problem(where.path, where.line("advance", str(table.table)), f"semifinal table {table.table} had a winner ({table.winner}); advance is only for a table without one"))
            elif chosen is None:
                missing.append(table.table)
            elif chosen not in table.players:
                self.problems.append(Problem(where.path, where.line("advance", str(table.table)), f"{chosen} did not play at semifinal table {table.table}"))
            else:
                finalists.append(chosen)
                self.advanced.append((table.table, chosen))
        for number in advance:
            self.problems.append(Problem(where.path, where.line("advance", str(number)), f"there is no semifinal table {number}"))
        if missing:
            tables = ", ".join(str(t) for t in missing)
            message = Text("semifinal table %(tables)s ended without a winner: the organisers must record who advances, "
                           "e.g. advance: {%(table)s: <player id>} in this file", tables=tables, table=missing[0])
            if rnd.listed:
                self.problems.append(Problem(where.path, where.line(), message))
            outcome = RoundOutcome(rnd.stage, rnd.round, "tables", "upcoming", [], Seating("qualifiers"), source=rnd, title=N_("Final"), waiting=message)
            self.out.rounds.append(outcome)
            self.waiting = message
            return None
        return finalists

    # -- classification -----------------------------------------------------------

    def _classify(self, final: CatanTable):
        """The final classification (formats.md 1 and 2, "Classification").

        1st the final's winner; the other finalists by counted VP in the final,
        ties by the ranking that seated the final; then (with a semifinal) the
        other semifinalists by final rank; then everyone else by the
        qualifying ranking.
        """
        seeding = [row.player for row in (self.final_rank if self.fmt.semifinal else self.ranking)]
        others = sorted((p for p in final.players if p != final.winner),
                        key=lambda p: (-final.seat(p)[1], seeding.index(p)))
        order = [final.winner] + others
        if self.fmt.semifinal:
            order += [p for p in seeding if p not in order]
        order += [row.player for row in self.ranking if row.player not in order]
        self.out.classification = [Place(i + 1, pid) for i, pid in enumerate(order)]
