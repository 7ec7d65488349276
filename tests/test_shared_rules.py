"""formats.md section 0: the draw, table sizes, slicing, exact shares, lots."""

import hashlib
import subprocess
from fractions import Fraction

import pytest
from hypothesis import given, strategies as st

from podium_core.draw import Lots, draw_order, key, verify_command
from podium_core.criteria import Criterion
from podium_core.ranking import rank
from podium_core.seating import SeatingError, catan_table_sizes, fours_and_leftover, pairs, slice_tables, snake_tables


def test_key_is_sha256_of_seed_purpose_id():
    expected = hashlib.sha256("LV Catan 2016/qualifying/1/anna-berzina".encode()).hexdigest()
    assert key("LV Catan 2016", "qualifying/1", "anna-berzina") == expected
    assert key("Rīga", "lot", "jānis") == hashlib.sha256("Rīga/lot/jānis".encode("utf-8")).hexdigest()


def test_verify_command_reproduces_the_key_in_a_shell():
    seed, purpose, pid = "It's \"Route 66\" Ž", "qualifying/1", "anna"
    printed = subprocess.run(["sh", "-c", verify_command(seed, purpose, pid)], capture_output=True, text=True, check=True).stdout
    assert printed.split()[0] == key(seed, purpose, pid)


def test_draw_order_sorts_by_ascending_key():
    ids = ["a", "b", "c", "d", "e", "f"]
    order = draw_order(ids, "seed", "qualifying/1")
    keys = [key("seed", "qualifying/1", pid) for pid in order]
    assert keys == sorted(keys) and sorted(order) == ids


@given(st.lists(st.from_regex(r"[a-z0-9][a-z0-9_-]{0,8}", fullmatch=True), unique=True, max_size=30), st.text(max_size=10))
def test_draw_is_a_permutation_depending_only_on_seed_purpose_ids(ids, seed):
    order = draw_order(ids, seed, "grand-prix/3")
    assert sorted(order) == sorted(ids)
    assert draw_order(list(reversed(ids)), seed, "grand-prix/3") == order


@pytest.mark.parametrize("n, sizes", [
    (3, [3]), (4, [4]), (6, [3, 3]), (7, [4, 3]), (8, [4, 4]), (9, [3, 3, 3]),
    (13, [4, 3, 3, 3]), (14, [4, 4, 3, 3]), (15, [4, 4, 4, 3]), (22, [4, 4, 4, 4, 3, 3]),
])
def test_catan_table_sizes(n, sizes):
    assert catan_table_sizes(n) == sizes


@pytest.mark.parametrize("n", [0, 1, 2, 5])
def test_impossible_table_counts_name_the_count(n):
    with pytest.raises(SeatingError, match=f"^{n} players"):
        catan_table_sizes(n)


@given(st.integers(min_value=6, max_value=5000))
def test_table_sizes_property(n):
    sizes = catan_table_sizes(n)
    assert sum(sizes) == n
    assert set(sizes) <= {3, 4}
    assert sizes == sorted(sizes, reverse=True)  # 4-player tables first
    assert sizes.count(3) == (4 - n % 4) % 4


def test_baska_short_table():
    assert fours_and_leftover(13) == [4, 4, 4, 1]
    assert fours_and_leftover(14) == [4, 4, 4, 2]
    assert fours_and_leftover(16) == [4, 4, 4, 4]


def test_slicing_keeps_order_table_one_first():
    assert slice_tables("abcdefg", [4, 3]) == [list("abcd"), list("efg")]
    assert pairs("abcd") == [["a", "b"], ["c", "d"]]
    with pytest.raises(SeatingError):
        pairs("abc")


def test_snake_of_16_and_24():
    sixteen = [str(i) for i in range(1, 17)]
    assert snake_tables(sixteen, 4) == [
        ["1", "8", "9", "16"], ["2", "7", "10", "15"], ["3", "6", "11", "14"], ["4", "5", "12", "13"]]
    twenty_four = [str(i) for i in range(1, 25)]
    tables = snake_tables(twenty_four, 6)
    assert tables[0] == ["1", "12", "13", "24"] and tables[5] == ["6", "7", "18", "19"]
    assert sorted(int(p) for t in tables for p in t) == list(range(1, 25))


def test_lots_judge_list_first_then_keys():
    lots = Lots("seed", judged=["zed", "amy"])
    crit = (Criterion("pts", "Points", "P", lambda pid, ctx: ctx[pid], "points"),)
    rows = rank(["amy", "bob", "cid", "zed"], crit, {"amy": 1, "bob": 1, "cid": 1, "zed": 1}, lots)
    order = [r.player for r in rows]
    assert order[:2] == ["zed", "amy"]
    assert order[2:] == sorted(["bob", "cid"], key=lambda p: key("seed", "lot", p))
    assert all(r.by_lot for r in rows)


def test_ranking_compares_exact_fractions():
    crit = (Criterion("share", "Share", "S", lambda pid, ctx: ctx[pid], "share"),)
    third = Fraction(1, 3)
    rows = rank(["a", "b"], crit, {"a": third, "b": Fraction(333333, 1000000)}, Lots("s"))
    assert [r.player for r in rows] == ["a", "b"] and not rows[0].by_lot
