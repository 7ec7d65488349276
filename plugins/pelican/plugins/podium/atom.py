"""Atom feeds (RFC 4287) written with Pelican's own ``feedgenerator``.

:class:`Feed` is feedgenerator's ``Atom1Feed`` with what Podium's feeds say
besides: each entry's language (``xml:lang``) and its ``related`` link (the
standings after the round), the feed's ``generator``, and an ``updated`` date
that comes from the data, never from the clock (feedgenerator would take the
time of the build for a feed without entries).

Addresses (:func:`address`) are absolute under an absolute ``SITEURL``
(:meth:`.urls.Urls.absolute`), as feed readers need them; without one they
are relative to the feed file, which still resolves in a local build.  Ids
(:func:`entry_id`) are the absolute address of what the entry is about
under an absolute ``SITEURL``, so no two sites share one; without one they
are tag URIs under :data:`.urls.FALLBACK_HOST`.

Entry content is HTML (:func:`html`): every text escaped, control
characters XML 1.0 does not allow removed (:func:`xml_text`).
"""

from __future__ import annotations

import datetime
import posixpath
import re

import feedgenerator
from markupsafe import escape

from .urls import FALLBACK_HOST

TAG_DATE = "2024"
_XML_BAD = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\ufffe\uffff]")


def xml_text(text) -> str:
    """Text fit for XML 1.0 (control characters removed)."""
    return _XML_BAD.sub("", "" if text is None else str(text))


def relative(target: str, start: str) -> str:
    """``target`` (a site-relative URL) relative to the folder of the file at ``start``."""
    rel = posixpath.relpath(target or ".", posixpath.dirname(start) or ".")
    if (target == "" or target.endswith("/")) and not rel.endswith("/"):
        rel += "/"
    return rel


def address(urls, target: str, feed_url: str) -> str:
    """``target`` under an absolute ``SITEURL``, else relative to the feed at ``feed_url``."""
    return urls.absolute(target) or relative(target, feed_url)


def entry_id(urls, target: str, fallback: str) -> str:
    """An entry's or feed's id: the absolute address of ``target`` (a site-relative URL,
    maybe with a ``#fragment``) under an absolute ``SITEURL``, else the tag URI of ``fallback``."""
    return urls.absolute(target) or f"tag:{FALLBACK_HOST},{TAG_DATE}:{fallback}"


def day(date: str) -> datetime.datetime:
    """``YYYY-MM-DD`` as midnight UTC."""
    return datetime.datetime.combine(datetime.date.fromisoformat(date), datetime.time(), datetime.timezone.utc)


def html(blocks) -> str:
    """An entry's content: ``blocks`` of ("p", text), ("ul", [texts]) or ("ol", [texts]), as escaped HTML."""
    out = []
    for tag, value in blocks:
        if tag == "p":
            out.append(f"<p>{escape(xml_text(value))}</p>")
        else:
            items = "".join(f"<li>{escape(xml_text(item))}</li>" for item in value)
            out.append(f"<{tag}>{items}</{tag}>")
    return "".join(out)


class Feed(feedgenerator.Atom1Feed):
    """feedgenerator's Atom feed with entry languages, related links, a generator and a fixed date."""

    def __init__(self, *args, updated: datetime.datetime, **kwargs):
        super().__init__(*args, **kwargs)
        self.updated = updated

    def latest_post_date(self):
        return self.updated

    def add_root_elements(self, handler):
        super().add_root_elements(handler)
        handler.addQuickElement("generator", "Podium")

    def item_attributes(self, item):
        return {"xml:lang": item["language"]} if item.get("language") else {}

    def add_item_elements(self, handler, item):
        super().add_item_elements(handler, item)
        if item.get("related"):
            handler.addQuickElement("link", "", {"rel": "related", "type": "text/html", "href": item["related"]})

    def text(self) -> str:
        return self.writeString("utf-8")
