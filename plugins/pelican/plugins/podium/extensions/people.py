"""People across events: one page per person of ``players.yaml``.

A person is an id of the registry (``results/players.yaml``).  Every event
whose players include that id contributes one line to the person's page:
the event, its dates, the place (or the current rank while it runs), and the
record of games played and won, read from the events' summaries
(:mod:`pelican.plugins.podium.summary`).  Each event's player page links to
it (:func:`profile_urls`).  Without a registry there are no person pages.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from podium_core.collation import collation_key
from .. import paging
from . import Page


@dataclass
class Appearance:
    """One event of a person: the event's summary and the person's record in it."""

    event: object  # EventSummary
    record: object  # RecordSummary

    @property
    def url(self) -> str:
        return self.record.url

    @property
    def place_text(self) -> str:
        return self.record.place_text

    @property
    def rank(self):
        return self.record.rank

    @property
    def played(self) -> int:
        return self.record.played

    @property
    def won(self) -> int:
        return self.record.won


@dataclass
class PersonView:
    id: str
    name: str
    club: str | None
    country: str | None
    url: str
    appearances: list = field(default_factory=list)

    @property
    def sort(self):
        return collation_key(self.name) + (self.id,)


def profile_urls(ev, urls, registry: dict) -> dict:
    """``{player id: URL of the person's page}`` for the event's players who are in the registry."""
    return {pid: urls.url("person", person=pid) for pid in ev.people if pid in registry}


def people_of(events, urls, registry: dict) -> list[PersonView]:
    """Everyone of the registry who played in at least one event (summaries), by name."""
    people = {}
    for ev in sorted(events, key=lambda e: (e.first_date, e.slug)):
        for pid, record in ev.records.items():
            entry = registry.get(pid)
            if entry is None:
                continue
            person = people.get(pid)
            if person is None:
                person = people[pid] = PersonView(pid, entry["name"], entry.get("club"), entry.get("country"),
                                                  urls.url("person", person=pid))
            person.appearances.append(Appearance(ev, record))
    return sorted(people.values(), key=lambda p: p.sort)


def site_urls(events, urls, registry) -> dict:
    """The people page's URL, if anyone of the registry played in one of the events
    (headers: known before any page is made; the same rule as :func:`site_pages`)."""
    if registry and any(pid in registry for ev in events for pid in ev.player_ids):
        return {"people": urls.url("people")}
    return {}


def site_pages(events, urls, registry, sizes) -> list[Page]:
    people = people_of(events, urls, registry)
    if not people:
        return []
    listed = paging.Cut.of(people, sizes["rows"],
                           paging.by("name"),
                           lambda part: {"people": part})
    pages = [Page("people", {}, "podium/people/index", {}, cut=listed)]
    pages += [Page("person", {"person": p.id}, "podium/people/person", {"person": p}) for p in people]
    return pages
