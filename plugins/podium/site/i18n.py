"""UI translations: gettext catalogs for the languages events may speak.

Templates wrap every UI string in ``_()`` or ``{% trans %}`` (Jinja's
``jinja2.ext.i18n``).  Catalogs live in ``podium/site/locale/<lang>/LC_MESSAGES/podium.mo``;
a language without a catalog falls back to the English msgids, so the site
works before any catalog exists.  The event pages are rendered with their
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


@lru_cache(maxsize=None)
def translations(language: str) -> gettext.NullTranslations:
    """The catalog for ``language`` (NullTranslations when there is none)."""
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
