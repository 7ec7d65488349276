"""Each event's files into the output: rendered again, or copied from the cache.

:meth:`EventOutput.render` views and renders events, one task per event,
largest first, on every core (processes forked then; an event changed
alone, or one of fewer events than cores, shares its pages out to the
cores, the pages of its saved round first): every page is
written by the writer Pelican handed the generator (in a worker, its
forked copy), Podium's other files of the event (``event.json``, CSV, ...)
whole (:func:`.output.write`), and each file is kept in the cache under
the SHA-256 of its bytes, with the event's record (its files, its summary,
its people) and its index entry (the templates its pages asked for,
:mod:`.template_use`).  :meth:`EventOutput.restore` puts an unchanged
event's files into an output folder that lacks them, each only when its
digest checks out (:mod:`.cache`).

``content_written`` is sent from the build's own process only, once for
each page at its path in the output, whether the page was written, copied
or left in place (:meth:`EventOutput.announce`), so that another plugin
listening to it sees the whole site.
"""

from __future__ import annotations

import os
from dataclasses import replace
from functools import partial

from pelican import signals

from podium_core import workers
from podium_core.export import dumps
from . import extensions, i18n, language_variants, output, paging, progress, summary, template_bytecode
from .cache import sha256
from .output import DATA, PAGE
from .views import event_view

class EventOutput:
    """The events' files of one build (``build``: the generator, with its events,
    keys, writer, output path and record of what the output folder holds)."""

    def __init__(self, build):
        self.build = build

    def render(self, slugs: list) -> None:
        """View and render the events ``slugs`` (on every core, largest first), write
        their files into the output and keep them and their records in the cache.
        Fewer events than cores share their pages out: each event is viewed here, and
        the processes forked then render a share of its pages each (:func:`render_event`)."""
        if not slugs:
            return
        build = self.build
        events = build.events
        shares = max(1, build.jobs // len(slugs)) if workers.can_fork() else 1  # processes for each event
        if workers.forks(build.jobs, len(slugs) * shares):
            template_bytecode.load_pages(build.env)  # once, here: the processes forked to render inherit them
        views = {slug: self._views(slug) for slug in slugs} if shares > 1 else {}
        made: dict = {}
        units = [(slug, share) for slug in slugs for share in range(shares)]
        for (slug, _share), part in workers.largest_first(lambda unit: self._make(unit, shares, views.get(unit[0])),
                                                          units, build.jobs, size=lambda unit: events.size(unit[0])):
            made.setdefault(slug, []).append(part)
            if len(made[slug]) == shares:
                self._keep(slug, made.pop(slug))

    def _keep(self, slug: str, parts: list) -> None:
        """The event's files made (by one process or shared out: ``parts``, what each
        :meth:`_make` gave) recorded: the output's record, the event's cache record
        and index entry."""
        build = self.build
        events, index = build.events, build.events.index
        files = {path: found for part in parts for path, found in part[0].items()}
        document, people = next((part[1], part[2]) for part in parts if part[1] is not None)
        templates = None if any(part[3] is None for part in parts) else sorted({t for part in parts for t in part[3]})
        name, key = events.name(slug), build.keys[slug]
        if signals.content_written.receivers:
            for path, (kind, _digest) in sorted(files.items()):
                if kind == PAGE:
                    self._announce_page(path)
        build.written.forget_stale(slug, set(files))
        before = events.record_of(slug)
        header = events.headers[slug]
        paths = {path: [digest, kind] for path, (kind, digest) in files.items()}
        old = None
        if before is not None and isinstance(before.get("files"), dict) and before.get("key") != key:
            old = {"key": before.get("key"), "paths": sorted(before["files"])}  # for other output folders
        build.store.keep_record(name, key=key, files=paths, people=people, summary=document, old_files=old)
        build.store.keep_only(name, {digest for _kind, digest in files.values()})
        index.keep(slug, inputs=events.inputs[slug], shown=build.looks.shown(header.language),
                   language=header.language, header=summary.header_record(header),
                   summary_digest=sha256(document.encode("utf-8")), key=key,
                   templates=index.template_set(
                       None if templates is None else
                       {template: build.template_sources.get(template) for template in templates}),
                   first=min(paths) if paths else "", count=len(paths))
        build.written.events[slug] = [name, key]
        events.records.pop(slug, None)
        events.summaries.pop(slug, None)

    def _views(self, slug: str) -> list:
        """The event ``slug`` viewed in each language its pages are written in."""
        build = self.build
        languages = language_variants.shown(build.language or build.events.headers[slug].language,
                                            build.variant_languages)
        return [self._view(slug, build.urls.under(folder) if folder else build.urls, lang, languages, folder)
                for lang, folder in languages]

    def _make(self, unit: tuple, shares: int, views: list | None) -> tuple:
        """The share ``unit`` (the event's slug, which of ``shares``) of an event's files:
        viewed (unless ``views`` are given), its event.json, pages and extension files
        written into the output (:class:`EventWriter`) and kept in the cache: (path ->
        (kind, digest), the event's summary as JSON and its player ids (None for a
        share but the first), the templates its pages asked for or None when that is
        not known).  Runs in a worker process."""
        slug, share = unit
        build = self.build
        events = build.events
        pages = EventWriter(build)
        views = views or self._views(slug)
        changed = {os.path.normpath(events.folder_of[slug] / name) for name in events.index.changed_files.get(slug, ())}
        if build.recording is not None:
            with build.recording.recording() as templates:
                self._render(views, pages, changed, (share, shares))
            templates = sorted(templates)
        else:
            self._render(views, pages, changed, (share, shares))
            templates = None
        build.store.keep_files(events.name(slug), pages.kept)
        if share:
            return pages.files, None, None, templates
        ev = views[0]
        return pages.files, summary.dumps(ev.summary), sorted(ev.people), templates

    def _view(self, slug: str, urls, language: str, languages: list, folder: str):
        """The event ``slug`` viewed in the interface ``language``, its pages at ``urls``."""
        build = self.build
        events = build.events
        ev = event_view(events.outcome(slug), urls, language, events.registry, build.page_sizes)
        ev.languages, ev.folder = languages, folder
        if events.headers[slug].rules_url:
            ev.rules_url = urls.url("event_rules", slug=slug)
            ev.rules_page = build.rules_page(slug, language)
        progress.attach(ev)
        return ev

    def _render(self, views: list, pages, changed: set, share: tuple) -> None:
        for ev in views:
            i18n.install(self.build.env, ev.language)
            pages.urls = ev.urls_of
            render_event(ev, pages, ev.urls_of, changed, share)

    def restore(self, slug: str) -> bool:
        """An unchanged event's files put into this output from the cache; False, and
        nothing written, when any of them is missing or does not check out."""
        build = self.build
        record, name, key = build.events.record_of(slug), build.events.name(slug), build.keys[slug]
        if record is None or record.get("key") != key:
            return False
        files = {}
        for path, entry in record["files"].items():
            if not (isinstance(entry, list) and len(entry) == 2 and entry[1] in (PAGE, DATA)):
                return False
            data = build.store.file(name, entry[0])
            if data is None:
                return False
            files[path] = (entry[1], data)
        for path in sorted(files):
            kind, data = files[path]
            output.write(build.output_path, path, data, build.known_folders)
            if kind == PAGE and signals.content_written.receivers:
                self._announce_page(path)
        build.written.forget_stale(slug, set(files))
        build.written.events[slug] = [name, key]
        return True

    def announce(self, slug: str) -> None:
        """``content_written`` for each page of an event left in place."""
        record = self.build.events.record_of(slug)
        for path, entry in sorted(record["files"].items() if record is not None else ()):
            if isinstance(entry, list) and len(entry) == 2 and entry[1] == PAGE:
                self._announce_page(path)

    def _announce_page(self, path: str) -> None:
        signals.content_written.send(os.path.join(self.build.output_path, path), context=self.build.context)


class EventWriter:
    """An event's files as they are made: each page written by Pelican's writer
    (the one Pelican handed the generator; in a worker, its forked copy), its
    other files written whole (:func:`.output.write`), and each kept with the
    SHA-256 of its bytes.  ``content_written`` is muted meanwhile: the build's
    own process announces every page once, where other plugins listen."""

    def __init__(self, build):
        self.build = build
        self.urls = build.urls  # those of the view being written (its language's folder)
        self.output = build.output_path
        self.known: set = set()  # output folders made sure of
        self.files: dict = {}  # path -> (kind, digest)
        self.kept: list = []  # (digest, bytes) of every file, for the cache

    def page(self, path: str, template: str, **values) -> None:
        build = self.build
        ev = values.get("ev")
        if ev is not None:  # the same page in the event's other languages
            values["alternates"] = language_variants.alternates(ev.languages, ev.folder, path)
        found = build.get_template(template)  # Pelican keeps it once loaded: the loader is not asked again
        if build.recording is not None:
            build.recording.add(found.name)
        output.make_way(self.output, path, self.known)
        with signals.content_written.muted():
            build.writer.write_file(path, found, build.context, relative_urls=build.relative_urls,
                                    override_output=True, **values)
        self._keep(path, PAGE, output.read(self.output, path))

    def cut(self, where: tuple, template: str, cut, **values) -> None:
        """The pages of ``where`` (its URL kind and parts), its list cut by ``cut`` (:func:`.paging.pages_of`)."""
        kind, parts = where
        for path, page_values in paging.pages_of(self.urls, kind, parts, cut, values):
            self.page(path, template, **page_values)

    def data(self, path: str, data: bytes) -> None:
        output.write(self.output, path, data, self.known)
        self._keep(path, DATA, data)

    def _keep(self, path: str, kind: str, data: bytes) -> None:
        digest = sha256(data)
        self.files[path] = (kind, digest)
        self.kept.append((digest, data))


def render_event(ev, pages: EventWriter, urls, changed=frozenset(), share: tuple = (0, 1)) -> None:
    """The event's event.json, pages and extension files, through ``pages``: the tasks
    of :func:`event_tasks`, or with ``share`` (k, n) every n-th of them from the k-th,
    one process's share of n."""
    first, every = share
    for task in event_tasks(ev, pages, urls, changed)[first::every]:
        task()


def event_tasks(ev, pages: EventWriter, urls, changed=frozenset()) -> list:
    """What writes the event's files, in tasks of about one page each: first the pages
    of the rounds whose files are among ``changed`` (normalised paths), which an
    organiser who just saved one waits for; then each extension's files (the
    spreadsheets, the card image: the longest tasks, spread over the shares of
    :func:`render_event` early); then every other page."""
    slug = ev.slug
    common = {"ev": ev, "lang": ev.language}
    sizes = ev.page_sizes
    tasks = []
    saved = {(r.stage, r.round) for r in ev.outcome.rounds
             if r.source is not None and os.path.normpath(r.source.where.path) in changed}
    rounds = []
    for rnd in sorted(ev.rounds, key=lambda rnd: (rnd.stage, rnd.round) not in saved):
        cut = paging.Cut(rnd.parts, paging.by("number"), lambda part, rnd=rnd: {"rnd": rnd.page(part)})
        rounds.append(partial(pages.cut, ("round", {"slug": slug, "stage": rnd.stage, "round": rnd.round}),
                              "podium/round", cut, section="rounds", **common))
    first = len(saved & {(rnd.stage, rnd.round) for rnd in ev.rounds})
    tasks += rounds[:first]
    tasks += [partial(_write_files, function, ev, pages, urls) for function in extensions.functions("files", ev)]
    tasks += rounds[first:]
    tasks.append(lambda: pages.data(urls.save_as("json", slug=slug), dumps(ev.document)))
    tasks.append(partial(pages.page, urls.save_as("event", slug=slug), "podium/event", section="event", **common))
    if ev.standings:  # knockout formats have none
        tasks.append(partial(pages.page, urls.save_as("standings_index", slug=slug), "podium/standings_index",
                             section="standings", **common))
    for st in ev.standings:
        cut = paging.Cut(st.parts, paging.by("rank"), lambda part, st=st: {"standing": st.page(part)})
        tasks.append(partial(pages.cut, ("standings", {"slug": slug, "stage": st.stage, "group": st.group or "",
                                                       "round": st.after_round}),
                             "podium/standings", cut, section="standings", **common))
    cut = paging.Cut.of(ev.players, sizes["rows"], paging.by("name"), lambda part: {"ev": replace(ev, players=part)})
    tasks.append(partial(pages.cut, ("players", {"slug": slug}), "podium/players", cut, section="players",
                         lang=ev.language))
    for person in ev.players:
        tasks.append(lambda person=person: pages.page(urls.save_as("player", slug=slug, player=person.id),
                                                      "podium/player", pp=ev.player_pages[person.id],
                                                      section="players", **common))
    if ev.finished:
        cut = paging.Cut.of(ev.classification, sizes["rows"], paging.by(lambda line: line.place or "—"),
                            lambda part: {"ev": replace(ev, classification=part)})
        tasks.append(partial(pages.cut, ("classification", {"slug": slug}), "podium/classification", cut,
                             section="classification", lang=ev.language))
    tasks.append(partial(pages.page, urls.save_as("format", slug=slug), "podium/format", section="format", **common))
    for page in extensions.collect("pages", ev):
        if page.cut is not None:
            tasks.append(partial(pages.cut, (page.kind, page.parts), page.template, page.cut, section=page.section,
                                 **common, **page.values))
        else:
            tasks.append(partial(pages.page, urls.save_as(page.kind, **page.parts), page.template,
                                 section=page.section, **common, **page.values))
    return tasks


def _write_files(function, ev, pages: EventWriter, urls) -> None:
    """The files one extension's ``files`` function makes of the event (downloads,
    feeds, images), through ``pages``."""
    for file in function(ev) or ():
        data = file.text if isinstance(file.text, bytes) else file.text.encode("utf-8")
        pages.data(urls.save_as(file.kind, **file.parts), data)
