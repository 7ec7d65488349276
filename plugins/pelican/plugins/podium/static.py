"""Podium's own static files (its stylesheets), shipped in this package.

The plugin writes them into the output itself, under ``PODIUM_STATIC_DIR``
(default: ``<THEME_STATIC_DIR>/podium``, i.e. ``theme/podium``), so a site
needs no copy of them in its theme and no ``STATIC_PATHS`` entry.  Templates
link them as ``{{ SITEURL }}/{{ PODIUM_STATIC_DIR }}/css/podium.css``.  The
folder lies inside Pelican's theme folder, whose name no event slug can take
without colliding with the theme's own files already.
"""

from __future__ import annotations

from pathlib import Path

STATIC = Path(__file__).resolve().parent / "static"


def static_dir(settings) -> str:
    """Where in the output Podium's static files go (no leading or trailing slash)."""
    folder = settings.get("PODIUM_STATIC_DIR")
    if not folder:
        folder = f"{settings.get('THEME_STATIC_DIR') or 'theme'}/podium"
    return str(folder).strip("/")


def files() -> list[tuple[str, bytes]]:
    """Every static file as (path below the static folder, with '/', its bytes), sorted by path."""
    found = [(path.relative_to(STATIC).as_posix(), path.read_bytes())
             for path in STATIC.rglob("*") if path.is_file() and not path.name.startswith(".")]
    return sorted(found)
