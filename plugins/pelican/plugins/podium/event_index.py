"""The index of the build cache: what a build needs to know of every event to leave it alone.

One small record (``events.<settings digest>``) for every event built with
one set of settings; an event's own record, with its files and summary, is
read only when the event needs it (:mod:`.events`).
"""

from __future__ import annotations

import os
import time
from pathlib import Path

from . import cache_keys
from .cache import Store
from .file_stamps import MARGIN, Stamps
from .template_use import unchanged


class EventIndex:
    """What a build needs to know of every event to leave it alone, in one small
    record of the cache (its event records, with their files and summaries, are
    read only for the events that need them): for each event the stat of its
    folder's files and their digest, its inputs, its looks, its header, the
    digest of its summary, the key of its pages, the templates they asked for
    (a shared set), and the first of its files and how many there are; and
    what the whole site takes from every event's header (:meth:`site_value`).

    A folder's digest is taken from the entry, without looking at any file's
    bytes, when every file of the folder has the stat the entry kept and is
    older, by :data:`.file_stamps.MARGIN`, than the build that kept it
    (:class:`.file_stamps.Stamps` says why); otherwise from the files."""

    def __init__(self, store: Store, name: str):
        self.store = store
        self.name = name
        record = store.record(name, remember=True)  # shared with this process's next build: copied where changed
        self.own = store.known_here.get(name, False)  # the index this process's last build ended with
        events = record.get("events") if record else None
        sets = record.get("template_sets") if record else None
        before = record.get("taken") if record else None
        parts = record.get("parts") if record else None
        site = record.get("site") if record else None
        if not (isinstance(events, dict) and isinstance(sets, dict) and isinstance(before, int)):
            events, sets, before, parts = {}, {}, 0, None
        self.site = dict(site) if isinstance(site, dict) else {}  # name -> [key, value]: :meth:`site_value`
        self.parts_before = parts
        self.parts = parts  # what every event's inputs share (the code, the variants): :meth:`known_inputs`
        self.before = dict(events)  # entries are replaced (:meth:`keep`), never changed in place
        self.sets = dict(sets)
        self.trusted_until = before - MARGIN
        self.taken = time.time_ns()
        self.now: dict = {}
        self.changed = False
        self.checked: dict = {}  # template set -> unchanged, once a build
        self.changed_files: dict = {}  # slug -> the names of its folder's files whose stat is not the one kept

    def entry(self, slug: str) -> dict | None:
        found = self.now.get(slug)
        if found is None:
            found = self.before.get(slug)
            if not isinstance(found, dict):
                return None
        return found

    def known_inputs(self, slug: str, files: str, people: str) -> str | None:
        """The inputs key the index kept for the event, when the digests it is made of
        (the event's files and people, and :attr:`parts`) are those it was kept with; else None."""
        before = self.before.get(slug)
        if isinstance(before, dict) and self.parts is not None and self.parts == self.parts_before \
                and before.get("folder") == files and before.get("people") == people \
                and isinstance(before.get("inputs"), str):
            return before["inputs"]
        return None

    def keep(self, slug: str, **values) -> None:
        entry = dict(self.entry(slug) or {})
        for name, value in values.items():
            if entry.get(name) != value:
                entry[name] = value
                self.changed = True
        self.now[slug] = entry

    def forget(self, slug: str) -> None:
        self.now.pop(slug, None)
        self.before.pop(slug, None)
        self.changed = True

    def site_value(self, name: str, key: str):
        """What the index kept as ``name`` for the whole site, when it was kept under
        ``key`` (a digest of what it is made of); else None."""
        kept = self.site.get(name)
        return kept[1] if isinstance(kept, list) and len(kept) == 2 and kept[0] == key else None

    def keep_site(self, name: str, key: str, value) -> None:
        """Keep ``value`` as ``name`` for the whole site, made of what ``key`` digests."""
        if self.site.get(name) != [key, value]:
            self.site[name] = [key, value]
            self.changed = True

    def folder_files(self, slug: str, folder: Path, stamps: Stamps, untouched: bool = False) -> str:
        """:func:`.cache_keys.folder_files` of the event's folder, from the entry when every
        file's stat vouches for it (see the class docstring).  A flat folder whose own
        stat is the one kept (no file added, removed or renamed since) is not listed
        again: its files are looked at by name.  An ``untouched`` folder (a watcher saw
        nothing change in it since this process's last good build) is not looked at
        when the index is the one that build ended with (no other build kept one since)."""
        entry = self.entry(slug)
        if untouched and self.own and entry is not None and isinstance(entry.get("folder"), str) and isinstance(entry.get("stat"), list):
            return entry["folder"]
        try:
            info = os.stat(folder)
            here = [info.st_mtime_ns, info.st_ctime_ns, info.st_ino]
        except OSError:
            here = None
        known = entry.get("stat") if entry is not None else None
        if here is not None and isinstance(known, list) and entry.get("dir") == here \
                and max(here[0], here[1]) < self.trusted_until and isinstance(entry.get("folder"), str) \
                and self._unchanged(str(folder), known):
            return entry["folder"]
        if here is not None and isinstance(known, list) and entry.get("dir") == here \
                and max(here[0], here[1]) < self.trusted_until and all(len(one) == 5 and "/" not in one[0] for one in known):
            stat = []
            for one in known:
                try:
                    info = os.stat(os.path.join(folder, one[0]))
                    stat.append([one[0], info.st_size, info.st_mtime_ns, info.st_ctime_ns, info.st_ino])
                except OSError:
                    stat.append([one[0]])
            listing = None
        else:
            listing = cache_keys.files_below(folder)
            stat = [[name, info.st_size, info.st_mtime_ns, info.st_ctime_ns, info.st_ino] if info is not None else [name]
                    for name, _path, info in listing]
        if entry is not None and known == stat and isinstance(entry.get("folder"), str) \
                and all(len(one) == 5 and max(one[2], one[3]) < self.trusted_until for one in stat):
            found = entry["folder"]
        else:
            found = cache_keys.folder_files(folder, stamps.file_digest, listing)
            self.changed = True  # kept with this build's moment, so that the next one can trust it
            before = {one[0]: one for one in known} if isinstance(known, list) else {}
            self.changed_files[slug] = {one[0] for one in stat if before.get(one[0]) != one}
        self.keep(slug, stat=stat, folder=found, dir=here)
        return found

    def _unchanged(self, folder: str, known: list) -> bool:
        """Every file of ``known`` (a flat folder's [name, size, mtime, ctime, inode] lists)
        has that stat still, and is older than :attr:`trusted_until`."""
        trusted = self.trusted_until
        for one in known:
            if len(one) != 5 or "/" in one[0] or max(one[2], one[3]) >= trusted:
                return False
            try:
                info = os.stat(f"{folder}/{one[0]}")
            except OSError:
                return False
            if info.st_size != one[1] or info.st_mtime_ns != one[2] or info.st_ctime_ns != one[3] or info.st_ino != one[4]:
                return False
        return True

    def template_set(self, templates) -> str | None:
        """The id of the set ``templates`` (name -> digest), kept once for every event that
        asked for it; None (every template counts) for None."""
        if templates is None:
            return None
        found = cache_keys.digest(templates)[:16]
        if found not in self.sets:
            self.sets[found] = templates
            self.changed = True
        return found

    def templates_unchanged(self, entry: dict, current: dict) -> bool:
        """The templates the event's pages asked for have the sources ``current`` gives them
        (each set looked at once a build)."""
        found = entry.get("templates", "")
        if found is None:
            return True  # the templates count in the event's key
        known = self.checked.get(found)
        if known is None:
            known = self.checked[found] = unchanged(self.sets.get(found), current)
        return known

    def save(self, slugs) -> None:
        """Keep the entries of ``slugs`` (the events there are), if anything changed."""
        events = {slug: self.entry(slug) for slug in slugs if self.entry(slug) is not None}
        if not self.changed and events.keys() == self.before.keys() and self.parts == self.parts_before:
            return
        used = {entry.get("templates") for entry in events.values()}
        sets = {key: value for key, value in self.sets.items() if key in used}
        self.store.keep_record(self.name, remember=True, taken=self.taken, events=events, template_sets=sets,
                               parts=self.parts, site=self.site)
