"""The settings of a build: the settings file (``pelicanconf.py``,
``publishconf.py``) and the environment.

A settings file is Python: anything may go wrong in it (a value Pelican
refuses, a theme that is not there, an exception of its own).  Whatever it
is, :func:`read` raises :class:`SettingsError` with one line naming the file
and what went wrong; :func:`environment_number` does the same for a
setting read from the environment that is not a number in its range
(``PODIUM_JOBS=abc``, ``PODIUM_LOCK_WAIT=soon``), naming it.  ``make html``,
``make serve`` and ``make publish`` print that line as it is, never a
traceback.
"""

from __future__ import annotations


class SettingsError(Exception):
    """The settings file cannot be used; the text says why, in one line."""


def read(settings_file: str, override: dict | None = None) -> dict:
    """Pelican's settings from ``settings_file`` with ``override`` (raises :class:`SettingsError`)."""
    from pelican.settings import read_settings

    try:
        return read_settings(settings_file, override=override)
    except Exception as exc:  # noqa: BLE001 - the file is the organisers' Python: any error is theirs to fix
        from podium_core.printable import printable

        what = str(exc).strip().splitlines()[0] if str(exc).strip() else type(exc).__name__
        raise SettingsError(f"the settings file {settings_file} cannot be used: {printable(what)}") from None


def environment_number(name: str, kind, default, minimum=0):
    """The environment variable ``name`` as a number of ``kind`` (int or float), at
    least ``minimum``; ``default`` when it is unset or empty (raises :class:`SettingsError`)."""
    import math
    import os

    from podium_core.printable import printable

    value = os.environ.get(name, "").strip()
    if not value:
        return default
    try:
        number = kind(value)
    except ValueError:
        number = None
    if number is None or (isinstance(number, float) and not math.isfinite(number)) or number < minimum:
        what = "a whole number" if kind is int else "a number"
        raise SettingsError(f"the setting {name}={printable(value)!s} must be {what} of at least {minimum}")
    return number


def check_environment() -> None:
    """Every setting of a build read from the environment, checked before the build
    starts (raises :class:`SettingsError` naming the first that is not valid)."""
    environment_number("PODIUM_JOBS", int, 0)
    environment_number("PODIUM_LOCK_WAIT", float, 600.0)


def check_values(settings_file: str, content: str) -> None:
    """The settings file can be used and each of Podium's settings in it that
    must be a number is one (``PODIUM_JOBS``, ``PODIUM_PAGE_SIZES``); raises
    :class:`SettingsError` naming the first that is not."""
    from . import paging
    from .setting_values import setting_number

    settings = read(settings_file, {"PATH": content})
    try:
        setting_number(settings, "PODIUM_JOBS", int, 0)
        paging.sizes(settings)
    except ValueError as exc:
        raise SettingsError(str(exc)) from None
