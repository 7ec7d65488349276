"""What the site-wide pages need of an event: a small summary, kept in the cache.

The home page, the people pages, the search page, the site's feed and the
rules pages (their list of events) read an event only through its
:class:`EventSummary`, never through its full view tree.  So a build that
finds an event unchanged in the cache reads its summary back (a few
kilobytes of JSON) instead of loading, evaluating and viewing the event.
Cold or warm, the site pages are made from the same summaries, so they are
the same bytes.

The attribute names are the view's (:class:`~pelican.plugins.podium.views.EventView`
and friends) where a template reads both: ``name``, ``url``, ``dates``,
``status.round``, ...

Summaries are stored as JSON (:func:`dumps` / :func:`loads`), which can only
ever make the classes of this module, lists, dicts and
:class:`~podium_core.text.Text`: a damaged or foreign file gives an error
(:class:`ValueError`), never an object of another kind.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field, fields

from podium_core.rules_pages import event_rules
from podium_core.text import Text


@dataclass
class PersonSummary:
    """A player of an event: the link an event's name list or a winner shows."""

    id: str
    name: str
    url: str
    profile_url: str = ""


@dataclass
class RecordSummary:
    """A person's line on their page across events: one event's result."""

    url: str  # the player's page in the event
    played: int
    won: int
    place_text: str  # "3", "=3" or "" (no classification yet)
    rank: int | None  # the latest rank while the event runs


@dataclass
class RoundSummary:
    """A round as its title macro and the feed show it."""

    stage: str
    round: int
    title: object  # a msgid or a Text, "" for a numbered round
    single: bool
    stage_title: object
    url: str
    kind: str
    standing_url: str | None = None
    winners: list = field(default_factory=list)  # [unit number, winner's name]
    leaders: list = field(default_factory=list)  # [group or None, [first three names]]


class Dated:
    """An event's first and last dates, from its ``dates`` in ISO order ("" when it has none)."""

    @property
    def first_date(self) -> str:
        return self.dates[0] if self.dates else ""

    @property
    def last_date(self) -> str:
        return self.dates[-1] if self.dates else ""


@dataclass
class StatusSummary:
    state: str
    round: RoundSummary | None = None
    stage_title: object = ""
    number: int | None = None
    single: bool = False
    reason: object = ""


@dataclass
class EventSummary(Dated):
    """One event for the site-wide pages."""

    slug: str
    name: str
    language: str
    dates: list
    venue: str | None
    url: str
    rules: str | None
    urls: dict  # the event's page URLs by kind (format, site_atom, ...)
    finished: bool
    status: StatusSummary
    winner: PersonSummary | None
    players: list  # PersonSummary, in the event's name order
    records: dict  # player id -> RecordSummary
    feed: list  # RoundSummary of every completed round, in round order
    rules_url: str | None = None


@dataclass
class EventHeader(Dated):
    """What every page may read of every event (``podium_events``): known once the
    event is loaded, before its pages are made, and the same from its summary."""

    slug: str
    name: str
    language: str
    dates: list
    venue: str | None
    url: str
    rules: str | None
    urls: dict  # HEADER_URLS by kind
    player_ids: list  # sorted
    rules_url: str | None = None


HEADER_URLS = ("event", "standings_index", "players", "classification", "format", "json")


def most_recent_first(events) -> list:
    """Events (headers or summaries) by their last date, the most recent first; by slug on a tie."""
    ordered = sorted(events, key=lambda e: e.slug)
    ordered.sort(key=lambda e: e.last_date, reverse=True)
    return ordered


def header_urls(urls, slug: str) -> dict:
    found = urls.of_event(HEADER_URLS, slug)
    found["site_atom"] = urls.url("site_atom")
    return found


def header_of_event(outcome, urls, language: str | None = None) -> EventHeader:
    """The header of an evaluated event (an :class:`~podium_core.outcome.EventOutcome`;
    pages in ``language``, default its own), its rules page by :func:`~podium_core.rules_pages.event_rules`."""
    event = outcome.event
    return EventHeader(event.slug, event.name, language or event.language or "en", [str(d) for d in event.dates],
                       event.venue, urls.url("event", slug=event.slug), event_rules(event, outcome.format),
                       header_urls(urls, event.slug), sorted(p.id for p in event.players))


HEADER_RECORD = ("slug", "name", "language", "dates", "venue", "url", "rules", "player_ids")


def header_record(header: EventHeader) -> dict:
    """What an event's cache record keeps of its header: all but the URLs the build works out."""
    return {name: getattr(header, name) for name in HEADER_RECORD}


def header_of_record(kept, slug: str, urls) -> EventHeader | None:
    """The header :func:`header_record` kept, or None when ``kept`` is not one (of the event ``slug``)."""
    if not isinstance(kept, dict) or kept.get("slug") != slug:
        return None
    texts = ("name", "language", "url")
    lists = ("dates", "player_ids")
    if not all(isinstance(kept.get(name), str) for name in texts) \
            or not all(isinstance(kept.get(name), list) and set(map(type, kept[name])) <= {str} for name in lists) \
            or not all(kept.get(name) is None or isinstance(kept.get(name), str) for name in ("venue", "rules")):
        return None
    return EventHeader(slug, kept["name"], kept["language"], list(kept["dates"]), kept["venue"], kept["url"],
                       kept["rules"], header_urls(urls, slug), list(kept["player_ids"]))


def summarise(ev) -> EventSummary:
    """The summary of an :class:`~pelican.plugins.podium.views.EventView`."""
    def person(p) -> PersonSummary:
        return PersonSummary(p.id, p.name, p.url, p.profile_url)

    def round_summary(rnd) -> RoundSummary:
        return RoundSummary(rnd.stage, rnd.round, rnd.title, rnd.single, rnd.stage_title, rnd.url, rnd.kind,
                            rnd.standing.url if rnd.standing is not None else None)

    records = {}
    for pid, page in ev.player_pages.items():
        played = [g for g in page.games if g.result != "pending"]
        place = page.place
        place_text = "" if place is None or place.place is None else ("=" if place.shared else "") + str(place.place)
        records[pid] = RecordSummary(page.person.url, len(played), sum(1 for g in played if g.result == "won"),
                                     place_text, page.ranks[-1][1] if page.ranks else None)
    feed = []
    for rnd in ev.rounds:
        if rnd.status != "complete":
            continue
        entry = round_summary(rnd)
        entry.winners = [[unit.number, unit.winner.name] for unit in rnd.units if unit.winner is not None]
        entry.leaders = [[st.group, [row.player.name for row in st.rows[:3]]]
                         for st in ev.standings if st.stage == rnd.stage and st.after_round == rnd.round]
        feed.append(entry)
    status = ev.status
    status_summary = StatusSummary(status.state, round_summary(status.round) if status.round is not None else None,
                                   status.stage_title, status.number, status.single, status.reason)
    urls = {kind: url for kind, url in ev.urls.items() if isinstance(url, str)}
    return EventSummary(ev.slug, ev.name, ev.language, list(ev.dates), ev.venue, ev.url, ev.rules, urls, ev.finished,
                        status_summary, person(ev.podium[0].player) if ev.podium else None,
                        [person(p) for p in ev.players], records, feed)


# -- JSON ------------------------------------------------------------------------------

CLASSES = {cls.__name__: cls for cls in (PersonSummary, RecordSummary, RoundSummary, StatusSummary, EventSummary)}
FIELDS = {name: frozenset(f.name for f in fields(cls)) for name, cls in CLASSES.items()}  # what each class takes


def _encode(value):
    """What ``json`` cannot write itself: a summary tagged with its class, a Text with ``$text``."""
    if isinstance(value, Text):
        return {"$text": value.msgid, "params": value.params}
    cls = CLASSES.get(type(value).__name__)
    if cls is not None and type(value) is cls:
        plain = {f.name: getattr(value, f.name) for f in fields(value)}
        plain["$class"] = cls.__name__
        return plain
    return str(value)


def _decode(plain: dict):
    """A summary or a Text from its tagged mapping (inner ones are made first), keys
    that are no field of its class left out; ValueError for a class this module
    does not have or fields it lacks."""
    if "$text" in plain:
        params = plain.get("params") or {}
        if not isinstance(params, dict):
            raise ValueError("a text's parameters are not a mapping")
        return Text(str(plain["$text"]), **{str(k): v for k, v in params.items()})
    if "$class" not in plain:
        return plain
    name = plain.pop("$class")
    cls = CLASSES.get(name) if isinstance(name, str) else None
    if cls is None:
        raise ValueError(f"unknown summary class {name!r}")
    names = FIELDS[name]
    if not plain.keys() <= names:
        plain = {k: v for k, v in plain.items() if k in names}
    try:
        return cls(**plain)
    except TypeError as exc:
        raise ValueError(str(exc)) from None


def dumps(value) -> str:
    return json.dumps(value, default=_encode, ensure_ascii=False, sort_keys=True, separators=(",", ":"))


def loads(text: str):
    return json.loads(text, object_hook=_decode)
