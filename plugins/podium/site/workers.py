"""Writing the pages on every core: events rendered by forked workers.

An event's pages depend only on its own view tree, so the events can be
written by several processes at once; every file comes out with the same
bytes whichever process writes it.  :func:`for_each` works in this process
and in children made with ``os.fork``, so the children start with the view
trees already built and nothing is pickled; each process takes the next
event from a shared counter, the biggest events first.

Forking is used only where it is safe: a POSIX system and no other thread
running (a preview server's threads could hold a lock at the moment of the
fork).  Otherwise, or with ``jobs == 1``, everything runs here, in order.

A child that fails sends its traceback through a pipe; once every event is
done, :func:`for_each` raises :class:`WorkerFailed` with it, so a failing
build still fails, with the reason.
"""

from __future__ import annotations

import multiprocessing
import os
import sys
import threading
import traceback
from typing import Callable, Sequence


class WorkerFailed(RuntimeError):
    """A forked worker could not write its share of the pages."""


def usable_cores() -> int:
    """The cores this process may run on (its CPU affinity where the system says)."""
    try:
        return len(os.sched_getaffinity(0))
    except (AttributeError, OSError):  # pragma: no cover - macOS, Windows
        return os.cpu_count() or 1


def can_fork() -> bool:
    return hasattr(os, "fork") and threading.active_count() == 1


def for_each(work: Callable[[object], None], items: Sequence, jobs: int, cost: Callable[[object], float]) -> None:
    """``work(item)`` for every item, in ``jobs`` processes: this one and forked children.

    Every process takes the next item not yet taken (a shared counter), the
    costliest items first, until none is left: the shares balance themselves
    whatever the costs really are.  Returns when every item is done; raises
    :class:`WorkerFailed` if a child failed (after waiting for all of them).
    Without a safe fork, or with one job, the items are done here, in order.
    """
    jobs = min(jobs, len(items))
    if jobs <= 1 or not can_fork():
        for item in items:
            work(item)
        return
    order = sorted(items, key=cost, reverse=True)  # stable: equal costs keep their order
    taken = multiprocessing.get_context("fork").Value("q", 0)

    def work_until_done():
        while True:
            with taken.get_lock():
                index = taken.value
                taken.value = index + 1
            if index >= len(order):
                return
            work(order[index])

    children = []
    for _ in range(jobs - 1):
        sys.stdout.flush()
        sys.stderr.flush()
        read_end, write_end = os.pipe()
        pid = os.fork()
        if pid == 0:  # the child: do its part, report, and leave without running the parent's exit code
            os.close(read_end)
            status = 0
            try:
                work_until_done()
            except BaseException:  # noqa: BLE001 - everything goes back to the parent
                os.write(write_end, traceback.format_exc().encode("utf-8", "replace"))
                status = 1
            finally:
                sys.stdout.flush()
                sys.stderr.flush()
                os._exit(status)
        os.close(write_end)
        children.append((pid, read_end))
    try:
        work_until_done()
    finally:
        failures = []
        for pid, read_end in children:
            with os.fdopen(read_end, "rb") as pipe:
                report = pipe.read().decode("utf-8", "replace")
            _, status = os.waitpid(pid, 0)
            if status != 0:
                failures.append(report or f"worker {pid} ended with status {status}")
    if failures:
        raise WorkerFailed("a worker writing pages failed:\n" + "\n".join(failures))
