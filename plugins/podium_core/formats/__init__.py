"""The registry of formats, made from the declarations (formats.md, variants.md).

A format id names a built-in declaration (:data:`~podium_core.formats.declarations.BUILTIN`)
or a named variant of the results folder; :func:`get_format` gives the
engine of its system configured with the resolved options.
"""

from __future__ import annotations

from importlib import import_module

from .declarations import BUILTIN, Declaration
from .options import Invalid, specs

# engine -> (module, class name); modules are imported on first use
ENGINES = {
    "catan": ("catan", "CatanFormat"),
    "carcassonne": ("carcassonne", "CarcassonneFormat"),
    "tantrix": ("tantrix", "TantrixFormat"),
    "baska": ("baska", "BaskaFormat"),
}

FORMAT_IDS = tuple(BUILTIN)


def engine_class(engine: str):
    module, name = ENGINES[engine]
    return getattr(import_module(f"{__name__}.{module}"), name)


def declaration(format_id: str, variants: dict | None = None) -> Declaration:
    """The declaration of ``format_id``: a variant of ``variants`` or a built-in."""
    found = (variants or {}).get(format_id) or BUILTIN.get(format_id)
    if found is None:
        raise KeyError(format_id)
    return found


def normalised(options: dict | None, engine: str) -> dict:
    """The options an engine accepts, normalised; what it does not accept is left
    out (the pipeline reports it with its line before any engine runs)."""
    known = specs(engine)
    values = {}
    for key, value in (options or {}).items():
        spec = known.get(key)
        if spec is None:
            continue
        try:
            values[key] = spec.check(value, engine)
        except Invalid:
            continue
    return values


def get_format(format_id: str, options: dict | None = None, variants: dict | None = None):
    """The engine of ``format_id`` with its declaration's options, overridden by ``options``."""
    decl = declaration(format_id, variants)
    merged = {**decl.options, **normalised(options, decl.engine)}
    return engine_class(decl.engine)(decl, merged)
