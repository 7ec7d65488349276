"""load -> validate -> engines: the one path shared by the site and the CLI.

``evaluate_folder`` returns every event's outcome or raises
:class:`~podium.errors.Problems` with every problem of every file, so that
``podium export``, ``podium validate`` and the site can never disagree.
"""

from __future__ import annotations

from functools import partial
from pathlib import Path

from .errors import Problem, Problems
from .formats import get_format
from .formats.base import check_numbering
from . import schedule
from .outcome import EventOutcome
from .results import ROUND_SUFFIXES, event_folders, read_event, read_registry
from .workers import map_in_order


def evaluate_event(folder, registry=None, pending=None) -> tuple[EventOutcome | None, list[Problem]]:
    """Read one event folder and run its format's engines."""
    event, problems = read_event(Path(folder), registry, pending)
    if event is None:
        return None, problems
    fmt = get_format(event.format, event.options)
    misplaced = fmt.check_stages(event)
    problems += misplaced
    problems += schedule.check(event, fmt.stages(event))
    problems += check_numbering(r for r in event.rounds if r.where.path not in {p.path for p in misplaced})
    if problems:  # the engines run only on data that passed every general check
        return None, problems
    outcome = fmt.evaluate(event)
    return outcome, outcome.problems


def evaluate_folder(results, jobs: int = 1, meanwhile=None, then=None) -> tuple[list[EventOutcome], dict]:
    """Every event of a results folder, in slug order, and the registry of people.

    Raises :class:`Problems` with all problems of all files if there are any.
    With ``jobs > 1`` the event folders are evaluated in that many processes
    (:func:`podium.workers.map_in_order`, the registry read once before);
    outcomes and problems are gathered in slug order all the same, so the
    result is the same as with one job.  ``meanwhile``: see
    :func:`~podium.workers.map_in_order`; ``then(outcome)``: called in this
    process for every outcome as soon as it is here, in no particular order
    (also when other folders turn out to have problems).
    """
    results = Path(results)
    if not results.is_dir():
        raise Problems([Problem(str(results), 1, "results folder not found")])
    registry, problems = read_registry(results)
    outcomes = []
    evaluated = map_in_order(partial(evaluate_event, registry=registry), event_folders(results), jobs,
                             cost=_yaml_bytes, meanwhile=meanwhile, then=then and partial(_each_outcome, then))
    for outcome, found in evaluated:
        problems += found
        if outcome is not None:
            outcomes.append(outcome)
    if problems:
        raise Problems(problems)
    return outcomes, registry


def _each_outcome(then, evaluated) -> None:
    outcome, _problems = evaluated
    if outcome is not None:
        then(outcome)


def _yaml_bytes(folder: Path) -> int:
    """How much work an event folder is, roughly: the bytes of its YAML files
    (0 if the folder cannot be listed: reading it reports the problem)."""
    try:
        return sum(path.stat().st_size for path in folder.iterdir() if path.suffix in ROUND_SUFFIXES)
    except OSError:
        return 0


def evaluate_one(folder, pending=None) -> EventOutcome:
    """One event folder (with the registry of its parent folder); raises Problems.

    ``pending``: a round file to evaluate as if written (see ``read_event``)."""
    folder = Path(folder)
    if not (folder / "event.yaml").exists():
        raise Problems([Problem(str(folder), 1, "not an event folder (no event.yaml)")])
    registry, problems = read_registry(folder.parent)
    outcome, found = evaluate_event(folder, registry, pending)
    problems += found
    if problems:
        raise Problems(problems)
    return outcome
