"""Podium: tournament results kept as YAML, turned into a static results site.

The package is importable without Pelican: loading, validation and the engines
are plain Python.  ``register()`` is the Pelican plugin entry point and imports
Pelican only when Pelican calls it.
"""

__version__ = "0.1.0"


def register():
    """Connect the Podium generator to Pelican (called by Pelican's plugin loader)."""
    from .site.plugin import register as _register

    _register()
