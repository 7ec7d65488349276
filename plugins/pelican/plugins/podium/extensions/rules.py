"""The event's rules page inside the event, and a search page per language.

``event_rules`` (``{slug}/rules/``): the Markdown page the event's ``rules``
names, in the event's language when it has a translation
(:mod:`pelican.plugins.podium.translations`), shown with the event's
navigation.  A page without a translation into the event's language is
shown as it is, marked with its own language, under a notice that says so
in the event's language.  The plugin sets ``ev.rules_page`` (the page as
shown) once Pelican has read the pages.

``search_lang`` (``search/{lang}/``): the search page with its UI in one
of the events' languages; every page's search form sends its query to the
search page of its own language.
"""

from __future__ import annotations

from . import Page


def pages(ev) -> list:
    page = getattr(ev, "rules_page", None)
    if page is None:
        return []
    return [Page("event_rules", {"slug": ev.slug}, "podium/rules-page", {"rules_page": page}, "rules")]
