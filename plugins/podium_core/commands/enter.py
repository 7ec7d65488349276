"""``podium enter RESULTS/<slug> [ROUND]``: results typed in at the venue.

The tables (games, matches) of the round are taken in order; each shows
who sits there, in seat order, and takes its result as the format's system
reads it (``System.entry_prompt`` and ``System.parse_entry``, in its
package's ``entry`` module):

* Catan: the VP of each seat, in seat order (``10 8 7 5``), then the
  winner when two seats reached 10, or ``none`` for a game stopped by
  the time limit (nobody at 10), where the stage has one;
* Baśka: the small points of each seat (``30 10 -15 -25``) or the table's
  deals, comma-separated (``para 1 3, cicha anna won rej, ...``), from which
  the small points are computed and shown; a short table gets its fixed
  points and is not asked;
* Carcassonne: the two scores (``112 98``), then optionally the player
  who lost on time (forfeit), the two clock times (``18:20 19:59``) and
  ``winner <player>``; the hint names what decides equal scores;
* Tantrix (a system that enters a match game by game): one game per line,
  ``winner margin [penaltyA penaltyB]``, until the match is decided, with
  the running match total and the rules' verdict after each game
  (``lead 4.8 < 5.0: an extra game is needed``), or a status line
  (``TLATER <when>``, ``IGNORE``, ``RESIGN <player>``, ...).  A match
  waiting with TLATER, NONAGR, UNSURE or DISPUT is not asked (``--match N``
  goes on with it).

A player (a winner, a forfeit, who resigned) is typed as their seat number
(1 for the first seat), their id, or any start of their id or name that
only they have at that table (:func:`podium_core.systems.base.pick_player`).
A line ``-`` leaves the table for later, and ``unplayed <reason>`` records
it as not played (``unplayed: "reason"``, in every system: its result, if
any, goes).  Tables not played are not asked again unless chosen
(``--table N``); a result typed then replaces ``unplayed:``.

A saved table is entered again with ``--table N`` (``--match N``), or,
on a terminal, by choosing its number once the others are done.  A table
of a round that later rounds were seated from is a correction: the slip
guard (:func:`podium_core.corrections.slips`) refuses it until
``--correction "reason"`` says why; that is then written in the round
file as its ``correction:``.  A line is read here only for its
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
from .. import interrupts
from ..files import write_atomically
from ..loader import load_file, read_text
from ..reading import results_of
from ..nextround import NotReady, next_seating, unit_name
from ..pipeline import evaluate_one
from ..roundedit import field_line, set_field, set_units
from ..corrections import result_text
from ..seating_only import unit_key
from ..systems.base import STALE, EntryError
from ..systems.tantrix.entry import WAITING
from .pair import write_seating


class Stop(Exception):
    """The piped input ended or a wrong line stopped the entry."""


def register(commands) -> None:
    enter = commands.add_parser("enter", help="type in the results of a round, table by table")
    enter.add_argument("event", nargs="?", default=".", help="an event folder, e.g. results/my-event (default: the folder you are in)")
    enter.add_argument("round", nargs="?", help="a round file (e.g. qualifying-02.yaml); default: the current round")
    enter.add_argument("--table", "--match", dest="table", type=int, metavar="N",
                       help="enter table (match) N again, or fix it, even when its result is saved")
    enter.add_argument("--correction", metavar="REASON",
                       help="why a result that later rounds were seated from changes (written as correction: in the file)")


def run(args, stdin=None, stdout=None) -> int:
    stdin = stdin or sys.stdin
    stdout = stdout or sys.stdout
    folder = Path(args.event)
    table = getattr(args, "table", None)
    path = _round_path(folder, args.round, stdout, table)
    lines = _Lines(stdin, stdout)
    entry = _Entry(folder, path, lines, stdout, getattr(args, "correction", None))
    print("(- leaves a table for later; unplayed <reason> records a table not played)", file=stdout)
    try:
        if table is not None:
            _unit_numbers(folder, path)  # the file lists a seating
            entry.unit(table, again=True)
        else:
            for number in _unit_numbers(folder, path):
                entry.unit(number)
            while lines.tty:
                chosen = _choose(lines, folder, path)
                if chosen is None:
                    break
                entry.unit(chosen, again=True)
    except Stop as stop:
        if str(stop):
            print(str(stop), file=sys.stderr)
            return 1
    except (KeyboardInterrupt, EOFError) as exc:  # Ctrl-C, SIGTERM or Ctrl-D at a prompt: what was entered is saved
        if isinstance(exc, KeyboardInterrupt):  # the command is ending: a second Ctrl-C gets no traceback
            interrupts.quiet()
        print(f"\nstopped: {_count(entry.entered)} written to {path}; run podium enter again to go on", file=stdout)
        return interrupts.exit_code(exc) if isinstance(exc, KeyboardInterrupt) else 130
    print(f"{_count(entry.entered)} written to {path}" if entry.entered else f"nothing new written to {path}", file=stdout)
    return 0


def _count(entered: int) -> str:
    return f"{entered} result{'s' if entered != 1 else ''}"


def _choose(lines, folder: Path, path: Path) -> int | None:
    """On a terminal, once every table was asked: the number of a saved
    table to enter again, or None (an empty line) to finish."""
    rnd = _round_of(evaluate_one(folder), path)
    numbers = [_number(rnd, unit) for unit in rnd.units]
    word = "match" if rnd.kind == "matches" else "table"
    while True:
        line = lines.read(f"a {word} to enter again or fix ({numbers[0]}-{numbers[-1]}), or Enter to finish: ")
        if not line:
            return None
        if line.isdigit() and int(line) in numbers:
            return int(line)
        lines.wrong(f"there is no {word} {line} in this round")


def _round_path(folder: Path, name: str | None, stdout, table: int | None = None) -> Path:
    """The file of the round to enter: ``name``, or the current round's (seated
    first, with ``pair --write``, when its file does not list the seating yet);
    with ``--table`` and no round named, the round being played, else the
    last one with results."""
    if name:
        for candidate in (folder / name, folder / f"{name}.yaml", Path(name)):
            if candidate.is_file() and candidate.parent.resolve() == folder.resolve():
                return folder / candidate.name
        raise EntryError(f"{name}: no such round file in {folder}")
    outcome = evaluate_one(folder)
    current = outcome.next_round()
    if table is not None and (current is None or current.status == "upcoming"):
        played = [rnd for rnd in outcome.rounds if rnd.source is not None and rnd.source.listed and rnd.status != "upcoming"]
        if played:
            return Path(played[-1].source.where.path)
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


class _Entry:
    """The entry of one round file's units, one at a time; ``entered``
    counts the results written."""

    def __init__(self, folder: Path, path: Path, lines: _Lines, stdout, correction: str | None = None):
        self.folder, self.path, self.lines, self.stdout = folder, path, lines, stdout
        self.correction = correction
        self.entered = 0

    def say(self, text: str) -> None:
        print(text, file=self.stdout)

    def unit(self, number: int, again: bool = False) -> None:
        """Take the result of one unit (``again``: also when one is saved)."""
        outcome = evaluate_one(self.folder)
        rnd = _round_of(outcome, self.path)
        unit = _unit(rnd, number, self.path)
        names = {p.id: p.name for p in outcome.event.players}
        label = unit_name(rnd, unit)
        seats = ", ".join(f"{i} {names.get(pid, pid)} ({pid})" for i, pid in enumerate(unit.players, start=1))
        fmt = outcome.format
        if getattr(unit, "unplayed", None) is not None and not again:
            self.say(f"{label.capitalize()}: {seats} — not played ({unit.unplayed})")
            return
        if getattr(unit, "short", False):
            self.say(f"{label.capitalize()}: {seats} — short table, fixed points")
            return
        source = getattr(unit, "source", None)
        if fmt.enters_games and not again and getattr(unit, "status", None) in WAITING:
            when = f" {unit.when}" if getattr(unit, "when", None) else ""
            self.say(f"{label.capitalize()}: {seats} — waiting ({unit.status}{when}): "
                     f"podium enter --match {number} goes on with it")
            return
        if unit.has_result and not again:
            self.say(f"{label.capitalize()}: {seats} — entered already "
                     f"(podium enter --{label.split()[0]} {number} enters it again)")
            return
        self.say(f"{label.capitalize()}: {seats}")
        saved = result_text(source) if source is not None and unit.has_result else None
        if saved:
            self.say(f"  saved: {saved}; type the new result, or - to keep it")
        elif fmt.enters_games and getattr(unit, "games", None):
            self.say(f"  {fmt.entry_progress(unit, names)}")
        if fmt.enters_games:
            self.entered += self._match(fmt, rnd.stage, number, unit, names, again)
            return
        prompt = fmt.entry_prompt(rnd.stage)
        while True:
            line = self.lines.read(prompt)
            if line == "-":
                self.say(f"  {label} {'kept as it was' if saved else 'left for later'}")
                return
            try:
                fields = fmt.parse_entry(line, list(unit.players), names)
                _may_go_unplayed(fmt, rnd.stage, fields)
                self._keep(number, fields)
            except EntryError as exc:
                self.lines.wrong(_about(label, str(exc)))
                continue
            if "unplayed" in fields:
                self.say(f"  {label}: not played ({fields['unplayed']})")
            if fields.get("deals"):
                _show_totals(self.folder, self.path, number, self.stdout)
            self.entered += 1
            return

    def _match(self, fmt, stage: str, number: int, unit, names: dict, again: bool) -> int:
        """A system that enters a match game by game (Tantrix): one game a
        line, with the running total and the verdict after each, until the
        match is decided or a status leaves it waiting; 1 if anything was written."""
        players = list(unit.players)
        data = _unit_data(self.path, number)
        restart = again and unit.has_result  # a decided match is entered anew; an undecided one goes on
        games = [] if restart else [dict(g) for g in data.get("games") or ()]
        kept = "IGNORE" if data.get("status") == "IGNORE" and not restart else None  # a waiting status ends with a game
        state = {"status": kept, "when": None, "resigned": None}
        label = f"match {number}"
        written = 0
        while True:
            line = self.lines.read(fmt.entry_prompt(len(games) + 1, players))
            if line == "-":
                self.say(f"  {label} {'kept as it was' if restart and not written else 'left for later'}")
                return written
            try:
                fields = fmt.parse_entry(line, players, names)
                _may_go_unplayed(fmt, stage, fields)
                if "unplayed" in fields:
                    self._keep(number, fields)
                    self.say(f"  {label}: not played ({fields['unplayed']})")
                    return 1
                status = "status" in fields
                if status:
                    self._keep(number, {"games": games or None, **fields})
                else:
                    self._keep(number, {"games": games + [fields], **state})
            except EntryError as exc:
                self.lines.wrong(_about(f"{label}, game {len(games) + 1}", str(exc)))
                continue
            written = 1
            if status:
                state = dict(fields) if fields["status"] in ("IGNORE", "TIMMED") else state
            else:
                games.append(fields)
            now = _unit(_round_of(evaluate_one(self.folder), self.path), number, self.path)
            if status and fields["status"] in WAITING:
                when = f" {fields['when']}" if fields.get("when") else ""
                self.say(f"  {label}: {fields['status']}{when} recorded; it waits (podium enter --match {number} goes on)")
                return written
            if games and not (status and now.has_result):
                self.say(f"  {fmt.entry_progress(now, names)}")
            if now.has_result:
                how = f" ({names.get(now.resigned, now.resigned)} resigned)" if now.status == "RESIGN" and now.resigned else ""
                self.say(f"  {label} decided: {now.winner} wins{how}")
                return written

    def _keep(self, number: int, fields: dict) -> None:
        for name in _keep(self.folder, self.path, number, fields, self.correction):
            self.say(f"  {name} was seated before this correction: podium pair --write seats it again "
                     f"(and says which tables to announce)")


def _may_go_unplayed(fmt, stage: str, fields: dict) -> None:
    """``unplayed`` only where the format takes it (a ranked stage: :meth:`System.open_field`);
    in a knockout someone goes through, so a match not played is a withdrawal's walkover."""
    if "unplayed" in fields and stage not in fmt.field_stages()[0]:
        raise EntryError(f"a {stage} game cannot go unplayed: someone goes through; podium withdraw records who "
                         "does not play (the other then wins by walkover)")


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


def _keep(folder: Path, path: Path, number: int, fields: dict, correction: str | None = None) -> list[str]:
    """Check the unit with its new fields against the rules (with the
    round's ``correction:`` reason, when given), then write the file.  A
    correction may leave later unplayed rounds to seat again: their file
    names are returned."""
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
            unit = _not_played(key, unit) if "unplayed" in fields else {n: v for n, v in unit.items() if n != "unplayed"}
            for name, value in fields.items():
                if value is None:
                    unit.pop(name, None)
                else:
                    unit[name] = value
        units.append(_ordered(key, unit))
    candidate = {**data, key: units}
    if correction:
        candidate["correction"] = correction
    reseat = []
    try:
        evaluate_one(folder, pending={"path": path, "data": candidate})
    except Problems as exc:
        reseat = sorted({Path(p.path).name for p in exc.problems if p.path != str(path) and STALE in p.message})
        problems = [p for p in exc.problems if not (p.path != str(path) and STALE in p.message)]
        if problems:
            mine = [str(p.message) for p in problems if p.path == str(path)] or [str(p) for p in problems]
            raise EntryError("; ".join(dict.fromkeys(mine))) from None
    text = set_units(read_text(path, results_of(path)), key, units)
    if correction:
        text = set_field(text, "correction", field_line("correction", correction))
    write_atomically(path, text)
    return reseat


_ORDER = {"tables": ("table", "seats", "unplayed", "winner", "deals", "note"),
          "games": ("table", "players", "unplayed", "score", "games", "forfeit", "winner", "time", "place", "note"),
          "matches": ("match", "players", "unplayed", "games", "status", "resigned", "when", "note")}


def _not_played(key: str, unit: dict) -> dict:
    """The unit without its result: who sits there (a table's seats as a list), and its note."""
    kept = {name: value for name, value in unit.items() if name in (_ORDER[key][0], _ORDER[key][1], "note")}
    if isinstance(kept.get("seats"), dict):
        kept["seats"] = list(kept["seats"])
    return kept


def _ordered(key: str, unit: dict) -> dict:
    """The unit's fields in the order organisers write them."""
    order = _ORDER[key]
    return {name: unit[name] for name in sorted(unit, key=lambda n: (order.index(n) if n in order else len(order), n))}
