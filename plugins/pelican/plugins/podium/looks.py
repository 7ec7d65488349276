"""How the pages of one language look, as a cache key: the site's settings, Podium's code, the translations.

An event whose inputs are unchanged is still rendered again when the key of
how its pages look (:meth:`Looks.shown` of its language) is not the one
its pages were made with.  The templates are not part of it: each event's
own are checked apart (:mod:`.template_use`).
"""

from __future__ import annotations

from . import cache_keys, i18n
from .cache import Store

RECORD = "translations"  # the cache record of each catalog's digest and the stat it was taken at


class Looks:
    """The keys of how pages look, worked out once a build for each language."""

    def __init__(self, settings: dict, store: Store):
        self.store = store
        self.settings_digest = cache_keys.settings(settings)
        self.base = cache_keys.digest(self.settings_digest, cache_keys.code())
        record = store.record(RECORD)
        self.translation_digests = dict(record["languages"]) if record and isinstance(record.get("languages"), dict) else {}
        self.by_language: dict = {}

    def shown(self, language: str) -> str:
        """The key of how pages in ``language`` look: settings, code, translations."""
        language = language or "en"
        found = self.by_language.get(language)
        if found is None:
            found = self.by_language[language] = cache_keys.digest(self.base, self._translations(language))
        return found

    def _translations(self, language: str) -> str:
        """:func:`.cache_keys.translations`, taken again only when the catalog file's
        modification time or size is not the one the digest was taken at (the
        cache's :data:`RECORD`): reading a catalog takes longer than a build
        that has nothing to do."""
        path = i18n.LOCALE_DIR / f"{language}.po"
        try:
            info = path.stat()
            stamp = [str(path), info.st_mtime_ns, info.st_size]
        except OSError:
            return cache_keys.translations(language)
        known = self.translation_digests.get(language)
        if isinstance(known, list) and len(known) == 2 and known[0] == stamp and isinstance(known[1], str):
            return known[1]
        found = cache_keys.translations(language)
        self.translation_digests[language] = [stamp, found]
        self.store.keep_record(RECORD, languages=self.translation_digests)
        return found
