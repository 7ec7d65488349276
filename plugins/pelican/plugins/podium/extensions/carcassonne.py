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

from podium_core.systems.carcassonne import Carcassonne
from podium_core.systems.carcassonne.game import CarcassonneGame
from podium_core.systems.knockout import comes_from, lost_in, round_name
from podium_core.text import N_
from .. import paging
from ..views import Cell, Column, CriterionView, PlayerView, SeatView, UnitView
from . import Page
from .brackets import BracketGame, BracketRound, BracketView, Side


SYSTEM = Carcassonne

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
class GameUnit(UnitView):
    """A Carcassonne game: a :class:`~pelican.plugins.podium.views.Unit` with its own facts."""

    sides: list = field(default_factory=list)
    group: str | None = None
    place: int | None = None  # 1 final, 3 third-place game
    draw: bool = False  # equal counted scores, nobody out of time
    decided_by: str | None = None  # score | forfeit | declared | time | rank | a criterion's key | lots
    tiebreak: CriterionView | None = None  # the criterion that decided a drawn playoff game
    title: object = ""  # a playoff game's name ("Semifinal 2", "Final")
    forfeit: PlayerView | None = None
    timed: bool = False  # clock times recorded
    walkover: PlayerView | None = None  # the playoff player who withdrew: the game was not played
    games: list = field(default_factory=list)  # a match's games: (first's score, second's, counted pair, winner index)
    best_of: int = 1


def unit_view(fmt, kind, unit, people, lang="en"):
    """A Carcassonne game for the round and player pages, or None for anything else.

    Scores are whole numbers and Swiss points 1, ½ or 0: nothing depends on ``lang``."""
    if kind != "games" or not isinstance(unit, CarcassonneGame):
        return None
    words = fmt.unit_columns()
    keys = ["score"] + (["points"] if unit.points is not None else []) + (["time"] if unit.time is not None else [])
    columns = [Column(key, *words[key]) for key in keys]
    sides, seats = [], []
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
        source=unit, special=fmt.name,
        sides=sides, group=unit.group, place=unit.place, draw=unit.draw, decided_by=unit.decided_by,
        tiebreak=_tiebreak(fmt, unit.decided_by), title=unit.title or "",
        forfeit=people.get(unit.forfeit) if unit.forfeit else None, timed=unit.time is not None,
        walkover=people.get(unit.walkover) if unit.walkover else None,
        games=[game_text(g, unit.players) for g in unit.games], best_of=unit.match)


def game_text(game, players) -> str:
    """One game of a match as its scores, the first player's first: "120–95";
    a forfeiting player's counted 0 follows in brackets."""
    parts = []
    for i in (0, 1):
        recorded, counted = game.score[i], game.counted[i]
        parts.append(f"{recorded}" if recorded == counted else f"{recorded} ({counted})")
    return "–".join(parts)


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
    unplayed: str | None = None  # why the game was never played

    @property
    def kind(self) -> str:
        """The cell's class: its result in lower case, "pending" before one, "unplayed" for a game never played."""
        if self.unplayed is not None:
            return "unplayed"
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
                    url=round_view.unit_href(game["table"]) if round_view else "", unplayed=game.get("unplayed")))
            row = by_player.get(pid)
            rows.append(CrossRow(row.rank if row else None, person, cells, list(row.cells) if row else [],
                                 reserve=person.reserve, by_lot=bool(row and row.by_lot)))
        criteria = standing.criteria if standing else []
        groups.append(CrossGroup(group, rounds, rows, criteria, standing))
    return CrossTable(groups) if groups else None


# -- the bracket ------------------------------------------------------------------------

def _tiebreak(fmt, key):
    """The criterion that decided a drawn playoff game, as the page explains it: None
    for the clock, the rank or lots, and under the built-in's own ranking, whose
    Buchholz and score difference the page says in sentences of their own."""
    if tuple(fmt.options["ranking"]) == tuple(fmt.defaults()["ranking"]):
        return None
    criterion = next((c for c in fmt.criteria if c.key == key), None)
    if criterion is None:
        return None
    return CriterionView(criterion.key, criterion.label, criterion.abbr, criterion.legend, criterion.display)


def brackets(ev) -> list:
    """The playoff bracket, when the event has one."""
    view = bracket_view(ev)
    return [view] if view is not None else []


def bracket_view(ev) -> BracketView | None:
    """The playoff as a bracket (:mod:`.brackets`), from the engine's ``extra["bracket"]``
    and the games of the playoff rounds."""
    data = (ev.outcome.extra if ev.outcome is not None else {}).get("bracket")
    if not data:
        return None
    fmt = ev.outcome.format
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
            game = BracketGame(number, g["table"], title=fmt.game_title(number, g["table"], g.get("place")),
                               place=g.get("place"), decided_by=g.get("decided_by"),
                               tiebreak=_tiebreak(fmt, g.get("decided_by")), played=g.get("score") is not None,
                               decided=g.get("winner") is not None, labels=list(g.get("slots") or []),
                               sources=list(g.get("from") or []))
            if round_view is not None and g.get("players"):
                game.url = round_view.hrefs.get(g["table"]) or f"{round_view.url}#game-{g['table']}"
            unit = None
            if round_view is not None:
                unit = next((u for u in round_view.units if u.number == g["table"] and isinstance(u, GameUnit)), None)
            if g.get("players"):
                for i, pid in enumerate(g["players"]):
                    side = Side(person(pid), seed=(g.get("seeds") or [""] * 2)[i] or seed_of.get(pid, ""),
                                winner=g.get("winner") == pid, loser=g.get("winner") is not None and g.get("winner") != pid,
                                walkover=g.get("walkover") == pid)
                    if unit is not None and i < len(unit.sides):
                        played = unit.sides[i]
                        side.score, side.counted, side.forfeit, side.time = played.score, played.counted, played.forfeit, played.time
                    elif g.get("score"):
                        side.score = side.counted = g["score"][i]
                    game.sides.append(side)
            elif g.get("slots"):  # the first round before the Swiss stage is complete
                game.sides = [Side(label=label) for label in g["slots"]]
            else:
                for ref in g.get("from", []):
                    source = games.get((ref["round"], ref["table"]))
                    side = Side(takes=ref["takes"], source=source,
                                comes_from=comes_from(ref["takes"], fmt.players_left(ref["round"]), ref["table"]))
                    known = None
                    if source is not None:
                        known = source.winner if ref["takes"] == "winner" else source.loser
                    if known is not None and known.player is not None:
                        side.player, side.seed = known.player, known.seed
                    game.sides.append(side)
            games[(number, g["table"])] = game
            made.append(game)
        left = fmt.players_left(number)
        rounds.append(BracketRound(number, fmt.round_title(number), made, round_view.url if round_view else "",
                                   round_view.status if round_view else "", round_name(left), left))
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
    return BracketView(rounds, stage="playoff", size=fmt.playoff_size, groups=data.get("groups", 1), seeds=seeds,
                       places=_places(ev, rounds, seed_of))


def _places(ev, rounds, seed_of) -> list:
    """(place, Person, how, seed) of every place the playoff decides, once the
    event is finished: ``how`` is final-won, final-lost, third-won,
    third-lost, or the round its player lost (its words: :func:`lost_in`)."""
    if not ev.classification or not rounds:
        return []
    how = {}
    last = rounds[-1]
    final = next((g for g in last.games if g.place == 1), None)
    third = next((g for g in last.games if g.place == 3), None)
    for game, first, second in ((final, "final-won", "final-lost"), (third, "third-won", "third-lost")):
        if game and game.winner and game.loser:
            how[game.winner.player.id], how[game.loser.player.id] = first, second
    for rnd in reversed(rounds[:-1]):
        for game in rnd.games:
            if game.loser and game.loser.player:
                how.setdefault(game.loser.player.id, lost_in(rnd.places))
    return [(line.place, line.player, how[line.player.id], seed_of.get(line.player.id, ""))
            for line in ev.classification if line.place is not None and line.player.id in how]


# -- hooks ----------------------------------------------------------------------------------

def _ours(ev) -> bool:
    return ev.urls_of is not None


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
        found.append(Page("bracket", {"slug": ev.slug}, "podium/carcassonne/bracket",
                          {"bracket": bracket, "words": ev.outcome.format.bracket_words()}, "bracket"))
    return found
