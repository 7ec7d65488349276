"""Podium: tournament results kept as YAML, turned into a static results site.

This package is the Pelican-free part: loading and validation, the event
model, the formats' engines, the export and the ``podium`` command.  The
Pelican plugin that writes the site is :mod:`pelican.plugins.podium`.
"""


def __getattr__(name: str):
    """``__version__``: the installed distribution's version (pyproject.toml),
    the one number everything quotes; ``0+unknown`` in a source tree never
    installed.  Read when first asked for, so that importing the package
    (the ``podium`` command's start, :mod:`podium_core.console`) imports
    nothing heavy."""
    if name != "__version__":
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    from importlib.metadata import PackageNotFoundError, version

    try:
        found = version("pelican-podium")
    except PackageNotFoundError:
        found = "0+unknown"
    globals()["__version__"] = found
    return found
