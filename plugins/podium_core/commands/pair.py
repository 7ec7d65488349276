"""``podium pair RESULTS/<slug> [--write]``: the next round's seating by the rules.

Without ``--write`` the seating is shown.  With it the round file is
written: a new file for a round that has none, or the round's file with its
tables (games, matches) replaced and everything else kept as written
(:mod:`podium_core.roundedit`), when the round lists a seating and no result
yet.  A round with results is never re-seated.
"""

from __future__ import annotations

from pathlib import Path

from ..changes import all_or_none
from ..errors import Problem, Problems
from ..files import write_atomically
from ..model import bye_field
from ..nextround import NotReady, next_seating, seating_text, seating_units, unit_name
from ..reading import up
from ..roundfile import round_text
from ..corrections import latest_standings, seated_from, slug
from ..roundedit import field_block, field_line, remove_field, set_field, set_units
from ..seating_only import unit_key, units_with_results


def register(commands) -> None:
    pair = commands.add_parser("pair", help="seat the next round by the rules (re-seat it with --write)")
    pair.add_argument("event", nargs="?", default=".", help="an event folder, e.g. results/my-event (default: the folder you are in)")
    pair.add_argument("--write", action="store_true", help="save the round file, ready for results")


def run(args) -> int:
    try:
        rnd, path, outcome = next_seating(args.event)
    except Problems as exc:
        raise Problems(exc.problems + played_and_differing(exc.problems)) from None
    except NotReady as exc:
        if exc.header is None or exc.path.exists():
            raise
        if not args.write:
            raise NotReady(f"{exc} (podium pair --write creates {exc.path.name} to write it in)") from None
        write_atomically(exc.path, round_text(exc.header))
        print(f"written: {exc.path}, without a seating yet: {exc}; then podium pair --write seats it")
        return 0
    print(announced_seating(rnd, path, outcome.event))
    if args.write:
        with all_or_none(up(args.event)):
            said = write_seating(rnd, path, outcome)
        print(said)
    elif _lists_another(rnd, path):
        print(f"{path} lists another seating: podium pair {args.event} --write replaces it with this one")
    return 0


def _lists_another(rnd, path) -> bool:
    """Whether the round's file lists a seating other than ``rnd``'s."""
    from ..loader import load_file
    from ..reading import results_of

    if not path.exists():
        return False
    doc, _problems = load_file(path, results_of(path))
    key, units = seating_units(rnd)
    data = doc.data if doc is not None else None
    return unit_key(data) == key and not _same_seating(data[key], units)


SEATING_DIFFERS = ("differs from the rules", "should not exist (or add manual", "the rules give")


def played_and_differing(problems) -> list[Problem]:
    """For each round file whose seating differs from the rules and that has
    results: a problem saying that podium pair does not re-seat it."""
    from ..loader import load_file
    from ..reading import results_of

    said = []
    for path in sorted({p.path for p in problems if any(d in p.message for d in SEATING_DIFFERS)}):
        doc, _found = load_file(path, results_of(path))
        played = units_with_results(doc.data if doc is not None else None)
        if played:
            said.append(Problem(path, 1, f"this round has results ({', '.join(played)}): podium pair re-seats only "
                                         f"a round without results; a seating kept as played needs manual: \"reason\""))
    return said


def write_seating(rnd, path, outcome) -> str:
    """Write the round's seating to its file, with what it was seated from
    (``seated_from``: :mod:`podium_core.corrections`); what was done, in one line."""
    key, units = seating_units(rnd)
    earlier = _earlier(outcome, rnd)
    names = {slug(other) for other in earlier}
    standings = latest_standings([s for s in outcome.standings if f"{s.stage}-{s.after_round}" in names])
    record = seated_from(earlier, standings)

    def recorded(text: str) -> str:  # a first round rests on nothing: no record
        return set_field(text, "seated_from", field_block("seated_from", record)) if earlier else text

    if not path.exists():
        write_atomically(path, recorded(seating_text(rnd)))
        return f"written: {path}"
    from ..loader import load_file, read_text
    from ..reading import results_of

    text = read_text(path, results_of(path))
    doc, _problems = load_file(path, results_of(path))
    listed_key = unit_key(doc.data if doc is not None else None)
    same = listed_key == key and _same_seating(doc.data[key], units)
    if not same and listed_key == "matches" == key:  # a knockout round grows match by match: the listed ones stay
        listed = {unit.get("match"): unit for unit in doc.data[key]}
        units = [listed.get(unit["match"], unit) for unit in units]
        units += [unit for number, unit in sorted(listed.items()) if number not in {u["match"] for u in units}]
        units.sort(key=lambda unit: unit.get("match", 0))
    new = recorded(_with_bye(text if same else set_units(text, key, units), rnd.byes))
    if new == text:
        return f"{path} already lists this seating; nothing written"
    write_atomically(path, new)
    if same:
        return f"{path} already lists this seating; seated_from recorded"
    return f"re-seated: {path}" if listed_key else f"written: {path}"


def _with_bye(text: str, byes: tuple) -> str:
    """The round file's ``bye:`` as the seating gives it: the players who sit
    out (:func:`podium_core.model.bye_field`), written into the file whether
    it is new or not; none when every group's field is even."""
    return set_field(text, "bye", field_line("bye", bye_field(byes))) if byes else remove_field(text, "bye")


def _earlier(outcome, rnd) -> list:
    """The round files the engine read before ``rnd``: what its seating rests on."""
    earlier = []
    for other in outcome.rounds:
        if other is rnd:
            break
        if other.source is not None and other.source.listed:
            earlier.append(other.source)
    return earlier


def _same_seating(listed, units) -> bool:
    """The same players at each unit, in unit order (formats.md 0.6)."""
    def players(unit):
        seats = unit.get("seats", unit.get("players", ()))
        return sorted(seats)

    return len(listed) == len(units) and all(players(a) == players(b) for a, b in zip(listed, units))


def seating_report(rnd, event) -> str:
    """The round's seating, one line per table or match, with names and ids
    (and its group, when the round is played in two groups or more), and the
    byes, if any, each as ``bye: <name> (<id>)``; the draw's purpose is said once."""
    names = {p.id: p.name for p in event.players}
    title = rnd.title or f"{rnd.stage} round {rnd.round}"
    how = str(rnd.seating.rule or rnd.seating.method)
    purpose = rnd.seating.purpose
    if purpose and f"purpose {purpose}" not in how and f"purpose: {purpose}" not in how:
        how += f" (draw purpose: {purpose})"
    lines = [f"{title} — {how}"]
    grouped = len({getattr(unit, "group", None) for unit in rnd.units}) > 1
    for unit in rnd.units:
        group = f" (group {unit.group})" if grouped and getattr(unit, "group", None) else ""
        lines.append(f"  {unit_name(rnd, unit).capitalize()}{group}: {_people(unit.players, names)}")
    lines += [f"  bye: {names.get(pid, pid)} ({pid})" for pid in rnd.byes]
    return "\n".join(lines)


def announced_seating(rnd, path, event) -> str:
    """The seating as ``podium pair`` (and the commands that re-seat) print
    it: first the tables that differ from what ``path`` lists, old → new
    (:func:`seating_changes`: what the organisers announce), then every
    table (:func:`seating_report`)."""
    changes = seating_changes(rnd, path, event)
    if not changes:
        return seating_report(rnd, event)
    count = "it" if len(changes) == 1 else f"these {len(changes)}"
    return "\n".join([f"changed from the seating {path.name} lists (announce {count}):",
                      *(f"  {line}" for line in changes), seating_report(rnd, event)])


def _people(ids, names: dict) -> str:
    return ", ".join(f"{names.get(pid, pid)} ({pid})" if pid in names else pid for pid in ids)


def seating_changes(rnd, path, event) -> list[str]:
    """The tables (matches) whose players differ from the seating ``path``
    lists now (:func:`changes_from`); empty when there is no such file."""
    from ..loader import load_file
    from ..reading import results_of

    if not path.exists():
        return []
    doc, _problems = load_file(path, results_of(path))
    return changes_from(rnd, doc.data if doc is not None else None, event)


def changes_from(rnd, data, event) -> list[str]:
    """The tables (matches) of ``rnd`` whose players differ from those the
    round file's ``data`` lists, as ``Table 3: old → new`` lines in table
    order: what the organisers announce after a re-seating.  Empty when
    ``data`` lists no seating, or the same one."""
    key, units = seating_units(rnd)
    if unit_key(data) != key:
        return []
    word = "match" if key == "matches" else "table"
    listed = {unit.get(word): list(unit.get("seats", unit.get("players", ()))) for unit in data[key]
              if isinstance(unit, dict)}
    names = {p.id: p.name for p in event.players}
    changed = []
    for unit in units:
        number = unit[word]
        new = list(unit.get("seats", unit.get("players", ())))
        old = listed.get(number)
        if old is None and key == "matches":  # a knockout round grows match by match: a new match changes none
            continue
        if old is None or sorted(old) != sorted(new):
            was = _people(old, names) if old else f"no {word}"
            changed.append(f"{word.capitalize()} {number}: {was} → {_people(new, names)}")
    gone = set() if key == "matches" else set(listed) - {unit[word] for unit in units}  # a listed match stays
    for number in sorted(gone):
        changed.append(f"{word.capitalize()} {number}: {_people(listed[number], names)} → no {word}")
    return changed
