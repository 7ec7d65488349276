"""The site's view model: one tree per event, built once from its outcome.

:func:`event_view` turns an :class:`~podium_core.outcome.EventOutcome` into plain
objects the templates read: people with their URLs, rounds with their units
(tables, games or matches) cut into seats and cells, standings with rank
changes, player pages, the classification, the format page and the event's
status.  Nothing here knows Pelican.  Values are formatted in the event's
language (numbers, percentages: see :mod:`pelican.plugins.podium.i18n`), and
every word is a msgid (``N_``) or a :class:`~podium_core.text.Text` that the
templates translate with ``tr()``; the titles that many pages of an event
repeat (a round's, a standing's, the event's state and description, where a
player sat) are put together once, translated, by :mod:`.headings`.

Units come from the engines.  A system's extension module may give its
units a dedicated view (:func:`pelican.plugins.podium.extensions.unit_view`); every other
unit is read generically from its ``to_json()`` keys (a list as long as the
players is a per-seat column, scalars are facts, lists of mappings are nested
tables), so a new engine shows something sensible before it has its own
partial template.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from functools import cached_property
from fractions import Fraction
from types import SimpleNamespace

from podium_core.collation import collation_key
from podium_core.draw import key as draw_key
from podium_core.draw import verify_command
from podium_core.export import event_document
from podium_core.rules_pages import event_rules, shipped_rules
from podium_core.systems.options import ABSENCE_WORDS, BYE_WORDS
from podium_core.text import N_, Text
from . import extensions
from . import facts as facts_module
from . import headings, i18n
from . import paging
from .summary import Dated, summarise
from .urls import Urls

NUMBER_KEYS = ("table", "match", "game")
SINGULAR = {"tables": "table", "games": "game", "matches": "match"}

# the words of a to_json() key no system names (templates translate them with tr())
KEY_LABELS = {
    "winner": (N_("Winner"), N_("Winner")),
}


# -- small values -------------------------------------------------------------------

def number_text(value, lang: str = "en") -> str:
    """A number for people in the language ``lang``: whole numbers bare, others
    with up to 3 decimals (a fraction up to 2), the language's decimal sign."""
    if value is None:
        return "—"
    if isinstance(value, bool):
        return str(value)
    if isinstance(value, Fraction) and value.denominator == 1:
        value = value.numerator
    if isinstance(value, int):
        return i18n.number_text(value, lang, 0)
    return i18n.number_text(value, lang, 2 if isinstance(value, Fraction) else 3)


def value_text(value, display: str = "number", lang: str = "en") -> str:
    """A criterion or per-seat value as its column says it is shown, in the language ``lang``.

    Remembered by the value's type and value (a fraction by its numerator
    and denominator: hashing a ``Fraction`` is slow), the display and the
    language: a standings table shows the same few values again and again."""
    kind = type(value)
    key = (value.numerator, value.denominator, display, lang) if kind is Fraction else (kind, value, display, lang)
    text = _VALUE_TEXTS.get(key)
    if text is None:
        if len(_VALUE_TEXTS) >= _REMEMBERED:
            _VALUE_TEXTS.clear()
        text = _VALUE_TEXTS[key] = _value_text(value, display, lang)
    return text


def value_cell(value, display: str = "number", lang: str = "en") -> "Cell":
    """A number's cell: its :func:`value_text`, right-aligned.  One Cell per
    text, remembered: equal values share it (it is never changed once made)."""
    text = value_text(value, display, lang)
    cell = _VALUE_CELLS.get(text)
    if cell is None:
        if len(_VALUE_CELLS) >= _REMEMBERED:
            _VALUE_CELLS.clear()
        cell = _VALUE_CELLS[text] = Cell(text, numeric=True)
    return cell


_REMEMBERED = 100_000  # texts and cells kept; then they start afresh
_VALUE_TEXTS: dict = {}
_VALUE_CELLS: dict = {}


def _value_text(value, display: str, lang: str) -> str:
    if value is None:
        return "—"
    if display == "percent":
        return i18n.percent_text(value, lang)
    if display == "decimal":
        if isinstance(value, Fraction) and value.denominator == 1:
            value = value.numerator
        if isinstance(value, int):
            return i18n.number_text(value, lang, 0)
        return i18n.number_text(value, lang, 2, fixed=True)
    return number_text(value, lang)


def _scalar(value) -> bool:
    return value is None or isinstance(value, (str, int, float, bool, Fraction))


@dataclass
class PlayerView:
    id: str
    name: str
    url: str
    club: str | None = None
    country: str | None = None
    reserve: bool = False
    seed: int | None = None
    previous_place: int | None = None
    profile_url: str = ""  # the person's page across events, when players.yaml has them
    language: str = "en"  # the event's own (not the UI's): names sort in its alphabet
    marks: tuple = ()  # the changes of their presence (:class:`MarkView`), in round order

    def marks_by(self, position: tuple) -> tuple:
        """Their marks of the rounds up to ``position`` ((stage order, round)): what a standing after that round says."""
        return tuple(mark for mark in self.marks if mark.position <= position)

    @cached_property
    def sort(self):  # computed once: lists of names sort by it on many pages
        return collation_key(self.name, self.language) + (self.id,)


@dataclass(frozen=True)
class MarkView:
    """A change of a player's presence (open-events.md 1), as pages say it:
    "withdrew before round 4", "absent in round 2", "joined in round 3";
    a round of a later stage (``first`` False) is named by its title."""

    kind: str  # withdrawn | absent | joins
    number: int
    first: bool  # a round of the first ranked stage: named by its number
    title: object = ""  # else the round's title (a msgid or Text)
    position: tuple = ()  # (stage order, round): where it comes in the event


@dataclass
class Cell:
    """One displayed value: text, a player, or a yes/no flag."""

    text: str = ""
    player: PlayerView | None = None
    flag: bool | None = None
    title: str = ""
    numeric: bool = False

    @cached_property
    def plain(self) -> bool:
        """Its text is all there is to show (what the ``cell`` macro would show
        too): the hottest tables show such a cell without calling the macro."""
        return self.player is None and self.flag is None and not self.title


@dataclass
class Column:
    key: str
    label: str
    title: str = ""
    numeric: bool = True


@dataclass
class SeatView:
    seat: int
    player: PlayerView
    cells: list
    winner: bool = False
    banker: bool = False
    fixed: str = ""  # the points of a seat at a unit that is not played but scores (Baśka's short table), as shown; else ""


@dataclass
class Nested:
    label: str
    columns: list
    rows: list


@dataclass
class UnitView:
    """A table, game or match, ready to show."""

    kind: str
    number: int | None
    seats: list
    columns: list
    has_result: bool
    winner: PlayerView | None = None
    stopped: bool = False
    banker: PlayerView | None = None
    choice_order: list = field(default_factory=list)
    facts: list = field(default_factory=list)  # (label, Cell)
    nested: list = field(default_factory=list)
    source: object = None  # the engine's unit, whose to_json() keys are :attr:`data`
    special: str = ""  # its system's name, the folder of a dedicated partial (podium/<name>/<kind>.html)
    headers: list = field(default_factory=list)  # (title, label) of each column, translated (.headings)
    href: str = ""  # the page of its round that shows it, with its anchor (:mod:`.paging`)
    unplayed: str | None = None  # why it was never played (no result for anyone), from its engine's unit

    @cached_property
    def data(self) -> dict:
        """The engine unit's ``to_json()`` keys (score sheets read a few), made
        when a page first asks for them: most pages never do."""
        source = self.source
        return source.to_json() if hasattr(source, "to_json") else dict(source or {})

    @cached_property
    def anchor(self) -> str:  # worked out once: every row that links the unit shows it
        return f"{SINGULAR.get(self.kind, self.kind)}-{self.number}"

    @property
    def no_game(self) -> bool:
        """Its players are seated but play no game: each gets fixed points (:attr:`SeatView.fixed`)."""
        return bool(self.seats) and all(seat.fixed for seat in self.seats)

    def seat_of(self, player_id):
        for seat in self.seats:
            if seat.player.id == player_id:
                return seat
        return None


@dataclass
class CriterionView:
    key: str
    label: str
    abbr: str
    legend: str
    display: str


@dataclass
class RowView:
    rank: int
    player: PlayerView
    cells: list  # one Cell per criterion, its value as plain text (the standings table shows c.text)
    by_lot: bool = False
    reserve: bool = False
    change: int | None = None
    previous: int | None = None
    marks: tuple = ()  # the player's marks up to this standing's round (:meth:`PlayerView.marks_by`)


@dataclass
class StandingView:
    stage: str
    group: str | None
    after_round: int
    stage_title: str
    single: bool
    url: str
    criteria: list
    rows: list
    previous: "StandingView | None" = None
    round: "RoundView | None" = None
    latest: bool = False
    title: str = ""  # a name of its own (Catan LV's semifinal standings are the "final rank")
    cut: int | None = None  # players going on to the next stage, and the row the line goes under (.qualify)
    cut_after: int | None = None
    not_going: frozenset = frozenset()  # players above the line who do not go on (a withdrawn qualifier)
    podium: frozenset = frozenset()  # in the last ranked stage's latest standings: the players the final classification places 1st to 3rd
    heading: str = ""  # its title in the event's language, as markup, and as plain text (.headings)
    heading_text: str = ""
    parts: list = field(default_factory=list)  # its rows cut into pages (:mod:`.paging`)

    @cached_property
    def page_of(self) -> dict:
        """player id -> the URL of the page of these standings that holds the player."""
        found = {}
        for number, part in enumerate(self.parts or [self.rows], 1):
            url = paging.page_url(self.url, number)
            for row in part:
                found.setdefault(row.player.id, url)
        return found

    def url_of(self, player_id: str) -> str:
        return self.page_of.get(player_id, self.url)

    def row_url(self, player_id: str) -> str:
        """The player's row on the page of these standings that holds it (``#row-<id>``, standings.html)."""
        return f"{self.url_of(player_id)}#row-{player_id}"

    def row_of(self, player_id: str) -> "RowView | None":
        return next((row for row in self.rows if row.player.id == player_id), None)

    def page(self, rows: list) -> "StandingView":
        """The standings as one of their pages shows them: ``rows``, the cut line where it falls."""
        offset = next((i for i, row in enumerate(self.rows) if row is rows[0]), 0) if rows else 0
        cut_after = self.cut_after - offset if self.cut_after and self.cut_after > offset else None
        return replace(self, rows=rows, cut_after=cut_after)

    def lines(self, limit: int | None = None) -> list:
        """(row, class) of the first ``limit`` rows (all when None), as the standings
        table shows them: "podium" for a player the final classification places
        1st to 3rd in a table without a cut line (emphasis follows the
        classification, never the row number),
        "reserve" for the organisers' reserve player, "qualifies" for a row above
        the cut line who goes on, and " cut" added to the row the line goes under;
        "" for another row of a table with a cut line, None for another row."""
        cut_after = self.cut_after
        rows = self.rows if limit is None else self.rows[:limit]
        out, podium = self.not_going, self.podium
        lines = []
        for number, row in enumerate(rows, 1):
            if row.reserve:
                css = "reserve"
            elif cut_after and number <= cut_after and row.player.id not in out:
                css = "qualifies"
            else:
                css = "" if cut_after else None
            if row.player.id in podium and not cut_after:  # a table with a cut line stresses who goes on
                css = f"{css} podium" if css else "podium"
            if cut_after and number == cut_after:
                css += " cut"
            lines.append((row, css))
        return lines

    @property
    def any_lots(self) -> bool:
        return any(r.by_lot for r in self.rows)

    @property
    def any_reserve(self) -> bool:
        return any(r.reserve for r in self.rows)

    @property
    def has_change(self) -> bool:
        return self.previous is not None


@dataclass
class DrawLine:
    """One player of a drawn round: their place in the draw order and their key."""

    position: int
    player: PlayerView
    key: str
    short: str = ""  # the key's first 16 digits, as the round page shows it
    unit: object = None  # the unit view the player sits at, if any (the draw's check page)
    seat: int | None = None


@dataclass
class SeatingView:
    method: str
    rule: str
    purpose: str | None = None
    seed: str = ""
    manual: str | None = None
    filled: bool = False
    draw: list = field(default_factory=list)
    verify: str = ""
    ranking: "StandingView | None" = None  # the standings the seating followed
    rankings: list = field(default_factory=list)  # all of them, one per group


@dataclass
class RoundView:
    stage: str
    round: int
    kind: str
    status: str
    stage_title: str
    single: bool
    title: str  # the engine's own title, used for knockout rounds
    url: str
    units: list
    seating: SeatingView
    waiting: str | None = None
    session: int | None = None
    standing: StandingView | None = None
    find: list = field(default_factory=list)  # (Person, Unit, Seat) alphabetically
    previous: "RoundView | None" = None
    next: "RoundView | None" = None
    extra: dict = field(default_factory=dict)
    byes: tuple = ()  # the players who sit out this ranked round (one per odd group)
    special: str = ""  # its system's name: podium/<name>/<kind>.html shows its units
    note: str | None = None  # the organisers' note in the round file
    start: object = None  # its start time from the event's schedule (.now)
    heading: str = ""  # its title in the event's language, as markup, and as plain text (.headings)
    heading_text: str = ""
    parts: list = field(default_factory=list)  # its units cut into pages (:mod:`.paging`)
    field: dict = field(default_factory=dict)  # its absent, withdrawn and newly joined players' ids (Attendance.of_round)

    @cached_property
    def hrefs(self) -> dict:
        return {unit.number: unit.href for unit in self.units}

    def unit_href(self, number) -> str:
        """The page and anchor of its unit ``number`` (the round's page when there is none)."""
        return self.hrefs.get(number) or self.url

    def page(self, units: list) -> "RoundView":
        """The round as one of its pages shows it: ``units``, the players seated at them
        and, on a round of several pages, their lines of the draw."""
        if len(self.parts) <= 1:
            return self
        shown = {id(unit) for unit in units}
        find = [line for line in self.find if id(line[1]) in shown]
        seated = {line[0].id for line in find}
        seating = replace(self.seating, draw=[line for line in self.seating.draw if line.player.id in seated])
        extra = self.extra
        if extra.get("byes") and units:  # a knockout round's byes: on the page of the match numbers around theirs
            index = next(i for i, part in enumerate(self.parts) if part and part[0] is units[0])
            low = units[0].number if index else None
            high = self.parts[index + 1][0].number if index + 1 < len(self.parts) else None
            extra = {**extra, "byes": [bye for bye in extra["byes"]
                                       if (low is None or bye["match"] >= low) and (high is None or bye["match"] < high)]}
        return replace(self, units=units, find=find, seating=seating, extra=extra)

    @property
    def partials(self) -> list:
        """Templates to try for this round's units: its system's own
        (``podium/<special>/<kind>.html``) first, then the generic one."""
        generic = f"podium/units/{self.kind}.html"
        return [f"podium/{self.special}/{self.kind}.html", generic] if self.special else [generic]


@dataclass
class GameView:
    """One of a player's games, for their page."""

    round: RoundView
    unit: UnitView
    seat: SeatView
    opponents: list
    result: str  # won | lost | draw | stopped | pending | nowinner | unplayed | nogame (fixed points) | bye (unit and seat None)
    standing: StandingView | None = None
    rank: int | None = None
    rank_url: str = ""  # the page of ``standing`` that holds the player
    place: str = ""  # "table 5, seat 3", in the event's language (.headings)

    @property
    def link(self) -> str:
        """The game's unit on the page of its round that shows it."""
        return self.unit.href or f"{self.round.url}#{self.unit.anchor}"

    @property
    def values(self) -> list:
        """(column title, column label, text, cell) of each of the player's values in
        this game, the column's words translated (:attr:`UnitView.headers`); ``cell``
        is None when its text is all there is to show (:attr:`Cell.plain`), else the
        cell for the ``cell`` macro."""
        return [(title, label, cell.text, None if cell.plain else cell)
                for (title, label), cell in zip(self.unit.headers, self.seat.cells)]

    @property
    def rivals(self) -> list:
        """(player, winner, shown, text, cell) of each opponent: ``shown`` when the
        unit has a result and the opponent a first value, its ``text`` and, when
        the text is not all there is to show, its ``cell`` (else None)."""
        rivals = []
        has_result = self.unit.has_result and self.unit.unplayed is None and not self.unit.no_game
        for seat in self.opponents:
            first = seat.cells[0] if has_result and seat.cells else None
            if first is None:
                rivals.append((seat.player, seat.winner, False, "", None))
            else:
                rivals.append((seat.player, seat.winner, True, first.text, None if first.plain else first))
        return rivals


@dataclass
class PlaceView:
    place: int | None
    player: PlayerView
    reserve: bool = False
    shared: bool = False
    note: str = ""


@dataclass
class PlayerPage:
    person: PlayerView
    games: list
    ranks: list  # (Standing, rank)
    place: PlaceView | None
    now: object = None  # the player's next step (.now.PlayerNow)

    @cached_property
    def chart(self) -> SimpleNamespace | None:
        """Made when the page is written (in the worker that writes it), not with the views."""
        return _chart(self.ranks)

    @property
    def game_groups(self) -> list:
        """The games by session (Baśka's evenings), each a namespace of
        ``session`` (its number, None for an event without sessions), ``first``
        and ``last`` round numbers and ``games``; one group when the event has
        no sessions."""
        groups = []
        for game in self.games:
            session = game.round.session
            if not groups or groups[-1].session != session:
                groups.append(SimpleNamespace(session=session, games=[], first=game.round.round, last=game.round.round))
            groups[-1].games.append(game)
            groups[-1].last = game.round.round
        return groups

    @property
    def rank_links(self) -> list:
        """(URL, heading, rank) of each standing the player is in: the page of
        the standing that holds the player, its title (markup), the rank."""
        pid = self.person.id
        return [(st.row_url(pid), st.heading, rank) for st, rank in self.ranks]

    @property
    def standing(self) -> SimpleNamespace | None:
        """The player's row in the last standings they are in: ``st``, ``row``,
        ``url`` (the row itself) and ``values`` ((criterion, text) of each column,
        the tiebreaks that place the player)."""
        if not self.ranks:
            return None
        st = self.ranks[-1][0]
        row = st.row_of(self.person.id)
        if row is None:
            return None
        return SimpleNamespace(st=st, row=row, url=st.row_url(self.person.id),
                               values=[(c, cell.text) for c, cell in zip(st.criteria, row.cells)])


@dataclass
class FormatView:
    id: str
    title: str
    system: str
    stages: list
    criteria: list
    facts: list
    options: list
    table_sizes: list | None
    players: int
    legends: dict = field(default_factory=dict)  # the system's words on a unit's values (System.unit_legends)
    rules: str | None = None  # the slug of the rules page of its built-in format (rules_pages.shipped_rules)


@dataclass
class Status:
    state: str  # finished | live | next | waiting | between | none
    round: RoundView | None = None
    stage_title: str = ""
    number: int | None = None
    single: bool = False
    reason: str = ""
    text: str = ""  # the state in a few words, in the event's language, as markup (.headings)


@dataclass
class EventView(Dated):
    slug: str
    name: str
    language: str
    dates: list
    venue: str | None
    seed: str
    rules: str | None
    url: str
    urls: dict
    format: FormatView
    rounds: list
    standings: list
    people: dict
    players: list
    player_pages: dict
    classification: list | None
    status: Status
    leaders: list  # Standing views whose first rows are the leaders
    podium: list
    lots: list
    outcome: object = None
    rules_url: str | None = None
    rules_page: object = None  # the Markdown rules page as the event shows it (extensions.rules)
    urls_of: object = None  # the site's Urls, for extensions building their own links
    links: list = field(default_factory=list)  # (label, url, section) added by extensions
    now: object = None  # the round on now or next (.now.EventNow)
    as_of: str = ""  # the date of the latest result (.now.data_date)
    jsonld: str = ""  # schema.org SportsEvent (extensions.sharing)
    description: str = ""  # name, dates, venue, format and state as plain text (.headings)
    page_sizes: dict = field(default_factory=paging.sizes)  # items on one page, by kind (:mod:`.paging`)
    absence_note: str = ""  # what a round missed counts, beside a round's absent players (a msgid)
    bye_note: str = ""  # what a bye counts (``bye_result``), beside the player who has it (a msgid)
    languages: list = field(default_factory=list)  # (language, folder) of each of its interface languages (.language_variants)
    folder: str = ""  # the folder of this one's pages: "" in its own language, "lv/" in another
    initials: list = field(default_factory=list)  # (letter, URL) of each first letter of the players list (:func:`player_initials`)
    initial_rows: dict = field(default_factory=dict)  # player id -> the anchor of the row that starts a letter

    @cached_property
    def document(self) -> dict:
        """The event's event.json document, made once for every file that shows it."""
        return event_document(self.outcome)

    @cached_property
    def summary(self):
        """The event's summary for the site-wide pages (:func:`.summary.summarise`),
        once its pages are made: the event's feed and the plugin share it."""
        return summarise(self)

    @cached_property
    def menu(self) -> list:
        """The event's menu as every page of it shows it (:func:`.headings.menu`),
        made once its links and rules page are known."""
        return headings.menu(self)

    @property
    def finished(self) -> bool:
        return self.classification is not None


# -- building --------------------------------------------------------------------------

def _cell(value, people: dict, display: str = "number", lang: str = "en") -> Cell:
    if isinstance(value, bool):
        return Cell(flag=value)
    if isinstance(value, str) and value in people:
        return Cell(player=people[value])
    if isinstance(value, (int, float, Fraction)) and value is not None:
        return value_cell(value, display, lang)
    if value is None:
        return Cell("—")
    if isinstance(value, (list, tuple)):
        if all(_scalar(v) for v in value):
            return Cell(" – ".join(_text(v, people, display, lang) for v in value))
        return Cell(f"{len(value)}")
    if isinstance(value, dict):
        return Cell(", ".join(f"{k}: {_text(v, people, display, lang)}" for k, v in value.items()))
    return Cell(str(value))


def _text(value, people, display="number", lang="en") -> str:
    if isinstance(value, str) and value in people:
        return people[value].name
    if isinstance(value, (int, float, Fraction)) and not isinstance(value, bool):
        return value_text(value, display, lang)
    if value is None:
        return "—"
    return str(value)


def _display_for(key: str) -> str:
    return "percent" if key.endswith("share") else "number"


def generic_unit(kind: str, obj, people: dict, lang: str = "en", labels: dict | None = None) -> UnitView:
    """Any unit, read from its ``to_json()`` keys (see the module docstring);
    numbers in the language ``lang``, a key's words from ``labels`` (its
    system's: ``System.unit_columns``) or else its own name."""
    words = {**KEY_LABELS, **(labels or {})}

    def _label(key: str) -> tuple:
        if key in words:
            return words[key]
        text = key.replace("_", " ").capitalize()
        return text, text

    data = obj.to_json() if hasattr(obj, "to_json") else dict(obj)
    number_key = next((k for k in NUMBER_KEYS if k in data), None)
    number = data.get(number_key) if number_key else None
    players = [p for p in (data.get("players") or []) if isinstance(p, str)]
    count = len(players)
    seat_keys = [k for k, v in data.items()
                 if k != "players" and isinstance(v, (list, tuple)) and count and len(v) == count
                 and all(_scalar(x) for x in v) and not all(isinstance(x, str) and x in people for x in v if x is not None)]
    columns = [Column(k, *_label(k)) for k in seat_keys]
    winner_id = data.get("winner") if isinstance(data.get("winner"), str) else None
    seats = []
    for i, pid in enumerate(players):
        person = people.get(pid) or PlayerView(pid, pid, "")
        cells = [_cell(data[k][i], people, _display_for(k), lang) for k in seat_keys]
        seats.append(SeatView(i + 1, person, cells, winner=pid == winner_id, banker=data.get("banker") == pid))
    facts, nested = [], []
    for k, v in data.items():
        if k in (number_key, "players", "winner") or k in seat_keys:
            continue
        if isinstance(v, (list, tuple)) and v and all(isinstance(x, dict) for x in v):
            keys = []
            for x in v:
                keys += [c for c in x if c not in keys]
            rows = [[_cell(x.get(c), people, _display_for(c), lang) for c in keys] for x in v]
            nested.append(Nested(_label(k)[0], [Column(c, *_label(c)) for c in keys], rows))
        elif isinstance(v, dict):
            facts.append((_label(k)[0], _cell(v, people, lang=lang)))
        elif isinstance(v, (list, tuple)) or _scalar(v):
            if v is None or (isinstance(v, (list, tuple)) and not v):
                continue
            facts.append((_label(k)[0], _cell(v, people, _display_for(k), lang)))
    has_result = getattr(obj, "has_result", None)
    if has_result is None:
        has_result = winner_id is not None or any(c.text not in ("—", "") or c.flag is not None for s in seats for c in s.cells)
    winner = people.get(winner_id) if winner_id else None
    view = UnitView(kind, number, seats, columns, bool(has_result), winner=winner, facts=facts, nested=nested,
                banker=people.get(data.get("banker")) if isinstance(data.get("banker"), str) else None)
    view.data = data  # made already
    return view


def _unit(fmt, kind, obj, people, lang="en") -> UnitView:
    """The unit's view: its system's (an extension's) or the generic one;
    a unit never played says why, whichever made it."""
    view = extensions.unit_view(fmt, kind, obj, people, lang) or generic_unit(kind, obj, people, lang, fmt.unit_columns())
    view.unplayed = getattr(obj, "unplayed", None)
    return view


def _stage_info(fmt, event) -> dict:
    try:
        return {s.id: s for s in fmt.stages(event)}
    except Exception:  # a format still being written: show the stage ids
        return {}


def event_view(outcome, urls: Urls | None = None, language: str | None = None, registry: dict | None = None,
               page_sizes: dict | None = None) -> EventView:
    """The whole view tree of one event, in ``language`` (default: the event's own);
    players who are in ``registry`` (players.yaml) link to their page across events;
    long lists cut into pages of ``page_sizes`` (:func:`.paging.sizes`)."""
    urls = urls or Urls()
    page_sizes = page_sizes or paging.sizes()
    event, fmt = outcome.event, outcome.format
    slug = event.slug
    lang = language or event.language or "en"
    stages = _stage_info(fmt, event)

    people = {}
    for p in event.players:
        people[p.id] = PlayerView(p.id, p.name, urls.url("player", slug=slug, player=p.id), p.club, p.country,
                              p.reserve, p.seed, p.previous_place, language=event.language or "en")
    players = sorted(people.values(), key=lambda p: p.sort)
    attendance = outcome.attendance
    if attendance is not None:
        for pid, person in people.items():
            person.marks = tuple(_mark_view(attendance, mark) for mark in attendance.marks_of(pid))

    def stage_title(stage):
        spec = stages.get(stage)
        return spec.title if spec else stage.replace("-", " ").capitalize()

    def single(stage):
        spec = stages.get(stage)
        return bool(spec and spec.rounds == 1)

    # standings, with rank changes against the previous standing of the same stage and group
    standings = []
    previous_of = {}
    for s in outcome.standings:
        criteria = [CriterionView(c.key, c.label, c.abbr, c.legend, c.display) for c in s.criteria]
        prev = previous_of.get((s.stage, s.group))
        prev_rank = {r.player.id: r.rank for r in prev.rows} if prev else {}
        rows = []
        for r in s.rows:
            before = prev_rank.get(r.player)
            cells = [value_cell(r.values.get(c.key), c.display, lang) for c in criteria]
            person = people[r.player]
            rows.append(RowView(r.rank, person, cells, r.by_lot, r.reserve,
                            None if before is None else before - r.rank, before,
                            person.marks_by(attendance.position(s.stage, s.after_round)) if person.marks else ()))
        view = StandingView(s.stage, s.group, s.after_round, stage_title(s.stage), single(s.stage),
                        urls.url("standings", slug=slug, stage=s.stage, group=s.group or "", round=s.after_round),
                        criteria, rows, previous=prev)
        view.title = fmt.standing_title(s.stage) or ""
        view.parts = paging.cut(rows, page_sizes["rows"])
        standings.append(view)
        previous_of[(s.stage, s.group)] = view
    for view in previous_of.values():
        view.latest = True

    # rounds
    rounds = []
    for r in outcome.rounds:
        units = [_unit(fmt, r.kind, u, people, lang) for u in r.units]
        seating = _seating(r, event, people, standings)
        spec = stages.get(r.stage)
        # knockout rounds are known by the engine's names (quarterfinal, semifinal, ...)
        own_title = r.title if spec is None or spec.rounds is None or spec.named_rounds else ""
        view = RoundView(r.stage, r.round, r.kind, r.status, stage_title(r.stage), single(r.stage), own_title,
                     urls.url("round", slug=slug, stage=r.stage, round=r.round), units, seating,
                     waiting=r.waiting, session=r.session, extra=r.extra, byes=tuple(r.byes), note=r.source.note if r.source else None,
                     special=units[0].special if units and units[0].special else "")
        view.parts = paging.cut(units, page_sizes["units"])
        if attendance is not None:
            view.field = attendance.of_round(r.stage, r.round)
        for number, part in enumerate(view.parts, 1):
            for unit in part:
                unit.href = f"{paging.page_url(view.url, number)}#{unit.anchor}"
        view.standing = next((s for s in standings if s.stage == r.stage and s.after_round == r.round and s.group is None), None) \
            or next((s for s in standings if s.stage == r.stage and s.after_round == r.round), None)
        if view.standing is not None:
            for s in standings:
                if s.stage == r.stage and s.after_round == r.round:
                    s.round = view
        find = []
        for unit in units:
            for seat in unit.seats:
                find.append((seat.player, unit, seat))
        view.find = sorted(find, key=lambda f: f[0].sort)
        rounds.append(view)
    for before, after in zip(rounds, rounds[1:]):
        before.next, after.previous = after, before

    # players' pages
    place_of = {}
    classification = None
    if outcome.classification is not None:
        classification = []
        counts = {}
        for p in outcome.classification:
            counts[p.place] = counts.get(p.place, 0) + 1
        for p in outcome.classification:
            line = PlaceView(p.place, people[p.player], p.reserve, p.place is not None and counts[p.place] > 1, p.note)
            classification.append(line)
            place_of[p.player] = line
        podium_ids = frozenset(pid for pid, line in place_of.items() if line.place is not None and line.place <= 3)
        for view in standings:
            if view.latest and view.stage == standings[-1].stage:  # the standings the classification follows
                view.podium = podium_ids
    pages = {}
    index = _PlayerIndex(rounds, standings)
    for person in players:
        pages[person.id] = _player_page(person, rounds, standings, place_of.get(person.id), index)

    status = _status(outcome, rounds, stages)
    leaders = _leaders(standings)
    podium = [p for p in (classification or []) if p.place is not None and p.place <= 3]
    lots = [people[pid] for pid in event.lots if pid in people]

    fmt_view = _format_view(fmt, event, stages, lang)
    event_urls = {kind: urls.url(kind, slug=slug)
                  for kind in ("event", "standings_index", "players", "classification", "format", "json")}
    view = EventView(slug, event.name, lang, [str(d) for d in event.dates], event.venue, event.seed,
                     event_rules(event, fmt), event_urls["event"], event_urls, fmt_view, rounds, standings, people, players, pages,
                     classification, status, leaders, podium, lots, outcome=outcome, urls_of=urls, page_sizes=page_sizes,
                     absence_note=ABSENCE_WORDS.get(fmt.options.get("absence", "nothing"), ""),
                     bye_note=BYE_WORDS[fmt.options.get("bye_result", "win")])
    view.initials, view.initial_rows = player_initials(players, event_urls["players"], page_sizes["rows"])
    for pid, url in extensions.merged("profile_urls", view, urls, registry or {}).items():
        people[pid].profile_url = url
    view.links = extensions.collect("links", view)
    headings.name_all(view)
    return view


def player_initials(players: list, url: str, size: int) -> tuple[list, dict]:
    """The first letters of the players list (``players`` in its order, on pages
    of ``size``, :mod:`.paging`): (letter, URL of the row that starts it on the
    page that holds it) of each, and {player id: that row's anchor}."""
    letters, rows = [], {}
    for index, person in enumerate(players):
        letter = person.name[:1].upper()
        if letters and letters[-1][0] == letter:
            continue
        anchor = f"letter-{len(letters) + 1}"
        rows[person.id] = anchor
        letters.append((letter, f"{paging.page_url(url, index // size + 1)}#{anchor}"))
    return letters, rows


def _mark_view(attendance, mark) -> MarkView:
    """A player's mark as pages name it: by round number in the first ranked stage, else by the round's title."""
    first = attendance.first is not None and mark.stage == attendance.first.id
    spec = attendance.specs.get(mark.stage)
    title = "" if first else Text("%(stage)s, round %(number)s", stage=Text(spec.title) if spec else mark.stage, number=mark.round)
    return MarkView(mark.kind, mark.round, first, title, attendance.position(mark.stage, mark.round))


def _seating(r, event, people, standings) -> SeatingView:
    s = r.seating
    view = SeatingView(s.method, s.rule, s.purpose, event.seed, s.manual, s.filled)
    if s.method == "draw" and s.purpose:
        keys = [(i, pid, draw_key(event.seed, s.purpose, pid)) for i, pid in enumerate(s.order, 1) if pid in people]
        view.draw = [DrawLine(i, people[pid], key, key[:16]) for i, pid, key in keys]
        if s.order:
            view.verify = verify_command(event.seed, s.purpose, s.order[0])
    elif s.method in ("rank", "snake", "qualifiers", "pairing", "bracket"):
        # the most recent standings before this round (of this stage when it has one)
        before = [st for st in standings if (st.stage, st.after_round) != (r.stage, r.round)
                  and not (st.stage == r.stage and st.after_round >= r.round)]
        same = [st for st in before if st.stage == r.stage]
        candidates = same or (before if s.method != "rank" else [])
        if candidates:  # every group's latest standing
            last = (candidates[-1].stage, candidates[-1].after_round)
            view.rankings = [st for st in candidates if (st.stage, st.after_round) == last]
            view.ranking = view.rankings[0]
    return view


def _result(unit: UnitView, seat: SeatView) -> str:
    if unit.unplayed is not None:
        return "unplayed"
    if seat.fixed:
        return "nogame"
    if not unit.has_result:
        return "pending"
    if seat.winner:
        return "won"
    if unit.stopped:
        return "stopped"
    if unit.winner is None:
        return "draw" if unit.kind == "games" else "nowinner"  # a two-player game without a winner is drawn
    return "lost"


class _PlayerIndex:
    """Where each player sits and ranks, found in one pass over the event.

    ``seats[id]``: (round, unit, seat) of every unit the player sits at, in
    round and unit order (the first seat of a unit, as ``Unit.seat_of``);
    ``ranks[i][id]``: the player's rank in ``standings[i]`` (the first row);
    ``after[(stage, round)]``: the standings after that round, in order;
    ``byes[id]``: the rounds that give the player a bye (:func:`round_byes`).
    """

    def __init__(self, rounds, standings):
        self.seats: dict = {}
        self.byes: dict = {}
        for rnd in rounds:
            for pid in round_byes(rnd):
                self.byes.setdefault(pid, []).append(rnd)
            for unit in rnd.units:
                found = set()
                for seat in unit.seats:
                    pid = seat.player.id
                    if pid not in found:
                        found.add(pid)
                        self.seats.setdefault(pid, []).append((rnd, unit, seat))
        self.ranks = []
        self.after: dict = {}
        for st in standings:
            ranks: dict = {}
            for row in st.rows:
                ranks.setdefault(row.player.id, row.rank)
            self.ranks.append(ranks)
            self.after.setdefault((st.stage, st.after_round), []).append((st, ranks))


def round_byes(rnd) -> list:
    """The ids of the players the round gives a bye: Carcassonne's
    (``odd_field: bye``, one per odd group) and a knockout's players sent on
    without a match."""
    return list(rnd.byes) + [bye["player"] for bye in (rnd.extra or {}).get("byes") or ()]


def _player_page(person, rounds, standings, place, index: _PlayerIndex | None = None) -> PlayerPage:
    """The player's games in round order, a bye as a game of its own (result ``bye``)."""
    index = index or _PlayerIndex(rounds, standings)
    seated = [(rnd, unit, seat) for rnd, unit, seat in index.seats.get(person.id, ())]
    byes = [(rnd, None, None) for rnd in index.byes.get(person.id, ())]
    if byes:
        order = {id(rnd): i for i, rnd in enumerate(rounds)}
        seated = sorted(seated + byes, key=lambda found: order[id(found[0])])
    games = []
    for rnd, unit, seat in seated:
        if unit is None:
            game = GameView(rnd, None, None, [], "bye")
        else:
            opponents = [s for s in unit.seats if s.player.id != person.id]
            game = GameView(rnd, unit, seat, opponents, _result(unit, seat))
        for st, ranks in index.after.get((rnd.stage, rnd.round), ()):
            rank = ranks.get(person.id)
            if rank is not None:
                game.standing, game.rank, game.rank_url = st, rank, st.row_url(person.id)
        games.append(game)
    ranks = []
    for st, in_st in zip(standings, index.ranks):
        rank = in_st.get(person.id)
        if rank is not None:
            ranks.append((st, rank))
    return PlayerPage(person, games, ranks, place)


def _chart(ranks) -> SimpleNamespace | None:
    """A small rank chart (inline SVG, no script): rank 1 at the top (a
    namespace: a template reads a dict's values the slow way, see tantrix.lead_chart).
    Each point is its x and y as text and its title ("<standings>: <rank>")."""
    if len(ranks) < 2:
        return None
    worst = max(len(st.rows) for st, _ in ranks)
    width, height, pad, left = 240, 80, 8, 24
    step = (width - left - pad) / (len(ranks) - 1)

    def y(rank):
        return pad + (height - 2 * pad) * ((rank - 1) / max(worst - 1, 1))

    points = [(str(round(left + i * step, 1)), str(round(y(rank), 1)), f"{st.heading_text}: {rank}")
              for i, (st, rank) in enumerate(ranks)]
    return SimpleNamespace(width=width, height=height, worst=worst,
                           polyline=" ".join(f"{x},{yy}" for x, yy, _ in points), points=points)


def _status(outcome, rounds, stages) -> Status:
    if outcome.classification is not None:
        return Status("finished")
    for view in rounds:
        if view.status == "in-progress":
            return Status("live", view)
        if view.status == "upcoming":
            if view.waiting and not view.units:
                return Status("waiting", view, reason=view.waiting)
            return Status("next", view)
    order = list(stages.values())
    if not rounds:
        if order:
            return Status("between", stage_title=order[0].title, number=1, single=order[0].rounds == 1)
        return Status("none")
    last = rounds[-1]
    ids = [s.id for s in order]
    if last.stage in ids:
        spec = order[ids.index(last.stage)]
        if spec.rounds is None or last.round < spec.rounds:
            return Status("between", stage_title=spec.title, number=last.round + 1, single=False)
        if ids.index(last.stage) + 1 < len(order):
            nxt = order[ids.index(last.stage) + 1]
            return Status("between", stage_title=nxt.title, number=1, single=nxt.rounds == 1)
    return Status("none")


def _leaders(standings) -> list:
    """The latest standings of the most recent ranked stage (one per group)."""
    if not standings:
        return []
    stage = standings[-1].stage
    return [s for s in standings if s.stage == stage and s.latest]


def _format_view(fmt, event, stages, lang: str = "en") -> FormatView:
    criteria = [CriterionView(c.key, c.label, c.abbr, c.legend, c.display) for c in fmt.criteria]
    field_size = sum(1 for p in event.players if not p.reserve)
    return FormatView(fmt.id, fmt.title or fmt.id, fmt.name, list(stages.values()), criteria,
                      facts_module.facts(fmt), facts_module.options(fmt, lambda value: number_text(value, lang)),
                      fmt.table_sizes(event), field_size,
                      fmt.unit_legends(), shipped_rules(fmt.base))
