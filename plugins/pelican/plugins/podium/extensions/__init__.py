"""Pages beside the core ones, one module per concern, in one registry (:data:`MODULES`).

The core site (:mod:`pelican.plugins.podium.views`, :mod:`pelican.plugins.podium.plugin`) writes
the pages every event has.  An extension module adds what only some events or
some organisers need — a system's units, bracket or crosstable, per-match or
per-session pages, organiser tools, downloads — without touching the core.
Every tournament system of :data:`podium_core.systems.SYSTEMS` has its
module, named as the system (``extensions/<system name>.py``), whose
``SYSTEM`` is the system's class: it serves only the events of that system
(:func:`serves`); ``workflow``, ``people`` and ``search`` serve every event.
Hooks return values: none changes a view it was not given, and none sees
another event's view.  The URLs of a module's pages are declared with every
other in :data:`pelican.plugins.podium.urls.DEFAULT_URLS`.  A module may define:

``unit_view(fmt, kind, unit, people, lang)``
    A dedicated :class:`~pelican.plugins.podium.views.UnitView` for a table, game or match,
    or None to let the next extension (or the generic view) show it; its
    numbers written in the event's language ``lang`` (:mod:`pelican.plugins.podium.i18n`).
``profile_urls(ev, urls, registry)``
    ``{player id: URL}`` of each player's page across events.
``links(ev)``
    ``[(label, url, section), ...]`` added to the event's navigation (``label``
    a msgid marked with ``N_``: templates translate it with ``tr()``).
``pages(ev)``
    :class:`Page` s to render for one event (``ev.urls`` holds its URLs); a
    page with a long list gives its ``cut`` (:class:`..paging.Cut`) and is
    written as one page per part, each with its ``pager``.
``brackets(ev)``
    The event's knockout brackets (:class:`.brackets.BracketView`), first to
    last: a player's now follows them to their next game (:func:`.brackets.next_game`).
``files(ev)``
    :class:`File` s (CSV, feeds, ...) to write for one event.
``site_pages(events, urls, registry, sizes)``
    :class:`Page` s for the whole site (``registry``: the people of players.yaml),
    from the events' summaries (:class:`~pelican.plugins.podium.summary.EventSummary`):
    a build keeps them for events it does not evaluate again.  A long list is
    cut into parts of ``sizes`` (:func:`..paging.sizes`: the ``PODIUM_PAGE_SIZES``
    setting), as an event's pages are.
``site_urls(events, urls, registry)``
    ``{kind: URL}`` of the site pages every page links to (people, search),
    from the events' headers (:class:`~pelican.plugins.podium.summary.EventHeader`):
    known before any page is made.
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

MODULES = (  # after each system's own module (``extensions/<system name>.py``), first in the navigation
    "workflow",
    "downloads",
    "corrections",
    "people",
    "search",  # after people: its player list links the pages people sets
    "rules",
    "calendar",
    "sharing",
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
    cut: object = None  # a long list cut into pages (:class:`..paging.Cut`): one page each


@dataclass
class File:
    """One non-HTML file written as it is (CSV, Atom, ...): a text (written
    in UTF-8) or, for an event's file, the bytes already encoded."""

    kind: str
    parts: dict
    text: str | bytes


@lru_cache(maxsize=None)
def loaded() -> tuple:
    """The extension modules: each system's, then those of :data:`MODULES` (imported
    once, when a page is made: every page's view asks for them)."""
    from podium_core.systems import SYSTEMS

    return tuple(import_module(f"{__name__}.{name}") for name in (*(system.name for system in SYSTEMS), *MODULES))


def serves(module, args) -> bool:
    """Whether ``module`` serves a hook called with ``args``: a system's module
    (its ``SYSTEM``) only the events and formats of that system, every other
    module everything."""
    from podium_core.systems import System

    system = getattr(module, "SYSTEM", None)
    if system is None:
        return True
    subject = args[0] if args else None
    if not isinstance(subject, System):  # an event's view: its outcome's format
        subject = getattr(getattr(subject, "outcome", None), "format", None)
    return isinstance(subject, system)


def functions(name: str, *args) -> list:
    """The extensions' functions ``name`` that serve ``args`` (:func:`serves`), in module order."""
    return [function for module in loaded()
            if (function := getattr(module, name, None)) is not None and serves(module, args)]


def collect(name: str, *args) -> list:
    """Concatenate what every extension's function ``name`` returns."""
    found = []
    for function in functions(name, *args):
        found.extend(function(*args) or ())
    return found


def first(name: str, *args):
    """What the first extension whose function ``name`` returns something (not None) returns."""
    for function in functions(name, *args):
        found = function(*args)
        if found is not None:
            return found
    return None


def merged(name: str, *args) -> dict:
    """The mappings every extension's function ``name`` returns, merged in module order."""
    found = {}
    for function in functions(name, *args):
        found.update(function(*args) or {})
    return found


def unit_view(fmt, kind, unit, people, lang="en"):
    """The first extension's dedicated view of a unit, or None."""
    return first("unit_view", fmt, kind, unit, people, lang)
