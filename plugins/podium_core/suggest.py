""""Did you mean": the players an unknown id most likely stands for.

A typed id is matched against the ids and names of ``near`` first (the
players at that table, or those not yet seated in the round), then of the
whole event: a unique id or name that starts with it (``inese`` for
``inese-kalnina``), else the closest ids by spelling
(:func:`difflib.get_close_matches`, ratio 0.6 or more), at most three.
"""

from __future__ import annotations

import difflib


def likely(typed: str, near, everyone) -> list[str]:
    """The ids ``typed`` most likely means; ``near`` and ``everyone`` are
    players (with ``id`` and ``name``), ``near`` tried first."""
    for players in (list(near), list(everyone)):
        if not players:
            continue
        found = _starting(typed, players) or difflib.get_close_matches(typed, [p.id for p in players], n=3, cutoff=0.6)
        if found:
            return found
    return []


def _starting(typed: str, players) -> list[str]:
    low = typed.casefold()
    found = [p.id for p in players if p.id.casefold().startswith(low) or p.name.casefold().startswith(low)]
    return found if len(found) == 1 else []


def did_you_mean(typed: str, near, everyone) -> str:
    """`` (did you mean anna-berzina?)``, or nothing when no player is close."""
    found = likely(typed, near, everyone)
    if not found:
        return ""
    return f" (did you mean {' or '.join(found)}?)"
