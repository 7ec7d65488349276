"""The ``podium`` command for organisers.

    podium validate [RESULTS]        every problem of every file; exit 1 if any
    podium export RESULTS/<slug>     the event's JSON document on stdout

Problems are printed as ``path:line: message`` on stderr, never as a traceback.
"""

from __future__ import annotations

import argparse
import sys

from .errors import Problems


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(prog="podium", description="Tournament results from YAML to a static site.")
    commands = parser.add_subparsers(dest="command", required=True)
    validate = commands.add_parser("validate", help="check every file of a results folder")
    validate.add_argument("results", nargs="?", default="results")
    export = commands.add_parser("export", help="print an event's JSON document")
    export.add_argument("event", help="an event folder, e.g. results/my-event")
    args = parser.parse_args(argv)
    try:
        return COMMANDS[args.command](args)
    except Problems as exc:
        for problem in exc.problems:
            print(problem, file=sys.stderr)
        count = len(exc.problems)
        print(f"{count} problem{'s' if count != 1 else ''} found", file=sys.stderr)
        return 1


def _validate(args) -> int:
    from .pipeline import evaluate_folder

    outcomes, _ = evaluate_folder(args.results)
    print(f"{len(outcomes)} event{'s' if len(outcomes) != 1 else ''} valid")
    return 0


def _export(args) -> int:
    from .export import dumps, event_document
    from .pipeline import evaluate_one

    outcome = evaluate_one(args.event)
    sys.stdout.write(dumps(event_document(outcome)))
    return 0


COMMANDS = {"validate": _validate, "export": _export}


if __name__ == "__main__":
    sys.exit(main())
