"""The registry of formats, made from the declarations (formats.md, variants.md).

A format id names a built-in declaration (:data:`~podium_core.formats.declarations.BUILTIN`)
or a named variant of the results folder; :func:`get_format` gives its
system configured with the resolved options, and :func:`format_of` an
event's format, with every problem of its ``format:`` and ``options:``: the
fourth step of reading (:mod:`podium_core.pipeline`), after the event's model.
"""

from __future__ import annotations

from ..errors import Problem, Spot
from ..systems.options import check_options, normalised, ranking_problems, rating_problems
from .declarations import BUILTIN, Declaration
from .variants import Catalogue

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


def format_of(event, variants: Catalogue):
    """The event's format with its options, or None and the problems: an
    unknown format, an option its system does not take or accept, a
    criterion the event cannot have (:mod:`podium_core.systems.options`)."""
    try:
        decl = declaration(event.format, variants)
    except KeyError:
        if event.format in getattr(variants, "broken", ()):
            return None, []  # the variant's own file reports why
        known = ", ".join(list(BUILTIN) + sorted(variants))
        return None, [Problem(event.where.path, event.where.line("format"),
                              f"format: unknown format '{event.format}' (known: {known}; a variant is RESULTS/formats/<id>.yaml)")]
    where = _ranking_where(event, decl)
    options, problems = check_options(event.options, decl.system, event.where.at("options"))
    if problems:
        return None, problems
    options = {**decl.options, **options}
    problems = ranking_problems(options.get("ranking"), options, where) + rating_problems(options.get("ranking"), event, where)
    if problems:
        return None, problems
    return decl.system(decl, options), []


def _ranking_where(event, decl):
    """Where the event's ranking is written: its own ``options.ranking``, else
    the variant file that lists it, else the event's ``format:`` line."""
    if isinstance(event.options, dict) and "ranking" in event.options:
        return event.where.at("options", "ranking")
    variant = decl.where
    if variant is not None and isinstance(variant.doc.data.get("options"), dict) and "ranking" in variant.doc.data["options"]:
        return variant.at("options", "ranking")
    return Spot(event.where.path, event.where.line("format"))
