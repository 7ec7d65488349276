"""The organiser's commands at the venue, one module each.

Each module has ``register(subparsers)`` (its command line) and
``run(args)`` (the command); :mod:`podium_core.cli` adds them to ``podium``.
"""

MODULES = ("pair", "withdraw", "join", "enter", "status", "players")
