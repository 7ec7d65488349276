"""Compiled templates kept between builds, in Pelican's cache folder.

Every build is a new process, and compiling Podium's templates (lexing,
parsing, generating Python and compiling it) costs about as much CPU as
writing two thousand pages.  Jinja can keep the compiled code of each
template (its "bytecode cache"): a later build loads it instead, if the
template's source is unchanged and it was compiled by the same Jinja for
the same Python (Jinja checks both).

The compiled code also depends on how the environment compiles: Podium's
own code generator (:mod:`pelican.plugins.podium.jinja_speed`), the extensions, the
delimiters and whitespace options, and whether each filter and test wants
the context (Jinja decides that when it compiles).  All of that is the
:func:`fingerprint` that each cached template's key includes, so a change
to any of them compiles anew; nothing is ever used for a different setup.

The cache is only an optimisation: one that cannot be read is ignored and
one that cannot be written is skipped, never failing a build.
"""

from __future__ import annotations

import hashlib
import os
import sys
from pathlib import Path

import jinja2
from jinja2 import FileSystemBytecodeCache

import podium

from . import i18n, jinja_speed

FOLDER = "podium-templates"

# the modules whose code shapes what Jinja compiles for Podium
_COMPILERS = (jinja_speed, i18n)

# the environment's options that change the generated code
_OPTIONS = ("block_start_string", "block_end_string", "variable_start_string", "variable_end_string",
            "comment_start_string", "comment_end_string", "line_statement_prefix", "line_comment_prefix",
            "trim_blocks", "lstrip_blocks", "newline_sequence", "keep_trailing_newline", "optimized",
            "is_async", "sandboxed")


class CompiledTemplates(FileSystemBytecodeCache):
    """Jinja's file cache of compiled templates, each keyed by its name, file
    and the environment's :func:`fingerprint`."""

    def __init__(self, directory: str, fingerprint: str):
        super().__init__(directory, "%s.jinja")
        self.fingerprint = fingerprint

    def get_cache_key(self, name: str, filename: str | None = None) -> str:
        return hashlib.sha1(f"{self.fingerprint}|{name}|{filename}".encode("utf-8", "surrogateescape")).hexdigest()

    def load_bytecode(self, bucket) -> None:
        try:
            super().load_bytecode(bucket)
        except OSError:  # unreadable: compiled anew
            bucket.reset()

    def dump_bytecode(self, bucket) -> None:
        try:
            os.makedirs(self.directory, exist_ok=True)
            super().dump_bytecode(bucket)
        except OSError:  # a read-only or full disk: this build does without
            pass


def fingerprint(env: jinja2.Environment) -> str:
    """What, besides a template's source, decides the code Jinja compiles for it in ``env``."""
    digest = hashlib.sha1()
    for part in (podium.__version__, jinja2.__version__, sys.version, type(env).__module__, type(env).__qualname__,
                 *(repr(getattr(env, option, None)) for option in _OPTIONS),
                 *sorted(env.extensions), _name(env.code_generator_class), _name(env.context_class),
                 _name(env.template_class), _name(env.finalize), _name(env.autoescape),
                 *_pass_args("filter", env.filters), *_pass_args("test", env.tests)):
        digest.update(part.encode("utf-8", "surrogateescape") + b"\0")
    for module in _COMPILERS:
        digest.update(Path(module.__file__).read_bytes())
    return digest.hexdigest()


def use(env: jinja2.Environment, cache_path: str | os.PathLike) -> None:
    """Keep ``env``'s compiled templates in ``cache_path``/podium-templates
    (call it once ``env`` is set up: the fingerprint is taken now)."""
    env.bytecode_cache = CompiledTemplates(str(Path(cache_path) / FOLDER), fingerprint(env))


def _name(value) -> str:
    if callable(value):
        return f"{getattr(value, '__module__', '')}.{getattr(value, '__qualname__', type(value).__qualname__)}"
    return repr(value)


def _pass_args(kind: str, functions: dict) -> list[str]:
    """Each filter's or test's name and what it wants passed in (Jinja compiles that into the call)."""
    return [f"{kind}:{name}:{getattr(function, 'jinja_pass_arg', '')}" for name, function in sorted(functions.items())]
