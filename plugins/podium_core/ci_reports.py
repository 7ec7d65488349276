"""Problems written for a CI system: annotations on the lines that caused them.

``podium validate --format FORMAT`` prints the same problems as the plain
``path:line: message`` lines, in a form a CI service reads:

``github``
    GitHub Actions workflow commands, one per problem, on standard output:
    ``::error file=PATH,line=LINE::MESSAGE``.  GitHub shows each as an
    annotation on that line of the pull request's diff.  As the workflow
    command syntax requires, ``%``, CR and LF are escaped as ``%25``,
    ``%0D``, ``%0A`` in the message, and additionally ``:`` and ``,`` as
    ``%3A``, ``%2C`` in the property values (the path); every other control
    character is written as its escape first (:mod:`podium_core.printable`).
``gitlab``
    A GitLab code quality report (the Code Climate issue format GitLab
    reads from ``artifacts:reports:codequality``): one JSON array on
    standard output, one object per problem with ``description``,
    ``check_name``, ``fingerprint`` (stable: a SHA-256 of path, line and
    message), ``severity`` and ``location`` (``path``, ``lines.begin``).
    No problems give ``[]``.

Paths are written relative to the working directory when they lie below
it, with ``/`` separators: both services expect paths from the repository's
root, where CI runs the command.
"""

from __future__ import annotations

import hashlib
import json
import os

from .printable import printable

FORMATS = ("text", "github", "gitlab")
CHECK_NAME = "podium-validate"


def repository_path(path: str) -> str:
    """``path`` relative to the working directory if it lies below it, with ``/``."""
    absolute = os.path.abspath(path)
    here = os.getcwd()
    if os.path.commonpath([absolute, here]) == here:
        path = os.path.relpath(absolute, here)
    return path.replace(os.sep, "/")


def _escape_data(text: str) -> str:
    return printable(text.replace("%", "%25").replace("\r", "%0D").replace("\n", "%0A"))


def _escape_property(text: str) -> str:
    return _escape_data(text).replace(":", "%3A").replace(",", "%2C")


def github(problems) -> str:
    """One ``::error`` workflow command per problem, in the order given."""
    return "".join(f"::error file={_escape_property(repository_path(p.path))},line={p.line}::{_escape_data(p.message)}\n"
                   for p in problems)


def fingerprint(path: str, line: int, message: str) -> str:
    return hashlib.sha256(f"{path}\0{line}\0{message}".encode("utf-8")).hexdigest()


def gitlab(problems) -> str:
    """The code quality report of ``problems``: a JSON array, one issue per problem."""
    issues = []
    for p in problems:
        path = repository_path(p.path)
        issues.append({
            "type": "issue",
            "check_name": CHECK_NAME,
            "description": p.message,
            "categories": ["Bug Risk"],
            "severity": "major",
            "fingerprint": fingerprint(path, p.line, p.message),
            "location": {"path": path, "lines": {"begin": p.line}},
        })
    return json.dumps(issues, ensure_ascii=False, indent=2) + "\n"


WRITERS = {"github": github, "gitlab": gitlab}
