"""The rules as implemented, for the generated format page.

The statements come from the format class itself (``rules_facts()``: pairs of
heading and text, or triples whose third item is True), so the page can never
drift from the engine.  A statement flagged True, or ending in "(Project
default.)", is a documented choice where the source rules are silent; the page
shows it with a "default" badge.  This module adds
the table of the options an event can set (data-format.md), with their
defaults.
"""

from __future__ import annotations

from dataclasses import dataclass

from podium.text import N_

DEFAULT_MARK = "(Project default.)"


@dataclass(frozen=True)
class Fact:
    heading: object  # a msgid or a podium.text.Text
    text: object
    default: bool = False  # a documented project default, not from the source text


@dataclass(frozen=True)
class Option:
    key: str
    default: str  # a value as written in event.yaml, or a description (a msgid)
    text: str  # a msgid: the page translates it


OPTIONS = {
    "catan-lv-2016": [
        Option("semifinal_size", "16", N_("Players in the semifinal: 16, or 24 when the organisers announce it "
                                          "(meant for more than 120 players).")),
    ],
    "carcassonne-lv": [
        Option("avoid_rematch", "consecutive", N_("consecutive: players who met in the previous round are not "
                                                  "paired again; always: no two players ever meet twice.")),
    ],
    "tantrix-wc": [
        Option("standard_games", N_("final 9, semifinal 8, quarterfinal 7, earlier 6"),
               N_("Standard games per match in each round of the knockout.")),
    ],
    "baska-gp": [
        Option("sessions", "8", N_("Number of sessions of the season.")),
        Option("rounds_per_session", "4", N_("Rounds played in each session.")),
    ],
}


def facts(fmt) -> list[Fact]:
    """The format's own statements, with project defaults flagged."""
    try:
        own = list(fmt.rules_facts() or [])
    except NotImplementedError:
        own = []
    result = []
    for item in own:
        heading, text = item[0], item[1]
        default = len(item) > 2 and bool(item[2])
        if isinstance(text, str) and DEFAULT_MARK in text:
            text, default = text.replace(DEFAULT_MARK, "").strip(), True
        result.append(Fact(heading, text, default))
    return result


def options(fmt) -> list[tuple[Option, object]]:
    """Each documented option with the value this event sets (None: the default)."""
    return [(opt, fmt.options.get(opt.key)) for opt in OPTIONS.get(fmt.id, [])]
