"""Plausible results for demos, tests and benchmarks (``podium simulate``).

Simulation plays an event forward through the real engines: it asks the
format for the next round, lets the engine seat it, has its system invent
results for every table with a seeded random generator
(``System.simulated_units``), writes the round file, and repeats.  The same
seed always gives the same files.

With ``open_field`` the field changes as at a real event (open-events.md 1):
before round 2 of the first stage seated round by round a late entrant
joins (``joins: 2`` in event.yaml) and one player is absent, and before
round 3 one player withdraws; in a knockout (Tantrix) one player drawn in
round 2 withdraws and loses that match by walkover.  A change the rules
cannot seat (a field too small for its tables) is left out.
"""

from __future__ import annotations

import random
from pathlib import Path

from .commands.eventedit import add_players
from .errors import Problems
from .files import write_atomically
from .loader import read_text
from .nextround import Finished, header_of, next_seating
from .reading import reusing_loads, up
from .roundfile import round_text

# (men's names, women's names) and surnames as (man's form, woman's form)
FIRST_NAMES = {
    "lt": (["Jonas", "Tomas", "Mantas", "Darius", "Karolis", "Žygimantas", "Paulius", "Šarūnas"],
           ["Lina", "Rūta", "Eglė", "Austėja", "Indrė", "Gintarė", "Aistė", "Ieva"]),
    "lv": (["Jānis", "Māris", "Kārlis", "Pēteris", "Andris", "Gatis", "Edgars", "Rūdolfs"],
           ["Anna", "Līga", "Ilze", "Zane", "Baiba", "Inese", "Dace", "Elīna"]),
    "pl": (["Jan", "Piotr", "Paweł", "Łukasz", "Tomasz", "Michał", "Grzegorz", "Józef"],
           ["Anna", "Katarzyna", "Małgorzata", "Agnieszka", "Ewa", "Zofia", "Barbara", "Krystyna"]),
    "hu": (["László", "Zoltán", "István", "Gábor", "Péter", "Attila", "Bence", "Tamás"],
           ["Katalin", "Éva", "Ildikó", "Zsófia", "Anikó", "Erzsébet", "Réka", "Júlia"]),
    "en": (["Oliver", "George", "Harry", "Jack", "Noah", "Leo", "Oscar", "Arthur"],
           ["Amelia", "Isla", "Ava", "Mia", "Grace", "Freya", "Lily", "Emily"]),
}
LAST_NAMES = {
    "lt": [("Kazlauskas", "Kazlauskaitė"), ("Jankauskas", "Jankauskienė"), ("Petrauskas", "Petrauskaitė"),
           ("Stankevičius", "Stankevičiūtė"), ("Vasiliauskas", "Vasiliauskienė"), ("Žukauskas", "Žukauskaitė"),
           ("Butkus", "Butkutė"), ("Paulauskas", "Paulauskienė"), ("Urbonas", "Urbonaitė"),
           ("Kavaliauskas", "Kavaliauskaitė"), ("Šimkus", "Šimkutė"), ("Navickas", "Navickienė")],
    "lv": [("Bērziņš", "Bērziņa"), ("Kalniņš", "Kalniņa"), ("Ozoliņš", "Ozoliņa"), ("Liepiņš", "Liepiņa"),
           ("Krūmiņš", "Krūmiņa"), ("Balodis", "Balode"), ("Zariņš", "Zariņa"), ("Pētersons", "Pētersone"),
           ("Vītols", "Vītola"), ("Kļaviņš", "Kļaviņa"), ("Eglītis", "Eglīte"), ("Šmits", "Šmite")],
    "pl": [("Nowak", "Nowak"), ("Kowalski", "Kowalska"), ("Wiśniewski", "Wiśniewska"), ("Wójcik", "Wójcik"),
           ("Kamiński", "Kamińska"), ("Lewandowski", "Lewandowska"), ("Zieliński", "Zielińska"),
           ("Szymański", "Szymańska"), ("Woźniak", "Woźniak"), ("Dąbrowski", "Dąbrowska"),
           ("Kozłowski", "Kozłowska"), ("Mazur", "Mazur")],
    "hu": [(n, n) for n in ("Nagy", "Kovács", "Tóth", "Szabó", "Horváth", "Varga", "Kiss", "Molnár", "Németh", "Farkas", "Balogh", "Papp")],
    "en": [(n, n) for n in ("Smith", "Jones", "Taylor", "Brown", "Williams", "Wilson", "Johnson", "Davies", "Robinson", "Wright", "Thompson", "Evans")],
}
_ASCII = str.maketrans("āčēģīķļņōŗšūžąćęłńóśźżáéíöőúüűėįųÁČĒĢĪĶĻŅŠŪŽĄĆĘŁŃÓŚŹŻÉÍÖŐÚÜŰĖĮŲ",
                       "acegiklnorsuzacelnoszzaeioouuueiuACEGIKLNSUZACELNOSZZEIOOUUUEIU")


def player_slug(name: str) -> str:
    """An id from a name: ASCII letters, lowercase, words joined by '-'."""
    return "-".join(name.translate(_ASCII).lower().split())


def invent_players(count: int, language: str, seed: str) -> list[dict]:
    """``count`` distinct people with names of the event's language.

    Beyond the name lists' combinations, a number keeps ids distinct."""
    rng = random.Random(f"players/{seed}")
    firsts, lasts = FIRST_NAMES.get(language, FIRST_NAMES["en"]), LAST_NAMES.get(language, LAST_NAMES["en"])
    people, seen = [], set()
    while len(people) < count:
        woman = rng.random() < 0.4
        name = f"{rng.choice(firsts[woman])} {rng.choice(lasts)[woman]}"
        pid = player_slug(name)
        if pid in seen:
            if len(seen) < len(firsts[0]) * len(lasts):
                continue
            name, pid = f"{name} {len(people) + 1}", f"{pid}-{len(people) + 1}"
        seen.add(pid)
        people.append({"id": pid, "name": name})
    return people


def simulate(folder, seed: str = "podium", rounds: int | None = None, leave_upcoming: bool = False,
             deal_by_deal_sessions=(), open_field: bool = False) -> list[Path]:
    """Play the event in ``folder`` forward; return the files written.

    ``rounds`` limits how many rounds get results (all, by default); with
    ``leave_upcoming`` the next round's file is then created, seating only.
    Baśka rounds of ``deal_by_deal_sessions`` list their deals, not totals.
    ``open_field``: absences, a withdrawal and a late entry (see the module's text).
    """
    with reusing_loads():  # each round re-reads the folder: parse and check only the new file
        return _simulate(Path(folder), seed, rounds, leave_upcoming, {"deal_by_deal_sessions": set(deal_by_deal_sessions)},
                         open_field)


def _simulate(folder: Path, seed: str, rounds: int | None, leave_upcoming: bool, style: dict,
              open_field: bool = False) -> list[Path]:
    written: list[Path] = []
    played = 0
    while rounds is None or played < rounds:
        try:
            current, path, outcome = next_seating(folder)
            if open_field and not path.exists():
                current, path, outcome = _changed_field(folder, current, path, outcome, seed, written)
        except Finished:
            return written
        rng = random.Random(f"{seed}/{current.stage}/{current.round}")
        key, units = outcome.format.simulated_units(current, rng, seed, style)
        _write(path, round_text(header_of(current), key, units), written)
        played += 1
    if leave_upcoming:
        try:
            current, path, _ = next_seating(folder)
        except Finished:
            return written
        if not path.exists():
            _write(path, round_text(header_of(current)), written)
    return written


def _changed_field(folder: Path, current, path: Path, outcome, seed: str, written: list):
    """The round about to be played, with the field changed before it as
    ``open_field`` says (see the module's text), seated again; unchanged when
    the rules cannot seat the changed field."""
    fmt = outcome.format
    ranked, knockouts = fmt.field_stages()
    first = outcome.attendance.first
    rng = random.Random(f"{seed}/field/{current.stage}/{current.round}")
    header, joining = header_of(current), None
    seated = [pid for pid in current.players() if not outcome.event.player(pid).reserve]
    if first is not None and current.stage == first.id and current.round in (2, 3) and len(seated) > 6:
        if current.round == 2:
            header["absent"] = [rng.choice(seated)]
            taken = {p.id for p in outcome.event.players}
            joining = next(p for p in invent_players(len(taken) + 1, outcome.event.language, f"late/{folder.name}")
                           if p["id"] not in taken)
            joining["joins"] = 2
        else:
            header["withdrawn"] = [rng.choice(seated)]
    elif current.stage in knockouts and current.round == 2 and seated:
        header["withdrawn"] = [rng.choice(seated)]
    else:
        return current, path, outcome
    event = folder / "event.yaml"
    before = read_text(event, up(folder))
    try:
        if joining is not None:
            write_atomically(event, add_players(before, [joining])[0])
        write_atomically(path, round_text(header))
        changed = next_seating(folder)
        marked = set(header.get("absent", ())) | set(header.get("withdrawn", ()))
        if current.stage in knockouts:
            if any(marked & set(unit.players) and not unit.has_result for unit in changed[0].units):
                raise Problems([])  # the engine has no walkover
        elif marked & set(changed[0].players()):
            raise Problems([])  # the engine seats the round without regard to its field
    except Problems:
        write_atomically(event, before)
        path.unlink()
        return current, path, outcome
    if joining is not None and event not in written:
        written.append(event)
    return changed


def _write(path: Path, text: str, written: list) -> None:
    write_atomically(path, text)
    if path not in written:
        written.append(path)


def new_event_yaml(name: str, format_id: str, players: list[dict], **fields) -> str:
    """A plain event.yaml text for simulated events."""
    from .roundfile import flow, scalar

    lines = [f"name: {scalar(name)}", f"format: {format_id}"]
    for key, value in fields.items():
        if value is not None:
            lines.append(f"{key}: {flow(value)}")
    lines.append("players:")
    for person in players:
        first = True
        for key, value in person.items():
            lines.append(f"{'  - ' if first else '    '}{key}: {scalar(value)}")
            first = False
    return "\n".join(lines) + "\n"

