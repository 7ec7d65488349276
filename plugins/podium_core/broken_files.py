"""The part of an event that can still be checked when some of its files are broken.

A run reports every problem of every file at once.  When a round file
cannot be read, or breaks a rule every format shares (an unknown id, a
player seated twice), the engines cannot score that round nor anything that
depends on it; the rounds before it, in the format's order of stages and
rounds, are still checked by the engines, so their problems appear in the
same run.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from .errors import Problem, Spot


@dataclass(frozen=True)
class _Placeholder:
    """A broken round file's stage and round, for the numbering check only."""

    stage: str
    round: int
    where: object


def numbered_rounds(fmt, event, unread, skip_paths=frozenset()) -> list:
    """The rounds the numbering check sees: the event's and the broken files'
    (so a broken file is not a gap); none when a broken file's stage or round
    cannot be read, as any gap might be that file."""
    stages = {spec.id for spec in fmt.stages(event)}
    if any(file.stage is None or file.stage not in stages or file.round < 1 for file in unread):
        return []
    rounds = [r for r in event.rounds if r.where.path not in skip_paths]
    rounds += [_Placeholder(file.stage, file.round, Spot(file.path)) for file in unread]
    return rounds


def checkable_part(fmt, event, unread, problems):
    """The event cut before its first round with a problem, or None when
    nothing is left to check (the event file itself, or a round file whose
    place is unknown, is broken)."""
    bad = {p.path for p in problems}
    if event.where.path in bad:
        return None
    order = {spec.id: i for i, spec in enumerate(fmt.stages(event))}
    cuts = []
    for file in unread:
        if file.stage not in order:
            return None
        cuts.append((order[file.stage], file.round))
    for rnd in event.rounds:
        if rnd.where.path in bad:
            if rnd.stage not in order:
                return None
            cuts.append((order[rnd.stage], rnd.round))
    if not cuts:
        return None
    cut = min(cuts)
    kept = tuple(r for r in event.rounds if r.stage in order and (order[r.stage], r.round) < cut and r.where.path not in bad)
    return replace(event, rounds=kept)


def unit_problems(fmt, event, problems) -> list[Problem]:
    """The problems of each table, game or match on its own (VP, small points,
    scores: ``System.unit_problems``) that ``problems`` does not hold yet: an
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
