"""The rules as implemented, stated for the generated format page.

A format can describe itself with ``rules_facts()`` (pairs of heading and
text); this module holds the statements for formats that do not (yet), so the
format page is complete today.  Each statement restates what the engine does
(formats.md), and the documented defaults -- choices the source texts leave
open -- are marked as such, with the options an event can set.

TODO(engines): move these into the format classes' ``rules_facts()``.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Fact:
    heading: str
    text: str
    default: bool = False  # a documented project default, not from the source text


@dataclass(frozen=True)
class Option:
    key: str
    default: str
    text: str


_DRAW = Fact(
    "Verifiable draw",
    "Every random decision uses one public function: a player's key is the SHA-256 of "
    "“seed/purpose/player id” written in hexadecimal, and players are taken in ascending "
    "order of their keys. The seed is the event's seed (its slug unless event.yaml sets one); "
    "the purpose of a round's seating draw is “stage/round”, e.g. qualifying/1.",
)
_LOTS = Fact(
    "Drawing of lots",
    "The last tiebreak of every ranking: among players tied on every criterion, the lower "
    "key for the purpose “lot” ranks higher. If the judge held a draw of their own, "
    "event.yaml lists it under lots: and the players named there come first, in that order.",
)
_RESULT = Fact(
    "Game result",
    "Each seat records its victory points (VP): a whole number from 0 to 20, including unplayed "
    "VP cards. At most 10 VP count in a game, however many were scored. The winner is the player "
    "who reached 10 VP; a game stopped by the time limit has no winner (the file says "
    "winner: none), and its VP still count.",
)
_SHARE = Fact(
    "Share of the table (%VP)",
    "A player's share of a game is their counted VP divided by the table's total counted VP. "
    "At a table of three the total is raised by one average seat (multiplied by 4/3), so "
    "three-player tables are not worth more. Example: 8 VP against 10, 7 and 7 is 8/32 = 25%; "
    "at a table of three with 10, 6 and 5 the total 21 becomes 28.",
)
_RANKING = Fact(
    "Ranking",
    "Players are ranked by 1) games won, 2) total counted VP, 3) the sum of their shares (%VP), "
    "4) the drawing of lots. Values are compared exactly, not rounded.",
)
_TABLES = Fact(
    "Table sizes",
    "With n players and r = n mod 4: n/4 tables of four when r is 0, otherwise 4 − r tables of "
    "three and the rest of four. Tables of four come first, tables of three last. "
    "1, 2 or 5 players cannot be seated.",
)
_NO_WINNER_CHECK = Fact(
    "No winner must be said",
    "A finished table where nobody has 10 VP is only accepted with winner: none, so that "
    "“no winner” can never be a typing slip.",
)

FACTS = {
    "catan-lt-route66": [
        _RESULT, _SHARE, _RANKING, _TABLES,
        Fact("Stages", "Two qualifying rounds, then a final at one table of four."),
        Fact("Seating", "Round 1: the verifiable draw, cut into tables in draw order. Round 2: by the "
                        "ranking after round 1 — ranks 1–4 at table 1, 5–8 at table 2, and so on, so the "
                        "tables of three go to the lowest-ranked players."),
        Fact("Final", "The top four of the ranking after round 2, listed in ranking order. A qualifier "
                      "named under withdrawn: in the final's file is replaced by the next-ranked player."),
        Fact("Time limit", "1:30 per qualifying game. If nobody has 7 VP after 1:00, every turn is limited "
                           "to one minute; at 1:30 the game stops with no winner and the VP count as they "
                           "stand. The final has no time limit, so it must have a winner."),
        _NO_WINNER_CHECK,
        Fact("Classification", "1st: the winner of the final. 2nd–4th: the other finalists by counted VP in "
                               "the final, ties by the ranking after round 2. Everyone else follows in the "
                               "order of the ranking after round 2.", default=True),
        _DRAW, _LOTS,
    ],
    "catan-lv-2016": [
        _RESULT, _SHARE, _RANKING, _TABLES,
        Fact("Stages", "Four qualifying rounds, a semifinal of 16 players (24 when the organisers choose so), "
                       "and a final at one table."),
        Fact("Seating", "Round 1: the verifiable draw, cut into tables in draw order. Rounds 2–4: by the "
                        "ranking over all previous rounds — ranks 1–4 at table 1, 5–8 at table 2, and so on, "
                        "so the tables of three go to the lowest-ranked players."),
        Fact("Semifinal", "The top 16 of the qualifying ranking, leaving out qualifiers listed under "
                          "withdrawn: (the next-ranked players move up), numbered 1–16. With T tables, table t "
                          "seats numbers t, 2T+1−t, 2T+t and 4T+1−t: for 16 players 1-8-9-16, 2-7-10-15, "
                          "3-6-11-14 and 4-5-12-13."),
        Fact("Final rank", "The semifinalists are ranked over all five of their games (four qualifying games "
                           "and the semifinal) with the same criteria; this is the semifinal's standings table."),
        Fact("Final", "One table with the winners of the semifinal tables (four players; six with a "
                      "24-player semifinal), listed by final rank — they choose their turn order in that "
                      "sequence. A semifinal table without a winner sends nobody until the organisers name "
                      "who advances (advance: in the final's file). The final must have a winner."),
        Fact("Table roles", "Round 1: the banker is the last player in turn order. Rounds 2–4 and the "
                            "semifinal: the banker is the lowest-ranked player at the table. Final: the "
                            "organisers bank. Colours are chosen in rank order (round 1: turn order)."),
        Fact("Time limit", "1:30 per game. After 1:00 each turn is limited to one minute; at 1:30 five more "
                           "minutes are played; at 1:35 the game stops with no winner and the VP count as "
                           "they stand."),
        _NO_WINNER_CHECK,
        Fact("Classification", "1st: the winner of the final. Then the other finalists by counted VP in the "
                               "final, ties by final rank; then the other semifinalists by final rank; then "
                               "everyone else by the qualifying ranking.", default=True),
        _DRAW, _LOTS,
    ],
}

OPTIONS = {
    "catan-lv-2016": [
        Option("semifinal_size", "16", "Players in the semifinal: 16, or 24 when the organisers announce it "
                                       "(meant for more than 120 players)."),
    ],
    "carcassonne-lv": [
        Option("avoid_rematch", "consecutive", "consecutive: players who met in the previous round are not "
                                               "paired again; always: no pair ever meets twice."),
    ],
    "tantrix-wc": [
        Option("standard_games", "final 9, semifinal 8, quarterfinal 7, earlier 6",
               "Standard games per match in each round of the knockout."),
    ],
    "baska-gp": [
        Option("sessions", "—", "Number of sessions."),
        Option("rounds_per_session", "—", "Rounds played in each session."),
    ],
}


def facts(fmt) -> list[Fact]:
    """The format's own statements when it has them, else this module's."""
    own = []
    try:
        own = list(fmt.rules_facts() or [])
    except NotImplementedError:
        own = []
    if own:
        return [f if isinstance(f, Fact) else Fact(f[0], f[1], bool(f[2]) if len(f) > 2 else False) for f in own]
    return list(FACTS.get(fmt.id, []))


def options(fmt) -> list[tuple[Option, object]]:
    """Each documented option with the value this event uses (None: the default)."""
    return [(opt, fmt.options.get(opt.key)) for opt in OPTIONS.get(fmt.id, [])]
