"""Asking Python's cyclic garbage collector to do less while Podium builds.

A build allocates millions of containers while everything made so far
(outcomes, views, Pelican's context: hundreds of MB for a large archive)
stays alive.  By default the collector runs every 700 allocations and, every
so often, walks that whole graph again, finding nothing to free.

:func:`fewer_collections` marks a phase of the build: what exists when it
starts is frozen (``gc.freeze``: left out of every collection) and the
first threshold is raised, so collections look only at what the phase
makes; both come back when the phase ends.  :func:`lasting` marks work
inside a phase that makes nothing but what stays (the views, outcomes
unpickled from a worker): the collector is off meanwhile and what it made is
frozen too, so the collections after it do not walk it either.
"""

from __future__ import annotations

import gc
from contextlib import contextmanager

_phase = [False]  # a fewer_collections() phase froze the heap: lasting() may freeze more


@contextmanager
def fewer_collections():
    """A phase of the build with fewer, smaller collections (see the module's text).

    A fifth of the time of a 20,000-page build, with the same peak memory
    (docs/performance.md).  Rendering makes short-lived garbage, cycles
    included, so the collector keeps running.  What the host process had
    frozen before is never thawed here."""
    before = gc.get_threshold()
    freeze = gc.get_freeze_count() == 0 and not _phase[0]
    gc.set_threshold(max(before[0], 50_000), *before[1:])
    if freeze:
        gc.freeze()
        _phase[0] = True
    try:
        yield
    finally:
        if freeze:
            _phase[0] = False
            gc.unfreeze()
        gc.set_threshold(*before)


@contextmanager
def lasting():
    """The block makes objects that all stay alive: the collector is off meanwhile.

    A collection during the block could free none of them, yet would walk
    them all.  Inside a :func:`fewer_collections` phase what exists after
    the block is frozen as well, or the next collection would walk it anyway
    (and the phase thaws it at its end)."""
    enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if _phase[0]:
            gc.freeze()
        if enabled:
            gc.enable()
