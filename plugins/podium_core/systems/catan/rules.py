"""Catan's rules in words, with the format's own numbers, for the format page."""

from __future__ import annotations

from ...text import N_, Text
from ..base import ranking_sentence
from .engine import VP_COUNTED


def rules_facts(fmt) -> list[tuple]:
    """The rules as this format applies them, in plain words and with its own
    numbers, for the format page: (heading, text) pairs, with a third item
    True for a project default."""
    q = fmt.qualifying_rounds
    lv = fmt.traits.get("time_limit") == "lv"
    if fmt.semifinal:
        stages = Text("%(rounds)s qualifying rounds, a semifinal of the best %(size)s, then a final of the "
                      "semifinal table winners.", rounds=q, size=fmt.semifinal_size)
    else:
        stages = (Text("%(rounds)s qualifying rounds, then a final of the best 4.", rounds=q) if fmt.final_size == 4 else
                  Text("%(rounds)s qualifying rounds, then a final of the best %(size)s.", rounds=q, size=fmt.final_size))
    if fmt.vp_cap == VP_COUNTED:
        points = N_("Each seat records its VP (0 to 20, unplayed VP cards included). At most 10 count "
                    "in a game. The player who reaches 10 wins; a game halted by the time limit has no "
                    "winner, but its VP still count.")
    else:
        points = Text("Each seat records its VP (0 to 20, unplayed VP cards included). At most %(cap)s count "
                      "in a game. The player who reaches 10 wins; a game halted by the time limit has no "
                      "winner, but its VP still count.", cap=fmt.vp_cap)
    facts = [
        (N_("Stages"), stages),
        (N_("Tables"), N_("Four players per table. When the field is not a multiple of four, 4 − (n mod 4) tables "
                          "seat three players; those tables are numbered last. 1, 2 or 5 players cannot be seated.")),
        (N_("Victory points"), points),
        (N_("VP share"), N_("Counted VP divided by the table's total. At a 3-player table the total is raised by "
                            "one third (the game's average), so a share means the same at every table size.")),
        (N_("Ranking"), ranking_sentence(fmt.criteria, fmt.defaults()["ranking"],
                                         N_("Wins, then counted VP, then the sum of VP shares, then the drawing of lots."))),
        (N_("Round 1"), N_("Seated by the verifiable draw: each player's key is the SHA-256 of "
                           "“seed/qualifying/1/player-id”; ascending keys fill table 1, then table 2, ...")),
    ]
    if q > 1:
        facts.append((Text("Rounds 2–%(last)s", last=q), N_("Seated by the ranking so far: places 1–4 at table 1, 5–8 at table 2, "
                                  "and so on; the 3-player tables go to the lowest-ranked players.")))
    if fmt.semifinal:
        facts += [
            (N_("Semifinal"), Text("The best %(size)s of the qualifying ranking, leaving out anyone listed as "
                                   "withdrawn (those below move up). With T tables, table t seats qualifiers t, "
                                   "2T+1−t, 2T+t and 4T+1−t: for 16 players 1-8-9-16, 2-7-10-15, 3-6-11-14, 4-5-12-13.",
                                   size=fmt.semifinal_size)),
            (N_("Final rank"), N_("The semifinalists ranked over all five games by the same criteria.") if q == 4 else
             Text("The semifinalists ranked over all %(games)s games by the same criteria.", games=q + 1)),
            (N_("Final"), N_("The winners of the semifinal tables, in final-rank order, which is also the order in "
                             "which they pick turn position and colour. If a semifinal table ends without a winner, "
                             "the organisers name who advances (advance: in the final's file). The final must have "
                             "a winner.")),
        ]
        classification = N_("The final's winner is champion; the other finalists follow by counted VP in "
                            "the final (ties by final rank), then the other semifinalists by final rank, "
                            "then everyone else by the qualifying ranking.")
    else:
        if fmt.final_size == 4:
            final = Text("The best 4 after round %(round)s, listed by rank; a qualifier who withdraws is "
                         "replaced by the next-ranked player. The final has no time limit and must have a "
                         "winner.", round=q)
            classification = Text("1st the final's winner; 2nd–4th the other finalists by counted VP in the "
                                  "final (ties by the ranking after round %(round)s); then everyone else by "
                                  "that ranking.", round=q)
        else:
            final = Text("The best %(size)s after round %(round)s, listed by rank; a qualifier who withdraws is "
                         "replaced by the next-ranked player. The final has no time limit and must have a "
                         "winner.", size=fmt.final_size, round=q)
            classification = Text("1st the final's winner; places 2 to %(last)s the other finalists by counted VP in the "
                                  "final (ties by the ranking after round %(round)s); then everyone else by "
                                  "that ranking.", last=fmt.final_size, round=q)
        facts.append((N_("Final"), final))
    if fmt.roles:
        facts.append((N_("Table roles"), N_("Round 1: the last player in turn order is the banker. Later rounds and the "
                                            "semifinal: the lowest-ranked player at the table. The final: the organisers. Turn "
                                            "position and colour are chosen in rank order (round 1: turn order).")))
    if lv:
        facts.append((N_("Time limit"), N_("A round lasts 1:30. From 1:00 each turn is limited to one minute; at 1:30 five "
                                           "more minutes are played; at 1:35 the game stops with no winner.")))
    else:
        facts.append((N_("Time limit"), N_("A qualifying round lasts 1:30. If nobody has 7 VP after 1:00, each turn is "
                                           "limited to one minute; at 1:30 the game stops with no winner.")))
    facts.append((N_("Classification"), classification, True))
    return facts
