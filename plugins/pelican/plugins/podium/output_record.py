"""What Podium wrote into one output folder, kept in the build cache.

For each event, [its cache name, the key of its pages there]; for the
site-wide pages, the key of what they are all made of and each one's
path, key and kind.  The record belongs to the folder itself (its device
and inode), so it follows the folder when ``make html`` swaps it in or
out.  A folder the cache does not know (a new one, or a copy restored from
elsewhere) gets every event written into it; what the last folder at its
path held is removed from it where it is stale, whatever happened to the
inodes.  A path written before and not now is removed (:mod:`.output`).
"""

from __future__ import annotations

import copy
import hashlib
import logging
import os

from . import output
from .cache import Store

logger = logging.getLogger(__name__)

KEPT = 8  # the output folders whose records are kept (make html keeps two, make publish one)


class OutputRecord:
    """The record of the output folder ``path`` (an absolute path): :attr:`events` and
    :attr:`site` as this build leaves them, :meth:`save` once it is done."""

    def __init__(self, store: Store, path: str):
        self.store = store
        self.path = path
        folder = output.identity(path)
        self.name = f"output-{folder[0]}-{folder[1]}"
        at_path = hashlib.sha256(path.encode("utf-8", "surrogateescape")).hexdigest()[:32]
        self.at_path_name = f"output-at-{at_path}"
        record = store.record(self.name)
        known = record is not None
        if not known:
            record = store.record(self.at_path_name)
        events = record.get("events") if record else None
        site = record.get("site") if record else None
        if not isinstance(events, dict) or not isinstance(site, dict):
            events, site = {}, {}
        events = {slug: entry for slug, entry in events.items()
                  if isinstance(entry, list) and len(entry) == 2 and all(isinstance(part, str) for part in entry)}
        store.keep_newest("output-", KEPT, self.name)
        if not known:  # nothing in it can be vouched for: every event is written again, stale files still go
            events = {slug: [entry[0], ""] for slug, entry in events.items()}
            site = {"paths": {path: ["", ""] for path in site.get("paths", {})}} if isinstance(site.get("paths"), dict) \
                else {}
        self.events: dict = events
        self.site: dict = site
        self.before = copy.deepcopy({"events": events, "site": site}) if known else None

    def holds(self, slug: str, name: str, key: str) -> bool:
        """The event's pages of the key ``key`` were written into this folder."""
        return self.events.get(slug) == [name, key]

    def forget_stale(self, slug: str, now: set) -> None:
        """Remove the files the event had in this output before that it has no more."""
        before = self.events.get(slug)
        if before is None:
            return
        record = self.store.record(before[0])
        old = record.get("old_files") if record is not None and before[1] != record.get("key") else None
        paths = set(record["files"]) if record is not None and isinstance(record.get("files"), dict) else set()
        if isinstance(old, dict) and old.get("key") == before[1] and isinstance(old.get("paths"), list):
            paths |= set(old["paths"])
        for path in sorted(paths - now):
            output.remove(self.path, path)

    def remove_gone(self, slugs) -> None:
        """Remove the files of every event written here that is not among ``slugs``."""
        for slug in sorted(set(self.events) - set(slugs)):
            entry = self.events.pop(slug)
            record = self.store.record(entry[0])
            if record is None or not isinstance(record.get("files"), dict):
                logger.warning("Podium: the files of %s, which is gone, are not known to the cache: left in %s",
                               slug, self.path)
                continue
            for path in sorted(record["files"]):
                if output.remove(self.path, path):
                    logger.info('Removing "%s"', os.path.join(self.path, path))

    def save(self) -> None:
        """Keep the record, under the folder's identity and its path, if it changed."""
        now = {"events": self.events, "site": self.site}
        if now != self.before:
            self.store.keep_record(self.name, path=self.path, **now)
            self.store.keep_record(self.at_path_name, path=self.path, **now)
