"""Events written by forked workers (podium.site.workers): every item exactly
once, failures reported with their traceback, and a plain loop where forking
is not wanted or not safe."""

from __future__ import annotations

import os
import threading
import time

import pytest

from podium.site import workers


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
