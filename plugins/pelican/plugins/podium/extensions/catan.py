"""Site views for Catan (see pelican.plugins.podium.extensions for the hooks).

* ``unit_view``: a Catan table as a :class:`~..views.UnitView` -- seat order,
  the VP as recorded (the counted value beside it when the cap applied), the
  share of the table's counted VP, the winner, the banker and the order in
  which the players chose their seats.  Round pages show it with
  ``podium/catan/tables.html``; its columns' words, in the format's own
  numbers, are the system's (``Catan.unit_columns``).
"""

from __future__ import annotations

from podium_core.systems.catan import Catan
from podium_core.text import N_
from .. import i18n
from ..views import Cell, Column, SeatView, UnitView

SYSTEM = Catan


def unit_view(fmt, kind, unit, people, lang="en"):
    """A Catan table (its %VP in the language ``lang``), or None for anything else."""
    if not (kind == "tables" and hasattr(unit, "shares")):
        return None
    words = fmt.unit_columns()
    columns = [Column("vp", *words["vp"]), Column("vp_share", *words["vp_share"])]
    seats = []
    for i, pid in enumerate(unit.players):
        if unit.vp is not None:
            vp, counted, share = unit.vp[i], unit.counted[i], unit.shares[i]
            vp_cell = Cell(str(vp), numeric=True) if vp == counted else Cell(f"{vp} ({counted})", numeric=True,
                                                                              title=N_("capped"))
            cells = [vp_cell, Cell(i18n.percent_text(share, lang), numeric=True)]
        else:
            cells = [Cell("", numeric=True), Cell("", numeric=True)]
        seats.append(SeatView(i + 1, people[pid], cells, winner=unit.winner == pid, banker=unit.banker == pid))
    return UnitView("tables", unit.table, seats, columns, unit.has_result,
                    winner=people.get(unit.winner) if unit.winner else None, stopped=unit.stopped,
                    banker=people.get(unit.banker) if unit.banker else None,
                    choice_order=[people[p] for p in unit.choice_order], source=unit, special=fmt.name)
