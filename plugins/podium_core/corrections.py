"""Corrections that stand: a played round stays as played when an earlier result changes.

``podium pair --write`` records in the round file it seats what it was
seated from (:func:`seated_from`)::

    seated_from:
      qualifying-1: {digest: 0c1d2e3f4a5b, results: {1: "10 8 7 5", 2: "9 10 9 9"}}
      standings: {qualifying-1: [maris, anna-berzina, ...]}

per earlier round the digest of its results (:func:`results_digest`),
its ``correction:`` reason when it has one (``correction: "..."`` beside
the digest), and each played table's result in seat order
(:func:`result_text`), and the order of the standings the seating rests on.  A digest alone
(``qualifying-1: 0c1d2e3f4a5b``) is read as well: the round is then known
to have changed, not what it held.  When one of those results is corrected
later (a typo found after the next rounds were played), the later rounds'
seatings no longer match the rules as computed from the corrected results.
Then, as in every Swiss program and FIDE C.04:

* a round seated by podium and **played** (it has results) stands as
  played: its seating is not checked against the rules again, and the
  rounds after it are ranked and seated from what was really played;
* a round seated by podium and **not played yet** is seated again: its
  seating is checked, and the problem says to run ``podium pair --write``;
* a round without ``seated_from`` (written by hand) is checked as always.

:func:`apply` marks the rounds (``Round.stands``, ``Round.stale``) before the
engines run and returns one :class:`Correction` per corrected round: its
``correction:`` reason, the rounds that stand as played, and each table
whose recorded result differs from the file (old and new result);
:func:`with_moves` adds, once the engines ran, which players the
correction moved in the standings the later rounds were seated from.

A changed round must say why: ``correction: "reason"`` in its file.
Without it the change is taken for a slip (a result typed over by
accident) and :func:`slips` makes it an error naming the changed tables.
A reason confirms one change: a round changed again since a later round
was seated from its corrected results, with the reason that round
recorded, is a slip too (a second edit after the correction was
published); a new or extended reason confirms the new change.
A correction's note is current (:attr:`Correction.current`) until a round
seated from the corrected results is played.

A round corrected more than once has a history (:func:`history`): the
later rounds that recorded it, in round order, were seated from one
version of its results or another.  Each version is the results as one or
more later rounds were seated from them, then the results as they are;
each :class:`Step` from one version to the next is one correction, with
the tables it changed and the players it moved in the standings the
rounds of the older version were seated from.  Those standings are
compared with the same standings as the next version has them: recorded
by a round seated from it, computed by the engines from it (the event
with the corrected round's results as that version held them), or, for
the results as they are, the event's own standings.
"""

from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass, field, replace
from functools import lru_cache

from .errors import Problem
from .model import Game, MatchGame, Table
from .modelling import check_event
from .schemas import schema

UNIT_FIELDS = ("tables", "games", "matches", "absent", "withdrawn", "advance")


@dataclass(frozen=True)
class Correction:
    """A corrected round and the played rounds seated before the correction."""

    round: str  # slug, e.g. qualifying-1
    path: str
    reason: str | None
    standing: tuple  # slugs of the rounds that stand as played
    reseat: tuple  # slugs of the unplayed rounds to seat again
    changes: tuple = ()  # Change per table whose result differs from the record
    recorded: bool = True  # whether the record held the old results (not a digest alone)
    moves: tuple = ()  # Moves per standings table the later rounds were seated from
    steps: tuple = ()  # Step per correction, oldest first (one when corrected once)
    current: bool = True  # no round seated from the results as they are was played yet

    def note(self) -> str:
        """The note ``podium validate`` prints: the corrected round, why, what
        each correction changed, and what became of the rounds seated before it."""
        reason = f" ({self.reason})" if self.reason else ""
        parts = [f"note: {self.path}: {_words(self.round)} was corrected{reason} after "
                 f"{_and(self.standing + self.reseat)} {'was' if len(self.standing + self.reseat) == 1 else 'were'} seated"]
        if len(self.steps) > 1:
            parts.extend(f"after {_and(step.seated)} {'was' if len(step.seated) == 1 else 'were'} seated: "
                         + _change_words(step.changes) for step in self.steps if step.changes)
        else:
            changes = self.steps[0].changes if self.steps else self.changes
            if changes:
                parts.append(_change_words(changes))
        if self.standing:
            parts.append(f"{_and(self.standing)} stand{'s' if len(self.standing) == 1 else ''} as played")
        if self.reseat:
            parts.append(f"{_and(self.reseat)} must be seated again: podium pair --write")
        return "; ".join(parts)


@dataclass(frozen=True)
class Change:
    """A table (game, match) whose result differs from what a later round was seated from."""

    unit: int  # table or match number
    players: tuple  # in seat order
    old: str | None  # None: no result was recorded then
    new: str | None  # None: the result is gone
    word: str = "table"  # table | match


@dataclass(frozen=True)
class Moves:
    """The players a correction moved in one standings table: ((id, old place, new place), ...)."""

    standing: str  # e.g. qualifying-1 (stage-after round), with " <group>" for a group's table
    moved: tuple


@dataclass(frozen=True)
class Step:
    """One correction of a round: from the results the rounds ``seated`` were
    seated from to those the rounds ``then`` were seated from (``now``: the
    newer results are the round's results as they are; ``then`` is empty
    when no round was seated from them yet)."""

    seated: tuple  # slugs of the later rounds seated from the older results
    then: tuple  # slugs of the later rounds seated from the newer results
    now: bool  # whether the newer results are the round's results as they are
    changes: tuple = ()  # Change per table the correction changed
    recorded: bool = True  # whether both versions' results are known (not a digest alone)
    moves: tuple = ()  # Moves: the orders recorded by ``seated``, then (:func:`with_moves`) who moved
    reason: str | None = None  # the round's correction: reason as ``seated`` recorded it
    newer: dict | None = field(default=None, repr=False, compare=False)  # the newer results, to compute standings from
    orders: tuple = field(default=(), repr=False, compare=False)  # (standings, ids) recorded by ``then``


@dataclass(frozen=True)
class Version:
    """The results of a round as the later rounds ``rounds`` were seated from them."""

    digest: str
    results: dict | None  # None: a digest alone was recorded
    rounds: tuple = ()
    orders: tuple = ()  # (standings name, ids) recorded by those rounds, each name once
    reason: str | None = None  # the round's correction: reason as those rounds recorded it


def _change_words(changes) -> str:
    return "; ".join(f"{c.word} {c.unit}: {c.old or 'no result'} → {c.new or 'no result'}" for c in changes)


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


def unit_number(unit) -> int:
    return getattr(unit, "match", None) or unit.table


def result_text(unit) -> str | None:
    """A unit's result as the organiser writes it, None while it has none:
    the VP or small points in seat order (``10 8 7 5``, with ``winner <id>``
    when the file names one; a Baśka protocol's totals), the two Carcassonne
    scores (``112 98``, with ``forfeit <id>`` and a declared ``winner <id>``),
    or the Tantrix games (``+5, -18`` margins of the first player or
    ``24:19`` scores, ``penalty a/b``; ``, `` between games), then a status
    other than NORMAL and who resigned (``; RESIGN <id>``)."""
    if isinstance(unit, Table):
        scores = unit.scores
        if scores is None and unit.deals is not None:
            from .systems.baska.engine import score_deals
            _deals, scores, _problems = score_deals(unit)
        if scores is None:
            return None
        text = " ".join(str(v) for v in scores)
        return text + (f" winner {unit.winner}" if unit.winner else "")
    if isinstance(unit, Game):
        if unit.score is None and unit.forfeit is None:
            return None
        text = " ".join(str(v) for v in unit.score) if unit.score is not None else "-"
        return text + (f" forfeit {unit.forfeit}" if unit.forfeit else "") + (f" winner {unit.winner}" if unit.winner else "")
    games = []
    for game in unit.games:
        text = f"{game.score[0]}:{game.score[1]}" if game.score is not None else f"{game.margin:+d}"
        if any(game.penalty):
            text += f" penalty {game.penalty[0]}/{game.penalty[1]}"
        games.append(text)
    if not games and unit.status != "RESIGN":  # nothing played yet, whatever the status says
        return None
    text = ", ".join(games)
    if unit.status != "NORMAL":
        text += f"; {unit.status}" + (f" {unit.resigned}" if unit.resigned else "")
    return text.lstrip("; ")


def round_results(rnd) -> dict:
    """Unit number -> result text of each unit of ``rnd`` that has a result."""
    found = {}
    for unit in rnd.units or ():
        text = result_text(unit)
        if text is not None:
            found[unit_number(unit)] = text
    return found


def seated_from(rounds, standings=()) -> dict:
    """The ``seated_from`` record of a round seated after ``rounds``, from the
    ``standings`` tables given (the latest ones: the order it rests on)."""
    record = {}
    for rnd in rounds:
        results = round_results(rnd)
        record[slug(rnd)] = {"digest": results_digest(rnd), **({"correction": rnd.correction} if rnd.correction else {}),
                             **({"results": results} if results else {})}
    order = {standing_name(s): [row.player for row in s.rows] for s in standings}
    if order:
        record["standings"] = order
    return record


def standing_name(standing) -> str:
    """``qualifying-2`` for the standings after qualifying round 2 (`` A`` after it for group A)."""
    name = f"{standing.stage}-{standing.after_round}"
    return f"{name} {standing.group}" if standing.group else name


def latest_standings(standings) -> list:
    """The last standings table computed, with its other groups' tables of the same round."""
    if not standings:
        return []
    last = standings[-1]
    return [s for s in standings if (s.stage, s.after_round) == (last.stage, last.after_round)]


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
    changed_by: dict = {}  # corrected slug -> [(later round, played)]
    marked = {}
    for rnd in played_order:
        if not rnd.seated_from or not rnd.listed or rnd.manual:
            continue
        recorded = dict(rnd.seated_results)
        changed = [name for name, digest in rnd.seated_from
                   if name in by_slug and results_digest(by_slug[name]) != digest
                   and _corrected(by_slug[name], recorded.get(name))]
        if not changed:
            continue
        played = _played(rnd)
        marked[id(rnd)] = replace(rnd, stands=played, stale=not played)
        for name in changed:
            changed_by.setdefault(name, []).append((rnd, played))
    corrections = []
    seated = [rnd for rnd in played_order if rnd.seated_from and rnd.listed and not rnd.manual]
    for name, rounds in sorted(changed_by.items(), key=lambda item: by_slug[item[0]].where.path):
        corrected = by_slug[name]
        old = _recorded(name, [later for later, _played_ in rounds])
        steps = _steps(corrected, history(corrected, seated))
        since = steps[-1].then if steps else ()
        corrections.append(Correction(
            name, corrected.where.path, corrected.correction,
            tuple(slug(later) for later, played in rounds if played),
            tuple(slug(later) for later, played in rounds if not played),
            changes=_changes(corrected, old) if old is not None else (), recorded=old is not None,
            moves=tuple(_recorded_orders(later for later, _played_ in rounds)),
            steps=steps, current=not any(_played(by_slug[later]) for later in since if later in by_slug)))
    return replace(event, rounds=tuple(marked.get(id(rnd), rnd) for rnd in event.rounds)), corrections


def slips(event, corrections) -> list[Problem]:
    """A change not confirmed by a reason is taken for a slip (a result
    typed over by accident): one problem per such round, at its first
    changed table, naming every changed table and how to confirm a real
    correction.  Unconfirmed is a change without ``correction:``, or one
    made since the last round seated from the round's results
    (:func:`repeated`) while its reason is still the one that round
    recorded.  A confirmed correction is no problem (:meth:`Correction.note`)."""
    by_slug = {slug(rnd): rnd for rnd in event.rounds}
    problems = []
    for correction in corrections:
        again = repeated(correction)
        if (correction.reason and not again) or correction.round not in by_slug:
            continue
        rnd = by_slug[correction.round]
        step = correction.steps[-1] if correction.steps else None
        changes = step.changes if step is not None else correction.changes
        seated = (step.seated if step is not None else ()) or correction.standing + correction.reseat
        units = {unit_number(unit): unit for unit in rnd.units or ()}
        first = next((units[c.unit] for c in changes if c.unit in units), None)
        line = first.where.line() if first is not None else rnd.where.line()
        what = _change_words(changes) if changes else "its results differ from those they were seated from"
        were = "was" if len(seated) == 1 else "were"
        if again:
            said = (f"{_words(correction.round)} changed again after {_and(seated)} {were} seated from its corrected "
                    f"results ({what}), and correction: \"{correction.reason}\" is the reason {_and(seated)} recorded: "
                    f"if this is a further correction, confirm it with a new or extended reason, e.g. "
                    f"correction: \"{correction.reason}; what was wrong now\", in this file (it is then published on "
                    f"the corrections page); if not, put the results back")
        else:
            said = (f"{_words(correction.round)} changed after {_and(seated)} {were} "
                    f"seated from it ({what}): if this is a correction, confirm it with correction: \"what was wrong\" "
                    f"in this file (it is then published on the corrections page); if not, put the results back")
        problems.append(Problem(correction.path, line, said))
    return problems


def repeated(correction) -> bool:
    """Whether the round changed since the last round seated from its
    results (no round was seated from them as they are) while its
    ``correction:`` reason is the one that round recorded: the reason
    confirmed the change before, not this one."""
    step = correction.steps[-1] if correction.steps else None
    return step is not None and not step.then and step.reason is not None and step.reason == correction.reason


def _corrected(earlier, recorded) -> bool:
    """Whether a result a later round was seated from changed or is gone.  A
    result entered since at a table that had none (a knockout round seated
    match by match) corrects nothing; with a digest alone any change counts."""
    if recorded is None:
        return True
    return bool(_corrected_units(dict(recorded), round_results(earlier), earlier.matches is not None))


_UNDECIDED = ("", "TLATER", "TIMMED", "NONAGR", "UNSURE")


def _goes_on(old: str, new: str | None) -> bool:
    """Whether a match's result ``new`` only adds games to ``old``, played
    while it was undecided: the games of ``old`` come first, unchanged."""
    if new is None:
        return False
    games, _, status = old.partition("; ")
    if status.split(" ")[0] not in _UNDECIDED:
        return False
    now = new.partition("; ")[0].split(", ")
    return bool(games) and now[:len(games.split(", "))] == games.split(", ")


def history(corrected, later) -> list:
    """The versions of ``corrected``'s results, oldest first, as the ``later``
    rounds (in round order) that recorded it were seated from them, the last
    one its results as they are (with the rounds seated from those, if any).
    Rounds seated from the same results share a version: the same digest, or
    results of which none was corrected since (:func:`_corrected_units`)."""
    name = slug(corrected)
    matches = corrected.matches is not None
    versions = []
    for rnd in later:
        digest = dict(rnd.seated_from).get(name)
        if digest is None:
            continue
        results = dict(rnd.seated_results).get(name)
        version = Version(digest, dict(results) if results is not None else None, (slug(rnd),), rnd.seated_standings,
                          dict(rnd.seated_reasons).get(name))
        if versions and _same(versions[-1], version, matches):
            versions[-1] = _merged(versions[-1], version)
        else:
            versions.append(version)
    now = Version(results_digest(corrected), round_results(corrected))
    if versions and _same(versions[-1], now, matches):
        now = replace(now, rounds=versions.pop().rounds)
    return versions + [now]


def _same(older: Version, newer: Version, matches: bool) -> bool:
    if older.digest == newer.digest:
        return True
    if older.results is None or newer.results is None:
        return False
    return not _corrected_units(older.results, newer.results, matches)


def _merged(older: Version, newer: Version) -> Version:
    """One version seen by both: the later record's results (they may hold
    more of a knockout round) and reason, every standings order recorded, each once."""
    names = {name for name, _ids in older.orders}
    return Version(newer.digest, newer.results if newer.results is not None else older.results,
                   older.rounds + newer.rounds, older.orders + tuple(o for o in newer.orders if o[0] not in names),
                   newer.reason)


def _corrected_units(old: dict, new: dict, matches: bool) -> list:
    """The unit numbers whose result in ``old`` is changed or gone in ``new``
    (a match's games played on from an undecided result change nothing)."""
    return [number for number, text in sorted(old.items())
            if new.get(number) != text and not (matches and _goes_on(text, new.get(number)))]


def _steps(corrected, versions) -> tuple:
    """One :class:`Step` per pair of successive versions."""
    players = {unit_number(unit): tuple(unit.players) for unit in corrected.units or ()}
    word = "match" if corrected.matches is not None else "table"
    steps = []
    for older, newer in zip(versions, versions[1:]):
        known = older.results is not None and newer.results is not None
        changes = tuple(Change(number, players.get(number, ()), older.results[number], newer.results.get(number), word)
                        for number in _corrected_units(older.results, newer.results, word == "match")) if known else ()
        steps.append(Step(older.rounds, newer.rounds,
                          newer is versions[-1], changes, known,
                          tuple(Moves(name, ids) for name, ids in older.orders), older.reason, newer.results, newer.orders))
    return tuple(steps)


def _recorded(name: str, later) -> dict | None:
    """The results of round ``name`` as the last of the ``later`` rounds that
    recorded them saw them (None when only digests were recorded)."""
    found = None
    for rnd in later:
        results = dict(rnd.seated_results).get(name)
        if results is not None:
            found = dict(results)
    return found


def _changes(rnd, old: dict) -> tuple:
    """Every unit of ``rnd`` whose result differs from ``old``, in unit order."""
    new = round_results(rnd)
    players = {unit_number(unit): tuple(unit.players) for unit in rnd.units or ()}
    word = "match" if rnd.matches is not None else "table"
    return tuple(Change(number, players.get(number, ()), old.get(number), new.get(number), word)
                 for number in sorted(set(old) | set(new)) if old.get(number) != new.get(number))


def _recorded_orders(later):
    """The standings orders the later rounds were seated from, each once
    (``Moves`` with the old order; :func:`with_moves` compares them)."""
    seen = set()
    for rnd in later:
        for name, ids in rnd.seated_standings:
            if name not in seen:
                seen.add(name)
                yield Moves(name, ids)


def with_moves(corrections, standings, evaluate=None) -> list:
    """The corrections with, per recorded standings order, the players whose
    place differs in the standings computed now: (id, old place, new place).

    Each step gets the same against the standings of its newer version:
    computed now for the last, else recorded by a round seated from it, else
    ``evaluate(round slug, results)`` (the standings of the event with that
    round's results as given; None when they cannot be computed)."""
    now = _orders(standings)
    done = []
    for correction in corrections:
        steps = []
        for step in correction.steps:
            if step.now:
                newer = now
            else:
                newer = dict(step.orders)
                if evaluate is not None and step.newer is not None \
                        and any(m.standing not in newer for m in step.moves):
                    newer = {**_orders(evaluate(correction.round, step.newer) or ()), **newer}
            steps.append(replace(step, moves=_moved(step.moves, newer)))
        done.append(replace(correction, moves=_moved(correction.moves, now), steps=tuple(steps)))
    return done


def _orders(standings) -> dict:
    return {standing_name(s): [row.player for row in s.rows] for s in standings}


def _moved(recorded_orders, orders: dict) -> tuple:
    """Per recorded order, the players whose place in ``orders`` differs."""
    moves = []
    for recorded in recorded_orders:
        current = orders.get(recorded.standing)
        if current is None:
            continue
        place = {pid: i for i, pid in enumerate(current, start=1)}
        moved = tuple((pid, i, place[pid]) for i, pid in enumerate(recorded.moved, start=1)
                      if pid in place and place[pid] != i)
        if moved:
            moves.append(Moves(recorded.standing, moved))
    return tuple(moves)


def evaluator(fmt, event):
    """``evaluate`` for :func:`with_moves`: the standings the format's engines
    compute for ``event`` with one round's results replaced by recorded
    ones; None when a recorded result cannot be read back, or breaks a rule
    a round file's result would be held to (the checks every format shares,
    :func:`podium_core.modelling.check_event`, and the format's own of each unit)
    before the engines rank it, or when the engines find a problem."""
    def evaluate(name: str, results: dict):
        rounds = []
        for rnd in event.rounds:
            if slug(rnd) == name:
                rnd = with_results(rnd, results)
                if rnd is None or fmt.unit_problems(rnd):
                    return None
            rounds.append(rnd)
        replaced = replace(event, rounds=tuple(rounds))
        if check_event(replaced):
            return None
        outcome = fmt.evaluate(replaced)
        return None if outcome.problems else outcome.standings
    return evaluate


def with_results(rnd, results: dict):
    """``rnd`` with each unit's result read back from ``results`` (unit number
    -> :func:`result_text`; a unit not in it has no result), or None when a
    text is not one :func:`result_text` writes."""
    units = []
    for unit in rnd.units or ():
        unit = read_result(unit, results.get(unit_number(unit)))
        if unit is None:
            return None
        units.append(unit)
    key = "tables" if rnd.tables is not None else "games" if rnd.games is not None else "matches"
    return replace(rnd, **{key: tuple(units)})


def read_result(unit, text: str | None):
    """``unit`` holding the result ``text`` (as :func:`result_text` writes it;
    a Baśka protocol comes back as its totals), None if ``text`` is not one:
    whole numbers only, and a text :func:`result_text` writes back the same."""
    try:
        if isinstance(unit, Table):
            found = _read_table(unit, text)
        elif isinstance(unit, Game):
            found = _read_game(unit, text)
        else:
            found = _read_match(unit, text)
    except (ValueError, IndexError):
        return None
    return found if result_text(found) == text else None


def _number(text: str) -> int:
    """A whole number as :func:`result_text` writes one (a sign, then at most 9 digits)."""
    digits = text[1:] if text[:1] in "+-" else text
    if not digits.isascii() or not digits.isdigit() or len(digits) > 9:
        raise ValueError(text)
    return int(text)


def _tail(words: list, key: str):
    """The value after ``key`` at the end of ``words`` (removed), or None."""
    if len(words) >= 2 and words[-2] == key:
        value = words[-1]
        del words[-2:]
        return value
    return None


def _read_table(unit, text):
    if text is None:
        return replace(unit, scores=None, winner=None, deals=None)
    words = text.split(" ")
    winner = _tail(words, "winner")
    scores = tuple(_number(w) for w in words)
    if len(scores) != len(unit.players):
        raise ValueError(text)
    return replace(unit, scores=scores, winner=winner, deals=None)


def _read_game(unit, text):
    if text is None:
        return replace(unit, score=None, forfeit=None, winner=None)
    words = text.split(" ")
    winner = _tail(words, "winner")
    forfeit = _tail(words, "forfeit")
    score = None if words == ["-"] else tuple(_number(w) for w in words)
    if score is not None and len(score) != 2:
        raise ValueError(text)
    return replace(unit, score=score, forfeit=forfeit, winner=winner)


def _read_match(unit, text):
    if text is None:
        return replace(unit, games=(), status="NORMAL", resigned=None)
    played, _, status = text.rpartition("; ") if "; " in text else (text, "", "")
    if not status and played.split(" ")[0].isupper():  # a status alone: "RESIGN b"
        played, status = "", played
    games = []
    for game in filter(None, played.split(", ")):
        words = game.split(" ")
        penalty = _tail(words, "penalty")
        penalty = tuple(_number(v) for v in penalty.split("/")) if penalty else (0, 0)
        if len(words) != 1 or len(penalty) != 2:
            raise ValueError(text)
        if ":" in words[0]:
            score = tuple(_number(v) for v in words[0].split(":"))
            if len(score) != 2:
                raise ValueError(text)
            games.append(MatchGame(unit.where, score=score, penalty=penalty))
        else:
            games.append(MatchGame(unit.where, margin=_number(words[0]), penalty=penalty))
    state, _, resigned = status.partition(" ")
    if state and state not in _match_statuses():
        raise ValueError(text)
    return replace(unit, games=tuple(games), status=state or "NORMAL", resigned=resigned or None)


@lru_cache(maxsize=None)
def _match_statuses() -> frozenset:
    """The statuses a round file's match may have (the round schema's), read once."""
    return frozenset(schema("round")["$defs"]["match"]["properties"]["status"]["enum"])
