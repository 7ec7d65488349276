"""``podium withdraw RESULTS/<slug> PLAYER [--round N] [--absent] [--reason TEXT]``:
a player who leaves the event, or misses one round (open-events.md 1).

The withdrawal is recorded as ``withdrawn: [id]`` (with ``--absent``, one
absence: ``absent: [id]``) in the next unplayed round, or in round N of its
stage (:mod:`.field`), and that round is seated again by the rules:

* a ranked stage (Catan qualifying, the Carcassonne Swiss, Baśka's rounds):
  the player is not seated in that round (nor, withdrawn, in any later one);
* a Catan semifinal or final file: the qualifier's place goes to the next
  in line (formats.md 1);
* a knockout (Tantrix, the Carcassonne playoff): the round of the player's
  next match, which they lose by walkover; the other matches of the round
  may have been played, the player's own must not have started.

An absence is only for a ranked stage.  Refused, in one line: an unknown
player, a player who withdrew already, a round with results, a round the
stage does not have.
"""

from __future__ import annotations

from .field import FieldError, all_or_nothing, event_and_player, next_unplayed, record, reseat, round_file, round_word


def register(commands) -> None:
    withdraw = commands.add_parser("withdraw", help="record a withdrawal or an absence and re-seat the round")
    withdraw.add_argument("event", nargs="?", default=".", help="an event folder, e.g. results/my-event (default: the folder you are in)")
    withdraw.add_argument("player", help="the player's id")
    withdraw.add_argument("--round", type=int, metavar="N", help="the round (of the stage being played) to record it in; "
                                                                 "default: the next unplayed round")
    withdraw.add_argument("--absent", action="store_true", help="absent from that round only (a ranked stage)")
    withdraw.add_argument("--reason", help="a few words, kept as a comment in the round file")


def run(args) -> int:
    folder, outcome, pid = event_and_player(args, new=False)
    fmt = outcome.format
    field = "absent" if args.absent else "withdrawn"
    stage, number, header, knockout = _target(outcome, pid, args.round)
    stages = fmt.round_fields().fields.get(field, set())
    if stages is not None and stage not in stages:
        if args.absent:
            raise FieldError(f"--absent: a {stage} round of {fmt.id} takes no absence (only a round of a stage seated "
                             "from the field round by round does); without --absent the player withdraws")
        raise FieldError(f"a {stage} round of {fmt.id} takes no withdrawal")
    path, header = round_file(outcome, folder, stage, number, header)
    with all_or_nothing(folder):
        record(path, header, field, pid, args.reason, own_unit=knockout)
        print(f"{pid}: {field} in {path}")
        reseat(folder, path)
    return 0


def _target(outcome, pid: str, number: int | None) -> tuple[str, int, dict | None, bool]:
    """(stage, round, header of a new file or None, whether the stage is a knockout) of the withdrawal."""
    fmt = outcome.format
    _ranked, knockouts = fmt.field_stages()
    stage, next_number, header = next_unplayed(outcome)
    if stage in knockouts and number is None:
        stage, next_number, header = _next_match(outcome, pid, knockouts, stage, next_number, header)
    if number is not None and number != next_number:
        spec = next(s for s in fmt.stages(outcome.event) if s.id == stage)
        if number < 1 or (spec.rounds is not None and number > spec.rounds):
            raise FieldError(f"{stage} has {spec.rounds} round(s) in {fmt.id}; there is no round {number}")
        if number < next_number and stage not in knockouts:
            raise FieldError(f"{round_word(stage, number)} has been played or is being played: the next unplayed "
                             f"round is {round_word(stage, next_number)}")
        if number > next_number and not any((r.stage, r.round) == (stage, number) for r in outcome.event.rounds):
            raise FieldError(f"{round_word(stage, number)} has no file yet and comes after {round_word(stage, next_number)}: "
                             f"record it now in {round_word(stage, next_number)}, or once {round_word(stage, number)} is next")
        next_number, header = number, None
    return stage, next_number, header, stage in knockouts


def _next_match(outcome, pid: str, knockouts: set, stage: str, number: int, header):
    """The round of the player's next match in a knockout: the one they are
    drawn in and have not started, or the round after the last they won."""
    last = None
    for rnd in (r for r in outcome.rounds if r.stage in knockouts):
        for unit in rnd.units:
            if pid in unit.players:
                last = rnd, unit
    if last is None:
        return stage, number, header
    rnd, unit = last
    where = f"{'match' if rnd.kind == 'matches' else 'table'} {getattr(unit, 'match', None) or unit.table}"
    if not unit.has_result:
        if getattr(unit, "started", False):
            raise FieldError(f"{where} of {round_word(rnd.stage, rnd.round)} has games already: a player who stops "
                             "during a match resigns it (status: RESIGN, resigned: <id>)")
        return rnd.stage, rnd.round, None
    if unit.winner != pid:
        raise FieldError(f"{pid} is out of the draw already (lost {where} of {round_word(rnd.stage, rnd.round)})")
    spec = next(s for s in outcome.format.stages(outcome.event) if s.id == rnd.stage)
    if spec.rounds is not None and rnd.round >= spec.rounds:
        raise FieldError(f"{pid} has won {round_word(rnd.stage, rnd.round)}, the last of {rnd.stage}")
    return rnd.stage, rnd.round + 1, None
