"""Exact values for engines, rounded values for people (formats.md 0.4).

Engines compare ``Fraction`` and integer values exactly; only the functions
here turn them into JSON numbers or display text.
"""

from __future__ import annotations

from fractions import Fraction


def json_number(value):
    """An exact value as a JSON number: whole numbers stay integers, others
    are rounded to 6 decimals (outputs.md section 3)."""
    kind = type(value)
    if kind is int:  # the most common, told apart by its exact type first
        return value
    if value is None or isinstance(value, bool):
        return value
    if isinstance(value, int):
        return value
    if isinstance(value, Fraction):
        if value.denominator == 1:
            return value.numerator
        return round(float(value), 6)
    return round(float(value), 6)


def tenths(value: int) -> float:
    """Integer tenths (Tantrix TP) as a number with one decimal."""
    return round(value / 10, 1)


def decimal_text(value, places: int = 2) -> str:
    """A value for display with a fixed number of decimals; whole numbers bare."""
    if isinstance(value, Fraction) and value.denominator == 1:
        value = value.numerator
    if isinstance(value, int):
        return str(value)
    return f"{float(value):.{places}f}"


def percent_text(value, places: int = 1) -> str:
    """A fraction of one as a percentage (0.25 -> '25.0%')."""
    return f"{float(value) * 100:.{places}f}%"
