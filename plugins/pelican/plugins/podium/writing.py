"""Writing Podium's files into the output folder, the way Pelican's writer does.

A page is rendered with the variables Pelican's ``Writer.write_file`` gives
a template -- the generators' context, ``SITEURL`` relative to the page when
``RELATIVE_URLS`` is on, ``localsiteurl``, ``output_file`` and the page's
own values -- and written where ``Writer.write_file`` would write it, with
the same log line and the same ``content_written`` signal.  What it does not
do is Writer's work per page that a build of 20,000 pages feels: copying
the whole context twice (Writer's local context, then Jinja's own merge with
the template globals) and creating each folder again.  The context and the
template globals are merged once for a run of pages in one language
(:meth:`PageWriter.language`), each page copies that, and a folder is made
once.  Nor does it keep Writer's list of the files written, with which
Writer refuses to write one file twice: every Podium page has a path of its
own (its kind's URL pattern and the event's slug), and a Markdown page
given the same path as a Podium page is overwritten by it, not reported.

Every path is joined with Pelican's ``sanitised_join``: nothing is ever
written outside the output folder, whatever a slug or id says.
"""

from __future__ import annotations

import logging
import os

from jinja2.runtime import new_context
from pelican import signals
from pelican.utils import get_relative_path, path_to_url, sanitised_join

logger = logging.getLogger(__name__)


class PageWriter:
    """Renders templates into files under ``output_path`` (one per process: a forked
    worker gets its own copy)."""

    def __init__(self, env, output_path: str, context: dict, relative_urls: bool):
        self.env = env
        self.output_path = output_path
        self.context = context
        self.relative_urls = relative_urls
        self.folders: set[str] = set()  # made already, in this process
        self.site_urls: dict[int, str] = {}  # a page's relative SITEURL by its depth
        self.base: dict | None = None

    def language(self) -> None:
        """Merge the template globals (the UI language's ``_``, ``tr``, ...: see
        :func:`pelican.plugins.podium.i18n.install`) with the context, for the pages that follow.
        Call it again after installing another language."""
        self.base = {**self.env.globals, **self.context}
        self.base.setdefault("localsiteurl", None)

    def page(self, save_as: str, template, values: dict) -> None:
        """``template`` rendered with the context and ``values``, written to ``save_as``."""
        if self.base is None:
            self.language()
        local = self.base.copy()
        if self.relative_urls:
            local["SITEURL"] = local["localsiteurl"] = self._site_url(save_as)
        local["output_file"] = save_as
        local.update(values)
        if local["localsiteurl"]:  # Pelican's pages adjust their own links to it
            self.context["localsiteurl"] = local["localsiteurl"]
        path = self.text(save_as, render(template, local))
        signals.content_written.send(path, context=local)

    def _site_url(self, save_as: str) -> str:
        """``SITEURL`` relative to the page (``..``, ``../..``, ...), as Pelican
        makes it, remembered by the page's depth: what Pelican's function
        gives depends on nothing else, for a path without empty parts."""
        if "//" in save_as or os.sep != "/":
            return path_to_url(get_relative_path(save_as))
        depth = save_as.strip("/").count("/")
        found = self.site_urls.get(depth)
        if found is None:
            found = self.site_urls[depth] = path_to_url(get_relative_path(save_as))
        return found

    def text(self, save_as: str, text: str) -> str:
        """``text`` written to ``save_as`` as UTF-8, its line ends as they are; the path written."""
        return self.data(save_as, text.encode("utf-8"))

    def data(self, save_as: str, data: bytes) -> str:
        """``data`` written to ``save_as`` as it is; the path written."""
        path = sanitised_join(self.output_path, save_as)
        folder = os.path.dirname(path)
        if folder not in self.folders:
            self._make(folder)
        write_bytes(path, data)
        logger.info('Writing "%s"', path)
        return path

    def _make(self, folder: str) -> None:
        """Make ``folder`` (and what is missing above it), once: most pages have a
        folder of their own in a folder made just before, which one call makes."""
        if os.path.dirname(folder) in self.folders:
            try:
                os.mkdir(folder)
            except FileExistsError:  # left by an earlier build (or not a folder: makedirs says so)
                os.makedirs(folder, exist_ok=True)
        else:
            os.makedirs(folder, exist_ok=True)
        self.folders.add(folder)


def write_bytes(path: str, data: bytes) -> None:
    """``data`` as the whole content of the file ``path``, straight through the
    system's calls: a quarter of the cost of ``open()``'s layers for a page."""
    fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_TRUNC | getattr(os, "O_BINARY", 0), 0o666)
    try:
        view = memoryview(data)
        while view:
            view = view[os.write(fd, view):]
    finally:
        os.close(fd)


def render(template, variables: dict) -> str:
    """``template.render(variables)`` without copying ``variables`` into a new
    dict merged with the template's globals: they are in ``variables`` already.
    (Nor does the context list the globals' names again, for every page: Jinja
    reads that list only to pass an imported template the globals it lacks,
    and every template of the environment has the same.)"""
    context = new_context(template.environment, template.name, template.blocks, variables, True)
    try:
        return template.environment.concat(template.root_render_func(context))
    except Exception:
        template.environment.handle_exception()
