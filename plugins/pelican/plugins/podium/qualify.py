"""The qualification line: who of a ranking goes on to the next stage.

A ranked stage that feeds another draws a line under its last qualifier in
every standings table of that stage (the line after round 2 says who would
go on if the stage ended there).  How many go on is the format's own number
(``System.going_on``: a Catan semifinal's or final's size, a Carcassonne
playoff's size shared by its groups); a stage that feeds none has no line.

The line is drawn under the players who actually go on: a reserve player
takes no qualifying place, nor does a qualifier the next stage lists as
withdrawn (``System.not_going_on``): the line goes under the N-th player who
is neither, and those above it who do not go on are not marked as
qualifying.
"""

from __future__ import annotations


def mark_cuts(fmt, standings, outcome) -> None:
    """Set ``cut`` (players going on), ``cut_after`` (the 1-based row the line
    goes under) and ``not_going`` (ids above the line who do not go on) on
    every standing that feeds a next stage."""
    out = fmt.not_going_on(outcome) if outcome is not None else frozenset()
    for st in standings:
        size = fmt.going_on(st, outcome)
        if not size:
            continue
        counted = 0
        for position, row in enumerate(st.rows, start=1):
            if not row.reserve and row.player.id not in out:
                counted += 1
            if counted == size:
                st.cut, st.cut_after = size, position
                st.not_going = frozenset(r.player.id for r in st.rows[:position] if r.player.id in out)
                break
