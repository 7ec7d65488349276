"""What every format shares: its declaration and the seating check (formats.md 0.6).

A format declares its stages (id, number of rounds, title) and ranking
criteria, and implements ``evaluate(event)``: walk the stages in order, seat
each round by its rule, compare a listed seating with the rule's (or fill an
upcoming file), score it, rank, and finally classify.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from ..draw import Lots
from ..errors import Problem
from ..model import Event, Round
from ..outcome import EventOutcome
from ..text import Text
from .manual_shape import manual_shape


@dataclass(frozen=True)
class StageSpec:
    """A stage of a format: its id, how many rounds it has, and its title."""

    id: str
    rounds: int | None  # None: decided by the field (a knockout) or by options
    title: str
    named_rounds: bool = False  # rounds are known by name (quarterfinal, ...), not by number


class Format:
    """Base of the four engines.  An instance is one format: a declaration
    (built-in or variant) with its resolved options; subclasses implement
    :meth:`stages` and :meth:`evaluate`."""

    system: str = ""  # catan | carcassonne | tantrix | baska
    kind: str = "tables"  # tables | games | matches

    def __init__(self, declaration, options: dict | None = None):
        self.declaration = declaration
        self.id = declaration.id
        self.base = declaration.base
        self.title = declaration.title
        self.traits = dict(declaration.traits)
        self.options = dict(declaration.options if options is None else options)

    @property
    def criteria(self) -> tuple:
        """The criteria of the ``ranking`` option, in that order (lots implied last)."""
        from ..criteria import criteria_for

        return criteria_for(self.system, self.options)

    def resolved_options(self, event: Event | None = None) -> dict:
        """Every option with the value that applies to ``event`` (defaults included)."""
        return dict(self.options)

    def stages(self, event: Event) -> list[StageSpec]:
        raise NotImplementedError

    def evaluate(self, event: Event) -> EventOutcome:
        raise NotImplementedError

    def unit_problems(self, rnd) -> list[Problem]:
        """The problems of each table (game, match) of ``rnd`` taken on its own,
        with no ranking or seating: what a broken earlier round must not hide."""
        return []

    def round_fields(self):
        """The fields its round files take (:class:`podium_core.roundfields.RoundFields`)."""
        raise NotImplementedError

    def rules_facts(self) -> list[tuple[str, str]]:
        """(heading, text) pairs describing the rules as implemented, for the format page."""
        return []

    # -- helpers shared by the formats -------------------------------------

    @staticmethod
    def lots(event: Event) -> Lots:
        return Lots(event.seed, event.lots)

    def check_fields(self, event: Event) -> list[Problem]:
        """A player's ``group`` belongs to Carcassonne: other engines must not be
        given one (the round files' fields are :mod:`podium_core.roundfields`'s)."""
        if self.system == "carcassonne":
            return []
        return [Problem(p.where.path, p.where.line("group"), f"group: is only read by Carcassonne formats, not {self.id}")
                for p in event.players if p.group is not None]

    def check_stages(self, event: Event) -> list[Problem]:
        """Round files must name a stage of this format and a round it has."""
        problems = []
        specs = {s.id: s for s in self.stages(event)}
        for rnd in event.rounds:
            spec = specs.get(rnd.stage)
            if spec is None:
                known = ", ".join(specs)
                problems.append(Problem(rnd.where.path, rnd.where.line("stage"), f"stage '{rnd.stage}' is not part of {self.id} (its stages: {known})"))
            elif spec.rounds is not None and rnd.round > spec.rounds:
                problems.append(Problem(rnd.where.path, rnd.where.line("round"), f"{rnd.stage} has {spec.rounds} round(s) in {self.id}; there is no round {rnd.round}"))
        return problems


def ranking_sentence(criteria, default_keys: tuple = (), default_text=None):
    """The ranking as one sentence: "A, then B, then C, then the drawing of lots."

    ``default_text`` (a msgid) is used when the keys are ``default_keys``,
    so a built-in keeps its own wording.
    """
    keys = tuple(c.key for c in criteria)
    if default_text is not None and keys == tuple(default_keys):
        return default_text
    rest = Text("the drawing of lots")
    for criterion in reversed(criteria):
        rest = Text("%(criterion)s, then %(rest)s", criterion=Text(criterion.label), rest=rest)
    return Text("%(ranking)s.", ranking=rest)


def check_numbering(rounds) -> list[Problem]:
    """Each stage's rounds run 1, 2, 3, ...: repeats and gaps are errors.

    A repeat is reported at the second file; a gap at the first file after it.
    """
    rounds = list(rounds)
    problems = []
    for stage in sorted({r.stage for r in rounds}):
        expected = 1
        seen = {}
        for rnd in sorted((r for r in rounds if r.stage == stage), key=lambda r: (r.round, r.where.path)):
            if rnd.round in seen:
                problems.append(Problem(rnd.where.path, rnd.where.line("round"), f"{stage} round {rnd.round} is listed twice (also in {Path(seen[rnd.round]).name})"))
                continue
            seen[rnd.round] = rnd.where.path
            if rnd.round != expected:
                missing = f"round {expected}" if rnd.round == expected + 1 else f"rounds {expected}-{rnd.round - 1}"
                problems.append(Problem(rnd.where.path, rnd.where.line("round"), f"{stage} round {rnd.round} follows a gap: {missing} missing"))
            expected = rnd.round + 1
    return problems


def opponent_of(players, player: str | None) -> str | None:
    """The other player of a two-player game or match (None when ``player`` is None)."""
    if player is None:
        return None
    return players[1] if player == players[0] else players[0]


class Run:
    """One evaluation of one event: the state every format's walk starts with.

    ``out`` is the outcome being built, ``problems`` its list of problems,
    ``files`` the round files by (stage, round), ``lots`` the last tiebreak.
    """

    def __init__(self, fmt: Format, event: Event):
        self.fmt = fmt
        self.event = event
        self.lots = fmt.lots(event)
        self.out = EventOutcome(event, fmt)
        self.problems = self.out.problems
        self.files = {(r.stage, r.round): r for r in event.rounds}


def compare_seating(rnd: Round, expected: list[list[str]], what: str = "table", groups: dict | None = None) -> list[Problem]:
    """Check a listed seating against the rules' (formats.md 0.6).

    The same players at each table and the tables in the same order; the
    order within a table is the venue's and is not checked.  The first
    difference is reported at the table that differs.  A file that says
    ``manual: "reason"`` may seat other players together, but not change
    the round's shape (:func:`podium_core.formats.manual_shape.manual_shape`; ``groups``:
    player -> group, for a stage played in groups).
    """
    if rnd.units is None or rnd.stands:  # a round played before a correction stands (podium_core.corrections)
        return []
    if rnd.manual:
        return manual_shape(rnd, [len(e) for e in expected], [pid for e in expected for pid in e], groups, what)
    found = _differences(rnd, expected, what)
    if found and rnd.stale:
        found = [Problem(p.path, p.line, p.message + "; it was seated before an earlier result was corrected: "
                         "podium pair --write seats it again") for p in found]
    return found


def _differences(rnd: Round, expected: list[list[str]], what: str) -> list[Problem]:
    """The first difference between the listed seating and the rules' (see compare_seating)."""
    units = list(rnd.units)
    numbers = [getattr(u, "table", None) or getattr(u, "match", None) for u in units]
    for i, (unit, number) in enumerate(zip(units, numbers)):
        if number != i + 1:
            return [Problem(unit.where.path, unit.where.line(), f"{what}s must be numbered 1, 2, 3, ... in order; found {what} {number} in place {i + 1}")]
    for i, unit in enumerate(units):
        if i >= len(expected):
            return [Problem(unit.where.path, unit.where.line(), f"the rules give {len(expected)} {what}s; {what} {i + 1} should not exist (or add manual: \"reason\")")]
        if sorted(unit.players) != sorted(expected[i]):
            rule = ", ".join(expected[i])
            return [Problem(unit.where.path, unit.where.line(), f"{what} {i + 1} differs from the rules, which seat: {rule} (or add manual: \"reason\")")]
    if len(units) < len(expected):
        return [Problem(rnd.where.path, rnd.where.line(), f"the rules give {len(expected)} {what}s; the file lists {len(units)} (or add manual: \"reason\")")]
    return []


def round_status(results_in: list[bool]) -> str:
    """complete when every unit has its result, upcoming when none has."""
    if results_in and all(results_in):
        return "complete"
    if any(results_in):
        return "in-progress"
    return "upcoming"


def next_round_header(fmt: Format, outcome) -> dict | None:
    """The header of the next round file to create, or None when none is due.

    The next round is the first round of the format's stages (in order) that
    has no file; it is due only when every round before it is complete.
    Formats whose stages have no fixed round count override
    ``Format.next_round_header``.
    """
    event = outcome.event
    if any(r.status != "complete" for r in outcome.rounds):
        return None
    present = {(r.stage, r.round) for r in event.rounds}
    for spec in fmt.stages(event):
        for number in range(1, (spec.rounds or 0) + 1):
            if (spec.id, number) not in present:
                return fmt.round_header(spec.id, number)
    return None


def round_header(fmt: Format, stage: str, number: int) -> dict:
    """The fields a new round file starts with; formats add their own (Baśka: session)."""
    return {"stage": stage, "round": number}


Format.next_round_header = next_round_header
Format.round_header = round_header


def first_round_header(fmt: Format) -> dict:
    """The header of an event's first round file (its first stage, round 1)."""
    return fmt.round_header(fmt.stages(None)[0].id, 1)


Format.first_round_header = first_round_header
