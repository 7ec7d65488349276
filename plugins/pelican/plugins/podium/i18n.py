"""UI translations: gettext catalogs for the languages events may speak.

Podium's templates wrap every UI string in ``ui()`` (``ui_plural()`` for a
count, ``ui_with_context()`` for a word with two meanings): names of their
own, so that a theme's ``_`` macro (Flex defines one) or another plugin's
``gettext`` never stands in for Podium's catalogs.  ``_()``, ``gettext()``
and ``{% trans %}`` (Jinja's ``jinja2.ext.i18n``) speak the same catalog for
a theme's own templates.  The engines mark their words with :mod:`podium_core.text`.
``make messages`` extracts them all into ``locale/podium.pot`` and updates
``locale/<lang>.po`` for every language; the .po files are read as they are
(see :class:`Catalog`).  A language without a catalog falls back to the
English msgids.  The event pages are rendered with their
event's ``language``; Pelican's own pages with ``DEFAULT_LANG``.

``ui()`` is for literal UI strings (newstyle gettext: ``%(name)s``
placeholders, a literal ``%`` written ``%%``); ``ui_with_context(context, ...)``
tells apart two meanings of one short word.  ``tr()`` translates what the
engines say -- a criterion's label or legend, a stage title, or a
:class:`podium_core.text.Text` sentence with its parameters.

Numbers and dates are written the language's way (Babel, CLDR data):
:func:`number_text`, :func:`percent_text` and :func:`date_text` take the
language; the view model formats an event's values with its ``language``,
and templates format dates with the ``date`` filter and literal numbers with
``num``, both in the language :func:`install` set last.  Machine-read values
stay as they are: ISO dates in ``<time datetime>``, event.json, CSV, feeds.
"""

from __future__ import annotations

import datetime
import gettext
from decimal import ROUND_HALF_EVEN, Decimal
from fractions import Fraction
from functools import lru_cache
from pathlib import Path

from babel import Locale, UnknownLocaleError
from babel.dates import format_date
from babel.numbers import format_percent, get_decimal_symbol
from jinja2 import pass_environment, pass_eval_context
from markupsafe import Markup

from podium_core.text import translate

DOMAIN = "podium"
LOCALE_DIR = Path(__file__).resolve().parent / "locale"
LANGUAGES = ("en", "lv", "lt", "pl", "hu")
# each of them by its own name, as CLDR writes it (capitalised: it heads a list item); a
# page's language switch needs no locale's whole data for them (tests check them against Babel's)
OWN_NAMES = {"en": "English", "lv": "Latviešu", "lt": "Lietuvių", "pl": "Polski", "hu": "Magyar"}


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
        self.messages = {}  # msgid (a tuple for plurals), or (context, msgid) under a context
        for message in catalog:
            if not message.id or message.fuzzy:
                continue
            key = message.id if message.context is None else (message.context, message.id)
            if isinstance(message.id, tuple):
                if all(message.string):
                    self.messages[key] = tuple(message.string)
            elif message.string:
                self.messages[key] = message.string
        self.plural = gettext.c2py(catalog.plural_expr)

    def gettext(self, message):
        return self.messages.get(message, message)

    def _plural(self, key, singular, plural, n):
        forms = self.messages.get(key)
        if forms is None:
            return singular if n == 1 else plural
        return forms[min(self.plural(n), len(forms) - 1)]

    def ngettext(self, singular, plural, n):
        return self._plural((singular, plural), singular, plural, n)

    def pgettext(self, context, message):
        return self.messages.get((context, message), message)

    def npgettext(self, context, singular, plural, n):
        return self._plural((context, (singular, plural)), singular, plural, n)


@lru_cache(maxsize=None)
def translations(language: str) -> gettext.NullTranslations:
    """The catalog for ``language``: ``locale/<lang>.po``, else a compiled
    ``locale/<lang>/LC_MESSAGES/podium.mo``, else the English msgids."""
    po = LOCALE_DIR / f"{language}.po"
    if language and language != "en" and po.exists():
        return Catalog(po)
    return gettext.translation(DOMAIN, localedir=str(LOCALE_DIR), languages=[language or "en"], fallback=True)


def install(env, language: str) -> None:
    """Make ``env`` translate into ``language`` and write numbers and dates its
    way (adds the i18n extension if missing).

    Templates keep referring to ``env.globals``, so switching languages
    between events needs no template reload; the ``date`` and ``num``
    filters read the language installed last (``podium_language``).
    """
    if "jinja2.ext.InternationalizationExtension" not in env.extensions:
        env.add_extension("jinja2.ext.i18n")
    catalog = translations(language)
    env.install_gettext_translations(catalog, newstyle=True)
    env.globals["gettext"] = env.globals["_"] = env.globals["ui"] = _newstyle_gettext(catalog)
    env.globals["ui_plural"] = env.globals["ngettext"]  # Jinja's newstyle ones, installed just above
    env.globals["ui_with_context"] = env.globals["pgettext"]
    env.globals["tr"] = _translator(catalog)
    env.globals["podium_language"] = language or "en"
    env.filters["date"] = _date_filter
    env.filters["num"] = _number_filter
    env.filters["language_name"] = language_name


@lru_cache(maxsize=None)
def _newstyle_gettext(catalog):
    """Jinja's newstyle ``gettext`` for a language's ``catalog``, in one call instead of three.

    Does what ``jinja2.ext`` installs (``_`` looks up ``gettext``, which calls
    the catalog, marks the text safe when autoescaping and always applies
    ``%`` with the named parameters) and remembers its results: a page asks
    for the same few dozen words, and "seat %(number)s" with the same few
    numbers, hundreds of times.
    """
    lookup = catalog.gettext  # cached per catalog: a fresh catalog (translations.cache_clear()) gets a fresh cache
    done: dict = {}  # (string, parameters) -> the escaped result

    @pass_eval_context
    def gettext(eval_ctx, string, **variables):
        if not eval_ctx.autoescape:
            return lookup(string) % variables
        key = string
        if variables:
            key = (string,)
            for name, value in variables.items():
                if type(value) not in _PLAIN:  # only values whose text is all there is to them
                    return Markup(lookup(string)) % variables
                key += (name, type(value), value)
        found = done.get(key)
        if found is None:
            if len(done) > 20_000:
                done.clear()
            found = done[key] = Markup(lookup(string)) % variables
        return found

    return gettext


_PLAIN = {str, int, Markup}


@lru_cache(maxsize=None)
def _translator(catalog):
    """``tr()``: :func:`podium_core.text.translate` into ``catalog``, a plain msgid looked up directly."""
    lookup = catalog.gettext
    done: dict = {}  # msgid -> translation: a page asks for the same column labels again and again

    def tr(value):
        if type(value) is str:
            found = done.get(value)
            if found is None:
                found = done[value] = lookup(value)
            return found
        return translate(value, lookup)

    return tr


# -- numbers and dates in the language's format ----------------------------------------------

# English pages keep ISO dates: the site's English is international, and CLDR's
# "en" is American (Mar 5, 2016).  Other languages use their CLDR long format
# (DATE_FORMAT), whose month is a word inflected as a date says it: pl "30 maja
# 2016", lt "2016 m. gegužės 30 d." (genitive), hu "2016. május 30.", lv
# "2016. gada 30. maijs" (a date on its own is nominative).  The medium format
# abbreviates the month, and in Polish gives "30 maj" for the genitive "maja".
DATE_FORMATS = {"en": "yyyy-MM-dd"}
DATE_FORMAT = "long"


@lru_cache(maxsize=None)
def locale(language: str) -> Locale:
    """Babel's locale for a language code; English for an unknown one."""
    try:
        return Locale.parse(language or "en")
    except (ValueError, UnknownLocaleError):
        return Locale.parse("en")


def load(language: str) -> None:
    """Read ``language``'s catalog and CLDR data now, as the first page in it
    would (a preview server does this while the organiser reads)."""
    translations(language)
    _symbols(language)


def exact(value) -> Decimal:
    """A number as a Decimal; a Fraction is divided out exactly (to 28 digits)."""
    if isinstance(value, Decimal):
        return value
    if isinstance(value, Fraction):
        return Decimal(value.numerator) / Decimal(value.denominator)
    if isinstance(value, float):
        return Decimal(repr(value))
    return Decimal(value)


@lru_cache(maxsize=None)
def _symbols(language: str) -> tuple:
    """The language's decimal sign and its percent pattern as a template (``{}%``, lt ``{} %``).

    Both come from Babel (CLDR); :func:`number_text` and :func:`percent_text`
    then write what Babel's ``format_decimal`` and ``format_percent`` write
    for these patterns (no grouping), at a tenth of the cost: a large
    standings page has thousands of values.
    """
    where = locale(language)
    pattern = where.percent_formats[None].pattern.split(";")[0]
    template = format_percent(Decimal("0.5"), format=pattern, locale=where).replace("50", "{}", 1)
    return get_decimal_symbol(where), template


@lru_cache(maxsize=1 << 16, typed=True)
def number_text(value, language: str = "en", places: int = 3, fixed: bool = False) -> str:
    """A number with the language's decimal sign: up to ``places`` decimals
    (trailing zeros dropped, half to even), or exactly ``places`` when
    ``fixed``; no grouping (scores stay short), never "-0".  Remembered: the
    same few hundred values come back on every page of an event."""
    if type(value) is int and not (fixed and places):
        return str(value)
    text = f"{exact(value).quantize(_QUANTUM[places], ROUND_HALF_EVEN):f}" if places else f"{round(exact(value)):d}"
    if places and not fixed:
        text = text.rstrip("0").rstrip(".")
    if text.startswith("-") and not text.strip("-0."):
        text = text[1:]
    return text.replace(".", _symbols(language or "en")[0]) if places else text


_QUANTUM = {places: Decimal(1).scaleb(-places) for places in range(10)}


@lru_cache(maxsize=1 << 16, typed=True)
def percent_text(value, language: str = "en", places: int = 1) -> str:
    """A fraction of one as a percentage the language's way: 0.25 is 25.0% in
    English, 25,0% in Latvian, 25,0 % in Lithuanian."""
    language = language or "en"
    return _symbols(language)[1].format(number_text(exact(value) * 100, language, places, fixed=True))


@lru_cache(maxsize=4096)
def date_text(value, language: str = "en") -> str:
    """A date (``2016-03-05`` or a ``date``) as the language writes it: lv
    "2016. gada 5. marts", pl "5 marca 2016", English ISO.  Anything that is
    not a date comes back as it is."""
    if isinstance(value, datetime.date):
        day = value
    else:
        try:
            day = datetime.date.fromisoformat(str(value))
        except ValueError:
            return "" if value is None else str(value)
    language = language or "en"
    return format_date(day, DATE_FORMATS.get(language, DATE_FORMAT), locale=locale(language))


@lru_cache(maxsize=None)
def language_name(language: str) -> str:
    """A language's name in that language, capitalised as it heads a list
    item: the way a reader looks for their own (``lv``: "Latviešu"); Podium's own
    languages from :data:`OWN_NAMES`, any other from Babel's CLDR data."""
    if language in OWN_NAMES:
        return OWN_NAMES[language]
    name = Locale.parse(language).get_display_name(language) or language
    return name[:1].upper() + name[1:]


def installed_language(env) -> str:
    """The language :func:`install` last set on ``env``."""
    return env.globals.get("podium_language") or "en"


@pass_environment
def _date_filter(env, value):
    """``{{ ev.first_date|date }}``: a date in the page's language."""
    return date_text(value, installed_language(env))


@pass_environment
def _number_filter(env, value, places: int | None = None):
    """``{{ value|num }}``, ``{{ 5|num(1) }}``: a number in the page's language
    (``places`` fixes the decimals); anything else as it is."""
    if isinstance(value, bool) or not isinstance(value, (int, float, Fraction, Decimal)):
        return "" if value is None else value
    if places is None:
        return number_text(value, installed_language(env))
    return number_text(value, installed_language(env), places, fixed=True)
