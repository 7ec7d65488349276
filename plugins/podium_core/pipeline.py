"""The one path shared by the site and the CLI: files, documents, models,
formats, engines.

Reading is one pass down, each step calling only the one below it:
:mod:`~podium_core.modelling` models an event from the documents
:mod:`~podium_core.validation` checked against their schemas, which
:mod:`~podium_core.reading` read from the files; then the event's format
(a declaration of :mod:`~podium_core.formats` over its system) is resolved
and its engine evaluates the event.

``evaluate_folder`` returns every event's outcome or raises
:class:`~podium_core.errors.Problems` with every problem of every file, so that
``podium export``, ``podium validate`` and the site can never disagree.
"""

from __future__ import annotations

import logging
from pathlib import Path

from . import corrections, schedule, timezones
from .attendance import Attendance
from .errors import Problem, Problems
from .formats import format_of
from .formats.variants import read_variants
from .systems import player_field_problems
from .systems.base import check_numbering
from .outcome import EventOutcome
from .broken_files import checkable_part, numbered_rounds, unit_problems
from .roundfields import field_problems
from .modelling import read_event, read_registry
from .reading import event_folders, up

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
    event, problems, unread = read_event(Path(folder), registry, pending)
    if event is None:
        return None, problems
    if variants is None:
        variants, _ = read_variants(up(folder))
    fmt, found = format_of(event, variants)
    problems += found
    if fmt is None:
        return None, problems
    event, corrected = corrections.apply(event, [spec.id for spec in fmt.stages(event)])
    misplaced = fmt.check_stages(event)
    problems += corrections.slips(event, corrected) + misplaced + player_field_problems(fmt, event) + field_problems_of(fmt, event)
    problems += check_numbering(numbered_rounds(fmt, event, unread, {p.path for p in misplaced}))
    problems += schedule.check(event, fmt.stages(event)) + timezones.check(event)
    refused = [p for doc in [r.where.doc for r in event.rounds] + [f.doc for f in unread if f.doc is not None]
               for p in field_problems(fmt, doc)]
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


def field_problems_of(fmt, event) -> list[Problem]:
    """The rules of the open field that need no engine
    (:meth:`podium_core.attendance.Attendance.problems`); its notes are logged."""
    attendance = Attendance(fmt, event)
    for note in attendance.notes():
        logger.warning("%s", note)
    return attendance.problems(fmt)


def _unsaid(refused, problems) -> list[Problem]:
    """The refused fields that no other problem at their line names already."""
    def field(problem):
        return problem.message.split(":", 1)[0].rsplit(", ", 1)[-1]

    at: dict = {}  # (path, line) -> the messages there: one look per refused field, however many problems
    for p in problems:
        at.setdefault((p.path, p.line), []).append(p.message)
    return [r for r in refused
            if not any(field(r) in message for message in at.get((r.path, r.line), ()))]


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


def evaluate_one(folder, pending=None) -> EventOutcome:
    """One event folder (with the registry of its parent folder); raises Problems.

    ``pending``: a round file to evaluate as if written (:func:`podium_core.modelling.read_event`)."""
    folder = Path(folder)
    if not (folder / "event.yaml").exists():
        raise Problems([Problem(str(folder), 1, "not an event folder (no event.yaml)")])
    registry, problems = read_registry(up(folder))
    variants, found = read_variants(up(folder))
    problems += found
    outcome, found = evaluate_event(folder, registry, pending, variants)
    problems += found
    if problems:
        raise Problems(problems)
    return outcome
