"""The registry of formats, made from the declarations (formats.md, variants.md).

A format id names a built-in declaration (:data:`~podium_core.formats.declarations.BUILTIN`)
or a named variant of the results folder; :func:`get_format` gives its
system configured with the resolved options.
"""

from __future__ import annotations

from ..systems.options import normalised
from .declarations import BUILTIN, Declaration

FORMAT_IDS = tuple(BUILTIN)


def declaration(format_id: str, variants: dict | None = None) -> Declaration:
    """The declaration of ``format_id``: a variant of ``variants`` or a built-in."""
    found = (variants or {}).get(format_id) or BUILTIN.get(format_id)
    if found is None:
        raise KeyError(format_id)
    return found


def get_format(format_id: str, options: dict | None = None, variants: dict | None = None):
    """The system of ``format_id`` with its declaration's options, overridden by ``options``."""
    decl = declaration(format_id, variants)
    merged = {**decl.options, **normalised(options, decl.system)}
    return decl.system(decl, merged)
