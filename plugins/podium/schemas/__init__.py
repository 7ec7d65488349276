"""JSON Schemas (Draft 2020-12) of the files organisers write, and their checker.

``check(document, kind)`` validates a loaded document and returns every
violation as a located :class:`~podium.errors.Problem`.
"""

from __future__ import annotations

import json
from functools import lru_cache
from importlib import resources

from ..errors import Problem

KINDS = ("event", "round", "players")

_FRIENDLY_PATTERNS = {
    "^[a-z0-9][a-z0-9_-]*$": "is not a valid id (use lowercase letters, digits, '-' and '_', starting with a letter or digit)",
    "^[a-z0-9][a-z0-9-]*$": "is not a valid slug (use lowercase letters, digits and '-')",
    "^[0-9]{4}-[0-9]{2}-[0-9]{2}$": "is not a date (write YYYY-MM-DD)",
    "^[0-9]{1,3}:[0-5][0-9]$": "is not a clock time (write m:ss, e.g. \"18:20\")",
}


def schema(kind: str) -> dict:
    """The JSON Schema of one file kind: event, round or players."""
    return json.loads(resources.files(__package__).joinpath(f"{kind}.schema.json").read_text("utf-8"))


@lru_cache(maxsize=None)
def _validator(kind: str):
    """jsonschema's validator for ``kind``, made once (imported only when a file is checked)."""
    from jsonschema import Draft202012Validator

    return Draft202012Validator(schema(kind))


def check(document, kind: str) -> list[Problem]:
    """Every schema violation of ``document`` (a loaded file of ``kind``)."""
    if document.data is None:
        what = "a round file needs at least stage: and round:" if kind == "round" else f"this {kind} file needs content"
        return [Problem(document.path, 1, f"the file is empty: {what}")]
    problems = []
    for error in _validator(kind).iter_errors(document.data):
        error = _most_telling(error)
        keypath = tuple(error.absolute_path)
        if error.validator == "additionalProperties" and error.validator_value is False:
            known = ", ".join(sorted(error.schema.get("properties", {})))
            for name in sorted(set(error.instance) - set(error.schema.get("properties", {}))):
                where = _keypath_text(keypath + (name,))
                hint = f"known fields here: {known}" if known else "no fields are allowed here"
                problems.append(Problem(document.path, document.line(*keypath, name), f"{where}: unknown field ({hint})"))
            continue
        problems.append(Problem(document.path, document.line(*keypath), _message(error, keypath)))
    return problems


def _most_telling(error):
    """For ``oneOf``/``anyOf``, the error of the branch the value was meant for:
    the one that got deepest into the value, and there not a mere type clash
    at the top (which only says the branch was the wrong one)."""
    while error.context:
        error = max(error.context, key=lambda e: (len(e.absolute_path), e.validator != "type"))
    return error


_TYPE_WORDS = {"integer": "a whole number", "string": "text", "array": "a list", "object": "a mapping (key: value)",
               "boolean": "true or false", "number": "a number"}


def _message(error, keypath) -> str:
    where = _keypath_text(keypath)
    if error.validator == "pattern" and error.validator_value in _FRIENDLY_PATTERNS:
        text = f"{error.instance!r} {_FRIENDLY_PATTERNS[error.validator_value]}"
    elif error.validator == "enum":
        text = f"{error.instance!r} is not one of: {', '.join(str(v) for v in error.validator_value)}"
    elif error.validator == "false":
        text = "this field is not allowed here"
    elif error.validator == "type" and isinstance(error.validator_value, str):
        text = f"{error.instance!r} should be {_TYPE_WORDS.get(error.validator_value, error.validator_value)}"
    elif error.validator in ("minItems", "maxItems"):
        low, high = error.schema.get("minItems"), error.schema.get("maxItems")
        count = f"exactly {low}" if low == high else (f"at least {low}" if error.validator == "minItems" else f"at most {high}")
        text = f"needs {count} {'entry' if count.endswith(' 1') else 'entries'}, not {len(error.instance)}"
    elif error.validator == "not" and "anyOf" in error.validator_value:
        text = "a round file lists tables, games or matches: only one of them"
    elif error.validator == "oneOf":
        fields = [name for branch in error.validator_value for name in branch.get("required", ())]
        text = f"give only one of: {', '.join(fields)}"
    else:
        text = error.message
    return f"{where}: {text}" if where else text


def _keypath_text(keypath) -> str:
    text = ""
    for part in keypath:
        text += f"[{part}]" if isinstance(part, int) else (f".{part}" if text else str(part))
    return text
