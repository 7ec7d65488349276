"""One task per item on every usable core, the largest first (``concurrent.futures``).

:func:`largest_first` runs ``function(item)`` for every item and yields
``(item, result)`` as each task finishes.  With more than one job the tasks
run in a :class:`~concurrent.futures.ProcessPoolExecutor` whose processes are
forked from this one, so they start with everything this process holds (the
function itself, closures included, and whatever it reads): only the item's
position goes out and only the result comes back, pickled.  Forking is used
only where it is safe -- a POSIX system and no other thread running (a
preview server's threads could hold a lock at the moment of the fork).
Otherwise, or with one job, the tasks run here, one after the other, in
the same order.

The largest items go first so that the last task to finish is a small one:
with one task per event, two cores and an archive of a few big events and
many small ones, this keeps both cores busy to the end.  A task that fails
raises its exception here, after the tasks already running have ended.

While the forked processes run, what this process held when it forked them
is frozen (:func:`gc.freeze`, the way the :mod:`gc` module advises for a
fork without exec): the workers only read what they inherit, so their
garbage collections never walk it, and the memory pages it lies in stay
shared with this process.  It is unfrozen when the tasks are done.
"""

from __future__ import annotations

import gc
import itertools
import multiprocessing
import os
import signal
import threading
import time
from concurrent.futures import ProcessPoolExecutor, as_completed
from typing import Callable, Iterator, Sequence

_tasks: dict = {}  # token -> (function, items): read by the forked workers, never sent to them
_tokens = itertools.count()


def usable_cores() -> int:
    """The cores this process may run on (its CPU affinity where the system says)."""
    try:
        return len(os.sched_getaffinity(0))
    except (AttributeError, OSError):  # pragma: no cover - macOS, Windows
        return os.cpu_count() or 1


def can_fork() -> bool:
    """Forking is safe: the system has ``os.fork`` and no other thread runs."""
    return hasattr(os, "fork") and threading.active_count() == 1


def forks(jobs: int, count: int) -> bool:
    """:func:`largest_first` of ``count`` items in ``jobs`` processes runs them in forked processes."""
    return min(jobs, count) > 1 and can_fork()


def largest_first(function: Callable, items: Sequence, jobs: int, size: Callable[[object], float]) -> Iterator[tuple]:
    """``(item, function(item))`` for every item, the items of the largest ``size``
    started first (equal sizes in the order of ``items``), in ``jobs`` processes.

    Results come in the order the tasks finish; with one process, in the
    order they started."""
    order = sorted(range(len(items)), key=lambda index: -size(items[index]))
    jobs = min(jobs, len(items))
    if not forks(jobs, len(items)):
        for index in order:
            yield items[index], function(items[index])
        return
    token = next(_tokens)
    _tasks[token] = (function, items)  # before the pool forks its workers: they inherit it
    try:
        gc.freeze()
        with ProcessPoolExecutor(jobs, mp_context=multiprocessing.get_context("fork"),
                                 initializer=_leave_ctrl_c_to_the_parent) as pool:
            futures = {pool.submit(_run, token, index): index for index in order}
            try:
                for future in as_completed(futures):
                    yield items[futures[future]], future.result()
            except BaseException:
                for future in futures:
                    future.cancel()
                raise
    finally:
        gc.unfreeze()
        del _tasks[token]


def _leave_ctrl_c_to_the_parent() -> None:
    """In a forked worker: Ctrl-C and SIGTERM are the parent's to handle (it cancels
    what has not started and waits for what has), so a worker is never stopped
    half-way through writing a file.  A parent killed without that chance (a
    SIGTERM where nothing handles it, as in ``pelican -r``) leaves its workers
    waiting for tasks that never come: each then ends once its task is done
    (:func:`_end_with_the_parent`)."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    signal.signal(signal.SIGTERM, signal.SIG_IGN)
    threading.Thread(target=_end_with_the_parent, args=(os.getppid(),), daemon=True).start()


_working = threading.Lock()  # held by a worker while it runs a task


def _end_with_the_parent(parent: int, every: float = 0.2) -> None:
    """In a forked worker: end the process once ``parent`` is gone and no task runs."""
    while True:
        time.sleep(every)
        if os.getppid() != parent:
            with _working:
                os._exit(1)


def _run(token: int, index: int):
    """In a forked worker: the task's function, inherited from the parent, on its item."""
    function, items = _tasks[token]
    with _working:
        return function(items[index])
