"""Which templates a rendering asks for, so that an event's pages depend only on those.

A page's template extends, includes and imports others, some by a name it
computes from the data (``'podium/' ~ system ~ '/round-waiting.html'``),
some of them missing on purpose (``ignore missing``).  Which ones a page
uses is known exactly only once it is rendered.  :class:`RecordingLoader`
is the environment's loader (it wraps the one the environment had): Jinja
asks it for every template it does not hold yet, found or missing, and
asks the ``uptodate`` function it handed out with a template each time
that template is used again -- an ``extends``, ``include`` or ``import``
of it, in any page.  While :meth:`RecordingLoader.recording`, both add the
template's name to the set being recorded.  (The loader tells Jinja that a
template it holds is always up to date: a build's templates do not change
under it, and Pelican makes a new environment for every build.)

The names an event's pages asked for are kept in its cache record with the
digest of each one's source then (:func:`sources`); a later build renders
the event again only when one of those sources differs -- a template
changed, or a missing one now exists.  Given the same data and the same
sources, a rendering asks for the same names, so no other template can
matter to it.
"""

from __future__ import annotations

import hashlib
import os
from contextlib import contextmanager

from jinja2 import BaseLoader, ChoiceLoader, FileSystemLoader, PrefixLoader, TemplateNotFound


class RecordingLoader(BaseLoader):
    """``inner``'s templates, recording the names asked for while :meth:`recording`."""

    def __init__(self, inner):
        self.inner = inner
        self.names: set | None = None

    def get_source(self, environment, template):
        self.add(template)
        source, filename, _uptodate = self.inner.get_source(environment, template)  # TemplateNotFound: recorded above

        def uptodate() -> bool:
            self.add(template)
            return True

        return source, filename, uptodate

    def list_templates(self):
        return self.inner.list_templates()

    def add(self, name) -> None:
        if self.names is not None and isinstance(name, str):
            self.names.add(name)

    @contextmanager
    def recording(self):
        """Record the names asked for within the block, into the set it gives."""
        self.names = names = set()
        try:
            yield names
        finally:
            self.names = None


def sources(env, digest_of=None) -> dict:
    """name -> digest of its source, of every template ``env``'s loader can give
    (a theme's override in place of the original it hides).

    With ``digest_of(path, stat)`` (:meth:`.file_stamps.Stamps.file_digest`), a
    template that a file gives (:func:`template_file`) is known by the
    digest of that file's bytes, read only when its stat changed; any other
    by the SHA-256 of the source its loader gives."""
    found = {}
    for name in env.list_templates():
        path = template_file(env.loader, name) if digest_of is not None else None
        if isinstance(path, str):
            try:
                info = os.stat(path)
            except OSError:
                info = None
            found[name] = "file:" + digest_of(path, info)
            continue
        try:
            source = env.loader.get_source(env, name)[0]
        except TemplateNotFound:
            continue
        except Exception:  # noqa: BLE001 - a template that cannot be read fails the build when used
            source = "\0unreadable"
        found[name] = hashlib.sha256(source.encode("utf-8", "surrogateescape")).hexdigest()
    return found


UNKNOWN = object()  # a loader whose files :func:`template_file` cannot tell


def template_file(loader, name: str):
    """The file ``loader`` gives the template ``name`` from, found as Jinja's
    file-system, choice and prefix loaders look for it (the first search
    path that has the file, the first loader that has the name); None when
    it has no such template, :data:`UNKNOWN` when another kind of loader
    would be asked."""
    if isinstance(loader, FileSystemLoader):
        pieces = name.split("/")
        if any(piece in ("", ".", "..") or os.sep in piece or (os.altsep and os.altsep in piece) for piece in pieces):
            return UNKNOWN
        for folder in loader.searchpath:
            path = os.path.join(folder, *pieces)
            if os.path.isfile(path):
                return path
        return None
    if isinstance(loader, RecordingLoader):
        return template_file(loader.inner, name)
    if isinstance(loader, ChoiceLoader):
        for inner in loader.loaders:
            found = template_file(inner, name)
            if found is not None:
                return found
        return None
    if isinstance(loader, PrefixLoader):
        prefix, _sep, rest = name.partition(loader.delimiter)
        inner = loader.mapping.get(prefix) if _sep else None
        return template_file(inner, rest) if inner is not None else None
    return UNKNOWN


def unchanged(kept, current: dict) -> bool:
    """``kept`` (name -> digest, or None for a name that was missing) matches the
    ``current`` sources (:func:`sources`)."""
    return isinstance(kept, dict) and all(current.get(name) == digest for name, digest in kept.items())
