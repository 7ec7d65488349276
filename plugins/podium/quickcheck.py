"""A quick yes/no check of a loaded file against its JSON Schema.

Almost every file of a results folder is valid, and ``jsonschema`` spends
most of a build's loading time proving it.  :func:`valid` answers the
common case: each schema of :mod:`podium.schemas` is compiled once into
plain Python checks, and a document they accept is valid.

The answer is one-sided by construction.  ``valid(kind, data)`` is True only
when every check of the schema passed, and each check is at least as strict
as the JSON Schema keyword it stands for (an ``integer`` must be a Python
``int``, an ``enum`` value must have the type of a listed one, ...).  When it
is False, or when a schema uses a keyword this module does not know, the
caller asks ``jsonschema`` (:func:`podium.schemas.check`), which finds the
problems and words them -- so the messages organisers see never come from
here, and a document this module cannot vouch for costs what it always did.
"""

from __future__ import annotations

import re
from functools import lru_cache

from . import schemas

# keywords that only describe: they never make a document invalid
_ANNOTATIONS = {"$schema", "$id", "$comment", "title", "description", "default", "examples", "deprecated",
                "readOnly", "writeOnly", "$defs", "definitions"}

_TYPES = {
    "object": lambda x: type(x) is dict,
    "array": lambda x: type(x) is list,
    "string": lambda x: type(x) is str,
    "integer": lambda x: type(x) is int,
    "boolean": lambda x: type(x) is bool,
    "null": lambda x: x is None,
    "number": lambda x: type(x) is int or type(x) is float,
}


# the JSON Schema types exactly as jsonschema reads them (1.0 is an integer there)
_JSON_TYPES = {
    "object": lambda x: isinstance(x, dict),
    "array": lambda x: isinstance(x, list),
    "string": lambda x: isinstance(x, str),
    "integer": lambda x: (isinstance(x, int) and not isinstance(x, bool)) or (isinstance(x, float) and x.is_integer()),
    "boolean": lambda x: isinstance(x, bool),
    "null": lambda x: x is None,
    "number": lambda x: isinstance(x, (int, float)) and not isinstance(x, bool),
}


class _Unknown(Exception):
    """The schema uses something this module does not check: never answer yes."""


def _never(_value) -> bool:
    return False


def _always(_value) -> bool:
    return True


@lru_cache(maxsize=None)
def _compiled(kind: str):
    root = schemas.schema(kind)
    try:
        return _Compiler(root).compile(root)
    except _Unknown:
        return _never


def valid(kind: str, data) -> bool:
    """True only if ``data`` is certainly valid against the schema of ``kind``;
    False when it is not, or when this module cannot tell (ask jsonschema)."""
    try:
        return _compiled(kind)(data)
    except RecursionError:
        return False


def _same_type_equal(value, expected) -> bool:
    """JSON equality, kept strict: ``True`` is not ``1``, ``1.0`` is not ``1``."""
    return type(value) is type(expected) and value == expected


class _Compiler:
    """Turns one schema (with local ``$ref`` s into its ``$defs``) into a function."""

    def __init__(self, root: dict):
        self.root = root
        self.refs: dict = {}

    def compile(self, schema):
        if schema is True:
            return _always
        if schema is False:
            return _never
        if not isinstance(schema, dict):
            raise _Unknown(schema)
        checks = []
        for keyword, value in schema.items():
            if keyword in _ANNOTATIONS:
                continue
            make = getattr(self, "_" + keyword.lstrip("$"), None)
            if make is None or keyword in ("then", "else"):
                if keyword in ("then", "else") and "if" in schema:
                    continue  # compiled with "if"
                raise _Unknown(keyword)
            checks.append(make(value, schema))
        if not checks:
            return _always
        if len(checks) == 1:
            return checks[0]
        return _all_of(tuple(checks))

    # -- keywords ----------------------------------------------------------------------

    def _ref(self, ref, _schema):
        if not isinstance(ref, str) or not ref.startswith("#/$defs/") or "~" in ref or "%" in ref:
            raise _Unknown(ref)
        name = ref[len("#/$defs/"):]
        if name not in self.refs:
            target = self.root.get("$defs", {}).get(name)
            if target is None:
                raise _Unknown(ref)
            box = []
            self.refs[name] = lambda x: box[0](x)  # allows recursive definitions
            box.append(self.compile(target))
        return self.refs[name]

    def _type(self, value, _schema):
        names = [value] if isinstance(value, str) else value
        if not isinstance(names, list) or any(n not in _TYPES for n in names):
            raise _Unknown(value)
        tests = tuple(_TYPES[n] for n in names)
        if len(tests) == 1:
            return tests[0]
        return lambda x: any(test(x) for test in tests)

    def _enum(self, values, _schema):
        if not isinstance(values, list):
            raise _Unknown(values)
        values = tuple(values)
        return lambda x: any(_same_type_equal(x, v) for v in values)

    def _const(self, value, _schema):
        return lambda x: _same_type_equal(x, value)

    def _properties(self, properties, _schema):
        compiled = tuple((name, self.compile(sub)) for name, sub in properties.items())

        def check(x):
            if type(x) is dict:
                for name, sub in compiled:
                    if name in x and not sub(x[name]):
                        return False
            return True

        return check

    def _additionalProperties(self, sub, schema):
        if "patternProperties" in schema:
            raise _Unknown("patternProperties")
        known = frozenset(schema.get("properties", ()))
        if sub is False:
            return lambda x: type(x) is not dict or known.issuperset(x)
        sub_check = self.compile(sub)

        def check(x):
            if type(x) is dict:
                for k, v in x.items():
                    if k not in known and not sub_check(v):
                        return False
            return True

        return check

    def _required(self, names, _schema):
        names = tuple(names)
        return lambda x: type(x) is not dict or all(name in x for name in names)

    def _propertyNames(self, sub, _schema):
        check = self.compile(sub)
        return lambda x: type(x) is not dict or all(type(k) is str and check(k) for k in x)

    def _minProperties(self, n, _schema):
        return lambda x: type(x) is not dict or len(x) >= n

    def _maxProperties(self, n, _schema):
        return lambda x: type(x) is not dict or len(x) <= n

    def _items(self, sub, schema):
        if "prefixItems" in schema or not isinstance(sub, (dict, bool)):
            raise _Unknown("items")
        item_check = self.compile(sub)

        def check(x):
            if type(x) is list:
                for v in x:
                    if not item_check(v):
                        return False
            return True

        return check

    def _minItems(self, n, _schema):
        return lambda x: type(x) is not list or len(x) >= n

    def _maxItems(self, n, _schema):
        return lambda x: type(x) is not list or len(x) <= n

    def _uniqueItems(self, unique, _schema):
        if not unique:
            return _always
        # only lists of text are vouched for; anything else goes to jsonschema
        return lambda x: type(x) is not list or (all(type(v) is str for v in x) and len(set(x)) == len(x))

    def _minimum(self, n, _schema):
        return lambda x: type(x) not in (int, float) or x >= n

    def _maximum(self, n, _schema):
        return lambda x: type(x) not in (int, float) or x <= n

    def _exclusiveMinimum(self, n, _schema):
        return lambda x: type(x) not in (int, float) or x > n

    def _exclusiveMaximum(self, n, _schema):
        return lambda x: type(x) not in (int, float) or x < n

    def _minLength(self, n, _schema):
        return lambda x: type(x) is not str or len(x) >= n

    def _maxLength(self, n, _schema):
        return lambda x: type(x) is not str or len(x) <= n

    def _pattern(self, pattern, _schema):
        search = re.compile(pattern).search
        return lambda x: type(x) is not str or search(x) is not None

    def _allOf(self, subs, _schema):
        return _all_of(tuple(self.compile(s) for s in subs))

    def _anyOf(self, subs, _schema):
        checks = tuple(self.compile(s) for s in subs)
        return lambda x: any(check(x) for check in checks)

    def _oneOf(self, subs, _schema):
        # exactly one branch: it passes, and every other branch certainly fails
        branches = tuple((self.compile(s), self._fails(s)) for s in subs)

        def one(x):
            passed = [i for i, (check, _) in enumerate(branches) if check(x)]
            if len(passed) != 1:
                return False
            return all(fails(x) for i, (_, fails) in enumerate(branches) if i != passed[0])

        return one

    def _fails(self, schema):
        """A test that is True only when ``schema`` certainly rejects the value."""
        if _exact(schema):
            check = self.compile(schema)
            return lambda x: not check(x)
        if isinstance(schema, dict) and set(schema) == {"$ref"}:
            ref = schema["$ref"]
            if isinstance(ref, str) and ref.startswith("#/$defs/"):
                return self._fails(self.root.get("$defs", {}).get(ref[len("#/$defs/"):], {}))
        if isinstance(schema, dict) and "type" in schema:
            names = [schema["type"]] if isinstance(schema["type"], str) else schema["type"]
            if isinstance(names, list) and all(n in _JSON_TYPES for n in names):
                tests = tuple(_JSON_TYPES[n] for n in names)
                return lambda x: not any(test(x) for test in tests)
        raise _Unknown("oneOf")

    def _not(self, sub, _schema):
        # "not" turns a no into a yes: only safe when the inner check is exact.
        # It is for the forms used here: required, or anyOf/allOf of required.
        if not _exact(sub):
            raise _Unknown("not")
        check = self.compile(sub)
        return lambda x: not check(x)

    def _if(self, condition, schema):
        # if/then/else also needs an exact condition: its "no" picks the branch.
        if not _exact(condition):
            raise _Unknown("if")
        test = self.compile(condition)
        then = self.compile(schema.get("then", True))
        otherwise = self.compile(schema.get("else", True))
        return lambda x: then(x) if test(x) else otherwise(x)


def _all_of(checks: tuple):
    def check(x):
        for one in checks:
            if not one(x):
                return False
        return True

    return check


def _exact(schema) -> bool:
    """Whether the compiled check of ``schema`` says no exactly when jsonschema
    does (not only "at least as strict"): needed under ``not`` and ``if``.

    True for ``required``, ``enum``/``const`` of text, ``properties`` whose
    subschemas are exact, and ``anyOf``/``allOf`` of exact schemas.
    """
    if isinstance(schema, bool):
        return True
    if not isinstance(schema, dict):
        return False
    for keyword, value in schema.items():
        if keyword in _ANNOTATIONS:
            continue
        if keyword == "required":
            continue
        if keyword in ("enum", "const"):
            values = value if keyword == "enum" else [value]
            if not all(isinstance(v, str) for v in values):
                return False
            continue
        if keyword == "properties":
            if not all(_exact(sub) for sub in value.values()):
                return False
            continue
        if keyword in ("anyOf", "allOf"):
            if not all(_exact(sub) for sub in value):
                return False
            continue
        return False
    return True
