"""A Baśka table's deal protocol typed on one line (``podium enter``).

The score sheet of a Baśka table has a line per deal: the game, its level,
the soloist or the winning pair, and each seat's points.  ``podium enter``
takes either the table's totals (the small points in seat order) or its
deals, one line for the table, the deals separated by commas::

    para 1 3, wesele bea dorota kontra bez-wyjscia, cicha anna won rej, zolo 2 lost, honorowe 4

Each deal is its game, then the players (an id, or the seat number 1-4
as the sheet numbers them), then in any order ``won``/``lost`` (a solo game;
``honorowe`` is always won), a level (none, kontra, rej, bok, sup; none when
not given) and, for a lost ``para`` or ``wesele``, the degree (normal,
bez-wyjscia, bez-bitki).  Every word is checked as typed against the
contract table (formats.md 5): the number of players of the game, the
levels a solo game allows, a degree only on a pair game.  The deals become
the table's ``deals:`` as data-format.md lays them out; the engine computes
the small points from them.
"""

from __future__ import annotations

import unicodedata

from .engine import DEGREES, LEVELS, PAIR_GAMES, SOLO_BASE, SOLO_LEVELS

GAMES = PAIR_GAMES + tuple(SOLO_BASE)
_OUTCOMES = {"won": True, "lost": False}


class DealError(ValueError):
    """A deal cannot be taken (the message says which and why)."""


def is_deals(line: str) -> bool:
    """Whether the line gives deals (it starts with a game) rather than totals."""
    words = line.replace(",", " ").split()
    return bool(words) and _plain(words[0]) in GAMES


def parse_deals(line: str, players: list) -> list[dict]:
    """The deals of one typed line, as ``deals:`` entries, in the order typed."""
    deals = []
    for number, text in enumerate((part for part in line.split(",")), start=1):
        words = text.split()
        if not words:
            raise DealError(f"deal {number} is empty (deals are separated by commas)")
        try:
            deals.append(_deal(words, players))
        except DealError as exc:
            raise DealError(f"deal {number} ({text.strip()}): {exc}") from None
    return deals


def _plain(word: str) -> str:
    """A word as the protocol spells it: lower case, without Polish accents (bez-wyjścia)."""
    folded = unicodedata.normalize("NFKD", word.lower())
    return "".join(ch for ch in folded if not unicodedata.combining(ch)).replace("ł", "l")


def _player(word: str, players: list) -> str | None:
    """The id a word names: an id at the table, or a seat number; None if it names none."""
    if word in players:
        return word
    if word.isdecimal() and 1 <= int(word) <= len(players):
        return players[int(word) - 1]
    return None


def _deal(words: list, players: list) -> dict:
    game = _plain(words[0])
    if game not in GAMES:
        raise DealError(f"'{words[0]}' is not a game (games: {', '.join(GAMES)})")
    named, level, degree, outcome = [], None, None, None
    for word in words[1:]:
        plain = _plain(word)
        pid = _player(word, players)
        if pid is not None:
            if pid in named:
                raise DealError(f"{pid} is named twice")
            named.append(pid)
        elif plain in LEVELS:
            if level is not None:
                raise DealError(f"two levels: {level} and {plain}")
            level = plain
        elif plain in DEGREES:
            if degree is not None:
                raise DealError(f"two degrees: {degree} and {plain}")
            degree = plain
        elif plain in _OUTCOMES:
            if outcome is not None:
                raise DealError("won or lost, once")
            outcome = _OUTCOMES[plain]
        else:
            seats = ", ".join(f"{i} {pid}" for i, pid in enumerate(players, start=1))
            raise DealError(f"'{word}' is not a player at this table (seats: {seats}), a level "
                            f"({', '.join(LEVELS)}), a degree ({', '.join(DEGREES)}), won or lost")
    level = level or "none"
    deal = {"game": game}
    if game in PAIR_GAMES:
        if len(named) != 2:
            raise DealError(f"{game} names the two players of the winning pair, not {len(named)}")
        if outcome is not None:
            raise DealError(f"{game} names the winning pair: no won or lost")
        deal["won"] = named
    else:
        if len(named) != 1:
            raise DealError(f"{game} names the one soloist, not {len(named)}")
        if degree is not None:
            raise DealError(f"{game} has no degree (bez-wyjscia and bez-bitki are for para and wesele)")
        if level not in SOLO_LEVELS[game]:
            raise DealError(f"{game} cannot be played at level {level} (allowed: {', '.join(SOLO_LEVELS[game])})")
        deal["player"] = named[0]
        if game == "honorowe":
            if outcome is False:
                raise DealError("honorowe (four queens) is always won")
        elif outcome is None:
            raise DealError(f"say whether the soloist won or lost the {game}: add won or lost")
        else:
            deal["won"] = outcome
    if level != "none":
        deal["level"] = level
    if degree not in (None, "normal"):
        deal["degree"] = degree
    return deal
