"""Podium's Pelican plugin, wired the Pelican way.

- ``signals.get_generators`` adds :class:`~.generator.PodiumGenerator`,
  which writes the results pages through the writer Pelican hands it;
- ``signals.generator_init`` gives every generator's Jinja environment the
  Podium templates shipped in this package (after the theme's, so a theme
  may override any of them by name and extend the original as
  ``!podium/<name>``; Markdown pages with ``Template:`` can use them too),
  the UI translations (``jinja2.ext.i18n``, and Podium's own ``ui()``),
  a few globals and filters, and Jinja's cache of compiled templates in
  ``CACHE_PATH`` (:mod:`.template_bytecode`).

Nothing else of Pelican is replaced or changed: not its writer, not the
methods of its Jinja environments, not the site's settings, not its
content cache.
"""

from __future__ import annotations

from pathlib import Path

from jinja2 import ChoiceLoader, FileSystemLoader, PrefixLoader, Undefined, pass_context
from pelican import signals

from podium_core import __version__
from . import folding, headings, i18n, static, template_bytecode, translations
from .extensions import venue
from .generator import PodiumGenerator
from .template_use import RecordingLoader

TEMPLATES = Path(__file__).resolve().parent / "templates"  # the Podium templates, shipped in the package


def add_templates_and_translations(generator):
    """``generator_init``: the Podium templates as a fallback loader, and translations."""
    settings = generator.settings
    env = generator.env
    # after the theme's own loaders: a theme may override any Podium template by name,
    # and extend the original as "!podium/<name>"; the templates a rendering asks for
    # are recorded (:mod:`.template_use`)
    loader = FileSystemLoader(str(TEMPLATES))
    env.loader = RecordingLoader(ChoiceLoader([env.loader, PrefixLoader({"!podium": loader}), loader]))
    env.globals["PODIUM_STATIC_DIR"] = static.static_dir(settings)
    env.globals["PODIUM_VERSION"] = __version__
    env.globals["qr_svg"] = venue.qr_svg  # QR codes of the venue kit and score sheets
    env.filters["plain"] = headings.plain  # striptags, at no cost for a text with nothing to strip
    env.filters["page_alternates"] = page_alternates  # a Markdown page in its other languages (language switch)
    env.filters["in_language"] = page_in_language  # a Markdown page in a language, when translated
    env.filters["folded"] = folding.hidden  # a name's folded form for the search index
    env.globals["fold_script"] = folding.script  # the same folding for the pages' scripts
    i18n.install(env, settings.get("DEFAULT_LANG", "en"))
    if settings.get("PODIUM_TEMPLATE_CACHE", True):
        template_bytecode.use(env, settings.get("CACHE_PATH") or "cache")


@pass_context
def page_alternates(context, page) -> list:
    """``{{ page|page_alternates }}``: the page in each language the site writes it in
    (:func:`.translations.alternates`)."""
    default = context.get("DEFAULT_LANG") or "en"
    return translations.alternates(page, default, context.get("podium_languages") or (default,))


@pass_context
def page_in_language(context, page, language: str):
    """``{{ page|in_language(ev.language) }}``: the page's translation into
    ``language``, else the page itself (:func:`.translations.in_language`);
    no page (an undefined one: the site has none of that slug) stays none."""
    if isinstance(page, Undefined):
        return None
    return translations.in_language(page, language, context.get("DEFAULT_LANG") or "en")


def get_generators(pelican):
    return PodiumGenerator


def register():
    signals.generator_init.connect(add_templates_and_translations)
    signals.get_generators.connect(get_generators)
