"""The five built-in formats, each a declaration of a few lines over its system.

A declaration names its system (:data:`podium_core.systems.SYSTEMS`), its id
and title, the options it changes from the system's defaults, and the traits
no option changes (Catan LV's table roles and time limits).  The registry,
``podium new``'s choices and scaffold, the format page and its options table
are all made from these; adding a built-in is adding one entry.  A named
variant of a results folder (:mod:`podium_core.formats.variants`) is a
declaration of the same shape whose options override its parent's.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from ..systems import Baska, Carcassonne, Catan, Tantrix
from ..text import N_


@dataclass(frozen=True)
class Declaration:
    """A format: built-in (``base == id``) or a variant of one."""

    id: str
    system: type  # its system's class (podium_core.systems)
    title: str
    base: str  # the built-in it resolves to
    options: dict = field(default_factory=dict)  # every option, resolved (defaults included)
    traits: dict = field(default_factory=dict)
    parent: str | None = None  # the format it extends (None for a built-in)
    where: object = None  # the variant file's Where


def builtin(system: type, format_id: str, title: str, changes: dict | None = None, traits: dict | None = None) -> Declaration:
    """A built-in format: ``system`` with its defaults, ``changes`` applied."""
    return Declaration(format_id, system, title, format_id, {**system.defaults(), **(changes or {})}, traits or {})


BUILTINS = (
    builtin(Catan, "catan-lv-2016", N_("Catan championship of Latvia 2016"),
            traits={"roles": True, "time_limit": "lv"}),
    builtin(Catan, "catan-lt-route66", N_("Catan tournament “Route 66”"), {"qualifying_rounds": 2, "semifinal_size": 0},
            traits={"roles": False, "time_limit": "route66"}),
    builtin(Carcassonne, "carcassonne-lv", N_("Carcassonne championship of Latvia")),
    builtin(Tantrix, "tantrix-wc", N_("Tantrix World Championship main draw")),
    builtin(Baska, "baska-gp", N_("Czerwona Baśka Grand Prix")),
)

BUILTIN = {d.id: d for d in BUILTINS}
