"""The titles an event's pages show again and again, put together once per event.

A round's title ("Qualifying, round 3"), a standing's ("Qualifying:
standings after round 3 · group A"), the event's state ("Now playing: ...")
and the line that describes the event in every page's ``<head>`` appear on
many pages of an event: on every player page once per game, in every page's
description.  :func:`name_all` writes them into the event's view once, in
the view's language, as the macros of ``podium/macros.html``
(``round_title``, ``standing_title``, ``event_status``) would write them:
translated, HTML-escaped (:class:`~markupsafe.Markup`), and as plain text
(``*_text``) for a page's title or an attribute.  The macros show these when
a view has them, and put the title together themselves for objects that do
not (the site-wide pages' summaries).
"""

from __future__ import annotations

from markupsafe import Markup, escape

from podium_core.text import N_, translate
from . import i18n

ROUND = N_("%(stage)s, round %(number)s")
STANDINGS = N_("%(stage)s: standings")
STANDINGS_AFTER = N_("%(stage)s: standings after round %(number)s")
GROUP = N_("group %(group)s")
FINISHED = N_("Finished")
LIVE = N_("Now playing: %(round)s")
NEXT = N_("Next: %(round)s (seating published)")
WAITING = N_("Next: %(round)s (waiting for the organisers)")
BETWEEN = N_("Next: %(stage)s (not seated yet)")
BETWEEN_ROUND = N_("Next: %(stage)s, round %(number)s (not seated yet)")
NO_ROUNDS = N_("No rounds yet")
MATCH_SEAT = N_("match %(number)s"), N_("seat %(number)s")
TABLE_SEAT = N_("table %(number)s"), N_("seat %(number)s")
OVERVIEW = N_("Overview")
STANDINGS_LINK = N_("Standings")
PLAYERS = N_("Players")
CLASSIFICATION = N_("Classification")
FORMAT = N_("Format")
RULES = N_("Rules")


class Words:
    """A language's ``_()`` and ``tr()`` as Jinja's newstyle gettext gives them
    to an autoescaping template: the translation is trusted markup, the values
    put into it are escaped."""

    def __init__(self, language: str):
        self.lookup = i18n.translations(language or "en").gettext

    def tr(self, value) -> Markup:
        return escape(translate(value, self.lookup))

    def text(self, msgid: str, **values) -> Markup:
        return Markup(self.lookup(msgid)) % values


def round_title(r, words: Words) -> Markup:
    if r.title:
        return words.tr(r.title)
    if r.single:
        return words.tr(r.stage_title)
    return words.text(ROUND, stage=words.tr(r.stage_title), number=r.round)


def standing_title(s, words: Words) -> Markup:
    if s.title:
        title = words.tr(s.title)
    elif s.single:
        title = words.text(STANDINGS, stage=words.tr(s.stage_title))
    else:
        title = words.text(STANDINGS_AFTER, stage=words.tr(s.stage_title), number=s.after_round)
    if s.group:
        title += Markup(" · ") + words.text(GROUP, group=s.group)
    return title


def status_text(status, words: Words) -> Markup:
    """The event's state in a few words (the ``event_status`` macro)."""
    state = status.state
    if state == "finished":
        return words.text(FINISHED)
    if state in ("live", "next", "waiting"):
        msgid = {"live": LIVE, "next": NEXT, "waiting": WAITING}[state]
        return words.text(msgid, round=status.round.heading)
    if state == "between":
        if status.single:
            return words.text(BETWEEN, stage=words.tr(status.stage_title))
        return words.text(BETWEEN_ROUND, stage=words.tr(status.stage_title), number=status.number)
    return words.text(NO_ROUNDS)


def description(ev, words: Words) -> str:
    """The line that describes the event (a page's meta description): its name,
    dates, venue, format and state, as plain text."""
    parts = [ev.name]
    if ev.dates:
        first = i18n.date_text(ev.first_date, ev.language)
        parts.append(first if len(ev.dates) == 1 else f"{first} – {i18n.date_text(ev.last_date, ev.language)}")
    if ev.venue:
        parts.append(ev.venue)
    parts.append(translate(ev.format.title, words.lookup))
    parts.append(ev.status.text.striptags())
    return " · ".join(parts)


def game_place(game, words: Words, known: dict | None = None) -> Markup:
    """Where a player sat in a game: "table 5, seat 3" ("match 2, seat 1");
    kept in ``known``, as most games of an event share it with another."""
    key = (game.round.kind == "matches", game.unit.number, game.seat.seat)
    found = known.get(key) if known is not None else None
    if found is None:
        unit_word, seat_word = MATCH_SEAT if key[0] else TABLE_SEAT
        found = words.text(unit_word, number=key[1]) + Markup(", ") + words.text(seat_word, number=key[2])
        if known is not None:
            known[key] = found
    return found


def menu(ev) -> list:
    """The links of the event's menu (``event_base.html``), the same on every
    page of the event, as (label, URL, section): the overview, the standings
    (when the format has any), the players, the classification (once the
    event is finished), the format, the extensions' links (``ev.links``) and
    the rules page (when the event names one).  A page's link is the one whose
    section is the page's ``section``."""
    words = Words(ev.language)
    urls = ev.urls
    found = [(words.text(OVERVIEW), ev.url, "event")]
    if ev.standings:
        found.append((words.text(STANDINGS_LINK), urls["standings_index"], "standings"))
    found.append((words.text(PLAYERS), urls["players"], "players"))
    if ev.finished:
        found.append((words.text(CLASSIFICATION), urls["classification"], "classification"))
    found.append((words.text(FORMAT), urls["format"], "format"))
    found.extend((words.tr(label), url, section) for label, url, section in ev.links)
    if ev.rules_url:
        found.append((words.text(RULES), ev.rules_url, "rules"))
    return found


def plain(value) -> str:
    """The ``plain`` filter: the text of a title or description as Jinja's
    ``striptags`` gives it (tags and comments dropped, runs of whitespace
    made one space, ends trimmed, entities decoded); a text with no ``<``,
    no ``&`` and no whitespace to fold, such as every event page's, comes
    back as it is, without the regular expressions."""
    text = str(value)
    if "<" in text or "&" in text or " ".join(text.split()) != text:
        return Markup(text).striptags()
    return text


def name_all(ev) -> None:
    """Write the titles of every round and standing, the words of every
    round's columns, where each player sat in each game, the state and the
    description into the event view ``ev``, in its language."""
    words = Words(ev.language)
    for r in ev.rounds:
        r.heading = round_title(r, words)
        r.heading_text = r.heading.striptags()
        for unit in r.units:
            unit.headers = [(words.tr(c.title), words.tr(c.label)) for c in unit.columns]
    for s in ev.standings:
        s.heading = standing_title(s, words)
        s.heading_text = s.heading.striptags()
    places: dict = {}
    for page in ev.player_pages.values():
        for game in page.games:
            if game.unit is not None:
                game.place = game_place(game, words, places)
    ev.status.text = status_text(ev.status, words)
    ev.description = description(ev, words)
