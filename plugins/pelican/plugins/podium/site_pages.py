"""The site-wide pages and files: home, people, search (in every language), feed, the
Markdown pages' translations and Podium's static files.

They are made from each event's summary (:mod:`.summary`), never from its
view.  When what they are all made of (:meth:`SitePages.inputs`: how pages
look in each language, what they take from Pelican, the summaries' digests,
the registry, the static files) is what this output folder's record names
and the first of them is still there (a new folder may have the inode of
one removed), nothing is looked at, not even a summary.  Otherwise each
page is written again only when the digest of what it shows is not the one
it was written with; a page no longer wanted is removed.
"""

from __future__ import annotations

import os

from pelican import signals

from . import cache_keys, extensions, i18n, output, paging, static, translations
from .cache import sha256
from .output import DATA, PAGE
from .setting_values import setting_number
from .summary import most_recent_first


class SitePages:
    """The site-wide pages of one build (``build``: the generator, its events and keys)."""

    def __init__(self, build):
        self.build = build

    def write(self) -> None:
        """Write what changed of the site-wide pages (see the module docstring)."""
        build = self.build
        site = build.written.site
        inputs = self.inputs()
        if site.get("inputs") == inputs and isinstance(site.get("paths"), dict) \
                and all(output.is_file(build.output_path, path) for path in sorted(site["paths"])[:1]):
            if signals.content_written.receivers:
                for path, entry in sorted(site["paths"].items()):
                    if isinstance(entry, list) and entry[1] == PAGE:
                        self._announce(path)
            return
        before = site.get("paths") if isinstance(site.get("paths"), dict) else {}
        paths = {}
        installed = None  # the language the environment speaks now
        for path, key, template, values, lang in self.wanted():
            kind = DATA if template is None else PAGE
            paths[path] = [key, kind]
            if before.get(path) == [key, kind] and os.path.isfile(os.path.join(build.output_path, path)):
                if kind == PAGE and signals.content_written.receivers:
                    self._announce(path)
                continue
            if template is None:
                output.write(build.output_path, path, values, build.known_folders)
                continue
            if installed != lang:
                i18n.install(build.env, lang)
                installed = lang
            output.make_way(build.output_path, path, build.known_folders)
            build.writer.write_file(path, build.get_template(template), build.context,
                                    relative_urls=build.relative_urls, override_output=True, **values)
        for path in sorted(set(before) - set(paths)):
            output.remove(build.output_path, path)
        build.written.site = {"inputs": inputs, "paths": paths}

    def _announce(self, path: str) -> None:
        signals.content_written.send(os.path.join(self.build.output_path, path), context=self.build.context)

    def inputs(self) -> str:
        """The key of everything the site-wide pages are made of: how pages look in
        each language, what they take from Pelican (menus, the home page, the
        Markdown pages' translations), the events' summaries (by digest), the
        registry and Podium's static files."""
        build = self.build
        events = build.events
        return cache_keys.digest("site", [build.looks.shown(lang) for lang in build.languages], build.site_key,
                                 build.templates_digest, build.home_key,
                                 [translations.page_key(page) for page in build.page_translations],
                                 [[slug, events.index.entry(slug)["summary_digest"]] for slug in events.slugs],
                                 events.registry, build.statics)

    def wanted(self) -> list:
        """Every site-wide page and file as (path, key, template or None, values or bytes, language)."""
        build = self.build
        urls = build.urls
        language = build.site_language
        registry = build.events.registry
        shown = cache_keys.digest(build.looks.shown(language), build.site_key, build.templates_digest)
        wanted = []
        events = most_recent_first(build.events.summary_of(slug) for slug in build.events.slugs)
        site_pages = extensions.collect("site_pages", events, urls, registry, build.page_sizes)
        home = {"events": events, "lang": language}
        wanted.append((urls.save_as("home"), cache_keys.digest(shown, "podium/home", build.home_key, home), "podium/home",
                       home, language))
        for page in site_pages:
            if page.kind == "search":
                continue  # in every language, below
            values = {"lang": language, "people_url": urls.url("people"), **page.values}
            for path, page_values in paging.pages_of(urls, page.kind, page.parts, page.cut, values):
                wanted.append((path, cache_keys.digest(shown, page.template, path, page_values), page.template,
                               page_values, language))
        feed_max_items = setting_number(build.settings, "FEED_MAX_ITEMS", int, None)  # Pelican's, 100 by default
        for file in extensions.collect("site_files", events, urls, language, feed_max_items):
            data = file.text.encode("utf-8")
            wanted.append((urls.save_as(file.kind, **file.parts), sha256(data), None, data, language))
        folder = static.static_dir(build.settings)
        for path, data in static.files() if static.written_here(build.settings) else ():  # no theme needs a copy
            wanted.append((f"{folder}/{path}", sha256(data), None, data, language))
        search = next((page for page in site_pages if page.kind == "search"), None)
        return wanted + self._in_every_language(search)

    def _in_every_language(self, search) -> list:
        """The search page in every language (the site's at its own URL), and the
        Markdown pages' translations, as :meth:`wanted` gives them."""
        build = self.build
        urls = build.urls
        wanted = []
        shows = cache_keys.digest(search.values) if search is not None else None  # the same in every language
        for lang in build.languages:
            shown = cache_keys.digest(build.looks.shown(lang), build.site_key, build.templates_digest)
            if search is not None:
                values = {"lang": lang, "people_url": urls.url("people"), **search.values}
                kind, parts = (search.kind, search.parts) if lang == build.site_language else ("search_lang", {"lang": lang})
                for path, page_values in paging.pages_of(urls, kind, parts, search.cut, values):
                    wanted.append((path, cache_keys.digest(shown, search.template, path, lang, values["people_url"], shows),
                                   search.template, page_values, lang))
            if lang == build.site_language:
                continue
            for page in build.page_translations:
                if translations.page_language(page, build.site_language) == lang:
                    key = cache_keys.digest(shown, page.template, page.url, translations.page_key(page))
                    wanted.append((page.url, key, page.template, {"page": page, "lang": lang}, lang))
        return wanted
