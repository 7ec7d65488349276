"""The options a system takes (variants.md 2): one :class:`Option` each.

An option is its key, its default (formats.md's value), one sentence for the
format page, and what it accepts: one of the small checkers below
(:class:`Whole`, :class:`Choice`, :class:`Flag`, :class:`Tenths`,
:class:`Ranking`), or a system's own (Tantrix's games per round, Baśka's
points).  A checker turns a YAML value into the exact value the engines use
(``Fraction`` for halves, integers for whole numbers) or raises
:class:`Invalid` saying why in the organiser's words.

:func:`check_options` validates an ``options:`` mapping against a system's
options and returns the values normalised, with every problem located at
its ``path:line``.

:func:`words` says a value as the format page shows it: a list of criteria
by their names, a mapping as a sentence, a flag as yes or no, a choice by
its :class:`Meaning`; a checker whose values need their own words has a
``words(value, number)`` method.  A choice's :class:`Meaning` is declared
once, beside the choice (:class:`Choice`, :class:`Whole`'s ``auto``): the
format page says the value by its name and lists every choice's name and
what it does under the option's meaning, so no page shows the keyword an
organiser writes in place of words.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass, field
from fractions import Fraction

from ..criteria import BY_KEY, MATCH_GAMES, RATING, keys_for
from ..errors import Problem
from ..numbers import json_number
from ..text import N_, Text

logger = logging.getLogger("podium")


class Invalid(Exception):
    """A value an option does not accept: ``sub`` is the key path inside the
    option's value where it is wrong, the message says why."""

    def __init__(self, message: str, sub: tuple = ()):
        super().__init__(message)
        self.sub = sub


def is_int(value) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def is_number(value) -> bool:
    return isinstance(value, (int, float, Fraction)) and not isinstance(value, bool)


def exact(value):
    """A YAML number as an exact value: floats by their decimal text."""
    if isinstance(value, float):
        value = Fraction(str(value))
    if isinstance(value, Fraction) and value.denominator == 1:
        return value.numerator
    return value


def number_keys(value: dict) -> dict:
    """A mapping with its keys that are whole numbers as ints (YAML files give
    mapping keys as text)."""
    return {int(k) if isinstance(k, str) and k.isdigit() else k: v for k, v in value.items()}


@dataclass(frozen=True)
class Meaning:
    """A choice of an option in words: ``name`` (a msgid), what a page says
    for the value, and ``text`` (a msgid), what the choice does, where the
    name alone does not say it."""

    name: str
    text: str = ""


AUTOMATIC = N_("automatic")  # the name of ``auto``, in every option that takes it


@dataclass(frozen=True)
class Whole:
    """A whole number from ``low`` to ``high``; with ``auto`` (what ``auto``
    does, in words), also ``auto`` (None: the engine decides).  ``why`` says
    what the range comes from."""

    low: int | None = None
    high: int | None = None
    auto: str = ""
    why: str = ""

    @property
    def meanings(self) -> dict:
        """``auto`` (None) in words, when it is taken."""
        return {None: Meaning(AUTOMATIC, self.auto)} if self.auto else {}

    def __call__(self, value, system):
        if self.auto and value == "auto":
            return None
        if not is_int(value):
            raise Invalid(f"{value!r} should be a whole number{' or auto' if self.auto else ''}")
        because = f" ({self.why})" if self.why else ""
        if self.low is not None and value < self.low:
            raise Invalid(f"{value} is less than the minimum of {self.low}{because}")
        if self.high is not None and value > self.high:
            raise Invalid(f"{value} is greater than the maximum of {self.high}{because}")
        return value


@dataclass(frozen=True)
class Odd(Whole):
    """An odd whole number from ``low`` to ``high`` (the games of a best-of-N match)."""

    def __call__(self, value, system):
        value = super().__call__(value, system)
        if value is not None and value % 2 == 0:
            raise Invalid(f"{value} is even: a match is best of an odd number of games (1, 3, 5, ...)")
        return value


@dataclass(frozen=True)
class Choice:
    """One of ``choices``; ``aliases`` maps other accepted words to a choice;
    ``why`` says what limits the choices, where the system limits them;
    ``meanings`` says each choice that is a word (a number says itself) as
    a :class:`Meaning`."""

    choices: tuple
    aliases: dict = field(default_factory=dict)
    why: str = ""
    meanings: dict = field(default_factory=dict)

    def __call__(self, value, system):
        if isinstance(value, str) and value in self.aliases:
            return self.aliases[value]
        if value not in self.choices or isinstance(value, bool):
            because = f" ({self.why})" if self.why else ""
            raise Invalid(f"{value!r} is not one of: {', '.join(str(c) for c in self.choices)}{because}")
        return value


@dataclass(frozen=True)
class Flag:
    """``true`` or ``false``."""

    def __call__(self, value, system):
        if not isinstance(value, bool):
            raise Invalid(f"{value!r} should be true or false")
        return value


@dataclass(frozen=True)
class Tenths:
    """A number of 0 or more with at most one decimal (Tantrix TP, counted in tenths)."""

    def __call__(self, value, system):
        if not is_number(value) or value < 0:
            raise Invalid(f"{value!r} should be a number of TP, 0 or more")
        tenths = exact(value) * 10
        if exact(tenths) != int(tenths):
            raise Invalid(f"{value!r} has more than one decimal (TP are counted in tenths)")
        return exact(value)


@dataclass(frozen=True)
class Ranking:
    """A list of criteria keys of :mod:`podium_core.criteria`, each once, that
    the system has values for (its ``VALUES``, a player's rating, and games
    of a match where its options can give matches of several games)."""

    def __call__(self, value, system):
        known = keys_for(system.possible_values())
        if not isinstance(value, (list, tuple)) or not value:
            raise Invalid(f"{value!r} should be a list of criteria, e.g. [{', '.join(known[:2])}]")
        seen = set()
        for i, key in enumerate(value):
            if key not in known:
                raise Invalid(f"{key!r} is not a criterion {system.name} has values for (its criteria: {', '.join(known)})", (i,))
            if key in seen:
                raise Invalid(f"{key!r} is listed twice", (i,))
            seen.add(key)
        return tuple(value)

    @staticmethod
    def words(value, number):
        """The criteria by their names, in order, the drawing of lots last."""
        from .base import ranking_sentence

        return ranking_sentence([BY_KEY[key] for key in value])


def ranking_problems(ranking, options: dict, where) -> list[Problem]:
    """The criteria of ``ranking`` that the resolved ``options`` cannot give
    values for, each at its line of the list at ``where``: the games of a
    match need ``match_games`` above 1."""
    problems = []
    for i, key in enumerate(ranking or ()):
        criterion = BY_KEY.get(key)
        if criterion is not None and MATCH_GAMES in criterion.needs and (options.get("match_games") or 1) <= 1:
            problems.append(Problem(where.path, where.line(i), f"options.ranking[{i}]: '{key}' counts the games of "
                                    "matches of several games: it needs match_games above 1 (every pairing here is one game)"))
    return problems


def rating_problems(ranking, event, where) -> list[Problem]:
    """``rating`` in a ranking needs players with a ``rating:``: none at all is
    an error at the criterion's line (``where``: the ranking list); some
    without one is a note (not an error): they count 0."""
    if RATING not in {need for key in ranking or () for need in BY_KEY[key].needs}:
        return []
    unrated = [p for p in event.players if p.rating is None]
    if len(unrated) == len(event.players):
        at = list(ranking).index("rating")
        return [Problem(where.path, where.line(at), f"options.ranking[{at}]: 'rating' ranks by the players' rating, "
                                                    "but no player of this event has one (give players rating: <number>)")]
    if unrated:
        first = unrated[0]
        logger.warning("%s:%s: note: %d of %d players have no rating: they count 0 for the criterion rating (first: '%s')",
                       first.where.path, first.where.line(), len(unrated), len(event.players), first.id)
    return []


@dataclass(frozen=True)
class Option:
    """One option: its key, its default, what it accepts (``check(value,
    system)``: the value normalised, or :class:`Invalid`), and what it means
    (a msgid for the format page)."""

    key: str
    default: object
    check: object
    text: str


RANKING_TEXT = N_("The ranking criteria, highest first; the drawing of lots always comes last.")


def ranking_option(default: tuple) -> Option:
    return Option("ranking", tuple(default), Ranking(), RANKING_TEXT)


ABSENCES = ("nothing", "loss", "half")

# What a bye counts under ``bye_result`` (open-events.md 2), as pages say it beside the player who has it.
BYE_WORDS = {"win": N_("counts as a win (score 0)"), "half": N_("counts ½ (score 0)"),
             "loss": N_("counts as a loss (score 0)"), "nothing": N_("a rest: counts nothing")}

# What a round a player missed counts, as a round page says it beside the absent players.
ABSENCE_WORDS = {"nothing": N_("not seated; the round counts nothing for them."),
                 "loss": N_("not seated; the round counts as a loss."),
                 "half": N_("not seated; the round counts ½.")}


def absence_option(why: str = "") -> Option:
    """The option ``absence`` (open-events.md 1): what a round a player
    missed counts (absent, or before a late entrant joins), each choice
    said by :data:`ABSENCE_WORDS`.  ``why``: a system whose ranking has no
    wins takes only ``nothing``, and says why."""
    if why:
        return Option("absence", "nothing", Choice(("nothing",), why=why, meanings=meanings_of(ABSENCE_WORDS, ("nothing",))),
                      N_("A round a player misses (absent, or before joining) counts nothing."))
    return Option("absence", "nothing", Choice(ABSENCES, meanings=meanings_of(ABSENCE_WORDS, ABSENCES)),
                  N_("What a round a player misses (absent, or before joining) counts towards wins; a loss or ½ "
                     "counts as one opponent with 0 wins, as a bye does."))


def meanings_of(words: dict, choices) -> dict:
    """``choices`` by the words a page says them with (``words``: choice -> msgid)."""
    return {choice: Meaning(words[choice]) for choice in choices}


def check_options(options, system, where) -> tuple[dict, list[Problem]]:
    """Validate an ``options:`` mapping for ``system`` (a system class).

    ``where`` is a :class:`~podium_core.model.Where` at the mapping (its lines
    locate each problem).  Returns the normalised options and the problems:
    an unknown key, a value of the wrong type or out of range, an unknown
    criterion.
    """
    if options is None:
        return {}, []
    if not isinstance(options, dict):
        return {}, [Problem(where.path, where.line(), f"options: {options!r} should be a mapping (key: value)")]
    known = system.option_specs()
    values, problems = {}, []
    for key, value in options.items():
        spec = known.get(key)
        if spec is None and key in system.REFUSED_OPTIONS:
            problems.append(Problem(where.path, where.line(key), f"options.{key}: {system.REFUSED_OPTIONS[key]}"))
            continue
        if spec is None:
            names = ", ".join(known)
            problems.append(Problem(where.path, where.line(key), f"options.{key}: unknown option for {system.name} formats (known: {names})"))
            continue
        try:
            values[key] = spec.check(value, system)
        except Invalid as exc:
            sub = "".join(f"[{s}]" if isinstance(s, int) else f".{s}" for s in exc.sub)
            problems.append(Problem(where.path, where.line(key, *exc.sub), f"options.{key}{sub}: {exc}"))
    return values, problems


def normalised(options: dict | None, system) -> dict:
    """The options ``system`` accepts, normalised; what it does not accept is
    left out (the pipeline reports it with its line before any engine runs)."""
    known = system.option_specs()
    values = {}
    for key, value in (options or {}).items():
        spec = known.get(key)
        if spec is None:
            continue
        try:
            values[key] = spec.check(value, system)
        except Invalid:
            continue
    return values


@dataclass(frozen=True)
class Said:
    """An option's value as a page says it: ``text`` (a msgid or a
    :class:`~podium_core.text.Text`, translated by the page), or, with
    ``code``, the keyword an organiser writes in event.yaml (a choice)."""

    text: object
    code: bool = False


def meanings(option: Option) -> dict:
    """The choices of ``option`` that are words, each as its :class:`Meaning`,
    in the order the option lists them (``{}``: it takes no such choice)."""
    return getattr(option.check, "meanings", None) or {}


def words(option: Option, value, number=str) -> Said:
    """``value`` of ``option`` in words, numbers written by ``number`` (the page's
    language's way): the checker's own words where it has them, a choice by
    its :class:`Meaning`'s name, a flag as yes or no, a list of numbers as the
    numbers, a mapping as "key: value; ..."; a word no :class:`Meaning` says
    as the keyword written."""
    say = getattr(option.check, "words", None)
    if say is not None:
        return Said(say(value, number))
    if isinstance(value, bool):
        return Said(N_("yes") if value else N_("no"))
    meaning = meanings(option).get(value) if value is None or isinstance(value, (str, int)) else None
    if meaning is not None:
        return Said(meaning.name)
    if value is None:
        return Said("auto", code=True)
    if is_number(value):
        return Said(number(value))
    if isinstance(value, (list, tuple)):
        return Said(", ".join(number(v) if is_number(v) else str(v) for v in value))
    if isinstance(value, dict):
        return Said(listing([Text("%(name)s: %(value)s", name=str(k), value=number(v) if is_number(v) else str(v))
                             for k, v in value.items()]))
    return Said(str(value), code=True)


def listing(parts: list):
    """Parts said one after another: "a; b; c" (a Text, each part translated)."""
    said = parts[-1]
    for part in reversed(parts[:-1]):
        said = Text("%(first)s; %(rest)s", first=part, rest=said)
    return said


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
    if isinstance(value, (list, tuple)):
        return [plain(v) for v in value]
    if isinstance(value, dict):
        return {str(k): plain(v) for k, v in value.items()}
    if isinstance(value, Fraction):
        return json_number(value)
    return value
