"""The Tantrix World Championship main draw (formats.md section 4).

A knockout of multi-game matches.  Everything is computed in integer tenths
of a tournament point (TP); floats appear only in ``to_json``.

Tournament points of one game
    A game shares 200 tenths.  The winner by a margin of ``m`` tiles gets
    ``12 + (4/3)·√m`` TP rounded to the nearest tenth, never more than 20 (the
    cap is reached at m = 36); the loser gets what is left of the 20; a game
    with no margin is 10-10.  See :func:`winner_tenths` for the exact integer
    computation.  Each penalty minute a player incurred in a game takes 1.0 TP
    from that player and gives it to the opponent; nothing is clamped.

The bracket
    Seeds are 1..n, all different.  P is the smallest power of two not below
    n; the P places are filled in standard order (see :func:`standard_order`),
    and a seed above n is a bye: the other player of that first-round slot goes
    through without a match.  Round-1 slots are numbered from the top; slot j of
    the next round is played by the winners of slots 2j-1 and 2j (the first of
    them listed first).  Rounds are called after the number of places they
    have: final (2), semifinal (4), quarterfinal (8), round of 16, round of 32...
    Option ``standard_games`` gives the number of standard games per match for
    the final, the semifinal, the quarterfinal and every earlier round
    (defaults 9, 8, 7, 6).

Deciding a match (main draw)
    Once the standard games are played, a lead of 5.0 TP or more in the match
    total wins.  If nobody has it, extra games follow; after each of the first
    two extra games a lead of 5.0 or more still wins, and from the end of the
    third extra game on, any lead at all wins (only an exact tie continues).
    Status ``IGNORE`` means the players agreed to drop the 5.0 rule: any lead
    after the standard games wins, and a tie continues until a game ends with
    a lead.  Status ``RESIGN`` with ``resigned: <id>`` gives an undecided
    match to the other player; a match the games had already decided is not
    changed.  The other statuses are recorded and shown, never applied.  A game
    recorded after the game that decided the match is an error.

Consolation draw (optional stage ``consolation``)
    The losers of the real first-round matches of the main draw (a bye is not a
    match) play a knockout of their own.  Its seeding, our documented choice:
    the losers are numbered in the order of their main-draw first-round slot,
    top to bottom (the loser of the topmost real match is consolation seed 1),
    and placed by the same standard order, so byes go to the lowest numbers.
    The number of standard games follows the consolation round's own name
    (its final has the final's count, and so on).  The match goes to the
    higher total after the standard games; on an exact tie, games continue
    until one ends with a lead.  ``RESIGN`` applies as in the main draw.

Classification (once the final is decided)
    1 the final's winner, 2 its loser, then everyone who lost in the round
    with k places shares place k/2 + 1 (=3 semifinal losers, =5 quarterfinal
    losers, =9, =17, ...).  A player who went through round 1 on a bye and
    lost in round 2 shares round 2's place.  Within a shared place players
    are listed by seed.  The consolation draw does not change these places.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field

from ...errors import Problem
from ...model import Event, Match, Round
from ...numbers import tenths
from ...outcome import EventOutcome, Place, RoundOutcome, Seating
from ...text import N_, Text
from ..base import Run, opponent_of
from ..knockout import round_name, round_title, standard_order, walkover

GAME_TENTHS = 200  # every game shares 20.0 TP
DRAW_TENTHS = 100
BASE_TENTHS = 120  # the winner's 12 TP before the margin bonus
DECISIVE_LEAD = 50  # 5.0 TP
EXTRA_GAMES_AT_FIVE = 3  # after this many extra games any lead wins
PENALTY_TENTHS = 10  # 1.0 TP per penalty minute

STANDARD_GAMES = {"final": 9, "semifinal": 8, "quarterfinal": 7, "earlier": 6}

# how a match is decided
DECISIVE = "decisive"  # main draw: the 5.0 TP rule
IGNORE = "ignore"  # main draw, status IGNORE: any lead after the standard games
TOTAL = "total"  # consolation: the higher total after the standard games


# -- tournament points ----------------------------------------------------------

def winner_tenths(margin: int) -> int:
    """The winner's TP in tenths for a win by ``margin`` >= 1 tiles.

    The value is ``120 + round((40/3)·√m)`` capped at 200.  With
    ``x = (40/3)·√m`` we have ``(2x)² = 6400·m/9``, so ``f = isqrt(6400·m // 9)``
    is ``floor(2x)`` exactly, and the nearest integer to ``x`` is
    ``floor(x + 1/2) = (f + 1) // 2``.  ``x`` is never exactly halfway between
    two integers: that would need ``6400·m = 9·(2k+1)²``, an even number equal
    to an odd one, so there is no tie to break.
    """
    if margin < 1:
        raise ValueError(f"a winning margin is at least 1 tile, not {margin}")
    doubled = math.isqrt(6400 * margin // 9)
    return min(GAME_TENTHS, BASE_TENTHS + (doubled + 1) // 2)


def game_tenths(margin: int) -> tuple[int, int]:
    """Both players' TP in tenths before penalties; ``margin`` is the first
    player's (negative when the second player won, 0 for a draw)."""
    if margin == 0:
        return DRAW_TENTHS, DRAW_TENTHS
    won = winner_tenths(abs(margin))
    return (won, GAME_TENTHS - won) if margin > 0 else (GAME_TENTHS - won, won)


def with_penalties(tp: tuple[int, int], penalty: tuple[int, int]) -> tuple[int, int]:
    """Move 1.0 TP per penalty minute from the penalised player to the other.

    Not clamped: one side may fall below 0 or rise above 20; the two still
    add up to 20.
    """
    a, b = tp
    pa, pb = penalty
    moved = PENALTY_TENTHS * (pb - pa)  # net tenths that go to the first player
    return a + moved, b - moved


# -- the bracket ----------------------------------------------------------------

def next_power_of_two(n: int) -> int:
    """The smallest power of two that is at least ``n`` (and at least 2)."""
    size = 2
    while size < n:
        size *= 2
    return size


def standard_games_key(places: int) -> str:
    """The ``standard_games`` option key that applies to a round."""
    name = round_name(places)
    return name if name in STANDARD_GAMES else "earlier"


def decide(totals, standard: int, rule: str = DECISIVE, lead: int = DECISIVE_LEAD,
           extra: int = EXTRA_GAMES_AT_FIVE) -> tuple[int | None, int | None]:
    """When and for whom a match is decided, from its running totals.

    ``totals`` are the (first, second) match totals in tenths after each game,
    in order.  Returns ``(game number, side)`` with side 0 for the first
    player and 1 for the second, or ``(None, None)`` while undecided.  No
    decision is taken before the last standard game.  Under ``DECISIVE`` a
    lead of at least ``lead`` tenths (5.0 TP; option ``decisive_margin``) is
    needed after the standard games and after each of the first ``extra - 1``
    extra games; from the end of extra game ``extra`` (the third; option
    ``extra_games_limit``) on, any lead wins.  A ``lead`` of 0 turns the rule
    off: any lead after the standard games wins.  Under ``IGNORE`` and ``TOTAL`` any
    lead after the standard games wins.  An exact tie is never decided.
    """
    for number, (a, b) in enumerate(totals, 1):
        if number < standard:
            continue
        difference = a - b
        needed = max(lead, 1) if rule == DECISIVE and number < standard + extra else 1
        if abs(difference) >= needed:
            return number, 0 if difference > 0 else 1
    return None, None


# -- one match ------------------------------------------------------------------

@dataclass
class TantrixGame:
    """One game of a match: the first player's margin, TP before and after
    penalties, and the running match total after it (all in tenths)."""

    number: int
    margin: int
    base: tuple
    tp: tuple
    total: tuple
    penalty: tuple = (0, 0)
    score: tuple | None = None
    extra: bool = False  # played after the standard games

    def to_json(self) -> dict:
        data = {"game": self.number}
        if self.score is not None:
            data["score"] = list(self.score)
        data["margin"] = self.margin
        data["tp"] = [tenths(v) for v in self.tp]
        data["penalty"] = list(self.penalty)
        data["total"] = [tenths(v) for v in self.total]
        data["extra"] = self.extra
        return data


@dataclass
class TantrixMatch:
    """A match as seated by the bracket and, once games are in, scored.

    ``players`` are in the file's order (the first player is the one a
    ``margin`` refers to); for a match the engine seated, in bracket order.
    ``seeds`` are the players' event seeds in that order.  ``tp`` is the
    match total in tenths after penalties.  ``winner`` is None
    while undecided; ``decided_after`` is the number of the game that decided
    it (None when undecided or decided by a resignation or a walkover).
    ``walkover`` is the player who withdrew before it: they lose it with no
    games (:func:`podium_core.systems.knockout.walkover`).
    """

    match: int
    players: tuple
    standard: int
    rule: str = DECISIVE
    seeds: tuple = ()
    games: list = field(default_factory=list)
    tp: tuple = (0, 0)
    winner: str | None = None
    decided_after: int | None = None
    status: str = "NORMAL"
    resigned: str | None = None
    when: str | None = None
    source: Match | None = None
    lead_needed: int = DECISIVE_LEAD  # tenths: the decisive margin (0: any lead)
    extra_limit: int = EXTRA_GAMES_AT_FIVE  # extra games after which any lead wins
    walkover: str | None = None

    def decide_walkover(self, withdrawn) -> None:
        """Decide the match by walkover if one of its players has withdrawn
        (``withdrawn``: in this round's file or before) and it has no games."""
        decided = walkover(self.players, withdrawn)
        if decided is not None and not self.games and self.winner is None:
            self.winner, self.walkover = decided

    @property
    def has_result(self) -> bool:
        """True once the match is decided."""
        return self.winner is not None

    @property
    def started(self) -> bool:
        """Whether it is being played or was: games, or a decision other than a walkover."""
        return bool(self.games) or (self.has_result and self.walkover is None)

    @property
    def loser(self) -> str | None:
        return opponent_of(self.players, self.winner)

    @property
    def needs_game(self) -> bool:
        """Undecided, so a game (standard or extra) is still to be played."""
        return self.winner is None

    @property
    def extra_games(self) -> int:
        return max(0, len(self.games) - self.standard)

    def to_json(self) -> dict:
        data = {
            "match": self.match,
            "players": list(self.players),
            "seeds": list(self.seeds),
            "games": [g.to_json() for g in self.games],
            "standard_games": self.standard,
            "rule": self.rule,
            "tp": [tenths(v) for v in self.tp],
            "winner": self.winner,
            "needs_game": self.needs_game,
            "status": self.status,
            "resigned": self.resigned,
            "when": self.when,
            "decided_after": self.decided_after,
        }
        if self.walkover is not None:
            data["walkover"] = self.walkover
        return data


# Statuses of a match not yet decided (formats.md 4).  NONAGR and UNSURE are
# wrong on any decided match; TIMMED and TLATER stay on a match that extra
# games decided (how they were played), and are wrong on one its standard
# games decided.
UNDECIDED_ONLY = ("NONAGR", "UNSURE")
EXTRA_GAMES = ("TIMMED", "TLATER")


def score_match(match: Match, standard: int, rule: str = DECISIVE, seeds: dict | None = None,
                lead: int = DECISIVE_LEAD, extra: int = EXTRA_GAMES_AT_FIVE) -> tuple[TantrixMatch, list[Problem]]:
    """Score the games of a recorded match and decide it (see :func:`decide`).

    ``rule`` is the stage's rule; status ``IGNORE`` turns ``DECISIVE`` into
    ``IGNORE``.  A resignation decides only an undecided match.  Problems: a
    game after the deciding one (at that game's line), ``RESIGN`` without
    ``resigned`` and ``resigned`` without ``RESIGN``.
    """
    where = match.where
    problems: list[Problem] = []
    if match.status == "IGNORE" and rule == DECISIVE:
        rule = IGNORE
    games, totals = [], []
    total = (0, 0)
    for number, game in enumerate(match.games, 1):
        margin = game.margin if game.score is None else game.score[0] - game.score[1]
        base = game_tenths(margin)
        tp = with_penalties(base, tuple(game.penalty))
        total = (total[0] + tp[0], total[1] + tp[1])
        totals.append(total)
        games.append(TantrixGame(number, margin, base, tp, total, tuple(game.penalty), game.score, number > standard))
    decided_after, side = decide(totals, standard, rule, lead, extra)
    if decided_after is not None and decided_after < len(games):
        late = match.games[decided_after]
        problems.append(Problem(late.where.path, late.where.line(),
                                f"match {match.match}: game {decided_after + 1} was recorded after the match was decided "
                                f"(game {decided_after} gave {match.players[side]} the match)"))
    winner = match.players[side] if side is not None else None
    if decided_after is not None and (match.status in UNDECIDED_ONLY
                                      or (match.status in EXTRA_GAMES and decided_after <= standard)):
        why = ("means the match is still undecided" if match.status in UNDECIDED_ONLY
               else "says extra games were needed")
        problems.append(Problem(where.path, where.line("status"),
                                f"match {match.match}: status {match.status} {why}, but game {decided_after} decided it "
                                f"for {winner} (write status: NORMAL, or remove the games after it)"))
    if match.status == "RESIGN":
        if match.resigned is None:
            problems.append(Problem(where.path, where.line("status"), f"match {match.match}: status RESIGN needs resigned: <id> (who conceded)"))
        elif winner is None and match.resigned in match.players:
            winner = match.players[1] if match.resigned == match.players[0] else match.players[0]
    elif match.resigned is not None:
        problems.append(Problem(where.path, where.line("resigned"), f"match {match.match}: resigned is only recorded with status: RESIGN"))
    seeds = seeds or {}
    result = TantrixMatch(
        match=match.match, players=tuple(match.players), standard=standard, rule=rule,
        seeds=tuple(seeds.get(p) for p in match.players), games=games, tp=total, winner=winner,
        decided_after=decided_after, status=match.status, resigned=match.resigned, when=match.when, source=match,
        lead_needed=lead, extra_limit=extra,
    )
    return result, problems


# -- bracket state ----------------------------------------------------------------

@dataclass
class Slot:
    """One bracket slot: its two places top first (None while unknown), the
    bracket seeds of those places, and the winner once known."""

    round: int
    slot: int
    players: list
    seeds: list
    bye: bool = False
    winner: str | None = None
    match: TantrixMatch | None = None

    @property
    def known(self) -> bool:
        return not self.bye and None not in self.players

    @property
    def loser(self) -> str | None:
        if self.bye or self.winner is None:
            return None
        return self.match.loser if self.match is not None else None

    def to_json(self) -> dict:
        data = {"slot": self.slot, "players": list(self.players), "seeds": list(self.seeds),
                "winner": self.winner, "bye": self.bye, "decided": self.winner is not None}
        if self.match is not None:
            by_player = dict(zip(self.match.players, self.match.tp))
            data["tp"] = [tenths(by_player[p]) if p in by_player else None for p in self.players]
        return data


class Bracket:
    """A knockout bracket of ``entrants`` (index i holds bracket seed i+1;
    None for a place whose player is not known yet).

    Round 1 is built at once; :meth:`advance` fills round r+1 from round r's
    winners as they become known.
    """

    def __init__(self, stage: str, entrants: list):
        self.stage = stage
        self.entrants = list(entrants)
        self.count = len(entrants)
        self.size = next_power_of_two(self.count)
        self.depth = self.size.bit_length() - 1
        order = standard_order(self.size)
        first = []
        for j in range(self.size // 2):
            pair = order[2 * j:2 * j + 2]
            players = [self.entrants[s - 1] if s <= self.count else None for s in pair]
            seeds = [s if s <= self.count else None for s in pair]
            bye = any(s > self.count for s in pair)
            slot = Slot(1, j + 1, players, seeds, bye)
            if bye:
                slot.winner = players[0] if players[0] is not None else players[1]
            first.append(slot)
        self.rounds = [first]
        for r in range(2, self.depth + 1):
            self.rounds.append([Slot(r, j + 1, [None, None], [None, None]) for j in range(self.size >> r)])

    def places(self, number: int) -> int:
        """How many places round ``number`` has (the final has 2)."""
        return self.size >> (number - 1)

    def name(self, number: int) -> str:
        return round_name(self.places(number))

    def advance(self, number: int) -> None:
        """Seat round ``number + 1`` from the winners of round ``number``."""
        if number >= self.depth:
            return
        for slot in self.rounds[number]:
            feeders = self.rounds[number - 1][2 * slot.slot - 2:2 * slot.slot]
            slot.players = [f.winner for f in feeders]
            slot.seeds = [self._seed(f, f.winner) for f in feeders]

    def _seed(self, slot: Slot, player):
        if player is None:
            return None
        if player in slot.players:
            return slot.seeds[slot.players.index(player)]
        return None

    def real_slots(self) -> list[Slot]:
        """Round-1 slots that are matches (not byes), top to bottom."""
        return [s for s in self.rounds[0] if not s.bye]

    @property
    def champion(self) -> str | None:
        return self.rounds[-1][0].winner

    def to_json(self, title: str, seed_label: str) -> dict:
        return {
            "stage": self.stage,
            "title": title,
            "size": self.size,
            "entrants": self.count,
            "seeds": seed_label,
            "rounds": [{"round": r, "name": self.name(r), "title": round_title(self.places(r)),
                        "slots": [s.to_json() for s in slots]}
                       for r, slots in enumerate(self.rounds, 1)],
        }


class TantrixRun(Run):
    """One evaluation of one event: seeds, main draw, consolation, classification."""

    def __init__(self, fmt, event: Event):
        super().__init__(fmt, event)
        self.seeds: dict = {}

    def run(self) -> EventOutcome:
        self.problems += self._check_seeds()
        if self.problems:
            return self.out
        self.problems += self.fmt.check_stages(self.event)
        by_seed = sorted(self.event.players, key=lambda p: p.seed)
        main = Bracket("main", [p.id for p in by_seed])
        self.main_depth = main.depth
        self.problems += self._check_games_per_round(main.depth)
        if self.problems:
            return self.out
        self._stage(main, DECISIVE)
        self.out.extra["bracket"] = main.to_json(N_("Main draw"), "seed")
        if any(r.stage == "consolation" for r in self.event.rounds):
            entrants = [slot.loser for slot in main.real_slots()]
            if len(entrants) >= 2:
                consolation = Bracket("consolation", entrants)
                self._stage(consolation, TOTAL)
                self.out.extra["consolation_bracket"] = consolation.to_json(N_("Consolation draw"), "order of main-draw first-round slot")
        if main.champion is not None:
            self._classify(main)
        return self.out

    # -- checks -------------------------------------------------------------------

    def _check_games_per_round(self, depth: int) -> list[Problem]:
        """``standard_games`` per round number lists exactly the main draw's rounds 1..depth."""
        if not self.fmt.by_round:
            return []
        numbers = sorted(self.fmt.standard_games)
        if numbers == list(range(1, depth + 1)):
            return []
        if "standard_games" in self.event.options:
            where = self.event.where.at("options", "standard_games")
        elif self.fmt.declaration.where is not None:
            where = self.fmt.declaration.where.at("options", "standard_games")
        else:
            where = self.event.where
        n = len(self.event.players)
        return [Problem(where.path, where.line(), f"options.standard_games: the main draw of {n} players has {depth} rounds; "
                                                  f"list the games of rounds 1-{depth}, not 1-{numbers[-1]}")]

    def _check_seeds(self) -> list[Problem]:
        """Every player has a seed, the seeds are 1..n and all different."""
        problems = []
        n = len(self.event.players)
        holder: dict = {}
        for player in self.event.players:
            where = player.where
            seed = player.seed
            if seed is None:
                problems.append(Problem(where.path, where.line("seed"), f"player '{player.id}' has no seed (tantrix-wc needs seeds 1..{n}, all different)"))
            elif not 1 <= seed <= n:
                problems.append(Problem(where.path, where.line("seed"), f"seed {seed} of '{player.id}' is outside 1..{n} (there are {n} players)"))
            elif seed in holder:
                problems.append(Problem(where.path, where.line("seed"), f"seed {seed} of '{player.id}' is already given to '{holder[seed]}'"))
            else:
                holder[seed] = player.id
                self.seeds[player.id] = seed
        return problems

    # -- stages -------------------------------------------------------------------

    def _stage(self, bracket: Bracket, rule: str) -> None:
        for number in range(1, bracket.depth + 1):
            rnd = self.files.get((bracket.stage, number))
            if rnd is not None:
                self._round(bracket, number, rnd, rule)
            bracket.advance(number)

    def _round(self, bracket: Bracket, number: int, rnd: Round, rule: str) -> None:
        """Check (or fill) one round file against the bracket and score it."""
        slots = bracket.rounds[number - 1]
        places = bracket.places(number)
        standard = self.fmt.games_for(places, self.main_depth)
        units: dict = {}
        withdrawn = self.attendance.withdrawn_by(rnd.stage, rnd.round)  # a match of theirs is a walkover
        if rnd.listed:
            for match in rnd.matches:
                result = self._listed_match(bracket, number, slots, match, rnd, standard, rule, units)
                if result is not None:
                    units[result.match] = result
        for slot in slots:
            if slot.slot not in units and slot.known:
                units[slot.slot] = TantrixMatch(slot.slot, tuple(slot.players), standard, rule,
                                                seeds=tuple(self.seeds.get(p) for p in slot.players),
                                                lead_needed=self.fmt.decisive_lead, extra_limit=self.fmt.extra_games_limit)
                units[slot.slot].decide_walkover(withdrawn)
                slot.match = units[slot.slot]
                slot.winner = units[slot.slot].winner
        ordered = [units[k] for k in sorted(units)]
        real = [s for s in slots if not s.bye]
        if real and all(s.winner is not None for s in real):
            status = "complete"
        elif any(u.started for u in ordered):
            status = "in-progress"
        else:
            status = "upcoming"
        pending = [s.slot for s in real if not s.known and s.slot not in units]
        waiting = None
        if pending:
            matches = ", ".join(str(p) for p in pending)
            waiting = (Text("match %(matches)s: players not known until the previous round is decided", matches=matches)
                       if number > 1 else
                       Text("match %(matches)s: players not known until the main draw's first round is decided", matches=matches))
        name = bracket.name(number)
        title = round_title(places, consolation=bracket.stage != "main")
        rule_text = (N_("Bracket: slot j takes the winners of slots 2j-1 and 2j of the previous round.")
                     if number > 1 else N_("Bracket: seeds in standard order; a seed above the field is a bye."))
        seating = Seating("manual" if rnd.manual else "bracket", manual=rnd.manual, filled=not rnd.listed, rule=rule_text)
        outcome = RoundOutcome(rnd.stage, rnd.round, "matches", status, ordered, seating, source=rnd, title=title, waiting=waiting)
        outcome.extra.update({
            "name": name,
            "standard_games": standard,
            "byes": [{"match": s.slot, "player": s.winner} for s in slots if s.bye and s.winner is not None],
        })
        self.out.rounds.append(outcome)

    def _listed_match(self, bracket, number, slots, match: Match, rnd: Round, standard, rule, units) -> TantrixMatch | None:
        """Check one listed match against its slot, score it and record the winner."""
        where = match.where
        stage_title = "main draw" if bracket.stage == "main" else "consolation draw"
        if match.match > len(slots):
            self.problems.append(Problem(where.path, where.line("match"), f"{stage_title} round {number} has {len(slots)} match(es); there is no match {match.match}"))
            return None
        if match.match in units:
            self.problems.append(Problem(where.path, where.line("match"), f"match {match.match} is listed twice in this round"))
            return None
        slot = slots[match.match - 1]
        if slot.bye:
            self.problems.append(Problem(where.path, where.line("match"),
                                         f"match {match.match} is a bye: {slot.winner or 'its player'} goes through without a match (leave it out)"))
            return None
        expected = slot.players
        if not rnd.manual and not rnd.stands:  # a match played before a correction stands as played
            if None in expected:
                if number > 1:
                    feeders = " and ".join(str(2 * match.match - 1 + i) for i, p in enumerate(expected) if p is None)
                    why = f"the winner of {stage_title} round {number - 1} match {feeders} is not known yet"
                else:
                    why = "a main-draw first-round match that feeds it is not decided yet"
                self.problems.append(Problem(where.path, where.line("players"), f"match {match.match} cannot be played yet: {why}"))
                return None
            if sorted(match.players) != sorted(expected):
                self.problems.append(Problem(where.path, where.line("players"),
                                             f"match {match.match} differs from the bracket, which gives: {', '.join(expected)} (or add manual: \"reason\")"))
        result, problems = score_match(match, standard, rule, self.seeds, self.fmt.decisive_lead, self.fmt.extra_games_limit)
        result.decide_walkover(self.attendance.withdrawn_by(rnd.stage, rnd.round))
        self.problems.extend(problems)
        if sorted(match.players) != sorted(p for p in expected if p is not None):
            slot.players = list(match.players)
            slot.seeds = [self.seeds.get(p) for p in match.players] if bracket.stage == "main" else [None, None]
        slot.match = result
        slot.winner = result.winner
        return result

    # -- classification -----------------------------------------------------------

    def _classify(self, bracket: Bracket) -> None:
        """1 the champion, then the losers of round r share place ``places/2 + 1``
        (by seed within a place)."""
        lines = [(1, bracket.champion)]
        for number, slots in enumerate(bracket.rounds, 1):
            place = bracket.places(number) // 2 + 1
            for slot in slots:
                if slot.loser is not None:
                    lines.append((place, slot.loser))
        lines.sort(key=lambda line: (line[0], self.seeds.get(line[1], 0)))
        self.out.classification = [Place(place, pid) for place, pid in lines]
