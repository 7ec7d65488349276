"""The tournament systems, registered once, in :data:`SYSTEMS`.

Each system is one package here whose class (a :class:`~.base.System`)
carries everything the system knows: its options with their defaults, the
values its games give the ranking criteria, the fields of its files, its
stages, rules and names, and what ``podium new``, ``enter``, ``withdraw`` and
``simulate`` do for it.  The built-in formats and the named variants
(:mod:`podium_core.formats`) are declarations over these classes.
"""

from __future__ import annotations

from ..errors import Problem
from .baska import Baska
from .base import System
from .carcassonne import Carcassonne
from .catan import Catan
from .tantrix import Tantrix

SYSTEMS = (Catan, Carcassonne, Tantrix, Baska)

# player fields that only some systems read: elsewhere they are refused, as a
# field a format does not read would be ignored
SYSTEM_PLAYER_FIELDS = ("group",)


def player_field_problems(fmt: System, event) -> list[Problem]:
    """A player field that only other systems read (``group``) is an error at its line."""
    problems = []
    for name in SYSTEM_PLAYER_FIELDS:
        if name in fmt.PLAYER_FIELDS:
            continue
        readers = " or ".join(system.title for system in SYSTEMS if name in system.PLAYER_FIELDS)
        problems += [Problem(p.where.path, p.where.line(name), f"{name}: is only read by {readers} formats, not {fmt.id}")
                     for p in event.players if getattr(p, name) is not None]
    return problems
