"""The Carcassonne engine (formats.md section 3, its options variants.md 2).

Two-player games in a Swiss stage (``swiss``) followed by a knockout
(``playoff``).  The numbers below are ``carcassonne-lv``'s; each is an option.

* **Field.**  Up to ``group_limit`` (32) players, a reserve not counted, play
  one group of six Swiss rounds; a larger field is split into groups A and B
  that play five rounds each, every game inside its own group (``groups``,
  ``swiss_rounds``; a player may carry ``group: A``/``B``).  The organisers
  complete an odd field with one reserve player (``reserve: true``), who plays
  every Swiss round and counts for the opponents' Buchholz but never takes a
  playoff or classification place; with ``odd_field: bye`` one player sits
  out each round instead and scores a win.
* **Swiss pairing.**  Round 1 is the verifiable draw (purpose ``swiss/1``):
  consecutive pairs of the key order, the earlier-drawn player starts.  Later
  rounds pair the ranking from the top, avoiding a repeat of the previous
  round (``avoid_rematch: always``: of any earlier round), searching
  depth-first (:func:`pair_swiss`).  The higher-ranked player starts.
* **Ranking.**  The ``ranking`` criteria of :mod:`podium_core.criteria` (wins, a
  draw half a win; Buchholz; the sum of score differences), then lots.
  Under ``tie_game: declared`` equal scores go to the game's ``winner:``.
* **Playoff.**  The best ``playoff_size`` (8; two groups: half from each)
  meet in quarterfinals, semifinals, a final and (``third_place``) a game for
  third place; a drawn game goes to the player who used less clock time, then
  to the better Swiss rank, then the ranking's criteria after wins.
  ``playoff_size: 0``: no playoff.
* **Classification.**  Final, third-place game (or the semifinal losers),
  quarterfinal losers by their Swiss values, then everyone else the same
  way; the reserve is listed last without a place.

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
from ..criteria import Entry, Ledger, criteria_for
from ..ranking import Standing, rank
from ..seating import SeatingError, pairs
from ..text import N_, Text
from .base import Format, Run, StageSpec, compare_seating, opponent_of, ranking_sentence, round_status
from ..roundfields import ALL, RoundFields
from .declarations import BUILTIN
from .manual_shape import manual_shape

ONE_GROUP_LIMIT = 32  # more players than this (a reserve not counted): two groups
ONE_GROUP_ROUNDS = 6
TWO_GROUP_ROUNDS = 5
GROUPS = ("A", "B")
DEFAULT_RANKING = ("wins", "buchholz", "score_diff")
# playoff rounds, counted back from the last: the final round, the semifinals, the quarterfinals
ROUND_NAMES = (N_("Final"), N_("Semifinals"), N_("Quarterfinals"))
PLAYOFF_ROUNDS = {8: 3, 4: 2, 2: 1, 0: 0}


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


def read_game(game: Game, group: str | None = None, place: int | None = None, declared: bool = False) -> CarcassonneGame:
    """A game of a round file with its counted scores and, by score alone, its winner.

    The forfeiting player's score counts as 0 and they lose whatever the
    scores say; otherwise the higher counted score wins.  Equal scores are a
    draw (``winner`` None: the Swiss stage gives ½ each, the playoff decides
    it by clock time and rank, see :meth:`_Run._decide_playoff`), except
    under ``tie_game: declared`` (``declared``), where the game's own
    ``winner:`` takes it (``decided_by`` ``declared``).
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
    elif declared and game.winner in unit.players:
        unit.winner = game.winner
        unit.decided_by = "declared"
    return unit


def winner_problems(game: Game, unit: CarcassonneGame, declared: bool) -> list[Problem]:
    """A game's ``winner:`` must agree with its scores and forfeit; under
    ``tie_game: declared`` a game with equal scores must have one, under
    ``half`` it may not (variants.md 2)."""
    if unit.score is None:
        if game.winner is not None:
            return [Problem(game.where.path, game.where.line("winner"), f"table {game.table} names a winner but has no score")]
        return []
    equal = unit.forfeit is None and unit.counted[0] == unit.counted[1]
    if equal and declared and game.winner is None:
        return [Problem(game.where.path, game.where.line("score"),
                        f"table {game.table} has equal scores: under tie_game: declared the game must name its winner: "
                        "(the player the event's tie rule chose)")]
    if game.winner is None:
        return []
    if equal and not declared:
        return [Problem(game.where.path, game.where.line("winner"),
                        f"table {game.table}: a game with equal scores is a draw here (tie_game: half); remove winner:")]
    if not equal and game.winner != unit.winner:
        why = "ran out of clock time" if unit.forfeit else "scored less"
        return [Problem(game.where.path, game.where.line("winner"),
                        f"table {game.table}: winner {game.winner} {why}; {unit.winner} won this game")]
    return []


def swiss_points(unit: CarcassonneGame) -> tuple:
    """1 for a win, ½ each for a draw, 0 for a loss (formats.md 3, "Game result")."""
    if unit.winner is None:
        return (HALF, HALF)
    return (ONE, ZERO) if unit.winner == unit.players[0] else (ZERO, ONE)


ONE, HALF, ZERO = 1, Fraction(1, 2), 0


# -- ranking ----------------------------------------------------------------------

def add_game(ledger: Ledger, unit: CarcassonneGame, number: int) -> None:
    """Enter one played Swiss game for both players: result, opponent, counted scores."""
    for i, pid in enumerate(unit.players):
        ledger.add(pid, Entry(number, result=unit.points[i], opponents=(unit.players[1 - i],),
                              score_for=unit.counted[i], score_against=unit.counted[1 - i]))


def add_bye(ledger: Ledger, player_id: str, number: int) -> None:
    """A bye: a win with score 0 and difference 0, one opponent with 0 wins (variants.md 2)."""
    ledger.add(player_id, Entry(number, result=1, bye=True))


CRITERIA = criteria_for("carcassonne", BUILTIN["carcassonne-lv"].options)


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

    A player who carries ``group: A`` or ``group: B`` (the organisers' own
    split, variants.md 2) is put there first and never moved; the others are
    split as above.

    Returns the groups (``{"A": [...], "B": [...]}``) and how the split was
    made (``previous_place``, ``drawn``, ``moved``) for the site.
    """
    from ..draw import key

    groups = {"A": [], "B": []}
    for player in players:
        if getattr(player, "group", None) in groups:
            groups[player.group].append(player.id)
    free = [p for p in players if getattr(p, "group", None) not in groups]
    placed = sorted((p for p in free if p.previous_place is not None and not p.reserve),
                    key=lambda p: (p.previous_place, key(seed, "groups", p.id)))
    placed_ids = {p.id for p in placed}
    for i, player in enumerate(placed):
        groups[GROUPS[i % 2]].append(player.id)
    drawn = draw_order([p.id for p in free if p.id not in placed_ids], seed, "groups")
    for pid in drawn:
        groups["A" if len(groups["A"]) <= len(groups["B"]) else "B"].append(pid)
    moved = None
    if len(groups["A"]) % 2 and len(groups["B"]) % 2 and (drawn or placed):
        moved = drawn[-1] if drawn else placed[-1].id
        home = "A" if moved in groups["A"] else "B"
        groups[home].remove(moved)
        groups["B" if home == "A" else "A"].append(moved)
    info = {"previous_place": [p.id for p in placed], "drawn": drawn, "moved": moved}
    return groups, info


# -- the format ---------------------------------------------------------------------------

class CarcassonneFormat(Format):
    """The Carcassonne engine (formats.md 3, variants.md 2): a Swiss stage in
    one or two groups, then a knockout playoff.

    Options: ``swiss_rounds`` (None: 6 with one group, 5 with two),
    ``groups`` (``auto``: two above ``group_limit`` players), ``playoff_size``
    (8, 4, 2 or 0), ``third_place``, ``odd_field`` (``reserve`` or ``bye``),
    ``tie_game`` (``half`` or ``declared``), ``avoid_rematch`` (``previous``
    or ``always``) and ``ranking``.
    """

    system = "carcassonne"
    kind = "games"

    @property
    def avoid_rematch(self) -> str:
        return self.options["avoid_rematch"]

    @property
    def playoff_size(self) -> int:
        return int(self.options["playoff_size"])

    @property
    def playoff_rounds(self) -> int:
        return PLAYOFF_ROUNDS[self.playoff_size]

    @property
    def third_place(self) -> bool:
        return bool(self.options["third_place"]) and self.playoff_size >= 4

    @property
    def byes(self) -> bool:
        return self.options["odd_field"] == "bye"

    @property
    def declared(self) -> bool:
        return self.options["tie_game"] == "declared"

    def equal_scores(self, stage: str) -> str:
        """What decides a game of ``stage`` with equal scores and no forfeit:
        ``declared`` (``tie_game: declared``: the game's ``winner:``),
        ``time`` (a playoff game: the clock, then the Swiss rank) or ``draw``
        (a Swiss game: ½ each)."""
        if self.declared:
            return "declared"
        return "time" if stage == "playoff" else "draw"

    def unit_problems(self, rnd) -> list[Problem]:
        """Each game's scores, forfeit and winner (:func:`read_game`, :func:`winner_problems`)."""
        return [p for game in rnd.games or () for p in winner_problems(game, read_game(game, declared=self.declared), self.declared)]

    def round_fields(self) -> RoundFields:
        """Two-player games; ``bye:`` in a Swiss round (checked against ``odd_field``)."""
        return RoundFields("games", {"table": ALL, "players": ALL, "score": ALL, "forfeit": ALL, "time": ALL,
                                     "place": ALL, "winner": ALL, "note": ALL}, {"bye": {"swiss"}})

    def group_count(self, event: Event | None) -> int:
        """``groups`` 1 or 2; ``auto``: two groups above ``group_limit`` players, a reserve not counted."""
        groups = self.options["groups"]
        if groups != "auto":
            return int(groups)
        if event is None:
            return 1
        return 2 if sum(not p.reserve for p in event.players) > self.options["group_limit"] else 1

    def swiss_rounds(self, event: Event | None) -> int:
        if self.options.get("swiss_rounds"):
            return int(self.options["swiss_rounds"])
        return TWO_GROUP_ROUNDS if self.group_count(event) == 2 else ONE_GROUP_ROUNDS

    def resolved_options(self, event: Event | None = None) -> dict:
        options = dict(self.options)
        options["swiss_rounds"] = self.swiss_rounds(event)
        options["groups"] = self.group_count(event)
        return options

    def stages(self, event: Event | None = None) -> list[StageSpec]:
        specs = [StageSpec("swiss", self.swiss_rounds(event), N_("Swiss"))]
        if self.playoff_rounds:
            specs.append(StageSpec("playoff", self.playoff_rounds, N_("Playoff"), named_rounds=True))
        return specs

    def round_title(self, number: int):
        """The title of playoff round ``number``, counted back from the final."""
        return ROUND_NAMES[self.playoff_rounds - number]

    def evaluate(self, event: Event) -> EventOutcome:
        return _Run(self, event).run()

    def rules_facts(self) -> list[tuple]:
        return carcassonne_facts(self)


def carcassonne_facts(fmt: CarcassonneFormat) -> list[tuple]:
    """The rules with this format's own numbers, for the format page; a
    built-in's own sentences where its numbers are unchanged."""
    o = fmt.options
    default = BUILTIN["carcassonne-lv"].options
    rematch = (Text("Two players never meet twice in the Swiss stage (avoid_rematch: always).")
               if fmt.avoid_rematch == "always" else
               Text("Two players who met in the previous round are not paired again (avoid_rematch: previous)."))
    if fmt.declared:
        games = N_("Two players per game. A win counts 1. A game with equal scores goes to the player the event's "
                   "tie rule chose (the game's winner:). A player who runs out of clock time loses and counts 0 points; "
                   "the opponent's score stands.")
    else:
        games = N_("Two players per game. A win counts 1 and a draw ½ in the Swiss stage. A player who runs out of "
                   "clock time loses and counts 0 points; the opponent's score stands.")
    groups, limit, rounds = o["groups"], o["group_limit"], o.get("swiss_rounds")
    if groups == "auto" and rounds is None and limit == ONE_GROUP_LIMIT:
        grouping = Text("Up to %(limit)s players (a reserve not counted) play one group of %(rounds)s Swiss "
                        "rounds; more players are split into groups A and B of %(group_rounds)s rounds each. Players with "
                        "last year's place go to A, B, A, B in that order; the others are drawn (purpose groups) into the "
                        "smaller group, A when equal. If both groups would be odd, the last player drawn changes group.",
                        limit=ONE_GROUP_LIMIT, rounds=ONE_GROUP_ROUNDS, group_rounds=TWO_GROUP_ROUNDS)
    elif groups == 1:
        grouping = Text("One group of %(rounds)s Swiss rounds, whatever the field size.", rounds=rounds or ONE_GROUP_ROUNDS)
    else:
        one, two = (rounds, rounds) if rounds else (ONE_GROUP_ROUNDS, TWO_GROUP_ROUNDS)
        split = N_("A player may carry group: A or B (the organisers' split); players with last year's place go to A, B, "
                   "A, B in that order; the others are drawn (purpose groups) into the smaller group, A when equal. If both "
                   "groups would be odd, the last player drawn changes group.")
        if groups == 2:
            grouping = Text("Two groups, A and B, of %(rounds)s Swiss rounds each. %(split)s", rounds=two, split=Text(split))
        else:
            grouping = Text("Up to %(limit)s players (a reserve not counted) play one group of %(rounds)s Swiss "
                            "rounds; more players are split into groups A and B of %(group_rounds)s rounds each. %(split)s",
                            limit=limit, rounds=one, group_rounds=two, split=Text(split))
    if fmt.byes:
        odd = (N_("Bye"), N_("In an odd field one player sits out each round and scores a win with score 0 and difference 0: "
                             "in round 1 the last player of the draw, later the lowest-ranked player who has not had a bye. "
                             "For Buchholz-type criteria a bye counts as one opponent with 0 wins; Sonneborn-Berger gets 0 from it."))
    else:
        odd = (N_("Reserve"), N_("An odd field is completed by one reserve player of the organisers, who plays every Swiss round "
                                 "and counts for the opponents' Buchholz but takes no playoff or classification place."))
    facts = [
        (N_("Games"), games),
        (N_("Groups"), grouping),
        odd,
        (N_("Swiss pairing"), Text("Round 1: verifiable draw (purpose swiss/1), consecutive pairs, the earlier-drawn player "
                                   "starts. Later rounds: the highest-ranked unpaired player meets the highest-ranked unpaired "
                                   "player allowed, backtracking when the rest could not be paired; the higher-ranked player "
                                   "starts. %(rematch)s", rematch=rematch)),
        (N_("Ranking"), ranking_sentence(fmt.criteria, DEFAULT_RANKING,
                                         N_("Wins, then Buchholz (the current wins of all opponents met), then the sum of score "
                                            "differences, then the drawing of lots."))),
    ]
    same_playoff = (fmt.playoff_size, o["third_place"], fmt.declared, tuple(o["ranking"])) == (8, True, False, DEFAULT_RANKING)
    if same_playoff:
        facts += [
            (N_("Playoff"), N_("Quarterfinals 1-8, 2-7, 3-6, 4-5 (two groups: A1-B4, A2-B3, A3-B2, A4-B1), semifinals, a final "
                               "and a game for third place. The higher Swiss rank starts. A drawn game goes to the player who "
                               "used less clock time, then to the better Swiss rank, then Buchholz, score difference and lots.")),
            (N_("Classification"), N_("1-2 from the final, 3-4 from the third-place game, 5-8 the quarterfinal losers by their "
                                      "Swiss values (wins, Buchholz, score difference, lots), then everyone else the same way. "
                                      "The reserve player is listed last without a place.")),
        ]
        return facts
    if fmt.playoff_size == 0:
        facts.append((N_("Playoff"), N_("None: the event is finished after the last Swiss round.")))
        facts.append((N_("Classification"), N_("The final Swiss ranking (across groups by the same criteria); a reserve player "
                                               "is listed last without a place.")))
        return facts
    first_round = ", ".join(f"{a}-{b}" for a, b in first_round_labels(fmt.playoff_size, 1))
    two_groups = ", ".join(f"{a}-{b}" for a, b in first_round_labels(fmt.playoff_size, 2))
    later = [Text(name) for name in reversed(ROUND_NAMES[:fmt.playoff_rounds - 1])]
    third = N_(" and a game for third place") if fmt.third_place else ""
    tiebreak = [Text(c.label) for c in fmt.criteria if c.key != "wins"]
    if fmt.declared:
        draw = N_("A game with equal scores goes to the winner its file names (the event's tie rule).")
    else:
        draw = Text("A drawn game goes to the player who used less clock time, then to the better Swiss rank, then %(criteria)s "
                    "and lots.", criteria=_joined(tiebreak))
    facts.append((N_("Playoff"), Text("The best %(size)s: %(first)s (two groups: %(two)s)%(later)s%(third)s. The higher Swiss "
                                      "rank starts. %(draw)s", size=fmt.playoff_size, first=first_round, two=two_groups,
                                      later=Text(", then %(rounds)s", rounds=_joined(later)) if later else "",
                                      third=Text(third) if third else "", draw=draw)))
    places = [N_("1-2 from the final")]
    if fmt.playoff_size >= 4:
        places.append(N_("3-4 from the third-place game") if fmt.third_place else N_("3-4 the semifinal losers by their Swiss values"))
    if fmt.playoff_size == 8:
        places.append(N_("5-8 the quarterfinal losers by their Swiss values"))
    facts.append((N_("Classification"), Text("%(places)s, then everyone else by their Swiss values (%(criteria)s, lots). "
                                             "A reserve player is listed last without a place.",
                                             places=_joined([Text(p) for p in places]),
                                             criteria=_joined([Text(c.label) for c in fmt.criteria]))))
    return facts


def _joined(items):
    """Translatable items joined with commas."""
    if not items:
        return ""
    text = items[0]
    for item in items[1:]:
        text = Text("%(a)s, %(b)s", a=text, b=item)
    return text


def first_round_labels(size: int, groups: int) -> list[tuple[str, str]]:
    """The first playoff round's pairs of seeds, table by table.

    One group: 1-8, 2-7, 3-6, 4-5 (4: 1-4, 2-3; 2: 1-2).  Two groups, each
    sending ``size/2``: A1-B4, A2-B3, A3-B2, A4-B1 (4: A1-B2, A2-B1; 2: A1-B1).
    """
    if groups == 1:
        return [(str(i), str(size + 1 - i)) for i in range(1, size // 2 + 1)]
    half = size // 2
    return [(f"A{i}", f"B{half + 1 - i}") for i in range(1, half + 1)]


@dataclass
class Seed:
    """A playoff player: their group, place among the group's qualifiers, and
    Swiss values (by criterion key)."""

    player: str
    group: str | None
    number: int  # 1..size with one group, 1..size/2 inside the group with two
    values: dict

    @property
    def label(self) -> str:
        return f"{self.group or ''}{self.number}"


class _Run(Run):
    """One evaluation of one event: the Swiss stage, the playoff, the classification."""

    def __init__(self, fmt: CarcassonneFormat, event: Event):
        super().__init__(fmt, event)
        self.rounds = fmt.swiss_rounds(event)
        self.playoff_rounds = fmt.playoff_rounds
        self.sequence = ([("swiss", n) for n in range(1, self.rounds + 1)] +
                         [("playoff", n) for n in range(1, self.playoff_rounds + 1)])
        self.criteria = fmt.criteria
        self.ledger = Ledger()
        self.history: list[dict] = []  # per Swiss round: player -> opponent
        self.had_bye: set = set()
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
        if self.fmt.byes:
            for extra in reserves:
                self.problems.append(Problem(where.path, extra.where.line("reserve"),
                                             "with odd_field: bye an odd field plays with a bye each round, "
                                             "not a reserve player: remove reserve: true"))
                ok = False
        else:
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
            if not self.fmt.byes and any(len(ids) % 2 for ids in self.groups.values()):
                odd = ", ".join(g for g, ids in self.groups.items() if len(ids) % 2)
                self.problems.append(Problem(where.path, where.line("players"),
                                             f"group {odd} has an odd number of players: change the players' group: fields"))
                return False
            if self.fmt.byes and all(len(ids) % 2 for ids in self.groups.values()):
                self.problems.append(Problem(where.path, where.line("players"),
                                             "both groups have an odd number of players, but a round has at most one bye: "
                                             "change the players' group: fields"))
                return False
        else:
            for player in event.players:
                if player.group is not None:
                    self.problems.append(Problem(where.path, player.where.line("group"),
                                                 f"group: {player.group} is only for a field played in two groups"))
                    ok = False
            if not ok:
                return False
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

    def _bye_for(self, order: list, number: int) -> str:
        """Who sits out (odd_field: bye): in round 1 the last of the draw order;
        later the lowest-ranked player who has had no bye (everyone has: the lowest)."""
        if number == 1:
            return order[-1]
        for pid in reversed(order):
            if pid not in self.had_bye:
                return pid
        return order[-1]

    def _swiss(self, rnd: Round, position: int):
        number = rnd.round
        title = Text("Swiss round %(number)s", number=number)
        if self.waiting:
            self._unchecked(rnd, title)
            return
        expected, orders, impossible = [], {}, []
        bye = None
        forbidden = self._forbidden() if number > 1 else {}
        for group, ids in self.groups.items():
            if number == 1:
                order = draw_order(ids, self.event.seed, "swiss/1")
            else:
                order = [row.player for row in self.ranking[group]]
            orders[group] = order
            playing = order
            if self.fmt.byes and len(order) % 2:
                bye = self._bye_for(order, number)
                playing = [pid for pid in order if pid != bye]
            games = pairs(playing) if number == 1 else pair_swiss(playing, forbidden)
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
        if bye is not None:
            seating.rule = Text("%(rule)s %(bye)s", rule=_as_text(seating.rule),
                                bye=Text("The last player of the draw sits out with a bye.") if number == 1 else
                                Text("The lowest-ranked player who has had no bye sits out with a bye."))
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
        rules_bye = bye
        if rnd.listed:
            bye = self._check_bye(rnd, bye)
        field = None  # who plays by the rules, with the bye the file names (a manual round may name anyone)
        if not impossible:
            field = [pid for players, _, _ in expected for pid in players] + ([rules_bye] if rules_bye else [])
            field = [pid for pid in field if pid != bye]
        outcome = self._seat(rnd, expected, seating, title, position, check=not impossible, field=field)
        outcome.bye = bye
        if bye is not None:
            outcome.extra["bye"] = bye
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
            add_game(self.ledger, unit, number)
            a, b = unit.players
            opponents[a], opponents[b] = b, a
        if bye is not None:
            add_bye(self.ledger, bye, number)
            self.had_bye.add(bye)
        self.history.append(opponents)
        for group, ids in self.groups.items():
            rows = rank(ids, self.criteria, self.ledger, self.lots, reserves=self.reserves)
            self.ranking[group] = rows
            self.out.standings.append(Standing("swiss", group, number, self.criteria, rows))

    def _check_bye(self, rnd: Round, expected: str | None) -> str | None:
        """A listed round's ``bye:`` must be the rules' (a manual round may name anyone)."""
        where = rnd.where
        if rnd.manual:
            if rnd.bye is not None and not self.fmt.byes:
                self.problems.append(Problem(where.path, where.line("bye"), "bye: is only for a format with odd_field: bye"))
            return rnd.bye
        if expected is None and rnd.bye is not None:
            why = "the field is even" if self.fmt.byes else "this format has no byes (odd_field: reserve)"
            self.problems.append(Problem(where.path, where.line("bye"), f"bye: {rnd.bye}, but {why}"))
        elif expected is not None and rnd.bye is None:
            self.problems.append(Problem(where.path, where.line("games"), f"the rules give {expected} the bye this round: add bye: {expected}"))
        elif expected is not None and rnd.bye != expected:
            self.problems.append(Problem(where.path, where.line("bye"),
                                         f"the rules give {expected} the bye this round, not {rnd.bye} (or add manual: \"reason\")"))
        return expected

    def _forbidden(self) -> dict:
        """Who may not meet whom next: the previous round's opponents, or every earlier one."""
        rounds = self.history if self.fmt.avoid_rematch == "always" else self.history[-1:]
        forbidden: dict = {}
        for opponents in rounds:
            for pid, other in opponents.items():
                forbidden.setdefault(pid, set()).add(other)
        return forbidden

    # -- seating, shared by both stages ------------------------------------------------

    def _seat(self, rnd: Round, expected: list, seating: Seating, title, position: int, check: bool = True,
              field: list | None = None) -> RoundOutcome:
        """Compare a listed round with the rules (or fill an upcoming one) and read its games.

        ``expected`` holds ``(players, group, place)`` per game in table order;
        ``field``, when given, the players a ``manual:`` round must seat (the
        rules' field less the bye the file names).
        """
        declared = self.fmt.declared
        if rnd.listed:
            groups = ({pid: group for group, ids in self.groups.items() for pid in ids}
                      if rnd.stage == "swiss" and len(self.groups) == 2 else None)
            if rnd.manual and field is not None:  # the organisers' pairs, in the rules' shape
                self.problems.extend(manual_shape(rnd, [2] * (len(field) // 2), field, groups))
            elif check:
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
                unit = read_game(game, group, place, declared)
                found = winner_problems(game, unit, declared)
                self.problems.extend(found)
                if found:
                    self.block_reported = True
                units.append(unit)
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
        """``place`` belongs to the last playoff round only: 1 at table 1 (final), 3 at table 2."""
        last = self.playoff_rounds
        for i, game in enumerate(rnd.games):
            if game.place is None:
                continue
            if rnd.stage != "playoff" or rnd.round != last:
                self.problems.append(Problem(game.where.path, game.where.line("place"),
                                             f"place is only given in playoff round {last} (1 = final, 3 = third-place game)"
                                             if last else "place is only given in a playoff, and this format has none"))
            elif i == 1 and not self.fmt.third_place:
                self.problems.append(Problem(game.where.path, game.where.line("place"),
                                             "this format has no third-place game (third_place: false)"))
            elif i < 2 and game.place != (1, 3)[i]:
                what = "the final (place: 1)" if i == 0 else "the third-place game (place: 3)"
                self.problems.append(Problem(game.where.path, game.where.line("place"),
                                             f"table {i + 1} of playoff round {last} is {what}"))

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

    def _unchecked(self, rnd: Round, title):
        """A round that cannot be seated yet: shown as recorded, or waiting."""
        if rnd.listed and not self.block_reported:
            self.problems.append(Problem(rnd.where.path, rnd.where.line(), f"this round cannot be checked yet: {self.waiting}"))
            self.block_reported = True
        units = []
        if rnd.listed:
            for game in rnd.games:
                unit = read_game(game, self._group_of_game(game.players) if rnd.stage == "swiss" else None,
                                 declared=self.fmt.declared)
                if unit.has_result and rnd.stage == "swiss":
                    unit.points = swiss_points(unit)
                units.append(unit)
        seating = Seating("manual", manual=rnd.manual) if rnd.manual else Seating("draw" if rnd.round == 1 and rnd.stage == "swiss" else "pairing" if rnd.stage == "swiss" else "bracket")
        status = round_status([u.has_result for u in units])
        outcome = RoundOutcome(rnd.stage, rnd.round, "games", status, units, seating, source=rnd, title=title,
                               waiting=None if rnd.listed else self.waiting, bye=rnd.bye)
        self.out.rounds.append(outcome)
        if rnd.stage == "playoff":
            self.playoff[rnd.round] = outcome

    # -- the playoff ---------------------------------------------------------------

    def _make_seeds(self, rnd: Round) -> bool:
        """The qualifiers: the best ``playoff_size`` (reserve excluded), or the best half of it from each group."""
        size = self.fmt.playoff_size
        per_group = size if len(self.groups) == 1 else size // 2
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
                seeds[row.player] = Seed(row.player, group, k, dict(row.values))
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
        title = self.fmt.round_title(number)
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
        seating = Seating("bracket", order=tuple(p for players, _, _ in expected for p in players), rule=self._playoff_rule(number))
        outcome = self._seat(rnd, expected, seating, title, position)
        self.playoff[number] = outcome
        for unit in outcome.units:
            unit.seeds = tuple(self.seeds[p].label if p in self.seeds else "" for p in unit.players)
            if unit.has_result and unit.winner is None:
                self._decide_playoff(unit, rnd)
        outcome.extra["bracket"] = self._bracket_round(number)
        if number == self.playoff_rounds and outcome.status == "complete":
            self._classify(outcome)

    def _playoff_rule(self, number: int):
        """The seating rule of playoff round ``number``, as one sentence."""
        one = len(self.groups) == 1
        last = number == self.playoff_rounds
        if self.fmt.playoff_size == 8 and (not last or self.fmt.third_place):
            return {
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
        if number == 1:
            pairs_text = ", ".join(f"{a}-{b}" for a, b in first_round_labels(self.fmt.playoff_size, len(self.groups)))
            return Text("%(round)s by the final Swiss ranking (reserve excluded): %(pairs)s; the higher Swiss rank starts.",
                        round=self.fmt.round_title(1), pairs=pairs_text)
        if not last:
            return self._playoff_rule_default(number, one)
        if self.fmt.third_place:
            return N_("Final (table 1) between the semifinal winners; third-place game (table 2) between the semifinal "
                      "losers; the higher Swiss rank starts.")
        return N_("Final between the semifinal winners; the higher Swiss rank starts.")

    @staticmethod
    def _playoff_rule_default(number, one):
        return (N_("Semifinals: winner of 1-8 v winner of 4-5, winner of 2-7 v winner of 3-6; "
                   "the higher Swiss rank starts.") if one else
                N_("Semifinals: winner of A1-B4 v winner of A3-B2, winner of A2-B3 v winner of A4-B1; "
                   "the higher Swiss rank starts."))

    def _matchups(self, number: int):
        """The games of playoff round ``number``: (player, player, place) in table order."""
        last = number == self.playoff_rounds
        if number == 1:
            labels = first_round_labels(self.fmt.playoff_size, len(self.groups))
            place = 1 if last else None
            return [(self._seeded(a), self._seeded(b), place) for a, b in labels]
        previous = self.playoff.get(number - 1)
        needed = len(first_round_labels(self.fmt.playoff_size, 1)) >> (number - 2)
        missing = [] if previous is None else [u.table for u in previous.units if u.winner is None]
        if previous is None or len(previous.units) < needed or missing:
            tables = ", ".join(map(str, missing))
            earlier = self.fmt.round_title(number - 1)
            if previous is not None and missing:
                self.waiting = (Text("the quarterfinals have no winner at table %(tables)s", tables=tables) if earlier == ROUND_NAMES[2] else
                                Text("the semifinals have no winner at table %(tables)s", tables=tables))
            else:
                self.waiting = (Text("the quarterfinals do not give %(needed)s games", needed=needed) if earlier == ROUND_NAMES[2] else
                                Text("the semifinals do not give %(needed)s games", needed=needed))
            return None
        units = previous.units
        if not last:  # semifinals after quarterfinals
            tables = [(0, 3), (1, 2)] if len(self.groups) == 1 else [(0, 2), (1, 3)]
            return [(units[i].winner, units[j].winner, None) for i, j in tables]
        games = [(units[0].winner, units[1].winner, 1)]
        if self.fmt.third_place:
            games.append((units[0].loser, units[1].loser, 3))
        return games

    def _decide_playoff(self, unit: CarcassonneGame, rnd: Round):
        """Decide a drawn playoff game (formats.md 3, "Playoff draws").

        Less clock time used wins; on equal time the better Swiss rank (the
        place inside one's own group); on an equal place (A-k against B-k) the
        format's ranking criteria after ``wins`` (Buchholz, then score
        difference by default), then lots.  Without recorded times the game
        cannot be decided: that is an error.  Under ``tie_game: declared`` the
        game's ``winner:`` has decided it already (:func:`read_game`).
        """
        game = unit.source
        a, b = unit.players
        if self.fmt.equal_scores(rnd.stage) != "time":
            return  # declared: winner_problems reported the missing winner:
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
        steps = [("rank", -sa.number, -sb.number)]
        steps += [(c.key, sa.values[c.key], sb.values[c.key]) for c in self.criteria if c.key != "wins"]
        for name, va, vb in steps:
            if va != vb:
                unit.winner = a if va > vb else b
                unit.decided_by = name
                return
        unit.winner = min((a, b), key=self.lots.sort_key)
        unit.decided_by = "lots"

    # -- classification ------------------------------------------------------------

    def _swiss_key(self, pid: str):
        """Order across groups: the ranking's criteria (all higher first), then lots."""
        return tuple(-c.compute(pid, self.ledger) for c in self.criteria) + (self.lots.sort_key(pid),)

    def _classify(self, final_round: RoundOutcome | None):
        """The final classification (formats.md 3, default; variants.md 2a).

        Places 1-2 from the final, 3-4 from the third-place game (without one:
        the semifinal losers), then the losers of each earlier round and then
        everyone else, each by their final Swiss values compared across
        groups (the ranking's criteria, then lots); the reserve last without a
        place.  With no playoff the whole classification is that Swiss order.
        """
        order = []
        if final_round is not None:
            units = final_round.units
            final = next((u for u in units if u.place == 1), None)
            if final is None or final.winner is None:
                return
            order = [final.winner, final.loser]
            if self.fmt.third_place:
                third = next((u for u in units if u.place == 3), None)
                if third is None or third.winner is None:
                    return
                order += [third.winner, third.loser]
            for number in range(self.playoff_rounds - 1, 0, -1):
                earlier = self.playoff.get(number)
                if earlier is None:
                    return
                order += sorted((u.loser for u in earlier.units if u.loser is not None and u.loser not in order), key=self._swiss_key)
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
        last = number == self.playoff_rounds
        if number == 1:
            slots = [{"slots": list(pair)} for pair in first_round_labels(self.fmt.playoff_size, len(self.groups))]
            if last:
                slots[0]["place"] = 1
        elif not last:
            tables = [(1, 4), (2, 3)] if one else [(1, 3), (2, 4)]
            slots = [{"from": [{"round": 1, "table": i, "takes": "winner"}, {"round": 1, "table": j, "takes": "winner"}]}
                     for i, j in tables]
        else:
            before = number - 1
            slots = [{"place": 1, "from": [{"round": before, "table": 1, "takes": "winner"}, {"round": before, "table": 2, "takes": "winner"}]}]
            if self.fmt.third_place:
                slots.append({"place": 3, "from": [{"round": before, "table": 1, "takes": "loser"}, {"round": before, "table": 2, "takes": "loser"}]})
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
        title = N_("Final and third-place game") if last and self.fmt.third_place else self.fmt.round_title(number)
        return {"round": number, "title": title, "games": games}

    def _extras(self):
        out = self.out
        if self.groups:
            out.extra["crosstable"] = self._crosstable()
        if self.playoff_rounds == 0 and len(self.history) == self.rounds and self.ranking:
            self._classify(None)
        if self.playoff or self.seeds:
            out.extra["bracket"] = {
                "groups": len(self.groups),
                "seeds": [{"player": s.player, "seed": s.label, "group": s.group} for s in
                          sorted(self.seeds.values(), key=lambda s: (s.group or "", s.number))],
                "rounds": [self._bracket_round(n) for n in range(1, self.playoff_rounds + 1)],
            }

    def _crosstable(self) -> dict:
        """Each Swiss player's games by round: opponent, scores, points, who started."""
        by_player: dict = {pid: {} for ids in self.groups.values() for pid in ids}
        rounds = [r for r in self.out.rounds if r.stage == "swiss"]
        for outcome in rounds:
            if outcome.bye is not None:
                by_player.setdefault(outcome.bye, {})[outcome.round] = {"round": outcome.round, "bye": True}
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


def _as_text(value):
    return Text(value) if isinstance(value, str) else value
