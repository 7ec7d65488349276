"""``podium withdraw RESULTS/<slug> PLAYER [--reason TEXT]``: a player who cannot play.

Where a withdrawal is recorded is the format's (data-format.md), read from
the fields its round files take (``System.round_fields``), so that a
variant records it where its options put it:

* a format whose rounds take ``absent:`` (Baśka): the next unplayed round
  (a round file without results; created when the next round has none yet);
* a format that takes ``withdrawn:`` in one stage (Catan: the semifinal
  with one, else the final): that stage's file, once the rounds before it
  are complete (the next-ranked player moves in);
* a system whose rules have no withdrawal says what to do instead
  (``System.WITHDRAWAL``): a Tantrix player concedes a match with
  ``status: RESIGN``, and a Carcassonne round without a player is a
  ``manual:`` seating.

The name is added to the file, keeping everything else as written
(:mod:`podium_core.roundedit`); the reason, when given, becomes a comment on
the line.  Then the round is seated afresh (``podium pair --write``).
"""

from __future__ import annotations

from pathlib import Path

from ..changes import all_or_none
from ..files import write_atomically
from ..loader import load_file, read_text
from ..reading import results_of
from ..nextround import NotReady, file_name, next_seating
from ..pipeline import evaluate_one
from ..roundedit import field_line, set_field
from ..roundfile import round_text
from ..seating_only import units_with_results
from .pair import seating_report, write_seating

def where(fmt) -> tuple[str, str | None] | None:
    """(field, stage whose file takes it; None: the next unplayed round) of
    the format's withdrawals, or None when its rules have none."""
    if fmt.WITHDRAWAL:
        return None
    fields = fmt.round_fields().fields
    ranked, _knockout = fmt.field_stages()
    stages = sorted(set(fields.get("withdrawn") or ()) - ranked)
    if stages:
        return "withdrawn", stages[0]
    if "absent" in fields:
        return "absent", None
    return None


class WithdrawError(Exception):
    """The withdrawal cannot be recorded (the message says why)."""


def register(commands) -> None:
    withdraw = commands.add_parser("withdraw", help="record a withdrawal or absence and re-seat the round")
    withdraw.add_argument("event", help="an event folder, e.g. results/my-event")
    withdraw.add_argument("player", help="the player's id")
    withdraw.add_argument("--reason", help="a few words, kept as a comment in the round file")


def run(args) -> int:
    folder = Path(args.event)
    outcome = evaluate_one(folder)
    event = outcome.event
    found = where(outcome.format)
    if found is None:
        raise WithdrawError((outcome.format.WITHDRAWAL or "{id} has no withdrawal in its rules").format(id=outcome.format.id))
    if not event.has_player(args.player):
        raise WithdrawError(f"'{args.player}' is not a player of {event.slug} (see the ids in {folder / 'event.yaml'})")
    field, stage = found
    path, header = _target(outcome, folder, stage)
    with all_or_none(folder.parent):  # the name and the round seated without it, or neither
        _record(path, header, field, args.player, args.reason)
        said = [f"{args.player}: {field} in {path}"]
        try:
            rnd, seat_path, seated = next_seating(folder)
        except NotReady as exc:
            said.append(f"not seated yet: {exc}")
        else:
            if seat_path == path:
                said += [seating_report(rnd, seated.event), write_seating(rnd, seat_path, seated)]
    print("\n".join(said))
    return 0


def _target(outcome, folder: Path, stage: str | None) -> tuple[Path, dict]:
    """The round file that records the withdrawal, and its header if it is new."""
    fmt = outcome.format
    if stage is None:
        current = outcome.next_round()
        if current is not None and current.status == "upcoming" and current.source is not None:
            return Path(current.source.where.path), {}
        if current is None:
            header = fmt.next_round_header(outcome)
        else:  # the current round is being played: the next one of its stage
            spec = next((s for s in fmt.stages(outcome.event) if s.id == current.stage), None)
            if spec is not None and spec.rounds is not None and current.round >= spec.rounds:
                raise WithdrawError(f"{outcome.event.name}: round {current.round} is the last of {current.stage} and is "
                                    "being played; run podium withdraw again once its results are in")
            header = fmt.round_header(current.stage, current.round + 1)
        if header is None:
            raise WithdrawError(f"{outcome.event.name}: every round is complete")
        return folder / file_name(header), header
    present = [r for r in outcome.event.rounds if r.stage == stage]
    if present:
        return Path(present[0].where.path), {}
    header = fmt.next_round_header(outcome)
    if header is None or header.get("stage") != stage:
        raise WithdrawError(f"{fmt.id} records a withdrawal in the {stage} file, which comes once the rounds before it "
                            f"are complete; until then every player keeps their seat (a round seated without them "
                            f"needs manual: \"reason\")")
    return folder / file_name(header), header


def _record(path: Path, header: dict, field: str, player: str, reason: str | None) -> None:
    """Add ``player`` to ``field`` of the round file (created from ``header`` if new)."""
    comment = f"   # {player}: {reason}" if reason else ""
    if not path.exists():
        write_atomically(path, round_text(header).rstrip("\n") + "\n" + field_line(field, [player]).rstrip("\n") + comment + "\n")
        return
    doc, problems = load_file(path, results_of(path))
    data = doc.data if doc is not None and not problems else None
    if not isinstance(data, dict):
        raise WithdrawError(f"{path} cannot be read: run podium validate {path}")
    played = units_with_results(data)
    if played:
        raise WithdrawError(f"{path} has results already ({', '.join(played)}): a withdrawal goes into a round "
                            f"not yet played")
    names = list(data.get(field) or [])
    if player in names:
        raise WithdrawError(f"{player} is listed in {field} of {path} already")
    text = read_text(path, results_of(path))
    line = field_line(field, names + [player])
    if comment:
        line = line.rstrip("\n") + comment + "\n"
    write_atomically(path, set_field(text, field, line))
