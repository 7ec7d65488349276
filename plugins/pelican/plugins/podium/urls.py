"""The site's URL scheme, the Pelican way: one ``*_URL`` / ``*_SAVE_AS`` pair per page kind.

Every URL is built from ids and slugs only, and every part is checked
against the id pattern before it is used, so no name from a data file can
ever reach a URL or a path outside the output folder.  URLs are relative
to ``SITEURL`` (templates write ``{{ SITEURL }}/{{ thing.url }}``).

The whole scheme is the one table :data:`DEFAULT_URLS`, the extensions'
pages included, as Pelican keeps its own ``*_URL`` defaults together: a
build knows every URL without loading the code that makes the pages.
Settings can change the layout, e.g.
``PODIUM_ROUND_URL = "{slug}/round-{stage}-{round}.html"``; a ``*_SAVE_AS``
that is not set is the URL itself, plus ``index.html`` when the URL ends
with ``/``.  Podium's home page (the list of events) is the site's home,
unless Pelican writes one there itself (a blog): then it is ``results/``.

Files read outside the site (calendars, feeds, the Open Graph image, JSON-LD)
need absolute addresses: :meth:`Urls.absolute` puts ``SITEURL`` before a URL
when it is absolute (``https://host/...``), and :attr:`Urls.host` is its host,
the authority of calendar UIDs and feed ids (:data:`FALLBACK_HOST` without one).
"""

from __future__ import annotations

import copy
import re
from urllib.parse import urlsplit

# ids (players) [a-z0-9][a-z0-9_-]*, matched whole; slugs and stage ids are a subset of it
SAFE_PART = re.compile(r"[a-z0-9][a-z0-9_-]*")

DEFAULT_URLS = {
    "home": "",
    "event": "{slug}/",
    "round": "{slug}/{stage}-{round}/",
    "standings_index": "{slug}/standings/",
    "standings": "{slug}/standings/{stage}{group}-{round}/",
    "players": "{slug}/players/",
    "player": "{slug}/players/{player}/",
    "classification": "{slug}/classification/",
    "format": "{slug}/format/",
    "json": "{slug}/event.json",
    # the pages and files of the extensions (.extensions.<module>)
    "round_verify": "{slug}/{stage}-{round}/verify/",  # workflow
    "round_find": "{slug}/{stage}-{round}/find/",
    "round_sheets": "{slug}/{stage}-{round}/sheets/",
    "organiser": "{slug}/organiser/",
    "standings_csv": "{slug}/standings.csv",
    "event_atom": "{slug}/results.atom",
    "site_atom": "results.atom",
    "results_csv": "{slug}/results.csv",  # downloads
    "results_xlsx": "{slug}/results.xlsx",
    "standings_xlsx": "{slug}/standings.xlsx",
    "brackets_json": "{slug}/brackets.json",
    "corrections": "{slug}/corrections/",  # corrections
    "people": "people/",  # people
    "person": "people/{person}/",
    "search": "search/",  # search
    "search_lang": "search/{lang}/",
    "event_rules": "{slug}/rules/",  # rules
    "event_ics": "{slug}/schedule.ics",  # calendar
    "card": "{slug}/card.png",  # sharing
    "round_poster": "{slug}/{stage}-{round}/poster/",  # venue
    "wall_standings": "{slug}/standings/wall/",
    "crosstable": "{slug}/crosstable/",  # carcassonne
    "bracket": "{slug}/bracket/",
    "tantrix_bracket": "{slug}/bracket/",  # tantrix
    "tantrix_match": "{slug}/{stage}-{round}/match-{match}/",
    "sessions": "{slug}/sessions/",  # baska
    "session": "{slug}/session-{session}/",
}
# Podium's home when Pelican writes a home page of its own (a blog's index.html)
BESIDE_A_BLOG_HOME = "results/"
# the authority of UIDs and feed ids when SITEURL names no host (a development build)
FALLBACK_HOST = "podium.invalid"


def site_address(settings: dict) -> str:
    """``SITEURL`` when it is an absolute http(s) URL (no trailing slash), else ''."""
    value = str(settings.get("SITEURL") or "").rstrip("/")
    parts = urlsplit(value)
    return value if parts.scheme in ("http", "https") and parts.hostname else ""


def pelican_writes_index(settings: dict) -> bool:
    """Whether Pelican's own ``index`` page (the blog's first page) takes the site's
    index.html: it is among ``DIRECT_TEMPLATES`` and ``INDEX_SAVE_AS`` keeps it there."""
    return ("index" in (settings.get("DIRECT_TEMPLATES") or ())
            and settings.get("INDEX_SAVE_AS", "index.html") == "index.html")


class Urls:
    """``url(kind, **parts)`` and ``save_as(kind, **parts)`` for every page kind."""

    def __init__(self, settings: dict | None = None):
        settings = settings or {}
        self.site_url = site_address(settings)
        self.host = (urlsplit(self.site_url).hostname or "") if self.site_url else ""
        self.urls = {}
        self.saves = {}
        defaults = dict(DEFAULT_URLS)
        if pelican_writes_index(settings):  # a site with a blog keeps its home page
            defaults["home"] = BESIDE_A_BLOG_HOME
        for kind, default in defaults.items():
            name = f"PODIUM_{kind.upper()}"
            url = settings.get(f"{name}_URL", default)
            save_as = settings.get(f"{name}_SAVE_AS")
            if save_as is None:
                save_as = url + "index.html" if url.endswith("/") or url == "" else url
            self.urls[kind] = url
            self.saves[kind] = save_as

    @staticmethod
    def _parts(parts: dict) -> dict:
        checked = {}
        for key, value in parts.items():
            if isinstance(value, bool):
                raise ValueError(f"URL part {key} must be an id, not {value!r}")
            if isinstance(value, int):
                checked[key] = str(value)
            elif value == "" and key == "group":
                checked[key] = ""
            elif key == "group":
                group = str(value).lower()
                if not SAFE_PART.fullmatch(group):
                    raise ValueError(f"unsafe group id in a URL: {value!r}")
                checked[key] = "-" + group
            elif isinstance(value, str) and SAFE_PART.fullmatch(value):
                checked[key] = value
            else:
                raise ValueError(f"unsafe URL part {key}={value!r}")
        return checked

    def of_event(self, kinds, slug: str) -> dict:
        """kind -> URL of the event ``slug``'s pages of each of ``kinds`` (URLs of the slug alone)."""
        parts = self._parts({"slug": slug})
        return {kind: self.urls[kind].format(**parts) for kind in kinds}

    def under(self, prefix: str) -> "Urls":
        """These URLs with every page of an event (each kind whose pattern has
        ``{slug}``) under the folder ``prefix`` (``lv/``), the others as they are."""
        if not SAFE_PART.fullmatch(prefix.rstrip("/")) or not prefix.endswith("/"):
            raise ValueError(f"unsafe URL folder {prefix!r}")
        other = copy.copy(self)
        other.urls = {kind: prefix + url if "{slug}" in url else url for kind, url in self.urls.items()}
        other.saves = {kind: prefix + save if "{slug}" in self.urls[kind] else save for kind, save in self.saves.items()}
        return other

    def absolute(self, url: str) -> str | None:
        """The site-relative ``url`` under ``SITEURL``, or None when the site has no absolute address."""
        return f"{self.site_url}/{url}" if self.site_url else None

    def url(self, kind: str, **parts) -> str:
        return self.urls[kind].format(**self._parts(parts))

    def save_as(self, kind: str, **parts) -> str:
        return self.saves[kind].format(**self._parts(parts))
