"""``podium enter RESULTS/<slug> [ROUND]``: results typed in at the venue.

The tables (games, matches) of the round are taken in order; each shows
who sits there, in seat order, and takes its result as the format's system
reads it (``System.entry_prompt`` and ``System.parse_entry``, in its
package's ``entry`` module):

* Catan: the VP of each seat, in seat order (``10 8 7 5``), then the
  winner's id when two seats reached 10, or ``none`` for a game stopped by
  the time limit (nobody at 10), where the stage has one;
* Baśka: the small points of each seat (``30 10 -15 -25``) or the table's
  deals, comma-separated (``para 1 3, cicha anna won rej, ...``), from which
  the small points are computed and shown; a short table gets its fixed
  points and is not asked;
* Carcassonne: the two scores (``112 98``), then optionally the id of a
  player who lost on time (forfeit), the two clock times (``18:20 19:59``)
  and ``winner <id>``; the hint names what decides equal scores;
* Tantrix (a system that enters a match game by game): one game per line,
  ``winner margin [penaltyA penaltyB]``, until the match is decided.

A line ``-`` leaves the table for later.  A line is read here only for its
form (which number or word is which field); whether the result is right is
the engine's to say: the event is evaluated with the round file as it would
be written (``evaluate_one`` with ``pending``, the path ``podium validate``
and the build take), and its problems are shown in its own words.  So
enter, validate and the site never disagree.  The round file is rewritten
atomically after every table (:mod:`podium_core.roundedit`), so an interrupted
entry loses nothing and a second run shows the tables already entered and
asks only the others.

On a terminal a wrong line is asked again; from a pipe (one line per
table, per Tantrix game) the first wrong line stops the entry with
``<stdin>:line: message``, and what was entered before it stays written.
"""

from __future__ import annotations

import sys
from pathlib import Path

from ..errors import Problems
from ..files import write_atomically
from ..loader import load_file, read_text
from ..reading import results_of
from ..nextround import NotReady, next_seating, unit_name
from ..pipeline import evaluate_one
from ..roundedit import set_units
from ..seating_only import unit_key
from ..systems.base import EntryError
from .pair import write_seating


class Stop(Exception):
    """The piped input ended or a wrong line stopped the entry."""


def register(commands) -> None:
    enter = commands.add_parser("enter", help="type in the results of a round, table by table")
    enter.add_argument("event", help="an event folder, e.g. results/my-event")
    enter.add_argument("round", nargs="?", help="a round file (e.g. qualifying-02.yaml); default: the current round")


def run(args, stdin=None, stdout=None) -> int:
    stdin = stdin or sys.stdin
    stdout = stdout or sys.stdout
    folder = Path(args.event)
    path = _round_path(folder, args.round, stdout)
    lines = _Lines(stdin, stdout)
    entered = 0
    try:
        for number in _unit_numbers(folder, path):
            entered += _enter_unit(folder, path, number, lines, stdout)
    except Stop as stop:
        if str(stop):
            print(str(stop), file=sys.stderr)
            return 1
    except (KeyboardInterrupt, EOFError):  # Ctrl-C or Ctrl-D at a prompt: what was entered is saved
        print(f"\nstopped: {entered} result{'s' if entered != 1 else ''} written to {path}; "
              f"run podium enter again to go on", file=stdout)
        return 130
    print(f"{entered} result{'s' if entered != 1 else ''} written to {path}" if entered else f"nothing new written to {path}",
          file=stdout)
    return 0


def _round_path(folder: Path, name: str | None, stdout) -> Path:
    """The file of the round to enter: ``name``, or the current round's (seated
    first, with ``pair --write``, when its file does not list the seating yet)."""
    if name:
        for candidate in (folder / name, folder / f"{name}.yaml", Path(name)):
            if candidate.is_file() and candidate.parent.resolve() == folder.resolve():
                return folder / candidate.name
        raise EntryError(f"{name}: no such round file in {folder}")
    outcome = evaluate_one(folder)
    current = outcome.next_round()
    if current is not None and current.source is not None and current.source.listed:
        return Path(current.source.where.path)
    try:
        rnd, path, seated = next_seating(folder)
    except NotReady as exc:
        raise EntryError(str(exc)) from None
    print(write_seating(rnd, path, seated), file=stdout)
    return path


def _round_of(outcome, path: Path):
    for rnd in outcome.rounds:
        if rnd.source is not None and Path(rnd.source.where.path) == path:
            return rnd
    raise EntryError(f"{path} is not a round of {outcome.event.slug}")


def _unit_numbers(folder: Path, path: Path) -> list[int]:
    rnd = _round_of(evaluate_one(folder), path)
    if not rnd.source.listed:
        raise EntryError(f"{path} lists no seating yet: run podium pair {folder} --write first")
    return [_number(rnd, unit) for unit in rnd.units]


def _number(rnd, unit) -> int:
    return unit.match if rnd.kind == "matches" else unit.table


class _Lines:
    """The typed lines: prompted on a terminal, numbered from a pipe."""

    def __init__(self, stdin, stdout):
        self.stdin = stdin
        self.stdout = stdout
        self.tty = bool(getattr(stdin, "isatty", lambda: False)())
        self.number = 0

    def read(self, prompt: str) -> str:
        if self.tty:
            self.stdout.write(prompt)
            self.stdout.flush()
        line = self.stdin.readline()
        if not line:
            raise Stop("")
        self.number += 1
        return line.strip()

    def wrong(self, message: str) -> None:
        """A wrong line: said and asked again on a terminal, the end from a pipe."""
        if self.tty:
            print(f"  {message}", file=self.stdout)
        else:
            raise Stop(f"<stdin>:{self.number}: {message}")


def _unit(rnd, number: int, path: Path):
    """The unit ``number`` of the round, or an error if the file no longer lists it."""
    found = next((u for u in rnd.units if _number(rnd, u) == number), None)
    if found is None:
        raise EntryError(f"{path} no longer lists {'match' if rnd.kind == 'matches' else 'table'} {number}")
    return found


def _enter_unit(folder: Path, path: Path, number: int, lines: _Lines, stdout) -> int:
    """Take the result of one unit; 1 if one was written, else 0."""
    outcome = evaluate_one(folder)
    rnd = _round_of(outcome, path)
    unit = _unit(rnd, number, path)
    names = {p.id: p.name for p in outcome.event.players}
    label = unit_name(rnd, unit)
    seats = ", ".join(f"{names.get(pid, pid)} ({pid})" for pid in unit.players)
    fmt = outcome.format
    if getattr(unit, "short", False):
        print(f"{label.capitalize()}: {seats} — short table, fixed points", file=stdout)
        return 0
    if unit.has_result:
        print(f"{label.capitalize()}: {seats} — entered already", file=stdout)
        return 0
    print(f"{label.capitalize()}: {seats}", file=stdout)
    if fmt.enters_games:
        return _enter_match(fmt, folder, path, number, unit, lines, stdout)
    prompt = fmt.entry_prompt(rnd.stage)
    while True:
        line = lines.read(prompt)
        if line == "-":
            print(f"  {label} left for later", file=stdout)
            return 0
        try:
            fields = fmt.parse_entry(line, list(unit.players))
            _keep(folder, path, number, fields)
        except EntryError as exc:
            lines.wrong(_about(label, str(exc)))
            continue
        if fields.get("deals"):
            _show_totals(folder, path, number, stdout)
        return 1


def _about(label: str, message: str) -> str:
    """``message`` said of ``label`` (table 2, match 1, game 3), which the
    engine's own messages often name first already."""
    unit = label.split(",")[0]
    if message.startswith((f"{unit}:", f"{unit},", f"{unit} ")):
        return message
    return f"{label}: {message}"


def _show_totals(folder: Path, path: Path, number: int, stdout) -> None:
    """The small points the deals just entered give, seat by seat."""
    rnd = _round_of(evaluate_one(folder), path)
    unit = _unit(rnd, number, path)
    totals = ", ".join(f"{pid} {points}" for pid, points in zip(unit.players, unit.small_points or ()))
    print(f"  {len(unit.deals or ())} deals: {totals}", file=stdout)


def _enter_match(fmt, folder: Path, path: Path, number: int, unit, lines: _Lines, stdout) -> int:
    """A system that enters a match game by game (Tantrix): one game a line
    until the match is decided."""
    players = list(unit.players)
    games = [dict(g) for g in _unit_data(path, number).get("games") or ()]
    label = f"match {number}"
    written = 0
    while True:
        line = lines.read(fmt.entry_prompt(len(games) + 1, players))
        if line == "-":
            print(f"  {label} left for later", file=stdout)
            return written
        try:
            game = fmt.parse_entry(line, players)
            _keep(folder, path, number, {"games": games + [game]})
        except EntryError as exc:
            lines.wrong(_about(f"{label}, game {len(games) + 1}", str(exc)))
            continue
        games.append(game)
        written = 1
        rnd = _round_of(evaluate_one(folder), path)
        now = _unit(rnd, number, path)
        if now.has_result:
            print(f"  {label} decided: {now.winner} wins", file=stdout)
            return written


def _unit_data(path: Path, number: int) -> dict:
    doc, problems = load_file(path, results_of(path))
    if doc is None or problems:
        raise EntryError(f"{path} cannot be read: run podium validate {path}")
    key = unit_key(doc.data)
    word = "match" if key == "matches" else "table"
    for unit in doc.data[key]:
        if unit.get(word) == number:
            return unit
    raise EntryError(f"{path} has no {word} {number}")


def _keep(folder: Path, path: Path, number: int, fields: dict) -> None:
    """Check the unit with its new fields against the rules, then write the file."""
    doc, problems = load_file(path, results_of(path))
    if doc is None or problems:
        raise EntryError(f"{path} cannot be read: run podium validate {path}")
    data = doc.data
    key = unit_key(data)
    word = "match" if key == "matches" else "table"
    units = []
    for unit in data[key]:
        unit = dict(unit)
        if unit.get(word) == number:
            for name, value in fields.items():
                if value is None:
                    unit.pop(name, None)
                else:
                    unit[name] = value
        units.append(_ordered(key, unit))
    candidate = {**data, key: units}
    try:
        evaluate_one(folder, pending={"path": path, "data": candidate})
    except Problems as exc:
        mine = [str(p.message) for p in exc.problems if p.path == str(path)] or [str(p) for p in exc.problems]
        raise EntryError("; ".join(dict.fromkeys(mine))) from None
    write_atomically(path, set_units(read_text(path, results_of(path)), key, units))


_ORDER = {"tables": ("table", "seats", "winner", "deals", "note"),
          "games": ("table", "players", "score", "forfeit", "winner", "time", "place", "note"),
          "matches": ("match", "players", "games", "status", "resigned", "when", "note")}


def _ordered(key: str, unit: dict) -> dict:
    """The unit's fields in the order organisers write them."""
    order = _ORDER[key]
    return {name: unit[name] for name in sorted(unit, key=lambda n: (order.index(n) if n in order else len(order), n))}
