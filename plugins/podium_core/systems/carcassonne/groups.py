"""The split of a Carcassonne field into groups (formats.md 3, "Two groups";
open-events.md 1 and 3, ``groups`` 1 to 8, late entrants)."""

from __future__ import annotations

from ...draw import draw_order, key

LETTERS = "ABCDEFGH"


def group_letters(count: int) -> tuple:
    """The ids of ``count`` groups: A, B, C, ..."""
    return tuple(LETTERS[:count])


def split_groups(players, seed: str, count: int = 2, withdrawn_by=None) -> tuple[dict, dict]:
    """Split the field into ``count`` groups A, B, C, ... (formats.md 3 for two).

    * A player who carries ``group:`` (the organisers' own split) is put
      there first and never moved.
    * Players with a ``previous_place`` (last year's championship), best
      place first, go to A, B, C, ... in turn (equal places in the order of
      the draw below).
    * Everyone else of the first round's field, the reserve included,
      follows in draw order (purpose ``groups``), each joining the smallest
      group at that moment (the first in letter order on equal sizes).
    * Odd groups are evened out in pairs, in letter order: of two odd
      groups, the one whose player was drawn last gives that player to the
      other (nobody drawn in either: the last placed by previous place
      moves).  With two groups this is formats.md's rule; a single odd
      group is left (a bye, or the reserve, completes it).
    * Late entrants (``joins:`` after round 1) without ``group:`` come last,
      in the order of event.yaml, each joining the smallest group then (the
      first in letter order on equal sizes), counting the players of each
      group still in the event in the entrant's first round
      (``withdrawn_by(round)``: the ids withdrawn by then) and not the
      reserve; so the groups of earlier rounds never change.

    Returns the groups (``{"A": [...], ...}``) and how the split was made
    (``previous_place``, ``drawn``, ``moved``: the players moved to even
    out, ``late``) for the site.
    """
    letters = group_letters(count)
    groups = {g: [] for g in letters}
    late = [p for p in players if p.joins > 1 and getattr(p, "group", None) not in groups]
    for player in players:
        if getattr(player, "group", None) in groups:
            groups[player.group].append(player.id)
    late_ids = {p.id for p in late}
    free = [p for p in players if getattr(p, "group", None) not in groups and p.id not in late_ids]
    placed = sorted((p for p in free if p.previous_place is not None and not p.reserve),
                    key=lambda p: (p.previous_place, key(seed, "groups", p.id)))
    placed_ids = {p.id for p in placed}
    for i, player in enumerate(placed):
        groups[letters[i % count]].append(player.id)
    drawn = draw_order([p.id for p in free if p.id not in placed_ids], seed, "groups")
    for pid in drawn:
        smallest(groups).append(pid)
    moved = []
    odd = [g for g in letters if len(groups[g]) % 2]
    drawn_at = {pid: i for i, pid in enumerate(drawn)}
    placed_at = {p.id: i for i, p in enumerate(placed)}
    for first, second in zip(odd[0::2], odd[1::2]):
        members = groups[first] + groups[second]
        candidates = [pid for pid in members if pid in drawn_at]
        if candidates:
            mover = max(candidates, key=drawn_at.__getitem__)
        else:
            candidates = [pid for pid in members if pid in placed_at]
            if not candidates:
                continue
            mover = max(candidates, key=placed_at.__getitem__)
        home, other = (first, second) if mover in groups[first] else (second, first)
        groups[home].remove(mover)
        groups[other].append(mover)
        moved.append(mover)
    reserves = {p.id for p in players if p.reserve}
    for player in late:
        gone = set(withdrawn_by(player.joins)) if withdrawn_by else set()
        sizes = {g: [pid for pid in ids if pid not in gone and pid not in reserves] for g, ids in groups.items()}
        target = min(letters, key=lambda g: len(sizes[g]))
        groups[target].append(player.id)
    info = {"previous_place": [p.id for p in placed], "drawn": drawn, "moved": moved[0] if len(moved) == 1 else moved or None,
            "late": [p.id for p in late]}
    return groups, info


def smallest(groups: dict) -> list:
    """The smallest group's list (the first in letter order on equal sizes)."""
    return min(groups.values(), key=len)
