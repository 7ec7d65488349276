"""Podium's Pelican plugin: a generator that writes the results pages, event by event.

Wiring, the Pelican way:

- ``signals.get_generators`` adds :class:`PodiumGenerator`;
- ``signals.generator_init`` gives every generator's Jinja environment the
  Podium templates shipped in this package (after the theme's, so a theme
  may override any of them by name and extend the original as
  ``!podium/<name>``; Markdown pages with ``Template:`` can use them too)
  and the UI translations (``jinja2.ext.i18n``);
- ``signals.get_writer`` has Pelican write its own pages atomically, and
  ``signals.static_generator_finalized`` clears symbolic links where it
  copies static files (:mod:`.atomic`);
- ``signals.initialized`` and ``signals.finalized`` let Pelican load its
  content cache only with the settings and code it was made with (:mod:`.contentcache`);
- ``signals.finalized`` clears the mark of a build being written (:mod:`.atomic`) and lets go of the build's locks (:mod:`.lock`).

Only what changed is evaluated and rendered.  Each event's files are kept
in the cache (:mod:`.cache`, in ``CACHE_PATH``) under a key of everything
they depend on (:mod:`.keys`).  When the generator is made -- before
Pelican cleans or writes anything -- every event folder is hashed, reading
only the files whose stat changed (:mod:`.stamps`); an event whose inputs
(files, people, variants, code) and whose translations and settings are
those of its cached record is not loaded any further.  The others are
evaluated (one task per event, largest first, on every core:
:mod:`podium_core.workers`) and any problem stops the build there, so nothing is
written.  ``generate_context`` gives every page the events' headers
(``podium_events``, :class:`.summary.EventHeader`, kept in each record) and
adds what Pelican knows (the site menu, the rules pages, the URLs of the
site-wide pages) to each event's key.  ``generate_output`` first views and
renders the events whose key changed or whose pages asked for a template
that changed since (:mod:`.used`), in worker processes forked then, through
Pelican's writer into a staging folder of the cache, and puts every file
into the output folder atomically (:mod:`.output`); then an unchanged
event's files are left where they are, or linked back from the cache if
they are missing.  The site-wide pages (home, people, search, feed) are
made from the events' summaries (:mod:`.summary`), each page cached under
the digest of what it shows; when nothing they are made of changed, they
are left alone without reading a summary.  Files Podium wrote before and
not now (an event that is gone) are removed.  A warm build therefore writes
the same bytes as a cold one.

Settings: ``PODIUM_RESULTS`` (the results folder, default ``results``),
``PODIUM_LANGUAGE`` (one UI language for every event, e.g. an English
mirror of the site; default: each event speaks its own ``language``),
``PODIUM_JOBS`` (processes at once, default: every usable core),
``PODIUM_PAGE_SIZES`` (items on one page of a long list, by kind: :mod:`.paging`),
``PODIUM_TEMPLATE_CACHE`` (keep compiled templates in ``CACHE_PATH``,
default True: :mod:`.compiled`), ``PODIUM_LOCK_WAIT`` (seconds to wait for
another build into the same output, default 600) and the
``PODIUM_*_URL`` / ``PODIUM_*_SAVE_AS`` pairs of :mod:`.urls`.
"""

from __future__ import annotations

import hashlib
import logging
import os
import pickle
import shutil
import tempfile
from dataclasses import replace
from functools import partial
from pathlib import Path

from jinja2 import ChoiceLoader, FileSystemLoader, PrefixLoader
from pelican import signals
from pelican.generators import Generator
from pelican.writers import Writer

from podium_core import __version__, workers
from podium_core.errors import Problem, Problems
from podium_core.export import dumps
from podium_core.formats.variants import read_variants
from podium_core.rules_pages import missing_rules
from podium_core.modelling import read_registry
from podium_core.pipeline import evaluate_event
from podium_core.reading import event_folders, folder_size
from . import atomic, compiled, contentcache, extensions, headings, i18n, keys, lock, now, output, paging, static, summary, translations, used
from .stamps import Stamps
from .extensions import venue
from .cache import Store
from .publish import MARKER, MARKER_TEXT
from .urls import Urls
from .views import event_view

logger = logging.getLogger(__name__)

TEMPLATES = Path(__file__).resolve().parent / "templates"  # the Podium templates, shipped in the package


class BuildFailed(SystemExit):
    """The results have problems; nothing was written.

    A ``SystemExit`` on purpose: Pelican's command line logs any ``Exception``
    with its traceback, while a ``SystemExit`` ends ``pelican`` with status 1
    and Python prints its text -- one ``path:line: message`` per line -- on
    stderr.  Callers that keep running (a preview server) catch it and read
    ``problems``.
    """

    def __init__(self, problems):
        self.problems = list(problems)
        count = len(self.problems)
        lines = [str(p) for p in self.problems]
        lines.append(f"{count} problem{'s' if count != 1 else ''} found; nothing was written")
        super().__init__("\n".join(lines))


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
    """Writes the site home and every event's pages and event.json, only what changed."""

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.env.autoescape = True  # names come from data files: always escaped
        settings = self.settings
        self.urls = Urls(settings)
        self.results = Path(settings.get("PODIUM_RESULTS") or "results")
        self.language = settings.get("PODIUM_LANGUAGE")  # one UI language for every event, if set
        self.jobs = setting_number(settings, "PODIUM_JOBS", int, 0) or workers.usable_cores()
        self.page_sizes = paging.sizes(settings)
        self.store = Store(settings.get("CACHE_PATH") or "cache")
        self.site_language = settings.get("DEFAULT_LANG", "en")
        wait = setting_number(settings, "PODIUM_LOCK_WAIT", float, 600.0)
        check_output_folder(self.output_path)
        try:
            lock.acquire(self.output_path, wait)
            lock.acquire(self.store.root, wait)
            self.store.clear_staging()
            self.stamps = Stamps(self.store)  # folder digests, reading only the files whose stat changed
        except OSError as exc:  # the lock or the cache cannot be made: one line
            lock.release_all()
            raise SystemExit(atomic.cannot_write(exc)) from None
        self.shown_by_language: dict = {}
        record = self.store.record("translations")
        self.translation_digests = dict(record["languages"]) if record and isinstance(record.get("languages"), dict) else {}
        self.settings_digest = keys.settings(settings)
        self.shown_base = keys.digest(self.settings_digest, keys.code())
        self.watch = used.Watch(self.env)  # the templates each event's pages ask for
        self.template_sources = used.sources(self.env, self.stamps.file_digest)  # before anything is rendered
        self.templates_digest = keys.digest(self.template_sources)  # the site-wide pages': all of them
        self.slugs: list[str] = []
        self.inputs: dict = {}  # slug -> the inputs key
        self.records: dict = {}  # slug -> the trusted cache record of an event not evaluated again
        self.outcomes: dict = {}  # slug -> an event evaluated in this build (Evaluated)
        self.headers: dict = {}  # slug -> EventHeader
        self.summaries: dict = {}  # slug -> EventSummary (read from its record when a site page needs it)
        self.summary_texts: dict = {}  # slug -> (the summary's JSON, its SHA-256)
        self.keys: dict = {}  # slug -> the key of its pages, known in generate_context
        try:
            self._evaluate_changed()
        except Problems as exc:
            lock.release_all()
            raise BuildFailed(exc.problems) from None

    # -- which events to evaluate ------------------------------------------------------

    def event_name(self, slug: str) -> str:
        return event_name(slug, self.settings_digest)

    def shown(self, language: str) -> str:
        """The key of how pages in ``language`` look: settings, code, translations
        (worked out once a build for each language); the templates are checked
        apart, each event's own (:mod:`.used`)."""
        language = language or "en"
        found = self.shown_by_language.get(language)
        if found is None:
            found = self.shown_by_language[language] = keys.digest(self.shown_base, self._translations(language))
        return found

    def _translations(self, language: str) -> str:
        """:func:`.keys.translations`, taken again only when the catalog file's
        modification time or size is not the one the digest was taken at (the
        cache's ``translations`` record): reading a catalog takes longer than a
        build that has nothing to do."""
        path = i18n.LOCALE_DIR / f"{language}.po"
        try:
            info = path.stat()
            stamp = [str(path), info.st_mtime_ns, info.st_size]
        except OSError:
            return keys.translations(language)
        known = self.translation_digests.get(language)
        if isinstance(known, list) and len(known) == 2 and known[0] == stamp and isinstance(known[1], str):
            return known[1]
        found = keys.translations(language)
        self.translation_digests[language] = [stamp, found]
        self.store.keep_record("translations", keys.digest(self.translation_digests), {},
                               languages=self.translation_digests)
        return found

    def _evaluate_changed(self) -> None:
        """Hash every event folder; evaluate those the cache cannot vouch for (raises Problems)."""
        if not self.results.is_dir():
            raise Problems([Problem(str(self.results), 1, "results folder not found")])
        self.registry, problems = read_registry(self.results)
        self.catalogue, found = read_variants(self.results)  # the named variants, read once
        problems += found
        self.variants = self.stamps.folder_files(self.results / "formats")
        self.folder_of = {}
        self.files_of = {}
        changed = []
        for folder in event_folders(self.results):
            slug = folder.name
            self.slugs.append(slug)
            self.folder_of[slug] = folder
            self.files_of[slug] = self.stamps.folder_files(folder)
            if not self._reuse(slug):
                changed.append(slug)
        self.statics = [[path, self.stamps.file_digest(source, _stat(source))] for path, source in static.sources()]
        self.stamps.save()
        self._evaluate(changed, problems)

    def _reuse(self, slug: str) -> bool:
        """Take the event's cached record and summary if its inputs and looks are unchanged."""
        record = self.store.record(self.event_name(slug))
        if record is None or not isinstance(record.get("people"), list) or not isinstance(record.get("language"), str):
            return False
        inputs = keys.inputs(self.files_of[slug], keys.people(self.registry, record["people"]), self.variants)
        if record.get("inputs") != inputs or record.get("shown") != self.shown(record["language"]):
            return False
        text, known = record.get("summary"), record.get("summary_digest")
        if not isinstance(text, str) or hashlib.sha256(text.encode("utf-8")).hexdigest() != known:
            return False
        header = summary.header_of_record(record.get("header"), slug, self.urls)
        if header is None:
            return False
        self.records[slug], self.inputs[slug], self.headers[slug] = record, inputs, header
        self.summary_texts[slug] = (text, known)
        return True

    def summary_of(self, slug: str) -> summary.EventSummary:
        """The event's summary: made in this build, or read from its record (whose digest
        :meth:`_reuse` checked)."""
        found = self.summaries.get(slug)
        if found is None:
            text, known = self.summary_texts[slug]
            try:
                found = summary.loads(text)
            except (TypeError, ValueError):
                found = None
            if not isinstance(found, summary.EventSummary) or found.slug != slug:
                lock.release_all()
                raise SystemExit(f"the build cache {self.store.root} holds a damaged summary of {slug}; "
                                 "`make clean` removes the cache")
            found.cache_digest = known
            self.summaries[slug] = found
        return found

    def _evaluate(self, slugs: list, problems: list | None = None) -> None:
        """Evaluate the event folders ``slugs`` (on every core); raises Problems with
        every problem, in folder order.  The outcomes are kept for the processes
        that view and render them (:meth:`_write_event`); when those will be
        forked, this process compiles the pages' templates meanwhile, once for
        all of them (:func:`.compiled.load_pages`)."""
        problems = list(problems or [])
        found = {}
        folders = [self.folder_of[slug] for slug in slugs]
        forked = workers.forks(self.jobs, len(folders))
        work = partial(_evaluated, registry=self.registry, variants=self.catalogue, urls=self.urls,
                       language=self.language, packed=forked)
        for folder, (evaluated, event_problems) in workers.largest_first(work, folders, self.jobs, size=folder_size):
            if forked:  # while the other processes evaluate: the templates their pages will need
                compiled.load_pages(self.env)
                forked = False
            found[folder.name] = event_problems
            if evaluated is not None and not event_problems:
                slug = folder.name
                self.outcomes[slug] = evaluated
                self.headers[slug] = header = evaluated.header
                self.inputs[slug] = keys.inputs(self.files_of[slug], keys.people(self.registry, header.player_ids),
                                                self.variants)
                self.records.pop(slug, None)
                self.summaries.pop(slug, None)
                self.summary_texts.pop(slug, None)
        for slug in slugs:
            problems += found.get(slug, [])
        if problems:
            raise Problems(problems)

    # -- context -------------------------------------------------------------------------

    def generate_context(self):
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
        if missing:  # before any output is written
            lock.release_all()
            raise BuildFailed(missing)
        home_page = pages.get(self.settings.get("PODIUM_HOME_PAGE", "home"))
        # the languages pages are written in: the site's own and every event's
        self.languages = sorted({default_lang} | {self.headers[slug].language for slug in self.slugs})
        menu_pages = [page for page in self.context.get("pages", []) if page.template != "rules"]
        menus = translations.menus(menu_pages, self.languages, default_lang)  # the site menu in every language
        menu = menus[default_lang]
        self.page_translations = translations.translations_of(pages.values())
        self.context["podium_events"] = most_recent_first(self.headers.values())
        self.context["podium_home_page"] = home_page
        self.context["podium_menu"] = menu  # the site menu of every page (base.html)
        self.context["podium_menus"] = menus
        self.context["podium_site_url"] = self.settings.get("SITEURL", "")  # absolute in a published build
        # URLs of the site-level pages every page links (people, search)
        self.site_urls = extensions.merged("site_urls", self.context["podium_events"], self.urls, self.registry)
        self.context["podium_people_url"] = self.site_urls.get("people")
        self.context["podium_search_url"] = self.site_urls.get("search")
        self.context["podium_search_urls"] = {lang: self.urls.url("search_lang", lang=lang) for lang in self.languages
                                              if lang != default_lang and "search" in self.site_urls}
        # what every page takes from Pelican and from the other events
        self.site_key = keys.digest("site", {lang: [list(link) for link in links] for lang, links in menus.items()},
                                    self.site_urls, self.context["podium_search_urls"], bool(self.slugs),
                                    sorted([p.slug, p.title, p.url, p.template] for p in pages.values()))
        self.home_key = keys.digest(home_page.title, _content(home_page)) if home_page is not None else ""
        for slug in self.slugs:
            self.keys[slug] = keys.digest("pages", self.inputs[slug], self.shown(self.headers[slug].language),
                                          self.site_key, self.headers[slug].rules_url,
                                          _page_key(self.rules_pages.get(slug)))
        output_path = os.path.abspath(self.output_path)
        self.manifest_name = "output-" + hashlib.sha256(output_path.encode("utf-8", "surrogateescape")).hexdigest()[:32]
        before = self.store.record(self.manifest_name)
        self.manifest = output.Manifest(output_path, before.get("paths") if before and isinstance(before.get("paths"), dict) else {})
        self.in_place = set()  # events whose files are all in the output already
        # the events to render first: evaluated now, or shown differently now (evaluated again where rendered)
        self.render = [slug for slug in self.slugs if slug in self.outcomes or not self._still_right(slug)]

    def _still_right(self, slug: str) -> bool:
        """The event's cached pages are still right: the same key, and the templates they asked for unchanged."""
        record = self.records[slug]
        return record["key"] == self.keys[slug] and used.unchanged(record.get("templates"), self.template_sources)

    def _in_place_or_kept(self, slug: str) -> bool:
        """Every one of the event's cached pages (still right) is either in the output
        as Podium put it there or kept whole in the cache."""
        record = self.records[slug]
        if self.manifest.all_current(record["files"], record["key"]):
            self.in_place.add(slug)
            return True
        return self.store.complete(self.event_name(slug), record)

    # -- output ----------------------------------------------------------------------------

    def generate_output(self, writer):
        """Every event's pages that changed (on every core), the site's own pages,
        and the removal of what Podium wrote before and not now.  A write the
        system refuses (a full disk, a folder made read-only) ends the build
        with one line, not a traceback."""
        try:
            self._generate_output()
        except OSError as exc:
            lock.release_all()
            raise SystemExit(atomic.cannot_write(exc)) from None

    def _generate_output(self):
        output_path = os.path.abspath(self.output_path)
        manifest, manifest_name = self.manifest, self.manifest_name
        os.makedirs(output_path, exist_ok=True)
        if not os.path.exists(os.path.join(output_path, MARKER)):  # a Podium site: make publish may replace it
            output.write(output_path, MARKER, MARKER_TEXT.encode("utf-8"))

        work = partial(self._write_event, output_path)
        self._render(work, self.render)  # what changed first: the pages a preview waits for
        again = [slug for slug in self.slugs if slug not in self.outcomes and slug not in self.render
                 and not self._in_place_or_kept(slug)]
        self._render(work, again)  # pages gone from the output and from the cache
        rendered = set(self.render + again)
        placer = output.Placer(output_path)
        for slug in self.slugs:
            if slug in rendered:
                continue
            record = self.records[slug]
            if slug in self.in_place:
                manifest.keep_all(record["files"])
                continue
            for path in sorted(record["files"]):
                if manifest.current(path, record["key"]):
                    manifest.keep(path, record["key"])
                else:
                    source = self.store.file(self.event_name(slug), record["key"], path)
                    manifest.keep(path, record["key"], placer.place(path, source))
        self.outcomes.clear()  # the events' pages are made: the site-wide pages read only summaries
        self._write_site(output_path, manifest)
        for path in manifest.remove_stale():
            logger.info('Removing "%s"', os.path.join(output_path, path))
        if manifest.now != manifest.before:
            self.store.keep_record(manifest_name, keys.digest(sorted(manifest.now)), {}, paths=manifest.now)
        for name in self.store.names("event-"):
            if name[len("event-"):].split(".")[0] not in self.folder_of:
                self.store.drop(name)

    def _render(self, work, slugs: list) -> None:
        """View and render the events ``slugs`` (on every core, largest first) and keep their records."""
        manifest = self.manifest
        if workers.forks(self.jobs, len(slugs)):
            compiled.load_pages(self.env)  # once, here: the processes forked to render inherit them
        for slug, written in workers.largest_first(work, slugs, self.jobs, size=self._size):
            files, placed, document, people, templates = written
            key = self.keys[slug]
            for path, found in placed.items():
                manifest.keep(path, key, found)
            header = self.headers[slug]
            known = hashlib.sha256(document.encode("utf-8")).hexdigest()
            self.store.keep_record(self.event_name(slug), key, files, inputs=self.inputs[slug],
                                   shown=self.shown(header.language), language=header.language, people=people,
                                   summary=document, summary_digest=known, header=summary.header_record(header),
                                   templates={name: self.template_sources.get(name) for name in templates})
            self.summaries.pop(slug, None)
            self.summary_texts[slug] = (document, known)

    def _size(self, slug: str) -> int:
        """About how much viewing and writing an event's pages takes: rounds (round,
        find and check pages), standings, and players (their pages are the heaviest);
        for an event not evaluated here, the files it wrote last time."""
        evaluated = self.outcomes.get(slug)
        if evaluated is None:
            return len(self.records[slug]["files"])
        return evaluated.size

    def _write_event(self, output_path: str, slug: str) -> tuple[dict, dict, str, list, list]:
        """One event viewed, and its event.json, pages and extension files rendered
        into a staging folder of the cache, kept there under the event's key and
        put into the output: (path -> size, path -> identity in the output, the
        event's summary as JSON, its player ids, the templates its pages asked
        for).  Runs in a worker process; an event the build did not evaluate
        (only shown differently now) is evaluated here, as it was without a
        problem before."""
        evaluated = self.outcomes.get(slug)
        if evaluated is not None:
            outcome = evaluated.outcome()
        else:
            outcome, problems = evaluate_event(self.folder_of[slug], self.registry, variants=self.catalogue)
            if outcome is None or problems:
                raise RuntimeError(f"{slug}: evaluated without a problem before, not now: {problems}")
        ev = event_view(outcome, self.urls, self.language, self.registry, self.page_sizes)
        ev.rules_url = self.headers[slug].rules_url
        ev.rules_page = self.rules_pages.get(slug)
        now.attach(ev)
        name, key = self.event_name(slug), self.keys[slug]
        staging = self.store.staging(name)
        pages = PageWriter(self, staging)
        i18n.install(self.env, ev.language)
        with self.watch.recording() as templates:
            self._render_event(ev, pages)
        kept = self.store.keep_files(name, key, staging)
        placer, kept = output.Placer(output_path), str(kept)
        placed = {path: placer.place(path, os.path.join(kept, path)) for path in sorted(pages.sizes)}
        return pages.sizes, placed, summary.dumps(ev.summary), sorted(ev.people), sorted(templates)

    def _render_event(self, ev, pages: PageWriter) -> None:
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

    def _write_site(self, output_path: str, manifest: output.Manifest) -> None:
        """The home page and the site-wide pages and files (people, search, feed),
        from the summaries; each kept in the cache under the digest of what it shows.
        When what they are all made of (:meth:`_site_inputs`) is what the last
        build with these settings made them of, and they are all still in the
        output as Podium put them there, they are left alone and no summary is read."""
        unit = f"site.{self.settings_digest[:16]}"  # the site pages built with these settings
        inputs = self._site_inputs()
        record = self.store.record(unit)
        paths = record.get("paths") if record is not None and record["key"] == inputs else None
        if isinstance(paths, dict) and all(isinstance(key, str) and manifest.current(path, key)
                                           for path, key in paths.items()):
            for path, key in paths.items():
                manifest.keep(path, key)
            return
        wanted = self._site_wanted()
        staging = None
        installed = None  # the language the environment speaks now
        for path, key, template, values, lang in wanted:
            if manifest.current(path, key):
                manifest.keep(path, key)
                continue
            kept = self.store.file(unit, key, "file")
            if not kept.is_file():
                if staging is None:
                    staging = PageWriter(self, self.store.staging(unit))
                if template is None:
                    staging.data(path, values)
                else:
                    if installed != lang:
                        i18n.install(self.env, lang)
                        installed = lang
                    staging.page(path, template, **values)
                kept.parent.mkdir(parents=True, exist_ok=True)
                os.replace(staging.folder / path, kept)
            manifest.keep(path, key, output.place(output_path, path, kept))
        if staging is not None:
            shutil.rmtree(staging.folder, ignore_errors=True)
        in_use = {key for _path, key, _template, _values, _lang in wanted}
        site = self.store.root / "files" / unit
        if site.is_dir():
            for other in site.iterdir():
                if other.name not in in_use and not other.name.startswith(".staging-"):
                    shutil.rmtree(other, ignore_errors=True)
        self.store.keep_record(unit, inputs, {}, paths={path: key for path, key, _template, _values, _lang in wanted})

    def _site_inputs(self) -> str:
        """The key of everything the site-wide pages are made of: how pages look in
        each language, what they take from Pelican (menus, the home page, the
        Markdown pages' translations), the events' summaries (by digest), the
        registry and Podium's static files."""
        return keys.digest("site", [self.shown(lang) for lang in self.languages], self.site_key, self.templates_digest,
                           self.home_key,
                           [_page_key(page) for page in self.page_translations],
                           [[slug, self.summary_texts[slug][1]] for slug in self.slugs], self.registry, self.statics)

    def _site_wanted(self) -> list:
        """Every site-wide page and file as (path, key, template or None, values or bytes, language)."""
        urls = self.urls
        language = self.site_language
        shown = keys.digest(self.shown(language), self.site_key, self.templates_digest)
        wanted = []
        events = most_recent_first(self.summary_of(slug) for slug in self.slugs)
        site_pages = extensions.collect("site_pages", events, urls, self.registry, self.page_sizes)
        home = {"events": events, "lang": language}
        wanted.append((urls.save_as("home"), keys.digest(shown, "podium/home", self.home_key, home), "podium/home", home, language))
        for page in site_pages:
            if page.kind == "search":
                continue  # in every language, below
            values = {"lang": language, "people_url": urls.url("people"), **page.values}
            for path, page_values in _pages_of(urls, page.kind, page.parts, page.cut, values):
                wanted.append((path, keys.digest(shown, page.template, path, page_values), page.template, page_values,
                               language))
        feed_max_items = setting_number(self.settings, "FEED_MAX_ITEMS", int, None)  # Pelican's, 100 by default; "" or None: all
        for file in extensions.collect("site_files", events, urls, language, feed_max_items):
            data = file.text.encode("utf-8")
            wanted.append((urls.save_as(file.kind, **file.parts), hashlib.sha256(data).hexdigest(), None, data, language))
        folder = static.static_dir(self.settings)
        for path, data in static.files():  # Podium's stylesheets and schema: no theme needs a copy
            wanted.append((f"{folder}/{path}", hashlib.sha256(data).hexdigest(), None, data, language))
        search = next((page for page in site_pages if page.kind == "search"), None)
        return wanted + self._in_every_language(search)

    def _in_every_language(self, search) -> list:
        """The search page in every language (the site's at its own URL), and the
        Markdown pages' translations, as :meth:`_site_wanted` gives them."""
        wanted = []
        shows = keys.digest(search.values) if search is not None else None  # the same in every language
        for lang in self.languages:
            shown = keys.digest(self.shown(lang), self.site_key, self.templates_digest)
            if search is not None:
                values = {"lang": lang, "people_url": self.urls.url("people"), **search.values}
                kind, parts = (search.kind, search.parts) if lang == self.site_language else ("search_lang", {"lang": lang})
                for path, page_values in _pages_of(self.urls, kind, parts, search.cut, values):
                    wanted.append((path, keys.digest(shown, search.template, path, lang, values["people_url"], shows),
                                   search.template, page_values, lang))
            if lang == self.site_language:
                continue
            for page in self.page_translations:
                if translations.page_language(page, self.site_language) == lang:
                    key = keys.digest(shown, page.template, page.url, _page_key(page))
                    wanted.append((page.url, key, page.template, {"page": page, "lang": lang}, lang))
        return wanted


class Evaluated:
    """An event evaluated without a problem, as the build keeps it until its pages
    are made: its header, about how much work its pages are (:meth:`PodiumGenerator._size`)
    and its outcome.  Evaluated in a forked process, the outcome stays pickled
    (``packed``) until the process that renders the event takes it: the
    build's own process, which only waits for the pages, never spends its
    time unpickling every event's outcome on the way."""

    def __init__(self, outcome, header, packed: bool):
        self.header = header
        self.size = 3 * len(outcome.rounds) + len(outcome.standings) + 2 * len(outcome.event.players)
        self._outcome = pickle.dumps(outcome, protocol=pickle.HIGHEST_PROTOCOL) if packed else outcome

    def outcome(self):
        found = self._outcome
        return pickle.loads(found) if isinstance(found, bytes) else found


def _evaluated(folder, registry, variants, urls: Urls, language: str | None, packed: bool):
    """:func:`~podium_core.pipeline.evaluate_event`, the outcome as :class:`Evaluated` (None with a problem)."""
    outcome, problems = evaluate_event(folder, registry, variants=variants)
    if outcome is None or problems:
        return None, problems
    return Evaluated(outcome, summary.header_of_event(outcome.event, urls, language), packed), problems


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
    empty; a value that is no number stops the build with one line naming it."""
    value = settings.get(name)
    if value in (None, ""):
        return default
    try:
        return kind(value)
    except (TypeError, ValueError):
        raise SystemExit(f"the setting {name} must be a number, not {value!r}") from None


def check_output_folder(path) -> None:
    """The output folder is a folder this build can write in (or, when missing,
    its nearest existing parent is), or the build stops here, before anything
    is written, with one line saying why."""
    folder = Path(path)
    while not folder.exists() and not folder.is_symlink() and folder.parent != folder:
        folder = folder.parent
    try:
        if not folder.is_dir():
            raise NotADirectoryError(path)
        with tempfile.TemporaryFile(dir=folder):
            pass
    except OSError as exc:
        what = "is not a folder" if isinstance(exc, (FileExistsError, NotADirectoryError)) else (
            f"cannot be written: {exc.strerror or exc}")
        raise SystemExit(f"the output folder {path} {what}; nothing was written") from None


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


class PageWriter:
    """Pages rendered with Pelican's writer into a staging folder, and other files beside them."""

    def __init__(self, generator: PodiumGenerator, folder: Path):
        self.generator = generator
        self.folder = folder
        self.root = str(folder)
        self.writer = Writer(self.root, settings=generator.settings)
        self.relative_urls = generator.settings["RELATIVE_URLS"]
        self.real: set = set()  # the staging folders made so far (:func:`.output.destination`)
        self.sizes: dict = {}  # path -> size

    def page(self, path: str, template: str, **values) -> None:
        generator = self.generator
        found = generator.get_template(template)
        generator.watch.add(found.name)  # Pelican keeps it once loaded: the environment is not asked again
        self.writer.write_file(path, found, generator.context, relative_urls=self.relative_urls,
                               override_output=True, **values)
        self.sizes[path] = os.stat(os.path.join(self.root, path)).st_size

    def cut(self, where: tuple, template: str, cut, **values) -> None:
        """The pages of ``where`` (its URL kind and parts), its list cut by ``cut`` (:func:`_pages_of`)."""
        kind, parts = where
        for path, page_values in _pages_of(self.generator.urls, kind, parts, cut, values):
            self.page(path, template, **page_values)

    def data(self, path: str, data: bytes) -> None:
        with open(output.destination(self.root, path, self.real), "wb") as out:
            out.write(data)
        self.sizes[path] = len(data)


def add_templates_and_translations(generator):
    """``generator_init``: the Podium templates as a fallback loader, and translations."""
    settings = generator.settings
    # after the theme's own loaders: a theme may override any Podium template by name,
    # and extend the original as "!podium/<name>"
    loader = FileSystemLoader(str(TEMPLATES))
    generator.env.loader = ChoiceLoader([generator.env.loader, PrefixLoader({"!podium": loader}), loader])
    generator.env.auto_reload = False  # a build's templates do not change under it: no stat() per include
    generator.env.globals["PODIUM_STATIC_DIR"] = static.static_dir(settings)
    generator.env.globals["PODIUM_VERSION"] = __version__
    generator.env.globals["qr_svg"] = venue.qr_svg  # QR codes of the venue kit and score sheets
    generator.env.filters["plain"] = headings.plain  # striptags, at no cost for a text with nothing to strip
    i18n.install(generator.env, settings.get("DEFAULT_LANG", "en"))
    if settings.get("PODIUM_TEMPLATE_CACHE", True):
        compiled.use(generator.env, settings.get("CACHE_PATH") or "cache")


def get_generators(pelican):
    return PodiumGenerator


def release_locks(pelican):
    """``finalized``: the build is over; another may write into its output."""
    lock.release_all()


def register():
    signals.initialized.connect(contentcache.check)
    signals.generator_init.connect(add_templates_and_translations)
    signals.get_generators.connect(get_generators)
    signals.get_writer.connect(atomic.get_writer)
    signals.static_generator_finalized.connect(atomic.unlink_static_links)
    signals.finalized.connect(atomic.finish)
    signals.finalized.connect(contentcache.stamp)
    signals.finalized.connect(release_locks)
