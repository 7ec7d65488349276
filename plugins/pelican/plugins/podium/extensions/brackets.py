"""A knockout bracket as its page shows it, for every system that has one,
and the sides of a two-player game or match.

A bracket (:class:`BracketView`) is its rounds, first to last; a round
(:class:`BracketRound`) its games in bracket order (the two games whose
winners meet next are neighbours); a game (:class:`BracketGame`) its two
sides.  A side (:class:`Side`, also a game's on its round page) is a player
once known, with their seed, result and score; before that it says where
the player will come from: the winner (or loser) of an earlier game
(``takes`` and ``source``), a seed not drawn yet (``label``), or a bye.

A system's module builds its brackets from its engine's data (the
Carcassonne playoff, the Tantrix main and consolation draws) and its
template draws them; the words of a round and of a game are the system's
(:mod:`podium_core.systems.knockout`).
"""

from __future__ import annotations

from dataclasses import dataclass, field

from ..views import PlayerView


@dataclass
class Side:
    """One player of a two-player game or match, as its round page, its own
    page and the bracket show them; in a bracket, a side whose player is not
    known yet says where they will come from."""

    player: PlayerView | None = None
    seed: object = None  # the player's seed: a Swiss place ("A1", "3") or a seed number
    winner: bool = False
    loser: bool = False
    score: int | None = None  # a game's score as recorded
    counted: int | None = None  # ... and as it counts (0 when out of clock time)
    forfeit: bool = False  # ran out of clock time
    points: str = ""  # Swiss points: 1, ½, 0
    time: str = ""  # clock time used
    starts: bool = False  # plays first
    total: str = ""  # a match's total (TP), once games are played
    initials: str = ""  # a short name for a match's columns ("MO")
    resigned: bool = False
    walkover: bool = False  # withdrew: lost this game (match) by walkover, without playing
    bye: bool = False  # the empty side of a bye
    label: str = ""  # the seed this side is for before the bracket is seeded (1, 8, A1, B4)
    takes: str = ""  # winner | loser: the player still to come from ``source``
    source: "BracketGame | None" = None
    comes_from: object = ""  # that, in words ("Winner of quarterfinal 2"): podium_core.systems.knockout.comes_from

    @property
    def changed(self) -> bool:
        """The score that counts is not the one recorded (out of clock time)."""
        return self.score is not None and self.counted != self.score


@dataclass
class BracketGame:
    """A game (or match) of a bracket round, at its table or slot ``number``."""

    round: int
    number: int
    sides: list = field(default_factory=list)
    url: str | None = None  # the game on its round page, or the match's own page
    title: object = ""  # its name for people ("Semifinal 2", "Final"), a msgid or Text
    place: int | None = None  # 1 for the final, 3 for the third-place game
    decided_by: str | None = None  # what decided a drawn game: time, rank, a criterion's key, lots
    tiebreak: object = None  # the criterion that decided it, when one did (a CriterionView)
    played: bool = False
    bye: bool = False  # a bye: one side goes through without a game
    decided: bool = False  # its winner is known
    match: object = None  # a Tantrix match's full view
    labels: list = field(default_factory=list)  # the seeds of a first-round game before the draw is known
    sources: list = field(default_factory=list)  # the engine's "from": the earlier games its players come from

    @property
    def anchor(self) -> str:
        return f"r{self.round}-t{self.number}"

    @property
    def winner(self):
        return next((s for s in self.sides if s.winner), None)

    @property
    def loser(self):
        return next((s for s in self.sides if s.loser), None)

    @property
    def tied(self) -> bool:
        """A drawn game decided by the clock, the Swiss rank, a criterion or lots."""
        return self.decided_by not in (None, "score", "forfeit", "declared")


@dataclass
class BracketRound:
    number: int
    title: object  # its name for people: "Quarterfinals", "Round of 16" (a msgid or Text)
    games: list  # in bracket order
    url: str | None = ""  # its round page, once there is a round file
    status: str = ""
    name: str = ""  # final | semifinal | quarterfinal | round of N (podium_core.systems.knockout.round_name)
    places: int = 0  # players in it


@dataclass
class BracketView:
    """One knockout bracket: its rounds and what its page says about it."""

    rounds: list
    stage: str = ""
    title: object = ""
    size: int = 0  # places of its first round
    entrants: int = 0  # players drawn into it
    groups: int = 1  # groups its seeds come from
    seeds: list = field(default_factory=list)  # (label, Person): the seeding
    places: list = field(default_factory=list)  # (place, Person, how, seed) won in it, once the event is finished
    champion: PlayerView | None = None
    whole_byes: int | None = None  # on a section of a bracket cut into pages: the whole bracket's byes

    @property
    def byes(self) -> int:
        if self.whole_byes is not None:
            return self.whole_byes
        return sum(1 for game in self.rounds[0].games if game.bye) if self.rounds else 0

    @property
    def final(self):
        return next((g for g in self.rounds[-1].games if g.place == 1), None) if self.rounds else None

    @property
    def third(self):
        return next((g for g in self.rounds[-1].games if g.place == 3), None) if self.rounds else None

    @property
    def any_tied(self) -> bool:
        return any(g.tied for r in self.rounds for g in r.games)
