"""The ``podium`` command for organisers.

    podium validate [RESULTS]                  every problem of every file; exit 1 if any
    podium export RESULTS/<slug>               the event's JSON document on stdout
    podium pair RESULTS/<slug> [--write]       the next round's seating by the rules (re-seated)
    podium withdraw RESULTS/<slug> PLAYER      a withdrawal or absence, and the round re-seated
    podium enter RESULTS/<slug> [ROUND]        results typed in at the venue, table by table
    podium status RESULTS/<slug>               where the event stands and what to do next
    podium new <slug> --format ID              a new event folder, ready for round 1
    podium simulate RESULTS/<slug> [--rounds N] plausible results, for demos and tests

Problems are printed as ``path:line: message`` on stderr, never as a traceback.
"""

from __future__ import annotations

import argparse
import re
import sys

from .errors import Problems
from .formats import FORMAT_IDS
from .nextround import Finished, NotReady
from .roundedit import EditError
from .commands.enter import EntryError
from .commands.withdraw import WithdrawError
from .target import NotFound, event_folder


SLUG = re.compile(r"^[a-z0-9][a-z0-9-]*$")


class UsageError(Exception):
    """The command cannot do what was asked (the message says why)."""


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(prog="podium", description="Tournament results from YAML to a static site.")
    commands = parser.add_subparsers(dest="command", required=True)
    validate = commands.add_parser("validate", help="check every file of a results folder")
    validate.add_argument("results", nargs="?", default="results", help="a results folder, an event folder or one of its files")
    export = commands.add_parser("export", help="print an event's JSON document")
    export.add_argument("event", help="an event folder, e.g. results/my-event")
    modules = _command_modules()
    for module in modules.values():
        module.register(commands)
    new = commands.add_parser("new", help="create a new event folder")
    new.add_argument("slug", help="the event's slug (folder name): lowercase letters, digits, '-'")
    new.add_argument("--format", required=True, choices=FORMAT_IDS)
    new.add_argument("--results", default="results", help="the results folder (default: results)")
    new.add_argument("--players", type=int, default=8, help="how many placeholder players to list (default 8)")
    new.add_argument("--language", default="en", choices=("en", "lv", "lt", "pl", "hu"))
    sim = commands.add_parser("simulate", help="fill an event with plausible results")
    sim.add_argument("event", help="an event folder; created with --format and --players if missing")
    sim.add_argument("--seed", default="podium", help="random seed: the same seed gives the same files")
    sim.add_argument("--rounds", type=int, help="how many rounds to play (default: to the end)")
    sim.add_argument("--upcoming", action="store_true", help="then create the next round's file, seating only")
    sim.add_argument("--format", choices=FORMAT_IDS, help="with --players: create the event first")
    sim.add_argument("--players", type=int, help="with --format: how many players to invent")
    sim.add_argument("--language", default="en", choices=("en", "lv", "lt", "pl", "hu"))
    args = parser.parse_args(argv)
    try:
        if getattr(args, "event", None) is not None and args.command not in CREATING:
            args.event = event_folder(args.event)
        run = modules[args.command].run if args.command in modules else COMMANDS[args.command]
        return run(args)
    except (NotReady, Finished, UsageError, NotFound, WithdrawError, EntryError, EditError) as exc:
        print(f"podium {args.command}: {exc}", file=sys.stderr)
        return 0 if isinstance(exc, Finished) else 1
    except Problems as exc:
        for problem in exc.problems:
            print(problem, file=sys.stderr)
        count = len(exc.problems)
        print(f"{count} problem{'s' if count != 1 else ''} found", file=sys.stderr)
        return 1


def _validate(args) -> int:
    from .pipeline import evaluate_folder, evaluate_one
    from .target import NotFound, locate

    try:
        target = locate(args.results)
    except NotFound as exc:
        raise UsageError(str(exc)) from None
    if target.kind == "event":
        outcome = evaluate_one(target.folder)
        _print_notes([outcome])
        print(f"{outcome.event.slug}: valid")
        return 0
    outcomes, _ = evaluate_folder(target.folder)
    if not outcomes:
        raise UsageError(f"{target.folder} holds no event folders (each event is a folder with an event.yaml)")
    _print_notes(outcomes)
    print(f"{len(outcomes)} event{'s' if len(outcomes) != 1 else ''} valid")
    return 0


def _print_notes(outcomes) -> None:
    """One note per corrected round (podium.corrections): not a problem."""
    for outcome in outcomes:
        for correction in outcome.extra.get("corrections") or ():
            print(correction.note())


def _export(args) -> int:
    from .export import dumps, event_document
    from .pipeline import evaluate_one

    outcome = evaluate_one(args.event)
    sys.stdout.flush()
    sys.stdout.buffer.write(dumps(event_document(outcome)))
    return 0


def _command_modules():
    from importlib import import_module

    from .commands import MODULES

    return {name: import_module(f".commands.{name}", __package__) for name in MODULES}


def _write_atomically(path, text: str) -> None:
    from .files import write_atomically

    write_atomically(path, text)


def _new(args) -> int:
    from pathlib import Path

    from .nextround import file_name
    from .formats import get_format
    from .roundfile import round_text
    from .scaffold import event_template

    folder = Path(args.results) / args.slug
    if not SLUG.match(args.slug):
        raise UsageError(f"'{args.slug}' is not a valid slug: use lowercase letters, digits and '-'")
    if folder.exists():
        raise UsageError(f"{folder} exists already; nothing written")
    fmt = get_format(args.format)
    folder.mkdir(parents=True)
    _write_atomically(folder / "event.yaml", event_template(args.slug, args.format, args.players, args.language))
    first = fmt.first_round_header()
    _write_atomically(folder / file_name(first), round_text(first))
    print(f"created {folder}/event.yaml and {folder}/{file_name(first)}: list the players, then run podium pair {folder}")
    return 0


def _simulate(args) -> int:
    from pathlib import Path

    from .simulate import invent_players, new_event_yaml, simulate

    folder = Path(args.event)
    if not (folder / "event.yaml").exists():
        if not (args.format and args.players):
            raise UsageError(f"{folder} has no event.yaml: give --format and --players to create one")
        folder.mkdir(parents=True, exist_ok=True)
        people = invent_players(args.players, args.language, folder.name)
        if args.format == "tantrix-wc":
            for i, person in enumerate(people, 1):
                person["seed"] = i
        (folder / "event.yaml").write_text(new_event_yaml(folder.name.replace("-", " ").title(), args.format, people, language=args.language), "utf-8")
    written = simulate(folder, seed=args.seed, rounds=args.rounds, leave_upcoming=args.upcoming)
    for path in written:
        print(f"written: {path}")
    return 0


CREATING = {"simulate"}  # commands whose event folder may not exist yet
COMMANDS = {"validate": _validate, "export": _export, "new": _new, "simulate": _simulate}



if __name__ == "__main__":
    sys.exit(main())
