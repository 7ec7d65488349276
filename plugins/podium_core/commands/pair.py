"""``podium pair RESULTS/<slug> [--write]``: the next round's seating by the rules.

Without ``--write`` the seating is shown.  With it the round file is
written: a new file for a round that has none, or the round's file with its
tables (games, matches) replaced and everything else kept as written
(:mod:`podium_core.roundedit`), when the round lists a seating and no result
yet.  A round with results is never re-seated.
"""

from __future__ import annotations

from ..errors import Problem, Problems
from ..files import write_atomically
from ..nextround import next_seating, seating_text, seating_units
from ..corrections import latest_standings, seated_from, slug
from ..roundedit import field_block, field_line, remove_field, set_field, set_units
from ..seating_only import unit_key, units_with_results


def register(commands) -> None:
    pair = commands.add_parser("pair", help="seat the next round by the rules (re-seat it with --write)")
    pair.add_argument("event", help="an event folder, e.g. results/my-event")
    pair.add_argument("--write", action="store_true", help="save the round file, ready for results")


def run(args) -> int:
    try:
        rnd, path, outcome = next_seating(args.event)
    except Problems as exc:
        raise Problems(exc.problems + played_and_differing(exc.problems)) from None
    print(seating_report(rnd, outcome.event))
    if args.write:
        print(write_seating(rnd, path, outcome))
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


_DIFFERS = ("differs from the rules", "should not exist (or add manual", "the rules give")


def played_and_differing(problems) -> list[Problem]:
    """For each round file whose seating differs from the rules and that has
    results: a problem saying that podium pair does not re-seat it."""
    from ..loader import load_file
    from ..reading import results_of

    said = []
    for path in sorted({p.path for p in problems if any(d in p.message for d in _DIFFERS)}):
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
    new = recorded(_with_bye(text if same else set_units(text, key, units), rnd.bye))
    if new == text:
        return f"{path} already lists this seating; nothing written"
    write_atomically(path, new)
    if same:
        return f"{path} already lists this seating; seated_from recorded"
    return f"re-seated: {path}" if listed_key else f"written: {path}"


def _with_bye(text: str, bye: str | None) -> str:
    """The round file's ``bye:`` as the seating gives it: the player who sits
    out, written into the file whether it is new or not; none when the round's
    field is even."""
    return set_field(text, "bye", field_line("bye", bye)) if bye is not None else remove_field(text, "bye")


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
    """The round's seating, one line per table or match, with names and ids,
    and the bye, if any, as ``bye: <name> (<id>)``."""
    names = {p.id: p.name for p in event.players}
    title = rnd.title or f"{rnd.stage} round {rnd.round}"
    how = rnd.seating.rule or rnd.seating.method
    if rnd.seating.purpose:
        how += f" (draw purpose: {rnd.seating.purpose})"
    lines = [f"{title} — {how}"]
    label = "Match" if rnd.kind == "matches" else "Table"
    for unit in rnd.units:
        number = getattr(unit, "match", None) or unit.table
        people = ", ".join(f"{names.get(pid, pid)} ({pid})" if pid in names else pid for pid in unit.players)
        lines.append(f"  {label} {number}: {people}")
    if rnd.bye is not None:
        lines.append(f"  bye: {names.get(rnd.bye, rnd.bye)} ({rnd.bye})")
    return "\n".join(lines)
