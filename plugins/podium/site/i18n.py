"""UI translations: gettext catalogs for the languages events may speak.

Templates wrap every UI string in ``_()`` or ``{% trans %}`` (Jinja's
``jinja2.ext.i18n``); the engines mark theirs with :mod:`podium.text`.
``make messages`` extracts them all into ``locale/podium.pot`` and updates
``locale/<lang>.po`` for every language; the .po files are read as they are
(see :class:`Catalog`).  A language without a catalog falls back to the
English msgids.  The event pages are rendered with their
event's ``language``; Pelican's own pages with ``DEFAULT_LANG``.

``_()`` is for literal UI strings (newstyle gettext: ``%(name)s``
placeholders, a literal ``%`` written ``%%``).  ``tr()`` translates what the
engines say -- a criterion's label or legend, a stage title, or a
:class:`podium.text.Text` sentence with its parameters.
"""

from __future__ import annotations

import gettext
from functools import lru_cache
from pathlib import Path

from ..text import translate

DOMAIN = "podium"
LOCALE_DIR = Path(__file__).resolve().parent / "locale"
LANGUAGES = ("en", "lv", "lt", "pl", "hu")


class Catalog(gettext.NullTranslations):
    """A language's translations, read straight from its ``<lang>.po``.

    Reading the .po (with Babel) at build time means there is no compiled
    .mo to keep in step: the catalog in git is the one the site uses.
    Untranslated and fuzzy entries fall back to the English msgid.
    """

    def __init__(self, path: Path):
        super().__init__()
        from babel.messages.pofile import read_po

        with open(path, "rb") as handle:
            catalog = read_po(handle)
        self.messages = {}
        for message in catalog:
            if not message.id or message.fuzzy:
                continue
            if isinstance(message.id, tuple):
                if all(message.string):
                    self.messages[message.id] = tuple(message.string)
            elif message.string:
                self.messages[message.id] = message.string
        self.plural = gettext.c2py(catalog.plural_expr)

    def gettext(self, message):
        return self.messages.get(message, message)

    def ngettext(self, singular, plural, n):
        forms = self.messages.get((singular, plural))
        if forms is None:
            return singular if n == 1 else plural
        return forms[min(self.plural(n), len(forms) - 1)]

    def pgettext(self, context, message):
        return self.gettext(message)

    def npgettext(self, context, singular, plural, n):
        return self.ngettext(singular, plural, n)


@lru_cache(maxsize=None)
def translations(language: str) -> gettext.NullTranslations:
    """The catalog for ``language``: ``locale/<lang>.po``, else a compiled
    ``locale/<lang>/LC_MESSAGES/podium.mo``, else the English msgids."""
    po = LOCALE_DIR / f"{language}.po"
    if language and language != "en" and po.exists():
        return Catalog(po)
    return gettext.translation(DOMAIN, localedir=str(LOCALE_DIR), languages=[language or "en"], fallback=True)


def install(env, language: str) -> None:
    """Make ``env`` translate into ``language`` (adds the i18n extension if missing).

    Templates keep referring to ``env.globals``, so switching languages
    between events needs no template reload.
    """
    if "jinja2.ext.InternationalizationExtension" not in env.extensions:
        env.add_extension("jinja2.ext.i18n")
    catalog = translations(language)
    env.install_gettext_translations(catalog, newstyle=True)
    env.globals["tr"] = lambda value: translate(value, catalog.gettext)
