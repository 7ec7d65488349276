"""Who is seated in each round: the open field (open-events.md 1).

A player of the event is seated in a round of a ranked stage (a stage
seated from the field round by round: Catan qualifying, the Carcassonne
Swiss, Baśka's rounds) unless

* they withdrew: ``withdrawn: [id]`` in the file of that round or of any
  earlier round of the event (a withdrawal holds to the end of the event;
  later files need not repeat it),
* they are ``absent: [id]`` in that round's file (that round only), or
* they are a late entrant, ``joins: N`` in event.yaml, and the round is a
  round of the first ranked stage before N.

In a knockout stage (a Tantrix draw, the Carcassonne playoff) a player in
the round file's ``withdrawn:`` loses the game or match they are seated
for there by walkover, and is seated in nothing later.  Earlier results of
an absent or withdrawn player stand.

Under the option ``absence`` (``nothing``, ``loss`` or ``half``) a round
that an absent player or a late entrant before joining did not play counts
like a bye with that result (:func:`podium_core.criteria.rest_entry`); the
rounds after a withdrawal count nothing: the player has left the event.

:class:`Attendance` is read once per event, in the order of the format's
stages, and answers every engine, page and command: who is seated in a
round, who missed it, who withdrew, was absent or joined, and where each was
recorded; :meth:`Attendance.problems` are the rules of the field that need
no engine.
"""

from __future__ import annotations

from dataclasses import dataclass

from .criteria import REST_RESULTS, rest_entry
from .errors import Problem

WITHDRAWN, ABSENT, JOINS = "withdrawn", "absent", "joins"


@dataclass(frozen=True)
class Mark:
    """One change of a player's presence, at one round: ``kind`` is
    ``withdrawn`` (from this round on), ``absent`` (this round only) or
    ``joins`` (seated from this round on); ``where`` is the place it was
    recorded (a round file's line, or the player's entry in event.yaml)."""

    player: str
    kind: str
    stage: str
    round: int
    where: object = None

    def line(self) -> int:
        return self.where.line()


class Attendance:
    """The field of every round of one event, in the order of ``fmt``'s stages."""

    def __init__(self, fmt, event):
        specs = fmt.stages(event)
        self.event = event
        self.specs = {spec.id: spec for spec in specs}
        self.order = {spec.id: i for i, spec in enumerate(specs)}
        ranked = [spec for spec in specs if spec.ranked]
        self.first = ranked[0] if ranked else None  # the stage whose rounds joins: counts
        self.ids = [p.id for p in event.players]
        self.late = {p.id: p.joins for p in event.players if p.joins > 1}
        self.withdrawals: dict = {}  # player -> their Mark (the first withdrawal recorded)
        self.absences: dict = {}  # (stage, round) -> {player: Mark}
        self.repeated: list = []  # (Mark, the earlier withdrawal): recorded again after withdrawing
        self.rounds = sorted((r for r in event.rounds if r.stage in self.order), key=lambda r: self.position(r.stage, r.round))
        fields = fmt.round_fields().fields
        for rnd in self.rounds:
            for kind in (WITHDRAWN, ABSENT):
                if not _takes(fields, kind, rnd.stage):
                    continue  # a field the stage does not take: refused at its line (podium_core.roundfields)
                for i, pid in enumerate(getattr(rnd, kind)):
                    mark = Mark(pid, kind, rnd.stage, rnd.round, rnd.where.at(kind, i))
                    earlier = self.withdrawals.get(pid)
                    if earlier is not None and self.position(earlier.stage, earlier.round) < self.position(rnd.stage, rnd.round):
                        self.repeated.append((mark, earlier))
                    elif kind == WITHDRAWN:
                        self.withdrawals.setdefault(pid, mark)
                    else:
                        self.absences.setdefault((rnd.stage, rnd.round), {})[pid] = mark

    def position(self, stage: str, number: int) -> tuple:
        """Where a round comes in the event: by stage, then by number."""
        return (self.order.get(stage, len(self.order)), number)

    # -- who plays ---------------------------------------------------------------------

    def withdrawn_by(self, stage: str, number: int, before: bool = False) -> dict:
        """The players withdrawn in round ``number`` of ``stage`` or earlier
        (``before``: earlier only), with their marks."""
        here = self.position(stage, number)
        return {pid: mark for pid, mark in self.withdrawals.items()
                if self.position(mark.stage, mark.round) < here or (not before and self.position(mark.stage, mark.round) == here)}

    def withdrawn_in(self, stage: str, number: int) -> list:
        """The players whose withdrawal the round's own file records, in event order."""
        return [pid for pid in self.ids if (mark := self.withdrawals.get(pid)) and (mark.stage, mark.round) == (stage, number)]

    def absent_in(self, stage: str, number: int) -> list:
        """The players listed absent in the round, in event order."""
        listed = self.absences.get((stage, number), {})
        return [pid for pid in self.ids if pid in listed]

    def not_joined(self, stage: str, number: int) -> list:
        """The late entrants who join after this round of the first ranked stage, in event order."""
        if self.first is None or stage != self.first.id:
            return []
        return [pid for pid in self.ids if self.late.get(pid, 1) > number]

    def joining(self, stage: str, number: int) -> list:
        """The late entrants seated for the first time in this round, in event order."""
        if self.first is None or stage != self.first.id or number == 1:
            return []
        return [pid for pid in self.ids if self.late.get(pid) == number]

    def seated(self, stage: str, number: int, order=None) -> list:
        """The players seated in a round of a ranked stage, in ``order``
        (default: event order): everyone but the withdrawn, the absent and
        the late entrants who have not joined yet."""
        out = set(self.withdrawn_by(stage, number)) | set(self.absent_in(stage, number)) | set(self.not_joined(stage, number))
        return [pid for pid in (self.ids if order is None else order) if pid not in out]

    def missed(self, stage: str, number: int) -> list:
        """The players whose missed round the option ``absence`` counts: the
        absent and the late entrants not joined yet (not the withdrawn)."""
        withdrawn = self.withdrawn_by(stage, number)
        missing = set(self.absent_in(stage, number)) | set(self.not_joined(stage, number))
        return [pid for pid in self.ids if pid in missing and pid not in withdrawn]

    def add_missed(self, ledger, stage: str, number: int, absence: str) -> None:
        """Enter the round's missed rounds in ``ledger`` as ``absence`` counts them."""
        for pid in self.missed(stage, number):
            entry = rest_entry(number, REST_RESULTS[absence])
            if entry is not None:
                ledger.add(pid, entry)

    # -- what pages and event.json say ------------------------------------------------------

    def marks_of(self, player: str) -> list:
        """The changes of one player's presence, in the order of the event's rounds."""
        marks = []
        if player in self.late and self.first is not None:
            where = self.event.player(player).where.at("joins")
            marks.append(Mark(player, JOINS, self.first.id, self.late[player], where))
        marks += [absent[player] for absent in self.absences.values() if player in absent]
        if player in self.withdrawals:
            marks.append(self.withdrawals[player])
        return sorted(marks, key=lambda m: self.position(m.stage, m.round))

    def of_round(self, stage: str, number: int) -> dict:
        """The round's absent, withdrawn and newly joined players (the lists that are not empty)."""
        lists = {ABSENT: self.absent_in(stage, number), WITHDRAWN: self.withdrawn_in(stage, number),
                 JOINS: self.joining(stage, number)}
        return {kind: ids for kind, ids in lists.items() if ids}

    # -- the rules of the field ------------------------------------------------------------

    def round_words(self, stage: str, number: int) -> str:
        """A round as a message names it: "round 3" in the first ranked stage, else "semifinal round 1"."""
        if self.first is not None and stage == self.first.id:
            return f"round {number}"
        return f"{stage} round {number}"

    def problems(self, fmt) -> list[Problem]:
        """The rules of the field that need no engine (open-events.md 1):
        ``joins:`` only where a ranked stage has that round, a late entrant
        named in no round before they join, a withdrawn player seated in no
        later round (nor in the round of the withdrawal, but for a knockout
        game lost by walkover, which has no result)."""
        problems = []
        for player in self.event.players:
            if player.joins == 1:
                continue
            where = player.where
            if self.first is None:
                problems.append(Problem(where.path, where.line("joins"), f"joins: {fmt.id} has no stage whose field "
                                        "changes round by round: every player is in its draw from the start"))
            elif self.first.rounds is not None and player.joins > self.first.rounds:
                problems.append(Problem(where.path, where.line("joins"), f"joins: {player.joins}, but {self.first.id} has "
                                        f"{self.first.rounds} rounds: a late entrant joins in round {self.first.rounds} "
                                        "at the latest"))
        for rnd in self.rounds:
            problems += self._late_named(rnd) + self._withdrawn_seated(rnd)
        return problems

    def notes(self) -> list[Problem]:
        """A withdrawal recorded again in a later round (the first one holds: not an error)."""
        return [Problem(mark.where.path, mark.line(), f"note: '{mark.player}' already withdrew before "
                        f"{self.round_words(earlier.stage, earlier.round)} ({earlier.where.path}): "
                        f"later files need not list them")
                for mark, earlier in self.repeated]

    def _late_named(self, rnd) -> list[Problem]:
        """A late entrant named in a round of the first ranked stage before they join."""
        if self.first is None or rnd.stage != self.first.id:
            return []
        problems = []
        for pid, where in _named(rnd):
            joins = self.late.get(pid, 1)
            if rnd.round < joins:
                problems.append(Problem(where.path, where.line(), f"'{pid}' joins in round {joins} (event.yaml) and "
                                        f"cannot be listed in round {rnd.round}"))
        return problems

    def _withdrawn_seated(self, rnd) -> list[Problem]:
        """A withdrawn player seated in a later round, or in the round itself
        (but for a knockout's walkover, which has no result: a player who
        withdrew loses every knockout match they are still drawn in)."""
        problems = []
        knockout = self.specs[rnd.stage].knockout
        here = self.position(rnd.stage, rnd.round)
        for unit in rnd.units or ():
            for pid, where in _seats(rnd, unit):
                mark = self.withdrawals.get(pid)
                if mark is None:
                    continue
                there = self.position(mark.stage, mark.round)
                if there < here and not (knockout and not _has_result(unit)):  # a later knockout match: a walkover
                    problems.append(Problem(where.path, where.line(), f"{pid} withdrew before "
                                            f"{self.round_words(mark.stage, mark.round)} and cannot be seated in "
                                            f"{self.round_words(rnd.stage, rnd.round)}"))
                elif there == here and not knockout:
                    problems.append(Problem(where.path, where.line(), f"player '{pid}' is listed withdrawn but seated at "
                                            f"{_unit_words(rnd, unit)}"))
                elif there == here and _has_result(unit):
                    problems.append(Problem(unit.where.path, unit.where.line(), f"{_unit_words(rnd, unit)}: {pid} withdrew: "
                                            "a game lost by walkover has no result (remove it)"))
        return problems


def _takes(fields: dict, name: str, stage: str) -> bool:
    """Whether a round file of ``stage`` takes the field ``name``."""
    if name not in fields:
        return False
    stages = fields[name]
    return stages is None or stage in stages


def _seats(rnd, unit):
    """(player, where) of each seat of a unit, at the seat's line."""
    key = "seats" if rnd.tables is not None else "players"
    by_name = rnd.tables is not None and unit.scores is not None  # seats: {id: points}
    for i, pid in enumerate(unit.players):
        yield pid, unit.where.at(key, pid if by_name else i)


def _named(rnd):
    """(player, where) of everyone a round file names: seated, absent or withdrawn."""
    for unit in rnd.units or ():
        yield from _seats(rnd, unit)
    for kind in (ABSENT, WITHDRAWN):
        for i, pid in enumerate(getattr(rnd, kind)):
            yield pid, rnd.where.at(kind, i)


def _unit_words(rnd, unit) -> str:
    return f"match {unit.match}" if rnd.matches is not None else f"table {unit.table}"


def _has_result(unit) -> bool:
    recorded = getattr(unit, "recorded", None)
    if recorded is not None:
        return recorded
    return bool(unit.games) or unit.resigned is not None  # a Tantrix match
