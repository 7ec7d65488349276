"""The Carcassonne engine (formats.md section 3, its options variants.md 2,
open-events.md 1-3).

Two-player games (or matches of several games) in a ranked stage
(``swiss``) followed by a knockout (``playoff``).  The numbers below are
``carcassonne-lv``'s; each is an option.

* **Field.**  Up to ``group_limit`` (32) players, a reserve not counted, play
  one group of six Swiss rounds; a larger field is split into groups A and B
  that play five rounds each, every game inside its own group (``groups``:
  1 to 8, ``swiss_rounds``; a player may carry ``group:``;
  :func:`.groups.split_groups`).  Each round seats the players seated in
  it (:mod:`podium_core.attendance`: not absent, not withdrawn, joined);
  a group whose field is odd that round is completed by the organisers'
  reserve player (``reserve: true``; they play only in such rounds, count
  for their opponents, and never take a playoff or classification place),
  or with ``odd_field: bye`` one player sits out and scores as
  ``bye_result`` says.
* **Swiss pairing.**  Round 1 is the verifiable draw (purpose ``swiss/1``):
  consecutive pairs of the key order, the earlier-drawn player starts.  Later
  rounds pair the ranking from the top, avoiding a repeat of the previous
  round (``avoid_rematch: always``: of any earlier round), searching
  depth-first (:func:`pair_swiss`).  The higher-ranked player starts.
* **Round robin** (``pairing: round_robin``): the Berger tables
  (:mod:`.berger`) over each group's draw order (purpose ``swiss/1``), or
  the ``seed:`` order when every player has one; ``cycles`` 1 or 2; an odd
  group's rest is the round's ``bye:``.  A game against a player who is not
  seated that round is not played (it counts nothing).
* **Ranking.**  The ``ranking`` criteria of :mod:`podium_core.criteria`, then
  lots.  Under ``tie_game: declared`` equal scores go to the game's
  ``winner:``.  A game recorded ``unplayed:`` counts nothing for anyone.
* **Playoff.**  The best ``playoff_size`` still in the event (each group
  sends an equal share) in a bracket of standard order (:mod:`.playoff`),
  down to a final and (``third_place``) a game for third place; a drawn
  game goes to the player who used less clock time, then to the better
  Swiss rank, then the ranking's criteria after wins.  A player listed
  ``withdrawn:`` in a playoff round loses their game there by walkover.
  ``playoff_size: 0``: no playoff.
* **Classification.**  Final, third-place game (or the semifinal losers),
  the losers of each earlier round by their Swiss values, then everyone
  else the same way; the reserve is listed last without a place.

Everything stays exact: wins and Buchholz are whole numbers (``int``) or
halves (``Fraction``), scores are integers.
"""

from __future__ import annotations

from dataclasses import dataclass

from ...draw import draw_order
from ...errors import Problem
from ...model import Event, Round, bye_field
from ...numbers import json_number
from ...outcome import EventOutcome, Place, RoundOutcome, Seating
from ...ranking import Standing, rank
from ...roundfile import flow
from ...seating import pairs
from ...text import N_, Text
from ..base import Run, compare_seating, round_status
from ..knockout import walkover
from ..manual_shape import manual_shape
from .berger import cycle_rounds, round_robin
from .game import CarcassonneGame, add_bye, add_game, clock_seconds, read_game, swiss_points, winner_problems
from .groups import group_letters, split_groups
from .pairing import pair_swiss
from .playoff import feeds, first_round, seed_labels

ONE_GROUP_LIMIT = 32  # more players than this (a reserve not counted): two groups
ONE_GROUP_ROUNDS = 6
TWO_GROUP_ROUNDS = 5
GROUP_COUNTS = (1, 2, 3, 4, 5, 6, 7, 8)
PLAYOFF_SIZES = (0, 2, 4, 8, 16, 32, 64)


def first_round_labels(size: int, groups: int) -> list[tuple[str, str]]:
    """The first playoff round's pairs of seeds, table by table
    (:mod:`.playoff`): one group 1-8, 2-7, 3-6, 4-5 (4: 1-4, 2-3; 2: 1-2);
    two groups, each sending ``size/2``: A1-B4, A2-B3, A3-B2, A4-B1 (4:
    A1-B2, A2-B1; 2: A1-B1); any other size or number of groups in bracket
    order (16 from one group: 1-16, 8-9, 4-13, 5-12, ...)."""
    labels = seed_labels(size, group_letters(groups))
    return [(labels[a - 1], labels[b - 1]) for a, b in first_round(size, groups)]


@dataclass
class Seed:
    """A playoff player: their group, place among the group's qualifiers, and
    Swiss values (by criterion key)."""

    player: str
    group: str | None
    number: int  # 1..size with one group, 1..size/groups inside the group with several
    values: dict

    @property
    def label(self) -> str:
        return f"{self.group or ''}{self.number}"


class CarcassonneRun(Run):
    """One evaluation of one event: the Swiss stage, the playoff, the classification."""

    def __init__(self, fmt, event: Event):
        super().__init__(fmt, event)
        self.rounds = fmt.swiss_rounds(event)
        self.playoff_rounds = fmt.playoff_rounds
        self.sequence = ([("swiss", n) for n in range(1, self.rounds + 1)] +
                         [("playoff", n) for n in range(1, self.playoff_rounds + 1)])
        self.criteria = fmt.criteria
        self.ledger = fmt.ledger(event)
        self.history: list[dict] = []  # per Swiss round: player -> opponent
        self.had_bye: set = set()
        self.ranking: dict = {}  # group -> rows of the latest standing
        self.groups: dict = {}
        self.group_of: dict = {}
        self.reserves: frozenset = frozenset()
        self.berger: dict = {}  # group -> its players in Berger number order (round robin)
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

    def _option_line(self, key: str) -> int:
        """The line that sets option ``key``: the event's own, else its ``format:``."""
        event = self.event
        if isinstance(event.options, dict) and key in event.options:
            return event.where.line("options", key)
        return event.where.line("format")

    def _field(self) -> bool:
        """Check the field can be seated and make the group(s)."""
        event, where = self.event, self.event.where
        reserves = [p for p in event.players if p.reserve]
        problems = []
        if self.fmt.byes:
            problems += [Problem(where.path, extra.where.line("reserve"),
                                 "with odd_field: bye an odd field plays with a bye each round, "
                                 "not a reserve player: remove reserve: true") for extra in reserves]
        else:
            problems += [Problem(where.path, extra.where.line("reserve"),
                                 f"only one reserve player is allowed; {reserves[0].id} is already the reserve")
                         for extra in reserves[1:]]
        count = self.fmt.group_count(event)
        letters = group_letters(count)
        for player in event.players:
            if player.group is None:
                continue
            if count == 1:
                problems.append(Problem(where.path, player.where.line("group"),
                                        f"group: {player.group} is only for a field played in groups (groups: 2 to 8)"))
            elif player.group not in letters:
                problems.append(Problem(where.path, player.where.line("group"),
                                        f"group: {player.group}, but this event has {count} groups ({', '.join(letters)})"))
        if self.fmt.round_robin:
            problems += [Problem(where.path, p.where.line("joins"), f"joins: {p.joins}: a round robin is drawn once for "
                                 "its whole field, so nobody can join it later (use pairing: swiss, or enter the player "
                                 "from round 1)") for p in event.players if p.joins > 1]
        size = self.fmt.playoff_size
        if size and size % count:
            problems.append(Problem(where.path, self._option_line("playoff_size"),
                                    f"playoff_size: {size} cannot be shared equally by {count} groups: "
                                    f"give a power of two divisible by {count}"))
        if problems:
            self.problems.extend(problems)
            return False
        self.reserves = frozenset(p.id for p in reserves)
        if count > 1:
            self.groups, split = split_groups(event.players, event.seed, count,
                                              lambda n: self.attendance.withdrawn_by("swiss", n))
            self.out.extra["groups"] = {g: list(ids) for g, ids in self.groups.items()}
            self.out.extra["group_split"] = split
        else:
            self.groups = {None: [p.id for p in event.players]}
        self.group_of = {pid: g for g, ids in self.groups.items() for pid in ids}
        return self._field_fits()

    def _field_fits(self) -> bool:
        """With several groups, every group can send its share of the
        playoff (one group: checked when the playoff is seated); the first
        round's field can be paired (an odd one needs a reserve or a bye)."""
        where = self.event.where
        problems = []
        share = self.fmt.playoff_size // len(self.groups) if self.fmt.playoff_size and len(self.groups) > 1 else 0
        for group, ids in self.groups.items():
            regular = [pid for pid in ids if pid not in self.reserves]
            if len(regular) < share:
                name = f"group {group} has" if group else "the field has"
                problems.append(Problem(where.path, self._option_line("playoff_size"),
                                        f"the playoff takes {share} players from each group, but {name} only "
                                        f"{len(regular)} (a reserve not counted): a smaller playoff_size or fewer groups"))
        if self.fmt.round_robin:
            most = self.fmt.cycles * max(cycle_rounds(len(ids)) for ids in self.groups.values())
            if self.rounds > most:
                problems.append(Problem(where.path, self._option_line("swiss_rounds"),
                                        f"swiss_rounds: {self.rounds}, but a round robin of these groups in "
                                        f"{self.fmt.cycles} cycle{'s' if self.fmt.cycles > 1 else ''} has {most} rounds"))
        else:
            first = {g: [pid for pid in ids if pid not in self.reserves and self.event.player(pid).joins == 1]
                     for g, ids in self.groups.items()}
            odd = [g for g, ids in first.items() if len(ids) % 2]
            if not self.fmt.byes and odd and (len(odd) > 1 or not self.reserves):
                regular = sum(len(ids) for ids in first.values())
                if len(self.groups) == 1 or regular % 2:
                    problems.append(Problem(where.path, where.line("players"),
                                            f"{regular} players is an odd field: the organisers must add a reserve player "
                                            f"(a player entry with reserve: true)"))
                else:
                    problems.append(Problem(where.path, where.line("players"),
                                            f"groups {', '.join(odd)} have an odd number of players, and one reserve "
                                            "completes only one group: change the players' group: fields"))
        self.problems.extend(problems)
        return not problems

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

    def _berger_order(self, ids: list) -> list:
        """A group's players in Berger number order: by ``seed:`` when every
        player of the event has one, else the draw (purpose ``swiss/1``)."""
        players = [self.event.player(pid) for pid in ids]
        if all(p.seed is not None for p in self.event.players):
            return [p.id for p in sorted(players, key=lambda p: p.seed)]
        return draw_order(ids, self.event.seed, "swiss/1")

    def _round_fields(self, number: int) -> tuple[dict, list]:
        """The players of each group seated in Swiss round ``number``, in
        event order, with the reserve where it completes an odd group; and
        the groups where a bye falls: every group whose field is odd
        (``odd_field: bye``), or that the reserve does not complete (there
        is none, it is absent, or it completes another group).  Each group
        is seated on its own, so each odd group has its own bye."""
        seated = set(self.attendance.seated("swiss", number))
        fields = {g: [pid for pid in ids if pid in seated and pid not in self.reserves] for g, ids in self.groups.items()}
        odd = [g for g, ids in fields.items() if len(ids) % 2]
        reserve = next((pid for pid in self.reserves if pid in seated), None)
        if odd and reserve is not None and not self.fmt.byes:
            fields[odd[0]].append(reserve)
            odd = odd[1:]
        return fields, odd

    def _swiss(self, rnd: Round, position: int):
        number = rnd.round
        title = Text("Swiss round %(number)s", number=number)
        if self.waiting:
            self._unchecked(rnd, title)
            return
        if self.fmt.round_robin:
            expected, orders, rules_byes, seating = self._round_robin_seating(number)
            impossible = []
        else:
            expected, orders, rules_byes, impossible, seating = self._swiss_seating(number)
        if self._refused(rnd, impossible, title):
            self._unchecked(rnd, title)
            return
        byes = self._check_byes(rnd, rules_byes) if rnd.listed else rules_byes
        field = None  # who plays by the rules, with the byes the file names (a manual round may name anyone)
        if not impossible:
            field = [pid for players, _, _ in expected for pid in players] + list(rules_byes)
            field = [pid for pid in field if pid not in byes]
        outcome = self._seat(rnd, expected, seating, title, position, check=not impossible, field=field)
        outcome.byes = byes
        outcome.extra["orders"] = {g or "": list(o) for g, o in orders.items()}
        if len(self.groups) > 1:
            outcome.extra["group_tables"] = {g: [u.table for u in outcome.units if u.group == g] for g in self.groups}
        for unit in outcome.units:
            if unit.played:
                unit.points = swiss_points(unit)
        if outcome.status != "complete":
            return
        opponents = {}
        for unit in outcome.units:
            if not unit.played:
                continue  # not played: no opponent met
            add_game(self.ledger, unit, number)
            a, b = unit.players
            opponents[a], opponents[b] = b, a
        for bye in byes:
            add_bye(self.ledger, bye, number, self.fmt.options["bye_result"])
            self.had_bye.add(bye)
        self.attendance.add_missed(self.ledger, "swiss", number, self.fmt.options["absence"])
        self.history.append(opponents)
        for group, ids in self.groups.items():
            rows = rank(ids, self.criteria, self.ledger, self.lots, reserves=self.reserves)
            self.ranking[group] = rows
            self.out.standings.append(Standing("swiss", group, number, self.criteria, rows))

    def _refused(self, rnd: Round, impossible: list, title) -> bool:
        """No pairing of the groups ``impossible`` (None: the one field)
        satisfies the rules in Swiss round ``rnd``: a problem, unless the
        round is listed and ``manual:``.  True when the round lists no
        games, so nothing of it can be checked (the event waits)."""
        if not impossible or (rnd.listed and rnd.manual):
            return False
        names = " and ".join(f"group {g}" for g in impossible) if impossible != [None] else "the field"
        avoid = "repeat an earlier game" if self.fmt.avoid_rematch == "always" else "repeat a game of the previous round"
        self.problems.append(Problem(rnd.where.path, rnd.where.line("games" if rnd.listed else "round"),
                                     f"no pairing of {names} for Swiss round {rnd.round} satisfies the rules (every pairing "
                                     f"would {avoid}): record the seating with manual: \"reason\""))
        self.block_reported = True
        if rnd.listed:
            return False
        self.waiting = Text("no pairing for %(round)s satisfies the rules", round=title)
        return True

    def _swiss_seating(self, number: int):
        """Swiss round ``number`` by the rules: its games (players, group,
        None) in table order, each group's order, the byes (group order),
        the groups no pairing satisfies, and how it was seated."""
        fields, bye_groups = self._round_fields(number)
        expected, orders, impossible, byes = [], {}, [], []
        forbidden = self._forbidden() if number > 1 else {}
        for group, ids in fields.items():
            if number == 1:
                order = draw_order(ids, self.event.seed, "swiss/1")
            else:
                playing = set(ids)
                order = [row.player for row in self.ranking[group] if row.player in playing]
                if len(order) < len(ids):  # the reserve completing another group: placed by its values
                    order = [row.player for row in rank(ids, self.criteria, self.ledger, self.lots)]
            orders[group] = order
            playing = order
            if group in bye_groups:
                byes.append(self._bye_for(order, number))
                playing = [pid for pid in order if pid != byes[-1]]
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
        if byes:
            seating.rule = Text("%(rule)s %(bye)s", rule=_as_text(seating.rule),
                                bye=Text("The last player of the draw sits out with a bye.") if number == 1 else
                                Text("The lowest-ranked player who has had no bye sits out with a bye."))
        return expected, orders, tuple(byes), impossible, seating

    def _round_robin_seating(self, number: int):
        """Round ``number`` of the round robin (:mod:`.berger`): each group's
        Berger pairings of the round whose two players are seated, the
        group's rest as the bye (when seated), and how it was seated."""
        seated = set(self.attendance.seated("swiss", number))
        expected, orders, byes = [], {}, []
        for group, ids in self.groups.items():
            order = self.berger.get(group)
            if order is None:
                order = self.berger[group] = self._berger_order(ids)
            orders[group] = order
            found = round_robin(order, number, self.fmt.cycles)
            if found is None:
                continue
            games, rest = found
            expected += [(players, group, None) for players in games if all(p in seated for p in players)]
            if rest is not None and rest in seated:
                byes.append(rest)
        cycle = cycle_rounds(max(len(o) for o in orders.values()))
        if self.fmt.cycles > 1 and number > cycle:
            rule = Text("Round robin, second cycle (round %(round)s of the Berger tables, FIDE C.05 Annex 1, who starts "
                        "swapped): each group's players numbered in the order of the draw (purpose swiss/1) or by seed; "
                        "a game against a player not seated this round is not played.", round=number - cycle)
        else:
            rule = Text("Round robin: round %(round)s of the Berger tables (FIDE C.05 Annex 1) over each group's players "
                        "numbered in the order of the draw (purpose swiss/1) or by seed; a game against a player not "
                        "seated this round is not played.", round=number)
        if byes:
            rule = Text("%(rule)s %(bye)s", rule=rule, bye=Text("An odd group's rest is the round's bye."))
        seating = Seating("pairing", order=tuple(pid for order in orders.values() for pid in order), rule=rule)
        return expected, orders, tuple(byes), seating

    def _check_byes(self, rnd: Round, expected: tuple) -> tuple:
        """A listed round's ``bye:`` must name the rules' players, one per
        odd group, in any order (a manual round may name anyone)."""
        where = rnd.where
        if rnd.manual:
            return rnd.byes
        given, wanted = ", ".join(rnd.byes), ", ".join(expected)
        if not expected and rnd.byes:
            why = "every group's field is even" if len(self.groups) > 1 else "the field is even"
            if not (self.fmt.byes or self.fmt.round_robin):
                why += " or the reserve completes it (odd_field: reserve)"
            self.problems.append(Problem(where.path, where.line("bye"), f"bye: {given}, but {why}"))
        elif expected and not rnd.byes:
            self.problems.append(Problem(where.path, where.line("games"),
                                         f"the rules give {wanted} the bye this round: add bye: {flow(bye_field(expected))}"))
        elif sorted(rnd.byes) != sorted(expected):
            self.problems.append(Problem(where.path, where.line("bye"),
                                         f"the rules give {wanted} the bye this round, not {given} (or add manual: \"reason\")"))
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
                      if rnd.stage == "swiss" and len(self.groups) > 1 else None)
            unseated = self._unseated(rnd, field) if check and not rnd.manual and field is not None else []
            if unseated:
                self.problems.extend(unseated)
            elif rnd.manual and field is not None:  # the organisers' pairs, in the rules' shape
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
                unit, found = read_game(game, group, place, declared, self.fmt.match_games)
                found += winner_problems(game, unit, declared)
                if game.unplayed is not None and rnd.stage != "swiss":
                    found.append(Problem(game.where.path, game.where.line("unplayed"),
                                         f"table {game.table}: a playoff game is won or lost; a player who cannot play it "
                                         "withdraws (withdrawn: [id] in this round's file: a walkover)"))
                self.problems.extend(found)
                if found:
                    self.block_reported = True
                units.append(unit)
            self._check_places(rnd)
        else:
            seating.filled = True
            units = [CarcassonneGame(i + 1, players, group, place=place, match=self.fmt.match_games)
                     for i, (players, group, place) in enumerate(expected)]
        if rnd.stage == "playoff":
            self._walkovers(rnd, units)
        status = round_status([u.has_result for u in units]) if rnd.listed else "upcoming"
        outcome = RoundOutcome(rnd.stage, rnd.round, "games", status, units, seating, source=rnd, title=title)
        self.out.rounds.append(outcome)
        if status != "complete":
            self._incomplete(rnd, outcome, position)
        return outcome

    def _unseated(self, rnd: Round, field: list) -> list[Problem]:
        """Players the rules seat in a Swiss round whom its file seats
        nowhere: one problem naming them and how to record them (rather
        than a table-by-table difference)."""
        listed = set(rnd.player_ids()) | set(rnd.byes)
        missing = [pid for pid in field if pid not in listed]
        if not missing:
            return []
        names = ", ".join(missing)
        return [Problem(rnd.where.path, rnd.where.line("games"),
                        f"{names} {'is' if len(missing) == 1 else 'are'} seated by the rules in Swiss round {rnd.round} "
                        f"but in no game of this file: list a player who missed the round in absent: [id], and give a "
                        f"player who came later joins: <round> in event.yaml")]

    def _walkovers(self, rnd: Round, units: list):
        """A player listed ``withdrawn:`` in a playoff round loses the game
        they are seated for there, and any later one (a third-place game),
        by walkover (open-events.md 1): no game, the opponent goes on."""
        withdrawn = set(self.attendance.withdrawn_by(rnd.stage, rnd.round))
        for unit in units:
            found = walkover(unit.players, withdrawn)
            if found is None or unit.has_result:
                continue
            winner, gone = found
            if winner is not None:
                unit.walkover, unit.winner, unit.decided_by = gone, winner, "walkover"
            else:
                self.problems.append(Problem(rnd.where.path, rnd.where.line("withdrawn"),
                                             f"both players of table {unit.table} withdrew: nobody goes on from it; "
                                             "record what the organisers decided with manual: \"reason\""))
                self.block_reported = True

    def _group_of_game(self, players) -> str | None:
        """The group a game is played in: its regular player's (a reserve may complete another group)."""
        regular = [pid for pid in players if pid not in self.reserves]
        return self.group_of.get((regular or list(players))[0])

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
                unit, _ = read_game(game, self._group_of_game(game.players) if rnd.stage == "swiss" else None,
                                    declared=self.fmt.declared, match_games=self.fmt.match_games)
                if unit.played and rnd.stage == "swiss":
                    unit.points = swiss_points(unit)
                units.append(unit)
        seating = Seating("manual", manual=rnd.manual) if rnd.manual else Seating("draw" if rnd.round == 1 and rnd.stage == "swiss" else "pairing" if rnd.stage == "swiss" else "bracket")
        status = round_status([u.has_result for u in units])
        outcome = RoundOutcome(rnd.stage, rnd.round, "games", status, units, seating, source=rnd, title=title,
                               waiting=None if rnd.listed else self.waiting, byes=rnd.byes)
        self.out.rounds.append(outcome)
        if rnd.stage == "playoff":
            for unit in units:
                unit.title = self.fmt.game_title(rnd.round, unit.table, unit.place)
            self.playoff[rnd.round] = outcome

    # -- the playoff ---------------------------------------------------------------

    def _make_seeds(self, rnd: Round) -> bool:
        """The qualifiers: each group's best ``playoff_size / groups`` still
        in the event (the reserve and players who withdrew in the Swiss stage
        excluded: the next move up), seeded A1, B1, ..., A2, B2, ... (one
        group: by its ranking)."""
        size = self.fmt.playoff_size
        per_group = size // len(self.groups)
        left = self.attendance.withdrawn_by("swiss", self.rounds)
        seeds = {}
        for group, rows in self.ranking.items():
            qualifiers = [row for row in rows if not row.reserve and row.player not in left][:per_group]
            if len(qualifiers) < per_group:
                where = f"group {group} has" if group else "the field has"
                self.problems.append(Problem(rnd.where.path, rnd.where.line("stage"),
                                             f"the playoff needs {per_group} players besides the reserve and those who "
                                             f"withdrew, but {where} only {len(qualifiers)}"))
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
        """The higher Swiss rank starts: the better place inside one's group, the earlier group on equal places."""
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
            unit.title = self.fmt.game_title(number, unit.table, unit.place)
            unit.seeds = tuple(self.seeds[p].label if p in self.seeds else "" for p in unit.players)
            if unit.played and unit.winner is None:
                self._decide_playoff(unit, rnd)
        outcome.extra["bracket"] = self._bracket_round(number)
        if number == self.playoff_rounds and outcome.status == "complete":
            self._classify(outcome)

    def _playoff_rule(self, number: int):
        """The seating rule of playoff round ``number``, as one sentence."""
        size, groups = self.fmt.playoff_size, len(self.groups)
        one = groups == 1
        last = number == self.playoff_rounds
        if size == 8 and groups <= 2 and (not last or self.fmt.third_place):
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
            pairs_text = ", ".join(f"{a}-{b}" for a, b in first_round_labels(size, groups))
            return Text("%(round)s by the final Swiss ranking (reserve excluded): %(pairs)s; the higher Swiss rank starts.",
                        round=self.fmt.round_title(1), pairs=pairs_text)
        if not last:
            return Text("%(round)s: the winners of tables %(pairs)s of the round before, in that order; the higher Swiss "
                        "rank starts.", round=self.fmt.round_title(number),
                        pairs=", ".join(f"{a}-{b}" for a, b in feeds(size, groups, number)))
        if self.fmt.third_place:
            return N_("Final (table 1) between the semifinal winners; third-place game (table 2) between the semifinal "
                      "losers; the higher Swiss rank starts.")
        return N_("Final between the semifinal winners; the higher Swiss rank starts.")

    def _matchups(self, number: int):
        """The games of playoff round ``number``: (player, player, place) in table order."""
        size, groups = self.fmt.playoff_size, len(self.groups)
        last = number == self.playoff_rounds
        if number == 1:
            labels = first_round_labels(size, groups)
            place = 1 if last else None
            return [(self._seeded(a), self._seeded(b), place) for a, b in labels]
        previous = self.playoff.get(number - 1)
        needed = size >> (number - 1)
        missing = [] if previous is None else [u.table for u in previous.units if u.winner is None]
        if previous is None or len(previous.units) < needed or missing:
            tables = ", ".join(map(str, missing))
            before = self.fmt.round_title(number - 1)
            if previous is not None and missing:
                self.waiting = Text("%(round)s: no winner yet at table %(tables)s", round=before, tables=tables)
            else:
                self.waiting = Text("%(round)s: fewer than %(needed)s games", round=before, needed=needed)
            return None
        units = previous.units
        if not last:
            return [(units[i - 1].winner, units[j - 1].winner, None) for i, j in feeds(size, groups, number)]
        games = [(units[0].winner, units[1].winner, 1)]
        if self.fmt.third_place:
            games.append((units[0].loser, units[1].loser, 3))
        return games

    def _decide_playoff(self, unit: CarcassonneGame, rnd: Round):
        """Decide a drawn playoff game (formats.md 3, "Playoff draws").

        Less clock time used wins; on equal time the better Swiss rank (the
        place inside one's own group); on an equal place (A-k against B-k) the
        format's ranking criteria after ``wins`` (Buchholz, then score
        difference by default; a criterion of the tied group between the two
        players alone), then lots.  ``decided_by`` names what decided it:
        ``time``, ``rank``, a criterion's key or ``lots``.  Without recorded times the game
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
        pair = frozenset((a, b))
        steps += [(c.key, c.compute(a, self.ledger, pair), c.compute(b, self.ledger, pair)) if c.tied else
                  (c.key, sa.values[c.key], sb.values[c.key]) for c in self.criteria if c.key != "wins"]
        for name, va, vb in steps:
            if va != vb:
                unit.winner = a if va > vb else b
                unit.decided_by = name
                return
        unit.winner = min((a, b), key=self.lots.sort_key)
        unit.decided_by = "lots"

    # -- classification ------------------------------------------------------------

    def _swiss_order(self, players) -> list:
        """``players`` in the order of their final Swiss values, across groups:
        the ranking's criteria, then lots (:func:`podium_core.ranking.rank`)."""
        return [row.player for row in rank(list(players), self.criteria, self.ledger, self.lots)]

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
                order += self._swiss_order(u.loser for u in earlier.units if u.loser is not None and u.loser not in order)
        taken = set(order)
        rest = [pid for pid in (p.id for p in self.event.players) if pid not in taken and pid not in self.reserves]
        order += self._swiss_order(rest)
        places = [Place(i + 1, pid) for i, pid in enumerate(order)]
        places += [Place(None, pid, reserve=True) for pid in (p.id for p in self.event.players)
                   if pid in self.reserves and pid not in taken]
        self.out.classification = places

    # -- data for the site: bracket and crosstable ------------------------------------

    def _bracket_round(self, number: int) -> dict:
        """One playoff round for a bracket view: each game's slots, players and result."""
        size, groups = self.fmt.playoff_size, len(self.groups)
        last = number == self.playoff_rounds
        if number == 1:
            slots = [{"slots": list(pair)} for pair in first_round_labels(size, groups)]
            if last:
                slots[0]["place"] = 1
        elif not last:
            slots = [{"from": [{"round": number - 1, "table": i, "takes": "winner"},
                               {"round": number - 1, "table": j, "takes": "winner"}]}
                     for i, j in feeds(size, groups, number)]
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
                if unit.walkover is not None:
                    entry["walkover"] = unit.walkover
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
            for bye in outcome.byes:
                by_player.setdefault(bye, {})[outcome.round] = {"round": outcome.round, "bye": True}
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
                    if unit.unplayed is not None:
                        by_player[pid][outcome.round]["unplayed"] = unit.unplayed
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
