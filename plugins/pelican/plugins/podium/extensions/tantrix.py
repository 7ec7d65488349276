"""Site pages for tantrix (see pelican.plugins.podium.extensions for the hooks).

``tantrix-wc`` events get

- a bracket page (``tantrix_bracket``): the main draw and, when there is one,
  the consolation draw, drawn from ``EventOutcome.extra["bracket"]`` and
  ``extra["consolation_bracket"]`` with the scored matches of the rounds; a
  bracket larger than one section (64 places, ``PODIUM_PAGE_SIZES["bracket"]``)
  is an overview of the rounds after the sections, then one page per section
  (:func:`bracket_cut`, the rule of :mod:`..paging`);
- one page per match (``tantrix_match``): every game's result, TP, penalty
  minutes, running total and running lead (an inline SVG against the 5.0 TP
  line), the extra games, and how and when the match was decided;
- a compact partial for the round pages (``UnitView.special``, the system's name:
  ``podium/tantrix/matches.html``).

Values are formatted here (TP with one decimal, from the engine's integer
tenths, in the event's language); every word the pages show comes from the
templates or is a msgid (``N_``) they translate.  Status codes, rules and
"what is needed next" are passed as codes and numbers.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field, replace
from functools import cached_property, lru_cache
from types import SimpleNamespace

from podium_core.systems.knockout import round_title
from podium_core.systems.tantrix import Tantrix
from podium_core.systems.tantrix.engine import DECISIVE, DECISIVE_LEAD, EXTRA_GAMES_AT_FIVE, TantrixMatch
from podium_core.text import N_, Text
from .. import i18n, paging
from ..views import Cell, Column, PlayerView, SeatView, UnitView
from .brackets import BracketGame, BracketRound, BracketView, Side


SYSTEM = Tantrix
ISO_DATE = re.compile(r"^\d{4}-\d{2}-\d{2}$")
RESERVED_LABELS = {"TP"}  # column headings a player's initials must not look like

# the chart of the running lead (inline SVG, no script)
CHART_WIDTH, CHART_HEIGHT = 320, 160
CHART_LEFT, CHART_RIGHT, CHART_TOP, CHART_BOTTOM = 34, 6, 8, 18


@lru_cache(maxsize=1 << 14)
def tp_text(value: int, lang: str = "en") -> str:
    """Integer tenths of a TP as text with one decimal ("-0.7", "102.3"; lv "102,3")."""
    if lang and lang != "en":
        return i18n.number_text(i18n.exact(value) / 10, lang, 1, fixed=True)
    sign = "-" if value < 0 else ""
    value = abs(value)
    return f"{sign}{value // 10}.{value % 10}"


def initials(name: str) -> str:
    """A short label for a player in a column header ("Māris Ozoliņš" -> "MO")."""
    words = ["".join(c for c in w if c.isalnum()) for w in name.split()]
    words = [w for w in words if w]
    if not words:
        return ""
    if len(words) == 1:
        label = words[0][:2].capitalize()
    else:
        label = (words[0][0] + words[-1][0]).upper()
        if label in RESERVED_LABELS:  # "TP" would read as tournament points
            label = words[0][0].upper() + words[-1][:2].capitalize()
    return label


# -- one match -------------------------------------------------------------------------

@dataclass
class GameLine:
    """One game: its result, both players' TP, penalty minutes and running totals."""

    number: int
    extra: bool
    score: tuple | None  # (a, b) tiles, when recorded as a score
    margin: int  # the first player's margin (negative: the second player won)
    won_by: int | None  # 0 or 1, None for a draw
    tp: tuple  # texts
    base: tuple  # texts, before penalties
    penalty: tuple  # minutes
    total: tuple  # texts
    lead: int  # the first player's lead in tenths after this game
    lead_text: str  # the lead without its sign
    decider: bool = False
    css: str = ""  # the row's classes: an extra game (the first one marked), the deciding game
    score_text: str = ""  # "12–8", when recorded as a score

    @property
    def sides(self) -> tuple:
        """(penalty minutes, TP before penalties, TP) of each player."""
        return tuple(zip(self.penalty, self.base, self.tp))

    @property
    def penalised(self) -> bool:
        return any(self.penalty)


@dataclass
class MatchView:
    """A scored (or seated) match, ready for the round partial, the bracket and its own page."""

    number: int
    sides: list
    games: list
    standard: int
    rule: str  # decisive | ignore | total
    status: str
    when: str | None
    when_is_date: bool
    resigned: PlayerView | None
    winner: PlayerView | None
    decided_after: int | None
    how: str  # games | resigned | late_resign (resignation after the games decided) | walkover | open
    lead: int  # the first player's lead in tenths after the last game
    lead_text: str
    next_game: int | None  # the game still needed, while undecided
    next_extra: int  # its number among the extra games (0: a standard game)
    next_needs: str  # "five": a lead of 5.0 after it wins; "any": any lead
    any_penalty: bool
    match: TantrixMatch = field(repr=False, compare=False)  # the engine's, for the chart
    lang: str = "en"
    walkover: PlayerView | None = None  # the player who withdrew: the match is lost by walkover, no games

    @cached_property
    def chart(self) -> SimpleNamespace | None:
        """The lead chart, made when a page shows it (in the worker that writes it)."""
        return lead_chart(self.match, self.games, self.lang)

    @property
    def started(self) -> bool:
        return bool(self.games)

    @property
    def decided(self) -> bool:
        return self.winner is not None

    @property
    def needs_game(self) -> bool:
        return self.winner is None

    @property
    def extra_games(self) -> int:
        return sum(1 for g in self.games if g.extra)

    @property
    def decider(self):
        return next((g for g in self.games if g.decider), None)

    @property
    def leader(self) -> Side | None:
        if self.lead == 0:
            return None
        return self.sides[0] if self.lead > 0 else self.sides[1]

    @property
    def decider_extra(self) -> int:
        """The deciding game's number among the extra games (0: the last standard game)."""
        if self.decided_after is None:
            return 0
        return max(0, self.decided_after - self.standard)

    @property
    def any_lead_rule(self) -> bool:
        """The deciding game came when any lead wins (from the third extra game on, or IGNORE/consolation)."""
        if self.rule != DECISIVE or self.decided_after is None:
            return self.rule != DECISIVE
        return self.decided_after >= self.standard + self.match.extra_limit or self.match.lead_needed == 0

    @property
    def default_rule(self) -> bool:
        """The decisive-victory numbers are formats.md's (5.0 TP, any lead from the third extra game)."""
        return (self.match.lead_needed, self.match.extra_limit) == (DECISIVE_LEAD, EXTRA_GAMES_AT_FIVE)

    @property
    def needed_text(self) -> str:
        return tp_text(self.match.lead_needed, self.lang)

    @property
    def decider_lead_text(self) -> str:
        g = self.decider
        return g.lead_text if g else ""

    @property
    def played_standard(self) -> int:
        return min(len(self.games), self.standard)


@dataclass
class TantrixUnit(UnitView):
    """A Tantrix match as a Unit (seats, TP column, winner) plus its full view."""

    tx: MatchView | None = None


def _game_classes(game, obj: TantrixMatch) -> str:
    """A game row's classes: ``tx-extra`` (and ``tx-first-extra``) for an extra game, ``tx-decider`` for the deciding one."""
    css = ""
    if game.extra:
        css = "tx-extra tx-first-extra" if game.number == obj.standard + 1 else "tx-extra"
    if game.number == obj.decided_after:
        css += " tx-decider"
    return css


def match_view(obj: TantrixMatch, people: dict, lang: str = "en") -> MatchView:
    def person(pid):
        return people.get(pid) or PlayerView(pid, pid, "")

    seeds = list(obj.seeds) + [None] * (2 - len(obj.seeds))
    persons = [person(p) for p in obj.players]
    labels = [initials(p.name) for p in persons]
    if len(set(labels)) < len(labels) or not all(labels):
        labels = ["A", "B"]
    sides = [Side(p, seeds[i], winner=obj.winner == p.id, total=tp_text(obj.tp[i], lang), initials=labels[i],
                  resigned=obj.resigned == p.id) for i, p in enumerate(persons)]
    games = []
    for g in obj.games:
        lead = g.total[0] - g.total[1]
        won_by = None if g.margin == 0 else (0 if g.margin > 0 else 1)
        games.append(GameLine(g.number, g.extra, tuple(g.score) if g.score is not None else None, g.margin, won_by,
                              tuple(tp_text(v, lang) for v in g.tp), tuple(tp_text(v, lang) for v in g.base), tuple(g.penalty),
                              tuple(tp_text(v, lang) for v in g.total), lead, tp_text(abs(lead), lang),
                              decider=g.number == obj.decided_after, css=_game_classes(g, obj),
                              score_text="–".join(str(v) for v in g.score) if g.score is not None else ""))
    lead = obj.tp[0] - obj.tp[1]
    if obj.walkover is not None:
        how = "walkover"
    elif obj.winner is None:
        how = "open"
    elif obj.decided_after is not None:
        how = "late_resign" if obj.status == "RESIGN" and obj.resigned else "games"
    else:
        how = "resigned"
    next_game = next_extra = None
    needs = ""
    if obj.winner is None:
        next_game = len(obj.games) + 1
        next_extra = max(0, next_game - obj.standard)
        five = obj.rule == DECISIVE and obj.lead_needed > 0 and next_game < obj.standard + obj.extra_limit
        needs = "five" if five else "any"
    when = obj.when
    return MatchView(obj.match, sides, games, obj.standard, obj.rule, obj.status or "NORMAL", when,
                     bool(when and ISO_DATE.match(when)), person(obj.resigned) if obj.resigned else None,
                     person(obj.winner) if obj.winner else None, obj.decided_after, how, lead, tp_text(abs(lead), lang),
                     next_game, next_extra or 0, needs, any(g.penalised for g in games), obj, lang,
                     person(obj.walkover) if obj.walkover else None)


def lead_chart(obj: TantrixMatch, games: list, lang: str = "en") -> SimpleNamespace | None:
    """Bars of the first player's running lead (up) or the second's (down),
    against the ±5.0 TP lines, one slot per game (standard games not played
    yet are empty slots; extra games are shaded).  Namespaces, not dicts:
    the template reads some thirty values of each by name, and Jinja tries
    an attribute before a key, so a dict costs ten times as much a value."""
    if not games:
        return None
    slots = max(len(games), obj.standard)
    biggest = max(abs(g.lead) for g in games)
    needed = obj.lead_needed or DECISIVE_LEAD
    scale = max(2 * needed, -(-biggest // needed) * needed)  # a multiple of the margin, at least twice it
    plot_w = CHART_WIDTH - CHART_LEFT - CHART_RIGHT
    half = (CHART_HEIGHT - CHART_TOP - CHART_BOTTOM) / 2
    zero = CHART_TOP + half
    step = plot_w / slots

    def y(tenths_value):
        return round(zero - half * tenths_value / scale, 1)

    bars = []
    for g in games:
        x = round(CHART_LEFT + (g.number - 1) * step + step * 0.18, 1)
        width = round(step * 0.64, 1)
        top = min(y(g.lead), zero)
        height = round(abs(y(g.lead) - zero), 1)
        side = "a" if g.lead > 0 else ("b" if g.lead < 0 else "tie")
        css = f"tx-bar tx-bar-{side}" + (" extra" if g.extra else "") + (" decider" if g.decider else "")
        bars.append(SimpleNamespace(x=x, y=round(top, 1), width=width, height=max(height, 0.0 if g.lead else 1.0),
                                    side=side, game=g.number, extra=g.extra, lead=g.lead_text, decider=g.decider, css=css,
                                    label_x=round(CHART_LEFT + (g.number - 0.5) * step, 1)))
    extra_x = None
    if len(games) > obj.standard:
        extra_x = round(CHART_LEFT + obj.standard * step, 1)
    ticks = [SimpleNamespace(x=round(CHART_LEFT + (n - 0.5) * step, 1), n=n) for n in range(1, slots + 1)]
    return SimpleNamespace(
        width=CHART_WIDTH, height=CHART_HEIGHT, left=CHART_LEFT, right=CHART_WIDTH - CHART_RIGHT,
        top=CHART_TOP, bottom=CHART_HEIGHT - CHART_BOTTOM, zero=round(zero, 1),
        plus5=y(needed), minus5=y(-needed), scale=tp_text(scale, lang),
        five=tp_text(needed, lang), default_margin=needed == DECISIVE_LEAD,
        five_rule=obj.rule == DECISIVE and obj.lead_needed > 0, bars=bars, extra_x=extra_x, ticks=ticks,
        label_y=CHART_HEIGHT - 5,
    )


def unit_view(fmt, kind, unit, people, lang="en"):
    if not isinstance(unit, TantrixMatch):
        return None
    view = match_view(unit, people, lang)
    columns = [Column("tp", *fmt.unit_columns()["tp"])]
    seats = []
    for i, side in enumerate(view.sides):
        cell = Cell(side.total if view.started else "", numeric=True)
        seats.append(SeatView(i + 1, side.player, [cell], winner=side.winner))
    return TantrixUnit("matches", unit.match, seats, columns, unit.has_result, winner=view.winner,
                       source=unit, special=fmt.name, tx=view)


# -- the bracket ---------------------------------------------------------------------

def section_rounds(bracket: BracketView, section: int, players: int) -> list:
    """The rounds of section ``section`` (from 0) of ``players`` places: the first rounds
    (until the section's one winner), each with its part of the matches."""
    found = []
    for rnd in bracket.rounds:
        count = players >> rnd.number  # matches of this round in one section
        if count < 1:
            break
        found.append(replace(rnd, games=rnd.games[section * count:(section + 1) * count]))
    return found


def bracket_cut(drawn: list, places: list, players: int) -> paging.Cut:
    """The brackets on pages (:mod:`..paging`) when one is larger than ``players``: page 1
    the overview (every bracket's rounds after its sections, the places won there), then
    each bracket's sections of ``players`` first-round places, in order, each with
    the places of the players who went out in it.  A bracket not larger than ``players``
    is shown whole on the overview."""
    players = 1 << max(1, players.bit_length() - 1)  # a power of two, as the brackets' sizes
    rounds_in_section = players.bit_length() - 1  # 64 places: 6 rounds up to the section's winner
    section_of = {}  # main-draw player id -> section
    sections = []
    for index, bracket in enumerate(drawn):
        if bracket.size <= players:
            continue
        for section in range(bracket.size // players):
            sections.append((index, section))
            if index == 0 and bracket.rounds:
                for match in section_rounds(bracket, section, players)[0].games:
                    for side in match.sides:
                        if side.player is not None:
                            section_of[side.player.id] = section

    def out_early(line) -> bool:
        return line.out_in is not None and line.out_in.number <= rounds_in_section and line.place.player.id in section_of

    def overview():
        shown = []
        for bracket in drawn:
            if bracket.size <= players:
                shown.append(bracket)
            else:
                shown.append(replace(bracket, rounds=bracket.rounds[rounds_in_section:], whole_byes=bracket.byes))
        return {"brackets": shown, "places": [line for line in places if not out_early(line)]}

    def values(part):
        if part == "overview":
            return overview()
        index, section = part
        bracket = drawn[index]
        shown = replace(bracket, rounds=section_rounds(bracket, section, players), whole_byes=bracket.byes)
        return {"brackets": [shown],
                "places": [line for line in places if out_early(line) and section_of[line.place.player.id] == section]
                if index == 0 else []}

    def label(part):
        if part == "overview":
            return Text(N_("Overview"))
        index, section = part
        first = section * players // 2 + 1
        matches = Text(N_("Match %(number)s"), number=paging.span(first, first + players // 2 - 1))
        return matches if drawn[index].stage == "main" else Text(N_("%(a)s, %(b)s"), a=Text(N_("Consolation draw")), b=matches)

    if not sections:
        return paging.Cut([None], lambda part: "", lambda part: {"brackets": drawn, "places": places})
    return paging.Cut(["overview"] + sections, label, values)


def _units(ev) -> dict:
    found = {}
    for rnd in ev.rounds:
        for unit in rnd.units:
            if isinstance(unit, TantrixUnit):
                found[(rnd.stage, rnd.round, unit.number)] = unit
    return found


def bracket_view(ev, data: dict, main: BracketView | None = None) -> BracketView:
    """A draw as a bracket (:mod:`.brackets`), from the engine's ``to_json`` of it and
    the scored matches of the rounds; a consolation draw's first round waits for
    the losers of the ``main`` draw's first-round matches."""
    stage = data["stage"]
    units = _units(ev)
    rounds_by_number = {r.round: r for r in ev.rounds if r.stage == stage}
    main_real = [game for game in main.rounds[0].games if not game.bye] if main is not None and main.rounds else []
    rounds = []
    for rdata in data["rounds"]:
        number = rdata["round"]
        previous = rounds[-1].games if rounds else []
        games = []
        for sdata in rdata["slots"]:
            unit = units.get((stage, number, sdata["slot"]))
            mv = unit.tx if unit is not None else None
            by_player = {side.player.id: side for side in mv.sides} if mv else {}
            sides = []
            for i, (pid, seed) in enumerate(zip(sdata["players"], sdata["seeds"])):
                if pid is None:
                    side = Side(seed=seed)
                    if sdata["bye"]:
                        side.bye = True
                    elif number > 1:
                        side.takes, side.source = "winner", previous[2 * sdata["slot"] - 2 + i]
                    elif main_real and seed is not None and seed <= len(main_real):
                        side.takes, side.source = "loser", main_real[seed - 1]
                    sides.append(side)
                    continue
                person = ev.people.get(pid) or PlayerView(pid, pid, "")
                played = by_player.get(pid)
                sides.append(Side(person, seed, winner=sdata["winner"] == pid,
                                  total=played.total if played is not None and mv.started else "",
                                  resigned=bool(played and played.resigned),
                                  walkover=bool(mv and mv.walkover and mv.walkover.id == pid)))
            url = None
            if unit is not None:
                url = ev.urls_of.url("tantrix_match", slug=ev.slug, stage=stage, round=number, match=sdata["slot"])
            games.append(BracketGame(number, sdata["slot"], sides, url, bye=sdata["bye"],
                                     decided=sdata["winner"] is not None, match=mv))
        rnd = rounds_by_number.get(number)
        places = data["size"] >> (number - 1)
        rounds.append(BracketRound(number, round_title(places), games, rnd.url if rnd is not None else None,
                                   rnd.status if rnd is not None else "", rdata["name"], places))
    final = rounds[-1].games[0] if rounds and rounds[-1].games else None
    champion = next((side.player for side in final.sides if side.winner), None) if final else None
    return BracketView(rounds, stage, data["title"], data["size"], data["entrants"], champion=champion)


@dataclass
class PlaceLine:
    """A line of the final places with the round the player went out in."""

    place: object  # pelican.plugins.podium.views.Place
    seed: int | None
    out_in: BracketRound | None  # None for the champion


def final_places(ev, main: BracketView) -> list:
    """The classification, each player with the main-draw round they lost in."""
    if ev.classification is None:
        return []
    out_in = {}
    for rnd in main.rounds:
        for match in rnd.games:
            if match.decided and not match.bye:
                for side in match.sides:
                    if side.player is not None and not side.winner:
                        out_in[side.player.id] = rnd
    return [PlaceLine(p, p.player.seed, out_in.get(p.player.id)) for p in ev.classification]


def brackets(ev) -> list:
    """The main draw and, when there is one, the consolation draw."""
    extra = ev.outcome.extra
    if not extra.get("bracket"):
        return []
    found = [bracket_view(ev, extra["bracket"])]
    if extra.get("consolation_bracket"):
        found.append(bracket_view(ev, extra["consolation_bracket"], found[0]))
    return found


# -- hooks -----------------------------------------------------------------------------

def _is_tantrix(ev) -> bool:
    return bool(ev.outcome.extra.get("bracket"))


def links(ev):
    """The bracket in the navigation; ``ev.urls["tantrix_waiting"]``: for a round that
    has no match yet, its bracket round (the players known so far, and which
    match's winner fills each other place), shown on the round page."""
    if not _is_tantrix(ev):
        return []
    waiting = {}
    for view in brackets(ev):
        for br in view.rounds:
            rnd = next((r for r in ev.rounds if r.stage == view.stage and r.round == br.number), None)
            if rnd is not None and not rnd.units:
                waiting[rnd.url] = br
    ev.urls["tantrix_waiting"] = waiting
    return [(N_("Bracket"), ev.urls_of.url("tantrix_bracket", slug=ev.slug), "bracket")]


def pages(ev):
    from . import Page

    if not _is_tantrix(ev):
        return []
    drawn = brackets(ev)
    found = [Page("tantrix_bracket", {"slug": ev.slug}, "podium/tantrix/bracket", {}, section="bracket",
                  cut=bracket_cut(drawn, final_places(ev, drawn[0]), ev.page_sizes["bracket"]))]
    for rnd in ev.rounds:
        matches = [u for u in rnd.units if isinstance(u, TantrixUnit)]
        for i, unit in enumerate(matches):
            found.append(Page("tantrix_match", {"slug": ev.slug, "stage": rnd.stage, "round": rnd.round, "match": unit.number},
                              "podium/tantrix/match",
                              {"rnd": rnd, "u": unit, "mv": unit.tx,
                               "prev_unit": matches[i - 1] if i > 0 else None,
                               "next_unit": matches[i + 1] if i + 1 < len(matches) else None},
                              section="rounds"))
    return found
