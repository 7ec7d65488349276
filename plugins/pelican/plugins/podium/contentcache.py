"""Pelican's content cache, trusted only with the settings and code that made it.

Pelican can keep what its readers made of the site's pages between runs
(``CACHE_CONTENT`` writes the cache, ``LOAD_CONTENT_CACHE`` reads it), and
reads a page again only when the page's file changed.  A change of the
settings (the Markdown extensions, say) or of a release of Pelican, Markdown,
Pygments or Podium would go unnoticed: pages would keep the old reading.

So a stamp beside the cache (``CACHE_PATH/podium/content.key``) names what the
cache was made with: every setting but where the build runs
(:func:`.keys.settings`), Podium's code and the libraries' releases
(:func:`.keys.code`).  A build that finds another stamp, or none, does not load
the cache: Pelican reads every page again.  A build that writes the cache
removes the stamp as it starts, and stamps the cache again only once it has
finished and every cache file reads back whole, so a build stopped half-way,
or one that could not write the cache in full (a full disk), leaves a cache
that no later build loads.
"""

from __future__ import annotations

import gzip
import os
import pickle
import weakref
from importlib.metadata import PackageNotFoundError, version
from pathlib import Path

from podium_core.files import write_atomically

from . import keys
from .cache import FOLDER

STAMP = "content.key"
READERS = ("pygments", "docutils")  # what Pelican's readers may run on, besides keys.LIBRARIES

# Pelican object -> the key of its settings as the build started (reading a page adds
# to some settings: Pelican's Markdown reader fills in MARKDOWN's list of extensions)
_keys: weakref.WeakKeyDictionary = weakref.WeakKeyDictionary()


def stamp_path(settings: dict) -> Path:
    """Where the stamp of the content cache of a build with ``settings`` is kept."""
    return Path(settings["CACHE_PATH"]) / FOLDER / STAMP


def key(settings: dict) -> str:
    """What the content cache of a build with ``settings`` is made with."""
    releases = []
    for name in READERS:
        try:
            releases.append(f"{name}={version(name)}")
        except PackageNotFoundError:
            releases.append(f"{name}=none")
    return keys.digest("content", keys.settings(settings), keys.code(), releases)


def _stored(path: Path) -> str | None:
    try:
        return path.read_text("ascii").strip()
    except (OSError, UnicodeDecodeError):
        return None


def _whole(settings: dict) -> bool:
    """Every file Pelican keeps in ``CACHE_PATH`` (one per generator, named after
    it; the hidden ones are the locks of :mod:`.lock`) unpickles: Pelican does not
    say when it could write one only in part."""
    opener = gzip.open if settings.get("GZIP_CACHE", True) else open
    try:
        with os.scandir(settings["CACHE_PATH"]) as entries:
            files = [entry.path for entry in entries if entry.is_file() and not entry.name.startswith(".")]
        for file in files:
            with opener(file, "rb") as handle:
                pickle.load(handle)
    except Exception:  # noqa: BLE001 - whatever a damaged file raises, it is not whole
        return False
    return True


def check(pelican) -> None:
    """``initialized``: before Pelican's generators open the cache, load it only if
    its stamp is this build's; a cache this build writes loses its stamp."""
    settings = pelican.settings
    if not (settings.get("LOAD_CONTENT_CACHE") or settings.get("CACHE_CONTENT")):
        return
    path = stamp_path(settings)
    made_with = _keys[pelican] = key(settings)
    if _stored(path) != made_with:
        settings["LOAD_CONTENT_CACHE"] = False
    if settings.get("CACHE_CONTENT"):  # the cache is written again: unstamped until this build has finished
        try:
            path.unlink(missing_ok=True)
        except OSError:  # a stamp this build cannot remove: it cannot keep a cache beside it either
            settings["CACHE_CONTENT"] = False


def stamp(pelican) -> None:
    """``finalized``: the build finished; the cache it kept is stamped with its key
    if it reads back whole."""
    settings = pelican.settings
    made_with = _keys.pop(pelican, None)
    if not settings.get("CACHE_CONTENT") or made_with is None or not _whole(settings):
        return
    path = stamp_path(settings)
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        write_atomically(path, made_with + "\n")
    except OSError:
        pass  # no stamp: the next build reads every page again, as it would without a cache
