"""Change one top-level field of a round file, keeping everything else as written.

``podium pair --write`` replaces the tables of a round it re-seats,
``podium withdraw`` adds a name to ``withdrawn:`` or ``absent:``, ``podium
enter`` replaces the tables with their results.  The organiser's comments,
the order of the fields and every other line stay byte for byte: the
round-trip parser (ruamel.yaml) tells where each top-level field starts,
and only the lines of the field that changes are replaced.  The comment and
blank lines just before the next field belong to that next field and stay.
A new field is added before the tables (games, matches), or at the end.
"""

from __future__ import annotations

import re

from ruamel.yaml import YAML
from ruamel.yaml.error import YAMLError

from .roundfile import flow, round_text

UNIT_KEYS = ("tables", "games", "matches")
_TRAILING_COMMENT = re.compile(r"^[a-z_]+:[^\"'#]*?(\s+#.*)$")


class EditError(ValueError):
    """The file cannot be edited field by field (the message says why)."""


def _spans(text: str) -> dict:
    """Top-level field -> (first line, end line), 0-based, end exclusive."""
    try:
        data = YAML(typ="rt").load(text)
    except YAMLError as exc:
        raise EditError(f"the round file cannot be read for editing: {str(exc).splitlines()[0]}") from None
    if data is None:
        return {}
    if not hasattr(data, "lc") or not isinstance(data, dict):
        raise EditError("the round file is not a mapping of fields")
    starts = sorted((data.lc.key(key)[0], key) for key in data)
    lines = text.splitlines()
    spans = {}
    for i, (start, key) in enumerate(starts):
        if data.lc.key(key)[1] != 0:
            raise EditError("the round file writes its fields in flow style ({...}); write one field per line to let podium edit it")
        end = starts[i + 1][0] if i + 1 < len(starts) else len(lines)
        while end - 1 > start and (not lines[end - 1].strip() or lines[end - 1].lstrip().startswith("#")):
            end -= 1  # comments and blank lines before the next field are that field's
        spans[key] = (start, end)
    return spans


def set_field(text: str, key: str, block: str) -> str:
    """``text`` with the top-level field ``key`` replaced by ``block`` (one or more
    whole lines), or ``block`` added when the file has no such field."""
    spans = _spans(text)
    lines = text.splitlines(keepends=True)
    if lines and not lines[-1].endswith("\n"):
        lines[-1] += "\n"
    new = block.splitlines(keepends=True)
    if key in spans:
        start, end = spans[key]
        comment = _TRAILING_COMMENT.match(lines[start].rstrip("\n"))
        if comment and len(new) == 1:  # a one-line field keeps its comment
            new = [new[0].rstrip("\n") + comment.group(1) + "\n"]
        lines[start:end] = new
    else:
        before = [spans[k][0] for k in UNIT_KEYS if k in spans]
        at = min(before) if before else len(lines)
        lines[at:at] = new
    return "".join(lines)


def units_block(key: str, units: list) -> str:
    """The lines of a ``tables:`` (``games:``, ``matches:``) field."""
    return round_text({}, key, units)


def field_line(key: str, value) -> str:
    """One ``key: value`` line, the value in flow style."""
    return f"{key}: {flow(value)}\n"


def field_block(key: str, mapping: dict) -> str:
    """A ``key:`` field holding a mapping, one entry per line, each value in flow style."""
    return f"{key}:\n" + "".join(f"  {name}: {flow(value)}\n" for name, value in mapping.items())


def set_units(text: str, key: str, units: list) -> str:
    """``text`` with its tables (games, matches) replaced by ``units``; a file
    that listed the units under another key loses that key."""
    for other in UNIT_KEYS:
        if other != key and other in _spans(text):
            text = remove_field(text, other)
    return set_field(text, key, units_block(key, units))


def remove_field(text: str, key: str) -> str:
    """``text`` without the top-level field ``key``."""
    spans = _spans(text)
    if key not in spans:
        return text
    lines = text.splitlines(keepends=True)
    start, end = spans[key]
    del lines[start:end]
    return "".join(lines)
