"""Pages beside the core ones, one module per concern.

The core site (:mod:`pelican.plugins.podium.views`, :mod:`pelican.plugins.podium.plugin`) writes
the pages every event has.  An extension module adds what only some events or
some organisers need — a system's bracket or crosstable, per-match or
per-session pages, organiser tools, downloads — without touching the core.
A module may define:

``URLS``
    ``{kind: default URL pattern}``, merged into :data:`pelican.plugins.podium.urls.DEFAULT_URLS`
    (``PODIUM_<KIND>_URL`` / ``_SAVE_AS`` settings override them as usual).
``unit_view(fmt, kind, unit, people, lang)``
    A dedicated :class:`~pelican.plugins.podium.views.Unit` for a table, game or match,
    or None to let the next extension (or the generic view) show it; its
    numbers written in the event's language ``lang`` (:mod:`pelican.plugins.podium.i18n`).
``links(ev)``
    ``[(label, url, section), ...]`` added to the event's navigation (``label``
    a msgid marked with ``N_``: templates translate it with ``tr()``).
``pages(ev)``
    :class:`Page` s to render for one event (``ev.urls`` holds its URLs).
``files(ev)``
    :class:`File` s (CSV, feeds, ...) to write for one event.
``site_pages(events, urls, registry)``
    :class:`Page` s for the whole site (``registry``: the people of players.yaml).
``site_files(events, urls, language, feed_max_items)``
    :class:`File` s for the whole site (e.g. the site's Atom feed), in the
    site's language (``DEFAULT_LANG``); a feed lists ``feed_max_items``
    entries at most (Pelican's ``FEED_MAX_ITEMS``; None: all).

All return values are built from the view tree, never from Pelican.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import lru_cache
from importlib import import_module

MODULES = (
    "carcassonne",
    "tantrix",
    "baska",
    "workflow",
    "people",
    "search",  # after people: its player list links the pages people sets
    "rules",
    "calendar",
    "venue",
)


@dataclass
class Page:
    """One HTML page: the URL kind and its parts, the template, extra values."""

    kind: str
    parts: dict
    template: str
    values: dict = field(default_factory=dict)
    section: str = ""


@dataclass
class File:
    """One non-HTML file written as it is (CSV, Atom, ...)."""

    kind: str
    parts: dict
    text: str


@lru_cache(maxsize=None)
def loaded() -> tuple:
    """The extension modules, in the order of :data:`MODULES` (imported once:
    every page's view asks for them)."""
    return tuple(import_module(f"{__name__}.{name}") for name in MODULES)


def collect(name: str, *args) -> list:
    """Concatenate what every extension's function ``name`` returns."""
    found = []
    for module in loaded():
        function = getattr(module, name, None)
        if function is not None:
            found.extend(function(*args) or ())
    return found


def url_patterns() -> dict:
    patterns = {}
    for module in loaded():
        patterns.update(getattr(module, "URLS", {}))
    return patterns


def unit_view(fmt, kind, unit, people, lang="en"):
    for module in loaded():
        function = getattr(module, "unit_view", None)
        view = function(fmt, kind, unit, people, lang) if function else None
        if view is not None:
            return view
    return None
