"""Seating methods shared by the formats (formats.md 0.2, 0.3).

Each method takes an ordered list of player ids and cuts it into tables;
the formats decide which order (draw, rank, snake) feeds which method.
"""

from __future__ import annotations


class SeatingError(ValueError):
    """The rules give no seating for this field (the message says why)."""


def catan_table_sizes(n: int) -> list[int]:
    """Table sizes for 4-player games (formats.md 0.2).

    With ``r = n mod 4``: ``n/4`` tables of 4 when ``r = 0``; otherwise
    ``4 - r`` tables of 3 and the rest of 4, the 4-player tables first.
    Works for n = 3, 4 and every n >= 6; 1, 2 and 5 players cannot be seated.
    """
    remainder = n % 4
    threes = 0 if remainder == 0 else 4 - remainder
    fours, left = divmod(n - 3 * threes, 4)
    if n <= 0 or fours < 0 or left:
        raise SeatingError(f"{n} players cannot be seated at tables of 3 and 4 (1, 2 and 5 are impossible)")
    return [4] * fours + [3] * threes


def fours_and_leftover(n: int) -> list[int]:
    """Tables of 4 and one short last table of ``n mod 4`` (Baśka, formats.md 5)."""
    sizes = [4] * (n // 4)
    if n % 4:
        sizes.append(n % 4)
    return sizes


def slice_tables(order, sizes) -> list[list[str]]:
    """Cut an ordered list into tables of the given sizes, table 1 first (0.3)."""
    order = list(order)
    if sum(sizes) != len(order):
        raise SeatingError(f"{len(order)} players do not fill tables of sizes {sizes}")
    tables, start = [], 0
    for size in sizes:
        tables.append(order[start:start + size])
        start += size
    return tables


def pairs(order) -> list[list[str]]:
    """Consecutive pairs of an ordered list of even length: 1-2, 3-4, ..."""
    order = list(order)
    if len(order) % 2:
        raise SeatingError(f"{len(order)} players cannot be paired (odd count)")
    return [order[i:i + 2] for i in range(0, len(order), 2)]


def snake_tables(qualifiers, table_count: int) -> list[list[str]]:
    """Seat ``4 * table_count`` ranked qualifiers by the snake (formats.md 1).

    With T tables, table t (1..T) takes the qualifiers numbered
    ``t, 2T+1-t, 2T+t, 4T+1-t`` (16 players: 1-8-9-16, 2-7-10-15, ...).
    """
    T = table_count
    if len(qualifiers) != 4 * T:
        raise SeatingError(f"the snake needs {4 * T} qualifiers, not {len(qualifiers)}")
    return [[qualifiers[n - 1] for n in (t, 2 * T + 1 - t, 2 * T + t, 4 * T + 1 - t)] for t in range(1, T + 1)]
