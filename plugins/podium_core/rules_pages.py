"""An event's rules page: ``rules: <slug>`` names a page of the site's content
folder, or one of the rules pages Podium ships; an event without ``rules:``
has the page Podium ships for its format (:func:`event_rules`).

Podium ships the rules of its built-in formats, written for players in each
of its languages: ``systems/<system>/pages/<slug>.<lang>.md``, Markdown pages
with Pelican's metadata (``Title``, ``Lang``, ``Slug``, ``Template: rules``),
one file per language (:func:`shipped_pages`).  A page of the site's content
folder with the same slug replaces all of them: the site's text, with its
own translations, is the one shown.

:func:`missing_rules` is the rule, and the one place it is stated: the site
build applies it to the pages Pelican read, ``podium validate`` to the slugs
:func:`page_slugs` finds in a content folder.  Both therefore report a
missing page with the same line and the same words.

:func:`page_slugs` names the pages the way Pelican does with its default
settings (those of this project's ``pelicanconf.py`` too), reading only the
metadata at the top of each file:

* the pages are the Markdown files (``.md``, ``.markdown``, ``.mkd``,
  ``.mdown``) in ``<content>/pages/`` and its folders (Pelican's
  ``PAGE_PATHS``), but not those whose name, or whose folder's name,
  matches a pattern of Pelican's ``IGNORE_FILES`` (``**/.*``) the way
  Pelican matches it: against the bare name, so that it leaves out nothing;
* the metadata is read by Python-Markdown's ``meta`` extension, as
  Pelican's Markdown reader does: ``Key: value`` lines up to the first
  blank line, keys in any case;
* a page's slug is its ``Slug:``; without one (or with an empty one) it is
  Pelican's default slug of its ``Title:`` (:func:`default_slug`);
* a file without ``Title:`` is no page (Pelican skips it), nor is a
  ``Status: draft`` page or one of an unknown status; ``hidden`` pages count;
* a translation (``Lang:`` other than the site's) has the slug of its
  original, and counts like any page: a slug given only by a translation
  is still a page of the site.

Pages in the other formats Pelican reads (reStructuredText, HTML) are not
read: where the content folder has any, a slug none of its Markdown pages
has may be theirs, so it is not reported (:func:`rules_problems` says the
pages were not checked).
"""

from __future__ import annotations

import fnmatch
import functools
import os
import re
import unicodedata
from pathlib import Path

import markdown
from markupsafe import Markup
from unidecode import unidecode

from .errors import Problem
from .loader import load_file, read_file
from .reading import SLUG, results_of

SHIPPED = Path(__file__).parent / "systems"  # <system>/pages/<slug>.<lang>.md

PAGE_FOLDER = "pages"  # Pelican's PAGE_PATHS
MARKDOWN_SUFFIXES = (".md", ".markdown", ".mkd", ".mdown")  # Pelican's Markdown reader
OTHER_SUFFIXES = (".rst", ".html", ".htm")  # Pelican's other readers: pages not read here
PUBLISHED = ("published", "hidden")  # a draft is not on the site
IGNORE_FILES = ("**/.*",)  # Pelican's

# Pelican's SLUG_REGEX_SUBSTITUTIONS, in order, each ignoring case
SLUG_SUBSTITUTIONS = (
    (r"[^\w\s-]", ""),  # everything but letters, digits, '_', '-' and spaces goes
    (r"(?u)\A\s*", ""),  # no leading spaces
    (r"(?u)\s*\Z", ""),  # no trailing spaces
    (r"[-\s]+", "-"),  # runs of spaces and '-' become one '-'
)


@functools.cache
def shipped_pages() -> dict[str, dict[str, Path]]:
    """The rules pages shipped with Podium: ``{slug: {language: path}}``, as each
    file is named, ``<slug>.<lang>.md`` (its ``Slug:`` and ``Lang:`` say the
    same: ``tests/test_rules_pages.py``), so that no build reads them to know."""
    found: dict[str, dict[str, Path]] = {}
    for path in sorted(SHIPPED.glob("*/pages/*.*.md")):
        slug, lang = path.name[:-len(".md")].rsplit(".", 1)
        found.setdefault(slug, {})[lang] = path
    return found


def shipped_rules(format_id: str) -> str | None:
    """The slug of the rules page Podium ships for the built-in format
    ``format_id``: ``rules-<format id>``; None when it ships none."""
    slug = f"rules-{format_id}"
    return slug if slug in shipped_pages() else None


def event_rules(event, fmt) -> str | None:
    """The slug of the rules page of ``event``, played under the format
    ``fmt`` (a system instance): its ``rules:``, else the page Podium ships
    for the built-in format it is or (a variant) extends; None: neither.
    A page of the site's content folder with that slug replaces Podium's."""
    return event.rules or shipped_rules(fmt.base)


def missing_rules(path, rules: str, slugs, content) -> Problem | None:
    """The problem of an event whose ``rules:`` (in the event.yaml ``path``)
    names none of the page ``slugs`` of the content folder ``content``, at
    the line of ``rules:``; None when the page is there."""
    if rules in slugs:
        return None
    doc, _problems = load_file(path, results_of(path))
    line = doc.line("rules") if doc is not None else 1
    return Problem(str(path), line, f"rules: there is no page '{rules}' among the pages of {content} "
                                    f"(a Markdown page with slug: {rules})")


def page_slugs(content) -> set[str] | None:
    """The slugs of the published and hidden Markdown pages of the content
    folder ``content``, in every language; None when there is no such folder."""
    content = Path(content)
    if not content.is_dir():
        return None
    reader = markdown.Markdown(extensions=["meta"])  # one for every page: making one costs more than reading a header
    found = (page_slug(path, reader, content) for path in page_files(content, MARKDOWN_SUFFIXES))
    return {slug for slug in found if slug is not None}


def page_files(content: Path, suffixes) -> list[Path]:
    """The files of the pages folder of ``content`` whose names end in one of
    ``suffixes``, but those Pelican leaves out (:func:`ignored`)."""
    paths = []
    for folder, folders, files in os.walk(content / PAGE_FOLDER, followlinks=True):
        folders[:] = [name for name in folders if not ignored(name)]
        paths += [Path(folder) / name for name in files
                  if os.path.splitext(name)[1] in suffixes and not ignored(name)]  # ".md" alone has no extension
    return paths


def ignored(name: str) -> bool:
    """A file or folder name Pelican leaves out (:data:`IGNORE_FILES`)."""
    return any(fnmatch.fnmatch(name, pattern) for pattern in IGNORE_FILES)


def page_slug(path, reader=None, root=None) -> str | None:
    """The slug of the Markdown page ``path``, or None when it is no published
    or hidden page (no title, a draft, or a file that cannot be read as UTF-8:
    only a regular file, inside the content folder ``root`` when given, is read,
    :func:`podium_core.loader.open_regular`).
    ``reader``: the ``markdown.Markdown`` (with ``meta``) to read it with."""
    raw, problem = read_file(path, root)
    if problem is not None:
        return None
    try:
        text = raw.decode("utf-8-sig")
    except UnicodeDecodeError:
        return None
    meta = metadata(text, reader)
    status = (first(meta.get("status")) or "").strip().lower() or "published"
    if "title" not in meta or status not in PUBLISHED:
        return None
    slug = (first(meta.get("slug")) or "").strip()
    if slug:
        return slug
    title = meta["title"]
    return default_slug(title[0] if len(title) == 1 else str(title))


def metadata(text: str, reader=None) -> dict[str, list[str]]:
    """The metadata of a Markdown text, by lowercase key, each a list of its
    lines, as Python-Markdown's ``meta`` extension reads it (only the lines
    before the first blank one are given to it: the metadata ends there)."""
    lines = text.replace("\r\n", "\n").replace("\r", "\n").split("\n")
    end = next((number for number, line in enumerate(lines) if not line.strip()), len(lines))
    if reader is None:
        reader = markdown.Markdown(extensions=["meta"])
    reader.reset()
    reader.convert("\n".join(lines[:end]))
    return getattr(reader, "Meta", {})


def first(values: list[str] | None) -> str | None:
    return values[0] if values else None


def default_slug(title: str) -> str:
    """Pelican's slug of a title with its default settings (``pelican.utils.slugify``):
    tags stripped and entities read, NFKC-normalised, transliterated to ASCII
    (Unidecode), :data:`SLUG_SUBSTITUTIONS` applied, lowercased.
    ``Rules: Czerwona Baśka GP`` is ``rules-czerwona-baska-gp``."""
    value = unicodedata.normalize("NFKC", Markup(title).striptags())
    value = unidecode(value)
    for pattern, replacement in SLUG_SUBSTITUTIONS:
        value = re.sub(pattern, replacement, value, flags=re.IGNORECASE)
    return value.lower().strip()


def content_folder(results) -> Path:
    """Where ``podium validate`` looks for the pages by default: the folder
    ``content`` beside the results folder ``results`` (as in this project,
    whose ``pelicanconf.py`` has ``PATH = "content"`` beside ``results/``),
    wherever the command runs: from an event folder, ``..`` is the results
    folder and the content folder is ``../../content``; a results folder
    given by its absolute path gives an absolute path."""
    beside = Path(os.path.abspath(results)).parent / "content"
    return beside if Path(results).is_absolute() else Path(os.path.relpath(beside))


def rules_problems(event_files, content) -> tuple[list[Problem], str | None]:
    """:func:`missing_rules` for every event.yaml of ``event_files`` whose
    ``rules:`` is a slug, against the pages of the content folder
    ``content`` and those Podium ships; and why they could not be checked
    (None when they were): there is no content folder, or a page not found
    may be one of the pages in a format not read here."""
    named = []
    for path in event_files:
        doc, _problems = load_file(path, results_of(path))  # a file that cannot be read: evaluating it reports why
        rules = doc.data.get("rules") if doc is not None and isinstance(doc.data, dict) else None
        if isinstance(rules, str) and SLUG.fullmatch(rules) and rules not in shipped_pages():
            named.append((path, rules))  # any other value is the schema's problem
    if not named:
        return [], None
    slugs = page_slugs(content)
    if slugs is None:
        return [], f"there is no content folder {content} (give --content)"
    shown = Path(os.path.abspath(os.path.normpath(content)))  # as Pelican makes PATH absolute: the build says the same
    found = [problem for problem in (missing_rules(path, rules, slugs, shown) for path, rules in named)
             if problem is not None]
    others = page_files(Path(content), OTHER_SUFFIXES) if found else []
    if others:
        names = ", ".join(sorted({f"'{rules}'" for path, rules in named if rules not in slugs}))
        return [], (f"{names}: no Markdown page of {shown} has this slug, and its "
                    f"{len(others)} reStructuredText or HTML {'page is' if len(others) == 1 else 'pages are'} not read")
    return found, None
