"""Compiled templates kept between builds: Jinja's own bytecode cache, in ``CACHE_PATH``.

Every ``make html`` is a new process, and compiling Podium's templates
costs about as much as writing a few hundred pages.  Jinja's
:class:`~jinja2.FileSystemBytecodeCache` keeps each template's compiled
code and reuses it while the template's source is unchanged (Jinja checks
that, and that the same Python made it).  The folder is named after what
else shapes the compiled code -- Jinja's release (read with
:mod:`importlib.metadata`), the Python release and the environment's
options -- so a change of any of them starts a fresh folder.

The cache is only an optimisation: one that cannot be read or written is
ignored by Jinja's loader and never fails a build.

Before a build forks the processes that render the events' pages,
:func:`load_pages` compiles (or reads from that cache) the templates the
pages use in the parent, once: the processes inherit them ready, instead
of each compiling its own copy, and the site-wide pages the parent renders
afterwards find them too.
"""

from __future__ import annotations

import hashlib
import os
import sys
from importlib.metadata import version
from pathlib import Path

import jinja2
from jinja2 import FileSystemBytecodeCache, TemplateError

import podium_core

from .cache import open_folder

FOLDER = ("podium", "templates")  # below CACHE_PATH

# the environment's options that change the generated code
OPTIONS = ("block_start_string", "block_end_string", "variable_start_string", "variable_end_string",
           "comment_start_string", "comment_end_string", "line_statement_prefix", "line_comment_prefix",
           "trim_blocks", "lstrip_blocks", "newline_sequence", "keep_trailing_newline", "optimized",
           "is_async", "autoescape")


def fingerprint(env: jinja2.Environment) -> str:
    """What, besides a template's source, decides the code Jinja compiles for it in ``env``."""
    parts = [podium_core.__version__, version("jinja2"), sys.version, *(f"{option}={_text(getattr(env, option, None))}" for option in OPTIONS),
             *sorted(env.extensions)]
    return hashlib.sha256("\0".join(parts).encode("utf-8", "surrogateescape")).hexdigest()[:20]


def _text(value) -> str:
    if callable(value):  # e.g. select_autoescape(): by its name, not its address
        return f"{getattr(value, '__module__', '')}.{getattr(value, '__qualname__', type(value).__qualname__)}"
    return repr(value)


def use(env: jinja2.Environment, cache_path) -> None:
    """Keep ``env``'s compiled templates below ``cache_path``/podium/templates
    (call it once ``env`` is set up: the fingerprint is taken now).  Every
    folder on the way is a real one (:func:`.cache.open_folder`)."""
    parts = [*FOLDER, fingerprint(env)]
    try:
        os.close(open_folder(str(cache_path), parts))
    except OSError:  # a read-only cache: the build compiles everything, as without one
        return
    folder = Path(cache_path).joinpath(*parts)
    env.bytecode_cache = FileSystemBytecodeCache(str(folder))


def page_template(name: str) -> bool:
    """A template of Podium's pages: an ``.html`` file below ``podium/`` (not a hidden
    one, such as an editor's swap file) and the theme's ``base.html`` they extend."""
    return name == "base.html" or (name.startswith("podium/") and name.endswith(".html")
                                   and not name.rsplit("/", 1)[-1].startswith("."))


def load_pages(env: jinja2.Environment) -> None:
    """Load every template of Podium's pages (:func:`page_template`) into ``env``'s
    own cache; one that does not compile is left to fail where a page uses it."""
    for name in env.list_templates(filter_func=page_template):
        try:
            env.get_template(name)
        except (TemplateError, UnicodeError, OSError):
            continue
