"""JSON Schemas (Draft 2020-12) of the files organisers write, and their checker.

``check(document, kind)`` validates a loaded document and returns every
violation as a located :class:`~podium_core.errors.Problem`.

The schemas are read as JSON Schema means them, where Python's defaults
would differ: an ``integer`` is a whole number written as one (``2.0`` is
not, nor is ``true``); a ``number`` is an ``int`` or a ``float`` as YAML
reads them (``true`` is not); a ``pattern``'s ``$`` ends the text (as in
ECMA-262: no trailing newline is let through); ``format: date`` is a real
calendar date.  Values quoted in messages are cut to a readable length.

A file is first shown to a compiled validator (jsonschema-rs), which
answers in microseconds whether it is valid; jsonschema is asked only about
a file it refuses, to tell every problem in the organiser's words.
"""

from __future__ import annotations

import datetime
import json
import re
from functools import lru_cache
from importlib import resources

from ..errors import Problem
from ..keypath_names import place

KINDS = ("event", "round", "players")

_FRIENDLY_PATTERNS = {
    "^[a-z0-9][a-z0-9_-]*$": "is not a valid id (use lowercase letters, digits, '-' and '_', starting with a letter or digit)",
    "^[a-z0-9][a-z0-9-]*$": "is not a valid slug (use lowercase letters, digits and '-')",
    "^[0-9]{4}-[0-9]{2}-[0-9]{2}$": "is not a date (write YYYY-MM-DD)",
    "^[0-9]{1,3}:[0-5][0-9]$": "is not a clock time (write m:ss, e.g. \"18:20\")",
    "^[1-9][0-9]{0,3}$": "is not a table number (a whole number from 1 to 9999)",
    "^[^\\u0000-\\u001f\\u007f-\\u009f\\u202a-\\u202e\\u2066-\\u2069]*$": "contains a control character (a tab, a line break, an invisible or a text-direction code): remove it",
    "^[^\\u0000-\\u0008\\u000b-\\u001f\\u007f-\\u009f\\u202a-\\u202e\\u2066-\\u2069]*$": "contains a control character (an invisible or a text-direction code): remove it",
}

SHOWN_LENGTH = 60  # characters of a value quoted in a message


def schema(kind: str) -> dict:
    """The JSON Schema of one file kind: event, round or players, as its file
    says it.

    The event schema's ``format`` is made from the declarations: one of the
    built-in ids, or the slug of a named variant (which the pipeline then
    looks up in ``RESULTS/formats/``, and whose options it checks).
    """
    document = json.loads(resources.files(__package__).joinpath(f"{kind}.schema.json").read_text("utf-8"))
    if kind == "event":
        from ..formats.declarations import BUILTINS

        document["properties"]["format"] = {"anyOf": [{"enum": [d.id for d in BUILTINS]}, {"$ref": "#/$defs/slug"}]}
    return document


def prepared(document: dict) -> dict:
    """``document`` as it is checked: each local reference replaced by what
    it names (:func:`_inlined`).  It accepts and refuses the same values,
    with the same errors in the same order, and no reference is looked up
    while a value is checked."""
    return _inlined(document, document.get("$defs", {}), {}, ())


_DEF = "#/$defs/"

# Keywords read together with their neighbours in one schema object
# (``additionalProperties`` with ``properties``, ``minItems`` with
# ``maxItems`` in a message...): never split between a definition and the
# object it is merged into.
_TOGETHER = (
    {"properties", "patternProperties", "additionalProperties", "unevaluatedProperties"},
    {"prefixItems", "items", "contains", "minContains", "maxContains", "unevaluatedItems"},
    {"if", "then", "else"},
    {"minItems", "maxItems"}, {"minLength", "maxLength"}, {"minProperties", "maxProperties"},
    {"minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum"},
)
_RESOURCE_KEYWORDS = {"$id", "$anchor", "$dynamicAnchor", "$dynamicRef", "$schema"}


def _inlined(node, defs: dict, done: dict, open_: tuple):
    """``node`` with each ``$ref`` to ``#/$defs/NAME`` replaced by that
    definition, itself inlined.

    The definition's keywords take the reference's place in the object that
    holds it when the two share no keyword (nor a group of
    :data:`_TOGETHER`); otherwise the reference becomes ``allOf:
    [definition]`` at its place, which means the same.  jsonschema checks
    keywords in the order they are written, so errors keep their order.  A
    reference stays as written when it is recursive, when its definition
    starts a resource of its own (``$id``, anchors), or when its object
    already has an ``allOf``; ``$defs`` stay as written, so such a
    reference still resolves."""
    if isinstance(node, list):
        return [_inlined(item, defs, done, open_) for item in node]
    if not isinstance(node, dict):
        return node
    result: dict = {}
    for key, value in node.items():
        target = _definition(value, defs, done, open_) if key == "$ref" else None
        if key == "$defs":
            result[key] = value
        elif target is None:
            result[key] = _inlined(value, defs, done, open_)
        elif _mergeable(target, set(node) - {"$ref"}):
            result.update(target)
        elif "allOf" not in node:
            result["allOf"] = [target]
        else:
            result[key] = value
    return result


def _definition(ref, defs: dict, done: dict, open_: tuple):
    """The inlined definition ``ref`` names, or None when it stays a reference."""
    if not isinstance(ref, str) or not ref.startswith(_DEF):
        return None
    name = ref[len(_DEF):]
    target = defs.get(name)
    if name in open_ or not isinstance(target, dict) or _RESOURCE_KEYWORDS & set(target):
        return None
    if name not in done:
        done[name] = _inlined(target, defs, done, open_ + (name,))
    return done[name]


def _mergeable(target: dict, siblings: set) -> bool:
    keys = set(target)
    return not siblings & keys and not any(group & siblings and group & keys for group in _TOGETHER)


@lru_cache(maxsize=None)
def _validator(kind: str):
    """The validator of ``kind``'s :func:`prepared` schema."""
    return validator_of(prepared(schema(kind)))


def validator_of(document: dict):
    """jsonschema's validator of a schema ``document`` with the module's rules
    above, imported only when a file is checked: importing it takes a tenth
    of a second."""
    from jsonschema import Draft202012Validator, FormatChecker, ValidationError, validators

    def whole_number(_checker, instance) -> bool:
        return type(instance) is int

    def number(_checker, instance) -> bool:
        return type(instance) is int or type(instance) is float

    def pattern(validator, expression, instance, _schema):
        if validator.is_type(instance, "string") and not _ecma_pattern(expression).search(instance):
            yield ValidationError(f"{_shown(instance)} does not match {expression!r}")

    checker = Draft202012Validator.TYPE_CHECKER.redefine_many({"integer": whole_number, "number": number})
    strict = validators.extend(Draft202012Validator, validators={"pattern": pattern}, type_checker=checker)
    formats = FormatChecker([])
    formats.checks("date")(_real_date)
    return strict(document, format_checker=formats)


@lru_cache(maxsize=None)
def _ecma_pattern(expression: str):
    """``expression`` compiled with every unescaped ``$`` as ``\\Z``: the end of the
    text, never before a final newline as Python's ``$`` allows."""
    return re.compile(re.sub(r"(?<!\\)\$", r"\\Z", expression))


_DATE_SHAPE = re.compile(r"[0-9]{4}-[0-9]{2}-[0-9]{2}")


def _real_date(value) -> bool:
    """A ``YYYY-MM-DD`` text names a day of the calendar (other texts are the
    ``pattern``'s to refuse, so each mistake is told once)."""
    if not isinstance(value, str) or not _DATE_SHAPE.fullmatch(value):
        return True
    try:
        datetime.date.fromisoformat(value)
    except ValueError:
        return False
    return True


def _shown(value) -> str:
    """``repr(value)``, cut to :data:`SHOWN_LENGTH` characters."""
    text = repr(value)
    return text if len(text) <= SHOWN_LENGTH else text[:SHOWN_LENGTH - 1] + "…"


def check(document, kind: str) -> list[Problem]:
    """Every schema violation of ``document`` (a loaded file of ``kind``)."""
    if document.data is None:
        what = "a round file needs at least stage: and round:" if kind == "round" else f"this {kind} file needs content"
        return [Problem(document.path, 1, f"the file is empty: {what}")]
    if accepted(document.data, kind):
        return []
    return explained(document, _validator(kind))


def accepted(data, kind: str) -> bool:
    """``data`` is valid, as the compiled validator of ``kind``'s schema finds
    under this module's rules; False means "ask jsonschema".

    The compiled validator counts ``2.0`` as an integer and a tuple as a
    list, so data holding anything but mappings, lists, texts, whole
    numbers, booleans and nulls (a float, a tuple) is left to jsonschema; so
    is data it cannot read (a key that is no text)."""
    if not _plain(data):
        return False
    try:
        return _compiled(kind).is_valid(data)
    except ValueError:
        return False


_PLAIN_VALUES = (str, int, bool, type(None))


def _plain(data) -> bool:
    """``data`` is made of dicts, lists, texts, ints, booleans and None only."""
    stack = [data]
    while stack:
        node = stack.pop()
        kind = type(node)
        if kind is dict:
            stack.extend(node.values())
        elif kind is list:
            stack.extend(node)
        elif kind not in _PLAIN_VALUES:
            return False
    return True


@lru_cache(maxsize=None)
def _compiled(kind: str):
    """jsonschema-rs's validator of ``kind``'s schema, ``format: date`` by this
    module's rule (:func:`_real_date`)."""
    import jsonschema_rs

    return jsonschema_rs.Draft202012Validator(schema(kind), validate_formats=True, formats={"date": _real_date})


def explained(document, validator) -> list[Problem]:
    """Every violation ``validator`` (:func:`validator_of`) finds in ``document``,
    located and worded for the organiser."""
    problems = []
    glued = set()  # key paths of `key:value` slips, each reported once
    for error in validator.iter_errors(document.data):
        error = _most_telling(error)
        keypath = tuple(error.absolute_path)
        slip = _glued_key(error, keypath)
        if slip is not None:
            if slip[0] not in glued:
                glued.add(slip[0])
                problems.append(Problem(document.path, document.line(*slip[0]), slip[1]))
            continue
        if error.validator == "additionalProperties" and error.validator_value is False:
            known = ", ".join(sorted(error.schema.get("properties", {})))
            for name in sorted(set(error.instance) - set(error.schema.get("properties", {}))):
                where = _keypath_text(keypath + (name,), document.data)
                hint = f"known fields here: {known}" if known else "no fields are allowed here"
                problems.append(Problem(document.path, document.line(*keypath, name), f"{where}: unknown field ({hint})"))
            continue
        problems.append(Problem(document.path, document.line(*keypath), _message(error, keypath, document.data)))
    return problems


def _glued_key(error, keypath):
    """``anna:10`` read as a key without a value (the space after ':' is missing):
    its key path and the message saying so, or None for any other error."""
    candidates = []
    if keypath and isinstance(keypath[-1], str):
        candidates.append(keypath)
    if error.validator in ("propertyNames", "pattern") and isinstance(error.instance, str):
        candidates.append(keypath + (error.instance,) if error.validator == "propertyNames" else keypath)
    for path in candidates:
        key = path[-1]
        if isinstance(key, str) and ":" in key and not key.startswith(":"):
            name, _, value = key.partition(":")
            if value and not value.startswith(" "):
                return path, f"'{key}' needs a space after the ':' (write {name}: {value})"
    return None


def _most_telling(error):
    """For ``oneOf``/``anyOf``, the error of the branch the value was meant for:
    the one that got deepest into the value, and there not a mere type clash
    at the top (which only says the branch was the wrong one)."""
    while error.context:
        error = max(error.context, key=lambda e: (len(e.absolute_path), e.validator != "type"))
    return error


_TYPE_WORDS = {"integer": "a whole number", "string": "text", "array": "a list", "object": "a mapping (key: value)",
               "boolean": "true or false", "number": "a number"}


def _message(error, keypath, data=None) -> str:
    where = _keypath_text(keypath, data)
    if error.validator == "pattern" and error.validator_value in _FRIENDLY_PATTERNS:
        text = f"{_shown(error.instance)} {_FRIENDLY_PATTERNS[error.validator_value]}"
    elif error.validator == "enum":
        text = f"{_shown(error.instance)} is not one of: {', '.join(str(v) for v in error.validator_value)}"
    elif error.validator == "false":
        text = "this field is not allowed here"
    elif error.validator == "type" and error.instance is None:
        text = f"has no value (it should be {_TYPE_WORDS.get(error.validator_value, error.validator_value)})" \
            if isinstance(error.validator_value, str) else "has no value"
    elif error.validator == "type" and isinstance(error.validator_value, str):
        text = f"{_shown(error.instance)} should be {_TYPE_WORDS.get(error.validator_value, error.validator_value)}"
    elif error.validator in ("minItems", "maxItems"):
        low, high = error.schema.get("minItems"), error.schema.get("maxItems")
        count = f"exactly {low}" if low == high else (f"at least {low}" if error.validator == "minItems" else f"at most {high}")
        text = f"needs {count} {'entry' if count.endswith(' 1') else 'entries'}, not {len(error.instance)}"
    elif error.validator == "not" and "anyOf" in error.validator_value:
        text = "a round file lists tables, games or matches: only one of them"
    elif error.validator == "oneOf":
        fields = [name for branch in error.validator_value for name in branch.get("required", ())]
        text = f"give only one of: {', '.join(fields)}"
    elif error.validator == "format" and error.validator_value == "date":
        text = f"{_shown(error.instance)} is not a real date"
    elif error.validator in ("minLength", "maxLength"):
        low, high = error.schema.get("minLength"), error.schema.get("maxLength")
        text = f"{_shown(error.instance)} is too {'short' if error.validator == 'minLength' else 'long'}" + (
            f": at most {high} characters" if error.validator == "maxLength" else "")
    else:
        text = _cut(error.message)
    return f"{where}: {text}" if where else text


def _cut(message: str, length: int = 200) -> str:
    return message if len(message) <= length else message[:length - 1] + "…"


def _keypath_text(keypath, data=None) -> str:
    """The place of a value in the organiser's words (:func:`podium_core.keypath_names.place`),
    a key that cannot be shown as it is quoted and cut short."""
    shown = [_shown(part) if isinstance(part, str) and (not part.isprintable() or len(part) > SHOWN_LENGTH) else part
             for part in keypath]
    return place(shown, data)
