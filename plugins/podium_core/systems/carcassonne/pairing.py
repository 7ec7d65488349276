"""Swiss pairing and the split into groups (formats.md 3)."""

from __future__ import annotations

from ...draw import draw_order, key
from ...seating import SeatingError

GROUPS = ("A", "B")


# -- Swiss pairing -----------------------------------------------------------------

def pair_swiss(order, forbidden) -> list[tuple[str, str]] | None:
    """Pair a ranked field top-down without forbidden rematches, or None if impossible.

    The rule (formats.md 3): the best-ranked player still unpaired meets the
    best-ranked unpaired player they may meet; when that choice leaves the
    others impossible to pair, the next allowed player is tried instead, and
    so on depth-first.  The result is the first pairing in that search order;
    each pair lists the higher-ranked player first (they start).

    ``order`` is the ranking, best first; ``forbidden`` maps a player to the
    players they may not meet (either direction is enough).

    Speed: let ``d`` be the most forbidden opponents any player has.  Among
    ``m >= 2d + 2`` unpaired players everyone may meet at least half of the
    others, so by Dirac's theorem the rest can always be paired; the first
    allowed partner is then the search's answer without trying anything.
    Only the last fewer than ``2d + 4`` players need a real (memoised)
    depth-first search, so a field of any size is paired in about ``n * d``
    steps.
    """
    order = list(order)
    n = len(order)
    if n % 2:
        raise SeatingError(f"{n} players cannot be paired (odd count)")
    index = {pid: i for i, pid in enumerate(order)}
    banned = [set() for _ in range(n)]
    for pid, others in forbidden.items():
        i = index.get(pid)
        if i is None:
            continue
        for other in others:
            j = index.get(other)
            if j is not None and j != i:
                banned[i].add(j)
                banned[j].add(i)
    degree = max((len(b) for b in banned), default=0)
    safe = 2 * degree + 2  # this many unpaired players can always be paired
    after = list(range(1, n + 1))  # a linked list of the unpaired, in rank order
    before = list(range(-1, n - 1))
    head = 0

    def unlink(i):
        nonlocal head
        p, q = before[i], after[i]
        if p >= 0:
            after[p] = q
        else:
            head = q
        if q < n:
            before[q] = p

    result = []
    left = n
    while left - 2 >= safe:
        top = head
        partner = after[top]
        while partner in banned[top]:
            partner = after[partner]
        unlink(top)
        unlink(partner)
        result.append((order[top], order[partner]))
        left -= 2
    rest = []
    i = head
    while i < n:
        rest.append(i)
        i = after[i]
    tail = _pair_exactly(rest, banned)
    if tail is None:
        return None
    result.extend((order[a], order[b]) for a, b in tail)
    return result


def _pair_exactly(rest: list, banned: list) -> list | None:
    """The depth-first search of :func:`pair_swiss` over a small set of positions.

    ``rest`` holds rank positions in ascending order; sets of unpaired players
    already found impossible are remembered, so no set is searched twice.
    """
    failed = set()

    def solve(mask):
        if not mask:
            return []
        if mask in failed:
            return None
        low = mask & -mask
        top = rest[low.bit_length() - 1]
        others = mask ^ low
        bits = others
        while bits:
            bit = bits & -bits
            bits ^= bit
            partner = rest[bit.bit_length() - 1]
            if partner in banned[top]:
                continue
            found = solve(others ^ bit)
            if found is not None:
                return [(top, partner)] + found
        failed.add(mask)
        return None

    return solve((1 << len(rest)) - 1)


# -- groups ---------------------------------------------------------------------------

def split_groups(players, seed: str) -> tuple[dict, dict]:
    """Split a large field into groups A and B (formats.md 3, "Two groups").

    Players with a ``previous_place`` (last year's championship), best place
    first, go to A, B, A, B, ... in turn.  Everyone else, the reserve included,
    follows in draw order (purpose ``groups``), each joining whichever group
    is smaller at that moment (A when they are equal).  If both groups end up
    odd, the last player drawn moves to the other group so that both can be
    paired (when nobody was drawn, the last player placed by previous place
    moves).  Equal previous places are ordered by the same draw.

    A player who carries ``group: A`` or ``group: B`` (the organisers' own
    split, variants.md 2) is put there first and never moved; the others are
    split as above.

    Returns the groups (``{"A": [...], "B": [...]}``) and how the split was
    made (``previous_place``, ``drawn``, ``moved``) for the site.
    """
    groups = {"A": [], "B": []}
    for player in players:
        if getattr(player, "group", None) in groups:
            groups[player.group].append(player.id)
    free = [p for p in players if getattr(p, "group", None) not in groups]
    placed = sorted((p for p in free if p.previous_place is not None and not p.reserve),
                    key=lambda p: (p.previous_place, key(seed, "groups", p.id)))
    placed_ids = {p.id for p in placed}
    for i, player in enumerate(placed):
        groups[GROUPS[i % 2]].append(player.id)
    drawn = draw_order([p.id for p in free if p.id not in placed_ids], seed, "groups")
    for pid in drawn:
        groups["A" if len(groups["A"]) <= len(groups["B"]) else "B"].append(pid)
    moved = None
    if len(groups["A"]) % 2 and len(groups["B"]) % 2 and (drawn or placed):
        moved = drawn[-1] if drawn else placed[-1].id
        home = "A" if moved in groups["A"] else "B"
        groups[home].remove(moved)
        groups["B" if home == "A" else "A"].append(moved)
    info = {"previous_place": [p.id for p in placed], "drawn": drawn, "moved": moved}
    return groups, info
