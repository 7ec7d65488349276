"""The qualification cut: how many of a ranking go on to the next stage.

A ranked stage that feeds another draws a line under its last qualifier in
every standings table of that stage (the line after round 2 says who would
qualify if the stage ended there):

- Catan LV 2016 (a semifinal): the top ``semifinal_size`` (16 or 24) of the
  qualifying ranking; without a semifinal (Catan LT) the top 4 play the final;
- Carcassonne LV: the top 8 of the Swiss stage, or the top 4 of each group;
- Baśka and Tantrix: no ranked stage feeds another (the Grand Prix is all
  there is; Tantrix is a knockout).

Reserve players take no qualifying place: the line goes under the N-th
player who is not a reserve.
"""

from __future__ import annotations

CARCASSONNE_PLAYOFF = 8  # quarterfinals 1-8 (formats.md 3)
CARCASSONNE_PER_GROUP = 4  # two groups: A1-B4, A2-B3, ...
CATAN_FINAL = 4


def cut_size(fmt, standing) -> int | None:
    """How many players of ``standing`` qualify for the next stage, or None."""
    system = getattr(fmt, "system", "")
    if system == "catan" and standing.stage == "qualifying":
        stage_ids = [s.id for s in fmt.stages()]
        return int(fmt.semifinal_size) if "semifinal" in stage_ids else CATAN_FINAL
    if system == "carcassonne" and standing.stage == "swiss":
        return CARCASSONNE_PER_GROUP if standing.group else CARCASSONNE_PLAYOFF
    return None


def mark_cuts(fmt, standings) -> None:
    """Set ``cut`` (players qualifying) and ``cut_after`` (the 1-based row the
    line goes under) on every standing that feeds a next stage."""
    for st in standings:
        size = cut_size(fmt, st)
        if not size:
            continue
        counted = 0
        for position, row in enumerate(st.rows, start=1):
            if not row.reserve:
                counted += 1
            if counted == size:
                st.cut, st.cut_after = size, position
                break
