"""YAML syntax errors explained in an organiser's words.

The parser's own messages name its states ("while scanning a simple key");
the slips behind them are few and easy to name:

* a tab character where YAML wants spaces;
* ``key:value`` without the space after the colon;
* a list ``[`` or mapping ``{`` (or a quoted text) that is never closed;
* a key longer than YAML allows (:data:`MAX_KEY`) before its ``:``.

:func:`explain` turns a parser error into ``(line, message)``: the line the
organiser must look at (where the key, bracket or quote starts) and what to
write instead.  Other errors keep the parser's words, prefixed so they read
as a syntax error.
"""

from __future__ import annotations

import re

MAX_KEY = 1024  # characters of a plain or quoted key before its ':' (YAML's "simple key")
_KEY = re.compile(r"^\s*(?:-\s+)?(.*?):(?:\s|$)")
_GLUED_KEY = re.compile(r"^\s*(?:-\s+)?([A-Za-z0-9_-]+):(\S.*)$")
_CLOSERS = {"flow sequence": ("list", "[", "]"), "flow mapping": ("mapping", "{", "}")}


def explain(exc, text: str) -> tuple[int, str]:
    """The line and plain-words message of a YAML syntax error in ``text``,
    always starting "YAML syntax error: "."""
    line, message = _explain(exc, text)
    return line, message if message.startswith(_PREFIX) else _PREFIX + message


_PREFIX = "YAML syntax error: "


def _explain(exc, text: str) -> tuple[int, str]:
    problem = getattr(exc, "problem", None) or str(exc).splitlines()[0]
    context = getattr(exc, "context", None) or ""
    mark = getattr(exc, "problem_mark", None)
    start = getattr(exc, "context_mark", None)
    line = (mark or start).line + 1 if (mark or start) is not None else 1
    lines = text.splitlines()

    def text_of(number: int) -> str:
        return lines[number - 1] if 0 < number <= len(lines) else ""

    for number in (line, start.line + 1 if start is not None else line):
        key = _KEY.match(text_of(number))
        if key and len(key.group(1)) > MAX_KEY:
            return number, (f"this key is {len(key.group(1))} characters long: YAML allows at most {MAX_KEY} "
                            "before its ':' (shorten it)")
    if "tab" in problem or (mark is not None and "\t" in text_of(line) and "cannot start any token" in problem):
        return line, "a tab character: YAML indents with spaces only (replace the tab with spaces)"
    if "could not find expected ':'" in problem and start is not None:
        key_line = start.line + 1
        glued = _GLUED_KEY.match(text_of(key_line))
        if glued:
            key, value = glued.groups()
            return key_line, f"'{key}:{value.strip()}' needs a space after the ':' (write {key}: {value.strip()})"
        return key_line, "this line is neither 'key: value' nor a list item '- ...' (is a ':' missing?)"
    for state, (what, opener, closer) in _CLOSERS.items():
        if state in context and start is not None:
            return start.line + 1, (f"the {what} opened with '{opener}' on this line is not closed: "
                                    f"a '{closer}' is missing (or a ',' between its entries)")
    if "quoted scalar" in context and start is not None:
        return start.line + 1, "the quoted text that starts on this line has no closing quote"
    return line, problem + (f" ({context})" if context else "")
