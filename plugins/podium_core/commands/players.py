"""``podium players import FILE [EVENT]``: a registration sheet's players into event.yaml.

FILE is a CSV or TSV export (:mod:`.sheet`), ``-`` for standard input;
EVENT the event folder, by default the folder the command runs in.  The
columns are found by their headers (:mod:`.columns`).  Row by row, in the
sheet's order:

* an empty row, or a row without a name, is skipped;
* a row whose player is in the event already (the same id; without an id
  in the sheet, the same name as :func:`.player_ids.name_key` compares
  names), or in an earlier row, is skipped: the same sheet imported again
  adds nobody, and a sheet that grew adds its new rows;
* any other row is a player to add, each cell read by its field's rule,
  the id taken from the id column or made from the name (:mod:`.player_ids`).

Two columns that give one field, a cell its field cannot take, a seed
given twice (in the sheet, or beside the event's players), an id that is
another player's, a row with more cells than the header: each is a
problem ``FILE:row:column: message``, all of them in one run, and then
nothing is written.  Before anything is
written the new event.yaml is checked against its schema too: an entry it
refuses is a problem at its row.  (A list of fewer players than the event
needs is ``podium validate``'s to report: a sheet may come in parts.)

What would be added (each entry as one YAML mapping) and what is skipped
is printed with each row's number; ``--write`` saves event.yaml, whole or
not at all, keeping its comments and layout (:mod:`.eventedit`).

* ``--joins N`` gives every player added ``joins: N``: a late entry,
  first seated in round N.  Without it an event that has results takes no
  new players: they would change the seating of rounds already played.
* The placeholder players that ``podium new`` writes make way for the
  sheet's players, while no round lists a seating.
"""

from __future__ import annotations

import argparse
import sys
from dataclasses import dataclass, field
from pathlib import Path

from .. import schemas
from ..errors import Problem, Problems
from ..files import write_atomically
from ..loader import load_bytes, load_file, read_file
from ..reading import results_of, up
from ..modelling import read_registry
from ..scaffold import is_placeholder
from ..cli_paths import NotFound
from ..seating_only import unit_key, units_with_results
from ..keypath_names import place
from .columns import READERS, CellError, Columns, clean, columns_of, override
from .eventedit import add_players, entry_text
from .player_ids import IdMaker, name_key
from .sheet import SEPARATOR_NAMES, Sheet, SheetRefused, read_sheet

STDIN = "<stdin>"
ENTRY_FIELDS = ("club", "country", "group", "previous_place", "seed", "rating")  # after id and name, in this order


class ImportRefused(Exception):
    """The event takes no players from this import (the message says why)."""


def register(commands) -> None:
    players = commands.add_parser("players", help="the event's players: import them from a registration sheet")
    actions = players.add_subparsers(dest="action", required=True, metavar="ACTION")
    sheet = actions.add_parser(
        "import", help="add the players of a CSV or TSV file (a registration form's export) to event.yaml",
        description="Show which players of a CSV or TSV file would be added to event.yaml and which rows are "
                    "skipped; --write saves them.")
    sheet.add_argument("file", metavar="FILE", help="a CSV or TSV file in UTF-8 (- reads standard input)")
    sheet.add_argument("event", nargs="?", metavar="EVENT", help="the event folder (default: the folder you are in)")
    sheet.add_argument("--column", action="append", default=[], type=_column, metavar="FIELD=HEADER",
                       help="the column of a field, by its header (e.g. name=Vārds; club= leaves the club out); "
                            f"fields: {', '.join(READERS)}")
    sheet.add_argument("--joins", type=_round_number, metavar="N",
                       help="late entries: the round in which the players added are first seated")
    sheet.add_argument("--write", action="store_true", help="save event.yaml (without it: show what would be added)")


def _column(text: str) -> tuple[str, str]:
    try:
        return override(text)
    except ValueError as exc:
        raise argparse.ArgumentTypeError(str(exc)) from None


def _round_number(text: str) -> int:
    if not text.isdigit() or int(text) < 1:
        raise argparse.ArgumentTypeError(f"{text!r} is not a round number (1, 2, ...)")
    return int(text)


def run(args) -> int:
    folder = Path(args.event) if args.event is not None else _here()
    event = EventState.read(folder)
    if event.played and args.joins is None:
        raise ImportRefused(f"{event.played[0]} has results: players added now would change the seating of rounds "
                            f"played already; add late entries with --joins N (N: the first round they play)")
    sheet = _read(args.file)
    columns, problems = columns_of(sheet, dict(args.column))
    if columns is None:
        raise Problems(problems)
    plan = plan_import(sheet, columns, event, args.joins)
    if problems or plan.problems:
        raise Problems(problems + plan.problems)
    remove = event.placeholders if plan.added else ()
    if plan.added:
        text, spans = add_players(event.text, [entry for _row, entry in plan.added], remove)
        refused = _refused(text, spans, plan, event.path)
        if refused:
            raise Problems(refused)
    print(f"{sheet.path}: {SEPARATOR_NAMES[sheet.separator]}-separated; {columns.describe(sheet.header)}")
    for line in plan.lines():
        print(line)
    if remove:
        print(f"{event.path}: the {len(remove)} placeholder players of podium new make way for them")
    if not plan.added:
        print(f"nothing to add: {sheet.path} has no player that is not in the event already")
        return 0
    count = f"{len(plan.added)} player{'s' if len(plan.added) != 1 else ''}"
    skipped = f", {len(plan.skipped)} row{'s' if len(plan.skipped) != 1 else ''} skipped" if plan.skipped else ""
    if not args.write:
        print(f"{count} to add{skipped}; nothing written: add --write to save them in {event.path}")
        return 0
    write_atomically(event.path, text)
    print(f"{event.path}: {count} added{skipped}")
    for path in event.seated:
        print(f"{path} lists a seating without them: podium pair {folder} --write seats that round again")
    return 0


def _here() -> Path:
    """The event folder the command runs in."""
    if not Path("event.yaml").is_file():
        raise NotFound("the folder you are in has no event.yaml: name the event folder after FILE "
                       "(podium players import FILE results/<slug>)")
    return Path(".")


def _read(file: str) -> Sheet:
    """The sheet of ``file`` (``-``: standard input); raises Problems."""
    if file == "-":
        raw, path = sys.stdin.buffer.read(), STDIN
    else:
        path = file
        raw, problem = read_file(file)
        if problem is not None:
            raise Problems([problem])
    try:
        return read_sheet(raw, path)
    except SheetRefused as exc:
        raise Problems([exc.problem]) from None


@dataclass
class EventState:
    """What the import needs of an event: its event.yaml (text, path), its
    players (id -> name key, seeds), the people of ``players.yaml``, the
    round files that list a seating, with results or without, and the
    placeholder entries that make way."""

    path: Path
    text: str
    names: dict  # id -> name key (None: no name known)
    seeds: dict  # seed -> id
    registry: dict  # id -> name
    played: list
    seated: list
    placeholders: tuple

    @classmethod
    def read(cls, folder: Path) -> "EventState":
        path = folder / "event.yaml"
        raw, problem = read_file(path, results_of(path))
        doc, problems = load_bytes(raw, str(path)) if problem is None else (None, [problem])
        if problems:
            raise Problems(problems)
        data = doc.data if isinstance(doc.data, dict) else {}
        entries = data.get("players") if isinstance(data.get("players"), list) else []
        registry, _problems = read_registry(up(folder))  # a broken players.yaml is validate's to report
        people = {pid: person.get("name") for pid, person in registry.items()}
        played, seated = _round_files(folder)
        placeholders = () if played or seated else tuple(i for i, e in enumerate(entries) if is_placeholder(e))
        names, seeds = {}, {}
        for i, entry in enumerate(entries):
            if i in placeholders or not isinstance(entry, dict) or not isinstance(entry.get("id"), str):
                continue
            name = entry.get("name") if isinstance(entry.get("name"), str) else people.get(entry["id"])
            names[entry["id"]] = name_key(name) if isinstance(name, str) else None
            if type(entry.get("seed")) is int:
                seeds.setdefault(entry["seed"], entry["id"])
        return cls(path, raw.decode("utf-8"), names, seeds, people, played, seated, placeholders)


def _round_files(folder: Path) -> tuple[list, list]:
    """The round files that list a seating: those with a result, those without."""
    played, seated = [], []
    for path in sorted(folder.iterdir()):
        if path.name == "event.yaml" or path.name.startswith(".") or path.suffix != ".yaml":
            continue
        doc, _problems = load_file(path, results_of(path))
        data = doc.data if doc is not None else None
        if unit_key(data) is not None:
            (played if units_with_results(data) else seated).append(path)
    return played, seated


@dataclass
class Plan:
    """The rows to add (row, entry), to skip (row, reason), and the problems."""

    path: str
    added: list = field(default_factory=list)
    skipped: list = field(default_factory=list)
    problems: list = field(default_factory=list)
    notes: dict = field(default_factory=dict)  # row -> why its id is not the plain one

    def lines(self) -> list[str]:
        """What is added and skipped, row by row; runs of empty rows as one line."""
        said = [(row, f"add {entry_text(entry)}" + (f"  ({self.notes[row]})" if row in self.notes else ""))
                for row, entry in self.added]
        runs = []
        for row, reason in self.skipped:
            if reason is None and runs and runs[-1][1] is None and runs[-1][2] == row - 1:
                runs[-1][2] = row
            else:
                runs.append([row, reason, row])
        for first, reason, last in runs:
            if reason is None:
                reason = "empty row" if first == last else f"empty rows {first}-{last}"
            said.append((first, f"skip: {reason}"))
        return [f"{self.path}:{row}: {text}" for row, text in sorted(said, key=lambda line: line[0])]


def plan_import(sheet: Sheet, columns: Columns, event: EventState, joins: int | None) -> Plan:
    """What the sheet adds to the event (see the module's rules)."""
    rows = _Rows(sheet, columns, event, joins)
    for row, cells in sheet.rows:
        rows.take(row, cells)
    return rows.plan


class _Rows:
    """The sheet's rows read one by one into a :class:`Plan`, each seeing the
    ids, names and seeds of the event and of the rows before it."""

    def __init__(self, sheet: Sheet, columns: Columns, event: EventState, joins: int | None):
        self.sheet, self.columns, self.event, self.joins = sheet, columns, event, joins
        self.plan = Plan(sheet.path)
        where = columns.fields
        given = {clean(cells[where["id"]]) for _row, cells in sheet.rows if "id" in where and where["id"] < len(cells)}
        self.ids = IdMaker(set(event.names) | (given - {""}), event.registry)
        self.in_event = {}  # name key -> the first id of the event with that name
        for pid, key in event.names.items():
            self.in_event.setdefault(key, pid)
        self.names = {}  # name key -> the first row with that name
        self.given = {}  # id -> (row, name key) of the row that gave it
        self.seeds = dict(event.seeds)  # seed -> the id (event.yaml) or the row (sheet) that has it

    def take(self, row: int, cells: tuple) -> None:
        """Add the row to the plan, skip it, or say why it cannot be read."""
        width = len(self.sheet.header)
        if not any(text.strip() for text in cells):
            self.plan.skipped.append((row, None))
            return
        if any(text.strip() for text in cells[width:]):
            self.plan.problems.append(Problem(self.sheet.path, row, f"the row has more cells than the header: a value "
                                                                    f"holds a {SEPARATOR_NAMES[self.sheet.separator]} "
                                                                    f"without quotes around it", width + 1))
            return
        cell = self._cells(cells)
        name = _name(cell, self.columns)
        if not name:
            self.plan.skipped.append((row, "no name"))
            return
        key, pid = name_key(name), cell("id")
        if self._known(row, name, key, pid):
            return
        self.names.setdefault(key, row)
        entry = self._entry(row, name, cell)
        if entry is None:
            return
        if pid:
            try:
                entry = {"id": self.ids.take(READERS["id"](pid)), **entry}
            except CellError as exc:
                self._problem(row, "id", str(exc))
                return
            self.given[pid] = (row, key)
        else:
            made, note = self.ids.make(name)
            entry = {"id": made, **entry}
            if note:
                self.plan.notes[row] = note
        if self.joins is not None:
            entry["joins"] = self.joins
        self.plan.added.append((row, entry))

    def _cells(self, cells: tuple):
        def cell(field_name: str) -> str:
            """The row's cell of a field, cleaned; '' when the sheet has no such column."""
            column = self.columns.fields.get(field_name)
            return clean(cells[column]) if column is not None and column < len(cells) else ""
        return cell

    def _known(self, row: int, name: str, key: str, pid: str) -> bool:
        """Whether the row's player is in the event or an earlier row (skipped),
        or gives another player's id (a problem)."""
        if pid in self.event.names:
            if self.event.names[pid] not in (key, None):
                self._problem(row, "id", f"{pid} is another player's id in event.yaml")
            else:
                self.plan.skipped.append((row, f"{name} is in the event already ({pid})"))
            return True
        if pid in self.given:
            first, first_key = self.given[pid]
            if first_key != key:
                self._problem(row, "id", f"{pid} is the id of row {first} already")
            else:
                self.plan.skipped.append((row, f"{name} again (row {first})"))
            return True
        if pid:
            return False
        if key in self.in_event:
            self.plan.skipped.append((row, f"{name} is in the event already ({self.in_event[key]})"))
            return True
        if key in self.names:
            self.plan.skipped.append((row, f"{name} again (row {self.names[key]})"))
            return True
        return False

    def _entry(self, row: int, name: str, cell) -> dict | None:
        """The row's entry without its id, or None when a cell is refused (the
        plan's problems say why); a seed is taken from then on."""
        entry, refused = {}, False
        fields = self.columns.fields
        try:
            entry["name"] = READERS["name"](name)
        except CellError as exc:
            self._problem(row, next(f for f in ("name", "first_name", "last_name") if f in fields), str(exc))
            refused = True
        for field_name in ENTRY_FIELDS:
            text = cell(field_name)
            if not text:
                continue
            try:
                value = READERS[field_name](text)
            except CellError as exc:
                self._problem(row, field_name, str(exc))
                refused = True
                continue
            if field_name == "seed":
                if value in self.seeds:
                    holder = self.seeds[value]
                    whose = f"{holder}'s in event.yaml" if isinstance(holder, str) else f"row {holder}'s"
                    self._problem(row, "seed", f"seed {value} is {whose} already")
                    refused = True
                    continue
                self.seeds[value] = row
            entry[field_name] = value
        return None if refused else entry

    def _problem(self, row: int, field_name: str, message: str) -> None:
        column = self.columns.fields[field_name]
        self.plan.problems.append(Problem(self.sheet.path, row, f"{self.sheet.header[column]}: {message}", column + 1))


def _name(cell, columns: Columns) -> str:
    """A row's name: its name cell, or its first and last name (see :mod:`.columns`)."""
    parts = [cell("first_name"), cell("last_name")]
    if columns.family_first:
        parts.reverse()
    return cell("name") or " ".join(part for part in parts if part)


def _refused(text: str, spans: list, plan: Plan, path: Path) -> list[Problem]:
    """The new entries that event.yaml's schema refuses, as problems at their
    rows (a problem of the list as a whole, such as its length, is not theirs)."""
    doc, problems = load_bytes(text.encode("utf-8"), str(path))
    if problems:
        raise Problems(problems)
    first = len(doc.data["players"]) - len(plan.added)
    found = []
    for problem in schemas.check(doc, "event"):
        for index, (span, (row, _entry)) in enumerate(zip(spans, plan.added)):
            own = place(("players", first + index), doc.data)
            if problem.line in span and problem.message.startswith((f"{own},", f"{own}:")):
                found.append(Problem(plan.path, row, f"event.yaml would refuse this player: {problem.message}"))
    return found
