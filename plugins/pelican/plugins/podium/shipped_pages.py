"""The rules pages Podium ships (:func:`podium_core.rules_pages.shipped_pages`), read as Pelican pages.

An event's ``rules:`` that names no page of the site's content folder but
one Podium ships gets that page: read by Pelican's own readers (the site's
Markdown settings), in every language it is written in, the site's default
language first and the others as its ``translations``, as Pelican links a
page's translations.  The site then shows it as its own: inside each event,
in the event's language (:mod:`.extensions.rules`), and as a page of the
site (``PAGE_URL``, and ``PAGE_LANG_URL`` for each translation) listing
the events played under it, written by Podium (:mod:`.site_pages`).
A page of the content folder with the same slug replaces them all.
"""

from __future__ import annotations

from pelican.contents import Page

from podium_core.rules_pages import shipped_pages


def read(readers, slugs, default_lang: str, context: dict) -> dict:
    """``{slug: page}``: each of ``slugs`` that Podium ships, as a Pelican page
    in ``default_lang`` (else its first language) with its translations."""
    found = {}
    for slug in sorted(slugs):
        files = shipped_pages().get(slug)
        if not files:
            continue
        pages = [readers.read_file(base_path=str(path.parent), path=path.name, content_class=Page, context=context)
                 for lang, path in sorted(files.items(), key=lambda item: (item[0] != default_lang, item[0]))]
        page, others = pages[0], pages[1:]
        page.translations = others
        for other in others:
            other.translations = [page] + [more for more in others if more is not other]
        found[slug] = page
    return found
