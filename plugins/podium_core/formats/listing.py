"""The text of ``podium formats [RESULTS]``: every built-in format and every
named variant of the results folder, each with its resolved options."""

from __future__ import annotations

from pathlib import Path

from ..errors import Problems
from . import get_format
from .declarations import BUILTINS
from ..systems.options import show
from .variants import read_variants


def listing(results: Path) -> str:
    """One block per format: id, name, what it extends, then ``key: value`` per option.

    Raises :class:`~podium_core.errors.Problems` when a variant file has problems.
    """
    variants, problems = read_variants(results)
    if problems:
        raise Problems(problems)
    blocks = []
    for decl in list(BUILTINS) + [variants[k] for k in sorted(variants)]:
        fmt = get_format(decl.id, None, variants)
        engine = decl.system.name
        kind = f"built-in, {engine} engine" if decl.parent is None else f"variant of {decl.parent} ({decl.base}), {engine} engine"
        lines = [f"{decl.id} — {fmt.title} [{kind}]"]
        if decl.where is not None:
            lines.append(f"  file: {decl.where.path}")
        for key, value in fmt.options.items():
            lines.append(f"  {key}: {show(value)}")
        blocks.append("\n".join(lines))
    return "\n\n".join(blocks)
