"""The options an event or a named variant may set, per engine (variants.md 2).

Each option is a small :class:`Spec`: its key, what it accepts, and one
sentence for the format page.  :func:`check_options` validates a mapping of
options against an engine's specs and returns the values normalised (exact
numbers: ``Fraction`` for halves, integer tenths for Tantrix TP) with every
problem located at its ``path:line``.  Defaults are not here: they are the
declarations' (:mod:`podium_core.formats.declarations`).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction

from ..criteria import CRITERIA_KEYS
from ..errors import Problem
from ..text import N_

TANTRIX_ROUNDS = ("final", "semifinal", "quarterfinal", "earlier")


class Invalid(Exception):
    """A value an option does not accept: ``sub`` is the key path inside the
    option's value where it is wrong, the message says why."""

    def __init__(self, message: str, sub: tuple = ()):
        super().__init__(message)
        self.sub = sub


def _is_int(value) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _is_number(value) -> bool:
    return isinstance(value, (int, float, Fraction)) and not isinstance(value, bool)


def _exact(value):
    """A YAML number as an exact value: floats by their decimal text."""
    if isinstance(value, float):
        value = Fraction(str(value))
    if isinstance(value, Fraction) and value.denominator == 1:
        return value.numerator
    return value


@dataclass(frozen=True)
class Spec:
    """One option: ``kind`` says what it accepts (see :meth:`check`)."""

    key: str
    kind: str  # int | choice | bool | margin | ranking | tantrix_games | placement | short_table
    text: str  # a msgid: what the option means
    low: int | None = None
    high: int | None = None
    choices: tuple = ()
    auto: bool = False  # "auto" (None) is accepted too: the engine decides
    aliases: dict = field(default_factory=dict)  # another accepted name -> the value

    def check(self, value, system: str):
        """``value`` normalised, or :class:`Invalid`."""
        kind = self.kind
        if kind == "int":
            if self.auto and value == "auto":
                return None
            if not _is_int(value):
                if self.auto:
                    raise Invalid(f"{value!r} should be a whole number or auto")
                raise Invalid(f"{value!r} should be a whole number")
            self._range(value)
            return value
        if kind == "choice":
            if isinstance(value, str) and value in self.aliases:
                return self.aliases[value]
            if value not in self.choices or isinstance(value, bool):
                raise Invalid(f"{value!r} is not one of: {', '.join(str(c) for c in self.choices)}")
            return value
        if kind == "bool":
            if not isinstance(value, bool):
                raise Invalid(f"{value!r} should be true or false")
            return value
        if kind == "margin":
            if not _is_number(value) or value < 0:
                raise Invalid(f"{value!r} should be a number of TP, 0 or more")
            tenths = _exact(value) * 10
            if _exact(tenths) != int(tenths):
                raise Invalid(f"{value!r} has more than one decimal (TP are counted in tenths)")
            return _exact(value)
        if kind == "ranking":
            return _ranking(value, system)
        if kind == "tantrix_games":
            return _tantrix_games(value)
        if kind == "placement":
            return _placement(value)
        if kind == "short_table":
            return _short_table(value)
        raise AssertionError(kind)

    def _range(self, value):
        if self.low is not None and value < self.low:
            raise Invalid(f"{value} is less than the minimum of {self.low}")
        if self.high is not None and value > self.high:
            raise Invalid(f"{value} is greater than the maximum of {self.high}")


def _ranking(value, system):
    known = CRITERIA_KEYS.get(system, ())
    if not isinstance(value, (list, tuple)) or not value:
        raise Invalid(f"{value!r} should be a list of criteria, e.g. [{', '.join(known[:2])}]")
    seen = set()
    for i, key in enumerate(value):
        if key not in known:
            raise Invalid(f"{key!r} is not a criterion {system} has values for (its criteria: {', '.join(known)})", (i,))
        if key in seen:
            raise Invalid(f"{key!r} is listed twice", (i,))
        seen.add(key)
    return tuple(value)


def _number_keys(value: dict) -> dict:
    """A mapping with its keys that are whole numbers as ints (YAML files give
    mapping keys as text)."""
    return {int(k) if isinstance(k, str) and k.isdigit() else k: v for k, v in value.items()}


def _tantrix_games(value):
    """``{final, semifinal, quarterfinal, earlier}`` (missing keys keep the
    default), or ``{round number: games}`` for every round of the main draw."""
    if isinstance(value, dict):
        value = _number_keys(value)
    if not isinstance(value, dict) or not value:
        raise Invalid(f"{value!r} should be a mapping: {{final: 9, semifinal: 8, quarterfinal: 7, earlier: 6}} or {{1: 6, 2: 7, ...}}")
    by_number = [k for k in value if _is_int(k)]
    if by_number and len(by_number) != len(value):
        other = next(k for k in value if not _is_int(k))
        raise Invalid(f"{other!r}: give games per round name or per round number, not both", (other,))
    for key, games in value.items():
        if by_number:
            if key < 1:
                raise Invalid(f"round {key} does not exist (rounds are numbered from 1)", (key,))
        elif key not in TANTRIX_ROUNDS:
            raise Invalid(f"{key!r} is not a round name (final, semifinal, quarterfinal, earlier) or a round number", (key,))
        if not _is_int(games) or not 1 <= games <= 99:
            raise Invalid(f"{games!r} should be a whole number of games from 1 to 99", (key,))
    if by_number:
        numbers = sorted(value)
        if numbers != list(range(1, len(numbers) + 1)):
            missing = next(n for n in range(1, numbers[-1] + 1) if n not in value)
            raise Invalid(f"round {missing} is missing: list every round of the main draw, 1, 2, 3, ...")
    return dict(value)


def _placement(value):
    if not isinstance(value, (list, tuple)) or len(value) != 4 or not all(_is_number(v) and v >= 0 for v in value):
        raise Invalid(f"{value!r} should be four numbers, 0 or more, for places 1-4")
    points = tuple(_exact(v) for v in value)
    if any(a < b for a, b in zip(points, points[1:])):
        raise Invalid(f"{value!r}: a better place cannot give fewer points")
    return points


def _short_table(value):
    if isinstance(value, dict):
        value = _number_keys(value)
    if not isinstance(value, dict) or sorted(value, key=str) != [1, 2, 3]:
        raise Invalid(f"{value!r} should give the points for 1, 2 and 3 players: {{1: 3, 2: 2.5, 3: 1.5}}")
    for key, points in value.items():
        if not _is_number(points) or points < 0:
            raise Invalid(f"{points!r} should be a number, 0 or more", (key,))
    return {k: _exact(value[k]) for k in (1, 2, 3)}


RANKING = Spec("ranking", "ranking", N_("The ranking criteria, highest first; the drawing of lots always comes last."))

SPECS = {
    "catan": (
        Spec("qualifying_rounds", "int", N_("Qualifying rounds: round 1 drawn, later rounds seated by rank."), 1, 99),
        Spec("semifinal_size", "choice", N_("Players in the semifinal: 16 or 24 (meant for more than 120 players); "
                                            "0 for no semifinal."), choices=(16, 24, 0)),
        Spec("final_size", "int", N_("Without a semifinal: how many of the qualifying ranking play the final table."), 2, 8),
        Spec("vp_cap", "int", N_("Victory points counted per game at most (a game is still won by reaching 10)."), 1, 20),
        RANKING,
    ),
    "carcassonne": (
        Spec("swiss_rounds", "int", N_("Swiss rounds; auto: 6 with one group, 5 with two."), 1, 99, auto=True),
        Spec("groups", "choice", N_("auto: two groups above group_limit players; 1 or 2 to fix it."), choices=("auto", 1, 2)),
        Spec("group_limit", "int", N_("With groups: auto, the most players one group takes (a reserve not counted)."), 2, 9999),
        Spec("playoff_size", "choice", N_("Players in the playoff: 8, 4 or 2 (two groups: half from each); "
                                          "0 for none, the Swiss ranking is the classification."), choices=(8, 4, 2, 0)),
        Spec("third_place", "bool", N_("Whether the semifinal losers play for third place."), ),
        Spec("odd_field", "choice", N_("reserve: an odd field gets the organisers' reserve player; "
                                       "bye: one player sits out each round and scores a win."), choices=("reserve", "bye")),
        Spec("tie_game", "choice", N_("half: a game with equal scores is a draw, ½ each; declared: the game names its winner "
                                      "(the event's own tie rule)."), choices=("half", "declared")),
        Spec("avoid_rematch", "choice", N_("previous: players who met in the previous round are not paired again; "
                                           "always: no two players ever meet twice."), choices=("previous", "always"),
             aliases={"consecutive": "previous"}),
        RANKING,
    ),
    "tantrix": (
        Spec("standard_games", "tantrix_games", N_("Standard games per match: per round name (final, semifinal, "
                                                   "quarterfinal, earlier) or per round number.")),
        Spec("decisive_margin", "margin", N_("The TP lead that wins a match after the standard games; 0: any lead wins.")),
        Spec("extra_games_limit", "int", N_("Extra games after which any lead wins."), 0, 99),
    ),
    "baska": (
        Spec("sessions", "int", N_("Number of sessions of the season."), 1, 100),
        Spec("rounds_per_session", "int", N_("Rounds played in each session."), 1, 100),
        Spec("placement_points", "placement", N_("Placement points for places 1-4 at a full table; ties share.")),
        Spec("short_table_points", "short_table", N_("Fixed points at a short last table of 1, 2 or 3 players.")),
        RANKING,
    ),
}


def specs(system: str) -> dict:
    return {spec.key: spec for spec in SPECS[system]}


def check_options(options, system: str, where) -> tuple[dict, list[Problem]]:
    """Validate an ``options:`` mapping for an engine.

    ``where`` is a :class:`~podium_core.model.Where` at the mapping (its lines
    locate each problem).  Returns the normalised options and the problems:
    an unknown key, a value of the wrong type or out of range, an unknown
    criterion.
    """
    if options is None:
        return {}, []
    if not isinstance(options, dict):
        return {}, [Problem(where.path, where.line(), f"options: {options!r} should be a mapping (key: value)")]
    known = specs(system)
    values, problems = {}, []
    for key, value in options.items():
        spec = known.get(key)
        if spec is None:
            names = ", ".join(known)
            problems.append(Problem(where.path, where.line(key), f"options.{key}: unknown option for {system} formats (known: {names})"))
            continue
        try:
            values[key] = spec.check(value, system)
        except Invalid as exc:
            sub = "".join(f"[{s}]" if isinstance(s, int) else f".{s}" for s in exc.sub)
            problems.append(Problem(where.path, where.line(key, *exc.sub), f"options.{key}{sub}: {exc}"))
    return values, problems


def show(value) -> str:
    """An option value as written in YAML (flow style), for pages and ``podium formats``."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if value is None:
        return "auto"
    if isinstance(value, Fraction):
        return f"{float(value):g}"
    if isinstance(value, (list, tuple)):
        return "[" + ", ".join(show(v) for v in value) + "]"
    if isinstance(value, dict):
        return "{" + ", ".join(f"{k}: {show(v)}" for k, v in value.items()) + "}"
    return str(value)


def plain(value):
    """An option value for JSON: exact numbers as JSON numbers, tuples as lists."""
    from ..numbers import json_number

    if isinstance(value, (list, tuple)):
        return [plain(v) for v in value]
    if isinstance(value, dict):
        return {str(k): plain(v) for k, v in value.items()}
    if isinstance(value, Fraction):
        return json_number(value)
    return value
