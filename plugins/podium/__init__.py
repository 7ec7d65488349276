"""Podium: tournament results kept as YAML, turned into a static results site.

This package is the Pelican-free part: loading and validation, the event
model, the formats' engines, the export and the ``podium`` command.  The
Pelican plugin that writes the site is :mod:`pelican.plugins.podium`.
"""

__version__ = "0.1.0"
