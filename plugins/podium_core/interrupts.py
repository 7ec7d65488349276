"""Ctrl-C and SIGTERM end every command in one line, with exit 130 or 143.

:func:`on_termination` makes SIGTERM raise :class:`Terminated`, a
``KeyboardInterrupt``, as SIGINT (Ctrl-C) raises ``KeyboardInterrupt``: the
same clean-up runs for both (a file being written is removed before its
rename, a swap is not made), and the command's top level catches both,
prints one line and exits with 128 plus the signal's number, as a shell
does (:func:`exit_code`).  While that line is printed, further signals are
ignored (:func:`quiet`), so a second Ctrl-C cannot print a traceback.  A stop
that lands in a finalizer, where Python prints an exception and drops it,
is kept instead (:func:`swallowed`): the command, which went on to its end,
then ends with the same line.
"""

from __future__ import annotations

import signal
import sys
import threading
from contextlib import contextmanager


class Terminated(KeyboardInterrupt):
    """SIGTERM arrived (a ``kill``, a CI job cancelled, a service stopped)."""


_received: list = []  # SIGTERM, once it came (a library may turn Terminated into a plain KeyboardInterrupt)
_dropped: list = []  # the stops that landed in a finalizer (:func:`_unraisable`)


def _terminate(_number, _frame):
    _received.append(signal.SIGTERM)
    raise Terminated()


def _terminated(exc: BaseException) -> bool:
    return isinstance(exc, Terminated) or bool(_received)


def _unraisable(unraisable) -> None:
    """``sys.unraisablehook``: a Ctrl-C or SIGTERM raised in a finalizer is kept for the
    command to end by, never printed; any other exception as Python reports it."""
    if isinstance(unraisable.exc_value, KeyboardInterrupt):
        _dropped.append(unraisable.exc_value)
        return
    sys.__unraisablehook__(unraisable)


def swallowed() -> KeyboardInterrupt | None:
    """The first stop that landed in a finalizer, if one did."""
    return _dropped[0] if _dropped else None


def on_termination() -> None:
    """SIGTERM raises :class:`Terminated` in this process (from the main thread only),
    and a stop that lands in a finalizer is kept (:func:`swallowed`), not printed."""
    if threading.current_thread() is threading.main_thread():
        signal.signal(signal.SIGTERM, _terminate)
        sys.unraisablehook = _unraisable


@contextmanager
def handled():
    """For the block: SIGTERM raises :class:`Terminated` (:func:`on_termination`);
    after it, both signals are handled as before (a caller in the same process,
    a test runner, keeps its own Ctrl-C)."""
    main = threading.current_thread() is threading.main_thread()
    before = (signal.getsignal(signal.SIGINT), signal.getsignal(signal.SIGTERM), sys.unraisablehook) if main else None
    _received.clear()
    _dropped.clear()
    on_termination()
    try:
        yield
    finally:
        if main:
            signal.signal(signal.SIGINT, before[0])
            signal.signal(signal.SIGTERM, before[1])
            sys.unraisablehook = before[2]


def quiet() -> None:
    """Ignore SIGINT and SIGTERM from now on: the command is ending."""
    if threading.current_thread() is threading.main_thread():
        signal.signal(signal.SIGINT, signal.SIG_IGN)
        signal.signal(signal.SIGTERM, signal.SIG_IGN)


def exit_code(exc: BaseException) -> int:
    """143 for SIGTERM, 130 for Ctrl-C."""
    return 128 + (signal.SIGTERM if _terminated(exc) else signal.SIGINT)


def what(exc: BaseException) -> str:
    """How the command was stopped, in words."""
    return "stopped by SIGTERM" if _terminated(exc) else "interrupted (Ctrl-C)"


def stopped(exc: BaseException) -> int:
    """The ``podium`` command stopped by ``exc``: further signals ignored,
    the one line said on stderr, and the exit status returned."""
    quiet()
    print(f"podium: {what(exc)}; no file is left half-written", file=sys.stderr)
    return exit_code(exc)
