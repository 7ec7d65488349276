"""Work on every core: items shared out among this process and forked children.

Three uses, one machinery.  :func:`for_each` does something for every item
(the site writes each event's pages: nothing comes back); :func:`map_in_order`
computes a result for every item and returns them in the order of the items
(the pipeline evaluates each event folder); :func:`alongside` does something
for every item in a child while this process does something else (the site
writes each event's event.json while it builds the views).

The children are made with ``os.fork``, so they start with everything this
process has (view trees, the registry of people, the ``work`` function
itself) and nothing is pickled on the way out.  Every process, this one
included, takes the next item from a shared counter, the costliest items
first, until none is left: the shares balance themselves whatever the costs
really are.  A child pickles each result as soon as it has it and, when no
item is left, sends them all through its own pipe; this process reads the
pipes of the children as they finish, unpickles with the cyclic garbage
collector off (it would otherwise walk the growing heap again and again)
and puts every result in its item's place.

Forking is used only where it is safe: a POSIX system and no other thread
running (a preview server's threads could hold a lock at the moment of the
fork).  Otherwise, or with ``jobs == 1``, everything runs here, in order.

A child that fails sends its traceback instead; no process takes another
item after a failure, and once every child has ended :class:`WorkerFailed`
is raised with the tracebacks, so a failing build still fails, with the
reason.  Every child is waited for and every pipe closed, whatever happens.
"""

from __future__ import annotations

import gc
import multiprocessing
import os
import pickle
import sys
import threading
import traceback
from contextlib import contextmanager
from functools import partial
from multiprocessing.connection import Pipe, wait
from typing import Callable, Sequence

PROTOCOL = 5


class WorkerFailed(RuntimeError):
    """A forked worker failed; the message holds its traceback."""


def usable_cores() -> int:
    """The cores this process may run on (its CPU affinity where the system says)."""
    try:
        return len(os.sched_getaffinity(0))
    except (AttributeError, OSError):  # pragma: no cover - macOS, Windows
        return os.cpu_count() or 1


def can_fork() -> bool:
    """Forking is safe: the system has ``os.fork`` and no other thread runs."""
    return hasattr(os, "fork") and threading.active_count() == 1


def for_each(work: Callable[[object], None], items: Sequence, jobs: int, cost: Callable[[object], float]) -> None:
    """``work(item)`` for every item, in ``jobs`` processes: this one and forked children.

    Every process takes the next item not yet taken (a shared counter), the
    costliest items first, until none is left.  Returns when every item is
    done; raises :class:`WorkerFailed` if a child failed (after waiting for
    all of them).  Without a safe fork, or with one job, the items are done
    here, in order.  Whatever ``work`` returns is dropped, never sent back.
    """
    _share_out(partial(_dropping, work), items, jobs, cost)


def map_in_order(work: Callable[[object], object], items: Sequence, jobs: int,
                 cost: Callable[[object], float] | None = None, meanwhile: Callable[[], None] | None = None) -> list:
    """``[work(item) for item in items]``, computed in ``jobs`` processes.

    Shared out like :func:`for_each` (costliest first when ``cost`` is given,
    else in the order of the items); the children's results come back
    pickled, so they must pickle, and are equal to, not the same objects as,
    what the child made.  The list is in the order of ``items`` however the
    work was shared.  Raises :class:`WorkerFailed` if a child failed.

    ``meanwhile()``: something only this process can do (it keeps what it
    makes), done here once the children have started, before this process
    takes its turns; the children take more items meanwhile.  Not done when
    everything runs in one process.
    """
    return _share_out(work, items, jobs, cost, meanwhile)


@contextmanager
def alongside(work: Callable[[object], None], items: Sequence, jobs: int):
    """``work(item)`` for every item, in a forked child while this process runs the block.

    For work that needs nothing the block makes (each event's event.json
    while the site's views are built): it takes a core that would otherwise
    wait.  If the block ends first, this process takes the items left.  When
    the block ends, the child is waited for, and :class:`WorkerFailed` is
    raised if it failed.  Without a safe fork, or with one job, the items are
    done here, in order, after the block.
    """
    dropping = partial(_dropping, work)
    if jobs <= 1 or not items or not can_fork():
        yield
        for item in items:
            dropping(item)
        return
    turns = _Turns(items, None)
    results = [None] * len(items)
    with _forked(dropping, items, turns, 1, results):
        yield
        _take_turns(dropping, items, turns, results.__setitem__)


def _dropping(work, item) -> None:
    work(item)


# -- the machinery ------------------------------------------------------------------

class _Turns:
    """The items' indices in the order they are taken, and a counter shared
    by every process: iterating gives the next index no process has taken."""

    def __init__(self, items: Sequence, cost: Callable[[object], float] | None):
        indices = range(len(items))
        # stable: items of equal cost keep their order
        self.order = indices if cost is None else sorted(indices, key=lambda i: cost(items[i]), reverse=True)
        self.taken = multiprocessing.get_context("fork").Value("q", 0)

    def __iter__(self):
        while True:
            with self.taken.get_lock():
                position = self.taken.value
                self.taken.value = position + 1
            if position >= len(self.order):
                return
            yield self.order[position]

    def stop(self) -> None:
        """No process takes another item."""
        with self.taken.get_lock():
            self.taken.value = len(self.order)


def _share_out(work, items: Sequence, jobs: int, cost, meanwhile=None) -> list:
    """``work`` of every item, in the order of ``items``: done here and in ``jobs - 1`` children
    (and ``meanwhile()`` here first, when there are children)."""
    jobs = min(jobs, len(items))
    if jobs <= 1 or not can_fork():
        return [work(item) for item in items]
    turns = _Turns(items, cost)
    results = [None] * len(items)
    with _forked(work, items, turns, jobs - 1, results):
        if meanwhile is not None:
            meanwhile()
        _take_turns(work, items, turns, results.__setitem__)
    return results


@contextmanager
def _forked(work, items: Sequence, turns: _Turns, count: int, results: list):
    """``count`` children taking turns while the block runs here; then every
    child's results in ``results``.  If the block fails, no process takes
    another item; if a child failed, :class:`WorkerFailed` is raised once
    every child has ended."""
    children: dict = {}  # the reading end of a child's pipe -> its pid
    try:
        for _ in range(count):
            reader, pid = _fork(work, items, turns, siblings=children)
            children[reader] = pid
        try:
            yield
        except BaseException:
            turns.stop()
            raise
    finally:
        failures = _gather(children, results)
    if failures:
        raise WorkerFailed("a forked worker failed:\n" + "\n".join(failures))


def _take_turns(work, items: Sequence, turns: _Turns, keep) -> None:
    """``keep(index, work(items[index]))`` for every index this process takes;
    when something fails, no process takes another item."""
    try:
        for index in turns:
            keep(index, work(items[index]))
    except BaseException:
        turns.stop()
        raise


def _fork(work, items: Sequence, turns: _Turns, siblings):
    """A child taking turns with this process: the reading end of its pipe, and its pid.

    The pipe is made just before the fork, and this process closes its
    writing end at once, so the reading end sees the end of the file when
    the child (its only writer) ends.  The child keeps no reading end, its
    own or its older ``siblings``'."""
    reader, writer = Pipe(duplex=False)
    sys.stdout.flush()
    sys.stderr.flush()
    try:
        pid = os.fork()
    except BaseException:
        reader.close()
        writer.close()
        raise
    if pid == 0:
        for end in (reader, *siblings):
            end.close()
        _child(work, items, turns, writer)  # never returns
    writer.close()
    return reader, pid


def _child(work, items: Sequence, turns: _Turns, writer) -> None:
    """Take turns, send the report, and leave without running the parent's exit code.

    The exit status is 0 only if the work succeeded and the report was sent."""
    status = 1
    try:
        report, failed = _report(work, items, turns)
        writer.send_bytes(report)
        status = int(failed)
    finally:
        sys.stdout.flush()
        sys.stderr.flush()
        os._exit(status)


def _report(work, items: Sequence, turns: _Turns) -> tuple[bytes, bool]:
    """A child's pickled report and whether it failed: ``(done, None)``, with
    ``done`` its ``(index, pickled result)`` pairs, or ``((), traceback)``.

    Each result is pickled as soon as it is made, so the child holds bytes,
    not object graphs, while it goes on."""
    done = []
    try:
        _take_turns(work, items, turns, lambda index, result: done.append((index, pickle.dumps(result, PROTOCOL))))
    except BaseException:  # noqa: BLE001 - everything goes back to the parent
        return pickle.dumps(((), traceback.format_exc()), PROTOCOL), True
    return pickle.dumps((done, None), PROTOCOL), False


def _gather(children: dict, results: list) -> list[str]:
    """Read every child's report as it comes, wait for the child, put its
    results in place; the failures, one text each.

    ``children`` is emptied; every pipe is closed and every child waited for
    even if this is interrupted (a child still writing then gets a broken
    pipe and ends)."""
    failures = []
    try:
        while children:
            for reader in wait(list(children)):
                pid = children.pop(reader)
                with reader:
                    report = _receive(reader)
                _, status = os.waitpid(pid, 0)
                failure = _unpack(report, results) if report else None
                if failure or status:
                    failures.append(failure or f"worker {pid} ended with status {status} and no report")
    finally:
        for reader, pid in children.items():
            reader.close()
            os.waitpid(pid, 0)
        children.clear()
    return failures


def _receive(reader) -> bytes:
    """The one message a child sends; empty if it ended without sending it."""
    try:
        return reader.recv_bytes()
    except EOFError:
        return b""


def _unpack(report: bytes, results: list) -> str | None:
    """Put a child's results in their places; its traceback if it failed.

    Unpickling makes millions of containers, every one of which would count
    towards the next collection: the collector is off meanwhile (a 25 MB
    pickle loads in a fifth of the time)."""
    with collector_off():
        done, failure = pickle.loads(report)
        for index, payload in done:
            results[index] = pickle.loads(payload)
    return failure


@contextmanager
def collector_off():
    """The cyclic garbage collector disabled within the block, as it was after.

    For work that makes millions of containers that all stay alive (results
    unpickled here, the site's view trees): a collection could free none of
    them, yet each would walk them all again."""
    enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if enabled:
            gc.enable()
