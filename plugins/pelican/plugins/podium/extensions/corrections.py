"""The event's corrections page and its Atom entries (:mod:`podium.corrections`).

When a result was corrected after later rounds were seated, the event gets
``corrections`` (``{slug}/corrections/``), linked from its navigation: per
corrected round, the organisers' ``correction:`` reason, the rounds that
stand as played, the rounds to seat again, and the standings recomputed
from it (every standings table of the event from that round on).  The
event's Atom feed gets one entry per correction (:func:`feed_entries`).
"""

from __future__ import annotations

import xml.etree.ElementTree as ET
from dataclasses import dataclass

from podium.text import N_
from .. import i18n
from . import Page

URLS = {"corrections": "{slug}/corrections/"}


@dataclass
class CorrectionView:
    """One corrected round, with the views of what it touched."""

    round: object  # the corrected round's view
    reason: str | None
    standing: list  # round views that stand as played
    reseat: list  # round views to seat again
    standings: list  # standings views recomputed from the corrected round on


def corrections(ev) -> list:
    """The corrections of an event as views, in round order (empty when none)."""
    outcome = getattr(ev, "outcome", None)
    found = (outcome.extra.get("corrections") if outcome is not None else None) or ()
    rounds = {f"{r.stage}-{r.round}": r for r in ev.rounds}
    order = {f"{r.stage}-{r.round}": i for i, r in enumerate(ev.rounds)}
    views = []
    for correction in found:
        if correction.round not in rounds:
            continue
        start = order[correction.round]
        moved = [s for s in ev.standings if order.get(f"{s.stage}-{s.after_round}", -1) >= start]
        views.append(CorrectionView(rounds[correction.round], correction.reason,
                                    [rounds[name] for name in correction.standing if name in rounds],
                                    [rounds[name] for name in correction.reseat if name in rounds], moved))
    return sorted(views, key=lambda view: order[f"{view.round.stage}-{view.round.round}"])


def links(ev):
    if not corrections(ev):
        return []
    ev.urls["corrections"] = ev.urls_of.url("corrections", slug=ev.slug)
    return [(N_("Corrections"), ev.urls["corrections"], "corrections")]


def pages(ev):
    found = corrections(ev)
    if not found:
        return []
    return [Page("corrections", {"slug": ev.slug}, "podium/corrections", {"corrections": found}, "corrections")]


def feed_entries(parent, ev, date: str, feed_url: str, href, round_text, tag: str) -> None:
    """One Atom entry per correction, added to the event's feed ``parent``."""
    found = corrections(ev)
    if not found:
        return
    _ = i18n.translations(ev.language).gettext
    page = ev.urls_of.url("corrections", slug=ev.slug)
    for view in found:
        title = round_text(view.round, _)
        entry = ET.SubElement(parent, "entry", {"xml:lang": ev.language})
        ET.SubElement(entry, "id").text = f"{tag}:{ev.slug}/corrections/{view.round.stage}-{view.round.round}"
        ET.SubElement(entry, "title").text = f"{ev.name}: " + _("Correction: %(round)s") % {"round": title}
        ET.SubElement(entry, "updated").text = f"{date}T00:00:00Z"
        ET.SubElement(entry, "link", {"rel": "alternate", "type": "text/html", "href": href(page, feed_url)})
        content = ET.SubElement(entry, "content", {"type": "xhtml"})
        div = ET.SubElement(content, "div", {"xmlns": "http://www.w3.org/1999/xhtml"})
        if view.reason:
            ET.SubElement(div, "p").text = f"{_('Reason')}: {view.reason}"
        if view.standing:
            ET.SubElement(div, "p").text = _("Standing as played:") + " " + ", ".join(round_text(r, _) for r in view.standing)
