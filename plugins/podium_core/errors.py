"""Problems are values with a location, collected rather than raised one by one.

Every problem found in organisers' files is reported as ``path:line: message``
(``path:row:column: message`` in a spreadsheet's file, where the column tells
the cell), on one line whatever the path or message hold
(:mod:`podium_core.printable`); a run collects all of them, prints them
together and stops before writing.
"""

from __future__ import annotations

from dataclasses import dataclass

from .printable import printable, printable_path


@dataclass(frozen=True, order=True)
class Problem:
    """One problem in one file, at the line of the offending value (and its
    column, 1-based, where one is told; 0 where not)."""

    path: str
    line: int
    message: str
    column: int = 0

    def __str__(self) -> str:
        where = f"{self.line}:{self.column}" if self.column else f"{self.line}"
        return f"{printable_path(self.path)}:{where}: {printable(self.message)}"


@dataclass(frozen=True)
class Spot:
    """A place that is one line of one file, whatever part of it is asked
    for: where a problem goes when no value of a document holds it (the
    first line of a broken file, the ``format:`` line of an event)."""

    path: str
    at: int = 1

    def line(self, *_sub) -> int:
        return self.at


class Problems(Exception):
    """Raised once, at the end of a stage of work, carrying every problem found."""

    def __init__(self, problems):
        self.problems = sorted(set(problems), key=_reading_order)
        super().__init__("\n".join(str(p) for p in self.problems))


def _reading_order(problem: Problem):
    return (problem.path, problem.line, problem.column, problem.message)


class Collector:
    """Gathers problems while work goes on; ``raise_if_any`` ends the stage."""

    def __init__(self):
        self.problems: list[Problem] = []

    def add(self, path: str, line: int, message: str) -> None:
        self.problems.append(Problem(str(path), int(line or 1), message))

    def extend(self, problems) -> None:
        self.problems.extend(problems)

    def __bool__(self) -> bool:
        return bool(self.problems)

    def raise_if_any(self) -> None:
        if self.problems:
            raise Problems(self.problems)
