"""Which templates a rendering asks for, so that an event's pages depend only on those.

A page's template extends, includes and imports others, some by a name it
computes from the data (``'podium/' ~ system ~ '/round-waiting.html'``),
some of them missing on purpose (``ignore missing``).  Which ones a page
uses is known exactly only once it is rendered: :class:`Watch` records
every name the templates ask the environment for while :meth:`Watch.recording`,
found or not, through the environment's public ``get_template`` and
``select_template`` (the generated code of ``extends``, ``include`` and
``import`` calls them), and the page's own template.

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

from jinja2 import ChoiceLoader, FileSystemLoader, PrefixLoader, TemplateNotFound


class Watch:
    """Records the template names ``env`` is asked for, while recording."""

    def __init__(self, env):
        self.names: set | None = None
        get, select = env.get_template, env.select_template

        def get_template(name, parent=None, globals=None):  # noqa: A002 - Jinja's parameter name
            self.add(env.join_path(name, parent) if isinstance(name, str) and parent else name)
            return get(name, parent, globals)

        def select_template(names, parent=None, globals=None):  # noqa: A002
            asked = [env.join_path(name, parent) if isinstance(name, str) and parent else name for name in names]
            try:
                found = select(names, parent, globals)
            except TemplateNotFound:
                for name in asked:
                    self.add(name)
                raise
            for name in asked:  # the names tried, up to the one found
                self.add(name)
                if name == found.name:
                    break
            return found

        env.get_template = get_template
        env.select_template = select_template

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

    With ``digest_of(path, stat)`` (:meth:`.stamps.Stamps.file_digest`), a
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
