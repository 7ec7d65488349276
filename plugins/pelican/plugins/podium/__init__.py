"""The Podium Pelican plugin: the only part of Podium that knows Pelican.

Pelican (4.5 and later) finds it as the namespace plugin
``pelican.plugins.podium`` and calls :func:`register`.  The engines it runs
are the Pelican-free package :mod:`podium_core`.

- :mod:`pelican.plugins.podium.plugin` -- the wiring: the generator, the
  template loader and the translations, through Pelican's signals.
- :mod:`pelican.plugins.podium.generator` -- the generator that writes the
  results pages (only the events that changed) through Pelican's writer,
  from :mod:`pelican.plugins.podium.events` (every event: from the cache, or
  evaluated again), :mod:`pelican.plugins.podium.event_output` (an event's
  files rendered, or copied from the cache), :mod:`pelican.plugins.podium.site_pages`
  (home, people, search, feed) and :mod:`pelican.plugins.podium.output_record`
  (what one output folder holds).
- :mod:`pelican.plugins.podium.cache_keys`, :mod:`pelican.plugins.podium.cache`,
  :mod:`pelican.plugins.podium.event_index`, :mod:`pelican.plugins.podium.looks`,
  :mod:`pelican.plugins.podium.file_stamps`, :mod:`pelican.plugins.podium.template_use`
  -- what an event's pages depend on, the cache that keeps them by it, its
  index of every event, the key of how a language's pages look, the files'
  stat that vouches for their digests, the templates a page asks for.
- :mod:`pelican.plugins.podium.output` -- Podium's files in the output
  folder: never through a link, stale ones removed.
- :mod:`pelican.plugins.podium.summary` -- what the site-wide pages read of an event.
- :mod:`pelican.plugins.podium.template_bytecode` -- compiled templates kept between builds.
- :mod:`pelican.plugins.podium.views` -- the view model: one tree per event,
  built once from its :class:`~podium_core.outcome.EventOutcome`;
  :mod:`pelican.plugins.podium.progress` -- the round on now and each
  player's next step; :mod:`pelican.plugins.podium.extensions` -- one module
  per system or concern.
- :mod:`pelican.plugins.podium.urls` -- the URL scheme, from ``PODIUM_*_URL`` settings.
- :mod:`pelican.plugins.podium.facts` -- the rules as implemented, for the format page.
- :mod:`pelican.plugins.podium.i18n` -- gettext catalogs for the UI languages;
  :mod:`pelican.plugins.podium.translations` -- the site's Markdown pages in
  every language; :mod:`pelican.plugins.podium.language_variants` -- events
  in other interface languages (``PODIUM_LANGUAGES``) and the language switch;
  :mod:`pelican.plugins.podium.shipped_pages` -- the rules pages Podium ships.
- :mod:`pelican.plugins.podium.build`, :mod:`pelican.plugins.podium.serve`,
  :mod:`pelican.plugins.podium.publish` -- ``make html``, ``make serve`` and
  ``make publish``; :mod:`pelican.plugins.podium.build_lock` -- one of them
  at a time into an output; :mod:`pelican.plugins.podium.swap` -- a folder
  (the site, its search index) swapped in whole.
"""


def register():
    """Connect the Podium generator to Pelican (called by Pelican's plugin loader)."""
    from .plugin import register as connect

    connect()
