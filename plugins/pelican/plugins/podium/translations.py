"""The site's Markdown pages in every language the events speak.

A Markdown page is translated the Pelican way: a second file with the same
``Slug``, its own ``Lang`` (``lv``, ``lt``, ``pl``, ``hu``) and the title and
text in that language.  Pelican links the two (``page.translations``); the
settings give a translation the URL ``{slug}-{lang}.html``
(``PAGE_LANG_URL``) and leave the writing to Podium (``PAGE_LANG_SAVE_AS``
empty), which writes it with the UI in the translation's language.

- :func:`in_language`: a page in a language -- its translation, else the page itself;
- :func:`menus`: the site menu of every language, each page in that language
  when it has a translation (a link to a page in another language says so
  with ``lang``/``hreflang``);
- :func:`translations_of`: every translation to write;
- :func:`page_key`: what a page shows, for the build cache's keys.
"""

from __future__ import annotations

from typing import NamedTuple


class MenuLink(NamedTuple):
    title: str
    url: str
    lang: str = ""  # the linked page's language when it is not the menu's


def page_language(page, default: str) -> str:
    return getattr(page, "lang", None) or default


def in_language(page, language: str, default: str):
    """``page`` in ``language``: itself, or its translation, else itself."""
    if page is None or page_language(page, default) == language:
        return page
    for other in getattr(page, "translations", ()) or ():
        if page_language(other, default) == language:
            return other
    return page


def menus(pages, languages, default: str) -> dict:
    """``{language: [MenuLink, ...]}``: the menu pages (not rules pages) in each language."""
    found = {}
    for language in languages:
        links = []
        for page in pages:
            shown = in_language(page, language, default)
            shown_lang = page_language(shown, default)
            links.append(MenuLink(shown.title, shown.url, "" if shown_lang == language else shown_lang))
        found[language] = links
    return found


def translations_of(pages) -> list:
    """Every translation of the given pages, by URL (each once)."""
    found = {}
    for page in pages:
        for other in getattr(page, "translations", ()) or ():
            found.setdefault(other.url, other)
    return [found[url] for url in sorted(found)]


def page_key(page) -> list | None:
    """What a Markdown page shows, for a cache key (None for no page)."""
    if page is None:
        return None
    return [page.slug, page.title, page.url, page.template, getattr(page, "lang", ""), content(page)]


def content(page) -> str:
    """A Markdown page's HTML with its links to other pages written from the site's root.
    (Its ``content`` writes them from the page Pelican's writer wrote last, when
    URLs are relative: a key would change with the order of writing.)"""
    return page.get_content("")
