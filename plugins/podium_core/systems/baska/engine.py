"""The Czerwona Baśka Grand Prix (formats.md section 5), format id ``baska-gp``.

One stage, ``grand-prix``, whose rounds are numbered 1, 2, 3, ... straight
through the season and grouped into sessions of ``rounds_per_session`` rounds
(options ``sessions`` and ``rounds_per_session``, 8 and 4 by default).  Every
round is a fresh verifiable draw of everybody who is not listed ``absent``;
tables seat four and whoever is left over sits at a short last table that
scores fixed points without playing.  At a full table the deal protocol's
total (the "small points") orders the four players, who take 5-3-2-1
placement points, sharing exactly when tied.  The Grand Prix ranking sums the
rounds; the event is finished, and classified by that ranking, once every
round of every session is complete.

Everything here is exact: placement points are integers when whole and
:class:`~fractions.Fraction` when shared unevenly (three players tied for
first get exactly 10/3 each), never floats; small points are integers.
(Whole values as ``int``: summing and comparing them is many times faster
than with ``Fraction``, and every output shows 5 and ``Fraction(5)`` alike.)
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from ...draw import draw_order
from ...errors import Problem
from ...model import Deal, Event, Round, Table
from ...numbers import json_number
from ...outcome import EventOutcome, Place, RoundOutcome, Seating
from ...criteria import Ledger, LedgerEntry, exact
from ...ranking import Standing, rank
from ...seating import fours_and_leftover, slice_tables
from ...text import N_, Text
from ..base import Run, compare_seating, round_status

STAGE = "grand-prix"
MIN_PLAYERS = 8
TABLE_SIZE = 4
DEALS_PER_ROUND = 20  # the 2013-14 edition (formats.md 5): a round is 20 deals

# Placement points for places 1-4 at a full table.
PLACE_POINTS = (5, 3, 2, 1)
# Fixed points of a short last table, by how many sit there.
SHORT_POINTS = {1: 3, 2: Fraction(5, 2), 3: Fraction(3, 2)}
# Values that count as a "first" and a "second" for criteria 3 and 4.
FIRST_VALUES = (5, 4)
SECOND_VALUES = (3, Fraction(5, 2))

# The contract table of the source text.
LEVELS = {"none": 1, "kontra": 2, "rej": 4, "bok": 8, "sup": 16}
DEGREES = {"normal": 1, "bez-wyjscia": 2, "bez-bitki": 4}
PAIR_GAMES = ("para", "wesele")
# Solo contracts: base value X at level "none", and the levels they allow.
SOLO_BASE = {"cicha": 4, "zolo": 5, "zolo-du": 10, "honorowe": 10}
SOLO_LEVELS = {
    "cicha": tuple(LEVELS),
    "zolo": ("none", "kontra", "rej"),
    "zolo-du": ("none", "kontra", "rej"),
    "honorowe": ("none",),
}


# -- placement points -----------------------------------------------------------

def placement_points(small_points, points=PLACE_POINTS) -> tuple:
    """Placement points of a full table, in seat order (formats.md 5).

    The four players are ordered by small points, most first, and take
    5, 3, 2 and 1 points for places 1-4.  Players with equal small points
    cover a run of places and split the points of those places equally, as an
    exact fraction: 1st-2nd tied get 4 each, 2nd-3rd 5/2, 3rd-4th 3/2, three
    tied for 1st 10/3, all four tied 11/4.  The points of a table always sum
    to 11.
    """
    if len(small_points) != len(points):
        raise ValueError(f"a full table has {len(points)} players, not {len(small_points)}")
    ordered = sorted(small_points, reverse=True)
    share = {}
    start = 0
    while start < len(ordered):
        end = start
        while end < len(ordered) and ordered[end] == ordered[start]:
            end += 1
        total, count = sum(points[start:end]), end - start
        if type(total) is int and total % count == 0:
            share[ordered[start]] = total // count
        else:
            share[ordered[start]] = exact(Fraction(total) / count)
        start = end
    return tuple(share[value] for value in small_points)


def short_table_points(size: int, points: dict = SHORT_POINTS) -> int | Fraction:
    """Fixed points of each player at a short last table: 1 player 3, 2 players
    5/2 each, 3 players 3/2 each (formats.md 5, "Seating"; option
    ``short_table_points``)."""
    return points[size]


def is_first(points) -> bool:
    """A round counts as a "first" when it earned 5 or 4 placement points."""
    return points in FIRST_VALUES


def is_second(points) -> bool:
    """A round counts as a "second" when it earned 3 or 5/2 placement points,
    whatever the table; 10/3 and 11/4 are neither a first nor a second."""
    return points in SECOND_VALUES


# -- the deal protocol -------------------------------------------------------------

@dataclass
class ScoredDeal:
    """One deal of a table's protocol with the small points it gave.

    ``value`` is the contract's X; ``points`` and ``running`` (the protocol's
    running totals after this deal) are in the table's seat order.
    """

    number: int
    game: str
    level: str
    degree: str | None
    won: object
    player: str | None
    value: int
    points: tuple
    running: tuple = ()

    def to_json(self) -> dict:
        data = {"deal": self.number, "game": self.game, "level": self.level}
        if self.degree is not None:
            data["degree"] = self.degree
        data["won"] = list(self.won) if isinstance(self.won, tuple) else self.won
        if self.player is not None:
            data["player"] = self.player
        data["value"] = self.value
        data["points"] = list(self.points)
        data["running"] = list(self.running)
        return data


def deal_points(deal: Deal, players) -> tuple[ScoredDeal | None, list[Problem]]:
    """The small points one deal gives each seat of a 4-player table.

    Levels none, kontra, rej, bok and sup multiply by 1, 2, 4, 8 and 16.

    * ``para`` and ``wesele`` (two against two): X = 1, 2 or 4 for a loss that
      is normal, "bez wyjścia" or "bez bitki", times the level; each player of
      the winning pair gains X and each loser loses X.
    * ``cicha`` (one against three): X = 4 × level;
      ``zolo``: X = 5 × level, only none, kontra or rej;
      ``zolo-du``: X = 10 × level, only none, kontra or rej;
      ``honorowe`` (four queens): X = 10, always won, no level.
      A soloist who wins gains 3X and each opponent loses X; a soloist who
      loses loses 3X and each opponent gains X.

    Returns the scored deal (``running`` not yet filled), or None with the
    problems when the deal cannot be scored.
    """
    where = deal.where
    problems = []
    seats = list(players)
    if deal.level not in LEVELS:
        return None, [Problem(where.path, where.line("level"), f"level '{deal.level}' is not one of: {', '.join(LEVELS)}")]
    level = LEVELS[deal.level]
    if deal.game in PAIR_GAMES:
        if deal.degree not in DEGREES:
            return None, [Problem(where.path, where.line("degree"), f"degree '{deal.degree}' is not one of: {', '.join(DEGREES)}")]
        pair = deal.won if isinstance(deal.won, tuple) else ()
        if len(pair) != 2 or len(set(pair)) != 2:
            return None, [Problem(where.path, where.line("won"), f"{deal.game}: won must name the two different players of the winning pair")]
        for i, pid in enumerate(pair):
            if pid not in seats:
                problems.append(Problem(where.path, where.line("won", i), f"{deal.game}: '{pid}' does not sit at this table"))
        if problems:
            return None, problems
        value = DEGREES[deal.degree] * level
        points = tuple(value if pid in pair else -value for pid in seats)
        return ScoredDeal(0, deal.game, deal.level, deal.degree, pair, None, value, points), []
    if deal.game in SOLO_BASE:
        if deal.player is None or deal.player not in seats:
            who = "no player" if deal.player is None else f"'{deal.player}', who does not sit at this table"
            return None, [Problem(where.path, where.line("player"), f"{deal.game}: the soloist is {who}")]
        if deal.level not in SOLO_LEVELS[deal.game]:
            allowed = ", ".join(SOLO_LEVELS[deal.game])
            return None, [Problem(where.path, where.line("level"), f"{deal.game} cannot be played at level '{deal.level}' (allowed: {allowed})")]
        if deal.degree not in (None, "normal"):
            return None, [Problem(where.path, where.line("degree"), f"{deal.game} has no degree (bez wyjścia / bez bitki are for para and wesele)")]
        if deal.game == "honorowe":
            if deal.won is False:
                return None, [Problem(where.path, where.line("won"), "honorowe (four queens) is always won")]
            won = True
        elif isinstance(deal.won, bool):
            won = deal.won
        else:
            return None, [Problem(where.path, where.line("won"), f"{deal.game}: won must be true or false")]
        value = SOLO_BASE[deal.game] * level
        sign = 1 if won else -1
        points = tuple(sign * 3 * value if pid == deal.player else -sign * value for pid in seats)
        return ScoredDeal(0, deal.game, deal.level, None, won, deal.player, value, points), []
    return None, [Problem(where.path, where.line("game"), f"unknown game '{deal.game}'")]


def score_deals(table: Table) -> tuple[list[ScoredDeal], tuple | None, list[Problem]]:
    """Score a table's protocol deal by deal: the scored deals with running
    totals, the table's small points (None if a deal is invalid) and the problems."""
    problems: list[Problem] = []
    scored: list[ScoredDeal] = []
    running = [0] * len(table.players)
    for number, deal in enumerate(table.deals, start=1):
        result, found = deal_points(deal, table.players)
        problems += found
        if result is None:
            continue
        result.number = number
        running = [total + points for total, points in zip(running, result.points)]
        result.running = tuple(running)
        scored.append(result)
    return scored, (None if problems else tuple(running)), problems


# -- one table ---------------------------------------------------------------------

@dataclass
class BaskaTable:
    """A Baśka table as seated and, once played, scored.

    A full table (4 players) has ``small_points`` and ``placement`` once its
    result is in.  A ``short`` table (the 1-3 players left over) has no result
    to wait for: its ``placement`` are the fixed points and its players count
    0 small points.  ``deals`` is the scored protocol when the file gives one.
    A table recorded as never played (``unplayed``: the reason) has no
    result for anyone and needs none: it is settled (``has_result``) and
    counts nothing, not even a short table's fixed points.
    """

    table: int
    players: tuple
    short: bool = False
    small_points: tuple | None = None
    placement: tuple | None = None
    deals: list | None = None
    source: Table | None = None
    unplayed: str | None = None

    @property
    def has_result(self) -> bool:
        """Whether nothing more is to be recorded: its points, or the reason it was not played."""
        return self.placement is not None or self.unplayed is not None

    @property
    def winner(self) -> str | None:
        """The sole player with the most small points (None if tied or unplayed)."""
        if self.short or self.small_points is None:
            return None
        best = max(self.small_points)
        top = [pid for pid, sp in zip(self.players, self.small_points) if sp == best]
        return top[0] if len(top) == 1 else None

    def seat(self, player_id):
        """(small points, placement points) of one player; short tables give 0 small points."""
        i = self.players.index(player_id)
        small = 0 if self.short or self.small_points is None else self.small_points[i]
        return small, self.placement[i] if self.placement is not None else None

    def to_json(self) -> dict:
        data = {
            "table": self.table,
            "players": list(self.players),
            "short": self.short,
            "small_points": None if self.small_points is None else list(self.small_points),
            "placement_points": None if self.placement is None else [json_number(p) for p in self.placement],
            "winner": self.winner,
        }
        if self.unplayed is not None:
            data["unplayed"] = self.unplayed
        if self.deals is not None:
            data["deals"] = [d.to_json() for d in self.deals]
        return data


def score_table(table: Table, short: bool, place_points=PLACE_POINTS, short_points=SHORT_POINTS) -> tuple[BaskaTable, list[Problem]]:
    """Score one listed table (formats.md 5, "Round result" and "Deal protocol").

    A short table takes no result: its players get the fixed points.  A full
    table's small points come from ``seats`` (seat → points) or are computed
    from its ``deals``; when both are given they must agree.  Given totals
    must sum to 0.  Placement points follow from the small points.
    """
    where = table.where
    problems: list[Problem] = []
    size = len(table.players)
    if size > TABLE_SIZE:
        problems.append(Problem(where.path, where.line("seats"), f"table {table.table} seats {size} players; a Baśka table seats at most {TABLE_SIZE}"))
        return BaskaTable(table.table, table.players, source=table), problems
    if table.unplayed is not None:  # a result beside the reason is refused (podium_core.modelling)
        return BaskaTable(table.table, table.players, short=short, source=table, unplayed=table.unplayed), problems
    if short:
        if table.scores is not None or table.deals is not None:
            problems.append(Problem(where.path, where.line("deals" if table.scores is None else "seats"),
                                    f"table {table.table} is a short table ({size} player{'s' if size > 1 else ''}): "
                                    "it is not played and takes no result (list its seats only)"))
        points = short_table_points(size, short_points)
        return BaskaTable(table.table, table.players, short=True, placement=(points,) * size, source=table), problems
    small = table.scores
    deals = None
    if table.deals is not None:
        deals, computed, found = score_deals(table)
        problems += found
        if computed is not None and small is not None:
            for pid, given, counted in zip(table.players, small, computed):
                if given != counted:
                    problems.append(Problem(where.path, where.line("seats", pid),
                                            f"table {table.table}: {pid} has {given} small points here but the deals give {counted}"))
        if small is None:
            small = computed
    elif small is not None:
        total = sum(small)
        if total != 0:
            problems.append(Problem(where.path, where.line("seats"),
                                    f"table {table.table}: small points sum to {total}, but a table's small points must sum to 0"))
    result = BaskaTable(table.table, table.players, deals=deals, source=table)
    if small is not None:
        # kept even when faulty: the problems stop the build before anything is ranked
        result.small_points = tuple(small)
        result.placement = placement_points(small, place_points)
    if table.winner is not None and (small is None or result.winner != table.winner):
        problems.append(Problem(where.path, where.line("winner"),
                                f"table {table.table}: winner '{table.winner}' does not match the small points "
                                "(the only player with the most small points wins; the field can be left out)"))
    return result, problems


# -- ranking -------------------------------------------------------------------------

def add_tables(ledger: Ledger, tables, number: int, firsts=FIRST_VALUES, seconds=SECOND_VALUES) -> Ledger:
    """Enter the scored tables of round ``number`` in a ledger: each player's
    placement points, small points (0 at a short table) and whether the
    round counts as a "first" or a "second" (by value, formats.md 5)."""
    firsts, seconds = frozenset(firsts), frozenset(seconds)  # numbers equal as values hash alike
    for table in tables:
        if table.placement is None:  # no result yet, or not played
            continue
        for pid in table.players:
            small, points = table.seat(pid)
            ledger.add(pid, LedgerEntry(number, placement=points, small=small, first=points in firsts, second=points in seconds))
    return ledger


class BaskaRun(Run):
    """One evaluation of one event: every round in order, then the classification."""

    def __init__(self, fmt, event: Event):
        super().__init__(fmt, event)
        self.ids = [p.id for p in event.players]
        self.played: list[BaskaTable] = []  # tables of the complete rounds so far
        self.sums = fmt.ledger(event)  # the complete rounds so far, kept up to date round by round
        self.criteria = fmt.criteria
        self.firsts = fmt.first_values
        self.seconds = fmt.second_values
        self.complete: list[RoundOutcome] = []  # rounds complete with every earlier round
        self.prefix_complete = True

    def run(self) -> EventOutcome:
        # stage and round-number problems are found by the pipeline (System.check_stages)
        if len(self.ids) < MIN_PLAYERS:
            where = self.event.where
            self.problems.append(Problem(where.path, where.line("players"),
                                         f"the Baśka Grand Prix needs at least {MIN_PLAYERS} players; this event has {len(self.ids)}"))
            return self.out
        for rnd in self.event.stage_rounds(STAGE):
            if rnd.round > self.fmt.total_rounds:
                continue  # reported by check_stages
            self._round(rnd)
        self._sessions()
        if len(self.complete) == self.fmt.total_rounds:
            final = self.out.standings[-1].rows
            self.out.classification = [Place(row.rank, row.player) for row in final]
        return self.out

    def _check_session(self, rnd: Round) -> int:
        """Each round file names its session, which must be ceil(round / rounds_per_session)."""
        session = self.fmt.session_of(rnd.round)
        where = rnd.where
        if rnd.session is None:
            self.problems.append(Problem(where.path, where.line("round"),
                                         f"grand-prix round {rnd.round} has no session: add session: {session}"))
        elif rnd.session != session:
            self.problems.append(Problem(where.path, where.line("session"),
                                         f"grand-prix round {rnd.round} belongs to session {session} "
                                         f"({self.fmt.rounds_per_session} rounds per session), not session {rnd.session}"))
        return session

    def _round(self, rnd: Round):
        number = rnd.round
        session = self._check_session(rnd)
        present = self.attendance.seated(STAGE, number)
        purpose = f"{STAGE}/{number}"
        order = draw_order(present, self.event.seed, purpose)
        expected = slice_tables(order, fours_and_leftover(len(order)))
        seating = Seating("draw", purpose=purpose, order=tuple(order),
                          rule=N_("Verifiable draw of every player not absent: ascending key, cut into tables of 4; "
                                  "the players left over sit at a short last table."))
        if not present:
            self.problems.append(Problem(rnd.where.path, rnd.where.line("absent" if rnd.absent else "round"),
                                         f"grand-prix round {number}: no player is seated (every player is absent, "
                                         "has withdrawn or joins later)"))
        if rnd.listed:
            self.problems.extend(compare_seating(rnd, expected))
            if rnd.manual:
                seating.method, seating.manual = "manual", rnd.manual
            units = []
            for table in rnd.tables:
                result, found = score_table(table, len(table.players) < TABLE_SIZE, self.fmt.place_points, self.fmt.short_points)
                self.problems.extend(found)
                units.append(result)
        else:
            seating.filled = True
            units = [self._filled(i + 1, players) for i, players in enumerate(expected)]
        status = self._status(units, rnd.listed)
        outcome = RoundOutcome(STAGE, number, "tables", status, units, seating, source=rnd, session=session,
                               title=Text("Round %(number)s (session %(session)s)", number=number, session=session))
        outcome.extra["session"] = session
        outcome.extra["round_in_session"] = number - (session - 1) * self.fmt.rounds_per_session
        self.out.rounds.append(outcome)
        if status == "complete" and self.prefix_complete:
            self.complete.append(outcome)
            self.played += units
            add_tables(self.sums, units, number, self.firsts, self.seconds)  # each round is added once
            rows = rank(self.ids, self.criteria, self.sums, self.lots)
            self.out.standings.append(Standing(STAGE, None, number, self.criteria, rows))
        else:
            self.prefix_complete = False

    def _filled(self, number: int, players) -> BaskaTable:
        players = tuple(players)
        if len(players) < TABLE_SIZE:
            points = short_table_points(len(players), self.fmt.short_points)
            return BaskaTable(number, players, short=True, placement=(points,) * len(players))
        return BaskaTable(number, players)

    @staticmethod
    def _status(units, listed: bool) -> str:
        """Status by the full tables' results; a short table needs none."""
        full = [u.has_result for u in units if not u.short]
        if not full:
            return "complete" if listed and units else "upcoming"
        return round_status(full)

    def _sessions(self):
        """Per-session data for the site: each session's rounds and its own ranking
        over that session's complete rounds."""
        sessions = []
        rounds_by_session: dict = {}
        for outcome in self.out.rounds:
            rounds_by_session.setdefault(outcome.session, []).append(outcome)
        complete = {id(r) for r in self.complete}
        for session in range(1, self.fmt.sessions + 1):
            rounds = rounds_by_session.get(session, [])
            done = [r for r in rounds if id(r) in complete]
            standing = None
            if done:
                ledger = self.fmt.ledger(self.event)
                for r in done:
                    add_tables(ledger, r.units, r.round, self.firsts, self.seconds)
                standing = Standing(STAGE, None, done[-1].round, self.criteria, rank(self.ids, self.criteria, ledger, self.lots))
            first = (session - 1) * self.fmt.rounds_per_session + 1
            sessions.append({
                "session": session,
                "rounds": list(range(first, first + self.fmt.rounds_per_session)),
                "files": [r.round for r in rounds],
                "complete": len(done) == self.fmt.rounds_per_session,
                "standing": standing,
            })
        self.out.extra["sessions"] = sessions
