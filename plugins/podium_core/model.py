"""The event model: plain, immutable data read from organisers' files.

Nothing here computes results; the formats' engines do.  Every element keeps
``where`` (its file and key path) so that any rule broken later can still be
reported at the line of the offending value.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from .loader import Document


@dataclass(frozen=True)
class Where:
    """The place of a model element: a document and a key path inside it."""

    doc: Document = field(repr=False, compare=False)
    keypath: tuple = ()

    @property
    def path(self) -> str:
        return self.doc.path

    def line(self, *sub) -> int:
        return self.doc.line(*self.keypath, *sub)

    def at(self, *sub) -> "Where":
        return Where(self.doc, self.keypath + tuple(sub))


def bye_field(byes) -> str | list | None:
    """A round's ``bye:`` as the round file and event.json write it: the
    player's id when one player sits out, the list of ids (group order) when
    several groups each have one, nothing when nobody does."""
    byes = list(byes)
    if not byes:
        return None
    return byes[0] if len(byes) == 1 else byes


def byes_of(value) -> tuple:
    """The players a round file's ``bye:`` names (:func:`bye_field` read back)."""
    if value is None:
        return ()
    return (value,) if isinstance(value, str) else tuple(value)


@dataclass(frozen=True)
class Player:
    id: str
    name: str
    where: Where = field(repr=False, compare=False)
    club: str | None = None
    country: str | None = None
    reserve: bool = False
    previous_place: int | None = None
    seed: int | None = None
    group: str | None = None  # Carcassonne with two groups: the organisers' own split
    rating: int | object | None = None  # the player's rating (exact: an int or a Fraction), for the criterion rating
    joins: int = 1  # a late entrant: the first round of the first ranked stage they are seated in


@dataclass(frozen=True)
class Table:
    """A table of a 4-player game (Catan) or a Baśka table.

    ``players`` is the seat order; ``scores`` the recorded VP or small points in
    that order, or None while only the seating is known.  ``winner`` is the
    file's explicit value (a player id or ``"none"``), or None when not given.
    ``unplayed`` is the reason a table was never played (no result for anyone).
    """

    table: int
    players: tuple
    where: Where = field(repr=False, compare=False)
    scores: tuple | None = None
    winner: str | None = None
    deals: tuple | None = None
    unplayed: str | None = None

    @property
    def recorded(self) -> bool:
        """Whether anything of the table's result is written (points, deals or a winner)."""
        return self.scores is not None or self.deals is not None or self.winner is not None


@dataclass(frozen=True)
class Deal:
    """One deal of a Baśka protocol (formats.md 5)."""

    game: str
    where: Where = field(repr=False, compare=False)
    won: object = None  # a pair of ids (para, wesele) or a boolean
    player: str | None = None
    level: str = "none"
    degree: str = "normal"


@dataclass(frozen=True)
class MatchScore:
    """One game of a Carcassonne match of several games (``match_games``):
    its two scores in the order of the pairing's players, and the game's own
    ``forfeit:`` and ``winner:`` as a single game has them."""

    score: tuple
    where: Where = field(repr=False, compare=False)
    forfeit: str | None = None
    winner: str | None = None


@dataclass(frozen=True)
class Game:
    """A two-player game (Carcassonne), or a match of several (``games``)."""

    table: int
    players: tuple
    where: Where = field(repr=False, compare=False)
    score: tuple | None = None
    forfeit: str | None = None
    time: tuple | None = None
    place: int | None = None
    winner: str | None = None  # declared by the event's tie rule (tie_game: declared)
    unplayed: str | None = None  # why the game was never played (no result for anyone)
    games: tuple | None = None  # a match's games (MatchScore), under match_games above 1

    @property
    def recorded(self) -> bool:
        """Whether anything of the game's result is written (a score, games, a forfeit or a winner)."""
        return self.score is not None or self.forfeit is not None or self.winner is not None or bool(self.games)


@dataclass(frozen=True)
class MatchGame:
    """One game of a Tantrix match: scores, or the margin of the first player."""

    where: Where = field(repr=False, compare=False)
    score: tuple | None = None
    margin: int | None = None
    penalty: tuple = (0, 0)


@dataclass(frozen=True)
class Match:
    """A Tantrix knockout match in bracket slot ``match``."""

    match: int
    players: tuple
    where: Where = field(repr=False, compare=False)
    games: tuple = ()
    status: str = "NORMAL"
    resigned: str | None = None
    when: str | None = None


@dataclass(frozen=True)
class Round:
    """One round file.  With no tables, games or matches it is upcoming."""

    stage: str
    round: int
    where: Where = field(repr=False, compare=False)
    session: int | None = None
    manual: str | None = None
    note: str | None = None
    absent: tuple = ()
    withdrawn: tuple = ()
    advance: tuple = ()  # ((table number, player id), ...)
    byes: tuple = ()  # the players who sit out this round (odd_field: bye), one per odd group: :func:`bye_field`
    tables: tuple | None = None
    games: tuple | None = None
    matches: tuple | None = None
    correction: str | None = None  # why this played round's results were corrected
    seated_from: tuple = ()  # ((round slug, digest of its results), ...) when podium seated it
    seated_results: tuple = field(default=(), compare=False)  # ((round slug, ((unit number, result text), ...)), ...)
    seated_reasons: tuple = field(default=(), compare=False)  # ((round slug, its correction: reason then), ...)
    seated_standings: tuple = field(default=(), compare=False)  # ((standings slug, (player ids in order)), ...)
    stands: bool = field(default=False, compare=False)  # played, seated before a correction: kept as played
    stale: bool = field(default=False, compare=False)  # not played, seated before a correction: to seat again

    @property
    def units(self):
        """The tables, games or matches listed, or None for a seating-only file."""
        for units in (self.tables, self.games, self.matches):
            if units is not None:
                return units
        return None

    @property
    def listed(self) -> bool:
        return self.units is not None

    def player_ids(self):
        """Every player id that the round's seating names, in file order."""
        for unit in self.units or ():
            yield from unit.players


@dataclass(frozen=True)
class Event:
    slug: str
    name: str
    format: str
    where: Where = field(repr=False, compare=False)
    players: tuple = ()
    rounds: tuple = ()
    options: dict = field(default_factory=dict, compare=False)
    language: str = "en"
    dates: tuple = ()
    venue: str | None = None
    rules: str | None = None
    seed: str = ""
    lots: tuple = ()
    note: str | None = None
    schedule: tuple = ()  # (("<stage>-<round>", "YYYY-MM-DD HH:MM"), ...): see podium_core.schedule
    timezone: str | None = None  # the IANA zone of the schedule's times: see podium_core.timezones
    address: str | None = None  # the venue's postal address, one line
    organiser: tuple | None = None  # (name, url or None)

    def player(self, player_id: str) -> Player:
        return self._players_by_id[player_id]

    @property
    def _players_by_id(self) -> dict:
        cache = self.__dict__.get("_by_id")
        if cache is None:
            cache = {p.id: p for p in self.players}
            object.__setattr__(self, "_by_id", cache)
        return cache

    def has_player(self, player_id: str) -> bool:
        return player_id in self._players_by_id

    def stage_rounds(self, stage: str) -> list:
        """The stage's round files in round order."""
        return sorted((r for r in self.rounds if r.stage == stage), key=lambda r: r.round)
