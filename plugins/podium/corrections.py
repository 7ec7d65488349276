"""Corrections that stand: a played round stays as played when an earlier result changes.

``podium pair --write`` records in the round file it seats what it was
seated from: ``seated_from: {qualifying-1: <digest>, ...}``, the digest of
the results of every earlier round (:func:`results_digest`).  When one of
those results is corrected later (a typo found after the next rounds were
played), the later rounds' seatings no longer match the rules as computed
from the corrected results.  Then, as in every Swiss program and FIDE C.04:

* a round seated by podium and **played** (it has results) stands as
  played: its seating is not checked against the rules again, and the
  rounds after it are ranked and seated from what was really played;
* a round seated by podium and **not played yet** is seated again: its
  seating is checked, and the problem says to run ``podium pair --write``;
* a round without ``seated_from`` (written by hand) is checked as always.

:func:`apply` marks the rounds (``Round.stands``, ``Round.stale``) before the
engines run and returns one note per corrected round, naming it, its
``correction:`` reason, and the rounds that stand as played.
"""

from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass, replace

UNIT_FIELDS = ("tables", "games", "matches", "absent", "withdrawn", "advance")


@dataclass(frozen=True)
class Correction:
    """A corrected round and the played rounds seated before the correction."""

    round: str  # slug, e.g. qualifying-1
    path: str
    reason: str | None
    standing: tuple  # slugs of the rounds that stand as played
    reseat: tuple  # slugs of the unplayed rounds to seat again

    def note(self) -> str:
        """The note ``podium validate`` prints: the corrected round, why, and
        what became of the rounds seated before it."""
        reason = f" ({self.reason})" if self.reason else ""
        parts = [f"note: {self.path}: {_words(self.round)} was corrected{reason} after "
                 f"{_and(self.standing + self.reseat)} {'was' if len(self.standing + self.reseat) == 1 else 'were'} seated"]
        if self.standing:
            parts.append(f"{_and(self.standing)} stand{'s' if len(self.standing) == 1 else ''} as played")
        if self.reseat:
            parts.append(f"{_and(self.reseat)} must be seated again: podium pair --write")
        return "; ".join(parts)


def _and(items) -> str:
    items = [_words(item) for item in items]
    return items[0] if len(items) == 1 else ", ".join(items[:-1]) + " and " + items[-1]


def _words(name: str) -> str:
    """``qualifying-2`` as the organiser says it: qualifying round 2."""
    stage, _, number = name.rpartition("-")
    return f"{stage} round {number}"


def slug(rnd) -> str:
    return f"{rnd.stage}-{rnd.round}"


def results_digest(rnd) -> str:
    """12 hex digits of SHA-256 over the round's results and attendance, as
    written (canonical JSON of its tables/games/matches, absent, withdrawn,
    advance): any change to them changes the digest."""
    data = rnd.where.doc.data if isinstance(rnd.where.doc.data, dict) else {}
    recorded = {key: data[key] for key in UNIT_FIELDS if key in data}
    text = json.dumps(recorded, sort_keys=True, ensure_ascii=False, separators=(",", ":"), default=str)
    return hashlib.sha256(text.encode("utf-8")).hexdigest()[:12]


def seated_from(rounds) -> dict:
    """The ``seated_from`` record of a round seated after ``rounds``."""
    return {slug(rnd): results_digest(rnd) for rnd in rounds}


def _played(rnd) -> bool:
    for unit in rnd.units or ():
        if getattr(unit, "scores", None) is not None or getattr(unit, "score", None) is not None \
                or getattr(unit, "games", None) or getattr(unit, "deals", None) or getattr(unit, "resigned", None):
            return True
    return False


def apply(event, stages=()):
    """The event with its rounds marked (see the module's text) and the
    corrections, the rounds named in the order of ``stages`` (the format's)."""
    by_slug = {slug(rnd): rnd for rnd in event.rounds}
    position = {stage: i for i, stage in enumerate(stages)}
    played_order = sorted(event.rounds, key=lambda r: (position.get(r.stage, len(position)), r.round))
    changed_by: dict = {}  # corrected slug -> [(later slug, played)]
    marked = {}
    for rnd in played_order:
        if not rnd.seated_from or not rnd.listed or rnd.manual:
            continue
        changed = [name for name, digest in rnd.seated_from
                   if name in by_slug and results_digest(by_slug[name]) != digest]
        if not changed:
            continue
        played = _played(rnd)
        marked[id(rnd)] = replace(rnd, stands=played, stale=not played)
        for name in changed:
            changed_by.setdefault(name, []).append((slug(rnd), played))
    corrections = [
        Correction(name, by_slug[name].where.path, by_slug[name].correction,
                   tuple(later for later, played in rounds if played), tuple(later for later, played in rounds if not played))
        for name, rounds in sorted(changed_by.items(), key=lambda item: by_slug[item[0]].where.path)
    ]
    return replace(event, rounds=tuple(marked.get(id(rnd), rnd) for rnd in event.rounds)), corrections

