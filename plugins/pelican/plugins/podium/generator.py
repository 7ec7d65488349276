"""The Podium generator: Pelican's two verbs, and only what changed.

:class:`PodiumGenerator` is an ordinary Pelican generator.  Made with the
others, it only reads its settings.  Then:

``generate_context()``
    Every event folder is hashed, reading only the files whose stat changed
    (:mod:`.file_stamps`).  An event whose inputs (files, people, variants,
    code) and whose translations and settings are those of its cached
    record is not loaded any further; the others are evaluated (one task
    per event, largest first, on every core: :mod:`.events`).
    Every page gets the events' headers (``podium_events``,
    :class:`.summary.EventHeader`; ``podium_events_by_rules``, those of
    each rules page) and the site menu; what Pelican knows
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
    processes forked then (:mod:`.event_output`); every page is written by
    the writer Pelican hands the generator, so other plugins'
    ``content_written`` receivers see each page at its final path.
    Podium's other files (``event.json``, CSV, feeds, its stylesheets) it
    writes itself, whole (:mod:`.output`).  An event whose pages are all in
    this output folder already (:mod:`.output_record`) is left alone; one
    whose pages are missing there (a new output folder) gets them from the
    cache, each file only when its digest checks out (:mod:`.cache`), else
    rendered again.  The site-wide pages (home, people, search, feed) are
    made from the events' summaries (:mod:`.site_pages`), each under the
    digest of what it shows.  Files Podium wrote into this output before
    and not now are removed.

When other plugins listen to ``content_written`` (a sitemap, say), the
pages Podium leaves in place are announced to them too, at their paths in
the output, so that such a plugin sees the whole site whatever this build
had to write.

A warm build therefore writes the same bytes as a cold one.

Settings: ``PODIUM_RESULTS`` (the results folder, default ``results``),
``PODIUM_LANGUAGE`` (one UI language for every event, e.g. an English
mirror of the site; default: each event speaks its own ``language``),
``PODIUM_LANGUAGES`` (every event's pages in these interface languages too,
:mod:`.language_variants`), ``PODIUM_JOBS`` (processes at once, default: every usable core),
``PODIUM_PAGE_SIZES`` (items on one page of a long list, by kind: :mod:`.paging`),
``PODIUM_TEMPLATE_CACHE`` (keep compiled templates in ``CACHE_PATH``,
default True: :mod:`.template_bytecode`), ``PODIUM_SEEN_CHANGES`` (what a
long-lived process's file watcher saw change since its last good build:
the other event folders are not looked at, :func:`.events.touched_folders`;
``make serve`` sets it) and the ``PODIUM_*_URL`` /
``PODIUM_*_SAVE_AS`` pairs of :mod:`.urls`.
"""

from __future__ import annotations

import errno
import logging
import os
from pathlib import Path

from pelican import signals
from pelican.generators import Generator

from podium_core import workers
from podium_core.changes import unfinished
from podium_core.errors import Problem, Problems
from podium_core.rules_pages import missing_rules
from . import (cache_keys, extensions, language_variants, output, paging, shipped_pages, static, template_bytecode,
               translations)
from .cache import Store
from .events import DamagedSummary, Events, touched_folders
from .file_stamps import Stamps
from .looks import Looks
from .output_record import OutputRecord
from .places import shown_results
from .setting_values import setting_number
from .site_pages import SitePages
from .summary import most_recent_first
from .template_use import RecordingLoader, sources
from .urls import Urls

logger = logging.getLogger(__name__)

__all__ = ["PodiumGenerator", "setting_number"]


class PodiumGenerator(Generator):
    """Writes the results pages of every event and the site-wide pages, only what changed."""

    def __init__(self, *args, **kwargs):
        # the rules pages Podium ships are read through Pelican's reader cache, as its own generators do
        super().__init__(*args, readers_cache_name=f"{type(self).__name__}-Readers", **kwargs)
        self.env.autoescape = True  # names come from data files: always escaped
        settings = self.settings
        self.urls = Urls(settings)
        self.results = Path(settings.get("PODIUM_RESULTS") or "results")
        self.language = settings.get("PODIUM_LANGUAGE")  # one UI language for every event, if set
        self.site_language = settings.get("DEFAULT_LANG", "en")
        self.relative_urls = settings.get("RELATIVE_URLS", False)
        self.store = Store(settings.get("CACHE_PATH") or "cache")
        self.problems: list = []
        self.events: Events | None = None
        self.keys: dict = {}  # slug -> the key of its pages, known in generate_context
        self.variant_languages: tuple = ()  # PODIUM_LANGUAGES (.language_variants)
        self.shipped_pages: dict = {}  # slug -> a rules page Podium ships, in the site's language (.shipped_pages)

    # -- context -----------------------------------------------------------------------

    def generate_context(self):
        """Evaluate what changed and give every page the events' headers; problems are
        logged, and then Podium writes nothing (see the module docstring)."""
        self.context["podium_events"] = []
        self.context["podium_events_by_rules"] = {}
        try:
            self._read_settings()
        except ValueError as exc:  # a setting that is no valid value: one line, naming it
            self.problems = [str(exc)]
            logger.error("%s; Podium wrote nothing", exc)
            return
        try:
            self._evaluate_changed()
            self._add_to_context()
        except Problems as exc:
            if self.events is not None:  # nothing is rendered: what waits in the cache goes
                self.events.discard()
            self.problems = list(exc.problems)
            for problem in self.problems:
                logger.error("%s", problem)
            count = len(self.problems)
            logger.error("%d problem%s found in the results; Podium wrote nothing", count, "s" if count != 1 else "")
            self.context["podium_events"] = []
            self.context["podium_events_by_rules"] = {}

    def _read_settings(self) -> None:
        settings = self.settings
        self.jobs = setting_number(settings, "PODIUM_JOBS", int, 0) or workers.usable_cores()
        self.page_sizes = paging.sizes(settings)
        self.variant_languages = language_variants.languages(settings)
        self.looks = Looks(settings, self.store)

    def _evaluate_changed(self) -> None:
        """Hash every event folder; evaluate those the cache cannot vouch for (raises Problems)."""
        if not self.results.is_dir():
            raise Problems([Problem(str(self.results), 1, "results folder not found")])
        half_changed = unfinished(self.results)  # a podium command at work, or killed half-way
        if half_changed is not None:
            raise Problems([half_changed])
        self.store.tidy()
        stamps = Stamps(self.store)  # file digests, reading only the files whose stat changed
        recording = self.env.loader if isinstance(self.env.loader, RecordingLoader) and self.env.auto_reload else None
        self.recording = recording  # None: every event depends on every template
        self.template_sources = sources(self.env, stamps.file_digest)  # before anything is rendered
        self.templates_digest = cache_keys.digest(self.template_sources)
        self.events = events = Events(self.results, self.store, stamps, self.looks, self.urls, self.language,
                                      touched_folders(self.settings.get("PODIUM_SEEN_CHANGES"), self.results))
        changed, problems = events.find()
        self.statics = [[path, stamps.file_digest(source, _stat(source))] for path, source in static.sources()]
        stamps.save()
        # while forked processes evaluate: the templates the pages will need, compiled here
        events.evaluate(changed, problems, self.jobs, meanwhile=lambda: template_bytecode.load_pages(self.env))

    def _add_to_context(self) -> None:
        events = self.events
        headers = events.headers
        pages = {}
        for page in list(self.context.get("pages", [])) + list(self.context.get("hidden_pages", [])):
            pages.setdefault(page.slug, page)
        default_lang = self.site_language
        named = {headers[slug].rules for slug in events.slugs if headers[slug].rules} - set(pages)
        self.shipped_pages = shipped_pages.read(self.readers, named, default_lang, self.context)
        self.readers.save_cache()
        pages.update(self.shipped_pages)
        missing = []
        self.rules_pages = {}  # slug -> the event's rules page (shown in each language by rules_page)
        for slug in events.slugs:
            ev = headers[slug]
            if slug in self.variant_languages:
                missing.append(Problem(str(events.folder_of[slug] / "event.yaml"), 1,
                                       f"the event's folder name '{slug}' is a language of PODIUM_LANGUAGES: "
                                       "its pages would be in that language's folder; give the folder another name"))
            if ev.rules:
                problem = missing_rules(events.folder_of[slug] / "event.yaml", ev.rules, pages, self.settings["PATH"])
                if problem is not None:
                    missing.append(problem)
                else:  # shown inside the event (extensions.rules)
                    self.rules_pages[slug] = pages[ev.rules]
                    ev.rules_url = self.urls.url("event_rules", slug=slug)
        if missing:
            raise Problems(missing)
        home_page = pages.get(self.settings.get("PODIUM_HOME_PAGE", "home"))
        # the languages pages are written in: the site's own and every event's
        self.languages = sorted({default_lang} | {headers[slug].language for slug in events.slugs}
                                | set(self.variant_languages))
        for page in self.shipped_pages.values():  # a site writes its pages in these languages only
            page.translations = [other for other in page.translations if other.lang in self.languages]
        menu_pages = [page for page in self.context.get("pages", []) if page.template != "rules"]
        menus = translations.menus(menu_pages, self.languages, default_lang)  # the site menu in every language
        self.page_translations = translations.translations_of(pages.values())
        self.context["podium_events"] = most_recent_first(headers.values())
        by_rules: dict = {}  # the events each rules page lists (rules.html), grouped once for every page
        for header in self.context["podium_events"]:
            if header.rules:
                by_rules.setdefault(header.rules, []).append(header)
        self.context["podium_events_by_rules"] = by_rules
        self.context["podium_home_page"] = home_page
        self.context["podium_menu"] = menus[default_lang]  # the site menu of every page (base.html)
        self.context["podium_menus"] = menus
        self.context["podium_languages"] = self.languages  # those the site's pages are written in
        self.context["podium_site_url"] = self.settings.get("SITEURL", "")  # absolute in a published build
        self.context["podium_results"] = shown_results(self.results)  # as the organisers' commands name it
        # URLs of the site-level pages every page links (people, search)
        self.site_urls = self._site_urls()
        self.context["podium_people_url"] = self.site_urls.get("people")
        self.context["podium_search_url"] = self.site_urls.get("search")
        self.context["podium_search_urls"] = {lang: self.urls.url("search_lang", lang=lang) for lang in self.languages
                                              if lang != default_lang and "search" in self.site_urls}
        # what every page takes from Pelican and from the other events
        self.site_key = cache_keys.digest("site", {lang: [list(link) for link in links] for lang, links in menus.items()},
                                          self.site_urls, self.context["podium_search_urls"], bool(events.slugs),
                                          sorted([p.slug, p.title, p.url, p.template] for p in pages.values()),
                                          [[p.slug, p.lang, p.title, p.url] for p in self.page_translations])
        self.home_key = cache_keys.digest(home_page.title, translations.content(home_page)) \
            if home_page is not None else ""
        rules_keys: dict = {}  # (slug, language) -> the key of a rules page, taken once however many events show it

        def rules_key(page):
            if page is None:
                return None
            found = rules_keys.get((page.slug, page.lang))
            if found is None:
                found = rules_keys[(page.slug, page.lang)] = cache_keys.digest(translations.page_key(page))
            return found

        for slug in events.slugs:
            shown = language_variants.shown(self.language or headers[slug].language, self.variant_languages)
            self.keys[slug] = cache_keys.digest("pages", events.inputs[slug], shown,
                                                [self.looks.shown(lang) for lang, _folder in shown],
                                                self.site_key, headers[slug].rules_url,
                                                [rules_key(self.rules_page(slug, lang)) for lang, _folder in shown],
                                                None if self.recording is not None else self.templates_digest)

    def _site_urls(self) -> dict:
        """The extensions' ``site_urls`` of the events' headers, asked again only when an
        event's inputs or the people of players.yaml changed (the index keeps them):
        a build with nothing to do loads no page code."""
        events = self.events
        key = cache_keys.digest("site_urls", events.registry_digest, [[slug, events.inputs[slug]] for slug in events.slugs])
        found = events.index.site_value("site_urls", key)
        if not isinstance(found, dict):
            found = extensions.merged("site_urls", self.context["podium_events"], self.urls, events.registry)
            events.index.keep_site("site_urls", key, found)
        return found

    def rules_page(self, slug: str, language: str):
        """The rules page of the event ``slug`` as its pages in ``language`` show it:
        its translation into that language, else the page as written (None: no rules page)."""
        return translations.in_language(self.rules_pages.get(slug), language, self.site_language)

    def _still_right(self, slug: str) -> bool:
        """The event's cached pages are still right: the same key, and the templates they asked for unchanged."""
        index = self.events.index
        entry = index.entry(slug)
        return entry.get("key") == self.keys[slug] and index.templates_unchanged(entry, self.template_sources)

    # -- output ------------------------------------------------------------------------

    def generate_output(self, writer):
        """Every event's pages that changed (on every core), the site's own pages, and
        the removal of what Podium wrote into this output before and not now; nothing
        at all when generate_context found problems.  An event whose record's summary
        does not read back is made again, once: a second time is an I/O error."""
        if self.problems:
            return
        again: set = set()  # the events made again, each once
        while True:
            try:
                self._generate_output(writer)
                return
            except DamagedSummary as damaged:  # a record whose summary does not read back: that event again
                if damaged.slug in again:  # made again, and still not read back: the cache's storage fails
                    raise OSError(errno.EIO, "the build cache does not read back what it wrote",
                                  str(self.store.record_path(self.events.name(damaged.slug))))
                again.add(damaged.slug)
                logger.warning("the build cache held a damaged summary of %s: it is made again", damaged.slug)
                self.events.forget(damaged.slug)
                self._event_output().render([damaged.slug])

    def _generate_output(self, writer):
        events = self.events
        self.output_path = os.path.abspath(self.output_path)
        os.makedirs(self.output_path, exist_ok=True)
        self.writer = writer
        self.known_folders: set = set()  # output folders made sure of (:func:`.output.make_way`)
        self.written = OutputRecord(self.store, self.output_path)
        render = [slug for slug in events.slugs if slug in events.outcomes or not self._still_right(slug)]
        kept = [slug for slug in events.slugs if slug not in render]
        missing = [slug for slug in kept if not self.written.holds(slug, events.name(slug), self.keys[slug])
                   or not self._in_output(slug)]
        announced = signals.content_written.receivers  # other plugins see every page of the site
        if render or missing or announced:
            event_output = self._event_output()
            # what changed first: the pages a preview waits for; then pages missing from this output
            event_output.render(render)
            again = [slug for slug in missing if not event_output.restore(slug)]
            event_output.render(again)
            if announced:
                for slug in kept:
                    if slug not in again:
                        event_output.announce(slug)
        events.outcomes.clear()  # the events' pages are made: the site-wide pages read only summaries
        SitePages(self).write()
        self.written.remove_gone(events.slugs)
        for name in self.store.record_names("event-"):
            if name[len("event-"):].split(".")[0] not in events.folder_of:
                self.store.drop(name)
        events.index.save(events.slugs)
        self.written.save()

    def _event_output(self):
        """The events' pages (:class:`.event_output.EventOutput`), whose code (the views,
        the extensions, the engines they show) is loaded only by a build that makes
        or announces an event's pages."""
        from .event_output import EventOutput

        return EventOutput(self)

    def _in_output(self, slug: str) -> bool:
        """The event's first file is in the output folder, a file (its pages were not removed since)."""
        first = self.events.index.entry(slug).get("first")
        return not first or output.is_file(self.output_path, first)


def _stat(path: str):
    try:
        return os.stat(path)
    except OSError:
        return None
