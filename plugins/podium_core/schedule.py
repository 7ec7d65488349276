"""Round start times: the optional ``schedule`` of ``event.yaml``.

``schedule`` maps a round, written ``<stage>-<round>`` as in the round's URL
(``qualifying-1``, ``final-1``), to its start time at the venue,
``YYYY-MM-DD HH:MM`` (a ``T`` between date and time is accepted too).  The
time is the venue's wall-clock time: it carries no time zone, and the
iCalendar file writes it as such ("floating" time, RFC 5545 3.3.5).

The schema checks the shape; :func:`check` checks what a schema cannot: a
real calendar date and time, a stage of the event's format, and a round
that stage has.  Problems point at the line of the offending key or value.
"""

from __future__ import annotations

import datetime
import re

from .errors import Problem

KEY = re.compile(r"^(?P<stage>[a-z][a-z-]*?)-(?P<round>[1-9][0-9]*)$")
TIME = re.compile(r"^(\d{4})-(\d{2})-(\d{2})[ T](\d{2}):(\d{2})$")


def parse_time(text: str) -> datetime.datetime | None:
    """``2016-05-07 10:00`` as a naive datetime, or None when it is no real time."""
    found = TIME.match(str(text))
    if not found:
        return None
    try:
        return datetime.datetime(*(int(part) for part in found.groups()))
    except ValueError:
        return None


def entries(event) -> list:
    """``[(key, stage, round, text), ...]`` of the event's schedule, in file order."""
    found = []
    for key, text in (event.schedule or ()):
        match = KEY.match(key)
        if match:
            found.append((key, match["stage"], int(match["round"]), text))
    return found


def start_times(event) -> dict:
    """``{(stage, round): datetime}`` of every valid entry."""
    times = {}
    for _key, stage, number, text in entries(event):
        when = parse_time(text)
        if when is not None:
            times[(stage, number)] = when
    return times


def check(event, stages) -> list[Problem]:
    """Every schedule entry names a round the format has and gives a real time."""
    problems = []
    specs = {s.id: s for s in stages}
    where = event.where
    for key, stage, number, text in entries(event):
        spec = specs.get(stage)
        if spec is None:
            problems.append(Problem(where.path, where.line("schedule", key),
                                    f"schedule: '{key}' names no stage of {event.format} (its stages: {', '.join(specs)})"))
        elif spec.rounds is not None and number > spec.rounds:
            problems.append(Problem(where.path, where.line("schedule", key),
                                    f"schedule: {stage} has {spec.rounds} round(s); there is no round {number}"))
        if parse_time(text) is None:
            problems.append(Problem(where.path, where.line("schedule", key),
                                    f"schedule: '{text}' is not a date and time (YYYY-MM-DD HH:MM)"))
    return problems
