"""What an event shows to search engines and to the sites a link to it is shared on.

``ev.jsonld``: the event as a schema.org ``SportsEvent`` for a
``<script type="application/ld+json">`` on the event's home page
(``podium/meta.html``): ``name``, ``startDate`` / ``endDate``, ``location``
(a ``Place``: the venue, and the ``address:`` of event.yaml), ``organizer``
(``organiser:``: an ``Organization`` with its name and, when given, its
``url``), ``competitor`` (the players, each a ``Person``: in the order of the
classification once the event is finished, else of the leading standings,
then by name; :data:`COMPETITORS` at most, so an open of thousands keeps a
light home page), ``sport`` and ``inLanguage``; under an absolute ``SITEURL`` also ``url`` (the event's home)
and ``image`` (the card), and each competitor's page.  ``<``, ``>`` and ``&``
are written as ``\\u`` escapes so no text can close the script.

``card`` (``{slug}/card.png``): the Open Graph image, 1200 × 630
(:mod:`..card_image`): the event's name, dates and venue, and its podium once
it is finished, else the leaders of the latest standings (the first group's),
else no places.  It is one of the event's files, kept in the build cache with
its pages: an unchanged event's card is not drawn again.
"""

from __future__ import annotations

import json

from podium_core.text import N_, translate
from .. import i18n
from ..card_image import Card, png
from . import File

COMPETITORS = 100  # players named in the JSON-LD at most
PODIUM = N_("Podium")
LEADERS = N_("Leaders")


def links(ev):
    """Adds ``ev.urls["card"]`` and ``ev.jsonld``."""
    ev.urls["card"] = ev.urls_of.url("card", slug=ev.slug)
    ev.jsonld = jsonld(ev)
    return []


def files(ev):
    return [File("card", {"slug": ev.slug}, png(card(ev)))]


def places(ev) -> tuple:
    """The card's heading (a msgid) and places: (place, name) of the podium, else of the leaders."""
    if ev.podium:
        return PODIUM, tuple((line.place, line.player.name) for line in ev.podium[:3])
    for standing in ev.leaders[:1]:
        return LEADERS, tuple((row.rank, row.player.name) for row in standing.rows[:3])
    return LEADERS, ()


def card(ev) -> Card:
    """What the event's card says, in its language."""
    lookup = i18n.translations(ev.language).gettext
    dates = ""
    if ev.dates:
        first = i18n.date_text(ev.first_date, ev.language)
        dates = first if len(ev.dates) == 1 else f"{first} – {i18n.date_text(ev.last_date, ev.language)}"
    subtitle = " · ".join(part for part in (dates, ev.venue, translate(ev.format.title, lookup)) if part)
    heading, found = places(ev)
    return Card(ev.name, subtitle, lookup(heading), found, ev.urls_of.host)


def ranked_players(ev) -> list:
    """The event's players, the classification's (or the leading standings') order first, then by name."""
    order = [line.player for line in ev.classification or ()]
    if not order:
        order = [row.player for standing in ev.leaders for row in standing.rows]
    seen, found = set(), []
    for person in [*order, *ev.players]:
        if person.id not in seen:
            seen.add(person.id)
            found.append(person)
    return found


def jsonld(ev) -> str:
    event = ev.outcome.event
    urls = ev.urls_of
    data = {"@context": "https://schema.org", "@type": "SportsEvent", "name": ev.name, "inLanguage": ev.language,
            "sport": i18n.translations(ev.language).gettext(ev.format.title)}
    if ev.dates:
        data["startDate"], data["endDate"] = ev.first_date, ev.last_date
    if ev.venue or event.address:
        place = {"@type": "Place", "name": ev.venue or event.address}
        if event.address:
            place["address"] = event.address
        data["location"] = place
    if event.organiser:
        name, url = event.organiser
        data["organizer"] = {"@type": "Organization", "name": name, **({"url": url} if url else {})}
    data["eventStatus"] = "https://schema.org/EventScheduled"
    data["eventAttendanceMode"] = "https://schema.org/OfflineEventAttendanceMode"
    if urls.site_url:
        data["url"] = urls.absolute(ev.url)
        data["image"] = urls.absolute(ev.urls["card"])
    competitors = []
    for person in ranked_players(ev)[:COMPETITORS]:
        entry = {"@type": "Person", "name": person.name}
        if urls.site_url:
            entry["url"] = urls.absolute(person.url)
        competitors.append(entry)
    if competitors:
        data["competitor"] = competitors
    text = json.dumps(data, ensure_ascii=False, sort_keys=True)
    return text.replace("<", "\\u003c").replace(">", "\\u003e").replace("&", "\\u0026")
