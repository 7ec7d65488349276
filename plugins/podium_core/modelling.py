"""Event models made from checked documents: the third step of reading
(:mod:`podium_core.pipeline`), after :mod:`podium_core.validation`.

The registry of people (``players.yaml``) and each event become the plain,
immutable data of :mod:`podium_core.model`; then the rules that need no
format are checked: every id names a player of the event and nobody appears
twice in one round.  A round file that could not be read or failed its
schema is left out of its event (the engines stop before it); every problem
of every file is returned together.

Names and other texts are NFC-normalised, so one name typed two ways is one
name; two players of an event whose names are the same after that get a
warning (not an error: two people may share a name).
"""

from __future__ import annotations

import logging
import unicodedata
from dataclasses import replace
from fractions import Fraction
from pathlib import Path

from .errors import Problem
from .model import Deal, Event, Game, Match, MatchGame, MatchScore, Player, Round, Table, Where, byes_of
from .suggest import did_you_mean
from .validation import checked_event, checked_people

logger = logging.getLogger("podium")


def read_registry(results: Path) -> tuple[dict, list[Problem]]:
    """The people of ``players.yaml`` by id (empty when there is none)."""
    doc, problems = checked_people(results)
    registry = {}
    if doc is None or not isinstance(doc.data, list):
        return registry, problems
    for i, entry in enumerate(doc.data):
        entry = _normalised(entry)
        if entry["id"] in registry:
            problems.append(Problem(doc.path, doc.line(i, "id"), f"person '{entry['id']}' is listed twice"))
        registry[entry["id"]] = entry
    return registry, problems


def read_event(folder: Path, registry: dict | None = None, pending: dict | None = None):
    """The event of one folder: the event (None when ``event.yaml`` cannot be
    modelled), every problem, and the round files that could not be read
    (:class:`podium_core.validation.Unread`), so that the caller knows where
    the event's readable part ends.

    A round file that fails to load or fails its schema leaves the event's
    other files modelled all the same, and the shared rules (known ids, one
    seat each) run on them.  ``pending`` is a round file not yet written
    (``{"path": ..., "data": ...}``), modelled as if it were there, with the
    same checks a file gets: how ``podium pair`` seats a new round or
    re-seats one, and how ``podium enter`` checks a result.
    """
    checked = checked_event(Path(folder), pending)
    problems = checked.problems
    doc = checked.event
    if doc is None or any(p.path == doc.path for p in problems):
        return None, problems, checked.unread
    event = _event(checked.slug, doc, registry or {}, problems)
    event = replace(event, rounds=tuple(_round(d) for d in checked.rounds))
    problems += check_event(event)
    return event, problems, checked.unread


_TEXTS = ("name", "club", "country", "venue", "address", "note", "manual")


def _normalised(data: dict) -> dict:
    """``data`` with its texts (names, clubs, ...) in Unicode NFC."""
    if not any(isinstance(data.get(key), str) for key in _TEXTS):
        return data
    return {key: unicodedata.normalize("NFC", value) if key in _TEXTS and isinstance(value, str) else value
            for key, value in data.items()}


def _quoted(text: str, length: int = 60) -> str:
    shown = repr(text)
    return shown if len(shown) <= length else shown[:length - 1] + "…"


def _warn_same_names(doc, players) -> None:
    """A warning for every player whose name (NFC, ignoring case and spacing)
    is another player's of the same event."""
    first = {}
    for i, player in enumerate(players):
        key = " ".join(player.name.casefold().split())
        if key in first:
            logger.warning("%s:%s: warning: players '%s' and '%s' have the same name %s: give one a way to tell them apart",
                           doc.path, doc.line("players", i, "name"), first[key], player.id, _quoted(player.name))
        else:
            first[key] = player.id


def _event(slug: str, doc, registry: dict, problems: list) -> Event:
    data = _normalised(doc.data)
    where = Where(doc)
    players = []
    seen = set()
    for i, entry in enumerate(data["players"]):
        entry = _normalised(entry)
        pid = entry["id"]
        person = registry.get(pid, {})
        name = entry.get("name") or person.get("name")
        if pid in seen:
            problems.append(Problem(doc.path, doc.line("players", i, "id"), f"player '{pid}' is listed twice"))
        seen.add(pid)
        if not name:
            problems.append(Problem(doc.path, doc.line("players", i), f"player '{pid}' has no name (give one here or in players.yaml)"))
            name = pid
        players.append(Player(
            id=pid, name=name, where=where.at("players", i),
            club=entry.get("club", person.get("club")),
            country=entry.get("country", person.get("country")),
            reserve=entry.get("reserve", False),
            previous_place=entry.get("previous_place"),
            seed=entry.get("seed"), group=entry.get("group"), rating=_exact(entry.get("rating")),
            joins=entry.get("joins", 1),
        ))
    _warn_same_names(doc, players)
    for i, pid in enumerate(data.get("lots", ())):
        if pid not in seen:
            problems.append(Problem(doc.path, doc.line("lots", i), f"'{pid}' in lots is not a player of this event"))
    return Event(
        slug=slug, name=data["name"], format=data["format"], where=where,
        players=tuple(players), options=dict(data.get("options") or {}),
        language=data.get("language", "en"), dates=tuple(data.get("dates", ())),
        venue=data.get("venue"), rules=data.get("rules"),
        address=data.get("address"), timezone=data.get("timezone"), organiser=_organiser(data.get("organiser")),
        seed=str(data.get("seed", slug)), lots=tuple(data.get("lots", ())), note=data.get("note"),
        schedule=tuple((str(k), str(v)) for k, v in (data.get("schedule") or {}).items()),
    )


def _organiser(value):
    """``organiser:`` as ``(name, url or None)``: a name alone, or ``{name, url}``; None when not given."""
    if value is None:
        return None
    if isinstance(value, str):
        return (unicodedata.normalize("NFC", value), None)
    return (unicodedata.normalize("NFC", value["name"]), value.get("url"))


def _exact(number):
    """A YAML number as an exact value (a float by its decimal text); None stays None."""
    if isinstance(number, float):
        number = Fraction(str(number))
        return number.numerator if number.denominator == 1 else number
    return number


def _round(doc) -> Round:
    data = doc.data
    where = Where(doc)
    tables = games = matches = None
    if "tables" in data:
        tables = tuple(_table(t, where.at("tables", i)) for i, t in enumerate(data["tables"]))
    if "games" in data:
        games = tuple(_game(g, where.at("games", i)) for i, g in enumerate(data["games"]))
    if "matches" in data:
        matches = tuple(_match(m, where.at("matches", i)) for i, m in enumerate(data["matches"]))
    return Round(
        stage=data["stage"], round=data["round"], where=where, session=data.get("session"),
        manual=data.get("manual"), note=data.get("note"),
        absent=tuple(data.get("absent", ())), withdrawn=tuple(data.get("withdrawn", ())),
        advance=tuple(sorted((int(k), v) for k, v in (data.get("advance") or {}).items())),
        byes=byes_of(data.get("bye")),
        tables=tables, games=games, matches=matches, correction=data.get("correction"),
        **seated_record(data.get("seated_from") or {}),
    )


def seated_record(record: dict) -> dict:
    """The ``Round`` fields of a ``seated_from`` record (podium_core.corrections):
    each earlier round's digest, given alone (``qualifying-1: <digest>``) or
    with its results and the ``correction:`` reason it then had
    (``qualifying-1: {digest: ..., correction: "...", results: {1: "10 8 7 5"}}``),
    and ``standings:``, the order of the standings the round was seated from."""
    digests, results, reasons = [], [], []
    for name, value in sorted(record.items()):
        if name == "standings":
            continue
        if isinstance(value, dict):
            digests.append((name, value["digest"]))
            results.append((name, tuple(sorted((int(n), text) for n, text in (value.get("results") or {}).items()))))
            if value.get("correction") is not None:
                reasons.append((name, value["correction"]))
        else:
            digests.append((name, value))
    standings = tuple(sorted((name, tuple(ids)) for name, ids in (record.get("standings") or {}).items()))
    return {"seated_from": tuple(digests), "seated_results": tuple(results), "seated_reasons": tuple(reasons),
            "seated_standings": standings}


def _table(data, where: Where) -> Table:
    seats = data["seats"]
    if isinstance(seats, dict):
        players, scores = tuple(seats), tuple(seats.values())
    else:
        players, scores = tuple(seats), None
    deals = None
    if "deals" in data:
        deals = tuple(
            Deal(game=d["game"], where=where.at("deals", i), won=tuple(d["won"]) if isinstance(d.get("won"), list) else d.get("won"),
                 player=d.get("player"), level=d.get("level", "none"), degree=d.get("degree", "normal"))
            for i, d in enumerate(data["deals"])
        )
    return Table(table=data["table"], players=players, where=where, scores=scores, winner=data.get("winner"), deals=deals,
                 unplayed=data.get("unplayed"))


def _game(data, where: Where) -> Game:
    return Game(
        table=data["table"], players=tuple(data["players"]), where=where,
        score=tuple(data["score"]) if "score" in data else None, forfeit=data.get("forfeit"),
        time=tuple(data["time"]) if "time" in data else None, place=data.get("place"), winner=data.get("winner"),
        unplayed=data.get("unplayed"), games=_match_scores(data["games"], where) if "games" in data else None,
    )


def _match_scores(games, where: Where) -> tuple:
    """A Carcassonne match's games: ``[a, b]`` or ``{score: [a, b], forfeit:, winner:}`` each."""
    found = []
    for i, g in enumerate(games):
        if isinstance(g, dict):
            found.append(MatchScore(tuple(g["score"]), where.at("games", i), g.get("forfeit"), g.get("winner")))
        else:
            found.append(MatchScore(tuple(g), where.at("games", i)))
    return tuple(found)


def _match(data, where: Where) -> Match:
    games = tuple(
        MatchGame(where=where.at("games", i), score=tuple(g["score"]) if "score" in g else None,
                  margin=g.get("margin"), penalty=tuple(g.get("penalty", (0, 0))))
        for i, g in enumerate(data.get("games", ()))
    )
    return Match(match=data["match"], players=tuple(data["players"]), where=where, games=games,
                 status=data.get("status", "NORMAL"), resigned=data.get("resigned"), when=data.get("when"))


def check_event(event: Event) -> list[Problem]:
    """The rules every format shares: known ids and one seat per player."""
    problems: list[Problem] = []
    for rnd in event.rounds:
        problems += _check_round(event, rnd)
    return problems


def _unit_name(rnd: Round, unit) -> str:
    return f"match {unit.match}" if rnd.matches is not None else f"table {unit.table}"


def _check_round(event: Event, rnd: Round) -> list[Problem]:
    """Every id of the round names a player of the event, and nobody is seated twice
    (nor seated and absent, nor absent and withdrawn); a winner, forfeit or
    resignation names someone at that unit; a unit not played has no result."""
    problems: list[Problem] = []

    listed = [pid for unit in rnd.units or () for pid in unit.players]

    def check_known(pid, where: Where, *sub):
        if not event.has_player(pid):
            free = [p for p in event.players if p.id not in listed]  # whom the typo may stand for: not seated already
            problems.append(Problem(where.path, where.line(*sub),
                                    f"player '{pid}' is not a player of this event{did_you_mean(str(pid), free, event.players)}"))
            return False
        return True

    for name in ("absent", "withdrawn"):
        for i, pid in enumerate(getattr(rnd, name)):
            check_known(pid, rnd.where, name, i)
    for table_no, pid in rnd.advance:
        check_known(pid, rnd.where, "advance", str(table_no))
    for i, pid in enumerate(rnd.byes):
        check_known(pid, rnd.where, *(("bye",) if len(rnd.byes) == 1 else ("bye", i)))
    seated: dict = {}  # player -> where they sit
    with_result: set = set()  # players at a table (game) whose result is written
    for unit in rnd.units or ():
        key = "seats" if rnd.tables is not None else "players"
        by_name = rnd.tables is not None and unit.scores is not None  # seats: {id: score}
        for i, pid in enumerate(unit.players):
            sub = (key, pid if by_name else i)
            if not check_known(pid, unit.where, *sub):
                continue
            if pid in seated:
                problems.append(Problem(unit.where.path, unit.where.line(*sub),
                                        f"player '{pid}' is seated twice in this round (also at {seated[pid]})"))
            else:
                seated[pid] = _unit_name(rnd, unit)
        where = "match" if rnd.matches is not None else "table"
        if getattr(unit, "unplayed", None) is not None and unit.recorded:
            problems.append(Problem(unit.where.path, unit.where.line("unplayed"),
                                    f"{_unit_name(rnd, unit)} is recorded as not played (unplayed: {unit.unplayed!r}) but "
                                    "has a result: keep either the reason or the result"))
        if getattr(unit, "recorded", False):
            with_result.update(unit.players)
        for field_name in ("winner", "forfeit", "resigned"):
            value = getattr(unit, field_name, None)
            if value not in (None, "none") and value not in unit.players:
                here = [event.player(pid) for pid in unit.players if event.has_player(pid)]
                problems.append(Problem(unit.where.path, unit.where.line(field_name),
                                        f"{field_name} '{value}' is not at this {where}{did_you_mean(str(value), here, ())}"))
    for pid in rnd.byes:
        if pid in seated:
            problems.append(Problem(rnd.where.path, rnd.where.line("bye"), f"player '{pid}' has the bye but is seated at {seated[pid]}"))
    for i, pid in enumerate(rnd.absent):
        if pid in with_result:
            problems.append(Problem(rnd.where.path, rnd.where.line("absent", i), f"player '{pid}' is listed absent but has a result at {seated[pid]}"))
        elif pid in seated:
            problems.append(Problem(rnd.where.path, rnd.where.line("absent", i), f"player '{pid}' is listed absent but seated at {seated[pid]}"))
        if pid in rnd.withdrawn:
            problems.append(Problem(rnd.where.path, rnd.where.line("absent", i), f"player '{pid}' is listed both absent and "
                                    "withdrawn: withdrawn: covers this round and every later one"))
    return problems
