"""A simulated player's hidden playing strength (``podium simulate``)."""

from __future__ import annotations

import hashlib


def strength(seed: str, player_id: str) -> float:
    """A hidden, stable playing strength (0.5 to 1.5) so results look plausible."""
    digest = hashlib.sha256(f"{seed}/strength/{player_id}".encode()).digest()
    return 0.5 + digest[0] / 255
