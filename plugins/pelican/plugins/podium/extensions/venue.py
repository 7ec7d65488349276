"""The venue kit: printable pages for the walls of the playing hall.

``round_poster`` (``{slug}/{stage}-{round}/poster/``)
    For every seated round: the round's name, its start time and every
    player with their table (or match) in large type, in the event's
    alphabetical order, in columns on one printed page where it fits, and a
    QR code to the event on the site; a long list on pages (:mod:`..paging`).
``wall_standings`` (``{slug}/standings/wall/``)
    The latest standings of the most recent ranked stage (each group), in
    large type, with the qualification cut, and a QR code to them; long
    standings on pages of rows, group after group.

Score sheets carry a QR code to their table on the round page
(``podium/workflow/sheets.html``).  QR codes are SVG, made by ``segno``
(:func:`qr_svg`, a template global): dark modules on white whatever the
colour scheme, with the URL as their accessible name.  A QR code needs an
absolute URL, so it is drawn only when ``SITEURL`` is absolute (a
published build); otherwise the page prints the link instead.

Everything is linked from the event's tools page (``ev.urls["venue"]``).
"""

from __future__ import annotations

from dataclasses import replace
from functools import lru_cache

import segno
from markupsafe import Markup, escape

from .. import paging
from . import Page

QR_SCALE = 4  # CSS px a module on screen; the printed size is set by the stylesheet


@lru_cache(maxsize=4096, typed=True)  # a Markup label is escaped otherwise than a str one
def qr_svg(url: str, label: str = "") -> Markup:
    """An inline SVG QR code of ``url`` (error correction M, a 4-module quiet zone),
    sized by its viewBox so the stylesheet sets its size; named by ``label`` or the URL.
    Encoded once per URL and label: every poster of an event shows the event's."""
    code = segno.make(url, error="m")
    svg = code.svg_inline(scale=QR_SCALE, border=4, omitsize=True, svgclass="qr", lineclass=None, dark="#000")
    name = escape(label or url)
    return Markup(svg.replace("<svg ", f'<svg role="img" aria-label="{name}" ', 1))


def _parts(ev, rnd) -> dict:
    return {"slug": ev.slug, "stage": rnd.stage, "round": rnd.round}


def _ranks(part) -> str:
    return paging.grouped_span(part, lambda row: row.rank, lambda standing: standing.group)


def _page(standing, rows):
    return standing.page(rows)


def links(ev):
    """The kit's URLs in ``ev.urls`` (``venue``: round URL -> poster URL; ``wall_standings``)."""
    urls = ev.urls_of
    ev.urls["venue"] = {rnd.url: urls.url("round_poster", **_parts(ev, rnd)) for rnd in ev.rounds if rnd.units}
    if ev.standings:
        ev.urls["wall_standings"] = urls.url("wall_standings", slug=ev.slug)
    return []


def pages(ev):
    found = []
    for rnd in ev.rounds:
        if rnd.units:
            names = paging.Cut.of(rnd.find, ev.page_sizes["lines"],
                                  paging.by(lambda line: line[0].name),
                                  lambda part, rnd=rnd: {"rnd": replace(rnd, find=part)})
            found.append(Page("round_poster", _parts(ev, rnd), "podium/venue/poster", {}, "organiser", cut=names))
    if ev.standings:
        found.append(Page("wall_standings", {"slug": ev.slug}, "podium/venue/standings", {}, "organiser",
                          cut=paging.Cut.of(paging.flatten(ev.leaders, "rows"), ev.page_sizes["rows"], _ranks,
                                            lambda part: {"shown": paging.regroup(ev.leaders, "rows", part, _page)})))
    return found
