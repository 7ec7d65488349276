"""The rows a standings table shows and their classes (views.StandingView.lines):
"reserve" for the organisers' reserve player, "qualifies" above the cut line,
" cut" on the row the line goes under, "" for another row of a table with a cut
and no class at all in a table without one; ``limit`` keeps the first rows."""

from __future__ import annotations

from pelican.plugins.podium.views import PlayerView, RowView, StandingView


def standing(reserves=(), cut_after=None, size=5):
    rows = [RowView(n, PlayerView(f"p{n}", f"Player {n}", f"players/p{n}/"), [], reserve=n in reserves)
            for n in range(1, size + 1)]
    return StandingView("qualifying", None, 3, "Qualifying", False, "standings/qualifying-3/", [], rows,
                        cut_after=cut_after)


def classes(st, limit=None):
    return [css for _row, css in st.lines(limit)]


def test_a_table_without_a_cut_marks_only_the_reserve():
    assert classes(standing(reserves={4})) == [None, None, None, "reserve", None]


def test_a_table_with_a_cut_marks_every_row():
    assert classes(standing(reserves={2}, cut_after=3)) == ["qualifies", "reserve", "qualifies cut", "", ""]
    assert classes(standing(reserves={3}, cut_after=3)) == ["qualifies", "qualifies", "reserve cut", "", ""]


def test_a_limit_keeps_the_first_rows_in_order():
    st = standing(cut_after=2)
    assert [row.rank for row, _css in st.lines(3)] == [1, 2, 3]
    assert classes(st, 3) == ["qualifies", "qualifies cut", ""]
