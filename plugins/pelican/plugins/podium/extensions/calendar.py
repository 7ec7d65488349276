"""The event's rounds as an iCalendar file, and its schema.org description.

``event_ics`` (``{slug}/schedule.ics``): one ``VEVENT`` per round with a
start time in the event's ``schedule`` (:mod:`podium_core.schedule`), RFC 5545:

- ``UID`` is ``<slug>-<stage>-<round>@podium``: stable across builds, so a
  calendar that subscribed updates a round instead of adding it again;
- ``DTSTART`` is the venue's wall-clock time ("floating", no time zone);
  ``DTEND`` is the next round's start when that is on the same day;
- ``DTSTAMP`` is the date of the data (``ev.as_of``, midnight UTC), never
  the clock: the same files give the same bytes;
- ``SUMMARY`` is the round's title in the event's language and the event's
  name; text is escaped (``\\``, ``;``, ``,``, newlines), lines end in CRLF
  and are folded at 75 octets.

``ev.jsonld``: the event as a schema.org ``SportsEvent`` (name, dates,
venue, language, the format), JSON for a ``<script type="application/ld+json">``
with ``<``, ``>`` and ``&`` written as ``\\u`` escapes so no text can close the script.
"""

from __future__ import annotations

import datetime
import json

from podium_core import schedule
from podium_core.text import translate
from .. import i18n
from . import File

URLS = {"event_ics": "{slug}/schedule.ics"}
UID_DOMAIN = "podium"


def links(ev):
    """Adds ``ev.urls["event_ics"]`` when a round has a start time, and ``ev.jsonld``."""
    if schedule.start_times(ev.outcome.event):
        ev.urls["event_ics"] = ev.urls_of.url("event_ics", slug=ev.slug)
    ev.jsonld = jsonld(ev)
    return []


def files(ev):
    if "event_ics" not in ev.urls:
        return []
    return [File("event_ics", {"slug": ev.slug}, ics(ev))]


def round_title(rnd, lookup) -> str:
    """A round's title in plain text, as the pages' ``round_title`` macro words it."""
    if rnd.title:
        return translate(rnd.title, lookup)
    stage = lookup(rnd.stage_title)
    if rnd.single:
        return stage
    return lookup("%(stage)s, round %(number)s") % {"stage": stage, "number": rnd.round}


def escape_text(text: str) -> str:
    """An iCalendar TEXT value (RFC 5545 3.3.11)."""
    return (str(text).replace("\\", "\\\\").replace(";", "\\;").replace(",", "\\,")
            .replace("\r\n", "\\n").replace("\n", "\\n").replace("\r", "\\n"))


def fold(line: str) -> str:
    """A content line folded into lines of at most 75 octets (RFC 5545 3.1), never inside a character."""
    out, current = [], b""
    for char in line:
        encoded = char.encode("utf-8")
        if len(current) + len(encoded) > (75 if not out else 74):
            out.append(current.decode("utf-8"))
            current = b""
        current += encoded
    out.append(current.decode("utf-8"))
    return "\r\n ".join(out)


def _stamp(ev) -> str:
    day = ev.as_of or "1970-01-01"
    return day.replace("-", "") + "T000000Z"


def ics(ev) -> str:
    lookup = i18n.translations(ev.language).gettext
    timed = [r for r in ev.rounds if getattr(r, "start", None)]
    lines = ["BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//Podium//Tournament results//EN", "CALSCALE:GREGORIAN",
             "METHOD:PUBLISH", f"X-WR-CALNAME:{escape_text(ev.name)}"]
    stamp = _stamp(ev)
    for i, rnd in enumerate(timed):
        start: datetime.datetime = rnd.start
        lines += ["BEGIN:VEVENT", f"UID:{ev.slug}-{rnd.stage}-{rnd.round}@{UID_DOMAIN}", f"DTSTAMP:{stamp}",
                  f"DTSTART:{start:%Y%m%dT%H%M%S}"]
        following = timed[i + 1].start if i + 1 < len(timed) else None
        if following is not None and following.date() == start.date() and following > start:
            lines.append(f"DTEND:{following:%Y%m%dT%H%M%S}")
        lines.append(f"SUMMARY:{escape_text(round_title(rnd, lookup) + ' — ' + ev.name)}")
        if ev.venue:
            lines.append(f"LOCATION:{escape_text(ev.venue)}")
        lines.append("END:VEVENT")
    lines.append("END:VCALENDAR")
    return "".join(fold(line) + "\r\n" for line in lines)


def jsonld(ev) -> str:
    data = {"@context": "https://schema.org", "@type": "SportsEvent", "name": ev.name, "inLanguage": ev.language,
            "sport": i18n.translations(ev.language).gettext(ev.format.title)}
    if ev.dates:
        data["startDate"], data["endDate"] = ev.first_date, ev.last_date
    if ev.venue:
        data["location"] = {"@type": "Place", "name": ev.venue}
    data["eventStatus"] = "https://schema.org/EventScheduled"
    text = json.dumps(data, ensure_ascii=False, sort_keys=True)
    return text.replace("<", "\\u003c").replace(">", "\\u003e").replace("&", "\\u0026")
