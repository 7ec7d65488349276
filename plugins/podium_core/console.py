"""The ``podium`` console command's entry point (``[project.scripts]``).

Ctrl-C and SIGTERM end the command in one line, exit 130 or 143, from the
moment :func:`run` starts, not only once :func:`podium_core.cli.main`
does: the quiet handlers (:mod:`podium_core.interrupts`) are the first
thing it imports and installs, and every import after them (the command's
modules take a good part of the start-up) and the command itself run
inside them.  This module and the package import nothing at their top
(``podium_core.__version__`` is read when asked for), so the moments
before that are Python's own start-up: a signal then ends the process as
the signal does, with no traceback.
"""

import sys


def run() -> None:
    """Run ``podium`` with the arguments of the command line and exit with its status."""
    try:
        from . import interrupts

        interrupts.on_termination()
        from .cli import main

        code = main()
        interrupts.quiet()  # done: a signal now changes nothing and prints nothing
        late = interrupts.swallowed()
        if late is not None:  # a stop a finalizer dropped: the command went on to its end
            code = interrupts.stopped(late)
    except BaseException as exc:  # noqa: BLE001 - a stop may come wrapped (see _stop)
        stop = _stop(exc)
        if stop is None:
            raise
        from . import interrupts

        code = interrupts.stopped(stop)
    sys.exit(code)


def _stop(exc: BaseException) -> KeyboardInterrupt | None:
    """The Ctrl-C or SIGTERM (a KeyboardInterrupt) behind ``exc``: itself, or its
    cause or context (Python wraps one that lands while a class is being made,
    e.g. in ``RuntimeError: Error calling __set_name__``); None for any other failure."""
    seen = set()
    while exc is not None and id(exc) not in seen:
        if isinstance(exc, KeyboardInterrupt):
            return exc
        seen.add(id(exc))
        exc = exc.__cause__ or exc.__context__
    return None
