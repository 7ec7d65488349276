"""Long lists on pages of a fixed size, linked by a pager.

The rule, the same for every page that shows a long list (a round's tables,
a standings table, a crosstable, a draw, a bracket, ...): a list of at most
``size`` items is one page at its own URL; a longer one is cut, in the
list's order, into pages of ``size`` items each, the last holding the rest.
``size`` is that of the kind of item (:data:`SIZES`, or the
``PODIUM_PAGE_SIZES`` setting, e.g. ``{"units": 20}``).  Page 1 keeps the
list's own URL; page ``k`` (``k`` >= 2) is ``page-k/`` below it, or
``<name>-page-k.html`` for a URL that names a file (:func:`page_url`).
Lists kept in groups (a crosstable's groups, the latest standings of each
group) are cut as one list, in group order, each page showing the part of
every group it reaches (:func:`regroup`).

Every page of a cut list gets a :class:`Pager`: the link and the label of
each page (its first and last item, e.g. ranks "1–500"), the previous and
the next page.  The cut depends on nothing but the list and the size:
the same list always gives the same pages.
"""

from __future__ import annotations

import posixpath
from dataclasses import dataclass, field, replace
from operator import attrgetter

# items on one page, by kind of item: each kind's page stays far below 1 MB
# at 5,000 players (a Baśka table with its deal protocol is the largest unit)
SIZES = {
    "units": 50,  # tables, games or matches of a round page
    "rows": 500,  # rows of standings, classifications and player lists
    "crosstable": 200,  # rows of a crosstable (a cell per round)
    "lines": 1000,  # one-line entries: find your table, the draw's keys, search
    "bracket": 64,  # players of one section of a knockout bracket
}


def sizes(settings: dict | None = None) -> dict:
    """:data:`SIZES` with the ``PODIUM_PAGE_SIZES`` setting's own numbers (each at least 1)."""
    found = dict(SIZES)
    given = (settings or {}).get("PODIUM_PAGE_SIZES") or {}
    if not isinstance(given, dict):
        raise ValueError(f"the setting PODIUM_PAGE_SIZES must map kinds of list to numbers, not {given!r}")
    for kind, size in given.items():
        if isinstance(size, bool) or not isinstance(size, int):
            raise ValueError(f"the setting PODIUM_PAGE_SIZES: {kind} must be a whole number, not {size!r}")
        found[kind] = max(1, size)
    return found


def page_url(url: str, number: int) -> str:
    """The URL (or save-as path) of page ``number`` of the list at ``url``."""
    if number <= 1:
        return url
    if url == "" or url.endswith("/"):
        return f"{url}page-{number}/"
    folder, name = posixpath.split(url)
    if name == "index.html":
        return posixpath.join(folder, f"page-{number}", name)
    stem, dot, ext = name.rpartition(".")
    if not dot:
        stem, ext = name, ""
    return posixpath.join(folder, f"{stem}-page-{number}" + (f".{ext}" if ext else ""))


def cut(items, size: int) -> list[list]:
    """``items`` in pages of ``size`` (one page, maybe empty, for a short list)."""
    items = list(items)
    if len(items) <= size:
        return [items]
    return [items[start:start + size] for start in range(0, len(items), size)]


@dataclass
class PageLink:
    number: int
    url: str
    label: str  # "1–500", "Anna – Jānis"
    current: bool = False


@dataclass
class Pager:
    """Where one page of a cut list is among the others."""

    number: int
    links: list = field(default_factory=list)  # PageLink of every page

    @property
    def many(self) -> bool:
        return len(self.links) > 1

    @property
    def previous(self) -> PageLink | None:
        return self.links[self.number - 2] if self.number > 1 else None

    @property
    def next(self) -> PageLink | None:
        return self.links[self.number] if self.number < len(self.links) else None

    @property
    def current(self) -> PageLink:
        return self.links[self.number - 1]

    @property
    def window(self) -> list | None:
        """With more than :data:`WINDOW` pages: the first, the last and those around this
        one, None for each gap (every page stays one click away in the full list)."""
        if len(self.links) <= WINDOW:
            return None
        near = {1, len(self.links)} | set(range(self.number - 2, self.number + 3))
        shown, last = [], 0
        for number in sorted(n for n in near if 1 <= n <= len(self.links)):
            if number > last + 1:
                shown.append(None)
            shown.append(self.links[number - 1])
            last = number
        return shown


WINDOW = 12  # pages a pager lists in full; beyond, the pages around the current one


def span(first, last) -> str:
    """A page's label from its first and last item's: numbers "1–500", names "Anna – Jānis"."""
    if first == last:
        return str(first)
    return f"{first}–{last}" if isinstance(first, int) and isinstance(last, int) else f"{first} – {last}"


def grouped_span(part: list, number, group) -> str:
    """The label of a page of (group, item) pairs: ``number(item)`` of its first and last
    item, each after its group's name ``group(group)`` when there is one ("A 1–500")."""
    if not part:
        return ""
    (first_group, first), (last_group, last) = part[0], part[-1]
    a, b = group(first_group) or "", group(last_group) or ""
    if a == b:
        return f"{a} {span(number(first), number(last))}".strip()
    return f"{a} {number(first)} – {b} {number(last)}".strip()


def by(key):
    """A page's label by ``key`` of its first and last item (:func:`span`): ``key`` is an
    attribute path ("player.name") or a function of an item."""
    get = attrgetter(key) if isinstance(key, str) else key
    return lambda part: span(get(part[0]), get(part[-1])) if part else ""


@dataclass
class Cut:
    """How a page's list is cut: its ``parts`` (from :func:`cut`), ``label(part)`` the
    text of a part in the pager, ``values(part)`` the values its page shows."""

    parts: list
    label: object
    values: object

    @classmethod
    def of(cls, items, size: int, label, values) -> "Cut":
        return cls(cut(items, size), label, values)


def pagers(url: str, labels: list) -> list[Pager]:
    """One pager per page of the list at ``url``, pages labelled ``labels``."""
    links = [PageLink(number, page_url(url, number), label) for number, label in enumerate(labels, 1)]
    found = []
    for number in range(1, len(links) + 1):
        found.append(Pager(number, [replace(link, current=link.number == number) for link in links]))
    return found


def pages_of(urls, kind: str, parts: dict, cut: Cut | None, values: dict) -> list:
    """(save-as path, values) of each page of the page ``kind`` (its URL ``parts``,
    :class:`~pelican.plugins.podium.urls.Urls`): one, or one for each part of its
    ``cut``, page 1 at the page's own URL, each with its ``pager``."""
    save_as = urls.save_as(kind, **parts)
    if cut is None:
        return [(save_as, values)]
    found = pagers(urls.url(kind, **parts), [cut.label(part) for part in cut.parts])
    return [(page_url(save_as, number), {**values, **cut.values(part), "pager": pager})
            for number, (part, pager) in enumerate(zip(cut.parts, found), 1)]


def regroup(groups: list, attribute: str, part: list, make=None) -> list:
    """The ``groups`` (each with a list ``attribute``) cut down to the items of ``part``
    (pairs of (group, item), as :func:`flatten` gives them), groups without one left out;
    ``make(group, items)`` makes a group's part (default: the group with those items)."""
    chosen: dict = {}
    for group, item in part:
        chosen.setdefault(id(group), []).append(item)
    make = make or (lambda group, items: replace(group, **{attribute: items}))
    return [make(group, chosen[id(group)]) for group in groups if id(group) in chosen]


def flatten(groups: list, attribute: str) -> list:
    """(group, item) of every item of every group's list ``attribute``, in order."""
    return [(group, item) for group in groups for item in getattr(group, attribute)]
