"""Text from organisers' files, made safe to print on one line.

A key, a folder name or a value is shown as it is, but for the characters
that would change what a reader or a program sees in a report: control
characters (C0, DEL, C1: a line feed, a carriage return, an ESC that starts
a terminal sequence, a NUL), the line and paragraph separators U+2028 and
U+2029, and the codes that reorder text (bidirectional embeddings,
overrides and isolates).  Each is written as its escape (``\\n``, ``\\x1b``,
``\\u2028``), so one problem stays one line and nothing printed can forge
another report line or a CI workflow command (``::error ...``).
"""

from __future__ import annotations

import re

_HIDDEN = re.compile("[\x00-\x1f\x7f-\x9f\u2028\u2029\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]")
_NAMED = {"\n": "\\n", "\r": "\\r", "\t": "\\t"}


def _escape(match) -> str:
    char = match.group()
    named = _NAMED.get(char)
    if named is not None:
        return named
    code = ord(char)
    return f"\\x{code:02x}" if code < 0x100 else f"\\u{code:04x}"


def printable(text) -> str:
    """``text`` with every character of the module's list written as its escape."""
    text = str(text)
    return _HIDDEN.sub(_escape, text) if _HIDDEN.search(text) else text


def printable_path(path) -> str:
    """A path as :func:`printable` shows it, never starting with ``::`` (a CI
    workflow command at the start of a line): such a path is shown as ``./::...``."""
    shown = printable(path)
    return "./" + shown if shown.startswith("::") else shown
