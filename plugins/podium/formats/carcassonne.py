"""The Carcassonne championship of Latvia (formats.md section 3).

Two-player games in a Swiss stage (``swiss``) followed by an eight-player
knockout (``playoff``).

* **Field.**  Up to 32 players (a reserve not counted) play one group of six
  Swiss rounds; a larger field is split into groups A and B that play five
  rounds each, every game inside its own group.  The organisers complete an
  odd field with one reserve player (``reserve: true``), who plays every Swiss
  round and counts for the opponents' Buchholz but never takes a playoff or
  classification place.
* **Swiss pairing.**  Round 1 is the verifiable draw (purpose ``swiss/1``):
  consecutive pairs of the key order, the earlier-drawn player starts.  Later
  rounds pair the ranking from the top, avoiding a repeat of the previous
  round (option ``avoid_rematch: always``: of any earlier round), searching
  depth-first (:func:`pair_swiss`).  The higher-ranked player starts.
* **Ranking.**  Wins (a draw is half a win), then Buchholz, then the sum of
  score differences, then lots (:data:`CRITERIA`).
* **Playoff.**  The best eight (or the best four of each group) meet in
  quarterfinals, semifinals, a final and a game for third place; a drawn game
  goes to the player who used less clock time, then to the better Swiss rank.
* **Classification.**  Final, third-place game, quarterfinal losers by their
  Swiss values, then everyone else the same way; the reserve is listed last
  without a place.

Everything stays exact: wins and Buchholz are whole numbers (``int``) or
halves (``Fraction``), scores are integers.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction

from ..draw import draw_order
from ..errors import Problem
from ..model import Event, Game, Round
from ..numbers import json_number
from ..outcome import EventOutcome, Place, RoundOutcome, Seating
from ..ranking import Criterion, Standing, rank
from ..seating import SeatingError, pairs
from ..text import N_, Text
from .base import Format, Run, StageSpec, compare_seating, opponent_of, round_status
from .shape import manual_shape

ONE_GROUP_LIMIT = 32  # more players than this (a reserve not counted): two groups
ONE_GROUP_ROUNDS = 6
TWO_GROUP_ROUNDS = 5
PLAYOFF_ROUNDS = 3
AVOID_REMATCH = ("consecutive", "always")
GROUPS = ("A", "B")
PLAYOFF_TITLES = {1: N_("Quarterfinals"), 2: N_("Semifinals"), 3: N_("Final and third-place game")}


def clock_seconds(text: str) -> int:
    """Clock time used, written ``m:ss``, in seconds."""
    minutes, seconds = text.split(":")
    return int(minutes) * 60 + int(seconds)


# -- one game -------------------------------------------------------------------

@dataclass
class CarcassonneGame:
    """A two-player game as seated and, once played, decided.

    ``score`` is the file's record; ``counted`` is what the ranking uses: a
    player who ran out of clock time (``forfeit``) counts 0 and the opponent's
    recorded score stands.  ``points`` (Swiss only) are 1, ½ or 0 per player.
    ``winner`` is None for an unplayed game and for a Swiss draw; a playoff game
    always gets a winner once its result is complete, and ``decided_by`` says
    how: ``score``, ``forfeit``, ``time``, ``rank``, ``buchholz``,
    ``score_diff`` or ``lots``.  ``place`` is 1 for the final and 3 for the
    third-place game; ``seeds`` the playoff labels (``"1"``/``"8"``,
    ``"A1"``/``"B4"``).
    """

    table: int
    players: tuple
    group: str | None = None
    score: tuple | None = None
    counted: tuple | None = None
    forfeit: str | None = None
    time: tuple | None = None
    place: int | None = None
    winner: str | None = None
    points: tuple | None = None
    decided_by: str | None = None
    seeds: tuple = ()
    source: Game | None = field(default=None, repr=False)

    @property
    def has_result(self) -> bool:
        return self.score is not None

    @property
    def loser(self) -> str | None:
        return opponent_of(self.players, self.winner)

    @property
    def draw(self) -> bool:
        """Equal counted scores and nobody out of time."""
        return self.counted is not None and self.forfeit is None and self.counted[0] == self.counted[1]

    def opponent(self, player_id: str) -> str:
        return self.players[1] if player_id == self.players[0] else self.players[0]

    def to_json(self) -> dict:
        data = {
            "table": self.table,
            "players": list(self.players),
            "score": None if self.score is None else list(self.score),
            "winner": self.winner,
            "forfeit": self.forfeit,
            "time": None if self.time is None else list(self.time),
            "place": self.place,
            "group": self.group,
        }
        if self.counted is not None:
            data["counted_score"] = list(self.counted)
        if self.points is not None:
            data["points"] = [json_number(p) for p in self.points]
        if self.decided_by is not None:
            data["decided_by"] = self.decided_by
        if self.seeds:
            data["seeds"] = list(self.seeds)
        return data


def read_game(game: Game, group: str | None = None, place: int | None = None) -> CarcassonneGame:
    """A game of a round file with its counted scores and, by score alone, its winner.

    The forfeiting player's score counts as 0 and they lose whatever the
    scores say; otherwise the higher counted score wins and equal scores are a
    draw (``winner`` None: the Swiss stage gives ½ each, the playoff decides
    it by clock time and rank, see :meth:`_Run._decide_playoff`).
    """
    unit = CarcassonneGame(game.table, tuple(game.players), group, forfeit=game.forfeit,
                           time=game.time, place=game.place if game.place is not None else place, source=game)
    if game.score is None:
        return unit
    unit.score = tuple(game.score)
    counted = list(game.score)
    if game.forfeit in unit.players:
        counted[unit.players.index(game.forfeit)] = 0
    unit.counted = tuple(counted)
    if game.forfeit in unit.players:
        unit.winner = unit.opponent(game.forfeit)
        unit.decided_by = "forfeit"
    elif counted[0] != counted[1]:
        unit.winner = unit.players[0] if counted[0] > counted[1] else unit.players[1]
        unit.decided_by = "score"
    return unit


def swiss_points(unit: CarcassonneGame) -> tuple:
    """1 for a win, ½ each for a draw, 0 for a loss (formats.md 3, "Game result")."""
    if unit.winner is None:
        return (HALF, HALF)
    return (ONE, ZERO) if unit.winner == unit.players[0] else (ZERO, ONE)


ONE, HALF, ZERO = Fraction(1), Fraction(1, 2), Fraction(0)


# -- ranking ----------------------------------------------------------------------

@dataclass
class Record:
    """One player's Swiss games so far: wins in half points, score difference, opponents."""

    halves: int = 0
    diff: int = 0
    games: int = 0
    opponents: list = field(default_factory=list)


def _halves(count: int):
    """``count`` half points as an exact number: an int when whole, else a Fraction.

    Whole values stay plain ints so that ranking a large field compares ints,
    not Fractions; the values are exact either way.
    """
    return count // 2 if count % 2 == 0 else Fraction(count, 2)


class SwissTally:
    """Wins, Buchholz and score difference over the Swiss games played so far."""

    def __init__(self):
        self.records: dict = {}

    def record(self, player_id: str) -> Record:
        found = self.records.get(player_id)
        if found is None:
            found = self.records[player_id] = Record()
        return found

    def add(self, unit: CarcassonneGame) -> None:
        """Count one played Swiss game for both players."""
        winner = unit.winner
        for i, pid in enumerate(unit.players):
            rec = self.record(pid)
            rec.halves += 1 if winner is None else 2 if winner == pid else 0
            rec.diff += unit.counted[i] - unit.counted[1 - i]
            rec.games += 1
            rec.opponents.append(unit.players[1 - i])

    def wins(self, player_id: str):
        rec = self.records.get(player_id)
        return _halves(rec.halves) if rec else 0

    def buchholz(self, player_id: str):
        """The current wins of every opponent met, summed (a repeat opponent twice)."""
        rec = self.records.get(player_id)
        if rec is None:
            return 0
        records = self.records
        return _halves(sum(records[o].halves for o in rec.opponents))

    def score_diff(self, player_id: str) -> int:
        rec = self.records.get(player_id)
        return rec.diff if rec else 0


# the criteria's ``compute``: module-level functions, so outcomes pickle
def _wins(pid, tally):
    return tally.wins(pid)


def _buchholz(pid, tally):
    return tally.buchholz(pid)


def _score_diff(pid, tally):
    return tally.score_diff(pid)


CRITERIA = (
    Criterion("wins", N_("Wins"), N_("W"),
              N_("Games won; a drawn game counts ½. A player who runs out of clock time loses the game."),
              _wins),
    Criterion("buchholz", N_("Buchholz"), N_("Bh"),
              N_("The wins each opponent has now, added up over every game played (an opponent met twice is counted twice)."),
              _buchholz),
    Criterion("score_diff", N_("Score difference"), N_("+/−"),
              N_("Own score minus the opponent's in each game, added up; a player who ran out of clock time counts 0 points in that game."),
              _score_diff),
)


# -- Swiss pairing -----------------------------------------------------------------

def pair_swiss(order, forbidden) -> list[tuple[str, str]] | None:
    """Pair a ranked field top-down without forbidden rematches, or None if impossible.

    The rule (formats.md 3): the best-ranked player still unpaired meets the
    best-ranked unpaired player they may meet; when that choice leaves the
    others impossible to pair, the next allowed player is tried instead, and
    so on depth-first.  The result is the first pairing in that search order;
    each pair lists the higher-ranked player first (they start).

    ``order`` is the ranking, best first; ``forbidden`` maps a player to the
    players they may not meet (either direction is enough).

    Speed: let ``d`` be the most forbidden opponents any player has.  Among
    ``m >= 2d + 2`` unpaired players everyone may meet at least half of the
    others, so by Dirac's theorem the rest can always be paired; the first
    allowed partner is then the search's answer without trying anything.
    Only the last fewer than ``2d + 4`` players need a real (memoised)
    depth-first search, so a field of any size is paired in about ``n * d``
    steps.
    """
    order = list(order)
    n = len(order)
    if n % 2:
        raise SeatingError(f"{n} players cannot be paired (odd count)")
    index = {pid: i for i, pid in enumerate(order)}
    banned = [set() for _ in range(n)]
    for pid, others in forbidden.items():
        i = index.get(pid)
        if i is None:
            continue
        for other in others:
            j = index.get(other)
            if j is not None and j != i:
                banned[i].add(j)
                banned[j].add(i)
    degree = max((len(b) for b in banned), default=0)
    safe = 2 * degree + 2  # this many unpaired players can always be paired
    after = list(range(1, n + 1))  # a linked list of the unpaired, in rank order
    before = list(range(-1, n - 1))
    head = 0

    def unlink(i):
        nonlocal head
        p, q = before[i], after[i]
        if p >= 0:
            after[p] = q
        else:
            head = q
        if q < n:
            before[q] = p

    result = []
    left = n
    while left - 2 >= safe:
        top = head
        partner = after[top]
        while partner in banned[top]:
            partner = after[partner]
        unlink(top)
        unlink(partner)
        result.append((order[top], order[partner]))
        left -= 2
    rest = []
    i = head
    while i < n:
        rest.append(i)
        i = after[i]
    tail = _pair_exactly(rest, banned)
    if tail is None:
        return None
    result.extend((order[a], order[b]) for a, b in tail)
    return result


def _pair_exactly(rest: list, banned: list) -> list | None:
    """The depth-first search of :func:`pair_swiss` over a small set of positions.

    ``rest`` holds rank positions in ascending order; sets of unpaired players
    already found impossible are remembered, so no set is searched twice.
    """
    failed = set()

    def solve(mask):
        if not mask:
            return []
        if mask in failed:
            return None
        low = mask & -mask
        top = rest[low.bit_length() - 1]
        others = mask ^ low
        bits = others
        while bits:
            bit = bits & -bits
            bits ^= bit
            partner = rest[bit.bit_length() - 1]
            if partner in banned[top]:
                continue
            found = solve(others ^ bit)
            if found is not None:
                return [(top, partner)] + found
        failed.add(mask)
        return None

    return solve((1 << len(rest)) - 1)


# -- groups ---------------------------------------------------------------------------

def split_groups(players, seed: str) -> tuple[dict, dict]:
    """Split a large field into groups A and B (formats.md 3, "Two groups").

    Players with a ``previous_place`` (last year's championship), best place
    first, go to A, B, A, B, ... in turn.  Everyone else, the reserve included,
    follows in draw order (purpose ``groups``), each joining whichever group
    is smaller at that moment (A when they are equal).  If both groups end up
    odd, the last player drawn moves to the other group so that both can be
    paired (when nobody was drawn, the last player placed by previous place
    moves).  Equal previous places are ordered by the same draw.

    Returns the groups (``{"A": [...], "B": [...]}``) and how the split was
    made (``previous_place``, ``drawn``, ``moved``) for the site.
    """
    from ..draw import key

    placed = sorted((p for p in players if p.previous_place is not None and not p.reserve),
                    key=lambda p: (p.previous_place, key(seed, "groups", p.id)))
    placed_ids = {p.id for p in placed}
    groups = {"A": [], "B": []}
    for i, player in enumerate(placed):
        groups[GROUPS[i % 2]].append(player.id)
    drawn = draw_order([p.id for p in players if p.id not in placed_ids], seed, "groups")
    for pid in drawn:
        groups["A" if len(groups["A"]) <= len(groups["B"]) else "B"].append(pid)
    moved = None
    if len(groups["A"]) % 2 and len(groups["B"]) % 2:
        moved = drawn[-1] if drawn else placed[-1].id
        home = "A" if moved in groups["A"] else "B"
        groups[home].remove(moved)
        groups["B" if home == "A" else "A"].append(moved)
    info = {"previous_place": [p.id for p in placed], "drawn": drawn, "moved": moved}
    return groups, info


# -- the format ---------------------------------------------------------------------------

class CarcassonneLV(Format):
    """Carcassonne championship of Latvia (formats.md 3).

    Option ``avoid_rematch``: ``consecutive`` (default; players who met in the
    previous round may not meet again) or ``always`` (no pair meets twice in
    the Swiss stage).
    """

    id = "carcassonne-lv"
    system = "carcassonne"
    title = N_("Carcassonne championship of Latvia")
    kind = "games"
    criteria = CRITERIA

    @property
    def avoid_rematch(self) -> str:
        value = self.options.get("avoid_rematch", "consecutive")
        return value if value in AVOID_REMATCH else "consecutive"

    @staticmethod
    def group_count(event: Event | None) -> int:
        """Two groups when more than 32 players take part, a reserve not counted."""
        if event is None:
            return 1
        return 2 if sum(not p.reserve for p in event.players) > ONE_GROUP_LIMIT else 1

    def swiss_rounds(self, event: Event | None) -> int:
        return TWO_GROUP_ROUNDS if self.group_count(event) == 2 else ONE_GROUP_ROUNDS

    def stages(self, event: Event | None = None) -> list[StageSpec]:
        return [StageSpec("swiss", self.swiss_rounds(event), N_("Swiss")),
                StageSpec("playoff", PLAYOFF_ROUNDS, N_("Playoff"), named_rounds=True)]

    def evaluate(self, event: Event) -> EventOutcome:
        return _Run(self, event).run()

    def rules_facts(self) -> list[tuple]:
        rematch = (Text("Two players never meet twice in the Swiss stage (avoid_rematch: always).")
                   if self.avoid_rematch == "always" else
                   Text("Two players who met in the previous round are not paired again (avoid_rematch: consecutive)."))
        return [
            (N_("Games"), N_("Two players per game. A win counts 1 and a draw ½ in the Swiss stage. A player who runs out of "
                             "clock time loses and counts 0 points; the opponent's score stands.")),
            (N_("Groups"), Text("Up to %(limit)s players (a reserve not counted) play one group of %(rounds)s Swiss "
                                "rounds; more players are split into groups A and B of %(group_rounds)s rounds each. Players with "
                                "last year's place go to A, B, A, B in that order; the others are drawn (purpose groups) into the "
                                "smaller group, A when equal. If both groups would be odd, the last player drawn changes group.",
                                limit=ONE_GROUP_LIMIT, rounds=ONE_GROUP_ROUNDS, group_rounds=TWO_GROUP_ROUNDS)),
            (N_("Reserve"), N_("An odd field is completed by one reserve player of the organisers, who plays every Swiss round "
                               "and counts for the opponents' Buchholz but takes no playoff or classification place.")),
            (N_("Swiss pairing"), Text("Round 1: verifiable draw (purpose swiss/1), consecutive pairs, the earlier-drawn player "
                                       "starts. Later rounds: the highest-ranked unpaired player meets the highest-ranked unpaired "
                                       "player allowed, backtracking when the rest could not be paired; the higher-ranked player "
                                       "starts. %(rematch)s", rematch=rematch)),
            (N_("Ranking"), N_("Wins, then Buchholz (the current wins of all opponents met), then the sum of score "
                               "differences, then the drawing of lots.")),
            (N_("Playoff"), N_("Quarterfinals 1-8, 2-7, 3-6, 4-5 (two groups: A1-B4, A2-B3, A3-B2, A4-B1), semifinals, a final "
                               "and a game for third place. The higher Swiss rank starts. A drawn game goes to the player who "
                               "used less clock time, then to the better Swiss rank, then Buchholz, score difference and lots.")),
            (N_("Classification"), N_("1-2 from the final, 3-4 from the third-place game, 5-8 the quarterfinal losers by their "
                                      "Swiss values (wins, Buchholz, score difference, lots), then everyone else the same way. "
                                      "The reserve player is listed last without a place.")),
        ]


@dataclass
class Seed:
    """A playoff player: their group, place among the group's qualifiers, and Swiss values."""

    player: str
    group: str | None
    number: int  # 1..8 with one group, 1..4 inside the group with two
    wins: int | Fraction
    buchholz: int | Fraction
    score_diff: int

    @property
    def label(self) -> str:
        return f"{self.group or ''}{self.number}"


class _Run(Run):
    """One evaluation of one event: the Swiss stage, the playoff, the classification."""

    def __init__(self, fmt: CarcassonneLV, event: Event):
        super().__init__(fmt, event)
        self.rounds = fmt.swiss_rounds(event)
        self.sequence = [("swiss", n) for n in range(1, self.rounds + 1)] + [("playoff", n) for n in range(1, PLAYOFF_ROUNDS + 1)]
        self.tally = SwissTally()
        self.history: list[dict] = []  # per Swiss round: player -> opponent
        self.ranking: dict = {}  # group -> rows of the latest standing
        self.groups: dict = {}
        self.group_of: dict = {}
        self.reserves: frozenset = frozenset()
        self.waiting: Text | None = None  # why the next round cannot be seated
        self.block_reported = False
        self.seeds: dict = {}  # player -> Seed, once the Swiss stage is complete
        self.playoff: dict = {}  # round number -> RoundOutcome

    # -- driver -------------------------------------------------------------------

    def run(self) -> EventOutcome:
        self.problems += self.fmt.check_stages(self.event)
        if not self._field():
            return self.out
        for position, (stage, number) in enumerate(self.sequence):
            rnd = self.files.get((stage, number))
            if rnd is None:
                self._later_files_need(position)
                break
            if stage == "swiss":
                self._swiss(rnd, position)
            else:
                self._playoff(rnd, position)
        self._extras()
        return self.out

    def _field(self) -> bool:
        """Check the field can be paired and make the group(s)."""
        event, where = self.event, self.event.where
        reserves = [p for p in event.players if p.reserve]
        regular = len(event.players) - len(reserves)
        ok = True
        for extra in reserves[1:]:
            self.problems.append(Problem(where.path, extra.where.line("reserve"),
                                         f"only one reserve player is allowed; {reserves[0].id} is already the reserve"))
            ok = False
        if reserves and regular % 2 == 0 and ok:
            self.problems.append(Problem(where.path, reserves[0].where.line("reserve"),
                                         f"the field of {regular} players is even, so it needs no reserve player: remove reserve: true"))
            ok = False
        if not reserves and regular % 2:
            self.problems.append(Problem(where.path, where.line("players"),
                                         f"{regular} players is an odd field: the organisers must add a reserve player "
                                         f"(a player entry with reserve: true)"))
            ok = False
        if not ok:
            return False
        self.reserves = frozenset(p.id for p in reserves)
        if self.fmt.group_count(event) == 2:
            self.groups, split = split_groups(event.players, event.seed)
            self.out.extra["groups"] = {g: list(ids) for g, ids in self.groups.items()}
            self.out.extra["group_split"] = split
        else:
            self.groups = {None: [p.id for p in event.players]}
        self.group_of = {pid: g for g, ids in self.groups.items() for pid in ids}
        return True

    def _later_files_need(self, position: int):
        """Files of later rounds exist although the round at ``position`` has none."""
        stage, number = self.sequence[position]
        later = {key: i for i, key in enumerate(self.sequence) if i > position}
        for rnd in sorted(self.event.rounds, key=lambda r: r.where.path):
            if (rnd.stage, rnd.round) in later:
                self.problems.append(Problem(rnd.where.path, rnd.where.line("stage"),
                                             f"{rnd.stage} round {rnd.round} cannot come yet: {stage} round {number} has no file"))

    def _later_listed(self, position: int) -> Round | None:
        """The first later round file that lists games, if any."""
        for stage, number in self.sequence[position + 1:]:
            rnd = self.files.get((stage, number))
            if rnd is not None and rnd.listed:
                return rnd
        return None

    # -- the Swiss stage --------------------------------------------------------------

    def _swiss(self, rnd: Round, position: int):
        number = rnd.round
        title = Text("Swiss round %(number)s", number=number)
        if self.waiting:
            self._unchecked(rnd, title)
            return
        expected, orders, impossible = [], {}, []
        forbidden = self._forbidden() if number > 1 else {}
        for group, ids in self.groups.items():
            if number == 1:
                order = draw_order(ids, self.event.seed, "swiss/1")
                games = pairs(order)
            else:
                order = [row.player for row in self.ranking[group]]
                games = pair_swiss(order, forbidden)
            orders[group] = order
            if games is None:
                impossible.append(group)
                continue
            expected += [(tuple(players), group, None) for players in games]
        every = tuple(pid for order in orders.values() for pid in order)
        if number == 1:
            seating = Seating("draw", purpose="swiss/1", order=every,
                              rule=N_("Verifiable draw (purpose swiss/1): each group's players in ascending key order, "
                                      "paired 1-2, 3-4, ...; the earlier-drawn player starts."))
        else:
            if self.fmt.avoid_rematch == "always":
                rule = Text("By the ranking after Swiss round %(round)s: the highest-ranked unpaired player meets "
                            "the highest-ranked unpaired player they did not meet in any earlier round, backtracking when "
                            "the rest could not be paired; the higher-ranked player starts.", round=number - 1)
            else:
                rule = Text("By the ranking after Swiss round %(round)s: the highest-ranked unpaired player meets "
                            "the highest-ranked unpaired player they did not meet in the previous round, backtracking when "
                            "the rest could not be paired; the higher-ranked player starts.", round=number - 1)
            seating = Seating("pairing", order=every, rule=rule)
        if impossible and not (rnd.listed and rnd.manual):
            names = " and ".join(f"group {g}" for g in impossible) if impossible != [None] else "the field"
            avoid = "repeat an earlier game" if self.fmt.avoid_rematch == "always" else "repeat a game of the previous round"
            self.problems.append(Problem(rnd.where.path, rnd.where.line("games" if rnd.listed else "round"),
                                         f"no pairing of {names} for Swiss round {number} satisfies the rules (every pairing "
                                         f"would {avoid}): record the seating with manual: \"reason\""))
            self.block_reported = True
            if not rnd.listed:
                self.waiting = Text("no pairing for %(round)s satisfies the rules", round=title)
                self._unchecked(rnd, title)
                return
        outcome = self._seat(rnd, expected, seating, title, position, check=not impossible)
        outcome.extra["orders"] = {g or "": list(o) for g, o in orders.items()}
        if len(self.groups) == 2:
            outcome.extra["group_tables"] = {g: [u.table for u in outcome.units if u.group == g] for g in GROUPS}
        for unit in outcome.units:
            if unit.has_result:
                unit.points = swiss_points(unit)
        if outcome.status != "complete":
            return
        opponents = {}
        for unit in outcome.units:
            self.tally.add(unit)
            a, b = unit.players
            opponents[a], opponents[b] = b, a
        self.history.append(opponents)
        for group, ids in self.groups.items():
            rows = rank(ids, CRITERIA, self.tally, self.lots, reserves=self.reserves)
            self.ranking[group] = rows
            self.out.standings.append(Standing("swiss", group, number, CRITERIA, rows))

    def _forbidden(self) -> dict:
        """Who may not meet whom next: the previous round's opponents, or every earlier one."""
        rounds = self.history if self.fmt.avoid_rematch == "always" else self.history[-1:]
        forbidden: dict = {}
        for opponents in rounds:
            for pid, other in opponents.items():
                forbidden.setdefault(pid, set()).add(other)
        return forbidden

    # -- seating, shared by both stages ------------------------------------------------

    def _seat(self, rnd: Round, expected: list, seating: Seating, title: str, position: int, check: bool = True) -> RoundOutcome:
        """Compare a listed round with the rules (or fill an upcoming one) and read its games.

        ``expected`` holds ``(players, group, place)`` per game in table order.
        """
        if rnd.listed:
            groups = ({pid: group for group, ids in self.groups.items() for pid in ids}
                      if rnd.stage == "swiss" and len(self.groups) == 2 else None)
            if check:
                self.problems.extend(compare_seating(rnd, [list(players) for players, _, _ in expected], groups=groups))
            elif rnd.manual:  # no pairing satisfies the rules: the shape is still theirs
                field = list(seating.order)
                self.problems.extend(manual_shape(rnd, [2] * (len(field) // 2), field, groups))
            if rnd.manual:
                seating.method, seating.manual = "manual", rnd.manual
            places = [place for _, _, place in expected]
            units = []
            for i, game in enumerate(rnd.games):
                if game.forfeit is not None and game.score is None:
                    self.problems.append(Problem(game.where.path, game.where.line("forfeit"),
                                                 f"table {game.table} records a forfeit but no score: give both scores "
                                                 "(the player out of time counts 0, the opponent's score stands)"))
                group = self._group_of_game(game.players) if rnd.stage == "swiss" else None
                place = places[i] if rnd.stage == "playoff" and i < len(places) else None
                units.append(read_game(game, group, place))
            self._check_places(rnd)
        else:
            seating.filled = True
            units = [CarcassonneGame(i + 1, players, group, place=place) for i, (players, group, place) in enumerate(expected)]
        status = round_status([u.has_result for u in units])
        outcome = RoundOutcome(rnd.stage, rnd.round, "games", status, units, seating, source=rnd, title=title)
        self.out.rounds.append(outcome)
        if status != "complete":
            self._incomplete(rnd, outcome, position)
        return outcome

    def _group_of_game(self, players) -> str | None:
        return self.group_of.get(players[0])

    def _check_places(self, rnd: Round):
        """``place`` belongs to playoff round 3 only: 1 at table 1 (final), 3 at table 2."""
        for i, game in enumerate(rnd.games):
            if game.place is None:
                continue
            if rnd.stage != "playoff" or rnd.round != PLAYOFF_ROUNDS:
                self.problems.append(Problem(game.where.path, game.where.line("place"),
                                             "place is only given in playoff round 3 (1 = final, 3 = third-place game)"))
            elif i < 2 and game.place != (1, 3)[i]:
                what = "the final (place: 1)" if i == 0 else "the third-place game (place: 3)"
                self.problems.append(Problem(game.where.path, game.where.line("place"),
                                             f"table {i + 1} of playoff round 3 is {what}"))

    def _incomplete(self, rnd: Round, outcome: RoundOutcome, position: int):
        """A round without every result blocks the next; a later listed round makes it an error."""
        self.waiting = Text("%(round)s is not complete", round=outcome.title)
        later = self._later_listed(position)
        if later is None:
            return
        if rnd.listed:
            for unit in outcome.units:
                if not unit.has_result:
                    game = unit.source
                    self.problems.append(Problem(game.where.path, game.where.line(),
                                                 f"table {unit.table} has no score, but {later.stage} round {later.round} "
                                                 f"is already listed: record this game's result"))
            self.block_reported = True

    def _unchecked(self, rnd: Round, title: str):
        """A round that cannot be seated yet: shown as recorded, or waiting."""
        if rnd.listed and not self.block_reported:
            self.problems.append(Problem(rnd.where.path, rnd.where.line(), f"this round cannot be checked yet: {self.waiting}"))
            self.block_reported = True
        units = []
        if rnd.listed:
            for game in rnd.games:
                unit = read_game(game, self._group_of_game(game.players) if rnd.stage == "swiss" else None)
                if unit.has_result and rnd.stage == "swiss":
                    unit.points = swiss_points(unit)
                units.append(unit)
        seating = Seating("manual", manual=rnd.manual) if rnd.manual else Seating("draw" if rnd.round == 1 and rnd.stage == "swiss" else "pairing" if rnd.stage == "swiss" else "bracket")
        status = round_status([u.has_result for u in units])
        outcome = RoundOutcome(rnd.stage, rnd.round, "games", status, units, seating, source=rnd, title=title,
                               waiting=None if rnd.listed else self.waiting)
        self.out.rounds.append(outcome)
        if rnd.stage == "playoff":
            self.playoff[rnd.round] = outcome

    # -- the playoff ---------------------------------------------------------------

    def _make_seeds(self, rnd: Round) -> bool:
        """The qualifiers: the best 8 (reserve excluded), or the best 4 of each group."""
        per_group = 8 if len(self.groups) == 1 else 4
        seeds = {}
        for group, rows in self.ranking.items():
            qualifiers = [row for row in rows if not row.reserve][:per_group]
            if len(qualifiers) < per_group:
                where = f"group {group} has" if group else "the field has"
                self.problems.append(Problem(rnd.where.path, rnd.where.line("stage"),
                                             f"the playoff needs {per_group} players besides the reserve, but {where} only {len(qualifiers)}"))
                self.block_reported = True
                return False
            for k, row in enumerate(qualifiers, 1):
                seeds[row.player] = Seed(row.player, group, k, row.values["wins"], row.values["buchholz"], row.values["score_diff"])
        self.seeds = seeds
        return True

    def _seeded(self, label: str) -> str:
        for seed in self.seeds.values():
            if seed.label == label:
                return seed.player
        raise KeyError(label)

    def _starting_order(self, a: str, b: str) -> tuple:
        """The higher Swiss rank starts: the better place inside one's group, A on equal places."""
        def rank_key(pid):
            seed = self.seeds.get(pid)  # None only after a manual playoff round
            return (seed.number, seed.group or "") if seed else (len(self.seeds) + 1, "")

        return tuple(sorted((a, b), key=rank_key))

    def _playoff(self, rnd: Round, position: int):
        number = rnd.round
        title = {1: N_("Quarterfinals"), 2: N_("Semifinals"), 3: N_("Final")}[number]
        if self.waiting:
            self._unchecked(rnd, title)
            return
        if number == 1 and not self._make_seeds(rnd):
            self.waiting = Text("the playoff cannot be seated")
            self._unchecked(rnd, title)
            return
        matchups = self._matchups(number)
        if matchups is None:
            self._unchecked(rnd, title)
            return
        expected = [(self._starting_order(a, b), None, place) for a, b, place in matchups]
        one = len(self.groups) == 1
        rule = {
            1: (N_("Quarterfinals by the final Swiss ranking (reserve excluded): 1-8, 2-7, 3-6, 4-5; "
                   "the higher Swiss rank starts.") if one else
                N_("Quarterfinals between the groups' top four: A1-B4, A2-B3, A3-B2, A4-B1; the higher Swiss rank starts.")),
            2: (N_("Semifinals: winner of 1-8 v winner of 4-5, winner of 2-7 v winner of 3-6; "
                   "the higher Swiss rank starts.") if one else
                N_("Semifinals: winner of A1-B4 v winner of A3-B2, winner of A2-B3 v winner of A4-B1; "
                   "the higher Swiss rank starts.")),
            3: N_("Final (table 1) between the semifinal winners; third-place game (table 2) between the semifinal "
                  "losers; the higher Swiss rank starts."),
        }[number]
        seating = Seating("bracket", order=tuple(p for players, _, _ in expected for p in players), rule=rule)
        outcome = self._seat(rnd, expected, seating, title, position)
        self.playoff[number] = outcome
        for unit in outcome.units:
            unit.seeds = tuple(self.seeds[p].label if p in self.seeds else "" for p in unit.players)
            if unit.has_result and unit.winner is None:
                self._decide_playoff(unit, rnd)
        outcome.extra["bracket"] = self._bracket_round(number)
        if number == PLAYOFF_ROUNDS and outcome.status == "complete":
            self._classify(outcome)

    def _matchups(self, number: int):
        """The games of playoff round ``number``: (player, player, place) in table order."""
        if number == 1:
            labels = ([("1", "8"), ("2", "7"), ("3", "6"), ("4", "5")] if len(self.groups) == 1 else
                      [("A1", "B4"), ("A2", "B3"), ("A3", "B2"), ("A4", "B1")])
            return [(self._seeded(a), self._seeded(b), None) for a, b in labels]
        previous = self.playoff.get(number - 1)
        needed = 4 if number == 2 else 2
        missing = [] if previous is None else [u.table for u in previous.units if u.winner is None]
        if previous is None or len(previous.units) < needed or missing:
            tables = ", ".join(map(str, missing))
            if previous is not None and missing:
                self.waiting = (Text("the quarterfinals have no winner at table %(tables)s", tables=tables) if number == 2 else
                                Text("the semifinals have no winner at table %(tables)s", tables=tables))
            else:
                self.waiting = (Text("the quarterfinals do not give %(needed)s games", needed=needed) if number == 2 else
                                Text("the semifinals do not give %(needed)s games", needed=needed))
            return None
        units = previous.units
        if number == 2:
            tables = [(0, 3), (1, 2)] if len(self.groups) == 1 else [(0, 2), (1, 3)]
            return [(units[i].winner, units[j].winner, None) for i, j in tables]
        return [(units[0].winner, units[1].winner, 1), (units[0].loser, units[1].loser, 3)]

    def _decide_playoff(self, unit: CarcassonneGame, rnd: Round):
        """Decide a drawn playoff game (formats.md 3, "Playoff draws").

        Less clock time used wins; on equal time the better Swiss rank (the
        place inside one's own group); on an equal place (A-k against B-k) the
        higher Buchholz, then the higher score difference, then lots.  Without
        recorded times the game cannot be decided: that is an error.
        """
        game = unit.source
        a, b = unit.players
        if unit.time is None:
            self.problems.append(Problem(game.where.path, game.where.line("score"),
                                         f"playoff round {rnd.round} table {unit.table} ({a} v {b}) is a draw: record both "
                                         f"players' clock time (time: [\"m:ss\", \"m:ss\"]); the player who used less time wins"))
            self.block_reported = True
            return
        used = [clock_seconds(t) for t in unit.time]
        if used[0] != used[1]:
            unit.winner = a if used[0] < used[1] else b
            unit.decided_by = "time"
            return
        sa, sb = self.seeds.get(a), self.seeds.get(b)
        if sa is None or sb is None:  # a manual playoff with a non-qualifier: lots only
            unit.winner = min((a, b), key=self.lots.sort_key)
            unit.decided_by = "lots"
            return
        for name, va, vb in (("rank", -sa.number, -sb.number), ("buchholz", sa.buchholz, sb.buchholz),
                             ("score_diff", sa.score_diff, sb.score_diff)):
            if va != vb:
                unit.winner = a if va > vb else b
                unit.decided_by = name
                return
        unit.winner = min((a, b), key=self.lots.sort_key)
        unit.decided_by = "lots"

    # -- classification ------------------------------------------------------------

    def _swiss_key(self, pid: str):
        """Order across groups: wins, Buchholz, score difference (all higher first), then lots."""
        return (-self.tally.wins(pid), -self.tally.buchholz(pid), -self.tally.score_diff(pid), self.lots.sort_key(pid))

    def _classify(self, final_round: RoundOutcome):
        """The final classification (formats.md 3, default).

        Places 1-2 from the final, 3-4 from the third-place game, 5-8 the
        quarterfinal losers and then everyone else, both by their final Swiss
        values compared across groups (wins, Buchholz, score difference,
        lots); the reserve last without a place.
        """
        units = final_round.units
        final = next((u for u in units if u.place == 1), None)
        third = next((u for u in units if u.place == 3), None)
        quarter = self.playoff.get(1)
        if final is None or third is None or final.winner is None or third.winner is None or quarter is None:
            return
        order = [final.winner, final.loser, third.winner, third.loser]
        losers = sorted((u.loser for u in quarter.units if u.loser is not None and u.loser not in order), key=self._swiss_key)
        order += losers
        taken = set(order)
        rest = [pid for pid in (p.id for p in self.event.players) if pid not in taken and pid not in self.reserves]
        order += sorted(rest, key=self._swiss_key)
        places = [Place(i + 1, pid) for i, pid in enumerate(order)]
        places += [Place(None, pid, reserve=True) for pid in (p.id for p in self.event.players)
                   if pid in self.reserves and pid not in taken]
        self.out.classification = places

    # -- data for the site: bracket and crosstable ------------------------------------

    def _bracket_round(self, number: int) -> dict:
        """One playoff round for a bracket view: each game's slots, players and result."""
        one = len(self.groups) == 1
        if number == 1:
            labels = ([("1", "8"), ("2", "7"), ("3", "6"), ("4", "5")] if one else
                      [("A1", "B4"), ("A2", "B3"), ("A3", "B2"), ("A4", "B1")])
            slots = [{"slots": list(pair)} for pair in labels]
        elif number == 2:
            tables = [(1, 4), (2, 3)] if one else [(1, 3), (2, 4)]
            slots = [{"from": [{"round": 1, "table": i, "takes": "winner"}, {"round": 1, "table": j, "takes": "winner"}]}
                     for i, j in tables]
        else:
            slots = [{"place": 1, "from": [{"round": 2, "table": 1, "takes": "winner"}, {"round": 2, "table": 2, "takes": "winner"}]},
                     {"place": 3, "from": [{"round": 2, "table": 1, "takes": "loser"}, {"round": 2, "table": 2, "takes": "loser"}]}]
        outcome = self.playoff.get(number)
        games = []
        for i, slot in enumerate(slots):
            entry = {"table": i + 1, **slot, "players": None, "seeds": None, "score": None, "winner": None, "decided_by": None}
            if outcome is not None and i < len(outcome.units):
                unit = outcome.units[i]
                entry.update(players=list(unit.players), seeds=list(unit.seeds) or None,
                             score=None if unit.score is None else list(unit.score),
                             winner=unit.winner, decided_by=unit.decided_by)
            games.append(entry)
        return {"round": number, "title": PLAYOFF_TITLES[number], "games": games}

    def _extras(self):
        out = self.out
        if self.groups:
            out.extra["crosstable"] = self._crosstable()
        if self.playoff or self.seeds:
            out.extra["bracket"] = {
                "groups": len(self.groups),
                "seeds": [{"player": s.player, "seed": s.label, "group": s.group} for s in
                          sorted(self.seeds.values(), key=lambda s: (s.group or "", s.number))],
                "rounds": [self._bracket_round(n) for n in range(1, PLAYOFF_ROUNDS + 1)],
            }

    def _crosstable(self) -> dict:
        """Each Swiss player's games by round: opponent, scores, points, who started."""
        by_player: dict = {pid: {} for ids in self.groups.values() for pid in ids}
        rounds = [r for r in self.out.rounds if r.stage == "swiss"]
        for outcome in rounds:
            for unit in outcome.units:
                for i, pid in enumerate(unit.players):
                    by_player.setdefault(pid, {})[outcome.round] = {
                        "round": outcome.round,
                        "table": unit.table,
                        "opponent": unit.players[1 - i],
                        "started": i == 0,
                        "score": None if unit.score is None else [unit.score[i], unit.score[1 - i]],
                        "counted": None if unit.counted is None else [unit.counted[i], unit.counted[1 - i]],
                        "points": None if unit.points is None else json_number(unit.points[i]),
                        "forfeit": unit.forfeit == pid,
                    }
        groups = []
        for group, ids in self.groups.items():
            rows = self.ranking.get(group)
            order = [row.player for row in rows] if rows else sorted(ids)
            groups.append({
                "group": group,
                "players": order,
                "rounds": [r.round for r in rounds],
                "games": {pid: [by_player[pid].get(r.round) for r in rounds] for pid in order},
            })
        return {"groups": groups}
