"""The event's rounds as an iCalendar file (RFC 5545), made with ``icalendar``.

``event_ics`` (``{slug}/schedule.ics``): one ``VEVENT`` per round with a
start time in the event's ``schedule`` (:mod:`podium_core.schedule`):

- ``DTSTART`` is the round's start in the event's ``timezone``
  (:mod:`podium_core.timezones`), written with its ``TZID`` and the zone's
  rules in a ``VTIMEZONE`` for the days of the schedule, so a calendar
  anywhere shows the venue's hour; an event without ``timezone`` keeps the
  venue's wall-clock time ("floating");
- ``DTEND`` is the next round's start when that is later the same day; the
  last round of a day (and a round alone on its day) lasts
  :data:`LAST_ROUND_LENGTH`;
- ``UID`` is ``<slug>-<stage>-<round>@<host>``, the host of ``SITEURL``
  (:attr:`..urls.Urls.host`; :data:`..urls.FALLBACK_HOST` when the site has no
  absolute address): stable across builds, so a subscribed calendar updates a
  round instead of adding it again, and unlike any other site's;
- ``DTSTAMP`` is the date of the data (``ev.as_of``, midnight UTC), never the
  clock: the same files give the same bytes;
- ``SUMMARY`` is the round's title in the event's language and the event's
  name, ``LOCATION`` the venue and its address, ``URL`` the round's page
  under an absolute ``SITEURL``.
"""

from __future__ import annotations

import datetime

from podium_core import schedule, timezones
from .. import i18n
from ..urls import FALLBACK_HOST
from . import File
from .workflow import round_text

PRODID = "-//Podium//Tournament results//EN"
LAST_ROUND_LENGTH = datetime.timedelta(hours=2)  # the last round of a day: its end is not in the schedule
NO_DATE = datetime.date(1970, 1, 1)


def links(ev):
    """Adds ``ev.urls["event_ics"]`` when a round has a start time."""
    if schedule.start_times(ev.outcome.event):
        ev.urls["event_ics"] = ev.urls_of.url("event_ics", slug=ev.slug)
    return []


def files(ev):
    if "event_ics" not in ev.urls:
        return []
    return [File("event_ics", {"slug": ev.slug}, ics(ev))]


def round_times(starts: list) -> list:
    """``[(start, end), ...]`` for the rounds' ``starts`` in schedule order: a round
    ends when the next one starts later that day, else after :data:`LAST_ROUND_LENGTH`."""
    times = []
    for i, start in enumerate(starts):
        following = starts[i + 1] if i + 1 < len(starts) else None
        if following is not None and following.date() == start.date() and following > start:
            times.append((start, following))
        else:
            times.append((start, start + LAST_ROUND_LENGTH))
    return times


def _stamp(ev) -> datetime.datetime:
    day = datetime.date.fromisoformat(ev.as_of) if ev.as_of else NO_DATE
    return datetime.datetime.combine(day, datetime.time(), datetime.timezone.utc)


def calendar(ev):
    """The event's calendar (an ``icalendar.Calendar``): a ``VTIMEZONE`` when the event
    has a ``timezone``, one ``VEVENT`` per timed round.  icalendar is imported here,
    by the process that writes the calendar, not by every build that loads the
    extensions."""
    import icalendar

    event = ev.outcome.event
    lookup = i18n.translations(ev.language).gettext
    urls = ev.urls_of
    host = urls.host or FALLBACK_HOST
    zone = timezones.zone(event.timezone) if event.timezone else None
    cal = icalendar.Calendar()
    cal.add("prodid", PRODID)
    cal.add("version", "2.0")
    cal.add("calscale", "GREGORIAN")
    cal.add("method", "PUBLISH")
    cal.add("x-wr-calname", ev.name)
    timed = [r for r in ev.rounds if getattr(r, "start", None)]
    times = round_times([r.start for r in timed])
    if zone is not None and times:
        cal.add("x-wr-timezone", event.timezone)
        first = min(start for start, _ in times).date() - datetime.timedelta(days=1)
        last = max(end for _, end in times).date() + datetime.timedelta(days=1)
        cal.add_component(icalendar.Timezone.from_tzinfo(zone, tzid=event.timezone, first_date=first, last_date=last))
    stamp = _stamp(ev)
    where = ", ".join(part for part in (ev.venue, event.address) if part)
    for rnd, (start, end) in zip(timed, times):
        item = icalendar.Event()
        item.add("uid", f"{ev.slug}-{rnd.stage}-{rnd.round}@{host}")
        item.add("dtstamp", stamp)
        item.add("dtstart", start.replace(tzinfo=zone) if zone else start)
        item.add("dtend", end.replace(tzinfo=zone) if zone else end)
        item.add("summary", f"{round_text(rnd, lookup)} — {ev.name}")
        if where:
            item.add("location", where)
        page = urls.absolute(rnd.url)
        if page:
            item.add("url", page)
        cal.add_component(item)
    return cal


def ics(ev) -> bytes:
    """The calendar's bytes (CRLF lines folded at 75 octets, by ``icalendar``)."""
    return calendar(ev).to_ical()
