"""The five built-in formats, declared as data over the shared engines.

A declaration names its engine (``catan``, ``carcassonne``, ``tantrix``,
``baska``), its title, the engine's traits that no option changes (Catan LV's
table roles and time limits), and every option's default (formats.md).  The
registry, ``podium new``'s choices and scaffold, the format page and its
options table are all made from these; adding a built-in is adding one entry.
A named variant of a results folder (:mod:`podium_core.formats.variants`) is a
declaration of the same shape whose options override its parent's.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction

from ..text import N_


@dataclass(frozen=True)
class Declaration:
    """A format: built-in (``base == id``) or a variant of one."""

    id: str
    engine: str
    title: str
    base: str  # the built-in it resolves to
    options: dict = field(default_factory=dict)  # every option, resolved (defaults included)
    traits: dict = field(default_factory=dict)
    parent: str | None = None  # the format it extends (None for a built-in)
    where: object = None  # the variant file's Where


CATAN_RANKING = ("wins", "vp", "vp_share")

BUILTINS = (
    Declaration(
        id="catan-lv-2016", engine="catan", base="catan-lv-2016",
        title=N_("Catan championship of Latvia 2016"),
        traits={"roles": True, "time_limit": "lv"},
        options={"qualifying_rounds": 4, "semifinal_size": 16, "final_size": 4, "vp_cap": 10, "ranking": CATAN_RANKING},
    ),
    Declaration(
        id="catan-lt-route66", engine="catan", base="catan-lt-route66",
        title=N_("Catan tournament “Route 66”"),
        traits={"roles": False, "time_limit": "route66"},
        options={"qualifying_rounds": 2, "semifinal_size": 0, "final_size": 4, "vp_cap": 10, "ranking": CATAN_RANKING},
    ),
    Declaration(
        id="carcassonne-lv", engine="carcassonne", base="carcassonne-lv",
        title=N_("Carcassonne championship of Latvia"),
        options={"swiss_rounds": None, "groups": "auto", "group_limit": 32, "playoff_size": 8, "third_place": True,
                 "odd_field": "reserve", "tie_game": "half", "avoid_rematch": "previous",
                 "ranking": ("wins", "buchholz", "score_diff")},
    ),
    Declaration(
        id="tantrix-wc", engine="tantrix", base="tantrix-wc",
        title=N_("Tantrix World Championship main draw"),
        options={"standard_games": {"final": 9, "semifinal": 8, "quarterfinal": 7, "earlier": 6},
                 "decisive_margin": 5, "extra_games_limit": 3},
    ),
    Declaration(
        id="baska-gp", engine="baska", base="baska-gp",
        title=N_("Czerwona Baśka Grand Prix"),
        options={"sessions": 8, "rounds_per_session": 4, "placement_points": (5, 3, 2, 1),
                 "short_table_points": {1: 3, 2: Fraction(5, 2), 3: Fraction(3, 2)},
                 "ranking": ("placement_points", "small_points", "firsts", "seconds")},
    ),
)

BUILTIN = {d.id: d for d in BUILTINS}
