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
    title: object = None  # a playoff game's name ("Semifinal 2", "Final"), a msgid or Text
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
        ledger.add(pid, LedgerEntry(number, result=unit.points[i], opponents=(unit.players[1 - i],),
                              score_for=unit.counted[i], score_against=unit.counted[1 - i]))


def add_bye(ledger: Ledger, player_id: str, number: int, counted: str = "win") -> None:
    """A bye, as ``bye_result`` counts it (open-events.md 2): by default a
    win with score 0 and difference 0 and one opponent with 0 wins
    (variants.md 2); ``half`` or ``loss`` the same with ½ or 0 towards wins;
    ``nothing`` enters nothing."""
    entry = rest_entry(number, REST_RESULTS[counted])
    if entry is not None:
        ledger.add(player_id, entry)
