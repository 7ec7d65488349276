"""The event's corrections page and its Atom entries (:mod:`podium_core.corrections`).

When a result was corrected after later rounds were seated, the event gets
``corrections`` (``{slug}/corrections/``), linked from its navigation: per
corrected round, the organisers' ``correction:`` reason, each table whose
result changed (its players, the result the later rounds were seated from
and the result now), the players it moved in the standings those rounds
were seated from (from which place to which), the rounds that stand as
played, the rounds to seat again, and the standings recomputed from it
(every standings table of the event from that round on).  A round corrected
more than once shows each correction in order (``steps``): from its results
as some later rounds were seated from them to those the next ones were
seated from, and at last to its results as they are, each with the tables
it changed and the players it moved.  The event's Atom feed gets one entry
per corrected round (:func:`feed_items`), saying the same.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from podium_core.text import N_
from .. import atom, i18n
from ..views import PlayerView
from . import Page


@dataclass
class CorrectionView:
    """One corrected round, with the views of what it touched."""

    round: object  # the corrected round's view
    reason: str | None
    standing: list  # round views that stand as played
    reseat: list  # round views to seat again
    standings: list  # standings views recomputed from the corrected round on
    changes: list = field(default_factory=list)  # ChangeView per table whose result changed
    moves: list = field(default_factory=list)  # MovesView per standings table the later rounds rest on
    recorded: bool = True  # False: only digests were recorded, the old results are not known
    steps: list = field(default_factory=list)  # StepView per correction of the round, oldest first


@dataclass
class StepView:
    """One correction of a round: the results as the rounds ``seated`` were
    seated from them, changed into those the rounds ``then`` were seated from
    (``now``: the results as they are)."""

    seated: list  # round views
    then: list  # round views (may be empty when ``now``)
    now: bool
    changes: list  # ChangeView
    moves: list  # MovesView
    recorded: bool = True


@dataclass
class ChangeView:
    unit: int
    kind: str  # tables | games | matches
    players: list  # PlayerView (or the id) in seat order
    old: str | None
    new: str | None


@dataclass
class MovesView:
    standing: object  # the standings view (None when the event no longer shows it)
    moved: list  # (PlayerView or id, old place, new place)


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
                                    [rounds[name] for name in correction.reseat if name in rounds], moved,
                                    _changes(ev, rounds[correction.round], correction), _moves(ev, correction),
                                    correction.recorded, _steps(ev, rounds, correction)))
    return sorted(views, key=lambda view: order[f"{view.round.stage}-{view.round.round}"])


def _person(ev, pid):
    """The player's view; an id the event no longer lists, as a name without a link."""
    return ev.people.get(pid) or PlayerView(pid, pid, "", language=ev.language)


def _steps(ev, rounds: dict, correction) -> list:
    rnd = rounds[correction.round]
    return [StepView([rounds[name] for name in step.seated if name in rounds],
                     [rounds[name] for name in step.then if name in rounds], step.now,
                     _changes(ev, rnd, step), _moves(ev, step), step.recorded)
            for step in correction.steps]


def _changes(ev, rnd, correction) -> list:
    """The changed tables of a correction (or of one of its steps) as views."""
    return [ChangeView(change.unit, rnd.kind, [_person(ev, pid) for pid in change.players], change.old, change.new)
            for change in correction.changes]


def _moves(ev, correction) -> list:
    by_name = {f"{s.stage}-{s.after_round}" + (f" {s.group}" if s.group else ""): s for s in ev.standings}
    return [MovesView(by_name.get(moves.standing), [(_person(ev, pid), old, new) for pid, old, new in moves.moved])
            for moves in correction.moves]


def step_title(step, round_text, catalog) -> str:
    """A correction in a history, in words: ``As Qualifying, round 3 was
    seated from them → as Qualifying, round 4 was seated from them``."""
    def names(rounds):
        return {"rounds": ", ".join(round_text(r, catalog.gettext) for r in rounds)}

    older = catalog.ngettext("As %(rounds)s was seated from them", "As %(rounds)s were seated from them",
                             len(step.seated)) % names(step.seated)
    newer = catalog.gettext("as they are now") if step.now else catalog.ngettext(
        "as %(rounds)s was seated from them", "as %(rounds)s were seated from them", len(step.then)) % names(step.then)
    return f"{older} → {newer}"


def change_text(change, _) -> str:
    """One changed table in words: ``Table 3 (A, B, C, D): 10 8 7 5 → 5 8 7 10``."""
    label = (_("Match %(number)s") if change.kind == "matches" else _("Table %(number)s")) % {"number": change.unit}
    names = ", ".join(getattr(p, "name", p) for p in change.players)
    none = _("no result")
    return f"{label} ({names}): {change.old or none} → {change.new or none}"


def move_text(player, old: int, new: int, _) -> str:
    """``Anna Bērziņa from 5th to 3rd`` (places as numbers, in every language)."""
    return _("%(player)s: place %(old)d → %(new)d") % {"player": getattr(player, "name", player), "old": old, "new": new}


def moves_title(moves, _) -> str:
    """Which standings the moves are in, in plain words."""
    s = moves.standing
    if s is None:
        return _("Standings")
    return _("Standings after round %(number)s") % {"number": s.after_round} + (f" · {s.group}" if s.group else "")


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


def feed_items(ev, date: str, feed_url: str) -> list:
    """One Atom entry per corrected round (keyword arguments of :meth:`..atom.Feed.add_item`)
    for the event's feed at ``feed_url``, dated ``date``."""
    from .workflow import round_text

    found = corrections(ev)
    if not found:
        return []
    catalog = i18n.translations(ev.language)
    _ = catalog.gettext
    urls = ev.urls_of
    page = urls.url("corrections", slug=ev.slug)
    items = []
    for view in found:
        blocks = []
        if view.reason:
            blocks.append(("p", f"{_('Reason')}: {view.reason}"))
        for step in view.steps or [view]:
            if len(view.steps) > 1:
                blocks.append(("p", step_title(step, round_text, catalog) + ":"))
            if step.changes:
                blocks.append(("ul", [change_text(change, _) for change in step.changes]))
            for moves in step.moves:
                blocks.append(("p", moves_title(moves, _) + ": "
                               + "; ".join(move_text(p, old, new, _) for p, old, new in moves.moved)))
        if view.standing:
            blocks.append(("p", _("Standing as played:") + " " + ", ".join(round_text(r, _) for r in view.standing)))
        key = f"{view.round.stage}-{view.round.round}"
        title = f"{ev.name}: " + _("Correction: %(round)s") % {"round": round_text(view.round, _)}
        items.append({"title": atom.xml_text(title), "link": atom.address(urls, page, feed_url), "description": None,
                      "unique_id": atom.entry_id(urls, f"{page}#{key}", f"{ev.slug}/corrections/{key}"),
                      "updateddate": atom.day(date), "content": atom.html(blocks), "language": ev.language})
    return items
