"""The ``podium`` command for organisers.

    podium validate [RESULTS]                  every problem of every file; exit 1 if any
                    [--format github|gitlab]   ... as CI annotations (podium_core.ci_reports)
                    [--content FOLDER]         where the rules pages are (default: content beside RESULTS)
    podium export [EVENT]                      the event's JSON document on stdout
    podium pair [EVENT] [--write]              the next round's seating by the rules (re-seated)
    podium withdraw [EVENT] PLAYER             a withdrawal (--absent: one absence), and the round re-seated
    podium join [EVENT] ID --name NAME         a late entrant, from the next unplayed round, re-seated
    podium enter [EVENT] [ROUND] [--table N]   results typed in at the venue, table by table (--table: again)
    podium status [EVENT]                      where the event stands and what to do next
    podium players import FILE [EVENT]         a registration sheet's players (CSV, TSV) into event.yaml
    podium new <slug> --format ID              a new event folder, ready for round 1
    podium simulate RESULTS/<slug> [--rounds N] plausible results, for demos and tests
    podium formats [RESULTS]                   the built-in formats and the folder's variants

EVENT is an event folder, ``results/<slug>``, or one of its files; without
it, the folder the command runs in.  RESULTS defaults to ``results``, or
to the event folder the command runs in.

Problems are printed as ``path:line: message`` on stderr, never as a traceback;
a file the system will not read or write (a full disk, a read-only or
missing folder) is one line and exit status 1.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from . import interrupts
from .printable import printable


class UsageError(Exception):
    """The command cannot do what was asked (the message says why)."""


def main(argv=None) -> int:
    """The ``podium`` command; Ctrl-C or SIGTERM at any point after Python started
    it ends it in one line, exit 130 or 143 (:mod:`podium_core.interrupts`): the
    commands' modules are imported only here, inside that guard; the console
    command (:mod:`podium_core.console`) guards this module's own import too."""
    with interrupts.handled():
        try:
            return _main(argv)
        except KeyboardInterrupt as exc:
            return interrupts.stopped(exc)


def _main(argv) -> int:
    from .errors import Problems
    from .formats import FORMAT_IDS
    from .nextround import Finished, NotReady
    from .roundedit import EditError
    from .commands.enter import EntryError
    from .commands.players import ImportRefused
    from .commands.field import FieldError
    from .changes import Busy
    from .cli_paths import NotFound, event_folder

    parser = argparse.ArgumentParser(prog="podium", description="Tournament results from YAML to a static site.")
    commands = parser.add_subparsers(dest="command", required=True)
    validate = commands.add_parser("validate", help="check every file of a results folder, and the rules pages its events name")
    validate.add_argument("results", nargs="?", help="a results folder, an event folder or one of its files "
                                                    "(default: results, or the event folder you are in)")
    validate.add_argument("--format", default="text", choices=("text", "github", "gitlab"),
                          help="text: path:line: message (default); github: workflow commands; gitlab: code quality JSON")
    validate.add_argument("--content", metavar="FOLDER",
                          help="the site's content folder, whose pages/ hold the rules pages that events name "
                               "(rules: <slug>); default: the folder content beside the results folder")
    export = commands.add_parser("export", help="print an event's JSON document")
    export.add_argument("event", nargs="?", default=".", help="an event folder, e.g. results/my-event (default: the folder you are in)")
    modules = _command_modules()
    for module in modules.values():
        module.register(commands)
    new = commands.add_parser("new", help="create a new event folder")
    new.add_argument("slug", help="the event's slug (folder name): lowercase letters, digits, '-'")
    new.add_argument("--format", required=True, metavar="ID",
                     help=f"a built-in format ({', '.join(FORMAT_IDS)}) or a variant of RESULTS/formats/")
    new.add_argument("--results", default="results", help="the results folder (default: results)")
    new.add_argument("--players", type=int, default=8, help="how many placeholder players to list (default 8)")
    new.add_argument("--language", default="en", choices=("en", "lv", "lt", "pl", "hu"))
    sim = commands.add_parser("simulate", help="fill an event with plausible results")
    sim.add_argument("event", help="an event folder; created with --format and --players if missing")
    sim.add_argument("--seed", default="podium", help="random seed: the same seed gives the same files")
    sim.add_argument("--rounds", type=int, help="how many rounds to play (default: to the end)")
    sim.add_argument("--upcoming", action="store_true", help="then create the next round's file, seating only")
    sim.add_argument("--open-field", action="store_true",
                     help="players come and go: a late entrant and an absence in round 2, a withdrawal in round 3 "
                          "(a knockout: a walkover in round 2)")
    sim.add_argument("--format", metavar="ID", help="with --players: create the event first (a built-in format or a variant)")
    sim.add_argument("--players", type=int, help="with --format: how many players to invent")
    sim.add_argument("--language", default="en", choices=("en", "lv", "lt", "pl", "hu"))
    formats = commands.add_parser("formats", help="list the built-in formats and the variants of a results folder")
    formats.add_argument("results", nargs="?", default="results")
    args = parser.parse_args(argv)
    try:
        if getattr(args, "event", None) is not None and args.command not in CREATING:
            if args.command == "enter" and args.round is None and _round_file(args.event):
                args.round = Path(args.event).name  # podium enter qualifying-02.yaml, in the event folder
            args.event = event_folder(args.event)
        run = modules[args.command].run if args.command in modules else COMMANDS[args.command]
        return run(args)
    except (NotReady, Finished, UsageError, NotFound, FieldError, EntryError, EditError, ImportRefused, Busy) as exc:
        print(f"podium {args.command}: {printable(exc)}", file=sys.stderr)
        return 0 if isinstance(exc, Finished) else 1
    except Problems as exc:
        for problem in exc.problems:
            print(problem, file=sys.stderr)
        count = len(exc.problems)
        print(f"{count} problem{'s' if count != 1 else ''} found", file=sys.stderr)
        return 1
    except OSError as exc:  # the system refused a read or a write: a full disk, a read-only folder, a bad path
        print(f"podium {args.command}: {printable(os_error_text(exc))}", file=sys.stderr)
        return 1


def _round_file(path) -> bool:
    """Whether ``path`` names a round file (a YAML file beside an event.yaml)."""
    path = Path(path)
    return path.is_file() and path.name != "event.yaml" and (path.parent / "event.yaml").is_file()


def os_error_text(exc: OSError) -> str:
    """One line for an ``OSError``: what the system said, and the path."""
    what = exc.strerror or str(exc) or type(exc).__name__
    return f"{what}: {exc.filename}" if exc.filename else what


def _validate(args) -> int:
    from .cli_paths import NotFound, locate
    from .errors import Problems

    if args.results is None:
        args.results = "." if Path("event.yaml").is_file() or not Path("results").is_dir() else "results"
    try:
        target = locate(args.results)
    except NotFound as exc:
        raise UsageError(str(exc)) from None
    if args.content is not None and not Path(args.content).is_dir():
        raise UsageError(f"{args.content} is not a folder (--content names the site's content folder)")
    if args.format != "text":
        return _validate_for_ci(target, args.format, args.content)
    _recover(target)
    outcomes, problems, unchecked = _checked(target, args.content)
    if unchecked:
        print(unchecked)
    if problems:
        raise Problems(problems)
    if target.kind == "event":
        _print_notes(outcomes)
        print(f"{outcomes[0].event.slug}: valid")
        return 0
    if not outcomes:
        raise UsageError(f"{target.folder} holds no event folders (each event is a folder with an event.yaml)")
    _print_notes(outcomes)
    print(f"{len(outcomes)} event{'s' if len(outcomes) != 1 else ''} valid")
    return 0


def _checked(target, content) -> tuple[list, list, str | None]:
    """The outcomes of the target's events, every problem of their files and of
    their rules pages (:mod:`podium_core.rules_pages`), and a note when the rules pages
    could not be checked (no content folder)."""
    from .errors import Problems
    from .rules_pages import content_folder, rules_problems
    from .pipeline import evaluate_folder, evaluate_one
    from .reading import event_folders, up

    try:
        outcomes = [evaluate_one(target.folder)] if target.kind == "event" else evaluate_folder(target.folder)[0]
        problems = []
    except Problems as exc:
        outcomes, problems = [], exc.problems
    if target.kind == "event":
        results, folders = up(target.folder), [target.folder]
    else:
        results = target.folder
        folders = event_folders(results)
    content = Path(content) if content is not None else content_folder(results)
    found, why = rules_problems([folder / "event.yaml" for folder in folders
                                 if (folder / "event.yaml").is_file()], content)
    unchecked = None if why is None else f"note: rules pages not checked: {why}"
    return outcomes, problems + found, unchecked


def _validate_for_ci(target, report: str, content) -> int:
    """The problems as a CI service reads them, on stdout (see :mod:`podium_core.ci_reports`); the count on stderr."""
    from .ci_reports import WRITERS
    from .errors import Problems

    _recover(target, sys.stderr)
    outcomes, problems, unchecked = _checked(target, content)
    if unchecked:
        print(unchecked, file=sys.stderr)
    if problems:
        problems = Problems(problems).problems  # in reading order, as the text report gives them
        outcomes = ()
    sys.stdout.write(WRITERS[report](problems))
    count = len(problems)
    if count:
        print(f"{count} problem{'s' if count != 1 else ''} found", file=sys.stderr)
        return 1
    print(f"{len(outcomes)} event{'s' if len(outcomes) != 1 else ''} valid", file=sys.stderr)
    return 0


def _recover(target, stream=None) -> None:
    """What a podium command killed half-way left in the results folder, put back
    (:func:`podium_core.changes.recover`), with a note saying so."""
    from .changes import recover
    from .reading import up

    note = recover(up(target.folder) if target.kind == "event" else target.folder)
    if note is not None:
        print(note, file=stream or sys.stdout)


def _print_notes(outcomes) -> None:
    """One note per current correction (podium_core.corrections): not a
    problem.  A correction is current until a round seated from the corrected
    results is played; older ones stay on the event's corrections page."""
    for outcome in outcomes:
        for correction in outcome.extra.get("corrections") or ():
            if correction.current:
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


def _new(args) -> int:
    from .changes import all_or_none
    from .files import make_folder, write_atomically
    from .nextround import file_name
    from .roundfile import round_text
    from .scaffold import event_template

    from .reading import RESERVED_SLUGS, SLUG

    folder = Path(args.results) / args.slug
    if not SLUG.fullmatch(args.slug):
        raise UsageError(f"{args.slug!r} is not a valid slug: use lowercase letters, digits and '-'")
    if args.slug in RESERVED_SLUGS:
        raise UsageError(f"'{args.slug}' is the name of a folder of the site itself: choose another slug")
    if folder.exists():
        raise UsageError(f"{folder} exists already; nothing written")
    fmt = _format_of_folder(args.results, args.format)
    _check_field_size(args.players, fmt)
    first = fmt.first_round_header()
    with all_or_none(args.results):  # the folder with both files, or nothing
        make_folder(folder)
        write_atomically(folder / "event.yaml", event_template(args.slug, fmt, args.players, args.language))
        write_atomically(folder / file_name(first), round_text(first))
    print(f"created {folder}/event.yaml and {folder}/{file_name(first)}: list the players (or podium players import "
          f"FILE {folder}), then run podium pair {folder}")
    return 0


def _simulate(args) -> int:
    from .changes import all_or_none
    from .files import make_folder, write_atomically
    from .reading import up
    from .simulate import invent_players, new_event_yaml, simulate

    folder = Path(args.event)
    if args.rounds is not None and args.rounds < 0:
        raise UsageError(f"--rounds {args.rounds}: give how many rounds to play, 0 or more; nothing written")
    created = not (folder / "event.yaml").exists()
    if created:
        if not (args.format and args.players):
            raise UsageError(f"{folder} has no event.yaml: give --format and --players to create one")
        fmt = _format_of_folder(up(folder), args.format)
        _check_field_size(args.players, fmt)
    with all_or_none(up(folder)):  # every round it plays, or none
        if created:
            make_folder(folder)
            entrants = fmt.entrants(args.players)  # the fields the system numbers or completes its field with
            people = [{**person, **fields} for person, fields in
                      zip(invent_players(len(entrants), args.language, folder.name), entrants)]
            write_atomically(folder / "event.yaml", new_event_yaml(folder.name.replace("-", " ").title(), args.format,
                                                                   people, language=args.language))
        written = simulate(folder, seed=args.seed, rounds=args.rounds, leave_upcoming=args.upcoming,
                           open_field=args.open_field)
    for path in written:
        print(f"written: {path}")
    return 0


def _check_field_size(players: int, fmt) -> None:
    """``--players`` must give a field event.yaml may list (its schema's bounds,
    with what the format adds to complete the field)."""
    from .schemas import schema

    bounds = schema("event")["properties"]["players"]
    low, high = bounds["minItems"], bounds["maxItems"]
    if not low <= players <= high or len(fmt.entrants(players)) > high:
        raise UsageError(f"--players {players}: an event lists from {low} to {high} players; nothing written")


def _format_of_folder(results, format_id: str):
    """The format ``format_id``: a built-in or a variant of ``results/formats/``."""
    from .errors import Problems
    from .formats import FORMAT_IDS, get_format
    from .formats.variants import read_variants

    variants, problems = read_variants(results)
    if problems:
        raise Problems(problems)
    try:
        return get_format(format_id, None, variants)
    except KeyError:
        known = ", ".join(list(FORMAT_IDS) + sorted(variants))
        raise UsageError(f"unknown format '{format_id}' (known: {known})") from None


def _formats(args) -> int:
    from .formats.listing import listing

    print(listing(Path(args.results)))
    return 0


CREATING = {"simulate"}  # commands whose event folder may not exist yet
COMMANDS = {"validate": _validate, "export": _export, "new": _new, "simulate": _simulate, "formats": _formats}


if __name__ == "__main__":
    from podium_core.console import run

    run()
