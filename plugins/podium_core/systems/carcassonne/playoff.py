"""The shape of a Carcassonne playoff of any size (open-events.md 3,
``playoff_size``; formats.md 3 for 8, 4 and 2): seeds, the first round's
pairs, and which games feed which, with each round's table numbers.

Seeds: the group winners in group order (A1, B1, C1, ...), then the
seconds, and so on; one group: its ranking (1, 2, 3, ...).  The bracket has
the standard order of :func:`podium_core.systems.knockout.standard_order`:
position j of round 1 pairs the seeds at places 2j and 2j+1 of that order
(1 v P, 4 v 5 beside it, 2 v P-1, 3 v P-2, ...), and position j of a later
round takes the winners of positions 2j and 2j+1 of the round before.

Tables are numbered in bracket order (position 1 first), except where
formats.md fixes them: a first round of 8, 4 or 2 players from one group or
two is numbered by the first group's seeds (1-8, 2-7, 3-6, 4-5; A1-B4,
A2-B3, A3-B2, A4-B1).  The last round has the final at table 1 and the
third-place game, when there is one, at table 2.
"""

from __future__ import annotations

from ..knockout import standard_order

FIXED = {(1, 8), (2, 8), (1, 4), (2, 4), (1, 2), (2, 2)}  # (groups, size) whose first round formats.md numbers


def seed_labels(size: int, letters: tuple) -> list[str]:
    """The labels of seeds 1..``size``: "1", "2", ... with one group; A1,
    B1, C1, ..., A2, B2, ... with several (``letters``: the group ids)."""
    if len(letters) <= 1:
        return [str(n) for n in range(1, size + 1)]
    return [f"{letters[i % len(letters)]}{i // len(letters) + 1}" for i in range(size)]


def first_round(size: int, groups: int) -> list[tuple[int, int]]:
    """Round 1's pairs of seed numbers (1-based), in table order, the
    better seed first (two groups where formats.md fixes the tables: the
    A player first, as it writes them: A3-B2)."""
    order = standard_order(size)
    pairs = [tuple(sorted((order[2 * j], order[2 * j + 1]))) for j in range(size // 2)]
    if groups == 2 and (groups, size) in FIXED:
        pairs = [(a, b) if a % 2 else (b, a) for a, b in pairs]
    tables = table_order(size, groups, 1)
    return [pairs[j] for j in tables]


def table_order(size: int, groups: int, number: int) -> list[int]:
    """The bracket positions of round ``number``'s games, in table order (see the module's text)."""
    count = size >> number
    if number != 1 or (groups, size) not in FIXED:
        return list(range(count))
    order = standard_order(size)
    pairs = [(order[2 * j], order[2 * j + 1]) for j in range(count)]
    if groups == 1:
        return sorted(range(count), key=lambda j: min(pairs[j]))
    # two groups: odd seeds are A's (A1 = 1, A2 = 3, ...): by the A player's seed
    return sorted(range(count), key=lambda j: next(s for s in pairs[j] if s % 2 == 1))


def feeds(size: int, groups: int, number: int) -> list[tuple[int, int]]:
    """For each game of round ``number`` (> 1), in table order, the tables
    (1-based) of round ``number - 1`` whose winners it takes, in table order."""
    before = {position: table for table, position in enumerate(table_order(size, groups, number - 1), 1)}
    return [tuple(sorted((before[2 * j], before[2 * j + 1]))) for j in table_order(size, groups, number)]
