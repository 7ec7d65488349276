"""Names as typed on a phone: every Latin diacritic folded away, for search.

:func:`fold` is the one rule, used on both sides of a search: the site
writes each name's folded form into the pages Pagefind indexes (the
``fold`` filter, :func:`hidden`), and the pages' scripts fold what is typed
with the same rule before they look for it (:func:`script`, the ``fold``
function of the search page, the find-me box and find your table).

The rule: canonical decomposition (NFD) with every combining mark dropped
(ā ē ī ū č š ž ģ ķ ļ ņ, ą ę ė į ų, ć ń ó ś ź ż, á é í ó ö ő ú ü ű ...),
then the letters that have no decomposition written as plain Latin letters
(:data:`LETTERS`: Polish ł, Scandinavian ø and æ, đ, German ß, ...), then
lower case.  "Łukasz Dąbrowski" folds to "lukasz dabrowski", "Bērziņš" to
"berzins".
"""

from __future__ import annotations

import json
import unicodedata

from markupsafe import Markup, escape

# Latin letters without a canonical decomposition, and what they are typed as
LETTERS = {
    "ł": "l", "Ł": "L", "ø": "o", "Ø": "O", "đ": "d", "Đ": "D", "ð": "d", "Ð": "D",
    "ß": "ss", "ẞ": "SS", "æ": "ae", "Æ": "AE", "œ": "oe", "Œ": "OE", "þ": "th", "Þ": "TH",
    "ħ": "h", "Ħ": "H", "ı": "i", "ŀ": "l", "Ŀ": "L", "ŧ": "t", "Ŧ": "T", "ĸ": "k", "ŋ": "n", "Ŋ": "N",
}
_TABLE = str.maketrans(LETTERS)


def fold(text: str) -> str:
    """``text`` without diacritics, in lower case (the module's rule)."""
    decomposed = unicodedata.normalize("NFD", str(text))
    plain = "".join(c for c in decomposed if not unicodedata.category(c).startswith("M"))
    return plain.translate(_TABLE).lower()


def hidden(text: str) -> Markup:
    """The folded form of ``text`` for the search index, in a ``hidden`` element
    (Pagefind indexes it, nobody sees or hears it); nothing when folding
    changes nothing but the case."""
    folded = fold(text)
    if folded == str(text).lower():
        return Markup("")
    return Markup('<span hidden>') + escape(folded) + Markup("</span>")


def script() -> Markup:
    """The JavaScript ``fold(text)`` of the same rule, for a page's scripts."""
    return Markup(
        "const podiumLetters = " + json.dumps(LETTERS, ensure_ascii=True, sort_keys=True) + ";\n"
        "function fold(text) {\n"
        "  return String(text).normalize('NFD').replace(/\\p{M}/gu, '')\n"
        "    .replace(/[^\\u0000-\\u007f]/g, (c) => podiumLetters[c] || c).toLowerCase();\n"
        "}\n")
