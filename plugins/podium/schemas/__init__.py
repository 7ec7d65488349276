"""JSON Schemas (Draft 2020-12) of the files organisers write, and their checker.

``check(document, kind)`` validates a loaded document and returns every
violation as a located :class:`~podium.errors.Problem`.
"""

from __future__ import annotations

import json
from functools import lru_cache
from importlib import resources

from jsonschema import Draft202012Validator
from jsonschema.exceptions import best_match

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
def _validator(kind: str) -> Draft202012Validator:
    return Draft202012Validator(schema(kind))


def check(document, kind: str) -> list[Problem]:
    """Every schema violation of ``document`` (a loaded file of ``kind``)."""
    problems = []
    for error in _validator(kind).iter_errors(document.data):
        error = _most_telling(error)
        keypath = tuple(error.absolute_path)
        if error.validator == "additionalProperties" and error.validator_value is False:
            known = ", ".join(sorted(error.schema.get("properties", {})))
            for name in sorted(set(error.instance) - set(error.schema.get("properties", {}))):
                where = _keypath_text(keypath + (name,))
                problems.append(Problem(document.path, document.line(*keypath, name), f"{where}: unknown field (known fields here: {known})"))
            continue
        problems.append(Problem(document.path, document.line(*keypath), _message(error, keypath)))
    return problems


def _most_telling(error):
    """For ``oneOf``/``anyOf``, the error of the branch the value was meant for:
    a branch whose type already fails says less than one that got further."""
    while error.context:
        deeper = [e for e in error.context if e.validator != "type"] or list(error.context)
        error = best_match(deeper)
    return error


def _message(error, keypath) -> str:
    where = _keypath_text(keypath)
    if error.validator == "pattern" and error.validator_value in _FRIENDLY_PATTERNS:
        text = f"{error.instance!r} {_FRIENDLY_PATTERNS[error.validator_value]}"
    elif error.validator == "enum":
        text = f"{error.instance!r} is not one of: {', '.join(str(v) for v in error.validator_value)}"
    elif error.validator == "false":
        text = "this field is not allowed here"
    else:
        text = error.message
    return f"{where}: {text}" if where else text


def _keypath_text(keypath) -> str:
    text = ""
    for part in keypath:
        text += f"[{part}]" if isinstance(part, int) else (f".{part}" if text else str(part))
    return text
