"""What is happening now: the event's current round and each player's next step.

:func:`attach` adds to an event's view tree, once, after it is built:

- ``rnd.start`` on every round: its start time from the event's schedule
  (:mod:`podium_core.schedule`), or None;
- ``ev.now``: the round on now or next (:class:`EventNow`), with its start;
- ``ev.as_of``: the date the data speaks for (:func:`data_date`);
- ``pp.now`` on every player page (:class:`PlayerNow`);
- the qualification cut on the standings (:mod:`.qualify`).

The player's now, in this order of precedence:

``final``     the event is finished: the final place (or reserve);
``seated``    seated in a round that is not complete, at a unit without a
              result yet: that unit, the seat, the opponents, the start;
``played``    seated in such a round, the result already in;
``absent``    listed absent from the current round;
``out``       a round is seated and the player is not in it: no longer in
              the event since their last round (``last``), or never seated;
``qualified`` / ``not-qualified``  the next round is not seated yet, the
              player's stage is over and its standings draw the cut: above
              or below the line;
``waiting``   the next round is not seated yet (``round``, or the status);
``none``      nothing is known yet.
"""

from __future__ import annotations

import datetime
import os
from dataclasses import dataclass

from podium_core import schedule
from . import qualify
from .views import round_byes


@dataclass
class EventNow:
    state: str  # as Status.state
    round: object = None  # the Round view on now or next
    start: datetime.datetime | None = None
    stage: str = ""  # with no round view: the next round's stage and number
    number: int | None = None


@dataclass
class PlayerNow:
    state: str
    round: object = None
    unit: object = None
    seat: object = None
    opponents: list = None
    start: datetime.datetime | None = None
    last: object = None  # the last round the player played
    place: object = None

    @property
    def shown(self) -> bool:
        """The player's page has a now box: in every state but ``final`` (the
        page's head gives the place) and ``none``."""
        return self.state not in ("none", "final")


def attach(ev) -> None:
    """Add the now of the event and of every player, start times and cuts (see the module docstring)."""
    event = ev.outcome.event
    times = schedule.start_times(event)
    for rnd in ev.rounds:
        rnd.start = times.get((rnd.stage, rnd.round))
    ev.now = event_now(ev, times)
    ev.as_of = data_date(ev, times)
    qualify.mark_cuts(ev.outcome.format, ev.standings, ev.outcome)
    open_rounds = [r for r in ev.rounds if r.status != "complete" and r.units]
    for pid, pp in ev.player_pages.items():
        pp.now = player_now(ev, pp, open_rounds)


def event_now(ev, times) -> EventNow:
    status = ev.status
    if status.round is not None:
        return EventNow(status.state, status.round, status.round.start)
    if status.state == "between":
        stage = next((s.id for s in ev.format.stages if s.title == status.stage_title), "")
        return EventNow("between", start=times.get((stage, status.number)), stage=stage, number=status.number)
    return EventNow(status.state)


def player_now(ev, pp, open_rounds) -> PlayerNow:
    person = pp.person
    played = [g for g in pp.games if g.result != "pending"]
    last = played[-1].round if played else None
    if ev.finished:
        return PlayerNow("final", place=pp.place, last=last)
    seated = {}  # round -> the player's first game in it (their games know where they sit)
    for game in pp.games:
        if game.unit is not None:
            seated.setdefault(id(game.round), game)
    for rnd in open_rounds:
        game = seated.get(id(rnd))
        if game is not None:
            state = "played" if game.unit.has_result else "seated"
            return PlayerNow(state, rnd, game.unit, game.seat, [o.player for o in game.opponents], rnd.start, last)
    if open_rounds:
        rnd = open_rounds[0]
        absent = rnd.field.get("absent") or ()
        if person.id in round_byes(rnd):
            return PlayerNow("bye", rnd, start=rnd.start, last=last)
        if person.id in absent:
            return PlayerNow("absent", rnd, start=rnd.start, last=last)
        return PlayerNow("out", rnd, start=rnd.start, last=last)
    if ev.now.state not in ("waiting", "next", "live", "between"):
        return PlayerNow("none", last=last)
    state = _qualification(ev, pp) or "waiting"
    return PlayerNow(state, ev.now.round, start=ev.now.start, last=last)


def _qualification(ev, pp) -> str | None:
    """``qualified`` / ``not-qualified`` once the player's stage is over and its last
    standings draw the cut (:mod:`.qualify`); None otherwise."""
    if not pp.ranks:
        return None
    st, _rank = pp.ranks[-1]
    if not st.cut_after or not st.latest:
        return None
    spec = next((s for s in ev.format.stages if s.id == st.stage), None)
    if spec is None or spec.rounds is None or st.after_round < spec.rounds:
        return None  # the stage goes on: the line may still move
    position = next((i for i, row in enumerate(st.rows, start=1) if row.player.id == pp.person.id), None)
    if position is None or st.rows[position - 1].reserve:
        return None
    return "qualified" if position <= st.cut_after else "not-qualified"


def data_date(ev, times) -> str:
    """The date of the latest result, ISO ``YYYY-MM-DD``, from the data alone.

    The start date of the latest round with a result when the schedule
    gives it; else the event's last date once it is finished, its first date
    while it runs; else the date of ``SOURCE_DATE_EPOCH``; else "".  Never
    the clock: the same files give the same pages."""
    played = [r for r in ev.rounds if r.status != "upcoming"]
    dated = [times[(r.stage, r.round)] for r in played if (r.stage, r.round) in times]
    if dated:
        return max(dated).date().isoformat()
    if ev.dates:
        return ev.last_date if ev.finished else ev.first_date
    epoch = os.environ.get("SOURCE_DATE_EPOCH", "").strip()
    if epoch.isdigit():
        return datetime.datetime.fromtimestamp(int(epoch), datetime.timezone.utc).date().isoformat()
    return ""
