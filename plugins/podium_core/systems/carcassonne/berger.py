"""Round-robin pairings by the Berger tables (FIDE Handbook C.05, Annex 1;
open-events.md 3, ``pairing: round_robin``).

The players of a group are numbered 1..n in their order (the draw, or
``seed:``); an odd group gets the number n + 1 as a rest: whoever meets it
rests that round.  With m = n rounded up to even, round r (1..m-1) seats,
board by board, the numbers of the circle 1..m-1 started at
``((r-1)·m/2) mod (m-1) + 1``: board 1 is the circle's first number against
m (the circle's number has the first move in odd rounds, m in even rounds),
then the circle's second number against its last, its third against its
last but one, and so on.  That is the FIDE table: 8 players, round 2 is
8-5, 6-4, 7-3, 1-2.  A second cycle (``cycles: 2``) plays the same rounds
again with the starts swapped.
"""

from __future__ import annotations


def cycle_rounds(count: int) -> int:
    """The rounds one cycle of a round robin of ``count`` players takes."""
    if count < 2:
        return 0
    return count - 1 if count % 2 == 0 else count


def berger_round(count: int, number: int) -> list[tuple[int, int]]:
    """The pairings of round ``number`` (1-based) of one cycle of ``count``
    players' Berger table, board by board, as pairs of player numbers
    (1-based), the player who starts first; a pair with the number
    ``count + 1`` (odd ``count``) is that round's rest."""
    size = count + count % 2
    if not 1 <= number <= size - 1:
        raise ValueError(f"a round robin of {count} players has rounds 1 to {size - 1}, not {number}")
    circle = size - 1
    start = ((number - 1) * (size // 2)) % circle
    ring = [(start + i) % circle + 1 for i in range(circle)]
    first = (ring[0], size) if number % 2 else (size, ring[0])
    boards = [first] + [(ring[i], ring[circle - i]) for i in range(1, size // 2)]
    return boards


def round_robin(order: list, number: int, cycles: int = 1) -> tuple[list, str | None] | None:
    """Round ``number`` of a round robin over ``order`` (the players, Berger
    number 1 first): its games as (first to start, second) in board order,
    and the player who rests (None in an even group); None once the
    ``cycles`` are over."""
    per_cycle = cycle_rounds(len(order))
    if per_cycle == 0 or number > per_cycle * cycles:
        return None
    cycle, within = divmod(number - 1, per_cycle)
    games, rest = [], None
    for a, b in berger_round(len(order), within + 1):
        if a > len(order) or b > len(order):
            rest = order[min(a, b) - 1]
            continue
        pair = (order[a - 1], order[b - 1])
        games.append(pair if cycle % 2 == 0 else pair[::-1])
    return games, rest
