"""Write round files in the style organisers write them (data-format.md).

Used by ``podium pair --write`` and ``podium simulate``: one block per table,
seats as a flow list (seating only) or a flow mapping (with results).
"""

from __future__ import annotations

import json
import re

_PLAIN = re.compile(r"^[A-Za-z0-9][A-Za-z0-9_-]*$")
_RESERVED = {"true", "false", "yes", "no", "on", "off", "null", "y", "n", "~"}


def scalar(value) -> str:
    """A YAML scalar: ids and numbers bare, anything else double-quoted."""
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, (int, float)):
        return repr(value)
    text = str(value)
    if _PLAIN.match(text) and text.lower() not in _RESERVED and not re.match(r"^[0-9_:.+-]+$", text):
        return text
    return json.dumps(text, ensure_ascii=False)


def flow(value) -> str:
    """A flow-style YAML value (lists and mappings on one line)."""
    if isinstance(value, dict):
        return "{" + ", ".join(f"{k if str(k).isdigit() else scalar(k)}: {flow(v)}" for k, v in value.items()) + "}"
    if isinstance(value, (list, tuple)):
        return "[" + ", ".join(flow(v) for v in value) + "]"
    return scalar(value)


def round_text(header: dict, key: str | None = None, units=()) -> str:
    """A round file: header fields (stage, round, session, ...), then the units.

    ``units`` is a list of dicts; each becomes one ``- `` block with its fields
    in the given order, nested values written in flow style.
    """
    lines = [f"{name}: {flow(value)}" for name, value in header.items() if value is not None]
    if key and units:
        lines.append(f"{key}:")
        for unit in units:
            first = True
            for name, value in unit.items():
                if value is None:
                    continue
                if isinstance(value, list) and value and isinstance(value[0], dict):
                    lines.append(f"{'  - ' if first else '    '}{name}:")
                    lines.extend(f"      - {flow(item)}" for item in value)
                else:
                    lines.append(f"{'  - ' if first else '    '}{name}: {flow(value)}")
                first = False
    return "\n".join(lines) + "\n"
