"""What a path given to ``podium`` names: a results folder, an event folder or a file.

* a folder with an ``event.yaml`` is an event folder;
* a file inside an event folder (``event.yaml`` or a round file) stands
  for its event;
* ``players.yaml`` stands for its results folder;
* any other folder is a results folder (one folder per event inside).

A folder is kept as the organiser gave it: every path podium says of it
is one they would type from where they stand (in the event folder, the
event is ``.`` and its files ``qualifying-01.yaml``; from the project,
``results/my-cup``).  Its slug is its real name
(:func:`podium_core.reading.folder_name`), and the folder above it is
spelled from the same place (:func:`podium_core.reading.up`: ``..``).
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path


class NotFound(Exception):
    """The path names nothing podium can read (the message says why)."""


@dataclass(frozen=True)
class Target:
    kind: str  # "results" or "event"
    folder: Path


def locate(path) -> Target:
    """The results folder or event folder that ``path`` stands for."""
    path = Path(path)
    if path.is_file():
        if path.name == "players.yaml":
            return Target("results", path.parent)
        parent = path.parent
        if (parent / "event.yaml").is_file():
            return Target("event", parent)
        raise NotFound(f"{path} is not in an event folder (no event.yaml beside it)")
    if path.is_dir():
        if (path / "event.yaml").is_file():
            return Target("event", path)
        return Target("results", path)
    raise NotFound(f"{path} not found: give a results folder, an event folder or one of its files")


def event_folder(path) -> Path:
    """The event folder ``path`` stands for (the folder itself or a file in it)."""
    if not Path(path).exists():
        raise NotFound(f"{path} not found: no event.yaml there (give an event folder: results/<slug>)")
    target = locate(path)
    if target.kind != "event":
        if Path(path) == Path("."):
            raise NotFound("the folder you are in is not an event folder (it has no event.yaml): "
                           "run this in an event folder, or give one: results/<slug>")
        raise NotFound(f"{path} is not an event folder (it has no event.yaml): give results/<slug>")
    return target.folder
