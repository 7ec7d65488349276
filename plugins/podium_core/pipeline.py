"""load -> validate -> engines: the one path shared by the site and the CLI.

``evaluate_folder`` returns every event's outcome or raises
:class:`~podium_core.errors.Problems` with every problem of every file, so that
``podium export``, ``podium validate`` and the site can never disagree.
"""

from __future__ import annotations

import logging
from pathlib import Path

from . import corrections, schedule
from .errors import Problem, Problems, Spot
from .loader import load_file
from .formats import declaration, get_format
from .formats.declarations import BUILTIN
from .formats.variants import Catalogue, read_variants
from .systems import player_field_problems
from .systems.base import check_numbering
from .systems.options import check_options, ranking_problems, rating_problems
from .outcome import EventOutcome
from .broken_files import checkable_part, numbered_rounds
from .roundfields import field_problems
from .results import ROUND_SUFFIX, event_folders, read_event_parts, read_registry

logger = logging.getLogger("podium")


def evaluate_event(folder, registry=None, pending=None, variants=None) -> tuple[EventOutcome | None, list[Problem]]:
    """Read one event folder and run its format's engines.

    ``variants``: the named variants of the results folder
    (:func:`~podium_core.formats.variants.read_variants`); read from the folder's
    parent when not given.  The event's format must be a built-in or one of
    them, and its ``options:`` must be the engine's.

    Every problem is found in one run: when some files are broken, the
    engines still check the rounds before the first broken one
    (:func:`podium_core.broken_files.checkable_part`); the outcome is then None.  A
    field the format does not take (:mod:`podium_core.roundfields`) is an error
    that leaves its round checked by the engines all the same.
    """
    event, problems, unread = read_event_parts(Path(folder), registry, pending)
    if event is None:
        return None, problems
    if variants is None:
        variants, _ = read_variants(Path(folder).parent)
    fmt, found = format_of(event, variants)
    problems += found
    if fmt is None:
        return None, problems
    problems += player_field_problems(fmt, event)
    misplaced = fmt.check_stages(event)
    problems += misplaced
    problems += schedule.check(event, fmt.stages(event))
    problems += check_numbering(numbered_rounds(fmt, event, unread, {p.path for p in misplaced}))
    refused = [p for rnd in event.rounds for p in field_problems(fmt, rnd.where.doc)]
    refused += [p for path, _stage, _number in unread for p in _unread_fields(fmt, path)]
    event, corrected = corrections.apply(event, [spec.id for spec in fmt.stages(event)])
    if problems:  # the engines run only on data that passed every general check
        part = checkable_part(fmt, event, unread, problems)
        if part is not None:
            problems += fmt.evaluate(part).problems
        problems += _unsaid(refused, problems)
        return None, problems + unit_problems(fmt, event, problems)
    outcome = fmt.evaluate(event)
    outcome.extra["corrections"] = corrections.with_moves(corrected, outcome.standings, corrections.evaluator(fmt, event))
    if refused or outcome.problems:
        problems = outcome.problems + _unsaid(refused, outcome.problems)
        return None if refused else outcome, problems + unit_problems(fmt, event, problems)
    return outcome, outcome.problems


def _unread_fields(fmt, path: str) -> list[Problem]:
    """The refused fields of a round file that failed its schema (it still loads)."""
    doc, _found = load_file(Path(path))
    return field_problems(fmt, doc) if doc is not None else []


def unit_problems(fmt, event, problems) -> list[Problem]:
    """The problems of each table, game or match on its own (VP, small points,
    scores: ``Format.unit_problems``) that ``problems`` does not hold yet: an
    engine stops at the first broken round, as the later ones would be judged
    against a wrong ranking, but a wrong value at a later table is found in
    the same run."""
    said = {(p.path, p.line, str(p.message)) for p in problems}
    found = []
    for rnd in event.rounds:
        for problem in fmt.unit_problems(rnd):
            key = (problem.path, problem.line, str(problem.message))
            if key not in said:
                said.add(key)
                found.append(problem)
    return found


def format_of(event, variants: Catalogue):
    """The event's format with its options, or None and the problems (an
    unknown format, an option the engine does not take or accept)."""
    try:
        decl = declaration(event.format, variants)
    except KeyError:
        if event.format in getattr(variants, "broken", ()):
            return None, []  # the variant's own file reports why
        known = ", ".join(list(BUILTIN) + sorted(variants))
        return None, [Problem(event.where.path, event.where.line("format"),
                              f"format: unknown format '{event.format}' (known: {known}; a variant is RESULTS/formats/<id>.yaml)")]
    options, problems = check_options(event.options, decl.system, event.where.at("options"))
    if problems:
        return None, problems
    fmt = get_format(event.format, options, variants)
    ranking = fmt.options.get("ranking")
    where = _ranking_where(event, decl, options)
    problems = ranking_problems(ranking, fmt.options, where) + rating_problems(ranking, event, where)
    if problems:
        return None, problems
    _note_some_ratings(event, ranking)
    return fmt, []


def _ranking_where(event, decl, options):
    """Where the event's ranking is written: its own ``options.ranking``, else
    the variant file that lists it, else the event's ``format:`` line."""
    if "ranking" in options:
        return event.where.at("options", "ranking")
    variant = decl.where
    if variant is not None and isinstance(variant.doc.data.get("options"), dict) and "ranking" in variant.doc.data["options"]:
        return variant.at("options", "ranking")
    return Spot(event.where.path, event.where.line("format"))


def _note_some_ratings(event, ranking) -> None:
    """A note (not an error) when the ranking uses ``rating`` and only some
    players have one: the others count 0."""
    if "rating" not in (ranking or ()):
        return
    unrated = [p for p in event.players if p.rating is None]
    if unrated and len(unrated) < len(event.players):
        first = unrated[0]
        logger.warning("%s:%s: note: %d of %d players have no rating: they count 0 for the criterion rating (first: '%s')",
                       first.where.path, first.where.line(), len(unrated), len(event.players), first.id)


def _unsaid(refused, problems) -> list[Problem]:
    """The refused fields that no other problem at their line names already."""
    def field(problem):
        return problem.message.split(":", 1)[0].rsplit(", ", 1)[-1]

    return [r for r in refused
            if not any(p.path == r.path and p.line == r.line and field(r) in p.message for p in problems)]


def evaluate_folder(results) -> tuple[list[EventOutcome], dict]:
    """Every event of a results folder, in slug order, and the registry of people.

    Raises :class:`Problems` with all problems of all files if there are any.
    """
    results = Path(results)
    if not results.is_dir():
        raise Problems([Problem(str(results), 1, "results folder not found")])
    registry, problems = read_registry(results)
    variants, found = read_variants(results)
    problems += found
    outcomes = []
    for folder in event_folders(results):
        outcome, found = evaluate_event(folder, registry, variants=variants)
        problems += found
        if outcome is not None:
            outcomes.append(outcome)
    if problems:
        raise Problems(problems)
    return outcomes, registry


def folder_size(folder: Path) -> int:
    """How much work an event folder is, roughly: the bytes of its YAML files
    (0 if the folder cannot be listed: reading it reports the problem)."""
    try:
        return sum(path.stat().st_size for path in Path(folder).iterdir() if path.suffix == ROUND_SUFFIX)
    except OSError:
        return 0


def evaluate_one(folder, pending=None) -> EventOutcome:
    """One event folder (with the registry of its parent folder); raises Problems.

    ``pending``: a round file to evaluate as if written (see ``read_event``)."""
    folder = Path(folder)
    if not (folder / "event.yaml").exists():
        raise Problems([Problem(str(folder), 1, "not an event folder (no event.yaml)")])
    registry, problems = read_registry(folder.parent)
    variants, found = read_variants(folder.parent)
    problems += found
    outcome, found = evaluate_event(folder, registry, pending, variants)
    problems += found
    if problems:
        raise Problems(problems)
    return outcome
