"""Where a site may be written: never over the organisers' own folders.

``make html``, ``make serve`` and ``make publish`` write a whole site into
their output folder (and ``make html`` and ``make publish`` replace it
whole).  So, before anything is written or locked, each refuses an output
folder that

* is, or holds, the project (the folder of the settings file: ``OUTPUT=.``
  or ``OUTPUT=..``) -- it may lie inside it, as ``output/`` does;
* is, holds or lies inside the results folder (``PODIUM_RESULTS``) or the
  content folder;
* lies inside a ``.git`` folder,

each in one line saying which folder it would overwrite.

Pages name the results folder as the organisers' commands do, from the
project (:func:`shown_results`), never by where the builder keeps it.
"""

from __future__ import annotations

import os
from pathlib import Path


def _within(path: Path, folder: Path) -> bool:
    return path == folder or folder in path.parents


def protected_folders(settings_file: str, content: str, results: str) -> list[tuple[str, Path]]:
    """The folders an output may never be, hold or lie in (see the module's
    text): the project may only hold it."""
    project = Path(settings_file).resolve().parent
    return [("the project", project), ("the results folder", Path(results).resolve()),
            ("the content folder", Path(content).resolve())]


def place_refusal(output: Path, protected: list[tuple[str, Path]]) -> str | None:
    """Why a site may not be written into ``output`` (resolved) for where it
    is, whatever it holds, or None."""
    for what, folder in protected:
        if _within(folder, output):
            return f"{output} is or holds {what} ({folder}); choose an OUTPUT folder of its own"
        if what != "the project" and _within(output, folder):
            return f"{output} lies inside {what} ({folder}); choose an OUTPUT folder outside it"
    if any(part == ".git" for part in output.parts):
        return f"{output} lies inside a git folder; choose another OUTPUT"
    return None


def results_folder(settings_file: str, content: str) -> str:
    """The results folder a build with ``settings_file`` and the content folder
    ``content`` reads (its ``PODIUM_RESULTS``, which ``pelicanconf.py`` takes
    from the environment; default ``results``)."""
    from .settings_read import read

    return read(settings_file, {"PATH": content}).get("PODIUM_RESULTS") or "results"


def output_refusal(output: Path, settings_file: str, content: str) -> str | None:
    """:func:`place_refusal` of ``output`` against the folders of these settings."""
    results = results_folder(settings_file, content)
    return place_refusal(Path(output).resolve(), protected_folders(settings_file, content, results))


def shown_results(results, project=None) -> str:
    """The results folder as pages name it in the organisers' commands: from the
    project (``project``, default: the folder the build runs in) when it lies
    inside it (``results``, ``data/results``), else by its own name alone --
    never where the builder keeps it, so moving it changes no page."""
    real = Path(os.path.abspath(results or "results"))
    project = Path(os.path.abspath(project or os.getcwd()))
    if project in real.parents:
        return real.relative_to(project).as_posix()
    return real.name or "results"
