"""What a path given to ``podium`` names: a results folder, an event folder or a file.

* a folder with an ``event.yaml`` is an event folder;
* a file inside an event folder (``event.yaml`` or a round file) stands
  for its event;
* ``players.yaml`` stands for its results folder;
* any other folder is a results folder (one folder per event inside).

An event folder given as ``.`` or ``..`` is named by its own name
(``../my-cup``), so its slug and its parent (where ``players.yaml`` is)
are the real ones.
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


def named(folder: Path) -> Path:
    """``folder`` spelled so that its last part is its real name."""
    if folder.name in ("", ".", ".."):
        return folder / ".." / folder.resolve().name
    return folder


def locate(path) -> Target:
    """The results folder or event folder that ``path`` stands for."""
    path = Path(path)
    if path.is_file():
        if path.name == "players.yaml":
            return Target("results", path.parent)
        parent = named(path.parent)
        if (parent / "event.yaml").is_file():
            return Target("event", parent)
        raise NotFound(f"{path} is not in an event folder (no event.yaml beside it)")
    if path.is_dir():
        if (path / "event.yaml").is_file():
            return Target("event", named(path))
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
