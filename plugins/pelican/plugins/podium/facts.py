"""The rules as implemented, for the generated format page.

The statements come from the format's system itself (``rules_facts()``: pairs
of heading and text, or triples whose third item is True), so the page can
never drift from the engine.  A statement flagged True, or ending in
"(Project default.)", is a documented choice where the source rules are
silent; the page shows it with a "default" badge.  This module adds the table
of the options an event can set, made from the system's options and the
built-in declaration's values (variants.md 2), each value in words.
"""

from __future__ import annotations

from dataclasses import dataclass

from podium_core.text import N_

DEFAULT_MARK = "(Project default.)"


@dataclass(frozen=True)
class Fact:
    heading: object  # a msgid or a podium_core.text.Text
    text: object
    default: bool = False  # a documented project default, not from the source text


@dataclass(frozen=True)
class OptionRow:
    key: str
    default: object  # the built-in's value in words (podium_core.systems.options.Said)
    text: str  # a msgid: the page translates it
    choices: tuple = ()  # each choice that is a word, in words: a msgid or a Text


def facts(fmt) -> list[Fact]:
    """The format's own statements, with project defaults flagged."""
    try:
        own = list(fmt.rules_facts() or [])
    except NotImplementedError:
        own = []
    from podium_core.formats.declarations import BUILTIN
    from podium_core.text import Text

    result = []
    if getattr(fmt, "base", fmt.id) != fmt.id:
        parent = fmt.declaration.parent or fmt.base
        result.append(Fact(N_("Variant"), Text("A variant of %(parent)s, played on the %(base)s rules with its own options "
                                               "(the table below); every number on this page is the variant's.",
                                               parent=parent, base=Text(BUILTIN[fmt.base].title))))
    for item in own:
        heading, text = item[0], item[1]
        default = len(item) > 2 and bool(item[2])
        if isinstance(text, str) and DEFAULT_MARK in text:
            text, default = text.replace(DEFAULT_MARK, "").strip(), True
        result.append(Fact(heading, text, default))
    return result


def options(fmt, number=str) -> list[tuple[OptionRow, object]]:
    """Each option of the format's system, with the value this event plays by
    when it differs from the built-in's (None: the built-in's), both in words
    (:func:`podium_core.systems.options.words`, numbers written by ``number``),
    and its choices in words (:func:`choices`)."""
    from podium_core.formats.declarations import BUILTIN
    from podium_core.systems.options import words

    defaults = BUILTIN[fmt.base].options
    rows = []
    for spec in fmt.OPTIONS:
        default = defaults.get(spec.key)
        value = fmt.options.get(spec.key)
        rows.append((OptionRow(spec.key, words(spec, default, number), spec.text, choices(spec)),
                     None if value == default else words(spec, value, number)))
    return rows


def choices(spec) -> tuple:
    """The choices of the option ``spec`` that are words, as its meaning lists
    them: "name: what it does", or the name where it says it all.  An option
    that takes one value only says it in its own text: no list."""
    from podium_core.systems.options import meanings
    from podium_core.text import Text

    if len(getattr(spec.check, "choices", ())) == 1:
        return ()
    return tuple(Text("%(name)s: %(value)s", name=Text(m.name), value=Text(m.text)) if m.text else m.name
                 for m in meanings(spec).values())
