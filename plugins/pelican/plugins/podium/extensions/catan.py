"""Site views for Catan (see pelican.plugins.podium.extensions for the hooks).

* ``unit_view``: a Catan table as a :class:`CatanTable` view -- seat order,
  the VP as recorded (the counted value beside it when the cap applied), the
  share of the table's counted VP, the winner, the banker and the order in
  which the players chose their seats.  Round pages show it with
  ``podium/catan/tables.html``.
* ``standing_title``: the Latvian championship's semifinal standings rank the
  semifinalists over the qualifying games and the semifinal together (the
  final then decides places 1-4).
* ``table_sizes``: the table sizes the field is seated at, for the format page.
"""

from __future__ import annotations

from podium_core.seating import SeatingError, catan_table_sizes
from podium_core.text import N_
from .. import i18n
from ..views import Cell, Column, SeatView, UnitView

SYSTEM = "catan"

VP = Column("vp", N_("VP"), N_("Victory points (at most 10 count)"))
VP_SHARE = Column("vp_share", N_("%VP"), N_("Share of the table's counted VP"))


def _is_catan(fmt) -> bool:
    return getattr(fmt, "system", "") == SYSTEM


def unit_view(fmt, kind, unit, people, lang="en"):
    """A Catan table (its %VP in the language ``lang``), or None for anything else."""
    if not (_is_catan(fmt) and kind == "tables" and hasattr(unit, "shares")):
        return None
    seats = []
    for i, pid in enumerate(unit.players):
        if unit.has_result:
            vp, counted, share = unit.vp[i], unit.counted[i], unit.shares[i]
            vp_cell = Cell(str(vp), numeric=True) if vp == counted else Cell(f"{vp} ({counted})", numeric=True,
                                                                              title=N_("capped"))
            cells = [vp_cell, Cell(i18n.percent_text(share, lang), numeric=True)]
        else:
            cells = [Cell("", numeric=True), Cell("", numeric=True)]
        seats.append(SeatView(i + 1, people[pid], cells, winner=unit.winner == pid, banker=unit.banker == pid))
    return UnitView("tables", unit.table, seats, [VP, VP_SHARE], unit.has_result,
                    winner=people.get(unit.winner) if unit.winner else None, stopped=unit.stopped,
                    banker=people.get(unit.banker) if unit.banker else None,
                    choice_order=[people[p] for p in unit.choice_order], source=unit, special="catan")


def standing_title(fmt, stage: str):
    """The semifinal standings of a Catan event rank the qualifying games and the semifinal together."""
    if _is_catan(fmt) and stage == "semifinal":
        return N_("Semifinalists’ ranking (qualifying and semifinal games; the final decides places 1-4)")
    return None


def table_sizes(fmt, event):
    """The sizes of the tables the event's field is seated at (None if it cannot be seated)."""
    if not _is_catan(fmt):
        return None
    try:
        return catan_table_sizes(len(event.players))
    except SeatingError:
        return None
