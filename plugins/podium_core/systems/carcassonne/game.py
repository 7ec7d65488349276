"""One Carcassonne game (formats.md 3, "Game result"; variants.md 2): read,
decided and entered in a ranked stage's ledger."""

from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction

from ...criteria import REST_RESULTS, Ledger, LedgerEntry, rest_entry
from ...errors import Problem
from ...model import Game
from ...numbers import json_number
from ..base import opponent_of


def clock_seconds(text: str) -> int:
    """Clock time used, written ``m:ss``, in seconds."""
    minutes, seconds = text.split(":")
    return int(minutes) * 60 + int(seconds)


# -- one game -------------------------------------------------------------------

@dataclass
class CarcassonneGame:
    """A two-player game, or a match of several games, as seated and, once
    played, decided.

    ``score`` is the file's record (a match: the sums of its games' scores);
    ``counted`` is what the ranking uses: a player who ran out of clock time
    (``forfeit``) counts 0 and the opponent's recorded score stands.
    ``points`` (Swiss only) are 1, ½ or 0 per player.  ``winner`` is None for
    a game not played yet and for a Swiss draw; a playoff game always gets a
    winner once its result is complete, and ``decided_by`` says how:
    ``score``, ``forfeit``, ``declared``, ``games`` (a match), ``time``,
    ``rank``, a criterion's key, ``walkover`` or ``lots``.  ``place`` is 1
    for the final and 3 for the third-place game; ``seeds`` the playoff
    labels (``"1"``/``"8"``, ``"A1"``/``"B4"``).  ``unplayed`` is why a
    game was never played (no result for anyone); ``walkover`` the playoff
    player who withdrew and so lost it without a game.  A match (``match``:
    its best-of number) has ``games``, one :class:`GameResult` each, and
    ``game_wins``, the games each player won (a drawn game ½ each).
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
    title: object = None  # a playoff game's name ("Semifinal 2", "Final"), a msgid or Text
    unplayed: str | None = None
    walkover: str | None = None
    match: int = 1
    games: tuple = ()
    game_wins: tuple | None = None
    source: Game | None = field(default=None, repr=False)

    @property
    def played(self) -> bool:
        """Whether the game was played and its scores are in."""
        return self.score is not None

    @property
    def has_result(self) -> bool:
        """Whether nothing more is to be recorded: its scores, a walkover, or the reason it was not played."""
        return self.score is not None or self.walkover is not None or self.unplayed is not None

    @property
    def done(self) -> bool:
        """Whether nothing more is to be recorded (every engine's units say so): :attr:`has_result`."""
        return self.has_result

    @property
    def loser(self) -> str | None:
        return opponent_of(self.players, self.winner)

    @property
    def draw(self) -> bool:
        """Equal counted scores (a match: equal games won) and nobody out of time."""
        if self.game_wins is not None:
            return self.game_wins[0] == self.game_wins[1]
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
        if self.unplayed is not None:
            data["unplayed"] = self.unplayed
        if self.walkover is not None:
            data["walkover"] = self.walkover
        if self.match > 1:
            data["games"] = [g.to_json() for g in self.games]
            data["game_wins"] = None if self.game_wins is None else [json_number(w) for w in self.game_wins]
        return data


@dataclass(frozen=True)
class GameResult:
    """One game of a match: recorded and counted scores, forfeit, winner (None: a draw)."""

    score: tuple
    counted: tuple
    forfeit: str | None
    winner: str | None
    decided_by: str | None

    def to_json(self) -> dict:
        return {"score": list(self.score), "counted_score": list(self.counted), "forfeit": self.forfeit,
                "winner": self.winner}


def decide(players: tuple, score: tuple, forfeit: str | None, winner: str | None, declared: bool) -> GameResult:
    """One game by its scores (formats.md 3, "Game result"; variants.md 2):
    the forfeiting player counts 0 and loses; otherwise the higher counted
    score wins; equal scores are a draw, or under ``tie_game: declared``
    the game's ``winner:``."""
    counted = list(score)
    if forfeit in players:
        counted[players.index(forfeit)] = 0
        return GameResult(tuple(score), tuple(counted), forfeit, opponent_of(players, forfeit), "forfeit")
    if counted[0] != counted[1]:
        return GameResult(tuple(score), tuple(counted), None, players[0] if counted[0] > counted[1] else players[1], "score")
    if declared and winner in players:
        return GameResult(tuple(score), tuple(counted), None, winner, "declared")
    return GameResult(tuple(score), tuple(counted), None, None, None)


def read_game(game: Game, group: str | None = None, place: int | None = None, declared: bool = False,
              match_games: int = 1) -> tuple[CarcassonneGame, list[Problem]]:
    """A game (or match) of a round file with its counted scores and, by
    score alone, its winner, and the problems of its form.

    A single game: see :func:`decide`; a Swiss draw has no winner, a
    playoff draw is decided by clock time and rank later
    (:meth:`CarcassonneRun._decide_playoff`).  A match of best of
    ``match_games`` (open-events.md 3): its games one by one, each decided
    as a single game; the match is over when a player has won more than
    half of ``match_games`` (a drawn game counts ½ each) or every game is
    played, and goes to the player with more games won (equal: a draw, as
    a drawn game).  ``score`` and ``counted`` sum the games' scores.  A
    match not over yet has no result; a game recorded after the match was
    over is a problem.  ``unplayed:`` gives no result and nothing else.
    """
    unit = CarcassonneGame(game.table, tuple(game.players), group, forfeit=game.forfeit,
                           time=game.time, place=game.place if game.place is not None else place, source=game,
                           unplayed=game.unplayed, match=match_games)
    if game.unplayed is not None:
        return unit, []
    if match_games > 1:
        return _read_match(game, unit, declared, match_games)
    if game.games is not None:
        return unit, [Problem(game.where.path, game.where.line("games"),
                              f"table {game.table}: games: is for matches of several games (match_games above 1); "
                              "this format plays one game a pairing: give score: [a, b]")]
    if game.score is None:
        return unit, []
    result = decide(unit.players, tuple(game.score), game.forfeit, game.winner, declared)
    unit.score, unit.counted, unit.winner, unit.decided_by = result.score, result.counted, result.winner, result.decided_by
    return unit, []


def _read_match(game: Game, unit: CarcassonneGame, declared: bool, best_of: int) -> tuple[CarcassonneGame, list[Problem]]:
    """A match of best of ``best_of`` games (see :func:`read_game`)."""
    where = game.where
    if game.score is not None:
        return unit, [Problem(where.path, where.line("score"),
                              f"table {game.table}: with match_games: {best_of} a pairing is a match, entered as "
                              "games: [[a, b], [a, b], ...] (each game's scores), not score:")]
    if game.forfeit is not None:
        return unit, [Problem(where.path, where.line("forfeit"),
                              f"table {game.table}: in a match, forfeit: belongs to the game it was lost in "
                              "(games: [{score: [a, b], forfeit: id}, ...])")]
    if not game.games:
        return unit, []
    problems, results = [], []
    wins = [0, 0]
    needed = Fraction(best_of, 2)
    for i, played in enumerate(game.games):
        if max(wins) > needed:
            problems.append(Problem(played.where.path, played.where.line(),
                                    f"table {game.table}: game {i + 1} was recorded after the match was over "
                                    f"({_count(wins[0])}-{_count(wins[1])} in games, best of {best_of})"))
            break
        for name in ("forfeit", "winner"):
            value = getattr(played, name)
            if value is not None and value not in unit.players:
                problems.append(Problem(played.where.path, played.where.line(name),
                                        f"table {game.table}, game {i + 1}: {name} '{value}' is not at this table"))
        result = decide(unit.players, played.score, played.forfeit, played.winner, declared)
        problems += _game_winner_problems(game, i, played, result, declared)
        results.append(result)
        if result.winner is None:
            wins = [wins[0] + HALF, wins[1] + HALF]
        else:
            wins[unit.players.index(result.winner)] += 1
    unit.games = tuple(results)
    if problems or (max(wins) <= needed and len(results) < best_of):
        return unit, problems
    unit.game_wins = (_count(wins[0]), _count(wins[1]))
    unit.score = tuple(sum(r.score[k] for r in results) for k in (0, 1))
    unit.counted = tuple(sum(r.counted[k] for r in results) for k in (0, 1))
    if wins[0] != wins[1]:
        unit.winner = unit.players[0] if wins[0] > wins[1] else unit.players[1]
        unit.decided_by = "games"
    return unit, problems


def _count(value):
    return int(value) if Fraction(value).denominator == 1 else Fraction(value)


def _game_winner_problems(game: Game, index: int, played, result: GameResult, declared: bool) -> list[Problem]:
    """One game of a match: its ``winner:`` as :func:`winner_problems` says for a single game."""
    where = played.where
    equal = result.forfeit is None and result.counted[0] == result.counted[1]
    name = f"table {game.table}, game {index + 1}"
    if equal and declared and played.winner is None:
        return [Problem(where.path, where.line(), f"{name} has equal scores: under tie_game: declared the game must "
                                                  "name its winner: ({score: [a, b], winner: id})")]
    if played.winner is None:
        return []
    if equal and not declared:
        return [Problem(where.path, where.line("winner"), f"{name}: a game with equal scores is a draw here "
                                                          "(tie_game: half); remove winner:")]
    if not equal and played.winner != result.winner:
        return [Problem(where.path, where.line("winner"), f"{name}: winner {played.winner} "
                                                          f"{'ran out of clock time' if result.forfeit else 'scored less'}; "
                                                          f"{result.winner} won this game")]
    return []


def winner_problems(game: Game, unit: CarcassonneGame, declared: bool) -> list[Problem]:
    """A game's ``winner:`` must agree with its scores and forfeit; under
    ``tie_game: declared`` a game with equal scores must have one, under
    ``half`` it may not (variants.md 2).  A match names its winners game by
    game (:func:`read_game`)."""
    if unit.match > 1:
        if game.winner is not None:
            return [Problem(game.where.path, game.where.line("winner"),
                            f"table {game.table}: a match is won by the games; a winner: belongs to one of its games")]
        return []
    if unit.score is None:
        if game.winner is not None and unit.unplayed is None:
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
    """Enter one played Swiss game (or match) for both players: result,
    opponent, counted scores (a match: summed over its games), and a match's
    games won and lost (a drawn game ½ each).  A game not played enters
    nothing."""
    if not unit.played:
        return
    for i, pid in enumerate(unit.players):
        won = unit.game_wins[i] if unit.game_wins else 0
        lost = unit.game_wins[1 - i] if unit.game_wins else 0
        ledger.add(pid, LedgerEntry(number, result=unit.points[i], opponents=(unit.players[1 - i],),
                                    score_for=unit.counted[i], score_against=unit.counted[1 - i],
                                    games_won=won, games_lost=lost))


def add_bye(ledger: Ledger, player_id: str, number: int, counted: str = "win") -> None:
    """A bye, as ``bye_result`` counts it (open-events.md 2): by default a
    win with score 0 and difference 0 and one opponent with 0 wins
    (variants.md 2); ``half`` or ``loss`` the same with ½ or 0 towards wins;
    ``nothing`` enters nothing."""
    entry = rest_entry(number, REST_RESULTS[counted])
    if entry is not None:
        ledger.add(player_id, entry)
