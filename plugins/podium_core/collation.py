"""Alphabetical order as a native reader of each language expects it.

Used wherever people are listed by name ("find your table", player lists),
so Latvian, Lithuanian, Polish and Hungarian names sort the way readers of
those languages look for them.  Written without ICU.  Each alphabet below lists the letters in order, separated by spaces;
letters joined by "/" are one letter for sorting and differ only at the second
level (an accent that does not make a new letter).  Multi-letter graphemes
(Hungarian "cs", "dzs", ...) are letters of their own.  The tailorings follow
the CLDR collations of each language:

- lv: č, ģ, ķ, ļ, ņ, š, ž are letters after c, g, k, l, n, s, z; the long
  vowels ā ē ī ū (and ō, ŗ) sort with their short vowel, after it when the
  names are otherwise equal; y follows i.
- lt: č, š, ž after c, s, z; y between i and j; ą ę ė į ų ū sort with a, e, i, u.
- pl: ą ć ę ł ń ó ś ź ż are letters of their own, right after a c e l n o s z
  (ź before ż).
- hu: cs dz dzs gy ly ny sz ty zs are letters (c < cs, d < dz < dzs, ...);
  ö/ő come after o/ó, ü/ű after u/ú; á é í ó ú sort with their vowel.  A
  doubled digraph is two letters: "ssz" is sz + sz, "ggy" gy + gy, ...
- en (and any other language): the 26 letters, every accent second-level.

A key compares, in this order: the letters (primary), then the accents
(secondary), then upper/lower case, then the name itself.  Spaces and hyphens
separate words and sort before every letter ("Anna Zīle" before "Annija");
other punctuation is ignored; digits come before letters.  A letter that is
not in the alphabet sorts as its base letter with the accent as a second-level
difference (an "ü" in a Polish name sorts with "u"); letters of other scripts
follow all Latin letters, by code point.
"""

from __future__ import annotations

import unicodedata
from dataclasses import dataclass
from functools import lru_cache

ALPHABETS = {
    "en": "a b c d e f g h i j k l m n o p q r s t u v w x y z",
    "lv": "a/ā b c č d e/ē f g ģ h i/ī y j k ķ l ļ m n ņ o/ō p q r ŗ s š t u/ū v w x z ž",
    "lt": "a/ą b c č d e/ę/ė f g h i/į y j k l m n o p q r s š t u/ų/ū v w x z ž",
    "pl": "a ą b c ć d e ę f g h i j k l ł m n ń o ó p q r s ś t u v w x y z ź ż",
    "hu": "a/á b c cs d dz dzs e/é f g gy h i/í j k l ly m n ny o/ó ö/ő p q r s sz t ty u/ú ü/ű v w x y z zs",
}
EXPANSIONS = {
    "hu": {"ccs": ("cs", "cs"), "ddzs": ("dzs", "dzs"), "ddz": ("dz", "dz"), "ggy": ("gy", "gy"),
           "lly": ("ly", "ly"), "nny": ("ny", "ny"), "ssz": ("sz", "sz"), "tty": ("ty", "ty"),
           "zzs": ("zs", "zs")},
}
_SPACE, _LETTER, _OTHER = 1, 100, 100_000


@dataclass
class _Collation:
    weights: dict  # grapheme -> (primary, secondary)
    graphemes: tuple  # longest first
    expansions: dict
    clusters: tuple = ()  # the expansions' keys, longest first ("ddzs" before "ddz")
    starts: frozenset = frozenset()  # first letters of every grapheme and cluster longer than one letter

    def __post_init__(self):
        self.clusters = tuple(sorted(self.expansions, key=len, reverse=True))
        self.starts = frozenset(g[0] for g in self.graphemes + self.clusters)


@lru_cache(maxsize=None)
def _collation(language: str) -> _Collation:
    language = language if language in ALPHABETS else "en"
    weights = {}
    for position, letter in enumerate(ALPHABETS[language].split()):
        for variant, grapheme in enumerate(letter.split("/")):
            weights[grapheme] = (_LETTER + position, variant)
    graphemes = tuple(sorted((g for g in weights if len(g) > 1), key=len, reverse=True))
    return _Collation(weights, graphemes, EXPANSIONS.get(language, {}))


def _elements(text: str, coll: _Collation):
    """(primary, secondary) collation elements of a lowercased NFC string."""
    i, n = 0, len(text)
    weights, starts = coll.weights, coll.starts
    while i < n:
        char = text[i]
        if char not in starts:  # one letter, one element: most of a name
            if char in weights:
                yield weights[char]
            else:
                yield from _char_elements(char, coll)
            i += 1
            continue
        for cluster in coll.clusters:
            if text.startswith(cluster, i):
                for grapheme in coll.expansions[cluster]:
                    yield coll.weights[grapheme]
                i += len(cluster)
                break
        else:
            for grapheme in coll.graphemes:
                if text.startswith(grapheme, i):
                    yield coll.weights[grapheme]
                    i += len(grapheme)
                    break
            else:
                yield from _char_elements(text[i], coll)
                i += 1


def _char_elements(char: str, coll: _Collation):
    if char in coll.weights:
        yield coll.weights[char]
    elif char.isspace() or char in "-‐‑–—_":
        yield (_SPACE, 0)
    elif char.isdigit():
        yield (_SPACE + 1 + (unicodedata.digit(char, 0)), 0)
    elif char.isalpha():
        decomposed = unicodedata.normalize("NFKD", char.casefold())
        base = "".join(c for c in decomposed if not unicodedata.combining(c))
        marks = [c for c in decomposed if unicodedata.combining(c)]
        if base and base != char and all(b in coll.weights for b in base):
            for j, b in enumerate(base):
                primary, variant = coll.weights[b]
                yield (primary, variant if j or not marks else 1000 + ord(marks[0]))
        else:
            yield (_OTHER + ord(char), 0)
    # other punctuation and symbols are ignored


@lru_cache(maxsize=1 << 16)  # a federation's players come back event after event
def collation_key(name: str, language: str = "en") -> tuple:
    """A sort key for ``name`` as a reader of ``language`` alphabetises it (see above)."""
    text = unicodedata.normalize("NFC", name)
    elements = list(_elements(text.lower(), _collation(language)))
    primary = tuple(p for p, _ in elements)
    secondary = tuple(s for _, s in elements)
    tertiary = tuple(not c.islower() for c in text if c.isalpha())
    return (primary, secondary, tertiary, text)


def collate(names, language: str = "en", key=None) -> list:
    """``names`` (or things ``key`` gives names of) in the order of :func:`collation_key`."""
    key = key or (lambda x: x)
    return sorted(names, key=lambda x: collation_key(key(x), language))
