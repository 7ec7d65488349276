"""Settings read as numbers, with the setting named when a value is none."""

from __future__ import annotations


def setting_number(settings, name: str, kind, default):
    """The setting ``name`` as a number (``kind``), ``default`` when it is unset or
    empty; ValueError, naming it, for a value that is no number."""
    value = settings.get(name)
    if value in (None, ""):
        return default
    try:
        return kind(value)
    except (TypeError, ValueError):
        raise ValueError(f"the setting {name} must be a number, not {value!r}") from None
