"""Player ids made from names: ASCII, stable, unique in the event.

* A person whom ``players.yaml`` lists under the same name (and nobody
  else under it) keeps that id, so that the site's page of the person
  links all their events.
* Otherwise the id is the name in ASCII (Unidecode: ā→a, ł→l, ő→o, ß→ss),
  lowercase, apostrophes dropped, every other run of characters that are
  not letters or digits one ``-``, without a ``-`` at either end, and cut
  at a ``-`` to at most :data:`LONGEST` characters; a name that leaves
  nothing makes ``player``.
* An id that is taken (by a player of the event, by another person of
  ``players.yaml``, by an id made before) gets ``-2``, ``-3``, ... : the
  first comer keeps the plain one, so the same rows give the same ids.

Two names are the same name when they are equal in Unicode NFC, ignoring
case and spacing (:func:`name_key`), as the site's check of two players
with one name reads them.
"""

from __future__ import annotations

import re
import unicodedata

from unidecode import unidecode

LONGEST = 40
_APOSTROPHES = re.compile(r"['’ʼ`]")
_SEPARATORS = re.compile(r"[^a-z0-9]+")


def name_key(name: str) -> str:
    """The name as names are compared (see the module's rules)."""
    return " ".join(unicodedata.normalize("NFC", name).casefold().split())


def plain_id(name: str) -> str:
    """The id a name makes before it is made unique."""
    text = _SEPARATORS.sub("-", _APOSTROPHES.sub("", unidecode(name).lower())).strip("-")
    while len(text) > LONGEST:
        cut = text.rfind("-", 0, LONGEST + 1)
        text = text[:cut] if cut > 0 else text[:LONGEST]
    return text or "player"


class IdMaker:
    """Ids for new players of one event (see the module's rules).

    ``taken``: the ids of the event's players; ``registry``: the people of
    ``players.yaml``, id -> name."""

    def __init__(self, taken, registry: dict):
        self.taken = set(taken)
        self.registry = {pid: name_key(name) for pid, name in registry.items() if isinstance(name, str)}
        self._by_name = {}
        for pid, key in sorted(self.registry.items()):
            self._by_name.setdefault(key, []).append(pid)

    def make(self, name: str) -> tuple[str, str | None]:
        """A free id for ``name``, taken from then on, and why it is not
        the plain one (None when it is)."""
        key = name_key(name)
        known = [pid for pid in self._by_name.get(key, ()) if pid not in self.taken]
        if len(known) == 1:
            pid = self.take(known[0])
            return pid, None if pid == plain_id(name) else "the id players.yaml gives this name"
        base = plain_id(name)
        candidate, number = base, 1
        while candidate in self.taken or candidate in self.registry:
            number += 1
            candidate = f"{base}-{number}"
        return self.take(candidate), None if number == 1 else f"{base} is taken"

    def take(self, pid: str) -> str:
        """Mark ``pid`` taken (an id given in the sheet); returns it."""
        self.taken.add(pid)
        return pid
