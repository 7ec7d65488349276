"""Site pages for the Czerwona Baśka Grand Prix (``baska-gp``, formats.md 5).

* Tables (:func:`unit_view`): seat order, small points, the place at the table
  (tied places shown as a range, "2–3"), placement points to 2 decimals
  (10/3 is 3.33, 11/4 is 2.75; the exact fraction in a tooltip), the short
  last table with its fixed points, and the deal protocol when the table was
  entered deal by deal (every deal with its running totals).  The round
  partial is ``podium/baska/tables.html``.
* Sessions (:func:`pages`): ``{slug}/sessions/`` lists every session with its
  rounds; ``{slug}/session-{n}/`` shows one session's rounds and its own
  table, ranked over that session's rounds by the Grand Prix criteria (the
  engine's ``extra["sessions"]``; a long table on pages of :mod:`..paging`).
  :func:`links` puts "Sessions" into the event's navigation.

Nothing here is translated: templates wrap every word in ``_()`` and
translate the labels given here (msgids marked ``N_``) with ``tr()``; numbers
are written in the event's language.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from fractions import Fraction

from podium_core.systems.baska import Baska
from podium_core.text import N_
from .. import paging, views
from . import Page


SYSTEM = Baska
MINUS = "\u2212"


# -- numbers ------------------------------------------------------------------------

def signed(value: int) -> str:
    """Small points as a protocol writes them: +12, −4, 0."""
    if value > 0:
        return f"+{value}"
    if value < 0:
        return f"{MINUS}{-value}"
    return "0"


def total(value: int) -> str:
    """A running total or a table's total: −4 with a real minus sign, no plus."""
    return f"{MINUS}{-value}" if value < 0 else str(value)


def points(value, lang: str = "en") -> str:
    """Placement points: whole numbers bare, others to 2 decimals (10/3 → 3.33, lv 3,33)."""
    return views.value_text(value, "decimal", lang)


def exact(value) -> str:
    """The exact fraction when 2 decimals do not say it all (10/3), else ''."""
    if type(value) is not Fraction:
        value = Fraction(value)
    return "" if 100 % value.denominator == 0 else f"{value.numerator}/{value.denominator}"


def places(values) -> list[str]:
    """The place of each seat at a full table, most small points first;
    tied players cover a run of places, shown as "2–3" (or "1–4")."""
    ordered = sorted(values, reverse=True)
    texts = []
    for value in values:
        first = ordered.index(value) + 1
        last = first + ordered.count(value) - 1
        texts.append(str(first) if first == last else f"{first}–{last}")
    return texts


def short_names(people: list) -> list[str]:
    """Names short enough for a protocol column: "Józef M." (first word and the
    last word's initial); full names when that would not tell two apart."""
    short = []
    for person in people:
        words = person.name.split()
        initial = next((c for c in words[-1] if c.isalpha()), "") if len(words) > 1 else ""
        short.append(f"{words[0]} {initial}." if initial else person.name)
    return short if len(set(short)) == len(short) else [p.name for p in people]


# -- the table view ---------------------------------------------------------------------

@dataclass
class BaskaSeat(views.SeatView):
    small: str = ""  # signed small points, "" before the result
    place: str = ""  # "1", "2–3" (tied), "" when not played
    tied: bool = False
    points: str = ""  # placement points to 2 decimals
    exact: str = ""  # "10/3" when 2 decimals round it


@dataclass
class DealRow:
    number: int
    game: str  # para | wesele | cicha | zolo | zolo-du | honorowe
    level: str  # none | kontra | rej | bok | sup
    degree: str | None  # normal | bez-wyjscia | bez-bitki (pair games only)
    who: list  # (Person, short name): the winning pair, or the soloist
    solo: bool
    won: bool  # the soloist's result (a pair game is always won by ``who``)
    value: int  # X
    points: list  # signed texts, seat order
    running: list  # running totals, seat order
    values: tuple = ()  # the points themselves, for colouring gains and losses

    @property
    def seats(self) -> list:
        """(" plus", " minus" or "", points, running total) of each seat, in seat order."""
        return [(" plus" if value > 0 else " minus" if value < 0 else "", shown, running)
                for value, shown, running in zip(self.values, self.points, self.running)]


@dataclass
class Protocol:
    names: list  # short names in seat order
    rows: list
    totals: list  # the final running totals = the table's small points

    @property
    def long(self) -> bool:
        return len(self.rows) > 8


@dataclass
class BaskaUnit(views.UnitView):
    short: bool = False
    protocol: Protocol | None = None


def protocol_view(table, seat_people: list) -> Protocol | None:
    if table.deals is None:
        return None
    names = short_names(seat_people)
    seat_of = {p.id: (p, name) for p, name in zip(seat_people, names)}
    rows = []
    for deal in table.deals:
        solo = deal.player is not None
        who = [seat_of[deal.player]] if solo else [seat_of[pid] for pid in deal.won]
        rows.append(DealRow(deal.number, deal.game, deal.level, None if solo else deal.degree, who, solo,
                            bool(deal.won) if solo else True, deal.value,
                            [signed(v) for v in deal.points], [total(v) for v in deal.running],
                            tuple(deal.points)))
    totals = [total(v) for v in table.small_points] if table.small_points is not None else []
    return Protocol(names, rows, totals)


def unit_view(fmt, kind, unit, people, lang="en"):
    """A Baśka table (:class:`podium_core.systems.baska.engine.BaskaTable`) as a :class:`BaskaUnit`."""
    if kind != "tables" or not hasattr(unit, "placement"):
        return None
    words = fmt.unit_columns()
    columns = [views.Column(key, *words[key]) for key in ("small_points", "placement_points", "place")]
    seat_people = [people.get(pid) or views.PlayerView(pid, pid, "") for pid in unit.players]
    scored = not unit.short and unit.small_points is not None
    place_texts = places(unit.small_points) if scored else [""] * len(unit.players)
    winner = unit.winner
    seats = []
    for i, person in enumerate(seat_people):
        if unit.short and unit.placement is not None:
            value = unit.placement[i]
            shown = points(value, lang)
            seat = BaskaSeat(i + 1, person, [views.Cell("—", title=N_("Short table: not played")),
                                             views.Cell(shown, numeric=True), views.Cell("—")],
                             points=shown, exact=exact(value), fixed=views.number_text(value, lang))
        elif scored:
            value, small = unit.placement[i], unit.small_points[i]
            shown, fraction, small_text = points(value, lang), exact(value), signed(small)
            tied = "–" in place_texts[i]
            seat = BaskaSeat(i + 1, person, [views.Cell(small_text, numeric=True),
                                             views.Cell(shown, numeric=True, title=fraction),
                                             views.Cell(place_texts[i], numeric=True)],
                             winner=person.id == winner, small=small_text, place=place_texts[i], tied=tied,
                             points=shown, exact=fraction)
        else:
            seat = BaskaSeat(i + 1, person, [views.Cell("", numeric=True) for _ in columns])
        seats.append(seat)
    return BaskaUnit("tables", unit.table, seats, columns, unit.has_result,
                     winner=people.get(winner) if winner else None, source=unit, special=fmt.name,
                     short=unit.short, protocol=protocol_view(unit, seat_people) if scored else None)


# -- sessions -------------------------------------------------------------------------------

@dataclass
class SessionView:
    number: int
    first: int  # its first and last round numbers
    last: int
    rounds: list  # (round number, Round view or None when no file yet)
    complete: bool
    played: int  # rounds complete (and ranked)
    standing: views.StandingView | None
    url: str
    previous: "SessionView | None" = None
    next: "SessionView | None" = None
    grand_prix: views.StandingView | None = None  # the Grand Prix standings after its last ranked round

    @property
    def state(self) -> str:
        if self.complete:
            return "complete"
        if any(r is not None and r.status != "upcoming" for _, r in self.rounds):
            return "in-progress"
        return "upcoming"


def _standing(standing, ev, url: str) -> views.StandingView:
    """An engine standing as a view (the same columns as the Grand Prix standings)."""
    criteria = [views.CriterionView(c.key, c.label, c.abbr, c.legend, c.display) for c in standing.criteria]
    rows = [views.RowView(r.rank, ev.people[r.player],
                      [views.value_cell(r.values.get(c.key), c.display, ev.language) for c in criteria],
                      r.by_lot, r.reserve)
            for r in standing.rows]
    spec = ev.format.stages[0] if ev.format.stages else None
    return views.StandingView(standing.stage, None, standing.after_round, spec.title if spec else standing.stage, False,
                          url, criteria, rows, title=N_("Session table"))


def sessions(ev) -> list[SessionView]:
    """Every session of a Baśka event, from the engine's ``extra["sessions"]``."""
    by_number = {r.round: r for r in ev.rounds}
    found = []
    for s in ev.outcome.extra.get("sessions", []):
        url = ev.urls_of.url("session", slug=ev.slug, session=s["session"])
        standing = _standing(s["standing"], ev, url) if s["standing"] is not None else None
        rounds = [(n, by_number.get(n)) for n in s["rounds"]]
        view = SessionView(s["session"], s["rounds"][0], s["rounds"][-1], rounds, s["complete"],
                           standing.after_round - s["rounds"][0] + 1 if standing else 0, standing, url)
        if standing is not None:
            view.grand_prix = next((st for st in ev.standings if st.after_round == standing.after_round), None)
        found.append(view)
    for before, after in zip(found, found[1:]):
        before.next, after.previous = after, before
    return found


def _session_cut(view: SessionView, size: int) -> paging.Cut:
    """A session's page on pages of ``size`` rows of its session table (:mod:`..paging`)."""
    if view.standing is None:
        return paging.Cut([None], lambda part: "", lambda part: {"session": view})
    rows = view.standing.rows
    return paging.Cut.of(rows, size, paging.by("rank"),
                         lambda part: {"session": replace(view, standing=view.standing.page(part))})


def links(ev):
    return [(N_("Sessions"), ev.urls_of.url("sessions", slug=ev.slug), "sessions")]


def pages(ev):
    found = sessions(ev)
    result = [Page("sessions", {"slug": ev.slug}, "podium/baska/sessions", {"sessions": found}, section="sessions")]
    for view in found:
        result.append(Page("session", {"slug": ev.slug, "session": view.number}, "podium/baska/session",
                           {"sessions": found}, section="sessions", cut=_session_cut(view, ev.page_sizes["rows"])))
    return result
