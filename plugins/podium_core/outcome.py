"""What the engines produce for one event: the view of everything computed.

An :class:`EventOutcome` holds every round (with seating filled in for the
upcoming ones and each unit scored), every standings table, the
classification once the event is finished, and the problems found.  The
exporter turns it into event.json and the site renders it; both read the same
object, so they cannot disagree.  Values stay exact here (``Fraction``,
integer tenths); formatting happens in the exporter and the templates.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from .model import Event, Round


@dataclass
class Seating:
    """How a round's seating was made, for the page that shows it.

    ``method`` is one of ``draw`` (verifiable draw: ``purpose`` and ``order``
    give the keys to check), ``rank`` (by the ranking ``order`` lists),
    ``snake``, ``qualifiers``, ``bracket``, ``pairing`` or ``manual``.
    """

    method: str
    purpose: str | None = None
    order: tuple = ()
    manual: str | None = None
    filled: bool = False  # seated by the engine at build time (upcoming file)
    rule: str = ""  # one sentence: the rule that produced it


@dataclass
class RoundOutcome:
    """One round as computed: its units (tables, games or matches) in order."""

    stage: str
    round: int
    kind: str  # tables | games | matches
    status: str  # complete | in-progress | upcoming
    units: list
    seating: Seating
    source: Round | None = None
    session: int | None = None
    title: str = ""
    waiting: str | None = None  # why an upcoming round cannot be seated yet
    extra: dict = field(default_factory=dict)
    byes: tuple = ()  # the players who sit out (Carcassonne, odd_field: bye), one per odd group

    @property
    def slug(self) -> str:
        return f"{self.stage}-{self.round}"

    def players(self):
        for unit in self.units:
            yield from unit.players


@dataclass
class Place:
    """A line of the final classification (``place`` None for a reserve)."""

    place: int | None
    player: str
    reserve: bool = False
    note: str = ""


@dataclass
class EventOutcome:
    event: Event
    format: object
    rounds: list = field(default_factory=list)
    standings: list = field(default_factory=list)
    classification: list | None = None
    problems: list = field(default_factory=list)
    extra: dict = field(default_factory=dict)
    attendance: object = None  # who is seated in each round (podium_core.attendance.Attendance)

    @property
    def finished(self) -> bool:
        return self.classification is not None

    def next_round(self) -> RoundOutcome | None:
        """The first round that is not complete, if any."""
        for rnd in self.rounds:
            if rnd.status != "complete":
                return rnd
        return None

    def latest_standing(self, stage: str | None = None, group: str | None = None):
        found = [s for s in self.standings if (stage is None or s.stage == stage) and s.group == group]
        return found[-1] if found else None
