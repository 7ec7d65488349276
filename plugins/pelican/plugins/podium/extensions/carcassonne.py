"""Site pages for carcassonne (see pelican.plugins.podium.extensions for the hooks).

* ``unit_view``: every Carcassonne game as a :class:`GameUnit` -- who starts,
  recorded and counted scores (a player out of clock time counts 0), Swiss
  points (½ for a draw), clock times and how a drawn playoff game was
  decided, the group and the place the game is for.  Round pages show it with
  ``podium/carcassonne/games.html`` (round.html tries
  ``podium/<special>/<kind>.html`` first).
* ``pages``: the Swiss crosstable (one table per group; a long one on pages of
  rows, group after group: :func:`crosstable_cut`, the rule of :mod:`..paging`)
  and the playoff bracket, built from the engine's ``extra["crosstable"]`` and
  ``extra["bracket"]``.
* ``links``: Crosstable and Bracket in the event's navigation.

Only ids go into URLs (``ev.urls_of``); names stay in the view objects and
are escaped by the templates.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction

from podium_core.formats.carcassonne import CarcassonneGame
from podium_core.text import N_
from .. import paging
from ..views import Cell, Column, PlayerView, SeatView, UnitView
from . import Page

URLS = {
    "crosstable": "{slug}/crosstable/",
    "bracket": "{slug}/bracket/",
}

SYSTEM = "carcassonne"
SPECIAL = "carcassonne"

# column labels of a game, for the player page (templates translate them with tr())
SCORE = Column("score", N_("Score"), N_("Score as recorded; a player who ran out of clock time counts 0 (in brackets)"))
POINTS = Column("points", N_("Pts"), N_("Swiss points: 1 for a win, ½ for a draw, 0 for a loss"))
TIME = Column("time", N_("Time"), N_("Clock time used"))
FORFEIT_TITLE = N_("Lost on time: the score counts 0")


def points_text(value) -> str:
    if value is None:
        return ""
    value = Fraction(value).limit_denominator(2)
    whole = value.numerator // value.denominator
    if value.denominator == 1:
        return str(whole)
    return (str(whole) if whole else "") + "½"


# -- one game ------------------------------------------------------------------------

@dataclass
class Side:
    """One player of a game as the round page shows them."""

    player: PlayerView
    seed: str = ""
    score: int | None = None  # as recorded
    counted: int | None = None  # what counts (0 when out of time)
    forfeit: bool = False  # ran out of clock time
    points: str = ""  # Swiss: 1, ½, 0
    time: str = ""
    starts: bool = False
    winner: bool = False
    loser: bool = False

    @property
    def changed(self) -> bool:
        return self.score is not None and self.counted != self.score


@dataclass
class GameUnit(UnitView):
    """A Carcassonne game: a :class:`~pelican.plugins.podium.views.Unit` with its own facts."""

    sides: list = field(default_factory=list)
    group: str | None = None
    place: int | None = None  # 1 final, 3 third-place game
    draw: bool = False  # equal counted scores, nobody out of time
    decided_by: str | None = None  # score | forfeit | time | rank | buchholz | score_diff | lots
    forfeit: PlayerView | None = None
    timed: bool = False  # clock times recorded


def _is_game(fmt, kind, unit) -> bool:
    return getattr(fmt, "system", "") == SYSTEM and kind == "games" and isinstance(unit, CarcassonneGame)


def unit_view(fmt, kind, unit, people, lang="en"):
    """A Carcassonne game for the round and player pages, or None for anything else.

    Scores are whole numbers and Swiss points 1, ½ or 0: nothing depends on ``lang``."""
    if not _is_game(fmt, kind, unit):
        return None
    sides, seats = [], []
    columns = [SCORE] + ([POINTS] if unit.points is not None else []) + ([TIME] if unit.time is not None else [])
    for i, pid in enumerate(unit.players):
        person = people.get(pid) or PlayerView(pid, pid, "")
        side = Side(person, seed=unit.seeds[i] if i < len(unit.seeds) else "", starts=i == 0,
                    winner=unit.winner == pid, loser=unit.winner is not None and unit.winner != pid)
        if unit.score is not None:
            side.score, side.counted = unit.score[i], unit.counted[i]
            side.forfeit = unit.forfeit == pid
        if unit.points is not None:
            side.points = points_text(unit.points[i])
        if unit.time is not None:
            side.time = str(unit.time[i])
        sides.append(side)
        cells = []
        if side.score is None:
            cells.append(Cell("", numeric=True))
        elif side.changed:
            cells.append(Cell(f"{side.score} ({side.counted})", numeric=True, title=FORFEIT_TITLE))
        else:
            cells.append(Cell(str(side.score), numeric=True))
        if unit.points is not None:
            cells.append(Cell(side.points, numeric=True))
        if unit.time is not None:
            cells.append(Cell(side.time, numeric=True))
        seats.append(SeatView(i + 1, person, cells, winner=side.winner))
    return GameUnit(
        "games", unit.table, seats, columns, unit.has_result,
        winner=people.get(unit.winner) if unit.winner else None,
        source=unit, special=SPECIAL,
        sides=sides, group=unit.group, place=unit.place, draw=unit.draw, decided_by=unit.decided_by,
        forfeit=people.get(unit.forfeit) if unit.forfeit else None, timed=unit.time is not None)


# -- the crosstable ---------------------------------------------------------------------

@dataclass
class CrossCell:
    """One player's game of one round: the opponent (and their rank), result, counted scores."""

    round: int
    opponent: PlayerView
    rank: int | None  # the opponent's rank in the crosstable's order
    result: str  # W | D | L | "" (not played yet)
    own: int | None = None  # counted
    other: int | None = None
    recorded: int | None = None  # own score as recorded (differs when out of time)
    forfeit: bool = False  # this player ran out of clock time
    opponent_forfeit: bool = False
    started: bool = False
    url: str = ""  # the game on its round page

    @property
    def kind(self) -> str:
        """The cell's class: its result in lower case, "pending" before one."""
        return self.result.lower() if self.result else "pending"


@dataclass
class CrossRow:
    rank: int | None
    player: PlayerView
    cells: list  # per round: CrossCell, "bye", or None (not seated)
    totals: list  # Cell per criterion
    reserve: bool = False
    by_lot: bool = False


@dataclass
class CrossGroup:
    group: str | None
    rounds: list  # (number, url)
    rows: list
    criteria: list
    standing: object = None  # the Standing view the order comes from

    @property
    def anchor(self) -> str:
        return f"group-{self.group.lower()}" if self.group else "crosstable"

    @property
    def any_reserve(self) -> bool:
        return any(r.reserve for r in self.rows)

    @property
    def any_forfeit(self) -> bool:
        return any(isinstance(c, CrossCell) and (c.forfeit or c.opponent_forfeit) for r in self.rows for c in r.cells)


@dataclass
class CrossTable:
    groups: list
    grouped: bool | None = None  # a page of a crosstable cut into pages: whether the whole has groups

    @property
    def two(self) -> bool:
        return self.grouped if self.grouped is not None else len(self.groups) > 1


def crosstable_cut(table: CrossTable, size: int) -> paging.Cut:
    """The crosstable on pages of ``size`` rows (:mod:`..paging`), group after group."""
    return paging.Cut.of(paging.flatten(table.groups, "rows"), size,
                         lambda part: paging.grouped_span(part, lambda row: row.rank or "—", lambda group: group.group),
                         lambda part: {"ct": CrossTable(paging.regroup(table.groups, "rows", part), table.two)})


def _result(points) -> str:
    if points is None:
        return ""
    points = Fraction(points).limit_denominator(2)
    return "W" if points == 1 else "D" if points == Fraction(1, 2) else "L"


def crosstable_view(ev) -> CrossTable | None:
    """The Swiss games of every player, by round, in standings order (per group)."""
    data = (ev.outcome.extra if ev.outcome is not None else {}).get("crosstable")
    if not data:
        return None
    swiss_rounds = {r.round: r for r in ev.rounds if r.stage == "swiss"}
    groups = []
    for g in data["groups"]:
        group = g["group"]
        if not g["rounds"]:
            continue
        standing = next((s for s in ev.standings if s.stage == "swiss" and s.group == group and s.latest), None)
        by_player = {row.player.id: row for row in standing.rows} if standing else {}
        rank = {pid: by_player[pid].rank for pid in by_player}
        rounds = [(n, swiss_rounds[n].url if n in swiss_rounds else "") for n in g["rounds"]]
        rows = []
        for pid in g["players"]:
            person = ev.people.get(pid) or PlayerView(pid, pid, "")
            cells = []
            for k, (number, game) in enumerate(zip(g["rounds"], g["games"][pid])):
                if game is None or game.get("bye"):
                    cells.append("bye" if game else None)
                    continue
                opp = game["opponent"]
                counted = game["counted"]
                theirs = (g["games"].get(opp) or [None] * (k + 1))[k]
                round_view = swiss_rounds.get(number)
                cells.append(CrossCell(
                    number, ev.people.get(opp) or PlayerView(opp, opp, ""), rank.get(opp), _result(game["points"]),
                    own=counted[0] if counted else None, other=counted[1] if counted else None,
                    recorded=game["score"][0] if game["score"] else None,
                    forfeit=bool(game["forfeit"]),
                    opponent_forfeit=bool(theirs and theirs["forfeit"]),
                    started=bool(game["started"]),
                    url=round_view.unit_href(game["table"]) if round_view else ""))
            row = by_player.get(pid)
            rows.append(CrossRow(row.rank if row else None, person, cells, list(row.cells) if row else [],
                                 reserve=person.reserve, by_lot=bool(row and row.by_lot)))
        criteria = standing.criteria if standing else []
        groups.append(CrossGroup(group, rounds, rows, criteria, standing))
    return CrossTable(groups) if groups else None


# -- the bracket ------------------------------------------------------------------------

@dataclass
class SlotView:
    """One place in a bracket game: a player once known, else where they come from."""

    player: PlayerView | None = None
    seed: str = ""
    score: int | None = None
    counted: int | None = None
    forfeit: bool = False
    time: str = ""
    winner: bool = False
    loser: bool = False
    takes: str = ""  # winner | loser: the player still to come from game ``source``
    source: "BracketGame | None" = None
    label: str = ""  # the seed this slot is for in the quarterfinals (1, 8, A1, B4, ...)


@dataclass
class BracketGame:
    round: int
    table: int
    slots: list
    place: int | None = None
    decided_by: str | None = None
    played: bool = False
    url: str = ""  # the game on its round page (once the round exists)
    labels: list = field(default_factory=list)  # quarterfinal seed labels
    sources: list = field(default_factory=list)  # the engine's "from": where the players come from

    @property
    def anchor(self) -> str:
        return f"r{self.round}-t{self.table}"

    @property
    def winner(self):
        return next((s for s in self.slots if s.winner), None)

    @property
    def loser(self):
        return next((s for s in self.slots if s.loser), None)

    @property
    def tied(self) -> bool:
        return self.decided_by in ("time", "rank", "buchholz", "score_diff", "lots")


@dataclass
class BracketRound:
    number: int
    title: str
    games: list  # in bracket order (the games that meet next are neighbours)
    url: str = ""
    status: str = ""


@dataclass
class BracketView:
    rounds: list
    groups: int
    seeds: list  # (label, Person)
    places: list  # (place, Person, how, seed): the playoff's places 1-8 once the event is finished

    @property
    def final(self):
        return next((g for g in self.rounds[-1].games if g.place == 1), None) if self.rounds else None

    @property
    def third(self):
        return next((g for g in self.rounds[-1].games if g.place == 3), None) if self.rounds else None

    @property
    def any_tied(self) -> bool:
        return any(g.tied for r in self.rounds for g in r.games)


def bracket_view(ev) -> BracketView | None:
    data = (ev.outcome.extra if ev.outcome is not None else {}).get("bracket")
    if not data:
        return None
    people = ev.people
    seed_of = {s["player"]: s["seed"] for s in data.get("seeds", [])}
    playoff_rounds = {r.round: r for r in ev.rounds if r.stage == "playoff"}

    def person(pid):
        return people.get(pid) or PlayerView(pid, pid, "")

    games = {}  # (round, table) -> BracketGame
    rounds = []
    for rnd in data["rounds"]:
        number = rnd["round"]
        round_view = playoff_rounds.get(number)
        made = []
        for g in rnd["games"]:
            game = BracketGame(number, g["table"], [], place=g.get("place"), decided_by=g.get("decided_by"),
                               played=g.get("score") is not None, labels=list(g.get("slots") or []),
                               sources=list(g.get("from") or []))
            if round_view is not None and g.get("players"):
                game.url = round_view.hrefs.get(g["table"]) or f"{round_view.url}#game-{g['table']}"
            unit = None
            if round_view is not None:
                unit = next((u for u in round_view.units if u.number == g["table"] and isinstance(u, GameUnit)), None)
            if g.get("players"):
                for i, pid in enumerate(g["players"]):
                    slot = SlotView(person(pid), seed=(g.get("seeds") or [""] * 2)[i] or seed_of.get(pid, ""),
                                winner=g.get("winner") == pid, loser=g.get("winner") is not None and g.get("winner") != pid)
                    if unit is not None and i < len(unit.sides):
                        side = unit.sides[i]
                        slot.score, slot.counted, slot.forfeit, slot.time = side.score, side.counted, side.forfeit, side.time
                    elif g.get("score"):
                        slot.score = slot.counted = g["score"][i]
                    game.slots.append(slot)
            elif g.get("slots"):  # quarterfinals not seeded yet
                game.slots = [SlotView(label=label) for label in g["slots"]]
            else:
                for ref in g.get("from", []):
                    source = games.get((ref["round"], ref["table"]))
                    slot = SlotView(takes=ref["takes"], source=source)
                    known = None
                    if source is not None:
                        known = source.winner if ref["takes"] == "winner" else source.loser
                    if known is not None and known.player is not None:
                        slot.player, slot.seed = known.player, known.seed
                    game.slots.append(slot)
            games[(number, g["table"])] = game
            made.append(game)
        rounds.append(BracketRound(number, rnd["title"], made, round_view.url if round_view else "",
                                   round_view.status if round_view else ""))
    # bracket order: the games whose winners meet next are neighbours
    for earlier, later in zip(rounds, rounds[1:]):
        order = []
        for game in later.games:
            if game.place == 3:
                continue
            for ref in game.sources:
                found = games.get((ref["round"], ref["table"]))
                if found is not None and found not in order and ref["takes"] == "winner":
                    order.append(found)
        earlier.games = order + [g for g in earlier.games if g not in order]
    seeds = [(s["seed"], person(s["player"])) for s in data.get("seeds", [])]
    places = []
    if ev.classification:
        how = {}
        final = next((g for g in rounds[-1].games if g.place == 1), None) if rounds else None
        third = next((g for g in rounds[-1].games if g.place == 3), None) if rounds else None
        for game, first, second in ((final, "final-won", "final-lost"), (third, "third-won", "third-lost")):
            if game and game.winner and game.loser:
                how[game.winner.player.id], how[game.loser.player.id] = first, second
        for game in rounds[0].games if rounds else []:
            if game.loser and game.loser.player:
                how.setdefault(game.loser.player.id, "quarterfinal")
        for line in ev.classification:
            if line.place is not None and line.player.id in how:
                places.append((line.place, line.player, how[line.player.id], seed_of.get(line.player.id, "")))
    return BracketView(rounds, data.get("groups", 1), seeds, places)


# -- hooks ----------------------------------------------------------------------------------

def _ours(ev) -> bool:
    return getattr(ev.format, "system", "") == SYSTEM and ev.outcome is not None and ev.urls_of is not None


def links(ev):
    if not _ours(ev):
        return []
    found = []
    if crosstable_view(ev) is not None:
        found.append((N_("Crosstable"), ev.urls_of.url("crosstable", slug=ev.slug), "crosstable"))
    if bracket_view(ev) is not None:
        found.append((N_("Bracket"), ev.urls_of.url("bracket", slug=ev.slug), "bracket"))
    return found


def pages(ev):
    if not _ours(ev):
        return []
    found = []
    table = crosstable_view(ev)
    if table is not None:
        found.append(Page("crosstable", {"slug": ev.slug}, "podium/carcassonne/crosstable", {}, "crosstable",
                          cut=crosstable_cut(table, ev.page_sizes["crosstable"])))
    bracket = bracket_view(ev)
    if bracket is not None:
        found.append(Page("bracket", {"slug": ev.slug}, "podium/carcassonne/bracket", {"bracket": bracket}, "bracket"))
    return found
