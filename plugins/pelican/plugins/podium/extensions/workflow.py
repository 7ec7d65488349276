"""Organiser workflow pages and downloads (issue 7), through the extension hooks.

Per round:

``round_verify``  ``{slug}/{stage}-{round}/verify/``
    A drawn round, re-checkable by anyone: the seed, the purpose, every
    player's SHA-256 key in draw order, the tables that result, and one shell
    line that recomputes every key and sorts them (:func:`verify_command`).
``round_find``    ``{slug}/{stage}-{round}/find/``
    "Find your table": every seated player, alphabetically in the event's
    language (:func:`podium_core.collation.collation_key`), with table (or match) and seat; large
    type, for the wall.
``round_sheets``  ``{slug}/{stage}-{round}/sheets/``
    Score sheets for the tables of an upcoming or in-progress round that have
    no result yet: one table per printed page, players in seat order, empty
    boxes for the format's result fields, signature lines.

Long lists (the keys of a draw, the find list, the sheets) are on pages of
a fixed size, the rule of :mod:`..paging` (:func:`draw_cut`).

Per event: ``organiser`` (``{slug}/organiser/``, every tool and download of
the event in one list, linked from the event's navigation),
``standings_csv`` (``{slug}/standings.csv``) and ``event_atom``
(``{slug}/results.atom``); for the site, ``site_atom`` (``results.atom``).

Every URL is built with ``ev.urls_of``.  Everything here is deterministic: no
clock, no locale, no hash order.  Feeds are written with ElementTree
(escaped, control characters removed); CSV fields that a spreadsheet would
take for a formula are defused.

The event-level URLs are added to ``ev.urls`` (``organiser``,
``standings_csv``, ``event_atom``, ``site_atom``) and the per-round tools to
``ev.urls["round_tools"][round.url]`` (``{"verify": url|None, "find": url,
"sheets": url|None}``), so templates (``podium/workflow/round-tools.html``,
``podium/workflow/head.html``) can link them without rebuilding URLs.
"""

from __future__ import annotations

import posixpath
import re
import shlex
import xml.etree.ElementTree as ET
from dataclasses import dataclass, field

from podium_core import csvfile
from podium_core.draw import key as draw_key
from podium_core.text import N_, translate
from .. import i18n, paging
from ..views import DrawLine, round_byes
from . import File, Page

URLS = {
    "round_verify": "{slug}/{stage}-{round}/verify/",
    "round_find": "{slug}/{stage}-{round}/find/",
    "round_sheets": "{slug}/{stage}-{round}/sheets/",
    "organiser": "{slug}/organiser/",
    "standings_csv": "{slug}/standings.csv",
    "event_atom": "{slug}/results.atom",
    "site_atom": "results.atom",
}

ATOM = "http://www.w3.org/2005/Atom"
XHTML = "http://www.w3.org/1999/xhtml"
TAG_AUTHORITY = "podium"
TAG_DATE = "2024"
NO_DATE = "1970-01-01"
FEED_MAX_ITEMS = 100  # the site feed's entries at most, as Pelican's feeds (its setting of the same name)



# == the verifiable draw ==============================================================

def verify_command(seed: str, purpose: str, player_ids) -> str:
    """One POSIX shell line that prints ``key id`` for every player, in draw order.

    The ids are listed alphabetically (the command gives nothing away); each
    key is ``sha256(seed/purpose/id)``; ``LC_ALL=C sort`` puts the lowest key
    first, which is the draw order.  Ids are ``[a-z0-9_-]`` only, so they need
    no quoting; the seed and purpose are quoted for the shell.
    """
    ids = " ".join(sorted(player_ids))
    prefix = shlex.quote(f"{seed}/{purpose}/")
    return (f"for id in {ids}; do printf '%s %s\\n' \"$(printf '%s' {prefix}\"$id\" | sha256sum | cut -c1-64)\" "
            f"\"$id\"; done | LC_ALL=C sort")


@dataclass
class DrawGroup:
    label: str  # "" for the whole field, else the group's name ("A")
    lines: list
    command: str


@dataclass
class DrawCheck:
    seed: str
    purpose: str
    groups: list
    units: list  # (unit, [DrawLine in seat order])


def draw_check(ev, rnd) -> DrawCheck | None:
    """The verification view of a drawn round, or None when it was not drawn."""
    seating = rnd.seating
    if seating.method != "draw" or not seating.purpose or not seating.draw:
        return None
    where = {}
    for unit in rnd.units:
        for seat in unit.seats:
            where[seat.player.id] = (unit, seat.seat)
    order = [line.player.id for line in seating.draw]
    orders = rnd.extra.get("orders") if isinstance(rnd.extra.get("orders"), dict) else None
    if orders and len(orders) > 1:
        parts = [(str(label), [pid for pid in ids if pid in ev.people]) for label, ids in orders.items()]
    else:
        parts = [("", order)]
    key_of = {line.player.id: line.key for line in seating.draw}  # made once by the round's view
    line_of = {}
    groups = []
    for label, ids in parts:
        lines = []
        for position, pid in enumerate(ids, 1):
            unit, seat = where.get(pid, (None, None))
            key = key_of.get(pid) or draw_key(seating.seed, seating.purpose, pid)
            line = DrawLine(position, ev.people[pid], key, key[:16], unit, seat)
            lines.append(line)
            line_of[pid] = line
        groups.append(DrawGroup(label, lines, verify_command(seating.seed, seating.purpose, ids)))
    units = [(unit, [line_of[s.player.id] for s in unit.seats if s.player.id in line_of]) for unit in rnd.units]
    return DrawCheck(seating.seed, seating.purpose, groups, units)


def draw_cut(check: DrawCheck, size: int) -> paging.Cut:
    """The check of a draw on pages of ``size`` keys (:mod:`..paging`), every group's in
    draw order; each unit that results listed on the page of its first player's key."""
    lines = paging.flatten(check.groups, "lines")
    parts = paging.cut(lines, size)
    page_of = {id(line): number for number, part in enumerate(parts) for _group, line in part}

    def values(part):
        number = page_of[id(part[0][1])] if part else 0
        units = [(unit, found) for unit, found in check.units if not found or page_of.get(id(found[0])) == number]
        return {"check": DrawCheck(check.seed, check.purpose, paging.regroup(check.groups, "lines", part), units)}

    return paging.Cut(parts, paging.by(lambda pair: pair[1].position), values)


# == find your table ==================================================================

@dataclass
class FindLine:
    player: object
    unit: object
    seat: int
    initial: str = ""  # the name's first letter, upper case
    starts: bool = False  # the first line, or its initial is not the line before's (a letter's anchor)
    first: bool = False  # the first line with its initial (the A-Z links)


def find_lines(ev, rnd) -> list:
    """Every seated player of a round with their unit and seat, in the event's
    alphabet, each with its initial and whether it starts a letter."""
    lines = [FindLine(player, unit, seat.seat) for player, unit, seat in rnd.find]  # sorted by the round's view
    seen, last = set(), ""
    for line in lines:
        line.initial = line.player.name[:1].upper()
        line.starts = line.initial != last
        line.first = line.initial not in seen
        seen.add(line.initial)
        last = line.initial
    return lines


def bye_players(ev, rnd) -> list:
    """The players the round gives a bye (a knockout's sent on without a match,
    Carcassonne's odd one out), alphabetically: the list names every player, these too."""
    ids = round_byes(rnd)
    return sorted((ev.people[pid] for pid in ids if pid in ev.people), key=lambda p: p.sort)


def absent_players(ev, rnd) -> list:
    """The players not playing the round: its absent ones and those who withdrew
    before it (:attr:`..views.RoundView.field`), by name."""
    ids = [*(rnd.field.get("absent") or ()), *(rnd.field.get("withdrawn") or ())]
    return sorted((ev.people[pid] for pid in ids if pid in ev.people), key=lambda p: p.sort)


# == score sheets ======================================================================

@dataclass
class Sheet:
    """One printed page: a table, game or match still to be played, with
    what its system's sheet holds besides the players (``System.score_sheet``,
    shown by ``podium/<system>/sheet.html``)."""

    unit: object
    system: str
    details: dict = field(default_factory=dict)


def sheets(ev, rnd) -> list:
    """Sheets for the units of an upcoming or in-progress round that have no result yet."""
    if rnd.status == "complete" or not rnd.units:
        return []
    fmt = ev.outcome.format
    found = []
    for unit in rnd.units:
        if unit.has_result:
            continue
        details = fmt.score_sheet(rnd.stage, unit.data or {}, rnd.extra)
        if details is not None:  # a table that is not played has no sheet
            found.append(Sheet(unit, fmt.name, details))
    return found


# == downloads ========================================================================

csv_safe = csvfile.text  # a text field no spreadsheet runs, in any locale (podium_core.csvfile)
csv_number = csvfile.number


def latest_standings(ev) -> list:
    """(view, outcome standing) of the latest standings of every stage and group, in order."""
    pairs = list(zip(ev.standings, ev.outcome.standings)) if ev.outcome is not None else []
    latest = {}
    for view, exact in pairs:
        latest[(exact.stage, exact.group)] = (view, exact)
    return list(latest.values())


def standings_csv(ev) -> str:
    """``standings.csv``: the latest standings of every stage and group, one row a player.

    Columns: stage, group, after_round, rank, player (id), name, club, country,
    reserve (``1``), lot (``1`` when the drawing of lots decided the rank), then
    one column per ranking criterion (the keys of event.json), values as in
    event.json.  Written by the rules of :mod:`podium_core.csvfile` (every field
    quoted, UTF-8 with a BOM, formulas defused).
    """
    found = latest_standings(ev)
    keys = []
    for _, exact in found:
        for criterion in exact.criteria:
            if criterion.key not in keys:
                keys.append(criterion.key)
    rows = []
    for view, exact in found:
        for row_view, row in zip(view.rows, exact.rows):
            person = ev.people[row.player]
            rows.append([csv_safe(exact.stage), csv_safe(exact.group or ""), exact.after_round, row.rank, csv_safe(row.player),
                         csv_safe(person.name), csv_safe(person.club), csv_safe(person.country),
                         "1" if row.reserve else "", "1" if row.by_lot else ""]
                        + [csv_number(row.values.get(k)) if k in row.values else "" for k in keys])
    return csvfile.document(["stage", "group", "after_round", "rank", "player", "name", "club", "country", "reserve", "lot"] + keys,
                            rows)


_XML_BAD = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\ufffe\uffff]")


def _x(text) -> str:
    """Text fit for XML 1.0 (ElementTree escapes; it does not remove control characters)."""
    return _XML_BAD.sub("", "" if text is None else str(text))


def _href(target: str, start: str) -> str:
    """``target`` (a site-relative URL) relative to the folder of the file at ``start``."""
    rel = posixpath.relpath(target or ".", posixpath.dirname(start) or ".")
    if (target == "" or target.endswith("/")) and not rel.endswith("/"):
        rel += "/"
    return rel


def round_text(rnd, gettext) -> str:
    """A round's title in words, as the ``round_title`` macro writes it."""
    if rnd.title:
        return translate(rnd.title, gettext)
    if rnd.single:
        return translate(rnd.stage_title, gettext)
    return gettext("%(stage)s, round %(number)s") % {"stage": translate(rnd.stage_title, gettext), "number": rnd.round}


def feed_date(ev) -> str:
    """The date every entry of an event's feed carries: never the clock.

    A finished event's entries carry its last date; a running event's its first
    (a round cannot be complete before the event began); no dates: 1970-01-01.
    ``ev`` is the event's summary (:class:`~pelican.plugins.podium.summary.EventSummary`).
    """
    if not ev.dates:
        return NO_DATE
    return ev.last_date if ev.finished else ev.first_date


def _entries(ev):
    """(date, index, round summary) of every completed round, in round order."""
    date = feed_date(ev)
    return [(date, i, rnd) for i, rnd in enumerate(ev.feed)]


def _entry(parent, ev, rnd, date, feed_url):
    catalog = i18n.translations(ev.language)
    _ = catalog.gettext
    entry = ET.SubElement(parent, "entry", {"xml:lang": ev.language})
    ET.SubElement(entry, "id").text = f"tag:{TAG_AUTHORITY},{TAG_DATE}:{ev.slug}/{rnd.stage}-{rnd.round}"
    ET.SubElement(entry, "title").text = _x(f"{ev.name}: {round_text(rnd, _)}")
    ET.SubElement(entry, "updated").text = f"{date}T00:00:00Z"
    ET.SubElement(entry, "link", {"rel": "alternate", "type": "text/html", "href": _href(rnd.url, feed_url)})
    if rnd.standing_url is not None:
        ET.SubElement(entry, "link", {"rel": "related", "type": "text/html", "href": _href(rnd.standing_url, feed_url)})
    content = ET.SubElement(entry, "content", {"type": "xhtml"})
    div = ET.SubElement(content, "div", {"xmlns": XHTML})
    if rnd.winners:
        ET.SubElement(div, "p").text = _("Winners")
        ul = ET.SubElement(div, "ul")
        unit_word = _("Match") if rnd.kind == "matches" else _("Table")
        for number, name in rnd.winners:
            ET.SubElement(ul, "li").text = _x(f"{unit_word} {number}: {name}")
    for group, names in rnd.leaders:
        heading = _("Leaders")
        if group:
            heading += " — " + _("group %(group)s") % {"group": group}
        ET.SubElement(div, "p").text = _x(heading)
        ol = ET.SubElement(div, "ol")
        for name in names:
            ET.SubElement(ol, "li").text = _x(name)
    if not rnd.winners and not rnd.leaders:
        ET.SubElement(div, "p").text = _("Complete")
    return entry


def _feed(feed_id: str, title: str, updated: str, self_url: str, alternate: str | None, author: str, language: str):
    feed = ET.Element("feed", {"xmlns": ATOM, "xml:lang": language})
    ET.SubElement(feed, "id").text = feed_id
    ET.SubElement(feed, "title").text = _x(title)
    ET.SubElement(feed, "updated").text = f"{updated}T00:00:00Z"
    ET.SubElement(feed, "link", {"rel": "self", "type": "application/atom+xml", "href": _href(self_url, self_url)})
    if alternate is not None:
        ET.SubElement(feed, "link", {"rel": "alternate", "type": "text/html", "href": _href(alternate, self_url)})
    ET.SubElement(ET.SubElement(feed, "author"), "name").text = _x(author)
    ET.SubElement(feed, "generator").text = "Podium"
    return feed


def _serialise(feed) -> str:
    ET.indent(feed, space=" ")
    return '<?xml version="1.0" encoding="utf-8"?>\n' + ET.tostring(feed, encoding="unicode") + "\n"


def event_feed(ev, view=None) -> str:
    """The event's Atom feed (from its summary): one entry per completed round, the latest
    first, and one per correction (from the event's ``view``, when given)."""
    url = ev.urls["event_atom"]
    entries = _entries(ev)
    updated = entries[-1][0] if entries else feed_date(ev)
    catalog = i18n.translations(ev.language)
    feed = _feed(f"tag:{TAG_AUTHORITY},{TAG_DATE}:{ev.slug}", catalog.gettext("Results: %(event)s") % {"event": ev.name},
                 updated, url, ev.url, ev.name, ev.language)
    for date, _index, rnd in reversed(entries):
        _entry(feed, ev, rnd, date, url)
    if view is not None:
        from .corrections import feed_entries

        feed_entries(feed, view, updated, url, _href, round_text, f"tag:{TAG_AUTHORITY},{TAG_DATE}")
    return _serialise(feed)


def site_feed(events, urls, language: str = "en", max_items: int | None = FEED_MAX_ITEMS) -> str:
    """The site's Atom feed, from the events' summaries: the completed rounds,
    the most recent date first, ``max_items`` of them at most (None: all;
    Pelican's ``FEED_MAX_ITEMS``, 100 unless set: a federation's archive
    would otherwise send every reader thousands of entries on every poll);
    the feed's own words in the site's ``language``, each entry in its event's."""
    url = urls.url("site_atom")
    entries = []
    for ev in sorted(events, key=lambda e: e.slug):
        entries += [(date, ev.slug, i, ev, rnd) for date, i, rnd in _entries(ev)]
    entries.sort(key=lambda e: (e[0], e[1], e[2]), reverse=True)
    entries = entries[:max_items]
    updated = entries[0][0] if entries else NO_DATE
    catalog = i18n.translations(language)
    feed = _feed(f"tag:{TAG_AUTHORITY},{TAG_DATE}:site", catalog.gettext("Tournament results"), updated, url,
                 urls.url("home"), "Podium", language)
    for date, _slug, _index, ev, rnd in entries:
        _entry(feed, ev, rnd, date, url)
    return _serialise(feed)


# == the hooks ========================================================================

def _parts(ev, rnd) -> dict:
    return {"slug": ev.slug, "stage": rnd.stage, "round": rnd.round}


def links(ev):
    """Adds the event's tool URLs to ``ev.urls`` and the organiser page to the navigation."""
    urls = ev.urls_of
    ev.urls["organiser"] = urls.url("organiser", slug=ev.slug)
    ev.urls["event_atom"] = urls.url("event_atom", slug=ev.slug)
    ev.urls["site_atom"] = urls.url("site_atom")
    if ev.standings:
        ev.urls["standings_csv"] = urls.url("standings_csv", slug=ev.slug)
    tools = {}
    for rnd in ev.rounds:
        parts = _parts(ev, rnd)
        tools[rnd.url] = {
            "verify": urls.url("round_verify", **parts) if draw_check(ev, rnd) else None,
            "find": urls.url("round_find", **parts) if rnd.units else None,
            "sheets": urls.url("round_sheets", **parts) if sheets(ev, rnd) else None,
        }
    ev.urls["round_tools"] = tools
    return [(N_("Tools"), ev.urls["organiser"], "organiser")]


def pages(ev):
    found = []
    for rnd in ev.rounds:
        parts = _parts(ev, rnd)
        check = draw_check(ev, rnd)
        if check is not None:
            found.append(Page("round_verify", parts, "podium/workflow/verify", {"rnd": rnd}, "rounds",
                              cut=draw_cut(check, ev.page_sizes["lines"])))
        if rnd.units:
            found.append(Page("round_find", parts, "podium/workflow/find",
                              {"rnd": rnd, "absent": absent_players(ev, rnd), "byes": bye_players(ev, rnd)}, "rounds",
                              cut=paging.Cut.of(find_lines(ev, rnd), ev.page_sizes["lines"], paging.by("player.name"),
                                                lambda part: {"lines": part})))
        printed = sheets(ev, rnd)
        if printed:
            found.append(Page("round_sheets", parts, "podium/workflow/sheets", {"rnd": rnd, "byes": bye_players(ev, rnd)},
                              "rounds", cut=paging.Cut.of(printed, ev.page_sizes["units"], paging.by("unit.number"),
                                                          lambda part: {"sheets": part})))
    found.append(Page("organiser", {"slug": ev.slug}, "podium/workflow/organiser", {}, "organiser"))
    return found


def files(ev):
    found = [File("event_atom", {"slug": ev.slug}, event_feed(ev.summary, ev))]
    if ev.standings:
        found.append(File("standings_csv", {"slug": ev.slug}, standings_csv(ev)))
    return found


def site_files(events, urls, language="en", feed_max_items=FEED_MAX_ITEMS):
    return [File("site_atom", {}, site_feed(events, urls, language or "en", feed_max_items))]
