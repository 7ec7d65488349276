"""Every event in other interface languages too: ``PODIUM_LANGUAGES``, and the language switch.

The rule: with ``PODIUM_LANGUAGES = ["en", "lv"]`` each event's pages are
written as always, in the event's own interface language (its
``language:``, or ``PODIUM_LANGUAGE``) at their usual URLs, and once more
for every other language of the list, with the interface in that language
and every page of the event under the folder of that language's code:
``lv/tantrix-wc-2003/`` is the Hungarian championship's home with Latvian
menus, headings and words, ``lv/tantrix-wc-2003/standings/`` its standings,
and so on for every page and download of the event (``{lang}/`` before
each URL that has ``{slug}``).  Names, results and what the organisers wrote
stay as written; the rules page is in the page's language when it is
written in it.  The site-wide pages (home, people, search) are not
repeated: they are in the site's language, the search page in each.

Every page of an event shown in more than one language links the same page
in each of the others (:func:`alternates`: the language switch, and
``<link rel="alternate" hreflang>`` in its head).  An event's slug cannot be
one of these codes (its pages and a language's folder would be one).
"""

from __future__ import annotations

from typing import NamedTuple

from .i18n import LANGUAGES


class Alternate(NamedTuple):
    lang: str
    url: str
    current: bool


def languages(settings: dict) -> tuple:
    """``PODIUM_LANGUAGES``, checked: a list of Podium's languages, each once (empty when unset)."""
    value = settings.get("PODIUM_LANGUAGES") or ()
    if isinstance(value, str) or not isinstance(value, (list, tuple)):
        raise ValueError(f"the setting PODIUM_LANGUAGES: {value!r} should be a list of languages, e.g. [\"en\", \"lv\"]")
    for lang in value:
        if lang not in LANGUAGES:
            raise ValueError(f"the setting PODIUM_LANGUAGES: {lang!r} is not one of Podium's languages ({', '.join(LANGUAGES)})")
    if len(set(value)) != len(value):
        raise ValueError(f"the setting PODIUM_LANGUAGES: a language is listed twice in {list(value)!r}")
    return tuple(value)


def shown(own: str, wanted) -> list:
    """``[(language, folder)]``: an event's interface languages, its own first (no
    folder), then each other language of ``wanted`` under ``{lang}/``; just its own
    when ``wanted`` adds none."""
    return [(own, "")] + [(lang, f"{lang}/") for lang in wanted if lang != own]


def alternates(languages: list, folder: str, path: str) -> list:
    """The same page in each of ``languages`` (:func:`shown`), as :class:`Alternate`
    (the one at ``path``, under ``folder``, is the current); [] for one language."""
    if len(languages) < 2:
        return []
    own = path[len(folder):]
    url = own[:-len("index.html")] if own.endswith("index.html") else own
    return [Alternate(lang, prefix + url, prefix == folder) for lang, prefix in languages]
