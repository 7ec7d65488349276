""""Did you mean": the players an unknown id most likely stands for.

A typed id is matched against the ids and names of ``near`` first (the
players at that table, or those not yet seated in the round), then of the
whole event: a unique id or name that starts with it (``inese`` for
``inese-kalnina``), else the closest ids by spelling
(:func:`difflib.get_close_matches`, ratio 0.6 or more), at most three.
"""

from __future__ import annotations

import difflib
from collections.abc import Iterable


def likely(typed: str, near, everyone) -> list[str]:
    """The ids ``typed`` most likely means; ``near`` and ``everyone`` are
    players (with ``id`` and ``name``), ``near`` tried first."""
    for players in (list(near), list(everyone)):
        if not players:
            continue
        found = named_by(typed, [(p.id, p.name) for p in players])
        if len(found) != 1:
            found = difflib.get_close_matches(typed, [p.id for p in players], n=3, cutoff=0.6)
        if found:
            return found
    return []


def named_by(typed: str, players: Iterable[tuple[str, str]]) -> list[str]:
    """The ids of the players ``typed`` may name, of ``players`` given as (id, name).

    A player is named by their id, or by any start of their id or of their
    name (case does not matter: ``inese`` or ``Ināra`` for inese-kalnina).
    An id typed exactly as written names that player alone, even when it
    starts other ids; otherwise every player whose id or name starts with
    ``typed`` is listed.  One id: the player named; several: ``typed`` is
    ambiguous (type more of it); none: it names no player."""
    players = list(players)
    if any(pid == typed for pid, _ in players):
        return [typed]
    low = typed.casefold()
    return [pid for pid, name in players if pid.casefold().startswith(low) or str(name).casefold().startswith(low)]


def did_you_mean(typed: str, near, everyone) -> str:
    """`` (did you mean anna-berzina?)``, or nothing when no player is close."""
    found = likely(typed, near, everyone)
    if not found:
        return ""
    return f" (did you mean {' or '.join(found)}?)"
