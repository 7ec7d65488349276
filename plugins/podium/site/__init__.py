"""The Podium site: the only part of the package that knows Pelican.

- :mod:`podium.site.plugin` -- the Pelican plugin: the generator that writes
  the results pages, the template loader and the translations.
- :mod:`podium.site.views` -- the view model: one tree per event, built once
  from its :class:`~podium.outcome.EventOutcome` (no Pelican needed).
- :mod:`podium.site.urls` -- the URL scheme, from ``PODIUM_*_URL`` settings.
- :mod:`podium.site.facts` -- the rules as implemented, for the format page.
- :mod:`podium.site.i18n` -- gettext catalogs for the UI languages.
"""
