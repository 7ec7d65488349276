"""``podium join RESULTS/<slug> ID --name NAME [--club C] [--country XX] [--group G]``:
a late entrant (open-events.md 1).

The player is added to event.yaml, every other line kept as written
(:mod:`.eventedit`), with ``joins: N``: N is the next unplayed round of the
event's first ranked stage (:func:`.field.next_unplayed`; no ``joins:``
before its first round is played).  Rounds before N treat the player as
absent and are never seated again; round N is seated again by the rules
when it is the round due (:func:`.field.reseat`).  All or nothing: an
event the entry would leave invalid is put back as it was.

Refused, in one line: an id that is taken or not an id, a system without
a stage seated round by round (a knockout draw is made from the start), a
first ranked stage whose rounds have all been played or are being played,
``--group`` where the format has no groups.
"""

from __future__ import annotations

from ..files import write_atomically
from ..loader import read_text
from ..reading import up
from .eventedit import add_players
from .field import FieldError, all_or_nothing, event_and_player, reseat, round_file


def register(commands) -> None:
    join = commands.add_parser("join", help="add a late entrant from the next unplayed round and re-seat it")
    join.add_argument("event", nargs="?", default=".", help="an event folder, e.g. results/my-event (default: the folder you are in)")
    join.add_argument("player", help="the new player's id: lowercase letters, digits, '-' and '_'")
    join.add_argument("--name", required=True, help="the player's name")
    join.add_argument("--club", help="their club")
    join.add_argument("--country", metavar="XX", help="their country (two letters)")
    join.add_argument("--group", help="their group, where the format plays in groups (default: the smallest group)")


def run(args) -> int:
    folder, outcome, pid = event_and_player(args, new=True)
    fmt = outcome.format
    if args.group is not None and "group" not in fmt.PLAYER_FIELDS:
        raise FieldError(f"--group: {fmt.id} plays in no groups")
    first = outcome.attendance.first
    if first is None:
        raise FieldError(f"{fmt.id} has no stage whose field changes round by round: every player is in its draw "
                         "from the start")
    joins = _next_round(outcome, first)
    entry = {"id": pid, "name": args.name}
    for key in ("club", "country", "group"):
        value = getattr(args, key)
        if value is not None:
            entry[key] = value
    if joins > 1:
        entry["joins"] = joins
    path = folder / "event.yaml"
    text, _spans = add_players(read_text(path, up(folder)), [entry])
    round_path, _header = round_file(outcome, folder, first.id, joins)
    with all_or_nothing(folder):
        write_atomically(path, text)
        print(f"{pid}: joins in round {joins} of {first.id} ({path})")
        reseat(folder, round_path)
    return 0


def _next_round(outcome, first) -> int:
    """The first round of the first ranked stage that is neither played nor being played."""
    rounds = [r for r in outcome.rounds if r.stage == first.id]
    number = 1
    for rnd in rounds:
        if rnd.status == "upcoming":
            return rnd.round
        number = rnd.round + 1
    if first.rounds is not None and number > first.rounds:
        raise FieldError(f"every round of {first.id} has been played or is being played: a late entrant can no "
                         "longer join")
    return number
