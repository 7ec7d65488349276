"""Open data: every event's results in formats other tools read.

Per event, beside ``event.json`` and ``standings.csv`` (:mod:`.workflow`):

``results_csv``    ``{slug}/results.csv``
    One row per seat of every table, game and match, knockouts and upcoming
    rounds included (:mod:`podium_core.results_table`), by the CSV rules of
    :mod:`podium_core.csvfile` (UTF-8 with a BOM, every field quoted, formulas
    defused).
``brackets_json``  ``{slug}/brackets.json``
    The event's knockout brackets (the Carcassonne playoff, the Tantrix
    draws) as a brackets-model database, for brackets-manager and
    brackets-viewer (:mod:`podium_core.brackets_model`); only for events that
    have a bracket.

The JSON Schema of event.json is one file for the whole site, written with
Podium's static files (:mod:`pelican.plugins.podium.static`).  The URLs are
added to ``ev.urls`` (``results_csv``, ``brackets_json``) for the download
list of the organiser page.
"""

from __future__ import annotations

from podium_core.brackets_model import database
from podium_core.export import dumps
from podium_core.results_table import results_csv
from . import File

URLS = {
    "results_csv": "{slug}/results.csv",
    "brackets_json": "{slug}/brackets.json",
}


def _has_bracket(ev) -> bool:
    extra = ev.outcome.extra if ev.outcome is not None else {}
    return any(extra.get(key) for key in ("bracket", "consolation_bracket"))


def links(ev):
    """Adds the download URLs to ``ev.urls``; no navigation entry (the organiser page lists them)."""
    if ev.outcome is None:
        return []
    ev.urls["results_csv"] = ev.urls_of.url("results_csv", slug=ev.slug)
    if _has_bracket(ev):
        ev.urls["brackets_json"] = ev.urls_of.url("brackets_json", slug=ev.slug)
    return []


def files(ev):
    if ev.outcome is None:
        return []
    document = ev.document
    found = [File("results_csv", {"slug": ev.slug}, results_csv(document))]
    brackets = database(ev.outcome, document) if _has_bracket(ev) else None
    if brackets is not None:
        found.append(File("brackets_json", {"slug": ev.slug}, dumps(brackets)))
    return found
