"""Every event of the results, as one build knows it: from the cache, or evaluated again.

:meth:`Events.find` lists the event folders and takes each folder's digest
(reading only the files whose stat changed, :meth:`.event_index.EventIndex.folder_files`).
An event whose inputs (its files, its people, the named variants, Podium's
code) and whose looks (:mod:`.looks`) are those its index entry names is
left alone: its header comes from the entry.  :meth:`Events.evaluate`
evaluates the others, one task per event, largest first, on every core
(:mod:`podium_core.workers`); every problem of every folder is collected.
An event's cache record (its files, its summary) is read only when a step
needs it (:meth:`Events.record_of`, :meth:`Events.summary_of`).
"""

from __future__ import annotations

import os
import pickle
from functools import partial
from pathlib import Path

from podium_core import workers
from podium_core.errors import Problems
from podium_core.modelling import read_registry
from podium_core.reading import event_folders, folder_size
from . import cache_keys, summary
from .cache import Store, sha256
from .event_index import EventIndex
from .file_stamps import Stamps
from .looks import Looks
from .urls import Urls


def event_name(slug: str, settings_digest: str) -> str:
    """An event's name in the cache: one record for each set of settings it is built
    with, so that ``make html`` and ``make publish`` (other settings) keep theirs."""
    return f"event-{slug}.{settings_digest[:16]}"


class Events:
    """The events of ``results`` in one build, by slug (folder order in :attr:`slugs`)."""

    def __init__(self, results: Path, store: Store, stamps: Stamps, looks: Looks, urls: Urls, language: str | None,
                 touched: set | None = None):
        self.results = results
        self.touched = touched  # the folders a watcher saw change since the last good build (None: unknown)
        self.store = store
        self.stamps = stamps
        self.looks = looks
        self.urls = urls
        self.language = language  # one UI language for every event, if set
        self.index = EventIndex(store, f"events.{looks.settings_digest[:16]}")
        self.slugs: list[str] = []
        self.folder_of: dict = {}  # slug -> its folder
        self.files_of: dict = {}  # slug -> the digest of its folder's files
        self.inputs: dict = {}  # slug -> the inputs key
        self.records: dict = {}  # slug -> the event's cache record, once read (None: none to trust)
        self.outcomes: dict = {}  # slug -> an event evaluated in this build (Evaluated)
        self.headers: dict = {}  # slug -> EventHeader
        self.summaries: dict = {}  # slug -> EventSummary (read from its record when a site page needs it)
        self._catalogue = None  # the named variants, once read (:attr:`catalogue`)

    def name(self, slug: str) -> str:
        return event_name(slug, self.looks.settings_digest)

    def find(self) -> tuple[list, list]:
        """Read the registry and the variants, take every event folder's digest: the
        slugs of the events to evaluate, and the problems found so far."""
        self.registry, problems = read_registry(self.results)
        self.registry_digest = cache_keys.digest(self.registry)
        self.variants = self.stamps.folder_files(self.results / "formats")
        self.index.parts = [cache_keys.code(), self.variants]
        if self.index.parts != self.index.parts_before:  # not the variants (or code) of the last good build
            problems += self._read_variants()
        changed = []
        for folder in event_folders(self.results):
            slug = folder.name
            self.slugs.append(slug)
            self.folder_of[slug] = folder
            self.files_of[slug] = self.index.folder_files(slug, folder, self.stamps,
                                                          untouched=self.touched is not None and slug not in self.touched)
            if not self._reuse(slug):
                changed.append(slug)
        return changed, problems

    @property
    def catalogue(self):
        """The named variants of ``RESULTS/formats/``
        (:class:`podium_core.formats.variants.Catalogue`), read once, when
        :meth:`find` finds them changed or an evaluation needs them: the last
        build that wrote its pages read the same files with the same code,
        without a problem."""
        if self._catalogue is None:
            self._read_variants()
        return self._catalogue

    def _read_variants(self) -> list:
        """Read the named variants (with the formats and systems they vary); their problems."""
        from podium_core.formats.variants import read_variants

        self._catalogue, problems = read_variants(self.results)
        return problems

    def _reuse(self, slug: str) -> bool:
        """The event is not evaluated again if its inputs (files, people, variants, code)
        and its looks (settings, code, translations) are those its index entry
        names: its header and key come from the entry."""
        entry = self.index.entry(slug)
        if entry is None:
            return False
        if entry.get("registry") == self.registry_digest:
            people = entry.get("people")
        else:  # players.yaml changed: the event's own people, from its record
            record = self.record_of(slug)
            if record is None or not isinstance(record.get("people"), list):
                return False
            people = cache_keys.people(self.registry, record["people"])
        inputs = self.index.known_inputs(slug, self.files_of[slug], people) \
            or cache_keys.inputs(self.files_of[slug], people, self.variants)
        if entry.get("inputs") != inputs or entry.get("shown") != self.looks.shown(entry.get("language")):
            return False
        header = summary.header_of_record(entry.get("header"), slug, self.urls)
        if header is None:
            return False
        self.inputs[slug], self.headers[slug] = inputs, header
        self.index.keep(slug, people=people, registry=self.registry_digest)
        return True

    def evaluate(self, slugs: list, problems: list, jobs: int, meanwhile=None) -> None:
        """Evaluate the event folders ``slugs`` (on ``jobs`` cores); raises Problems with
        every problem, in folder order.  The outcomes are kept for the processes
        that view and render them; when the evaluations run in forked processes,
        ``meanwhile()`` runs here once while they do."""
        if not slugs:
            if problems:
                raise Problems(list(problems))
            return
        problems = list(problems)
        found = {}
        folders = [self.folder_of[slug] for slug in slugs]
        forked = workers.forks(jobs, len(folders))
        work = partial(_evaluated, registry=self.registry, variants=self.catalogue, urls=self.urls,
                       language=self.language, store=self.store if forked else None, owner=os.getpid())
        for folder, (evaluated, event_problems) in workers.largest_first(work, folders, jobs, size=folder_size):
            if forked and meanwhile is not None:
                meanwhile()
                forked = False
            found[folder.name] = event_problems
            if evaluated is not None and not event_problems:
                slug = folder.name
                self.outcomes[slug] = evaluated
                self.headers[slug] = header = evaluated.header
                people = cache_keys.people(self.registry, header.player_ids)
                self.inputs[slug] = cache_keys.inputs(self.files_of[slug], people, self.variants)
                self.index.keep(slug, people=people, registry=self.registry_digest)
                self.records.pop(slug, None)
                self.summaries.pop(slug, None)
        for slug in slugs:
            problems += found.get(slug, [])
        if problems:
            raise Problems(problems)

    def outcome(self, slug: str):
        """The event's outcome: the one evaluated in this build, else evaluated now (an
        event only shown differently now, which was evaluated without a problem before)."""
        evaluated = self.outcomes.get(slug)
        outcome = evaluated.outcome() if evaluated is not None else None
        if outcome is None:
            outcome, problems = evaluate(self.folder_of[slug], self.registry, self.catalogue)
            if outcome is None or problems:
                raise RuntimeError(f"{slug}: evaluated without a problem before, not now: {problems}")
        return outcome

    def discard(self) -> None:
        """Forget every outcome of this build (what waits in the cache goes)."""
        for evaluated in self.outcomes.values():
            evaluated.discard()
        self.outcomes.clear()

    def size(self, slug: str) -> int:
        """About how much viewing and writing an event's pages takes: rounds (round,
        find and check pages), standings, and players (their pages are the heaviest);
        for an event not evaluated here, the files it wrote last time."""
        evaluated = self.outcomes.get(slug)
        if evaluated is None:
            return (self.index.entry(slug) or {}).get("count", 1)
        return evaluated.size

    def record_of(self, slug: str) -> dict | None:
        """The event's cache record (its files, its summary, its people), read once."""
        if slug not in self.records:
            record = self.store.record(self.name(slug))
            if record is not None and not (isinstance(record.get("files"), dict) and isinstance(record.get("key"), str)):
                record = None
            self.records[slug] = record
        return self.records[slug]

    def summary_of(self, slug: str) -> summary.EventSummary:
        """The event's summary: made in this build, or read from its record, where its
        digest must be the one the index names (one that is not: :class:`DamagedSummary`)."""
        found = self.summaries.get(slug)
        if found is None:
            known = self.index.entry(slug)["summary_digest"]
            record = self.record_of(slug)
            text = record.get("summary") if record is not None else None
            try:
                if not isinstance(text, str) or sha256(text.encode("utf-8")) != known:
                    raise ValueError("not the summary the index names")
                found = summary.loads(text)
            except (TypeError, ValueError):
                found = None
            if not isinstance(found, summary.EventSummary) or found.slug != slug:
                raise DamagedSummary(slug)
            found.cache_digest = known
            self.summaries[slug] = found
        return found

    def forget(self, slug: str) -> None:
        """Forget what the cache knew of the event (its record, its index entry)."""
        self.store.drop_record(self.name(slug))
        self.index.forget(slug)
        self.records.pop(slug, None)
        self.summaries.pop(slug, None)


def touched_folders(seen, results: Path) -> set | None:
    """The names of the folders of ``results`` in which a long-lived process's watcher saw
    a change since its last good build (``seen``: ``{"roots": the folders it watches,
    "changed": the paths it saw change}``, absolute, the ``PODIUM_SEEN_CHANGES`` setting);
    None, and every folder is looked at, when there is no such watcher or ``results``
    does not lie inside what it watches."""
    if not isinstance(seen, dict) or not isinstance(seen.get("roots"), list) or not isinstance(seen.get("changed"), list):
        return None
    results = Path(os.path.realpath(results))
    if not any(results == Path(root) or Path(root) in results.parents for root in map(os.path.realpath, seen["roots"])):
        return None
    touched = set()
    for path in map(os.path.realpath, seen["changed"]):
        try:
            parts = Path(path).relative_to(results).parts
        except ValueError:  # outside the results: the content, the theme
            continue
        if not parts:  # the results folder itself: every folder
            return None
        touched.add(parts[0])
    return touched


def evaluate(folder, registry, variants):
    """:func:`podium_core.pipeline.evaluate_event`, whose code (the engines, the
    loader) is loaded only by a build that evaluates an event."""
    from podium_core.pipeline import evaluate_event

    return evaluate_event(folder, registry, variants=variants)


class DamagedSummary(Exception):
    """An event's record in the cache holds a summary that does not read back."""

    def __init__(self, slug: str):
        super().__init__(slug)
        self.slug = slug


class Evaluated:
    """An event evaluated without a problem, as the build keeps it until its pages
    are made: its header, about how much work its pages are (:meth:`Events.size`)
    and its outcome.  Evaluated in a forked process, the outcome waits pickled
    in the cache's ``tmp/`` (``store``, for the build's process ``owner``)
    until the process that renders the event takes it: the build's own
    process neither holds every event's outcome nor spends its time
    unpickling them on the way."""

    def __init__(self, outcome, header, store: Store | None = None, owner: int = 0):
        self.header = header
        self.size = 3 * len(outcome.rounds) + len(outcome.standings) + 2 * len(outcome.event.players)
        self.store = store
        self._outcome = outcome if store is None else \
            store.keep_for_now(pickle.dumps(outcome, protocol=pickle.HIGHEST_PROTOCOL), owner)

    def outcome(self):
        """The outcome (taken from the cache, once, when it waits there); None if it is gone."""
        if self.store is None:
            return self._outcome
        data = self.store.take(self._outcome)
        return pickle.loads(data) if data is not None else None

    def discard(self) -> None:
        if self.store is not None:
            self.store.take(self._outcome)


def _evaluated(folder, registry, variants, urls: Urls, language: str | None, store: Store | None, owner: int):
    """:func:`~podium_core.pipeline.evaluate_event`, the outcome as :class:`Evaluated` (None with a problem)."""
    outcome, problems = evaluate(folder, registry, variants)
    if outcome is None or problems:
        return None, problems
    return Evaluated(outcome, summary.header_of_event(outcome, urls, language), store, owner), problems
