"""``podium enter RESULTS/<slug> [ROUND]``: results typed in at the venue.

The tables (games, matches) of the round are taken in order; each shows
who sits there, in seat order, and takes its result:

* Catan: the VP of each seat, in seat order (``10 8 7 5``), then the
  winner's id when two seats reached 10, or ``none`` for a game stopped by
  the time limit (nobody at 10), where the stage has one (not a final
  without a time limit: the engine's ``time_limited``);
* Baśka: what the score sheet says, either the small points of each seat
  (``30 10 -15 -25``) or the table's deals, comma-separated (``para 1 3,
  cicha anna won rej, ...``: :mod:`podium_core.commands.deals`), from which the
  small points are computed and shown; a short table gets its fixed points
  and is not asked;
* Carcassonne: the two scores (``112 98``), then optionally the id of a
  player who lost on time (forfeit), the two clock times (``18:20 19:59``)
  and ``winner <id>`` (the game's winner under ``tie_game: declared``);
  the hint names what decides equal scores in that stage (the engine's
  ``equal_scores``);
* Tantrix: one game per line, ``winner margin [penaltyA penaltyB]`` (the
  winner's id, or ``draw 0``), until the engine says the match is decided.

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

import re
import sys
from pathlib import Path

from ..errors import Problems
from ..files import write_atomically
from ..loader import load_file
from ..nextround import NotReady, next_seating, unit_name
from ..pipeline import evaluate_one
from ..roundedit import set_units
from ..seating_only import unit_key
from .deals import DealError, is_deals, parse_deals
from .pair import write_seating

_CLOCK = re.compile(r"^[0-9]+:[0-9]+$")  # a clock time, as typed: the schema checks m:ss
_INT = re.compile(r"^[+-]?[0-9]{1,9}$")  # a whole number of at most nine digits: every score there is


class EntryError(Exception):
    """A typed line cannot be taken (the message says why)."""


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
    system = outcome.format.system
    if getattr(unit, "short", False):
        print(f"{label.capitalize()}: {seats} — short table, fixed points", file=stdout)
        return 0
    if unit.has_result:
        print(f"{label.capitalize()}: {seats} — entered already", file=stdout)
        return 0
    print(f"{label.capitalize()}: {seats}", file=stdout)
    if system == "tantrix":
        return _enter_match(folder, path, number, unit, lines, stdout)
    prompt = _prompt(outcome.format, rnd.stage)
    while True:
        line = lines.read(prompt)
        if line == "-":
            print(f"  {label} left for later", file=stdout)
            return 0
        try:
            fields = _parse(system, line, list(unit.players))
            _keep(folder, path, number, fields)
        except EntryError as exc:
            lines.wrong(_about(label, str(exc)))
            continue
        if fields.get("deals"):
            _show_totals(folder, path, number, stdout)
        return 1


def _prompt(fmt, stage: str) -> str:
    """What to type for one table or game of ``stage``: only what the format
    takes there (a Catan ``none`` where the time limit can stop a game;
    Carcassonne's clock times where they decide equal scores, ``winner``
    where the event's tie rule does)."""
    if fmt.system == "catan":
        stopped = ", or none if the time limit stopped the game" if fmt.time_limited(stage) else ""
        return f"  VP in seat order (then the winner's id if two seats reached 10{stopped}): "
    if fmt.system == "baska":
        return "  small points in seat order, or the deals (para 1 3, cicha 2 won rej, ...): "
    equal = {"declared": ", and winner <id> if the scores are equal",
             "time": ", and both clock times m:ss if the scores are equal",
             "draw": ""}[fmt.equal_scores(stage)]
    return f"  the two scores (then the id of a player who ran out of clock time{equal}): "


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


def _enter_match(folder: Path, path: Path, number: int, unit, lines: _Lines, stdout) -> int:
    """Tantrix: games one per line until the match is decided."""
    players = list(unit.players)
    games = [dict(g) for g in _unit_data(path, number).get("games") or ()]
    label = f"match {number}"
    written = 0
    while True:
        line = lines.read(f"  game {len(games) + 1}: winner margin [penalty penalty] ({players[0]} or {players[1]} or draw): ")
        if line == "-":
            print(f"  {label} left for later", file=stdout)
            return written
        try:
            game = _tantrix_game(line, players)
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


def _ints(tokens, count: int, what: str) -> list[int]:
    if len(tokens) < count:
        raise EntryError(f"{count} values expected ({what}), got {len(tokens)}")
    values = []
    for token in tokens[:count]:
        if not _INT.match(token):
            raise EntryError(f"'{token}' is not a whole number")
        values.append(int(token))
    return values


def _parse(system: str, line: str, players: list) -> dict:
    """The unit's new fields from one typed line (see the module's text).

    Only the line's form is checked here: how many numbers, which word is
    which field.  The values are the engine's to judge (:func:`_keep`)."""
    tokens = line.split()
    if system == "catan":
        vp = _ints(tokens, len(players), "one VP per seat")
        rest = tokens[len(players):]
        if len(rest) > 1:
            raise EntryError(f"too many values: {' '.join(rest)}")
        return {"seats": dict(zip(players, vp)), "winner": rest[0] if rest else None}
    if system == "baska":
        if is_deals(line):
            try:
                return {"seats": list(players), "deals": parse_deals(line, players)}
            except DealError as exc:
                raise EntryError(str(exc)) from None
        points = _ints(tokens, len(players), "small points per seat")
        if len(tokens) > len(players):
            raise EntryError(f"too many values: {' '.join(tokens[len(players):])}")
        return {"seats": dict(zip(players, points)), "deals": None}
    return _game_fields(tokens)


def _game_fields(tokens: list) -> dict:
    """A Carcassonne game: two scores, then in any order a forfeit's id, two
    clock times and ``winner <id>``."""
    fields = {"score": _ints(tokens, 2, "the two scores"), "forfeit": None, "time": None, "winner": None}
    rest = tokens[2:]
    if "winner" in rest:
        at = rest.index("winner")
        if at + 1 >= len(rest):
            raise EntryError("winner needs the id of the player who won")
        fields["winner"] = rest[at + 1]
        rest = rest[:at] + rest[at + 2:]
    clocks = [t for t in rest if _CLOCK.match(t)]
    others = [t for t in rest if not _CLOCK.match(t)]
    if len(others) > 1:
        raise EntryError(f"too many values: {' '.join(others)} (one player ran out of clock time, at most)")
    if others:
        fields["forfeit"] = others[0]
    if clocks:
        if len(clocks) != 2:
            raise EntryError("give both clock times (m:ss m:ss), or leave them out")
        fields["time"] = clocks
    return fields


def _tantrix_game(line: str, players: list) -> dict:
    """One Tantrix game as typed, ``winner margin [penalty penalty]``, as the
    file's margin (the first player's lead, so negative when the second won)."""
    tokens = line.split()
    if len(tokens) not in (2, 4):
        raise EntryError("write: winner margin, or winner margin penalty penalty")
    winner, margin = tokens[0], _ints(tokens[1:2], 1, "the margin")[0]
    if winner != "draw" and winner not in players:
        raise EntryError(f"'{winner}' is not in this match (give {players[0]}, {players[1]} or draw)")
    if margin < 0:
        raise EntryError("the margin is the winner's lead in tiles: 0 or more")
    if (winner == "draw") != (margin == 0):
        raise EntryError("a draw has margin 0, and a margin of 0 is a draw")
    game = {"margin": margin if winner != players[1] else -margin}
    if len(tokens) == 4:
        penalty = _ints(tokens[2:], 2, "two penalty minutes")
        if any(penalty):
            game["penalty"] = penalty
    return game


def _unit_data(path: Path, number: int) -> dict:
    doc, problems = load_file(path)
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
    doc, problems = load_file(path)
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
    write_atomically(path, set_units(path.read_text("utf-8"), key, units))


_ORDER = {"tables": ("table", "seats", "winner", "deals", "note"),
          "games": ("table", "players", "score", "forfeit", "winner", "time", "place", "note"),
          "matches": ("match", "players", "games", "status", "resigned", "when", "note")}


def _ordered(key: str, unit: dict) -> dict:
    """The unit's fields in the order organisers write them."""
    order = _ORDER[key]
    return {name: unit[name] for name in sorted(unit, key=lambda n: (order.index(n) if n in order else len(order), n))}
