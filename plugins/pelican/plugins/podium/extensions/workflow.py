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
clock, no locale, no hash order.  Feeds are written with Pelican's
feedgenerator (:mod:`..atom`: absolute links and ids under an absolute
``SITEURL``); CSV fields that a spreadsheet would take for a formula are defused.

The event-level URLs are added to ``ev.urls`` (``organiser``,
``standings_csv``, ``event_atom``, ``site_atom``) and the per-round tools to
``ev.urls["round_tools"][round.url]`` (``{"verify": url|None, "find": url,
"sheets": url|None}``), so templates (``podium/workflow/round-tools.html``,
``podium/workflow/head.html``) can link them without rebuilding URLs.
"""

from __future__ import annotations

import shlex
from dataclasses import dataclass, field

from podium_core import csvfile
from podium_core.draw import key as draw_key
from podium_core.text import N_, translate
from .. import atom, i18n, paging
from ..views import DrawLine, round_byes
from . import File, Page


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
    fixed: str = ""  # the fixed points of a seat at a unit that is not played (views.SeatView.fixed)
    initial: str = ""  # the name's first letter, upper case
    starts: bool = False  # the first line, or its initial is not the line before's (a letter's anchor)
    first: bool = False  # the first line with its initial (the A-Z links)


def find_lines(ev, rnd) -> list:
    """Every seated player of a round with their unit and seat, in the event's
    alphabet, each with its initial and whether it starts a letter."""
    lines = [FindLine(player, unit, seat.seat, seat.fixed) for player, unit, seat in rnd.find]  # sorted by the round's view
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
class ScoreSheet:
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
        if unit.has_result or unit.unplayed is not None:
            continue
        details = fmt.score_sheet(rnd.stage, unit.data or {}, rnd.extra)
        if details is not None:  # a table that is not played has no sheet
            found.append(ScoreSheet(unit, fmt.name, details))
    return found


# == downloads ========================================================================

def latest_standings(ev) -> list:
    """(view, outcome standing) of the latest standings of every stage and group, in order."""
    pairs = list(zip(ev.standings, ev.outcome.standings)) if ev.outcome is not None else []
    latest = {}
    for view, exact in pairs:
        latest[(exact.stage, exact.group)] = (view, exact)
    return list(latest.values())


STANDINGS_COLUMNS = ["stage", "group", "after_round", "rank", "player", "name", "club", "country", "reserve", "lot"]


def standings_rows(ev) -> tuple[list, list]:
    """The header and rows of ``standings.csv``: the latest standings of every stage
    and group, one row a player, each value as it is (a text, a number, ``1`` or None).

    Columns: stage, group, after_round, rank, player (id), name, club, country,
    reserve (``1``), lot (``1`` when the drawing of lots decided the rank), then
    one column per ranking criterion (the keys of event.json), values as in
    event.json.
    """
    found = latest_standings(ev)
    keys = []
    for _, exact in found:
        for criterion in exact.criteria:
            if criterion.key not in keys:
                keys.append(criterion.key)
    rows = []
    for _view, exact in found:
        for row in exact.rows:
            person = ev.people[row.player]
            rows.append([exact.stage, exact.group or "", exact.after_round, row.rank, row.player, person.name,
                         person.club, person.country, 1 if row.reserve else None, 1 if row.by_lot else None]
                        + [row.values.get(k) for k in keys])
    return STANDINGS_COLUMNS + keys, rows


def standings_csv(ev) -> str:
    """``standings.csv`` (:func:`standings_rows`), by the rules of :mod:`podium_core.csvfile`
    (every field quoted, UTF-8 with a BOM, formulas defused)."""
    head, rows = standings_rows(ev)
    return csvfile.document(head, csvfile.fields(rows))


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


def _add_entry(feed, urls, ev, rnd, date, feed_url):
    """One completed round of ``ev`` (a summary) as an entry of ``feed``, in the event's language."""
    _ = i18n.translations(ev.language).gettext
    blocks = []
    if rnd.winners:
        unit_word = _("Match") if rnd.kind == "matches" else _("Table")
        blocks += [("p", _("Winners")), ("ul", [f"{unit_word} {number}: {name}" for number, name in rnd.winners])]
    for group, names in rnd.leaders:
        heading = _("Leaders")
        if group:
            heading += " — " + _("group %(group)s") % {"group": group}
        blocks += [("p", heading), ("ol", list(names))]
    if not rnd.winners and not rnd.leaders:
        blocks.append(("p", _("Complete")))
    feed.add_item(atom.xml_text(f"{ev.name}: {round_text(rnd, _)}"), atom.address(urls, rnd.url, feed_url), None,
                  unique_id=atom.entry_id(urls, rnd.url, f"{ev.slug}/{rnd.stage}-{rnd.round}"),
                  updateddate=atom.day(date), content=atom.html(blocks), language=ev.language,
                  related=atom.address(urls, rnd.standing_url, feed_url) if rnd.standing_url is not None else None)


def _feed(urls, feed_id: str, title: str, updated: str, self_url: str, alternate: str, author: str, language: str):
    return atom.Feed(atom.xml_text(title), atom.address(urls, alternate, self_url), None, language=language,
                     author_name=atom.xml_text(author), feed_url=atom.address(urls, self_url, self_url),
                     feed_guid=feed_id, updated=atom.day(updated))


def event_feed(ev, urls, view=None) -> str:
    """The event's Atom feed (from its summary ``ev``): one entry per completed round, the
    latest first, and one per correction (from the event's ``view``, when given)."""
    url = ev.urls["event_atom"]
    entries = _entries(ev)
    updated = entries[-1][0] if entries else feed_date(ev)
    catalog = i18n.translations(ev.language)
    feed = _feed(urls, atom.entry_id(urls, url, ev.slug), catalog.gettext("Results: %(event)s") % {"event": ev.name},
                 updated, url, ev.url, ev.name, ev.language)
    for date, _index, rnd in reversed(entries):
        _add_entry(feed, urls, ev, rnd, date, url)
    if view is not None:
        from .corrections import feed_items

        for item in feed_items(view, updated, url):
            feed.add_item(**item)
    return feed.text()


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
    feed = _feed(urls, atom.entry_id(urls, url, "site"), catalog.gettext("Tournament results"), updated, url,
                 urls.url("home"), "Podium", language)
    for date, _slug, _index, ev, rnd in entries:
        _add_entry(feed, urls, ev, rnd, date, url)
    return feed.text()


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
    found = [File("event_atom", {"slug": ev.slug}, event_feed(ev.summary, ev.urls_of, ev))]
    if ev.standings:
        found.append(File("standings_csv", {"slug": ev.slug}, standings_csv(ev)))
    return found


def site_files(events, urls, language="en", feed_max_items=FEED_MAX_ITEMS):
    return [File("site_atom", {}, site_feed(events, urls, language or "en", feed_max_items))]
