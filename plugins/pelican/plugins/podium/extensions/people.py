"""People across events: one page per person of ``players.yaml``.

A person is an id of the registry (``results/players.yaml``).  Every event
whose players include that id contributes one line to the person's page:
the event, its dates, the place (or the current rank while it runs), and the
record of games played and won.  Each event's player page links to it.
Without a registry there are no person pages.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from podium.collation import collation_key
from . import Page

URLS = {"people": "people/", "person": "people/{person}/"}


@dataclass
class Appearance:
    """One event of a person."""

    event: object  # EventView
    player_page: object  # PlayerPage
    played: int = 0
    won: int = 0

    @property
    def place_text(self) -> str:
        place = self.player_page.place
        if place is not None:
            return "" if place.place is None else ("=" if place.shared else "") + str(place.place)
        return ""

    @property
    def rank(self):
        ranks = self.player_page.ranks
        return ranks[-1][1] if ranks else None


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


def people_of(events, urls, registry: dict) -> list[PersonView]:
    """Everyone of the registry who played in at least one event, by name.

    Also sets ``profile_url`` on each event's Person, so event pages link here.
    """
    people = {}
    for ev in sorted(events, key=lambda e: (e.first_date, e.slug)):
        for pid, page in ev.player_pages.items():
            entry = registry.get(pid)
            if entry is None:
                continue
            person = people.get(pid)
            if person is None:
                person = people[pid] = PersonView(pid, entry["name"], entry.get("club"), entry.get("country"),
                                                  urls.url("person", person=pid))
            played = [g for g in page.games if g.result != "pending"]
            person.appearances.append(Appearance(ev, page, len(played), sum(1 for g in played if g.result == "won")))
            ev.people[pid].profile_url = person.url
    return sorted(people.values(), key=lambda p: p.sort)


def site_pages(events, urls, registry) -> list[Page]:
    people = people_of(events, urls, registry)
    if not people:
        return []
    pages = [Page("people", {}, "podium/people/index", {"people": people})]
    pages += [Page("person", {"person": p.id}, "podium/people/person", {"person": p}) for p in people]
    return pages
