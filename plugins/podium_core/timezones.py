"""The event's time zone: the optional ``timezone:`` of ``event.yaml``.

``timezone`` is an IANA time zone name (``Europe/Riga``, ``Europe/Warsaw``,
``UTC``), the zone of the venue's clocks: the ``schedule`` times are read in
it, and the iCalendar file writes them with it (a ``VTIMEZONE``), so a
calendar in any zone shows the right hour.  Without it the times stay the
venue's wall-clock time, "floating" in iCalendar terms.

Zones are read from the IANA database of the ``tzdata`` package, never from
the machine's own files: every machine that builds the site knows the same
names and writes the same rules into the calendar.  A name that database
does not have is a problem at its line, with the closest names it does have.
"""

from __future__ import annotations

import difflib
import zoneinfo
from functools import lru_cache
from importlib import resources

from .errors import Problem


@lru_cache(maxsize=1)
def names() -> frozenset:
    """Every zone name of the tzdata package's IANA database."""
    return frozenset(resources.files("tzdata").joinpath("zones").read_text("utf-8").split())


@lru_cache(maxsize=None)
def zone(name: str) -> zoneinfo.ZoneInfo:
    """The zone ``name`` (one of :func:`names`) from the tzdata package's files."""
    if name not in names():
        raise KeyError(name)
    parts = name.split("/")
    source = resources.files("tzdata.zoneinfo").joinpath(*parts)
    with source.open("rb") as data:
        return zoneinfo.ZoneInfo.from_file(data, key=name)


def suggestions(name: str) -> list:
    """Zone names the organiser may have meant: the same name in other letter case,
    zones of the city named (``Riga``: ``Europe/Riga``), else names spelt alike."""
    folded = name.casefold()
    known = sorted(names())
    found = [zone for zone in known if zone.casefold() == folded]
    found += [zone for zone in known if zone.rsplit("/", 1)[-1].casefold() == folded.rsplit("/", 1)[-1]
              and zone not in found]
    return found[:3] or difflib.get_close_matches(name, known, n=3, cutoff=0.85)


def check(event) -> list[Problem]:
    """The event's ``timezone`` names a zone of the IANA database."""
    name = getattr(event, "timezone", None)
    if name is None or name in names():
        return []
    where = event.where
    close = suggestions(name)
    hint = f" (did you mean {', '.join(close)}?)" if close else " (an IANA name such as Europe/Riga)"
    return [Problem(where.path, where.line("timezone"), f"timezone: '{name}' is not a time zone{hint}")]
