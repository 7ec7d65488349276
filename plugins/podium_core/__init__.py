"""Podium: tournament results kept as YAML, turned into a static results site.

This package is the Pelican-free part: loading and validation, the event
model, the formats' engines, the export and the ``podium`` command.  The
Pelican plugin that writes the site is :mod:`pelican.plugins.podium`.
"""

from importlib.metadata import PackageNotFoundError, version

try:  # the installed distribution's version (pyproject.toml), the one number everything quotes
    __version__ = version("pelican-podium")
except PackageNotFoundError:  # run from a source tree that was never installed
    __version__ = "0+unknown"
