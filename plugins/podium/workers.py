"""Work on every core: items shared out among this process and forked children.

Two uses, one machinery.  :func:`for_each` does something for every item
(the site writes each event's pages: nothing comes back); :func:`map_in_order`
computes a result for every item and returns them in the order of the items
(the pipeline evaluates each event folder, and the site builds each
outcome's views here as the outcomes arrive).

The children are made with ``os.fork``, so they start with everything this
process has (view trees, the registry of people, the ``work`` function
itself) and nothing is pickled on the way out.  Every process, this one
included, takes the next item from a shared counter, the costliest items
first, until none is left: the shares balance themselves whatever the costs
really are.  A child pickles each result as soon as it has it and sends it
through its own pipe; this process takes in what has arrived between its
own items, unpickles with the cyclic garbage collector off (it would
otherwise walk the growing heap again and again) and puts every result in
its item's place.

Forking is used only where it is safe: a POSIX system and no other thread
running (a preview server's threads could hold a lock at the moment of the
fork).  Otherwise, or with ``jobs == 1``, everything runs here, in order.

A child that fails sends its traceback; no process takes another item
after a failure, and once every child has ended :class:`WorkerFailed` is
raised with the tracebacks, so a failing build still fails, with the
reason.  A child's ``OSError`` (a full disk, a read-only folder) is sent as
itself and raised again here, for the caller to report in one line.  Every child is waited for and every pipe closed, whatever happens.
"""

from __future__ import annotations

import multiprocessing
import os
import pickle
import queue
import sys
import threading
import traceback
from contextlib import contextmanager
from functools import partial
from multiprocessing.connection import Pipe, wait
from typing import Callable, Sequence

from .collector import lasting

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
                 cost: Callable[[object], float] | None = None, meanwhile: Callable[[], None] | None = None,
                 then: Callable[[object], None] | None = None) -> list:
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

    ``then(result)``: more work on each result that only this process can
    do, done here as soon as the result is here -- this process's own right
    after it is made, a child's when it arrives (a child sends each result
    as soon as it has it) -- in no particular order.  This process takes in
    what has arrived before it takes its next item, so the work of ``then``
    is shared out with the rest: this process takes fewer items.
    """
    return _share_out(work, items, jobs, cost, meanwhile, then)


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


def _share_out(work, items: Sequence, jobs: int, cost, meanwhile=None, then=None) -> list:
    """``work`` of every item, in the order of ``items``: done here and in ``jobs - 1`` children
    (``meanwhile()`` here first when there are children; ``then(result)`` here for each result)."""
    results = [None] * len(items)

    def keep(index, result):
        results[index] = result
        if then is not None:
            then(result)

    jobs = min(jobs, len(items))
    if jobs <= 1 or not can_fork():
        for index, item in enumerate(items):
            keep(index, work(item))
        return results
    turns = _Turns(items, cost)
    with _forked(work, items, turns, jobs - 1, keep) as take_in:
        if meanwhile is not None:
            meanwhile()
        _take_turns(work, items, turns, keep, before_each=take_in)
    return results


@contextmanager
def _forked(work, items: Sequence, turns: _Turns, count: int, keep):
    """``count`` children taking turns while the block runs here.

    The block gets a function that takes in what the children have sent so
    far, without waiting (``keep(index, result)`` for each result); after
    the block, the rest is taken in.  If the block fails, no process takes
    another item and the children's results are dropped.  If a child failed,
    :class:`WorkerFailed` is raised once every child has ended."""
    children: dict = {}  # the reading end of a child's pipe -> its pid
    failures: list = []
    try:
        for _ in range(count):
            reader, pid = _fork(work, items, turns, siblings=children)
            children[reader] = pid
        try:
            yield partial(_take_in, children, keep, failures, False)
        except BaseException:
            turns.stop()
            keep = None
            raise
    finally:
        _take_in(children, keep, failures, True)
    if failures:
        if all(isinstance(failure, OSError) for failure in failures):
            raise failures[0]
        raise WorkerFailed("a forked worker failed:\n" + "\n".join(str(failure) for failure in failures))


def _take_turns(work, items: Sequence, turns: _Turns, keep, before_each=None) -> None:
    """``keep(index, work(items[index]))`` for every index this process takes,
    ``before_each()`` before each; when something fails, no process takes another item."""
    try:
        if before_each is not None:
            before_each()
        for index in turns:
            keep(index, work(items[index]))
            if before_each is not None:
                before_each()
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
    """Take turns, send the results, and leave without running the parent's exit code.

    The exit status is 0 only if the work succeeded and everything was sent."""
    status = 1
    try:
        status = _serve(work, items, turns, writer)
    finally:
        sys.stdout.flush()
        sys.stderr.flush()
        os._exit(status)


def _serve(work, items: Sequence, turns: _Turns, writer) -> int:
    """A child's turns: each result sent as ``(index, result)`` as soon as it is
    made, then ``(None, traceback or None)``; the child's exit status.

    Each result is pickled at once, so the child holds bytes, not object
    graphs; a thread sends them while the child goes on (a pipe holds less
    than one result, and the parent reads only between its own items)."""
    outbox: queue.SimpleQueue = queue.SimpleQueue()
    sent: list = []
    sender = threading.Thread(target=_send_all, args=(outbox, writer, sent))
    sender.start()
    failure = None
    try:
        _take_turns(work, items, turns, lambda index, result: outbox.put(pickle.dumps((index, result), PROTOCOL)))
    except OSError as exc:  # the system refused a read or a write: the parent raises it again, as it is
        failure = exc
    except BaseException:  # noqa: BLE001 - everything goes back to the parent
        failure = traceback.format_exc()
    outbox.put(pickle.dumps((None, failure), PROTOCOL))
    outbox.put(None)
    sender.join()
    return 0 if failure is None and sent == [True] else 1


def _send_all(outbox, writer, sent: list) -> None:
    """Send the messages of ``outbox`` until ``None``; ``sent`` gets whether all went."""
    try:
        while (message := outbox.get()) is not None:
            writer.send_bytes(message)
    except OSError:  # the parent is gone: nobody to tell
        sent.append(False)
    else:
        sent.append(True)


def _take_in(children: dict, keep, failures: list, until_all_ended: bool) -> None:
    """Read what the children have sent: ``keep(index, result)`` for each result
    (dropped when ``keep`` is None) and, for a child that has ended, its
    failure in ``failures``, if any.  Without waiting, or until every child
    has ended.

    A child that has ended is waited for and its pipe closed; if this is
    interrupted, all the others are too (a child still writing then gets a
    broken pipe and ends)."""
    try:
        while children:
            ready = wait(list(children), timeout=None if until_all_ended else 0)
            if not ready:
                return
            for reader in ready:
                ended, failure = _message(reader, keep)
                if ended:
                    pid = children.pop(reader)
                    reader.close()
                    _, status = os.waitpid(pid, 0)
                    if failure or status:
                        failures.append(failure or f"worker {pid} ended with status {status} and no report")
    except BaseException:
        for reader, pid in children.items():
            reader.close()
            os.waitpid(pid, 0)
        children.clear()
        raise


def _message(reader, keep) -> tuple[bool, str | None]:
    """One message of a child: a result, kept; or the end of the child's work,
    ``(True, its traceback or None)`` (also when it ended without saying so).

    Unpickling makes millions of containers, all kept: see
    :func:`podium.collector.lasting`."""
    try:
        message = reader.recv_bytes()
    except EOFError:
        return True, None
    with lasting():
        index, result = pickle.loads(message)
    if index is None:
        return True, result
    if keep is not None:
        keep(index, result)
    return False, None
