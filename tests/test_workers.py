"""Work shared out among forked workers (podium.workers): every item exactly
once, results back in the order of the items however large, failures
reported with their traceback and no process or file descriptor left behind,
and a plain loop where forking is not wanted or not safe."""

from __future__ import annotations

import gc
import os
import threading
import time

import pytest

from podium import workers


def record(folder):
    """A work function that leaves one file per item, naming the process that did it."""
    def work(item):
        time.sleep(0.01)  # long enough for every worker to take some items
        with open(folder / f"{item:03d}", "x") as handle:  # "x": a second write of an item fails
            handle.write(str(os.getpid()))
    return work


def done(folder) -> dict:
    return {int(p.name): int(p.read_text()) for p in folder.iterdir()}


def test_every_item_is_done_exactly_once_across_the_workers(tmp_path):
    if not workers.can_fork():
        pytest.skip("another thread runs in this test process: no fork")
    items = list(range(40))
    workers.for_each(record(tmp_path), items, jobs=3, cost=lambda item: item % 7)
    by_item = done(tmp_path)
    assert sorted(by_item) == items
    assert os.getpid() in by_item.values()  # this process works too
    assert len(set(by_item.values())) > 1  # and so do the forked ones


def test_one_job_works_here_in_order(tmp_path):
    seen = []
    workers.for_each(seen.append, [3, 1, 2], jobs=1, cost=lambda item: item)
    assert seen == [3, 1, 2]


def test_no_fork_while_another_thread_runs(tmp_path):
    stop = threading.Event()
    thread = threading.Thread(target=stop.wait)
    thread.start()
    try:
        assert not workers.can_fork()
        workers.for_each(record(tmp_path), list(range(6)), jobs=2, cost=lambda item: 0)
    finally:
        stop.set()
        thread.join()
    assert set(done(tmp_path).values()) == {os.getpid()}


def test_a_failing_worker_fails_the_whole_run_with_its_traceback(tmp_path):
    if not workers.can_fork():
        pytest.skip("another thread runs in this test process: no fork")
    parent = os.getpid()

    def work(item):
        time.sleep(0.01)
        if os.getpid() != parent:
            raise ValueError(f"cannot write item {item}")

    with pytest.raises(workers.WorkerFailed, match=r"(?s)Traceback.*ValueError: cannot write item"):
        workers.for_each(work, list(range(20)), jobs=2, cost=lambda item: 0)


def test_usable_cores_is_at_least_one():
    assert workers.usable_cores() >= 1


# -- map_in_order: results sent back by the children ---------------------------------

def needs_fork():
    if not workers.can_fork():
        pytest.skip("another thread runs in this test process: no fork")


def open_fds() -> set:
    return set(os.listdir("/proc/self/fd")) if os.path.isdir("/proc/self/fd") else set()


def assert_no_child_left():
    with pytest.raises(ChildProcessError):  # every forked worker was waited for: no zombie
        os.waitpid(-1, os.WNOHANG)


def test_results_come_back_in_the_order_of_the_items():
    needs_fork()
    fds = open_fds()

    def work(item):
        time.sleep(0.01)
        return item * item, os.getpid()

    items = list(range(40))
    results = workers.map_in_order(work, items, jobs=3, cost=lambda item: item % 7)  # taken in another order
    assert [square for square, _ in results] == [item * item for item in items]
    assert os.getpid() in {pid for _, pid in results}
    assert len({pid for _, pid in results}) > 1
    assert open_fds() == fds
    assert_no_child_left()


def test_without_cost_and_with_one_job_the_results_are_a_plain_map():
    seen = []

    def work(item):
        seen.append(item)
        return str(item)

    assert workers.map_in_order(work, [3, 1, 2], jobs=1) == ["3", "1", "2"]
    assert seen == [3, 1, 2]
    assert workers.map_in_order(work, [], jobs=4) == []


def test_results_larger_than_a_pipe_buffer_come_back_whole():
    needs_fork()

    def work(item):
        time.sleep(0.01)
        return chr(ord("a") + item) * 10_000_000

    results = workers.map_in_order(work, list(range(6)), jobs=3)
    assert [(len(text), text[0], text[-1]) for text in results] == [(10_000_000, c, c) for c in "abcdef"]
    assert_no_child_left()


def test_a_failing_child_fails_the_map_with_its_traceback_and_no_process_or_fd_left():
    needs_fork()
    parent, fds = os.getpid(), open_fds()

    def work(item):
        time.sleep(0.01)
        if os.getpid() != parent:
            raise ValueError(f"cannot evaluate item {item}")
        return item

    with pytest.raises(workers.WorkerFailed, match=r"(?s)Traceback.*ValueError: cannot evaluate item"):
        workers.map_in_order(work, list(range(20)), jobs=3)
    assert open_fds() == fds
    assert_no_child_left()


def test_a_result_that_does_not_pickle_is_a_failure():
    needs_fork()
    parent = os.getpid()

    def work(item):
        time.sleep(0.01)
        return item if os.getpid() == parent else (lambda: item)

    with pytest.raises(workers.WorkerFailed, match="pickle"):
        workers.map_in_order(work, list(range(10)), jobs=2)
    assert_no_child_left()


def test_a_failure_here_is_raised_as_it_is_after_the_children_ended():
    needs_fork()
    parent, fds = os.getpid(), open_fds()

    def work(item):
        time.sleep(0.01)
        if os.getpid() == parent:
            raise KeyError(item)
        return item

    with pytest.raises(KeyError):
        workers.map_in_order(work, list(range(20)), jobs=3)
    assert open_fds() == fds
    assert_no_child_left()


def test_the_collector_is_left_as_it_was():
    needs_fork()
    results = workers.map_in_order(lambda item: [item], list(range(8)), jobs=2)
    assert results == [[item] for item in range(8)]
    assert gc.isenabled()
    gc.disable()
    try:
        workers.map_in_order(lambda item: [item], list(range(8)), jobs=2)
        assert not gc.isenabled()
    finally:
        gc.enable()


# -- then: more work here on each result, as it arrives ------------------------------

def test_then_runs_here_on_every_result_as_it_arrives():
    needs_fork()
    parent = os.getpid()
    seen = []

    def work(item):
        time.sleep(0.01)
        return item, os.getpid()

    def then(result):
        seen.append((result, os.getpid(), len(seen)))

    results = workers.map_in_order(work, list(range(30)), jobs=2, then=then)
    assert sorted(result for result, _, _ in seen) == sorted(results)
    assert {pid for _, pid, _ in seen} == {parent}  # always here
    assert len({pid for _, pid in results}) == 2  # the child's results too
    assert_no_child_left()


def test_then_is_shared_out_with_the_rest_this_process_takes_fewer_items():
    needs_fork()
    parent = os.getpid()

    def then(result):
        time.sleep(0.02)  # here only: the child takes more items meanwhile

    results = workers.map_in_order(lambda item: (time.sleep(0.01), os.getpid())[1], list(range(40)), jobs=2,
                                   then=then)
    here = sum(1 for pid in results if pid == parent)
    assert 0 < here < 20


def test_then_in_one_process_follows_each_item():
    order = []
    workers.map_in_order(lambda item: order.append(("work", item)) or item, [2, 1], jobs=1,
                         then=lambda result: order.append(("then", result)))
    assert order == [("work", 2), ("then", 2), ("work", 1), ("then", 1)]


def test_a_failing_then_stops_the_map_and_leaves_no_child():
    needs_fork()
    fds = open_fds()

    def then(result):
        if result == 5:
            raise KeyError("then")

    with pytest.raises(KeyError, match="then"):
        workers.map_in_order(lambda item: (time.sleep(0.01), item)[1], list(range(20)), jobs=2, then=then)
    assert open_fds() == fds
    assert_no_child_left()


def test_meanwhile_runs_here_while_the_children_take_items(tmp_path):
    needs_fork()
    parent = os.getpid()
    seen = []

    def meanwhile():
        time.sleep(0.2)  # the children work meanwhile
        seen.append((os.getpid(), len(list(tmp_path.iterdir()))))

    results = workers.map_in_order(lambda item: record(tmp_path)(item) or item, list(range(40)), jobs=2,
                                   meanwhile=meanwhile)
    assert results == list(range(40))
    assert seen and seen[0][0] == parent and seen[0][1] > 0  # here, once, with items already done elsewhere
    assert_no_child_left()


def test_meanwhile_is_skipped_in_one_process_and_its_failure_is_raised():
    ran = []
    assert workers.map_in_order(str, [1, 2], jobs=1, meanwhile=lambda: ran.append(1)) == ["1", "2"]
    assert ran == []
    needs_fork()

    def broken():
        raise KeyError("meanwhile")

    with pytest.raises(KeyError, match="meanwhile"):
        workers.map_in_order(str, list(range(10)), jobs=2, meanwhile=broken)
    assert_no_child_left()
