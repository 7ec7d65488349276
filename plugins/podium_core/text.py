"""Words the engines give to people, kept translatable.

Engines describe what they did in English sentences (a seating rule, a round
title, why a round waits).  A :class:`Text` keeps such a sentence as a
gettext msgid with named parameters, so the site can show it in the event's
language: ``str(text)`` is the English, :func:`translate` any language.
``N_`` marks a constant msgid (a criterion label, a stage title) for the
catalog extractor without changing it.

The extractor (``pybabel extract`` with keywords ``Text`` and ``N_``, see
``babel.cfg``) finds both in the engines' source.
"""

from __future__ import annotations


def N_(msgid: str) -> str:
    """Mark ``msgid`` for translation; it stays as it is."""
    return msgid


class Text:
    """A sentence with named parameters: ``Text("Round %(n)s", n=2)``.

    Parameters may be numbers, strings or other Texts (translated too).
    """

    __slots__ = ("msgid", "params")

    def __init__(self, msgid: str, **params):
        self.msgid = msgid
        self.params = params

    def __str__(self) -> str:
        return translate(self, lambda msgid: msgid)

    def __repr__(self) -> str:
        return f"Text({self.msgid!r}, {self.params!r})"

    def __eq__(self, other) -> bool:
        if isinstance(other, Text):
            return (self.msgid, self.params) == (other.msgid, other.params)
        return str(self) == other

    def __hash__(self) -> int:
        return hash(str(self))

    def __add__(self, other) -> str:
        return str(self) + str(other)

    def __radd__(self, other) -> str:
        return str(other) + str(self)


def translate(value, gettext) -> str:
    """``value`` (a Text or a plain msgid string) in the language of ``gettext``."""
    if isinstance(value, Text):
        template = gettext(value.msgid)
        if not value.params:
            return template
        return template % {key: translate(v, gettext) if isinstance(v, Text) else v for key, v in value.params.items()}
    if value is None:
        return ""
    return gettext(value) if isinstance(value, str) else str(value)
