"""Read organisers' YAML safely, keeping the line of every value.

The rules applied here, before anything is computed:

* a file over ``MAX_BYTES`` (5 MB) is refused without being parsed;
* the text must be UTF-8;
* anchors and aliases are refused (no "billion laughs"), and so is nesting
  deeper than ``MAX_DEPTH``;
* only the plain YAML types are built (no ``!!python/...`` or other tags);
* a mapping that repeats a key is an error at the second key;
* ``18:20`` stays the string it looks like (YAML 1.1 would make it 1100), and
  only ``true``/``false`` are booleans (``no`` or ``on`` stay strings).

The result is a :class:`Document`: plain data plus the line of every value,
addressed by its key path, so later stages can report ``path:line: message``.
"""

from __future__ import annotations

import os
from dataclasses import dataclass, field

import yaml

from .errors import Problem

MAX_BYTES = 5 * 1024 * 1024
MAX_DEPTH = 64

_Loader = getattr(yaml, "CSafeLoader", yaml.SafeLoader)
_constructor = yaml.SafeLoader.__new__(yaml.SafeLoader)
yaml.SafeLoader.__init__(_constructor, "")

_PLAIN_TAGS = {
    "tag:yaml.org,2002:str",
    "tag:yaml.org,2002:int",
    "tag:yaml.org,2002:float",
    "tag:yaml.org,2002:bool",
    "tag:yaml.org,2002:null",
    "tag:yaml.org,2002:timestamp",
}


@dataclass
class Document:
    """A loaded YAML file: ``data`` and the 1-based line of every key path."""

    path: str
    data: object
    lines: dict = field(default_factory=dict)

    def line(self, *keypath) -> int:
        """Line of the value at ``keypath``, or of its nearest located parent."""
        keypath = tuple(keypath)
        while keypath:
            if keypath in self.lines:
                return self.lines[keypath]
            keypath = keypath[:-1]
        return self.lines.get((), 1)


class _Refused(Exception):
    def __init__(self, line, message):
        self.line = line
        self.message = message


def load_file(path) -> tuple[Document | None, list[Problem]]:
    """Load one YAML file; return the document (or None) and its problems."""
    path = str(path)
    try:
        size = os.path.getsize(path)
        if size > MAX_BYTES:
            return None, [Problem(path, 1, f"file is {size} bytes; the limit is {MAX_BYTES} (5 MB)")]
        with open(path, "rb") as handle:
            raw = handle.read()
    except OSError as exc:
        return None, [Problem(path, 1, f"cannot read file: {exc.strerror}")]
    return load_bytes(raw, path)


def load_bytes(raw: bytes, path: str) -> tuple[Document | None, list[Problem]]:
    """Parse YAML bytes under the rules of this module."""
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        line = raw.count(b"\n", 0, exc.start) + 1
        return None, [Problem(path, line, "the file is not UTF-8 text (save it as UTF-8)")]
    if text.startswith("\ufeff"):
        text = text[1:]
    try:
        _check_events(text)
        node = yaml.compose(text, Loader=_Loader)
    except _Refused as exc:
        return None, [Problem(path, exc.line, exc.message)]
    except yaml.YAMLError as exc:
        return None, [_syntax_problem(path, exc)]
    lines: dict = {}
    problems: list[Problem] = []
    if node is None:
        return Document(path, None, {(): 1}), problems
    data = _build(node, (), lines, problems, path)
    return Document(path, data, lines), problems


def _syntax_problem(path, exc) -> Problem:
    mark = getattr(exc, "problem_mark", None) or getattr(exc, "context_mark", None)
    line = mark.line + 1 if mark is not None else 1
    what = getattr(exc, "problem", None) or str(exc).splitlines()[0]
    context = getattr(exc, "context", None)
    message = f"YAML syntax error: {what}" + (f" ({context})" if context else "")
    return Problem(path, line, message)


def _check_events(text: str) -> None:
    """Refuse aliases, anchors and deep nesting before building any node."""
    depth = 0
    for event in yaml.parse(text, Loader=_Loader):
        if isinstance(event, yaml.AliasEvent) or getattr(event, "anchor", None):
            raise _Refused(event.start_mark.line + 1, "YAML anchors and aliases (& and *) are not allowed")
        if isinstance(event, (yaml.MappingStartEvent, yaml.SequenceStartEvent)):
            depth += 1
            if depth > MAX_DEPTH:
                raise _Refused(event.start_mark.line + 1, f"nesting deeper than {MAX_DEPTH} levels")
        elif isinstance(event, (yaml.MappingEndEvent, yaml.SequenceEndEvent)):
            depth -= 1


_COLLECTION_TAGS = {"tag:yaml.org,2002:map", "tag:yaml.org,2002:seq"}


def _build(node, keypath, lines, problems, path):
    lines[keypath] = node.start_mark.line + 1
    if not isinstance(node, yaml.ScalarNode) and node.tag not in _COLLECTION_TAGS:
        problems.append(_tag_problem(node, path))
        return None
    if isinstance(node, yaml.MappingNode):
        result = {}
        for key_node, value_node in node.value:
            if not isinstance(key_node, yaml.ScalarNode) or key_node.tag == "tag:yaml.org,2002:merge":
                problems.append(Problem(path, key_node.start_mark.line + 1, "mapping keys must be plain words or numbers"))
                continue
            key = key_node.value
            if key in result:
                problems.append(Problem(path, key_node.start_mark.line + 1, f"duplicate key '{key}'"))
                continue
            result[key] = _build(value_node, keypath + (key,), lines, problems, path)
        return result
    if isinstance(node, yaml.SequenceNode):
        return [_build(item, keypath + (i,), lines, problems, path) for i, item in enumerate(node.value)]
    return _scalar(node, problems, path)


def _tag_problem(node, path) -> Problem:
    shown = node.tag.replace("tag:yaml.org,2002:", "!!")
    return Problem(path, node.start_mark.line + 1, f"the YAML tag '{shown}' is not allowed")


def _scalar(node, problems, path):
    tag, value = node.tag, node.value
    if tag not in _PLAIN_TAGS:
        problems.append(_tag_problem(node, path))
        return None
    if tag == "tag:yaml.org,2002:int":
        if ":" in value:  # YAML 1.1 base-60 number: the organiser meant a clock time
            return value
        return _constructor.construct_yaml_int(node)
    if tag == "tag:yaml.org,2002:float":
        if ":" in value:
            return value
        return _constructor.construct_yaml_float(node)
    if tag == "tag:yaml.org,2002:bool":
        lowered = value.lower()
        return lowered == "true" if lowered in ("true", "false") else value
    if tag == "tag:yaml.org,2002:null":
        return None
    return value
