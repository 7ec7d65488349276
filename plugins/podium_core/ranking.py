"""Rankings built from small named criteria (formats.md 0.4, 0.5).

A ranking is an ordered list of criteria (:class:`podium_core.criteria.Criterion`,
each one column of a standings table); players are compared on the first,
ties go to the next, and the drawing of lots (:class:`podium_core.draw.Lots`)
ends every ranking, so the result is a total order.  Higher values always
rank higher.

A criterion of the tied group (``head_to_head``: ``Criterion.tied``) is
evaluated among the players who are equal on every criterion before it, and
only among them: the players are split into groups of equal values
criterion by criterion, in precedence order, and each tied criterion is
computed afresh within each group that is still tied when its turn comes
(so a group it splits is split further by the next criteria, recursively).
A player alone in their group by then has no value for it (``None``).
"""

from __future__ import annotations

from dataclasses import dataclass


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
    if any(c.tied for c in criteria):
        return _rank_in_groups(player_ids, criteria, context, lots, reserves)
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


def _rank_in_groups(player_ids, criteria, context, lots, reserves) -> list[Row]:
    """:func:`rank` with criteria of the tied group (see the module's text)."""
    values: dict = {pid: {} for pid in player_ids}
    groups = [sorted(player_ids, key=lots.sort_key)]  # lots order inside every group, kept by stable sorts
    for criterion in criteria:
        split = []
        for group in groups:
            if criterion.tied:
                if len(group) == 1:
                    found = {group[0]: None}
                else:
                    members = frozenset(group)
                    found = {pid: criterion.compute(pid, context, members) for pid in group}
            else:
                found = {pid: criterion.compute(pid, context) for pid in group}
            for pid, value in found.items():
                values[pid][criterion.key] = value
            if len(group) == 1:
                split.append(group)
                continue
            ordered = sorted(group, key=found.__getitem__, reverse=True)
            start = 0
            for end in range(1, len(ordered) + 1):
                if end == len(ordered) or found[ordered[end]] != found[ordered[start]]:
                    split.append(ordered[start:end])
                    start = end
        groups = split
    rows = []
    for group in groups:
        for pid in group:
            rows.append(Row(len(rows) + 1, pid, values[pid], pid in reserves, by_lot=len(group) > 1))
    return rows
