"""Named variants of a results folder: ``RESULTS/formats/<id>.yaml`` (variants.md 1).

A variant file says::

    id: carcassonne-open            # equal to the file name; a slug
    name: "Open Carcassonne Swiss"  # shown on pages (default: the parent's title)
    extends: carcassonne-lv         # a built-in, or another variant of this folder
    options: {swiss_rounds: 7, groups: 1}

Its options replace its parent's, option by option (a list or mapping is
replaced whole).  Every file is checked and every problem returned at its
``path:line``: unknown fields, an id that differs from the file name or is a
built-in's, an unknown or cyclic ``extends``, and the options as
:func:`~podium_core.formats.options.check_options` checks them.
"""

from __future__ import annotations

import re
from pathlib import Path

from ..errors import Problem
from ..model import Where
from ..reading import variant_files
from .declarations import BUILTIN, Declaration
from ..systems.options import check_options, ranking_problems

SLUG = re.compile(r"^[a-z0-9][a-z0-9-]*$")
FIELDS = ("id", "name", "extends", "options")


class Catalogue(dict):
    """The valid variants by id; ``broken`` holds the ids whose file has problems
    (an event naming one is not reported again)."""

    def __init__(self, found=(), broken=()):
        super().__init__(found)
        self.broken = frozenset(broken)


def read_variants(results) -> tuple[Catalogue, list[Problem]]:
    """Every variant of ``results/formats/``, resolved, and every problem found."""
    problems: list[Problem] = []
    files: dict = {}  # id -> (Where, data)
    broken = set()
    for file in variant_files(results):
        path, doc = Path(file.path), file.doc
        if doc is None or file.problems:
            problems += file.problems
            broken.add(path.stem)
            continue
        found = _check_file(doc, path)
        problems += found
        if found:
            broken.add(path.stem)
            continue
        files[doc.data["id"]] = (Where(doc), doc.data)
    resolved: dict = {}
    for variant_id in files:
        declaration, found = _resolve(variant_id, files, broken)
        problems += found
        if declaration is None:
            broken.add(variant_id)
        else:
            resolved[variant_id] = declaration
    # a variant whose parent is broken is broken too, without a second message
    return Catalogue(resolved, broken), problems


def _check_file(doc, path: Path) -> list[Problem]:
    """The fields of one variant file, before anything is resolved."""
    data, where = doc.data, Where(doc)
    if not isinstance(data, dict):
        return [Problem(doc.path, 1, "a format variant is a mapping: id, name, extends, options")]
    problems = []
    for key in data:
        if key not in FIELDS:
            problems.append(Problem(doc.path, where.line(key), f"{key}: unknown field (known fields here: {', '.join(FIELDS)})"))
    variant_id = data.get("id")
    if variant_id is None:
        problems.append(Problem(doc.path, 1, f"id: missing: give id: {path.stem}"))
    elif not isinstance(variant_id, str) or not SLUG.match(variant_id):
        problems.append(Problem(doc.path, where.line("id"), f"id: {variant_id!r} is not a valid slug (lowercase letters, digits and '-')"))
    elif variant_id != path.stem:
        problems.append(Problem(doc.path, where.line("id"), f"id: '{variant_id}' must equal the file name ('{path.stem}')"))
    elif variant_id in BUILTIN:
        problems.append(Problem(doc.path, where.line("id"), f"id: '{variant_id}' is a built-in format; give the variant its own id"))
    name = data.get("name")
    if name is not None and (not isinstance(name, str) or not name.strip()):
        problems.append(Problem(doc.path, where.line("name"), f"name: {name!r} should be text"))
    parent = data.get("extends")
    if parent is None:
        problems.append(Problem(doc.path, 1, f"extends: missing: name the format this variant changes ({', '.join(BUILTIN)} or a variant)"))
    elif not isinstance(parent, str):
        problems.append(Problem(doc.path, where.line("extends"), f"extends: {parent!r} should be a format id"))
    options = data.get("options")
    if options is not None and not isinstance(options, dict):
        problems.append(Problem(doc.path, where.line("options"), f"options: {options!r} should be a mapping (key: value)"))
    return problems


def _resolve(variant_id: str, files: dict, broken: set) -> tuple[Declaration | None, list[Problem]]:
    """Walk ``extends`` up to a built-in; merge the options from the built-in down."""
    chain = [variant_id]
    while True:
        where, data = files[chain[-1]]
        parent = data["extends"]
        if parent in BUILTIN:
            break
        if parent in chain:
            cycle = " -> ".join(chain[chain.index(parent):] + [parent])
            if variant_id != min(chain[chain.index(parent):]):
                return None, []  # the cycle is reported once, at its first member
            return None, [Problem(where.path, where.line("extends"), f"extends: cyclic: {cycle}")]
        if parent in broken:
            return None, []
        if parent not in files:
            known = ", ".join(list(BUILTIN) + sorted(files))
            return None, [Problem(where.path, where.line("extends"), f"extends: unknown format '{parent}' (known: {known})")]
        chain.append(parent)
    base = BUILTIN[files[chain[-1]][1]["extends"]]
    problems: list[Problem] = []
    own: dict = {}
    where, data = files[variant_id]
    values, problems = check_options(data.get("options"), base.system, where.at("options"))
    if problems:
        return None, problems
    for ancestor in reversed(chain):
        a_where, a_data = files[ancestor]
        checked, found = check_options(a_data.get("options"), base.system, a_where.at("options"))
        if found:
            return None, []  # reported at the ancestor itself
        own.update(checked)
    options = {**base.options, **own}
    if "ranking" in values:  # the criteria this variant lists must be ones its options can give
        problems = ranking_problems(values["ranking"], options, where.at("options", "ranking"))
        if problems:
            return None, problems
    title = next((files[v][1]["name"] for v in chain if files[v][1].get("name")), base.title)
    declaration = Declaration(id=variant_id, system=base.system, title=title, base=base.id,
                              options=options, traits=base.traits, parent=data["extends"], where=where)
    return declaration, []
