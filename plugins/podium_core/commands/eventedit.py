"""Add players to event.yaml, keeping everything else as written.

As :mod:`podium_core.roundedit` does for round files, the round-trip parser
(ruamel.yaml) tells where the players list and each of its entries start,
and only whole lines are added (or an entry's lines taken out): every
comment, blank line and other field stays byte for byte.

* New entries follow the list's last entry, before the comments and blank
  lines that lead to the next field (those are the next field's).
* They are written as the list's entries are: one flow mapping per line,
  ``  - {id: anna, name: Anna Bērziņa}`` (as ``podium new`` writes them,
  and for an empty list), or in block style, indented as the last entry.
* A text is written plain when YAML reads it back as the same text
  (``Anna Bērziņa``), double-quoted otherwise (``"NO"``, ``"1999"``).
* A list without entries takes them after the indented comments under
  ``players:`` (the hints ``podium new`` writes there).
* A list written in flow style on the ``players:`` line itself cannot be
  edited line by line, unless it is empty (``players: []``).
"""

from __future__ import annotations

import json
import re

import yaml
from ruamel.yaml import YAML
from ruamel.yaml.error import YAMLError

from ..roundedit import EditError

_LOADER = getattr(yaml, "CSafeLoader", yaml.SafeLoader)  # YAML 1.1, the most eager reader of plain scalars


def add_players(text: str, entries: list[dict], remove=()) -> tuple[str, list[range]]:
    """``text`` with ``entries`` added to its players and the entries at the
    indexes ``remove`` taken out, and the lines (1-based) each new entry
    takes in the new text."""
    data = _parsed(text)
    lines = text.splitlines(keepends=True)
    if lines and not lines[-1].endswith("\n"):
        lines[-1] += "\n"
    if "players" not in data:
        lines.append("players:\n")
        data_players, start, end = None, len(lines) - 1, len(lines)
    else:
        data_players = data["players"]
        start, end = _span(data, "players", lines)
    if data_players is not None and not isinstance(data_players, list):
        raise EditError("event.yaml: players: is not a list of players")
    items = [data_players.lc.item(i) for i in range(len(data_players))] if data_players else []
    flow, prefix = True, "  - "
    if data_players is not None and data.lc.value("players")[0] == start:  # players: [...] on the key's line
        if data_players:
            raise EditError("event.yaml lists its players in flow style on one line (players: [...]): "
                            "write one player per line to let podium add players")
        lines[start] = re.sub(r":[ ]*\[[ ]*\]", ":", lines[start], count=1)
    if items:
        line, column = items[-1]
        flow = isinstance(data_players[-1], dict) and bool(data_players[-1].fa.flow_style())
        prefix = lines[line][:column]
        if prefix.strip() != "-":  # the entry starts on the line after its dash
            prefix = " " * max(column - 2, 0) + "- "
    else:  # an empty list: after the indented comments under players:
        while end < len(lines) and lines[end].startswith((" ", "\t")) and lines[end].lstrip().startswith("#"):
            end += 1
    removed = set()
    for index in remove:
        first = items[index][0]
        last = items[index + 1][0] if index + 1 < len(items) else end
        while last - 1 > first and _blank_or_comment(lines[last - 1]):
            last -= 1
        removed.update(range(first, last))
    new = [_entry_lines(entry, flow, prefix) for entry in entries]
    head = [line for i, line in enumerate(lines[:end]) if i not in removed]
    spans, at = [], len(head) + 1
    for block in new:
        spans.append(range(at, at + len(block)))
        at += len(block)
    return "".join(head + [line for block in new for line in block] + lines[end:]), spans


def entry_text(entry: dict) -> str:
    """An entry as one flow mapping: ``{id: anna, name: Anna Bērziņa}``."""
    return "{" + ", ".join(f"{key}: {scalar(value)}" for key, value in entry.items()) + "}"


def scalar(value) -> str:
    """A value as a YAML scalar: plain when it reads back as itself (see the module's rules)."""
    if isinstance(value, bool) or not isinstance(value, (int, str)):
        raise TypeError(f"not a player field's value: {value!r}")
    if isinstance(value, int):
        return str(value)
    return value if _reads_back(value) else json.dumps(value, ensure_ascii=False)


def _reads_back(text: str) -> bool:
    if not text or text != text.strip():
        return False
    try:
        return (yaml.load(f"{{k: {text}}}", Loader=_LOADER) == {"k": text}
                and yaml.load(f"k: {text}", Loader=_LOADER) == {"k": text})
    except yaml.YAMLError:
        return False


def _entry_lines(entry: dict, flow: bool, prefix: str) -> list[str]:
    """An entry's lines: ``prefix`` (``  - ``) and the flow mapping, or its
    fields in block style, the first after ``prefix``, the others under it."""
    if flow:
        return [f"{prefix}{entry_text(entry)}\n"]
    inner = " " * len(prefix)
    return [f"{prefix if i == 0 else inner}{key}: {scalar(value)}\n" for i, (key, value) in enumerate(entry.items())]


def _parsed(text: str):
    try:
        data = YAML(typ="rt").load(text)
    except YAMLError as exc:
        raise EditError(f"event.yaml cannot be read for editing: {str(exc).splitlines()[0]}") from None
    if not isinstance(data, dict) or not hasattr(data, "lc"):
        raise EditError("event.yaml is not a mapping of fields")
    return data


def _span(data, key: str, lines: list[str]) -> tuple[int, int]:
    """(first line, end line) of the top-level field ``key``, 0-based; the
    comments and blank lines before the next field are not in it."""
    start = data.lc.key(key)[0]
    after = [data.lc.key(other)[0] for other in data if data.lc.key(other)[0] > start]
    end = min(after) if after else len(lines)
    while end - 1 > start and _blank_or_comment(lines[end - 1]):
        end -= 1
    return start, end


def _blank_or_comment(line: str) -> bool:
    return not line.strip() or line.lstrip().startswith("#")
