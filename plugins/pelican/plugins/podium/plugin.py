"""Podium's Pelican plugin: a generator that writes the results pages.

Wiring, the Pelican way:

- ``signals.get_generators`` adds :class:`PodiumGenerator`;
- ``signals.generator_init`` gives every generator's Jinja environment the
  Podium templates shipped in this package (so Markdown pages with
  ``Template:`` can use them too, under any theme) and the UI translations
  (``jinja2.ext.i18n``, installed for ``DEFAULT_LANG``).

Evaluation happens when the generator is constructed (the event folders
shared out among forked workers too; the view trees of each outcome are
built in this process as the outcomes come in).  Pelican builds every
generator *before* it cleans the output folder (``DELETE_OUTPUT_DIRECTORY``)
and before any ``generate_context``, so evaluating there is the only way a
build with problems can stop before anything in the output folder is
written or deleted.  ``generate_context`` then links the views to
Pelican's pages and shares them as ``podium_events``; ``generate_output``
writes them, each event's event.json and pages and the site's own pages
shared out among forked workers.  All state lives on the generator
instance, which Pelican creates afresh for every run.

Settings: ``PODIUM_RESULTS`` (the results folder, default ``results``),
``PODIUM_LANGUAGE`` (one UI language for every event, e.g. an English
mirror of the site; default: each event speaks its own ``language``),
``PODIUM_JOBS`` (processes writing event pages at once, default: every
usable core; see :mod:`podium.workers`), ``PODIUM_TEMPLATE_CACHE`` (keep
compiled templates in ``CACHE_PATH`` for the next build, default True; see
:mod:`pelican.plugins.podium.compiled`) and the
``PODIUM_*_URL`` / ``PODIUM_*_SAVE_AS`` pairs of :mod:`pelican.plugins.podium.urls`.
"""

from __future__ import annotations

import logging
from pathlib import Path

from jinja2 import ChoiceLoader, FileSystemLoader, PrefixLoader
from pelican import signals
from pelican.generators import Generator

from podium.collector import fewer_collections, lasting
from podium.errors import Problems
from podium.export import dumps, event_document
from podium.pipeline import evaluate_folder
from podium import workers
from . import compiled, extensions, i18n, jinja_speed, now, translations
from .extensions import venue
from .urls import Urls
from .views import event_view
from .writing import PageWriter

logger = logging.getLogger(__name__)


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


TEMPLATES = Path(__file__).resolve().parent / "templates"  # the Podium templates, shipped in the package
SITE = "site"  # the share of the output that is the site's own pages, not an event's


class PodiumGenerator(Generator):
    """Writes the site home and every event's pages and event.json."""

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.env.autoescape = True  # names come from data files: always escaped
        self.env.auto_reload = False  # templates do not change during a build: no stat() per use
        self.urls = Urls(self.settings)
        self.results = self.settings.get("PODIUM_RESULTS") or "results"
        self.events = []
        self.jobs = int(self.settings.get("PODIUM_JOBS") or workers.usable_cores())
        self.files = PageWriter(self.env, self.output_path, self.context, self.settings["RELATIVE_URLS"])
        self.language = self.settings.get("PODIUM_LANGUAGE")  # one UI language for every event, if set
        self.views = {}  # slug -> the event's view tree
        try:
            with fewer_collections():
                # here, while forked workers evaluate: the pages' templates compiled (the workers
                # that write the pages later inherit them), and each outcome's views built as it comes
                self.outcomes, self.registry = evaluate_folder(self.results, self.jobs, meanwhile=self._compile_templates,
                                                               then=self._build_views)
        except Problems as exc:
            raise BuildFailed(exc.problems) from None

    # -- context -------------------------------------------------------------

    @lasting()  # every view made here lives until the end of the build
    def _build_views(self, outcome):
        """An event's view tree, built in this process as soon as its outcome is here,
        and its pages' translations read (once a language), for the page writers to inherit."""
        view = self.views[outcome.event.slug] = event_view(outcome, self.urls, self.language)
        now.attach(view)
        i18n.translations(view.language)

    def generate_context(self):
        self.events = [self.views[outcome.event.slug] for outcome in self.outcomes]
        default_lang = self.settings.get("DEFAULT_LANG", "en")
        pages = {}
        for page in list(self.context.get("pages", [])) + list(self.context.get("hidden_pages", [])):
            pages.setdefault(page.slug, page)
        for ev in self.events:
            if not ev.rules:
                continue
            page = pages.get(ev.rules)
            if page is None:
                logger.warning("%s: the rules page '%s' is not among the pages of %s", ev.slug, ev.rules, self.settings["PATH"])
            else:  # shown inside the event, in its language when translated (extensions.rules)
                ev.rules_page = translations.in_language(page, ev.language, default_lang)
                ev.rules_url = self.urls.url("event_rules", slug=ev.slug)
        ordered = sorted(self.events, key=lambda e: e.slug)
        ordered.sort(key=lambda e: e.last_date, reverse=True)  # the most recent first
        self.context["podium_events"] = ordered
        self.context["podium_home_page"] = pages.get(self.settings.get("PODIUM_HOME_PAGE", "home"))
        # the languages pages are written in: the site's own and every event's
        self.languages = sorted({default_lang} | {ev.language for ev in self.events})
        # the site menu of every page (base.html) in every language, its URLs made once
        menu_pages = [page for page in self.context.get("pages", []) if page.template != "rules"]
        self.context["podium_menus"] = translations.menus(menu_pages, self.languages, default_lang)
        self.context["podium_menu"] = self.context["podium_menus"][default_lang]
        self.context["podium_site_url"] = self.settings.get("SITEURL", "")  # absolute in a published build
        self.page_translations = translations.translations_of(pages.values())
        # site-wide pages (people across events) also link event pages to themselves
        self.site_pages = extensions.collect("site_pages", ordered, self.urls, self.registry)
        # URLs of the site-level pages without parts (people, search), for every page's links
        site_urls = {page.kind: self.urls.url(page.kind, **page.parts) for page in self.site_pages if not page.parts}
        self.context["podium_people_url"] = site_urls.get("people")
        self.context["podium_search_url"] = site_urls.get("search")
        self.context["podium_search_urls"] = {lang: self.urls.url("search_lang", lang=lang) for lang in self.languages
                                              if lang != default_lang and "search" in site_urls}

    # -- output ----------------------------------------------------------------

    @fewer_collections()
    def generate_output(self, writer):
        """Every event's pages and the site's own, on every usable core (:mod:`podium.workers`).

        The site's pages (home, people, search, feed) are one more share of
        the work: every view they show was built before the fork."""
        jinja_speed.forget(self.env)
        try:
            workers.for_each(self._write_share, [*self.events, SITE], self.jobs, cost=self._page_cost)
        finally:
            jinja_speed.forget(self.env)  # what the pages of this build needed

    def _compile_templates(self):
        """Load Podium's templates here, once (compiled, or from the compiled
        templates a build before kept: :mod:`pelican.plugins.podium.compiled`), rather
        than in every forked worker, while other processes evaluate the event folders.
        Not done for a build in one process (one event folder, one job): it
        would also compile the templates of formats it does not use."""
        for name in self.env.list_templates(filter_func=lambda name: name.startswith("podium/")):
            self.env.get_template(name)
        self.env.get_template("base.html")

    def _write_share(self, share):
        if share is SITE:
            self._write_site()
        else:
            self._write_event(share)

    def _page_cost(self, share) -> int:
        """About how much writing a share's pages takes: for an event its rounds
        (round, find and check pages), standings and players (their pages are
        the heaviest); for the site its people and events."""
        if share is SITE:
            return 2 * len(self.site_pages) + len(self.events)
        return 3 * len(share.rounds) + len(share.standings) + 2 * len(share.players)

    def _write_page(self, save_as, template, **values):
        self.files.page(save_as, self.get_template(template), values)

    def _language(self, language):
        """The UI language of the pages written next."""
        i18n.install(self.env, language)
        self.files.language()

    def _write_event(self, ev):
        """One event's event.json, pages, and extension pages and files."""
        urls = self.urls
        write = self._write_page
        self._language(ev.language)
        slug = ev.slug
        common = {"ev": ev, "lang": ev.language}
        self._write_json(ev.outcome)
        write(urls.save_as("event", slug=slug), "podium/event", section="event", **common)
        for rnd in ev.rounds:
            write(urls.save_as("round", slug=slug, stage=rnd.stage, round=rnd.round), "podium/round", rnd=rnd, section="rounds", **common)
        if ev.standings:  # knockout formats have none
            write(urls.save_as("standings_index", slug=slug), "podium/standings_index", section="standings", **common)
        for st in ev.standings:
            write(urls.save_as("standings", slug=slug, stage=st.stage, group=st.group or "", round=st.after_round),
                  "podium/standings", standing=st, section="standings", **common)
        write(urls.save_as("players", slug=slug), "podium/players", section="players", **common)
        for person in ev.players:
            write(urls.save_as("player", slug=slug, player=person.id), "podium/player",
                  pp=ev.player_pages[person.id], section="players", **common)
        if ev.finished:
            write(urls.save_as("classification", slug=slug), "podium/classification", section="classification", **common)
        write(urls.save_as("format", slug=slug), "podium/format", section="format", **common)
        for page in extensions.collect("pages", ev):
            write(urls.save_as(page.kind, **page.parts), page.template, section=page.section, **common, **page.values)
        for file in extensions.collect("files", ev):
            self.files.text(urls.save_as(file.kind, **file.parts), file.text)

    def _write_site(self):
        """The home page and the site-wide pages and files (people, search, feed)."""
        urls = self.urls
        write = self._write_page
        default_lang = self.settings.get("DEFAULT_LANG", "en")
        self._language(default_lang)
        write(urls.save_as("home"), "podium/home", events=self.context["podium_events"], lang=default_lang)
        for page in self.site_pages:
            write(urls.save_as(page.kind, **page.parts), page.template, lang=default_lang,
                  people_url=urls.url("people"), **page.values)
        feed_max_items = self.settings.get("FEED_MAX_ITEMS")  # Pelican's, 100 by default; "" or None: all
        feed_max_items = None if feed_max_items in ("", None) else int(feed_max_items)
        for file in extensions.collect("site_files", self.context["podium_events"], urls, default_lang, feed_max_items):
            self.files.text(urls.save_as(file.kind, **file.parts), file.text)
        self._write_other_languages(default_lang)

    def _write_other_languages(self, default_lang):
        """The search page and the Markdown pages' translations in every other language."""
        search = next((page for page in self.site_pages if page.kind == "search"), None)
        for lang in self.languages:
            if lang == default_lang:
                continue
            self._language(lang)
            if search is not None:
                self._write_page(self.urls.save_as("search_lang", lang=lang), search.template, lang=lang,
                                 people_url=self.urls.url("people"), **search.values)
            for page in self.page_translations:
                if translations.page_language(page, default_lang) == lang:
                    self._write_page(page.url, page.template, page=page, lang=lang)

    def _write_json(self, outcome):
        """An event's event.json: the very bytes ``podium export`` prints."""
        self.files.data(self.urls.save_as("json", slug=outcome.event.slug), dumps(event_document(outcome)))


def add_templates_and_translations(generator):
    """``generator_init``: the Podium templates as a fallback loader, and translations."""
    settings = generator.settings
    # after the theme's own loaders: a theme may override any Podium template by name,
    # and extend the original as "!podium/<name>"
    loader = FileSystemLoader(str(TEMPLATES))
    generator.env.loader = ChoiceLoader([generator.env.loader, PrefixLoader({"!podium": loader}), loader])
    i18n.install(generator.env, settings.get("DEFAULT_LANG", "en"))
    generator.env.globals["qr_svg"] = venue.qr_svg  # QR codes of the venue kit and score sheets
    jinja_speed.install(generator.env)
    if settings.get("PODIUM_TEMPLATE_CACHE", True):
        compiled.use(generator.env, settings.get("CACHE_PATH") or "cache")


def get_generators(pelican):
    return PodiumGenerator


def register():
    signals.generator_init.connect(add_templates_and_translations)
    signals.get_generators.connect(get_generators)
