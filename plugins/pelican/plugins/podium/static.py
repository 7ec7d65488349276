"""Podium's own static files (its stylesheets, the JSON Schema of event.json), shipped in the packages.

The plugin writes them into the output itself, under ``PODIUM_STATIC_DIR``
(default: ``<THEME_STATIC_DIR>/podium``, i.e. ``theme/podium``), so a site
needs no copy of them in its theme and no ``STATIC_PATHS`` entry.  Templates
link them as ``{{ SITEURL }}/{{ PODIUM_STATIC_DIR }}/css/podium.css``.  A
folder that leads out of the site's own output (``../theme/podium``: what
pelican-i18n-subsites gives a language's subsite, whose pages use the
main site's theme files) is linked, never written: the site that owns it
writes it (:func:`written_here`).  The
folder lies inside Pelican's theme folder, whose name no event slug can take
without colliding with the theme's own files already.
"""

from __future__ import annotations

from importlib import resources
from pathlib import Path

STATIC = Path(__file__).resolve().parent / "static"
# the JSON Schema of event.json, shipped with the engines, published for readers of the data
EVENT_JSON_SCHEMA = "event-json.schema.json"


def static_dir(settings) -> str:
    """Where in the output Podium's static files go (no leading or trailing slash)."""
    folder = settings.get("PODIUM_STATIC_DIR")
    if not folder:
        folder = f"{settings.get('THEME_STATIC_DIR') or 'theme'}/podium"
    return str(folder).strip("/")


def written_here(settings) -> bool:
    """Podium's static files are written into this site's output: their folder
    (:func:`static_dir`) lies inside it."""
    return ".." not in static_dir(settings).split("/")


def sources() -> list[tuple[str, str]]:
    """Every static file as (path below the static folder, with '/', where it is read from),
    sorted by path: the package's static/ folder, and the event.json schema as
    schemas/<its name>."""
    found = [(path.relative_to(STATIC).as_posix(), str(path))
             for path in STATIC.rglob("*") if path.is_file() and not path.name.startswith(".")]
    with resources.as_file(resources.files("podium_core.schemas").joinpath(EVENT_JSON_SCHEMA)) as schema:
        found.append((f"schemas/{EVENT_JSON_SCHEMA}", str(schema)))
    return sorted(found)


def files() -> list[tuple[str, bytes]]:
    """Every static file of :func:`sources` as (path below the static folder, its bytes)."""
    return [(path, Path(source).read_bytes()) for path, source in sources()]
