"""Open data: every event's results in formats other tools read.

Per event, beside ``event.json`` and ``standings.csv`` (:mod:`.workflow`):

``results_csv``    ``{slug}/results.csv``
    One row per seat of every table, game and match, knockouts and upcoming
    rounds included (:mod:`podium_core.results_table`), by the CSV rules of
    :mod:`podium_core.csvfile` (UTF-8 with a BOM, every field quoted, formulas
    defused).
``results_xlsx``   ``{slug}/results.xlsx``
    The same rows as typed cells (:mod:`podium_core.xlsxfile`: numbers as
    numbers, texts as texts in any locale), and, when the event has a
    ``schedule``, a last column ``start``: the round's start as a date and time.
``standings_xlsx`` ``{slug}/standings.xlsx``
    The rows of ``standings.csv`` (:func:`.workflow.standings_rows`) as typed
    cells; for events with standings.
``brackets_json``  ``{slug}/brackets.json``
    The event's knockout brackets (the Carcassonne playoff, the Tantrix
    draws) as a brackets-model database, for brackets-manager and
    brackets-viewer (:mod:`podium_core.brackets_model`); only for events that
    have a bracket.

The JSON Schema of event.json is one file for the whole site, written with
Podium's static files (:mod:`pelican.plugins.podium.static`).  The URLs are
added to ``ev.urls`` (``results_csv``, ``brackets_json``) for the download
list of the organiser page.  A workbook's creation date is the date of the
data (``ev.as_of``), so the same results give the same bytes.
"""

from __future__ import annotations

import datetime

from podium_core import schedule, xlsxfile
from podium_core.brackets_model import database
from podium_core.export import dumps
from podium_core.results_table import results_csv, results_rows
from . import File
from .workflow import standings_rows


def _has_bracket(ev) -> bool:
    extra = ev.outcome.extra if ev.outcome is not None else {}
    return any(extra.get(key) for key in ("bracket", "consolation_bracket"))


def links(ev):
    """Adds the download URLs to ``ev.urls``; no navigation entry (the organiser page lists them)."""
    if ev.outcome is None:
        return []
    ev.urls["results_csv"] = ev.urls_of.url("results_csv", slug=ev.slug)
    ev.urls["results_xlsx"] = ev.urls_of.url("results_xlsx", slug=ev.slug)
    if ev.standings:
        ev.urls["standings_xlsx"] = ev.urls_of.url("standings_xlsx", slug=ev.slug)
    if _has_bracket(ev):
        ev.urls["brackets_json"] = ev.urls_of.url("brackets_json", slug=ev.slug)
    return []


def results_workbook(ev, table: tuple, created) -> bytes:
    """results.xlsx: the rows of results.csv (``table``, :func:`results_rows`), and each
    round's ``start`` when the event has a schedule."""
    head, rows = table
    starts = schedule.start_times(ev.outcome.event)
    if starts:
        head = head + ["start"]
        rows = [row + [starts.get((row[0], row[1]))] for row in rows]
    return xlsxfile.workbook("results", head, rows, created)


def files(ev):
    if ev.outcome is None:
        return []
    document = ev.document
    created = datetime.datetime.fromisoformat(ev.as_of) if ev.as_of else None
    table = results_rows(document)
    found = [File("results_csv", {"slug": ev.slug}, results_csv(document, table)),
             File("results_xlsx", {"slug": ev.slug}, results_workbook(ev, table, created))]
    if ev.standings:
        head, rows = standings_rows(ev)
        found.append(File("standings_xlsx", {"slug": ev.slug}, xlsxfile.workbook("standings", head, rows, created)))
    brackets = database(ev.outcome, document) if _has_bracket(ev) else None
    if brackets is not None:
        found.append(File("brackets_json", {"slug": ev.slug}, dumps(brackets)))
    return found
