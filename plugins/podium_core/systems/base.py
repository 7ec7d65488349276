"""What every tournament system shares: the :class:`System` base, the
seating check (formats.md 0.6) and the walk's common steps.

A system is a subclass of :class:`System` that carries everything it knows
(its package under :mod:`podium_core.systems`): its options with their
defaults, the values its games give the criteria, the fields of its round
files and player entries, its stages and their names, its rules in words,
how ``podium new``, ``podium enter``, ``podium withdraw`` and ``podium
simulate`` serve it, and the words its pages use.  An instance is one
format of it: a declaration (built-in or variant,
:mod:`podium_core.formats`) with its resolved options, whose
``evaluate(event)`` walks the stages in order, seats each round by its
rule, compares a listed seating with the rule's (or fills an upcoming
file), scores it, ranks, and finally classifies.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

from ..attendance import Attendance
from ..criteria import RATING, Ledger, criteria_for
from ..draw import Lots
from ..errors import Problem
from ..model import Event, Round
from ..outcome import EventOutcome
from ..suggest import named_by
from ..text import Text
from .manual_shape import manual_shape


@dataclass(frozen=True)
class StageSpec:
    """A stage of a format: its id, how many rounds it has, and its title."""

    id: str
    rounds: int | None  # None: decided by the field (a knockout) or by options
    title: str
    named_rounds: bool = False  # rounds are known by name (quarterfinal, ...), not by number
    ranked: bool = False  # seated from the field round by round: absent:, withdrawn:, joins: and unplayed apply
    knockout: bool = False  # a player in withdrawn: loses the game (match) they are seated for by walkover


class EntryError(Exception):
    """A line typed at ``podium enter`` cannot be taken (the message says why)."""


UNPLAYED_LINE = re.compile(r"unplayed\b:?\s*(.*)", re.IGNORECASE)  # podium enter: a table that was not played


class System:
    """Base of the tournament systems.  The class is one system, declared
    by its class attributes; an instance is one format of it: a declaration
    (built-in or variant) with its resolved options.  Subclasses implement
    :meth:`stages` and :meth:`evaluate`.
    """

    name: str = ""  # catan | carcassonne | tantrix | baska: its package, its templates' folder
    title: str = ""  # the system's name for people (messages)
    kind: str = "tables"  # tables | games | matches
    OPTIONS: tuple = ()  # its options (:class:`podium_core.systems.options.Option`), defaults included
    VALUES: frozenset = frozenset()  # what its games can give the criteria (:data:`podium_core.criteria.NEEDS`)
    PLAYER_FIELDS: frozenset = frozenset()  # the fields of a player entry it reads besides id, name, club, country
    PLAYER_HINTS: str = ""  # the commented player fields of ``podium new``'s event.yaml
    REFUSED_OPTIONS: dict = {}  # options of other systems that make no sense here: key -> why (the refusal)
    byes: bool = False  # a round can give a player a bye
    enters_games: bool = False  # ``podium enter`` takes a match game by game, until it is decided
    ENTRY = None  # its module of ``podium enter``: prompt(fmt, stage or game number...), parse(line, players)
    SIMULATION = None  # its module of ``podium simulate``: results(fmt, rnd, rng, seed, style)

    def __init__(self, declaration, options: dict | None = None):
        self.declaration = declaration
        self.id = declaration.id
        self.base = declaration.base
        self.title = declaration.title
        self.traits = dict(declaration.traits)
        self.options = dict(declaration.options if options is None else options)

    # -- what the system declares ------------------------------------------------

    @classmethod
    def option_specs(cls) -> dict:
        """Its options by key, in the order pages and event.json list them."""
        return {option.key: option for option in cls.OPTIONS}

    @classmethod
    def defaults(cls) -> dict:
        """Every option's default (formats.md's value)."""
        return {option.key: option.default for option in cls.OPTIONS}

    @classmethod
    def possible_values(cls) -> frozenset:
        """What its games can give the criteria, with some format of it: its
        ``VALUES`` and, where it ranks, the players' ratings.  Games of a
        match are among them only with ``match_games`` above 1
        (:func:`podium_core.systems.options.ranking_problems`)."""
        return cls.VALUES | {RATING} if "ranking" in cls.option_specs() else cls.VALUES

    @property
    def criteria(self) -> tuple:
        """The criteria of the ``ranking`` option, in that order (lots implied
        last), each with its legend in this format's numbers."""
        return criteria_for(self)

    def wins_legend(self):
        """What ``wins`` counts in this system (a msgid or Text)."""
        raise NotImplementedError

    def ledger(self, event: Event) -> Ledger:
        """An empty ledger of a ranked stage of ``event`` (with its players' ratings)."""
        return Ledger({p.id: p.rating for p in event.players if p.rating is not None})

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

    def field_stages(self) -> tuple[set, set]:
        """The ids of its ranked stages (seated from the field round by round)
        and of its knockout stages (a withdrawal there is a walkover)."""
        specs = self.stages(None)
        return {s.id for s in specs if s.ranked}, {s.id for s in specs if s.knockout}

    def open_field(self) -> tuple[dict, dict]:
        """The round fields of the open field (open-events.md 1, 2), as
        (round fields, table or game fields) by the stages that take them:
        ``absent:`` in a ranked stage, ``withdrawn:`` there and in a knockout
        (a walkover), ``unplayed:`` on a table or game of a ranked stage."""
        ranked, knockout = self.field_stages()
        round_ = {"absent": ranked, "withdrawn": ranked | knockout}
        return {key: stages for key, stages in round_.items() if stages}, ({"unplayed": ranked} if ranked else {})

    def rules_facts(self) -> list[tuple[str, str]]:
        """(heading, text) pairs describing the rules as implemented, for the format page."""
        return []

    # -- the organisers' commands ------------------------------------------------------

    def entrants(self, count: int) -> list[dict]:
        """The player entries of a new field of ``count`` players, as the fields
        each takes besides id and name (``podium new``, ``podium simulate``):
        one empty mapping each, unless the system numbers or completes its field."""
        return [{} for _ in range(count)]

    def entry_prompt(self, *where) -> str:
        """What ``podium enter`` asks for one table (game, match) of a stage,
        or for one game of a match entered game by game."""
        return self.ENTRY.prompt(self, *where)

    def parse_entry(self, line: str, players: list, names: dict | None = None) -> dict:
        """The unit's new fields from one line typed at ``podium enter`` (its
        form only: the engine judges the values), or :class:`EntryError`;
        ``names``: id -> name, for a player typed by name (:func:`pick_player`).
        In every system ``unplayed <reason>`` records the table (game, match)
        as not played: ``unplayed: "reason"``, no result for anyone."""
        found = UNPLAYED_LINE.fullmatch(line.strip())
        if found:
            reason = found.group(1).strip().strip('"').strip()
            if not reason:
                raise EntryError('say why it was not played, e.g. "unplayed both players absent"')
            return {"unplayed": reason}
        return self.parse_result(line, players, names or {})

    def parse_result(self, line: str, players: list, names: dict) -> dict:
        """The result typed on one line (:meth:`parse_entry`): the system's ``entry`` module reads it."""
        return self.ENTRY.parse(line, players, names)

    def entry_progress(self, unit, names: dict) -> str:
        """Where a match entered game by game stands after its last game, in
        the organisers' words (``enters_games`` systems: the running total
        and the rules' verdict)."""
        return self.ENTRY.progress(unit, names)

    def simulated_units(self, rnd, rng, seed: str, style: dict) -> tuple[str, list]:
        """Plausible results of the seated round ``rnd`` (``podium simulate``):
        the round file's unit key and its units as mappings."""
        return self.SIMULATION.results(self, rnd, rng, seed, style)

    # -- the words and numbers of its pages -------------------------------------------------

    def going_on(self, standing, outcome=None) -> int | None:
        """How many players of ``standing`` go on to the next stage, or None
        where no stage follows it (the site draws the qualification line)."""
        return None

    def not_going_on(self, outcome) -> frozenset:
        """The players who cannot go on although ranked above the line (a
        withdrawn qualifier): the line is drawn under those who actually go on."""
        return frozenset()

    def standing_title(self, stage: str):
        """A title of its own for the standings of ``stage`` (a msgid), or None."""
        return None

    def table_sizes(self, event):
        """The table sizes the event's field is seated at, for the format page, or None."""
        return None

    def unit_columns(self) -> dict:
        """The label and title of each value of a table (game, match), by its
        event.json key, in this format's numbers."""
        return {}

    def unit_legends(self) -> dict:
        """The round page's legend of a table's values, by key, in this format's numbers."""
        return {}

    def score_sheet(self, stage: str, unit: dict, round_extra: dict) -> dict | None:
        """What the printed score sheet of a table (game, match) of ``stage``
        holds besides its players (``unit``: the table's event.json data;
        ``round_extra``: its round's), or None for a table that is not played."""
        return {}

    # -- helpers shared by the formats -------------------------------------

    @staticmethod
    def lots(event: Event) -> Lots:
        return Lots(event.seed, event.lots)

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


def pick_player(word: str, players: list, names: dict) -> str:
    """The player of a table (game, match) that ``word`` names, as typed at
    ``podium enter``: a seat number (1 for the first seat), else the id or
    any start of the id or the name that only one of them has
    (:func:`podium_core.suggest.named_by`: ``inese`` for inese-kalnina).  A
    start several have is an :class:`EntryError`; a word none has is
    returned as typed, for the engine to refuse in the words ``podium
    validate`` uses."""
    if word.isdigit() and 1 <= int(word) <= len(players):
        return players[int(word) - 1]
    found = named_by(word, [(pid, names.get(pid, "")) for pid in players])
    if len(found) == 1:
        return found[0]
    if found:
        raise EntryError(f"'{word}' could be {' or '.join(found)}: type more of the id or name")
    return word


def whole_numbers(tokens, count: int, what: str) -> list[int]:
    """The first ``count`` typed words as whole numbers of at most nine digits
    (every score there is), or :class:`EntryError`."""
    if len(tokens) < count:
        raise EntryError(f"{count} values expected ({what}), got {len(tokens)}")
    values = []
    for token in tokens[:count]:
        if not _WHOLE.match(token):
            raise EntryError(f"'{token}' is not a whole number")
        values.append(int(token))
    return values


_WHOLE = re.compile(r"^[+-]?[0-9]{1,9}$")


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
    ``files`` the round files by (stage, round), ``lots`` the last tiebreak,
    ``attendance`` who is seated in each round (:mod:`podium_core.attendance`).
    """

    def __init__(self, fmt: System, event: Event):
        self.fmt = fmt
        self.event = event
        self.lots = fmt.lots(event)
        self.out = EventOutcome(event, fmt)
        self.problems = self.out.problems
        self.files = {(r.stage, r.round): r for r in event.rounds}
        self.attendance = self.out.attendance = Attendance(fmt, event)


STALE = "it was seated before an earlier result was corrected"  # said of a round to seat again (podium_core.corrections)


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
        found = [Problem(p.path, p.line, f"{p.message}; {STALE}: podium pair --write seats it again") for p in found]
    return found


def _differences(rnd: Round, expected: list[list[str]], what: str) -> list[Problem]:
    """The differences between the listed seating and the rules' (see
    compare_seating): tables out of order (the first), else every table whose
    players differ, every table too many and a missing one."""
    units = list(rnd.units)
    numbers = [getattr(u, "table", None) or getattr(u, "match", None) for u in units]
    for i, (unit, number) in enumerate(zip(units, numbers)):
        if number != i + 1:
            return [Problem(unit.where.path, unit.where.line(), f"{what}s must be numbered 1, 2, 3, ... in order; found {what} {number} in place {i + 1}")]
    found = []
    for i, unit in enumerate(units):
        if i >= len(expected):
            found.append(Problem(unit.where.path, unit.where.line(), f"the rules give {len(expected)} {what}s; {what} {i + 1} should not exist (or add manual: \"reason\")"))
        elif sorted(unit.players) != sorted(expected[i]):
            rule = ", ".join(expected[i])
            found.append(Problem(unit.where.path, unit.where.line(), f"{what} {i + 1} differs from the rules, which seat: {rule} (or add manual: \"reason\")"))
    if len(units) < len(expected):
        found.append(Problem(rnd.where.path, rnd.where.line(), f"the rules give {len(expected)} {what}s; the file lists {len(units)} (or add manual: \"reason\")"))
    return found


def round_status(results_in: list[bool]) -> str:
    """complete when every unit has its result, upcoming when none has."""
    if results_in and all(results_in):
        return "complete"
    if any(results_in):
        return "in-progress"
    return "upcoming"


def next_round_header(fmt: System, outcome) -> dict | None:
    """The header of the next round file to create, or None when none is due.

    The next round is the first round of the format's stages (in order) that
    has no file; it is due only when every round before it is complete.
    Formats whose stages have no fixed round count override
    ``System.next_round_header``.
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


def round_header(fmt: System, stage: str, number: int) -> dict:
    """The fields a new round file starts with; formats add their own (Baśka: session)."""
    return {"stage": stage, "round": number}


System.next_round_header = next_round_header
System.round_header = round_header


def first_round_header(fmt: System) -> dict:
    """The header of an event's first round file (its first stage, round 1)."""
    return fmt.round_header(fmt.stages(None)[0].id, 1)


System.first_round_header = first_round_header
