"""Where a change of the field goes, for ``podium withdraw`` and ``podium join`` (open-events.md 1).

* The next unplayed round of a stage: the round being seated (a file
  without results, or the next file to create once every round before it is
  complete); while a round is being played, the one after it in its stage.
* A name is added to ``withdrawn:`` or ``absent:`` of that round's file
  (created from its header when it has none), everything else kept as
  written (:mod:`podium_core.roundedit`), the reason a comment on the line.
  A round file with results is refused: the field of a round that has been
  played cannot change.  In a knockout only the player's own match counts:
  the other matches of the round may have been played.
* Then the round is seated again by the rules (``podium pair --write``),
  when it is the round due to be seated and lists no result and no
  ``manual:``; otherwise it is seated when its turn comes.
* All of it or nothing (:func:`all_or_nothing`): when the event, changed,
  has problems (the rules cannot seat the round's field), every file the
  command wrote is put back as it was and the problems are reported.
"""

from __future__ import annotations

import re
from contextlib import contextmanager
from pathlib import Path

from ..changes import all_or_none
from ..files import write_atomically
from ..loader import load_file, read_text
from ..nextround import NotReady, file_name, header_of, next_seating
from ..pipeline import evaluate_one
from ..reading import results_of, up
from ..roundedit import field_line, set_field
from ..roundfile import round_text
from ..seating_only import unit_has_result, unit_key, units_with_results
from ..suggest import did_you_mean, named_by
from .pair import announced_seating, write_seating


_ID = re.compile(r"^[a-z0-9][a-z0-9_-]{0,99}$")  # as event.schema.json's $defs/id


class FieldError(Exception):
    """The change of the field cannot be recorded (the message says why)."""


def event_and_player(args, new: bool) -> tuple[Path, object, str]:
    """The event folder, its evaluation and the player of a change of the
    field (``args.event``, ``args.player``).  ``new`` (``podium join``): the
    player's id must be an id and not taken; else (``podium withdraw``) the
    player must be one of the event's who has not withdrawn already."""
    folder = Path(args.event)
    outcome = evaluate_one(folder)
    event, pid = outcome.event, args.player
    if new and not _ID.match(pid):
        raise FieldError(f"'{pid}' is not a player id: lowercase letters, digits, '-' and '_', starting with a letter "
                         "or a digit")
    if new and event.has_player(pid):
        raise FieldError(f"'{pid}' is a player of {event.slug} already")
    if not new and not event.has_player(pid):
        pid = _named(pid, event, folder)
    earlier = None if new else outcome.attendance.withdrawals.get(pid)
    if earlier is not None:
        raise FieldError(f"{pid} withdrew before {outcome.attendance.round_words(earlier.stage, earlier.round)} already "
                         f"({earlier.where.path})")
    return folder, outcome, pid


def _named(typed: str, event, folder: Path) -> str:
    """The player ``typed`` names as at ``podium enter``: any start of their id or
    name that only they have (:func:`podium_core.suggest.named_by`); else a
    FieldError with the ids it may mean."""
    found = named_by(typed, [(p.id, p.name) for p in event.players])
    if len(found) == 1:
        return found[0]
    if found:
        raise FieldError(f"'{typed}' could be {' or '.join(found)}: type more of the id or name")
    raise FieldError(f"'{typed}' is not a player of {event.slug}{did_you_mean(typed, (), event.players)} "
                     f"(see the ids in {folder / 'event.yaml'})")


def round_word(stage: str, number: int) -> str:
    return f"{stage} round {number}"


def next_unplayed(outcome) -> tuple[str, int, dict | None]:
    """(stage, round number, header of a file still to create, or None when
    it has one) of the event's next unplayed round (see the module's rules)."""
    fmt = outcome.format
    current = outcome.next_round()
    if current is None:
        header = fmt.next_round_header(outcome)
        if header is None:
            raise FieldError(f"{outcome.event.name}: every round is complete")
        return header["stage"], header["round"], header
    if current.status == "upcoming":
        return current.stage, current.round, None if current.source is not None else header_of(current)
    spec = next((s for s in fmt.stages(outcome.event) if s.id == current.stage), None)
    if spec is not None and spec.rounds is not None and current.round >= spec.rounds:
        raise FieldError(f"{outcome.event.name}: round {current.round} is the last of {current.stage} and is being played; "
                         "run the command again once its results are in")
    return current.stage, current.round + 1, None


def round_file(outcome, folder: Path, stage: str, number: int, header: dict | None = None) -> tuple[Path, dict]:
    """The path of the file of round ``number`` of ``stage`` and, when it has none yet, the header it starts with."""
    listed = next((r for r in outcome.event.rounds if (r.stage, r.round) == (stage, number)), None)
    if listed is not None:
        return Path(listed.where.path), {}
    header = header or outcome.format.round_header(stage, number)
    return folder / file_name(header), header


def record(path: Path, header: dict, field: str, player: str, reason: str | None, own_unit: bool = False) -> None:
    """Add ``player`` to ``field`` of the round file (created from ``header`` if new).

    ``own_unit``: a knockout round, where only the player's own match (game)
    must have no result yet."""
    comment = f"   # {player}: {reason}" if reason else ""
    if not path.exists():
        write_atomically(path, round_text(header).rstrip("\n") + "\n" + field_line(field, [player]).rstrip("\n") + comment + "\n")
        return
    doc, problems = load_file(path, results_of(path))
    data = doc.data if doc is not None and not problems else None
    if not isinstance(data, dict):
        raise FieldError(f"{path} cannot be read: run podium validate {path}")
    played = _own_result(data, player) if own_unit else units_with_results(data)
    if played:
        raise FieldError(f"{path} has results already ({', '.join(played)}): the field of a round that has been played "
                         "cannot change; record it in a later round (--round N)")
    names = list(data.get(field) or [])
    if player in names:
        raise FieldError(f"{player} is listed in {field} of {path} already")
    line = field_line(field, names + [player])
    if comment:
        line = line.rstrip("\n") + comment + "\n"
    write_atomically(path, set_field(read_text(path, results_of(path)), field, line))


def _own_result(data: dict, player: str) -> list[str]:
    """The player's own unit of a round file, by name, if it has a result."""
    key = unit_key(data)
    if key is None:
        return []
    word = "match" if key == "matches" else "table"
    return [f"{word} {unit.get(word, i + 1)}" for i, unit in enumerate(data[key])
            if player in (unit.get("players") or unit.get("seats") or ()) and unit_has_result(key, unit)]


def reseat(folder: Path, path: Path) -> None:
    """Seat the round of ``path`` again by the rules when it is the round due
    to be seated (printing what was done), else say when it will be."""
    try:
        rnd, seat_path, seated = next_seating(folder)
    except NotReady as exc:
        print(f"not seated yet: {exc}")
        return
    if seat_path != path:
        print(f"{path.name} is seated when its turn comes (podium pair)")
        return
    if rnd.source is not None and rnd.source.manual:
        print(f"{path} is seated by hand (manual:): seat it again yourself")
        return
    print(announced_seating(rnd, seat_path, seated.event))
    print(write_seating(rnd, seat_path, seated))


@contextmanager
def all_or_nothing(folder: Path):
    """Run the block that changes the event's files; then the event must be valid.
    On any failure every file the block wrote is put back as it was (a file it
    created is removed, :func:`podium_core.changes.all_or_none`) and the failure goes on."""
    with all_or_none(up(folder)):
        yield
        evaluate_one(folder)
