"""Plausible results for demos, tests and benchmarks (``podium simulate``).

Simulation plays an event forward through the real engines: it asks the
format for the next round, lets the engine seat it, invents results for
every table with a seeded random generator, writes the round file, and
repeats.  The same seed always gives the same files.
"""

from __future__ import annotations

import hashlib
import random
from pathlib import Path

from .nextround import Finished, header_of, next_seating
from .results import reusing_loads
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


def strength(seed: str, player_id: str) -> float:
    """A hidden, stable playing strength (0.5 to 1.5) so results look plausible."""
    digest = hashlib.sha256(f"{seed}/strength/{player_id}".encode()).digest()
    return 0.5 + digest[0] / 255


def simulate(folder, seed: str = "podium", rounds: int | None = None, leave_upcoming: bool = False,
             deal_by_deal_sessions=()) -> list[Path]:
    """Play the event in ``folder`` forward; return the files written.

    ``rounds`` limits how many rounds get results (all, by default); with
    ``leave_upcoming`` the next round's file is then created, seating only.
    Baśka rounds of ``deal_by_deal_sessions`` list their deals, not totals.
    """
    with reusing_loads():  # each round re-reads the folder: parse and check only the new file
        return _simulate(Path(folder), seed, rounds, leave_upcoming, {"deal_by_deal_sessions": set(deal_by_deal_sessions)})


def _simulate(folder: Path, seed: str, rounds: int | None, leave_upcoming: bool, style: dict) -> list[Path]:
    written: list[Path] = []
    played = 0
    while rounds is None or played < rounds:
        try:
            current, path, outcome = next_seating(folder)
        except Finished:
            return written
        rng = random.Random(f"{seed}/{current.stage}/{current.round}")
        key, units = RESULTS[outcome.format.system](current, rng, seed, {**style, "format": outcome.format})
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


def _write(path: Path, text: str, written: list) -> None:
    path.write_text(text, "utf-8")
    if path not in written:
        written.append(path)


def _catan_results(rnd, rng, seed, style):
    """Each table: seats shuffled (the real seat order), one winner at 10-12 VP
    chosen by strength, the others 2-9; about one game in eight stopped by
    the time limit in qualifying rounds."""
    units = []
    can_stop = rnd.stage == "qualifying"  # later stages need a winner per table
    for table in rnd.units:
        seats = list(table.players)
        rng.shuffle(seats)
        weights = [strength(seed, pid) ** 3 for pid in seats]
        winner = rng.choices(seats, weights)[0]
        stopped = can_stop and rng.random() < 0.125
        vp = {}
        for pid in seats:
            if pid == winner and not stopped:
                vp[pid] = rng.choice((10, 10, 10, 11, 12))
            else:
                vp[pid] = min(9, max(2, round(rng.gauss(6.5 * strength(seed, pid), 1.6))))
        unit = {"table": table.table, "seats": vp}
        if stopped:
            unit["winner"] = "none"
        units.append(unit)
    return "tables", units


DEALS_PER_ROUND = 20


def _baska_deal(rng, seats) -> dict:
    """One plausible deal: mostly pair games, sometimes a solo contract."""
    roll = rng.random()
    level = rng.choices(("none", "kontra", "rej"), (85, 12, 3))[0]
    if roll < 0.62:
        game = "para" if roll < 0.5 else "wesele"
        deal = {"game": game, "won": sorted(rng.sample(seats, 2), key=seats.index)}
        degree = rng.choices(("normal", "bez-wyjscia", "bez-bitki"), (80, 15, 5))[0]
        if level != "none":
            deal["level"] = level
        if degree != "normal":
            deal["degree"] = degree
        return deal
    if roll < 0.995:
        game = rng.choices(("cicha", "zolo", "zolo-du"), (70, 22, 8))[0]
        deal = {"game": game, "player": rng.choice(seats), "won": rng.random() < 0.6}
        if level != "none":
            deal["level"] = level
        return deal
    return {"game": "honorowe", "player": rng.choice(seats)}


def _baska_results(rnd, rng, seed, style):
    """Each full table plays 20 deals; the short table needs no result.

    The deals are scored by the engine's own contract table; in the sessions
    of ``style["deal_by_deal_sessions"]`` the file lists the protocol,
    otherwise only the totals.
    """
    deal_by_deal = rnd.session in style["deal_by_deal_sessions"]
    from .formats.baska import deal_points
    from .loader import Document
    from .model import Deal, Where

    where = Where(Document("simulated", {}, {(): 1}))
    units = []
    for table in rnd.units:
        seats = list(table.players)
        rng.shuffle(seats)
        if table.short:
            units.append({"table": table.table, "seats": seats})
            continue
        deals = [_baska_deal(rng, seats) for _ in range(DEALS_PER_ROUND)]
        totals = [0] * len(seats)
        for deal in deals:
            won = tuple(deal["won"]) if isinstance(deal.get("won"), list) else deal.get("won", True)
            scored, _ = deal_points(Deal(deal["game"], where, won, deal.get("player"), deal.get("level", "none"), deal.get("degree", "normal")), seats)
            totals = [a + b for a, b in zip(totals, scored.points)]
        if deal_by_deal:
            units.append({"table": table.table, "seats": seats, "deals": deals})
        else:
            units.append({"table": table.table, "seats": dict(zip(seats, totals))})
    return "tables", units


def _tantrix_results(rnd, rng, seed, style):
    """Each match: games until the engine's own rule decides it; margins
    lean towards the stronger player, a few games are draws, a few carry
    time-penalty minutes, and about half are recorded as scores."""
    from .formats.tantrix import decide, game_tenths, with_penalties

    units = []
    for match in rnd.units:
        first, second = match.players
        odds = strength(seed, first) / (strength(seed, first) + strength(seed, second))
        games, totals, running = [], [], (0, 0)
        while True:
            margin = 0 if rng.random() < 0.03 else rng.randint(1, 24) * (1 if rng.random() < odds else -1)
            penalty = (rng.choice((1, 2, 3)), 0) if rng.random() < 0.04 else (0, 0)
            if rng.random() < 0.5:
                loser_score = rng.randint(8, 30)
                score = [loser_score + margin, loser_score] if margin >= 0 else [loser_score, loser_score - margin]
                game = {"score": score}
            else:
                game = {"margin": margin}
            if penalty != (0, 0):
                game["penalty"] = list(penalty)
            games.append(game)
            tp = with_penalties(game_tenths(margin), penalty)
            running = (running[0] + tp[0], running[1] + tp[1])
            totals.append(running)
            fmt = style.get("format")
            rules = (fmt.decisive_lead, fmt.extra_games_limit) if fmt is not None else ()
            if decide(totals, match.standard, match.rule, *rules)[0] is not None:
                break
        units.append({"match": match.match, "players": [first, second], "games": games, "status": "NORMAL"})
    return "matches", units


def _carcassonne_results(rnd, rng, seed, style):
    """Each game: scores around 100 leaning towards the stronger player; about
    one game in forty drawn and one in sixty lost on time (forfeit).  Playoff
    games record both clock times, which decide a drawn playoff game; under
    ``tie_game: declared`` a drawn game names its winner instead."""
    units = []
    playoff = rnd.stage == "playoff"
    fmt = style.get("format")
    declared = fmt is not None and fmt.options.get("tie_game") == "declared"
    for game in rnd.units:
        first, second = game.players
        odds = strength(seed, first) / (strength(seed, first) + strength(seed, second))
        low = rng.randint(60, 110)
        roll = rng.random()
        if roll < 0.025:
            score = [low, low]
        else:
            high = low + rng.randint(1, 45)
            score = [high, low] if rng.random() < odds else [low, high]
        unit = {"table": game.table, "players": [first, second], "score": score}
        if 0.025 <= roll < 0.042:
            unit["forfeit"] = first if score[0] < score[1] else second
        if declared and score[0] == score[1]:
            unit["winner"] = first if rng.random() < odds else second
        if playoff:
            unit["time"] = [f"{rng.randint(9, 19)}:{rng.randint(0, 59):02d}" for _ in range(2)]
        if getattr(game, "place", None):
            unit["place"] = game.place
        units.append(unit)
    return "games", units


RESULTS = {"catan": _catan_results, "baska": _baska_results, "tantrix": _tantrix_results,
           "carcassonne": _carcassonne_results}


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

