"""The Podium generator: Pelican's two verbs, and only what changed.

:class:`PodiumGenerator` is an ordinary Pelican generator.  Made with the
others, it only reads its settings.  Then:

``generate_context()``
    Every event folder is hashed, reading only the files whose stat changed
    (:mod:`.file_stamps`).  An event whose inputs (files, people, variants,
    code) and whose translations and settings are those of its cached
    record is not loaded any further; the others are evaluated (one task
    per event, largest first, on every core: :mod:`podium_core.workers`).
    Every page gets the events' headers (``podium_events``,
    :class:`.summary.EventHeader`) and the site menu; what Pelican knows
    (the menu, the rules pages, the URLs of the site-wide pages) joins each
    event's key.  Problems in the results, a missing rules page or a
    setting that is no number are logged as errors, one ``path:line:
    message`` each (as Pelican logs what it cannot read), and Podium then
    writes and removes nothing: its pages stay as the last good build left
    them.  ``pelican --fatal errors`` stops the build on them;
    ``make html``, ``make serve`` and ``make publish`` always do.

``generate_output(writer)``
    The events whose key changed, or whose pages asked for a template that
    changed since (:mod:`.template_use`), are viewed and rendered, in
    processes forked then; every page is written by the writer Pelican
    hands the generator, so other plugins' ``content_written`` receivers
    see each page at its final path.  Podium's other files (``event.json``,
    CSV, feeds, its stylesheets) it writes itself, whole (:mod:`.output`).
    An event whose pages are all in this output folder already is left
    alone; one whose pages are missing there (a new output folder) gets
    them from the cache, each file only when its digest checks out
    (:mod:`.cache`), else rendered again.  The site-wide pages (home,
    people, search, feed) are made from the events' summaries
    (:mod:`.summary`), each under the digest of what it shows.  Files
    Podium wrote into this output before and not now are removed.

When other plugins listen to ``content_written`` (a sitemap, say), the
pages Podium leaves in place are announced to them too, at their paths in
the output, so that such a plugin sees the whole site whatever this build
had to write.

A warm build therefore writes the same bytes as a cold one.

Settings: ``PODIUM_RESULTS`` (the results folder, default ``results``),
``PODIUM_LANGUAGE`` (one UI language for every event, e.g. an English
mirror of the site; default: each event speaks its own ``language``),
``PODIUM_JOBS`` (processes at once, default: every usable core),
``PODIUM_PAGE_SIZES`` (items on one page of a long list, by kind: :mod:`.paging`),
``PODIUM_TEMPLATE_CACHE`` (keep compiled templates in ``CACHE_PATH``,
default True: :mod:`.template_bytecode`) and the ``PODIUM_*_URL`` /
``PODIUM_*_SAVE_AS`` pairs of :mod:`.urls`.
"""

from __future__ import annotations

import copy
import hashlib
import logging
import os
import pickle
import time
from dataclasses import replace
from functools import partial
from pathlib import Path

from pelican import signals
from pelican.generators import Generator

from podium_core import workers
from podium_core.changes import unfinished
from podium_core.errors import Problem, Problems
from podium_core.export import dumps
from podium_core.formats.variants import read_variants
from podium_core.modelling import read_registry
from podium_core.pipeline import evaluate_event
from podium_core.reading import event_folders, folder_size
from podium_core.rules_pages import missing_rules
from . import cache_keys, extensions, i18n, output, paging, progress, static, summary, template_bytecode, translations
from .cache import Store, sha256
from .file_stamps import MARGIN, Stamps
from .places import shown_results
from .template_use import RecordingLoader, sources, unchanged
from .urls import Urls
from .views import event_view

logger = logging.getLogger(__name__)

OUTPUT_RECORDS = 8  # the output folders whose records are kept (make html keeps two, make publish one)
PAGE, DATA = "page", "data"  # how a file of an event reaches the output: Pelican's writer, or Podium's own write


def event_name(slug: str, settings_digest: str) -> str:
    """An event's name in the cache: one record for each set of settings it is built
    with, so that ``make html`` and ``make publish`` (other settings) keep theirs."""
    return f"event-{slug}.{settings_digest[:16]}"


def most_recent_first(events) -> list:
    """Events (headers or summaries) by their last date, the most recent first; by slug on a tie."""
    ordered = sorted(events, key=lambda e: e.slug)
    ordered.sort(key=lambda e: e.last_date, reverse=True)
    return ordered


class PodiumGenerator(Generator):
    """Writes the results pages of every event and the site-wide pages, only what changed."""

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.env.autoescape = True  # names come from data files: always escaped
        settings = self.settings
        self.urls = Urls(settings)
        self.results = Path(settings.get("PODIUM_RESULTS") or "results")
        self.language = settings.get("PODIUM_LANGUAGE")  # one UI language for every event, if set
        self.site_language = settings.get("DEFAULT_LANG", "en")
        self.relative_urls = settings.get("RELATIVE_URLS", False)
        self.store = Store(settings.get("CACHE_PATH") or "cache")
        self.problems: list = []
        self.slugs: list[str] = []
        self.inputs: dict = {}  # slug -> the inputs key
        self.records: dict = {}  # slug -> the event's cache record, once read (None: none to trust)
        self.outcomes: dict = {}  # slug -> an event evaluated in this build (Evaluated)
        self.headers: dict = {}  # slug -> EventHeader
        self.summaries: dict = {}  # slug -> EventSummary (read from its record when a site page needs it)
        self.keys: dict = {}  # slug -> the key of its pages, known in generate_context
        self.shown_by_language: dict = {}

    # -- context -----------------------------------------------------------------------

    def generate_context(self):
        """Evaluate what changed and give every page the events' headers; problems are
        logged, and then Podium writes nothing (see the module docstring)."""
        self.context["podium_events"] = []
        try:
            self._read_settings()
            self._evaluate_changed()
            self._add_to_context()
        except Problems as exc:
            for evaluated in self.outcomes.values():  # nothing is rendered: what waits in the cache goes
                evaluated.discard()
            self.outcomes.clear()
            self.problems = list(exc.problems)
            for problem in self.problems:
                logger.error("%s", problem)
            count = len(self.problems)
            logger.error("%d problem%s found in the results; Podium wrote nothing", count, "s" if count != 1 else "")
            self.context["podium_events"] = []

    def _read_settings(self) -> None:
        settings = self.settings
        try:
            self.jobs = setting_number(settings, "PODIUM_JOBS", int, 0) or workers.usable_cores()
            self.page_sizes = paging.sizes(settings)
        except ValueError as exc:
            raise Problems([str(exc)]) from None
        self.settings_digest = cache_keys.settings(settings)
        self.shown_base = cache_keys.digest(self.settings_digest, cache_keys.code())
        record = self.store.record("translations")
        self.translation_digests = dict(record["languages"]) if record and isinstance(record.get("languages"), dict) else {}

    def event_name(self, slug: str) -> str:
        return event_name(slug, self.settings_digest)

    def shown(self, language: str) -> str:
        """The key of how pages in ``language`` look: settings, code, translations
        (worked out once a build for each language); the templates are checked
        apart, each event's own (:mod:`.template_use`)."""
        language = language or "en"
        found = self.shown_by_language.get(language)
        if found is None:
            found = self.shown_by_language[language] = cache_keys.digest(self.shown_base, self._translations(language))
        return found

    def _translations(self, language: str) -> str:
        """:func:`.cache_keys.translations`, taken again only when the catalog file's
        modification time or size is not the one the digest was taken at (the
        cache's ``translations`` record): reading a catalog takes longer than a
        build that has nothing to do."""
        path = i18n.LOCALE_DIR / f"{language}.po"
        try:
            info = path.stat()
            stamp = [str(path), info.st_mtime_ns, info.st_size]
        except OSError:
            return cache_keys.translations(language)
        known = self.translation_digests.get(language)
        if isinstance(known, list) and len(known) == 2 and known[0] == stamp and isinstance(known[1], str):
            return known[1]
        found = cache_keys.translations(language)
        self.translation_digests[language] = [stamp, found]
        self.store.keep_record("translations", languages=self.translation_digests)
        return found

    def _evaluate_changed(self) -> None:
        """Hash every event folder; evaluate those the cache cannot vouch for (raises Problems)."""
        if not self.results.is_dir():
            raise Problems([Problem(str(self.results), 1, "results folder not found")])
        half_changed = unfinished(self.results)  # a podium command at work, or killed half-way
        if half_changed is not None:
            raise Problems([half_changed])
        self.store.tidy()
        self.stamps = Stamps(self.store)  # file digests, reading only the files whose stat changed
        recording = self.env.loader if isinstance(self.env.loader, RecordingLoader) and self.env.auto_reload else None
        self.recording = recording  # None: every event depends on every template
        self.template_sources = sources(self.env, self.stamps.file_digest)  # before anything is rendered
        self.templates_digest = cache_keys.digest(self.template_sources)
        self.registry, problems = read_registry(self.results)
        self.registry_digest = cache_keys.digest(self.registry)
        self.catalogue, found = read_variants(self.results)  # the named variants, read once
        problems += found
        self.variants = self.stamps.folder_files(self.results / "formats")
        self.index = EventIndex(self.store, f"events.{self.settings_digest[:16]}")
        self.folder_of = {}
        self.files_of = {}
        changed = []
        for folder in event_folders(self.results):
            slug = folder.name
            self.slugs.append(slug)
            self.folder_of[slug] = folder
            self.files_of[slug] = self.index.folder_files(slug, folder, self.stamps)
            if not self._reuse(slug):
                changed.append(slug)
        self.statics = [[path, self.stamps.file_digest(source, _stat(source))] for path, source in static.sources()]
        self.stamps.save()
        self._evaluate(changed, problems)

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
        inputs = cache_keys.inputs(self.files_of[slug], people, self.variants)
        if entry.get("inputs") != inputs or entry.get("shown") != self.shown(entry.get("language")):
            return False
        header = summary.header_of_record(entry.get("header"), slug, self.urls)
        if header is None:
            return False
        self.inputs[slug], self.headers[slug] = inputs, header
        self.index.keep(slug, people=people, registry=self.registry_digest)
        return True

    def record_of(self, slug: str) -> dict | None:
        """The event's cache record (its files, its summary, its people), read once."""
        if slug not in self.records:
            record = self.store.record(self.event_name(slug))
            if record is not None and not (isinstance(record.get("files"), dict) and isinstance(record.get("key"), str)):
                record = None
            self.records[slug] = record
        return self.records[slug]

    def summary_of(self, slug: str) -> summary.EventSummary:
        """The event's summary: made in this build, or read from its record, where its
        digest must be the one the index names (one that is not is made again)."""
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

    def _evaluate(self, slugs: list, problems: list | None = None) -> None:
        """Evaluate the event folders ``slugs`` (on every core); raises Problems with
        every problem, in folder order.  The outcomes are kept for the processes
        that view and render them (:meth:`_write_event`); when those will be
        forked, this process compiles the pages' templates meanwhile, once for
        all of them (:func:`.template_bytecode.load_pages`)."""
        problems = list(problems or [])
        found = {}
        folders = [self.folder_of[slug] for slug in slugs]
        forked = workers.forks(self.jobs, len(folders))
        work = partial(_evaluated, registry=self.registry, variants=self.catalogue, urls=self.urls,
                       language=self.language, store=self.store if forked else None, owner=os.getpid())
        for folder, (evaluated, event_problems) in workers.largest_first(work, folders, self.jobs, size=folder_size):
            if forked:  # while the other processes evaluate: the templates their pages will need
                template_bytecode.load_pages(self.env)
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

    def _add_to_context(self) -> None:
        pages = {}
        for page in list(self.context.get("pages", [])) + list(self.context.get("hidden_pages", [])):
            pages.setdefault(page.slug, page)
        default_lang = self.site_language
        missing = []
        self.rules_pages = {}  # slug -> the event's rules page, in its language when translated
        for slug in self.slugs:
            ev = self.headers[slug]
            if ev.rules:
                problem = missing_rules(self.folder_of[slug] / "event.yaml", ev.rules, pages, self.settings["PATH"])
                if problem is not None:
                    missing.append(problem)
                else:  # shown inside the event (extensions.rules)
                    self.rules_pages[slug] = translations.in_language(pages[ev.rules], ev.language, default_lang)
                    ev.rules_url = self.urls.url("event_rules", slug=slug)
        if missing:
            raise Problems(missing)
        home_page = pages.get(self.settings.get("PODIUM_HOME_PAGE", "home"))
        # the languages pages are written in: the site's own and every event's
        self.languages = sorted({default_lang} | {self.headers[slug].language for slug in self.slugs})
        menu_pages = [page for page in self.context.get("pages", []) if page.template != "rules"]
        menus = translations.menus(menu_pages, self.languages, default_lang)  # the site menu in every language
        self.page_translations = translations.translations_of(pages.values())
        self.context["podium_events"] = most_recent_first(self.headers.values())
        self.context["podium_home_page"] = home_page
        self.context["podium_menu"] = menus[default_lang]  # the site menu of every page (base.html)
        self.context["podium_menus"] = menus
        self.context["podium_site_url"] = self.settings.get("SITEURL", "")  # absolute in a published build
        self.context["podium_results"] = shown_results(self.results)  # as the organisers' commands name it
        # URLs of the site-level pages every page links (people, search)
        self.site_urls = extensions.merged("site_urls", self.context["podium_events"], self.urls, self.registry)
        self.context["podium_people_url"] = self.site_urls.get("people")
        self.context["podium_search_url"] = self.site_urls.get("search")
        self.context["podium_search_urls"] = {lang: self.urls.url("search_lang", lang=lang) for lang in self.languages
                                              if lang != default_lang and "search" in self.site_urls}
        # what every page takes from Pelican and from the other events
        self.site_key = cache_keys.digest("site", {lang: [list(link) for link in links] for lang, links in menus.items()},
                                          self.site_urls, self.context["podium_search_urls"], bool(self.slugs),
                                          sorted([p.slug, p.title, p.url, p.template] for p in pages.values()))
        self.home_key = cache_keys.digest(home_page.title, _content(home_page)) if home_page is not None else ""
        for slug in self.slugs:
            self.keys[slug] = cache_keys.digest("pages", self.inputs[slug], self.shown(self.headers[slug].language),
                                                self.site_key, self.headers[slug].rules_url,
                                                _page_key(self.rules_pages.get(slug)),
                                                None if self.recording is not None else self.templates_digest)

    def _still_right(self, slug: str) -> bool:
        """The event's cached pages are still right: the same key, and the templates they asked for unchanged."""
        entry = self.index.entry(slug)
        return entry.get("key") == self.keys[slug] and self.index.templates_unchanged(entry, self.template_sources)

    # -- output ------------------------------------------------------------------------

    def generate_output(self, writer):
        """Every event's pages that changed (on every core), the site's own pages, and
        the removal of what Podium wrote into this output before and not now; nothing
        at all when generate_context found problems."""
        if self.problems:
            return
        try:
            self._generate_output(writer)
        except DamagedSummary as damaged:  # a record whose summary does not read back: that event again
            logger.warning("the build cache held a damaged summary of %s: it is made again", damaged.slug)
            self.store.drop_record(self.event_name(damaged.slug))
            self.index.forget(damaged.slug)
            self.records.pop(damaged.slug, None)
            self._render([damaged.slug])
            self._generate_output(writer)

    def _generate_output(self, writer):
        self.output_path = os.path.abspath(self.output_path)
        os.makedirs(self.output_path, exist_ok=True)
        self.writer = writer
        self.known_folders: set = set()  # output folders made sure of (:func:`.output.make_way`)
        self.written = self._written_record()
        self.written_before = copy.deepcopy(self.written) if self.written_known else None
        events = self.written["events"]
        render = [slug for slug in self.slugs if slug in self.outcomes or not self._still_right(slug)]
        kept = [slug for slug in self.slugs if slug not in render]
        # what changed first: the pages a preview waits for; then pages missing from this output
        self._render(render)
        missing = [slug for slug in kept if events.get(slug) != [self.event_name(slug), self.keys[slug]]
                   or not self._in_output(slug)]
        again = [slug for slug in missing if not self._restore(slug)]
        self._render(again)
        if signals.content_written.receivers:  # other plugins see every page of the site
            for slug in kept:
                if slug not in again:
                    self._announce(slug)
        self.outcomes.clear()  # the events' pages are made: the site-wide pages read only summaries
        self._write_site()
        for slug in sorted(set(events) - set(self.slugs)):  # events that are gone
            self._remove_event(slug, events.pop(slug))
        for name in self.store.record_names("event-"):
            if name[len("event-"):].split(".")[0] not in self.folder_of:
                self.store.drop(name)
        self.index.save(self.slugs)
        if self.written != self.written_before:
            self.store.keep_record(self.written_name, path=self.output_path, **self.written)
            self.store.keep_record(self.at_path_name, path=self.output_path, **self.written)

    # -- what this output holds --------------------------------------------------------

    def _written_record(self) -> dict:
        """What Podium wrote into this output folder before (:mod:`.output`): for each
        event [its cache name, the key of its pages there], and the site-wide pages'
        keys.  The record belongs to the folder itself (its device and inode), so it
        follows the folder when ``make html`` swaps it in or out.  A folder the
        cache does not know (a new one, or a copy restored from elsewhere) gets
        every event written into it; what the last folder at its path held is
        removed from it where it is stale, whatever happened to the inodes."""
        folder = output.identity(self.output_path)
        self.written_name = f"output-{folder[0]}-{folder[1]}"
        at_path = hashlib.sha256(self.output_path.encode("utf-8", "surrogateescape")).hexdigest()[:32]
        self.at_path_name = f"output-at-{at_path}"
        record = self.store.record(self.written_name)
        known = record is not None
        if not known:
            record = self.store.record(self.at_path_name)
        events = record.get("events") if record else None
        site = record.get("site") if record else None
        if not isinstance(events, dict) or not isinstance(site, dict):
            events, site = {}, {}
        events = {slug: entry for slug, entry in events.items()
                  if isinstance(entry, list) and len(entry) == 2 and all(isinstance(part, str) for part in entry)}
        self.store.keep_newest("output-", OUTPUT_RECORDS, self.written_name)
        self.written_known = known
        if not known:  # nothing in it can be vouched for: every event is written again, stale files still go
            events = {slug: [entry[0], ""] for slug, entry in events.items()}
            site = {"paths": {path: ["", ""] for path in site.get("paths", {})}} if isinstance(site.get("paths"), dict) \
                else {}
        return {"events": events, "site": site}

    def _in_output(self, slug: str) -> bool:
        """The event's first file is in the output folder, a file (its pages were not removed since)."""
        first = self.index.entry(slug).get("first")
        return not first or output.is_file(self.output_path, first)

    def _restore(self, slug: str) -> bool:
        """An unchanged event's files put into this output from the cache; False, and
        nothing written, when any of them is missing or does not check out."""
        record, name = self.record_of(slug), self.event_name(slug)
        if record is None or record.get("key") != self.keys[slug]:
            return False
        files = {}
        for path, entry in record["files"].items():
            if not (isinstance(entry, list) and len(entry) == 2 and entry[1] in (PAGE, DATA)):
                return False
            data = self.store.file(name, entry[0])
            if data is None:
                return False
            files[path] = (entry[1], data)
        for path in sorted(files):
            kind, data = files[path]
            self._put(path, kind, data)
        self._forget_stale(slug, set(files))
        self.written["events"][slug] = [name, self.keys[slug]]
        return True

    def _put(self, path: str, kind: str, data: bytes) -> None:
        """One file of an event, kept in the cache, copied into the output whole (a page announced)."""
        output.write(self.output_path, path, data, self.known_folders)
        if kind == PAGE and signals.content_written.receivers:
            signals.content_written.send(os.path.join(self.output_path, path), context=self.context)

    def _announce(self, slug: str) -> None:
        """``content_written`` for each page of an event left in place."""
        record = self.record_of(slug)
        for path, entry in sorted(record["files"].items() if record is not None else ()):
            if isinstance(entry, list) and len(entry) == 2 and entry[1] == PAGE:
                signals.content_written.send(os.path.join(self.output_path, path), context=self.context)

    def _forget_stale(self, slug: str, now: set) -> None:
        """Remove the files the event had in this output before that it has no more."""
        before = self.written["events"].get(slug)
        if before is None:
            return
        record = self.store.record(before[0])
        old = record.get("old_files") if record is not None and before[1] != record.get("key") else None
        paths = set(record["files"]) if record is not None and isinstance(record.get("files"), dict) else set()
        if isinstance(old, dict) and old.get("key") == before[1] and isinstance(old.get("paths"), list):
            paths |= set(old["paths"])
        for path in sorted(paths - now):
            output.remove(self.output_path, path)

    def _remove_event(self, slug: str, entry: list) -> None:
        """Remove the files of an event that is gone from this output."""
        record = self.store.record(entry[0])
        if record is None or not isinstance(record.get("files"), dict):
            logger.warning("Podium: the files of %s, which is gone, are not known to the cache: left in %s",
                           slug, self.output_path)
            return
        for path in sorted(record["files"]):
            if output.remove(self.output_path, path):
                logger.info('Removing "%s"', os.path.join(self.output_path, path))

    # -- rendering -----------------------------------------------------------------------

    def _render(self, slugs: list) -> None:
        """View and render the events ``slugs`` (on every core, largest first), write
        their files into the output and keep them and their records in the cache."""
        if not slugs:
            return
        if workers.forks(self.jobs, len(slugs)):
            template_bytecode.load_pages(self.env)  # once, here: the processes forked to render inherit them
        for slug, made in workers.largest_first(self._make_event, slugs, self.jobs, size=self._size):
            files, document, people, templates = made
            name, key = self.event_name(slug), self.keys[slug]
            if signals.content_written.receivers:
                for path, (kind, _digest) in sorted(files.items()):
                    if kind == PAGE:
                        signals.content_written.send(os.path.join(self.output_path, path), context=self.context)
            self._forget_stale(slug, set(files))
            before = self.record_of(slug)
            header = self.headers[slug]
            known = sha256(document.encode("utf-8"))
            paths = {path: [digest, kind] for path, (kind, digest) in files.items()}
            old = None
            if before is not None and isinstance(before.get("files"), dict) and before.get("key") != key:
                old = {"key": before.get("key"), "paths": sorted(before["files"])}  # for other output folders
            self.store.keep_record(name, key=key, files=paths, people=people, summary=document, old_files=old)
            self.store.keep_only(name, {digest for _kind, digest in files.values()})
            self.index.keep(slug, inputs=self.inputs[slug], shown=self.shown(header.language), language=header.language,
                            header=summary.header_record(header), summary_digest=known, key=key,
                            templates=self.index.template_set(
                                None if templates is None else
                                {template: self.template_sources.get(template) for template in templates}),
                            first=min(paths) if paths else "", count=len(paths))
            self.written["events"][slug] = [name, key]
            self.records.pop(slug, None)
            self.summaries.pop(slug, None)

    def _size(self, slug: str) -> int:
        """About how much viewing and writing an event's pages takes: rounds (round,
        find and check pages), standings, and players (their pages are the heaviest);
        for an event not evaluated here, the files it wrote last time."""
        evaluated = self.outcomes.get(slug)
        if evaluated is None:
            return self.index.entry(slug).get("count", 1)
        return evaluated.size

    def _make_event(self, slug: str) -> tuple:
        """One event viewed, and its event.json, pages and extension files written into
        the output (:class:`EventFiles`) and kept in the cache: (path -> (kind, digest),
        the event's summary as JSON, its player ids, the templates its pages asked
        for or None when that is not known).  Runs in a worker process; an event the
        build did not evaluate (only shown differently now) is evaluated here, as it
        was without a problem before."""
        evaluated = self.outcomes.get(slug)
        outcome = evaluated.outcome() if evaluated is not None else None
        if outcome is None:
            outcome, problems = evaluate_event(self.folder_of[slug], self.registry, variants=self.catalogue)
            if outcome is None or problems:
                raise RuntimeError(f"{slug}: evaluated without a problem before, not now: {problems}")
        ev = event_view(outcome, self.urls, self.language, self.registry, self.page_sizes)
        ev.rules_url = self.headers[slug].rules_url
        ev.rules_page = self.rules_pages.get(slug)
        progress.attach(ev)
        pages = EventFiles(self)
        i18n.install(self.env, ev.language)
        if self.recording is not None:
            with self.recording.recording() as templates:
                self._render_event(ev, pages)
            templates = sorted(templates)
        else:
            self._render_event(ev, pages)
            templates = None
        self.store.keep_files(self.event_name(slug), pages.kept)
        return pages.files, summary.dumps(ev.summary), sorted(ev.people), templates

    def _render_event(self, ev, pages: EventFiles) -> None:
        """The event's event.json, pages and extension files, through ``pages``."""
        slug, urls = ev.slug, self.urls
        common = {"ev": ev, "lang": ev.language}
        sizes = ev.page_sizes
        pages.data(urls.save_as("json", slug=slug), dumps(ev.document))
        pages.page(urls.save_as("event", slug=slug), "podium/event", section="event", **common)
        for rnd in ev.rounds:
            cut = paging.Cut(rnd.parts, paging.by("number"), lambda part, rnd=rnd: {"rnd": rnd.page(part)})
            pages.cut(("round", {"slug": slug, "stage": rnd.stage, "round": rnd.round}), "podium/round", cut,
                      section="rounds", **common)
        if ev.standings:  # knockout formats have none
            pages.page(urls.save_as("standings_index", slug=slug), "podium/standings_index", section="standings", **common)
        for st in ev.standings:
            cut = paging.Cut(st.parts, paging.by("rank"), lambda part, st=st: {"standing": st.page(part)})
            pages.cut(("standings", {"slug": slug, "stage": st.stage, "group": st.group or "", "round": st.after_round}),
                      "podium/standings", cut, section="standings", **common)
        cut = paging.Cut.of(ev.players, sizes["rows"], paging.by("name"), lambda part: {"ev": replace(ev, players=part)})
        pages.cut(("players", {"slug": slug}), "podium/players", cut, section="players", lang=ev.language)
        for person in ev.players:
            pages.page(urls.save_as("player", slug=slug, player=person.id), "podium/player",
                       pp=ev.player_pages[person.id], section="players", **common)
        if ev.finished:
            cut = paging.Cut.of(ev.classification, sizes["rows"], paging.by(lambda line: line.place or "—"),
                                lambda part: {"ev": replace(ev, classification=part)})
            pages.cut(("classification", {"slug": slug}), "podium/classification", cut, section="classification",
                      lang=ev.language)
        pages.page(urls.save_as("format", slug=slug), "podium/format", section="format", **common)
        for page in extensions.collect("pages", ev):
            if page.cut is not None:
                pages.cut((page.kind, page.parts), page.template, page.cut, section=page.section, **common, **page.values)
            else:
                pages.page(urls.save_as(page.kind, **page.parts), page.template, section=page.section, **common,
                           **page.values)
        for file in extensions.collect("files", ev):
            data = file.text if isinstance(file.text, bytes) else file.text.encode("utf-8")
            pages.data(urls.save_as(file.kind, **file.parts), data)

    # -- the site-wide pages -----------------------------------------------------------

    def _write_site(self) -> None:
        """The home page and the site-wide pages and files (people, search, feed), from
        the summaries.  Each is written again only when the digest of what it shows is
        not the one it was written with into this output; when what they are all made
        of (:meth:`_site_inputs`) is unchanged and the first of them is still there (a
        new folder may have the inode of one removed), nothing is looked at, not
        even a summary."""
        site = self.written["site"]
        inputs = self._site_inputs()
        if site.get("inputs") == inputs and isinstance(site.get("paths"), dict) \
                and all(output.is_file(self.output_path, path) for path in sorted(site["paths"])[:1]):
            if signals.content_written.receivers:
                for path, entry in sorted(site["paths"].items()):
                    if isinstance(entry, list) and entry[1] == PAGE:
                        signals.content_written.send(os.path.join(self.output_path, path), context=self.context)
            return
        before = site.get("paths") if isinstance(site.get("paths"), dict) else {}
        paths = {}
        installed = None  # the language the environment speaks now
        for path, key, template, values, lang in self._site_wanted():
            kind = DATA if template is None else PAGE
            paths[path] = [key, kind]
            if before.get(path) == [key, kind] and os.path.isfile(os.path.join(self.output_path, path)):
                if kind == PAGE and signals.content_written.receivers:
                    signals.content_written.send(os.path.join(self.output_path, path), context=self.context)
                continue
            if template is None:
                output.write(self.output_path, path, values, self.known_folders)
                continue
            if installed != lang:
                i18n.install(self.env, lang)
                installed = lang
            output.make_way(self.output_path, path, self.known_folders)
            self.writer.write_file(path, self.get_template(template), self.context, relative_urls=self.relative_urls,
                                   override_output=True, **values)
        for path in sorted(set(before) - set(paths)):
            output.remove(self.output_path, path)
        self.written["site"] = {"inputs": inputs, "paths": paths}

    def _site_inputs(self) -> str:
        """The key of everything the site-wide pages are made of: how pages look in
        each language, what they take from Pelican (menus, the home page, the
        Markdown pages' translations), the events' summaries (by digest), the
        registry and Podium's static files."""
        return cache_keys.digest("site", [self.shown(lang) for lang in self.languages], self.site_key,
                                 self.templates_digest, self.home_key,
                                 [_page_key(page) for page in self.page_translations],
                                 [[slug, self.index.entry(slug)["summary_digest"]] for slug in self.slugs], self.registry,
                                 self.statics)

    def _site_wanted(self) -> list:
        """Every site-wide page and file as (path, key, template or None, values or bytes, language)."""
        urls = self.urls
        language = self.site_language
        shown = cache_keys.digest(self.shown(language), self.site_key, self.templates_digest)
        wanted = []
        events = most_recent_first(self.summary_of(slug) for slug in self.slugs)
        site_pages = extensions.collect("site_pages", events, urls, self.registry, self.page_sizes)
        home = {"events": events, "lang": language}
        wanted.append((urls.save_as("home"), cache_keys.digest(shown, "podium/home", self.home_key, home), "podium/home",
                       home, language))
        for page in site_pages:
            if page.kind == "search":
                continue  # in every language, below
            values = {"lang": language, "people_url": urls.url("people"), **page.values}
            for path, page_values in _pages_of(urls, page.kind, page.parts, page.cut, values):
                wanted.append((path, cache_keys.digest(shown, page.template, path, page_values), page.template,
                               page_values, language))
        feed_max_items = setting_number(self.settings, "FEED_MAX_ITEMS", int, None)  # Pelican's, 100 by default
        for file in extensions.collect("site_files", events, urls, language, feed_max_items):
            data = file.text.encode("utf-8")
            wanted.append((urls.save_as(file.kind, **file.parts), sha256(data), None, data, language))
        folder = static.static_dir(self.settings)
        for path, data in static.files() if static.written_here(self.settings) else ():  # no theme needs a copy
            wanted.append((f"{folder}/{path}", sha256(data), None, data, language))
        search = next((page for page in site_pages if page.kind == "search"), None)
        return wanted + self._in_every_language(search)

    def _in_every_language(self, search) -> list:
        """The search page in every language (the site's at its own URL), and the
        Markdown pages' translations, as :meth:`_site_wanted` gives them."""
        wanted = []
        shows = cache_keys.digest(search.values) if search is not None else None  # the same in every language
        for lang in self.languages:
            shown = cache_keys.digest(self.shown(lang), self.site_key, self.templates_digest)
            if search is not None:
                values = {"lang": lang, "people_url": self.urls.url("people"), **search.values}
                kind, parts = (search.kind, search.parts) if lang == self.site_language else ("search_lang", {"lang": lang})
                for path, page_values in _pages_of(self.urls, kind, parts, search.cut, values):
                    wanted.append((path, cache_keys.digest(shown, search.template, path, lang, values["people_url"], shows),
                                   search.template, page_values, lang))
            if lang == self.site_language:
                continue
            for page in self.page_translations:
                if translations.page_language(page, self.site_language) == lang:
                    key = cache_keys.digest(shown, page.template, page.url, _page_key(page))
                    wanted.append((page.url, key, page.template, {"page": page, "lang": lang}, lang))
        return wanted


class EventIndex:
    """What a build needs to know of every event to leave it alone, in one small
    record of the cache (its event records, with their files and summaries, are
    read only for the events that need them): for each event the stat of its
    folder's files and their digest, its inputs, its looks, its header, the
    digest of its summary, the key of its pages, the templates they asked for
    (a shared set), and the first of its files and how many there are.

    A folder's digest is taken from the entry, without looking at any file's
    bytes, when every file of the folder has the stat the entry kept and is
    older, by :data:`.file_stamps.MARGIN`, than the build that kept it
    (:class:`.file_stamps.Stamps` says why); otherwise from the files."""

    def __init__(self, store: Store, name: str):
        self.store = store
        self.name = name
        record = store.record(name)
        events = record.get("events") if record else None
        sets = record.get("template_sets") if record else None
        before = record.get("taken") if record else None
        if not (isinstance(events, dict) and isinstance(sets, dict) and isinstance(before, int)):
            events, sets, before = {}, {}, 0
        self.before = events
        self.sets = sets
        self.trusted_until = before - MARGIN
        self.taken = time.time_ns()
        self.now: dict = {}
        self.changed = False
        self.checked: dict = {}  # template set -> unchanged, once a build

    def entry(self, slug: str) -> dict | None:
        found = self.now.get(slug)
        if found is None:
            found = self.before.get(slug)
            if not isinstance(found, dict):
                return None
        return found

    def keep(self, slug: str, **values) -> None:
        entry = dict(self.entry(slug) or {})
        for name, value in values.items():
            if entry.get(name) != value:
                entry[name] = value
                self.changed = True
        self.now[slug] = entry

    def forget(self, slug: str) -> None:
        self.now.pop(slug, None)
        self.before.pop(slug, None)
        self.changed = True

    def folder_files(self, slug: str, folder: Path, stamps: Stamps) -> str:
        """:func:`.cache_keys.folder_files` of the event's folder, from the entry when every
        file's stat vouches for it (see the class docstring).  A flat folder whose own
        stat is the one kept (no file added, removed or renamed since) is not listed
        again: its files are looked at by name."""
        entry = self.entry(slug)
        try:
            info = os.stat(folder)
            here = [info.st_mtime_ns, info.st_ctime_ns, info.st_ino]
        except OSError:
            here = None
        known = entry.get("stat") if entry is not None else None
        if here is not None and isinstance(known, list) and entry.get("dir") == here \
                and max(here[0], here[1]) < self.trusted_until and all(len(one) == 5 and "/" not in one[0] for one in known):
            stat = []
            for one in known:
                try:
                    info = os.stat(os.path.join(folder, one[0]))
                    stat.append([one[0], info.st_size, info.st_mtime_ns, info.st_ctime_ns, info.st_ino])
                except OSError:
                    stat.append([one[0]])
            listing = None
        else:
            listing = cache_keys.files_below(folder)
            stat = [[name, info.st_size, info.st_mtime_ns, info.st_ctime_ns, info.st_ino] if info is not None else [name]
                    for name, _path, info in listing]
        if entry is not None and known == stat and isinstance(entry.get("folder"), str) \
                and all(len(one) == 5 and max(one[2], one[3]) < self.trusted_until for one in stat):
            found = entry["folder"]
        else:
            found = cache_keys.folder_files(folder, stamps.file_digest, listing)
        self.keep(slug, stat=stat, folder=found, dir=here)
        return found

    def template_set(self, templates) -> str | None:
        """The id of the set ``templates`` (name -> digest), kept once for every event that
        asked for it; None (every template counts) for None."""
        if templates is None:
            return None
        found = cache_keys.digest(templates)[:16]
        if found not in self.sets:
            self.sets[found] = templates
            self.changed = True
        return found

    def templates_unchanged(self, entry: dict, current: dict) -> bool:
        """The templates the event's pages asked for have the sources ``current`` gives them
        (each set looked at once a build)."""
        found = entry.get("templates", "")
        if found is None:
            return True  # the templates count in the event's key
        known = self.checked.get(found)
        if known is None:
            known = self.checked[found] = unchanged(self.sets.get(found), current)
        return known

    def save(self, slugs) -> None:
        """Keep the entries of ``slugs`` (the events there are), if anything changed."""
        events = {slug: self.entry(slug) for slug in slugs if self.entry(slug) is not None}
        if not self.changed and events.keys() == self.before.keys():
            return
        used = {entry.get("templates") for entry in events.values()}
        sets = {key: value for key, value in self.sets.items() if key in used}
        self.store.keep_record(self.name, taken=self.taken, events=events, template_sets=sets)


class DamagedSummary(Exception):
    """An event's record in the cache holds a summary that does not read back."""

    def __init__(self, slug: str):
        super().__init__(slug)
        self.slug = slug


class Evaluated:
    """An event evaluated without a problem, as the build keeps it until its pages
    are made: its header, about how much work its pages are (:meth:`PodiumGenerator._size`)
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
    outcome, problems = evaluate_event(folder, registry, variants=variants)
    if outcome is None or problems:
        return None, problems
    return Evaluated(outcome, summary.header_of_event(outcome.event, urls, language), store, owner), problems


class EventFiles:
    """An event's files as they are made: each page written by Pelican's writer
    (the one Pelican handed the generator; in a worker, its forked copy), its
    other files written whole (:func:`.output.write`), and each kept with the
    SHA-256 of its bytes.  ``content_written`` is muted meanwhile: the build's
    own process announces every page once, where other plugins listen."""

    def __init__(self, generator: PodiumGenerator):
        self.generator = generator
        self.output = generator.output_path
        self.known: set = set()  # output folders made sure of
        self.files: dict = {}  # path -> (kind, digest)
        self.kept: list = []  # (digest, bytes) of every file, for the cache

    def page(self, path: str, template: str, **values) -> None:
        generator = self.generator
        found = generator.get_template(template)  # Pelican keeps it once loaded: the loader is not asked again
        if generator.recording is not None:
            generator.recording.add(found.name)
        output.make_way(self.output, path, self.known)
        with signals.content_written.muted():
            generator.writer.write_file(path, found, generator.context, relative_urls=generator.relative_urls,
                                        override_output=True, **values)
        self._keep(path, PAGE, output.read(self.output, path))

    def cut(self, where: tuple, template: str, cut, **values) -> None:
        """The pages of ``where`` (its URL kind and parts), its list cut by ``cut`` (:func:`_pages_of`)."""
        kind, parts = where
        for path, page_values in _pages_of(self.generator.urls, kind, parts, cut, values):
            self.page(path, template, **page_values)

    def data(self, path: str, data: bytes) -> None:
        output.write(self.output, path, data, self.known)
        self._keep(path, DATA, data)

    def _keep(self, path: str, kind: str, data: bytes) -> None:
        digest = sha256(data)
        self.files[path] = (kind, digest)
        self.kept.append((digest, data))


def _pages_of(urls: Urls, kind: str, parts: dict, cut, values: dict) -> list:
    """(save-as path, values) of each page of a site page: one, or one for each part
    of its ``cut`` (:class:`.paging.Cut`), page 1 at the page's own URL, each with its ``pager``."""
    save_as = urls.save_as(kind, **parts)
    if cut is None:
        return [(save_as, values)]
    pagers = paging.pagers(urls.url(kind, **parts), [cut.label(part) for part in cut.parts])
    return [(paging.page_url(save_as, number), {**values, **cut.values(part), "pager": pager})
            for number, (part, pager) in enumerate(zip(cut.parts, pagers), 1)]


def _stat(path: str):
    try:
        return os.stat(path)
    except OSError:
        return None


def setting_number(settings, name: str, kind, default):
    """The setting ``name`` as a number (``kind``), ``default`` when it is unset or
    empty; ValueError, naming it, for a value that is no number."""
    value = settings.get(name)
    if value in (None, ""):
        return default
    try:
        return kind(value)
    except (TypeError, ValueError):
        raise ValueError(f"the setting {name} must be a number, not {value!r}") from None


def _page_key(page) -> list | None:
    """What a Markdown page shows, for a cache key (None for no page)."""
    if page is None:
        return None
    return [page.slug, page.title, page.url, page.template, getattr(page, "lang", ""), _content(page)]


def _content(page) -> str:
    """A Markdown page's HTML with its links to other pages written from the site's root.
    (Its ``content`` writes them from the page Pelican's writer wrote last, when
    URLs are relative: a key would change with the order of writing.)"""
    return page.get_content("")
