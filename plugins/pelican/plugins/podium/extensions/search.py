"""Search: the site-level search page, with and without JavaScript.

``search`` (``search/``) is one page for the whole site (its player list on
pages of :data:`..paging.SIZES` ``["lines"]`` names).  Without JavaScript
it lists every event and every player, alphabetically, each name linking to
the player's page in every event they played (and to their page across
events when ``players.yaml`` has them), so the browser's Find (Ctrl+F) finds
anyone.  With JavaScript the same page runs a query against the Pagefind
index that ``make html`` builds after Pelican (``pagefind/``, see the
Makefile); when that index is missing the page still shows the lists.

Every page's header has a small form that sends ``?q=`` here.  Pagefind
indexes only what is marked ``data-pagefind-body``: an event's heading, a
player's heading on each event and a person's page, and the Markdown pages
(rules, guides), so a name finds its pages and not every table the player
sat at.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from podium_core.collation import collation_key
from .. import paging
from . import Page


@dataclass
class SearchEntry:
    """One line of the player list: a name and the pages it leads to."""

    id: str
    name: str
    profile_url: str = ""  # the page across events, when players.yaml has the person
    events: list = field(default_factory=list)  # (event's language, event's name, player page URL)

    @property
    def sort(self):
        return collation_key(self.name) + (self.id,)

    @property
    def url(self) -> str:
        """Where the name itself links: the page across events, else the one
        event's player page, else nowhere ("": the events' links follow it)."""
        if self.profile_url:
            return self.profile_url
        return self.events[0][2] if len(self.events) == 1 else ""


def entries_of(events) -> list[SearchEntry]:
    """Every player of every event, one entry per id and name, alphabetically.

    The same id with the same name in two events is one line with two links;
    an id spelled differently in another event gets a line of its own.
    """
    found = {}
    for ev in sorted(events, key=lambda e: (e.first_date, e.slug)):
        for person in ev.players:
            entry = found.get((person.id, person.name))
            if entry is None:
                entry = found[(person.id, person.name)] = SearchEntry(person.id, person.name)
            entry.profile_url = entry.profile_url or person.profile_url
            entry.events.append((ev.language, ev.name, person.url))
    return sorted(found.values(), key=lambda e: e.sort)


def site_urls(events, urls, registry) -> dict:
    """The search page's URL, if there is an event (the same rule as :func:`site_pages`)."""
    return {"search": urls.url("search")} if events else {}


def site_pages(events, urls, registry, sizes) -> list[Page]:
    if not events:  # nothing to find: no page, and no form in the headers
        return []
    listed = sorted(events, key=lambda e: collation_key(e.name) + (e.slug,))
    players = paging.Cut.of(entries_of(events), sizes["lines"],
                            paging.by("name"),
                            lambda part: {"search_players": part})
    return [Page("search", {}, "podium/search/index", {"search_events": listed}, cut=players)]
