"""Read organisers' YAML safely, keeping the line of every value.

The rules applied here, before anything is computed:

* only a regular file is read, and with a ``root`` folder only one that
  lies inside it once every link is followed: a link leading out of it, a
  FIFO, a device or a folder is refused by name, never opened, and what it
  points to is never shown;
* a file over ``MAX_BYTES`` (5 MB) is refused without being parsed, the
  limit holding while it is read too (a file that grows is cut off);
* the text must be UTF-8, without the characters YAML may not hold raw (a
  NUL, an ESC, other control characters, and U+2028, U+2029 and NEL, which
  YAML 1.1 reads as line breaks: they would end a comment and shift every
  line after them), each named at its line;
* anchors and aliases are refused (no "billion laughs"), and so is nesting
  deeper than ``MAX_DEPTH``;
* only the plain YAML types are built (no ``!!python/...`` or other tags);
* a mapping that repeats a key is an error at the second key;
* ``18:20`` stays the string it looks like (YAML 1.1 would make it 1100), and
  only ``true``/``false`` are booleans (``no`` or ``on`` stay strings).

The result is a :class:`Document`: plain data plus the line of every value,
addressed by its key path, so later stages can report ``path:line: message``.

The file is parsed once: :class:`_Builder` reads the C parser's events and
checks the rules and builds the data and lines in that single pass (no node
tree is composed).  Measured against PyYAML's own C composer with marks
(``yaml.compose`` with ``CSafeLoader``, its resolver cached, then a walk of
the nodes under the same rules; PyYAML 6.0.4, Python 3.11, min of 3 to 7
runs), the composer is 1.06-1.15 times slower on the demo results and on a
2,560-file archive of 3 MB, 1.7 times on a 70 KB round file and 6.4 times on
a 5 MB one (17 s against 2.7 s, 552 MiB of memory at peak against 224 MiB).
"""

from __future__ import annotations

import os
import re
import stat
from dataclasses import dataclass, field

import yaml

from .errors import Problem
from .yamlhints import explain

MAX_BYTES = 5 * 1024 * 1024
MAX_DEPTH = 64
MAX_INT = 2 ** 63 - 1

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

    def __reduce__(self):
        """Pickled as its path alone.  A document is pickled only with an
        evaluated outcome that a worker process sends back:
        by then its data and lines have served (every problem carries its
        line already), and they are a third of what would be sent."""
        return Document, (self.path, None)


class _Refused(Exception):
    def __init__(self, line, message):
        self.line = line
        self.message = message


def load_file(path, root=None) -> tuple[Document | None, list[Problem]]:
    """Load one YAML file; return the document (or None) and its problems.

    ``root``: the folder the file must lie in (the results folder)."""
    path = str(path)
    raw, problem = read_file(path, root)
    if problem is not None:
        return None, [problem]
    return load_bytes(raw, path)


def read_file(path, root=None) -> tuple[bytes | None, Problem | None]:
    """The bytes of a regular file of at most ``MAX_BYTES``, or the problem that
    stops it being read (see the module's rules)."""
    path = str(path)
    fd, problem = open_regular(path, root)
    if problem is not None:
        return None, problem
    try:
        chunks, size = [], 0
        while size <= MAX_BYTES:
            chunk = os.read(fd, MAX_BYTES + 1 - size)
            if not chunk:
                break
            chunks.append(chunk)
            size += len(chunk)
    except OSError as exc:
        return None, Problem(path, 1, f"cannot read file: {exc.strerror}")
    finally:
        os.close(fd)
    if size > MAX_BYTES:
        return None, _too_big(path)
    return b"".join(chunks), None


def read_text(path, root=None) -> str:
    """The UTF-8 text of a file, read as :func:`read_file` reads it; raises
    :class:`~podium_core.errors.Problems` with the problem that stops it."""
    from .errors import Problems

    raw, problem = read_file(path, root)
    if problem is not None:
        raise Problems([problem])
    try:
        return raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise Problems([Problem(str(path), raw.count(b"\n", 0, exc.start) + 1,
                                "the file is not UTF-8 text (save it as UTF-8)")]) from None


def open_regular(path, root=None, limit: int | None = MAX_BYTES) -> tuple[int | None, Problem | None]:
    """An open descriptor of ``path`` when it is a regular file (inside ``root``
    once every link is followed, when ``root`` is given; of at most ``limit``
    bytes as the folder lists it, when ``limit`` is given), or the problem that
    refuses it: what it is, and that it is not read.  The one check every
    reader of organisers' files goes through; nothing else is opened: a FIFO
    or a device never is, and a link leaving ``root`` is never followed.
    The caller closes the descriptor."""
    path = str(path)
    try:
        real = os.path.realpath(path)
        if root is not None:
            top = os.path.realpath(str(root))
            if os.path.commonpath([top, real]) != top:
                return None, Problem(path, 1, "the file is a link to something outside the results folder: "
                                              "only files inside it are read")
        info = os.stat(real)
        if not stat.S_ISREG(info.st_mode):
            return None, Problem(path, 1, f"{_kind_of(info.st_mode)} is not a regular file: only plain files are read")
        if limit is not None and info.st_size > limit:
            return None, _too_big(path, info.st_size)
        fd = os.open(real, os.O_RDONLY | getattr(os, "O_NOFOLLOW", 0) | getattr(os, "O_NONBLOCK", 0)
                     | getattr(os, "O_BINARY", 0))
    except OSError as exc:
        return None, Problem(path, 1, f"cannot read file: {exc.strerror}")
    try:
        if not stat.S_ISREG(os.fstat(fd).st_mode):  # replaced since it was looked at
            os.close(fd)
            return None, Problem(path, 1, "the file changed while it was read: try again")
    except OSError as exc:
        os.close(fd)
        return None, Problem(path, 1, f"cannot read file: {exc.strerror}")
    return fd, None


def _too_big(path, size=None) -> Problem:
    """The file is over the limit (``size``: as the folder lists it, when it says so)."""
    shown = f"{size} bytes" if size is not None else "over the limit"
    return Problem(path, 1, f"file is {shown}; the limit is {MAX_BYTES} (5 MB)")


def _kind_of(mode) -> str:
    if stat.S_ISDIR(mode):
        return "this is a folder and"
    if stat.S_ISFIFO(mode):
        return "this is a FIFO (named pipe) and"
    if stat.S_ISCHR(mode) or stat.S_ISBLK(mode):
        return "this is a device and"
    if stat.S_ISSOCK(mode):
        return "this is a socket and"
    return "this"


def load_bytes(raw: bytes, path: str) -> tuple[Document | None, list[Problem]]:
    """Parse YAML bytes under the rules of this module."""
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        line = raw.count(b"\n", 0, exc.start) + 1
        return None, [Problem(path, line, "the file is not UTF-8 text (save it as UTF-8)")]
    if text.startswith("\ufeff"):
        text = text[1:]
    refused = _raw_characters(text, path)
    if refused:
        return None, refused
    try:
        loader = _Loader(text)
        try:
            found = _Builder(loader, path).run()
        finally:
            loader.dispose()
    except _Refused as exc:
        return None, [Problem(path, exc.line, exc.message)]
    except yaml.YAMLError as exc:
        return None, [_syntax_problem(path, exc, text)]
    if found is None:  # no document at all
        return Document(path, None, {(): 1}), []
    data, lines, problems = found
    return Document(path, data, lines), problems


# What a YAML file may not hold raw (YAML's printable set, less the three
# characters YAML 1.1 reads as line breaks besides CR and LF): C0 controls but
# tab, LF and CR; DEL; C1 controls (NEL among them); U+2028, U+2029; U+FFFE, U+FFFF.
_RAW = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\x7f-\x9f\u2028\u2029\ufffe\uffff]")
_RAW_NAMES = {
    "\x00": "a NUL byte (U+0000)",
    "\x1b": "an escape character (ESC, U+001B)",
    "\x7f": "a delete character (DEL, U+007F)",
    "\x85": "a next-line character (NEL, U+0085)",
    "\u2028": "a line separator (U+2028)",
    "\u2029": "a paragraph separator (U+2029)",
}
_BREAKS = "\x85\u2028\u2029"


def _raw_characters(text: str, path: str) -> list[Problem]:
    """One problem for each line holding a character of :data:`_RAW`, named, at
    its line and column (lines counted by LF, as an editor counts them)."""
    problems = []
    line, start, at = 1, 0, 0
    while True:
        found = _RAW.search(text, at)
        if found is None:
            return problems
        position = found.start()
        line += text.count("\n", start, position)
        start = text.rfind("\n", 0, position) + 1
        char = found.group()
        name = _RAW_NAMES.get(char) or (f"a control character (U+{ord(char):04X})" if ord(char) < 0xA0
                                        else f"a noncharacter (U+{ord(char):04X})")
        why = ("YAML would read it as a line break, ending a comment or a value there" if char in _BREAKS
               else "a YAML file may not hold it as it is")
        problems.append(Problem(path, line, f"column {position - start + 1} holds {name}: {why}; remove it "
                                            "(or, in a quoted text, write it as an escape)"))
        at = text.find("\n", position)
        if at < 0:
            return problems
        start = at  # the next search starts at this line's end


def _syntax_problem(path, exc, text: str) -> Problem:
    line, message = explain(exc, text)
    return Problem(path, line, message)


_COLLECTION_TAGS = {"tag:yaml.org,2002:map", "tag:yaml.org,2002:seq"}
_MERGE_TAG = "tag:yaml.org,2002:merge"
_SCALAR, _SEQ_START, _MAP_START = yaml.ScalarEvent, yaml.SequenceStartEvent, yaml.MappingStartEvent
_SEQ_END, _MAP_END, _ALIAS = yaml.SequenceEndEvent, yaml.MappingEndEvent, yaml.AliasEvent
_DOC_START, _STREAM_END = yaml.DocumentStartEvent, yaml.StreamEndEvent
_ANCHORS = "YAML anchors and aliases (& and *) are not allowed"

# The tag YAML 1.1 gives a plain scalar depends only on its text: remember it.
_plain_tags: dict = {}


def _plain_tag(loader, value: str) -> str:
    tag = _plain_tags.get(value)
    if tag is None:
        tag = loader.resolve(yaml.ScalarNode, value, (True, False))
        if len(_plain_tags) > 50_000:
            _plain_tags.clear()
        _plain_tags[value] = tag
    return tag


class _Frame:
    """An open mapping or sequence: the container being filled and where it is."""

    __slots__ = ("container", "keypath", "is_map", "key", "key_line", "skip_value")

    def __init__(self, container, keypath, is_map):
        self.container = container
        self.keypath = keypath
        self.is_map = is_map
        self.key = None  # the mapping's key waiting for its value (None: a key comes next)
        self.key_line = 0
        self.skip_value = False  # the value after a refused or repeated key is not built


class _Builder:
    """One pass over the parser's events: the rules checked, the data and lines built.

    Every event is checked (anchors, aliases, depth) in stream order, exactly
    as far as the parser gets, so the first refusal or syntax error in the
    file is the one reported.  Data and lines come from the first document;
    a second document is an error once the whole stream has been checked.
    """

    def __init__(self, loader, path):
        self.loader = loader
        self.path = path

    def run(self):
        loader = self.loader
        get_event = loader.get_event
        check_event = loader.check_event
        path = self.path
        lines: dict = {}
        problems: list = []
        stack: list = []  # open _Frames of the first document
        depth = 0  # collection nesting, over the whole stream
        skip = 0  # > 0: inside a subtree that is not built (its nesting level)
        documents = 0
        second = first = None
        result = None
        done = False  # the first document's root node is complete
        while check_event():
            event = get_event()
            kind = type(event)
            if kind is _SCALAR or kind is _MAP_START or kind is _SEQ_START:
                if event.anchor is not None:
                    raise _Refused(event.start_mark.line + 1, _ANCHORS)
                if kind is not _SCALAR:
                    depth += 1
                    if depth > MAX_DEPTH:
                        raise _Refused(event.start_mark.line + 1, f"nesting deeper than {MAX_DEPTH} levels")
                if done:
                    continue
                if skip:
                    if kind is not _SCALAR:
                        skip += 1
                    continue
                # where does this node go?
                frame = stack[-1] if stack else None
                if frame is not None and frame.is_map and frame.key is None:
                    # a mapping key: a plain word or number, never a collection or a merge
                    line = event.start_mark.line + 1
                    if kind is _SCALAR:
                        tag = event.tag
                        if tag is None or tag == "!":
                            tag = _plain_tag(loader, event.value) if event.implicit[0] else None
                        if tag != _MERGE_TAG:
                            key = event.value
                            if key in frame.container:
                                problems.append(Problem(path, line, f"duplicate key '{key}'"))
                                frame.skip_value = True
                            frame.key = key
                            frame.key_line = line
                            continue
                    problems.append(Problem(path, line, "mapping keys must be plain words or numbers"))
                    frame.key = _NO_KEY
                    frame.skip_value = True
                    if kind is not _SCALAR:
                        skip = 1  # the key's own subtree
                    continue
                if frame is not None and frame.skip_value:
                    frame.key = None
                    frame.skip_value = False
                    if kind is not _SCALAR:
                        skip = 1
                    continue
                if frame is None:
                    keypath = ()
                elif frame.is_map:
                    keypath = frame.keypath + (frame.key,)
                else:
                    keypath = frame.keypath + (len(frame.container),)
                lines[keypath] = event.start_mark.line + 1
                if kind is _SCALAR:
                    value = self._scalar(event, problems)
                else:
                    tag = event.tag
                    if tag is not None and tag != "!" and tag not in _COLLECTION_TAGS:
                        problems.append(_tag_problem(tag, event.start_mark, path))
                        value = None
                        skip = 1
                    else:
                        value = {} if kind is _MAP_START else []
                        stack.append(_Frame(value, keypath, kind is _MAP_START))
                        continue
                # a complete value: store it
                if frame is None:
                    result, done = value, True
                elif frame.is_map:
                    frame.container[frame.key] = value
                    frame.key = None
                else:
                    frame.container.append(value)
            elif kind is _SEQ_END or kind is _MAP_END:
                depth -= 1
                if done:
                    continue
                if skip:
                    skip -= 1
                    if skip == 0:  # a skipped subtree ends: it was a key or a value
                        self._after_skipped(stack)
                    continue
                frame = stack.pop()
                value = frame.container
                if not stack:
                    result, done = value, True
                else:
                    parent = stack[-1]
                    if parent.is_map:
                        parent.container[parent.key] = value
                        parent.key = None
                    else:
                        parent.container.append(value)
            elif kind is _ALIAS:
                raise _Refused(event.start_mark.line + 1, _ANCHORS)
            elif kind is _DOC_START:
                documents += 1
                if documents == 1:
                    first = event
                elif documents == 2:
                    second = event
            elif kind is _STREAM_END:
                break
        if second is not None:
            raise yaml.composer.ComposerError("expected a single document in the stream", first.start_mark,
                                              "but found another document", second.start_mark)
        if documents == 0:
            return None
        return result, lines, problems

    @staticmethod
    def _after_skipped(stack):
        """A skipped collection ended: a refused key (its value is skipped next) or a skipped value."""
        if not stack:
            return
        frame = stack[-1]
        if frame.is_map and frame.key is _NO_KEY and frame.skip_value:
            frame.key = _SKIPPED_KEY  # the key is over; now its value is skipped
            return
        if frame.is_map:
            frame.key = None
            frame.skip_value = False

    def _too_large(self, event, problems):
        shown = event.value if len(event.value) <= 24 else event.value[:23] + "…"
        problems.append(Problem(self.path, event.start_mark.line + 1,
                                f"the number {shown} is too large (whole numbers fit in 64 bits here)"))
        return None

    def _scalar(self, event, problems):
        value = event.value
        tag = event.tag
        if tag is None or tag == "!":
            tag = _plain_tag(self.loader, value) if event.implicit[0] else _STR_TAG
        if tag == _STR_TAG:
            return value
        if tag not in _PLAIN_TAGS:
            problems.append(_tag_problem(tag, event.start_mark, self.path))
            return None
        if tag == "tag:yaml.org,2002:int":
            if ":" in value:  # YAML 1.1 base-60 number: the organiser meant a clock time
                return value
            if len(value) > 40:
                return self._too_large(event, problems)
            if value.isdigit() and value.isascii() and (value[0] != "0" or value == "0"):
                number = int(value)
            else:
                number = _constructor.construct_yaml_int(yaml.ScalarNode(tag, value))
            return number if -MAX_INT - 1 <= number <= MAX_INT else self._too_large(event, problems)
        if tag == "tag:yaml.org,2002:float":
            if ":" in value:
                return value
            return _constructor.construct_yaml_float(yaml.ScalarNode(tag, value))
        if tag == "tag:yaml.org,2002:bool":
            lowered = value.lower()
            return lowered == "true" if lowered in ("true", "false") else value
        if tag == "tag:yaml.org,2002:null":
            return None
        return value  # a timestamp stays the text it is (dates are compared as text)


_STR_TAG = "tag:yaml.org,2002:str"
_NO_KEY = object()  # a refused key is being read
_SKIPPED_KEY = object()  # a refused key was read: its value is skipped


def _tag_problem(tag, mark, path) -> Problem:
    shown = tag.replace("tag:yaml.org,2002:", "!!")
    return Problem(path, mark.line + 1, f"the YAML tag '{shown}' is not allowed")
