"""The verifiable draw (formats.md 0.1) and the drawing of lots (0.5).

Every random decision uses one public function::

    key(seed, purpose, player_id) = hex(SHA-256(UTF-8(seed + "/" + purpose + "/" + player_id)))

Players are ordered by ascending key, so anyone can re-check a draw with
``printf '%s' "seed/purpose/id" | sha256sum``.
"""

from __future__ import annotations

import hashlib
from functools import lru_cache

LOT = "lot"


@lru_cache(maxsize=1 << 16)  # a draw's keys are shown again on its round, check and player pages
def key(seed: str, purpose: str, player_id: str) -> str:
    """The lowercase hex SHA-256 of ``seed/purpose/player_id``."""
    return hashlib.sha256(f"{seed}/{purpose}/{player_id}".encode("utf-8")).hexdigest()


def draw_order(player_ids, seed: str, purpose: str) -> list[str]:
    """The players in draw order: ascending key for this seed and purpose."""
    return sorted(player_ids, key=lambda pid: key(seed, purpose, pid))


def verify_command(seed: str, purpose: str, player_id: str) -> str:
    """A shell line that prints the key of one player, for the verification page."""
    text = f"{seed}/{purpose}/{player_id}".replace("'", "'\\''")
    return f"printf '%s' '{text}' | sha256sum"


class Lots:
    """The last tiebreak of every ranking (formats.md 0.5).

    Among players still tied, those named in the judge's own draw
    (``lots:`` in event.yaml) come first in that list's order; the others
    follow by ascending ``key(seed, "lot", id)``.
    """

    def __init__(self, seed: str, judged=()):
        self.seed = seed
        self.judged = {pid: i for i, pid in enumerate(judged)}
        self._keys: dict = {}  # player id -> sort key, computed once

    def sort_key(self, player_id: str):
        found = self._keys.get(player_id)
        if found is None:
            if player_id in self.judged:
                found = (0, self.judged[player_id], "")
            else:
                found = (1, 0, key(self.seed, LOT, player_id))
            self._keys[player_id] = found
        return found
