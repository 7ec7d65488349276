"""Rankings built from small named criteria (formats.md 0.4, 0.5).

A :class:`Criterion` says what one column of a standings table is: its key
(the ``values`` key in event.json), its label and abbreviation, the legend
line that explains it, and how it is computed for one player.  A ranking is an
ordered list of criteria; players are compared on the first, ties go to the
next, and the drawing of lots (:class:`podium_core.draw.Lots`) ends every ranking,
so the result is a total order.  Higher values always rank higher.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import partial
from typing import Callable


@dataclass(frozen=True)
class Criterion:
    """One ranking criterion: a standings column with its legend."""

    key: str
    label: str
    abbr: str
    legend: str
    compute: Callable = field(compare=False, repr=False)
    display: str = "number"  # number | percent | decimal


def summed(attr: str, empty: Callable) -> Callable:
    """A criterion's ``compute`` reading the player's ``attr`` from per-player sums
    (``empty()`` for a player with none yet).  A partial of a module-level
    function, not a lambda, so outcomes pickle (:mod:`podium_core.workers`)."""
    return partial(_summed, attr, empty)


def _summed(attr, empty, player_id, sums):
    return getattr(sums.get(player_id) or empty(), attr)


@dataclass
class Row:
    """One line of a standings table."""

    rank: int
    player: str
    values: dict
    reserve: bool = False
    by_lot: bool = False  # tied on every criterion with a neighbour: lots decided


@dataclass
class Standing:
    """A ranking of one stage (and group) after one round."""

    stage: str
    group: str | None
    after_round: int
    criteria: tuple
    rows: list

    def rank_of(self, player_id: str) -> int | None:
        for row in self.rows:
            if row.player == player_id:
                return row.rank
        return None


def rank(player_ids, criteria, context, lots, reserves=frozenset()) -> list[Row]:
    """Order ``player_ids`` by ``criteria`` (then lots) and number them 1..n.

    ``context`` is whatever the criteria's ``compute(player_id, context)``
    functions read (the games played so far, usually).
    """
    keys = [c.key for c in criteria]
    computes = [c.compute for c in criteria]
    scores = {pid: tuple([compute(pid, context) for compute in computes]) for pid in player_ids}

    # criteria descending, then lots ascending: sort by lots, then (stable) by the criteria reversed
    ordered = sorted(player_ids, key=lots.sort_key)
    ordered.sort(key=scores.__getitem__, reverse=True)
    rows = [Row(i + 1, pid, dict(zip(keys, scores[pid])), pid in reserves) for i, pid in enumerate(ordered)]
    for before, after in zip(rows, rows[1:]):
        if scores[before.player] == scores[after.player]:
            before.by_lot = after.by_lot = True
    return rows
