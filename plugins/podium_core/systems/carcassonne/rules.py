"""Carcassonne's rules in words, with the format's own numbers, for the format page."""

from __future__ import annotations

from ...text import N_, Text
from ..base import ranking_sentence
from .engine import ONE_GROUP_LIMIT, ONE_GROUP_ROUNDS, TWO_GROUP_ROUNDS, first_round_labels


def rules_facts(fmt) -> list[tuple]:
    """The rules with this format's own numbers, for the format page; a
    built-in's own sentences where its numbers are unchanged."""
    o = fmt.options
    default_ranking = fmt.defaults()["ranking"]
    rematch = (Text("Two players never meet twice in the Swiss stage (avoid_rematch: always).")
               if fmt.avoid_rematch == "always" else
               Text("Two players who met in the previous round are not paired again (avoid_rematch: previous)."))
    if fmt.declared:
        games = N_("Two players per game. A win counts 1. A game with equal scores goes to the player the event's "
                   "tie rule chose (the game's winner:). A player who runs out of clock time loses and counts 0 points; "
                   "the opponent's score stands.")
    else:
        games = N_("Two players per game. A win counts 1 and a draw ½ in the Swiss stage. A player who runs out of "
                   "clock time loses and counts 0 points; the opponent's score stands.")
    if fmt.match_games > 1:
        games = Text("%(games)s %(match)s", games=Text(games), match=Text(
            "Each pairing is a match of best of %(count)s games, won by the player who wins more of them (a drawn game "
            "counts ½ to each); wins count matches, games won and game difference count games, score difference and "
            "points add up the games' scores.", count=fmt.match_games))
    groups, limit, rounds = o["groups"], o["group_limit"], o.get("swiss_rounds")
    if fmt.round_robin:
        grouping = (Text("One group; %(rounds)s rounds.", rounds=rounds) if groups == 1 and rounds else
                    N_("One group.") if groups == 1 else
                    Text("%(count)s groups, every game inside its group. %(split)s", count=groups if groups != "auto" else 2,
                         split=Text(SPLIT)))
    elif groups == "auto" and rounds is None and limit == ONE_GROUP_LIMIT:
        grouping = Text("Up to %(limit)s players (a reserve not counted) play one group of %(rounds)s Swiss "
                        "rounds; more players are split into groups A and B of %(group_rounds)s rounds each. Players with "
                        "last year's place go to A, B, A, B in that order; the others are drawn (purpose groups) into the "
                        "smaller group, A when equal. If both groups would be odd, the last player drawn changes group.",
                        limit=ONE_GROUP_LIMIT, rounds=ONE_GROUP_ROUNDS, group_rounds=TWO_GROUP_ROUNDS)
    elif groups == 1:
        grouping = Text("One group of %(rounds)s Swiss rounds, whatever the field size.", rounds=rounds or ONE_GROUP_ROUNDS)
    else:
        one, two = (rounds, rounds) if rounds else (ONE_GROUP_ROUNDS, TWO_GROUP_ROUNDS)
        split = N_("A player may carry group: A or B (the organisers' split); players with last year's place go to A, B, "
                   "A, B in that order; the others are drawn (purpose groups) into the smaller group, A when equal. If both "
                   "groups would be odd, the last player drawn changes group.")
        if groups == 2:
            grouping = Text("Two groups, A and B, of %(rounds)s Swiss rounds each. %(split)s", rounds=two, split=Text(split))
        elif groups != "auto":
            grouping = Text("%(count)s groups of %(rounds)s Swiss rounds each, every game inside its group. %(split)s",
                            count=groups, rounds=two, split=Text(SPLIT))
        else:
            grouping = Text("Up to %(limit)s players (a reserve not counted) play one group of %(rounds)s Swiss "
                            "rounds; more players are split into groups A and B of %(group_rounds)s rounds each. %(split)s",
                            limit=limit, rounds=one, group_rounds=two, split=Text(split))
    if fmt.byes and o["bye_result"] == "win":
        odd = (N_("Bye"), N_("In an odd field one player sits out each round and scores a win with score 0 and difference 0: "
                             "in round 1 the last player of the draw, later the lowest-ranked player who has not had a bye. "
                             "For Buchholz-type criteria a bye counts as one opponent with 0 wins; Sonneborn-Berger gets 0 from it."))
    elif fmt.byes:
        counts = {"half": N_("counts ½ with score 0 and difference 0, and as one opponent with 0 wins for Buchholz-type "
                             "criteria"),
                  "loss": N_("counts as a loss with score 0 and difference 0, and as one opponent with 0 wins for "
                             "Buchholz-type criteria"),
                  "nothing": N_("is a rest: it counts nothing towards any criterion and is no opponent")}[o["bye_result"]]
        odd = (N_("Bye"), Text("In an odd field one player sits out each round: in round 1 the last player of the draw, later "
                               "the lowest-ranked player who has not had a bye (a round robin: the Berger tables' rest). "
                               "A bye %(counts)s.", counts=Text(counts)))
    else:
        odd = (N_("Reserve"), N_("An odd field is completed by one reserve player of the organisers, who plays in every Swiss "
                                 "round whose field is odd, counts for the opponents' Buchholz and takes no playoff or "
                                 "classification place."))
    if fmt.round_robin:
        pairing = (N_("Round robin"), Text(
            "Every player meets every other player of their group %(times)s, by the Berger tables (FIDE C.05 Annex 1) over "
            "the group's players numbered in the order of the draw (purpose swiss/1), or by seed when every player has "
            "one; in an odd group one player rests each round (the round's bye). A game against a player who is not "
            "seated that round is not played.", times=Text(N_("once")) if fmt.cycles == 1 else
            Text(N_("twice, who starts swapped in the second cycle")))) 
    else:
        pairing = None
    facts = [
        (N_("Games"), games),
        (N_("Groups"), grouping),
        odd,
        pairing or (N_("Swiss pairing"), Text("Round 1: verifiable draw (purpose swiss/1), consecutive pairs, the earlier-drawn player "
                                   "starts. Later rounds: the highest-ranked unpaired player meets the highest-ranked unpaired "
                                   "player allowed, backtracking when the rest could not be paired; the higher-ranked player "
                                   "starts. %(rematch)s", rematch=rematch)),
        (N_("Ranking"), ranking_sentence(fmt.criteria, default_ranking,
                                         N_("Wins, then Buchholz (the current wins of all opponents met), then the sum of score "
                                            "differences, then the drawing of lots."))),
    ]
    same_playoff = (fmt.playoff_size, o["third_place"], fmt.declared, tuple(o["ranking"])) == (8, True, False, default_ranking)
    if same_playoff:
        facts += [
            (N_("Playoff"), N_("Quarterfinals 1-8, 2-7, 3-6, 4-5 (two groups: A1-B4, A2-B3, A3-B2, A4-B1), semifinals, a final "
                               "and a game for third place. The higher Swiss rank starts. A drawn game goes to the player who "
                               "used less clock time, then to the better Swiss rank, then Buchholz, score difference and lots.")),
            (N_("Classification"), N_("1-2 from the final, 3-4 from the third-place game, 5-8 the quarterfinal losers by their "
                                      "Swiss values (wins, Buchholz, score difference, lots), then everyone else the same way. "
                                      "The reserve player is listed last without a place.")),
        ]
        return facts
    if fmt.playoff_size == 0:
        facts.append((N_("Playoff"), N_("None: the event is finished after the last Swiss round.")))
        facts.append((N_("Classification"), N_("The final Swiss ranking (across groups by the same criteria); a reserve player "
                                               "is listed last without a place.")))
        return facts
    first_round = ", ".join(f"{a}-{b}" for a, b in first_round_labels(fmt.playoff_size, 1))
    two_groups = ", ".join(f"{a}-{b}" for a, b in first_round_labels(fmt.playoff_size, 2))
    later = [_as_text(fmt.round_title(number)) for number in range(2, fmt.playoff_rounds + 1)]
    third = N_(" and a game for third place") if fmt.third_place else ""
    later = Text(", then %(rounds)s", rounds=_joined(later)) if later else ""
    third = Text(third) if third else ""
    if groups in ("auto", 1, 2) and fmt.playoff_size <= 8:
        playoff = Text("The best %(size)s: %(first)s (two groups: %(two)s)%(later)s%(third)s. The higher Swiss rank starts. "
                       "%(draw)s", size=fmt.playoff_size, first=first_round, two=two_groups, later=later, third=third,
                       draw=_draw_rule(fmt))
    else:
        count = 2 if groups == "auto" else groups
        playoff = Text("The best %(size)s still in the event, each group sending as many (seeded: the group winners in "
                       "group order, then the seconds, and so on), in a bracket of standard order: %(first)s%(later)s"
                       "%(third)s. The higher Swiss rank starts. %(draw)s", size=fmt.playoff_size,
                       first=", ".join(f"{a}-{b}" for a, b in first_round_labels(fmt.playoff_size, count)),
                       later=later, third=third, draw=_draw_rule(fmt))
    facts.append((N_("Playoff"), playoff))
    facts.append((N_("Classification"), classification_rule(fmt)))
    return facts


SPLIT = N_("A player may carry group: (the organisers' split); players with last year's place go to the groups in turn, "
           "A, B, C, ...; the others are drawn (purpose groups) into the smallest group, the first in letter order when "
           "equal. Of two odd groups, the one whose player was drawn last gives that player to the other. A late entrant "
           "joins the smallest group.")


def _default_playoff(fmt) -> bool:
    """The built-in's playoff: eight players, a third-place game, drawn games
    decided on the clock, the built-in's ranking."""
    return (fmt.playoff_size, fmt.third_place, fmt.declared, tuple(fmt.options["ranking"])) == \
        (8, True, False, tuple(fmt.defaults()["ranking"]))


def _draw_rule(fmt):
    """How a playoff game with equal scores is decided, naming the ranking's criteria."""
    if fmt.declared:
        return N_("A game with equal scores goes to the winner its file names (the event's tie rule).")
    tiebreak = [Text(c.label) for c in fmt.criteria if c.key != "wins"]
    return Text("A drawn game goes to the player who used less clock time, then to the better Swiss rank, then %(criteria)s "
                "and lots.", criteria=_joined(tiebreak))


def classification_rule(fmt):
    """How the places are decided after a playoff of any size: the final, the
    third-place game (or the semifinal losers), the losers of each earlier
    round, then everyone else, by their Swiss values."""
    places = [N_("1-2 from the final")]
    if fmt.playoff_size >= 4:
        places.append(N_("3-4 from the third-place game") if fmt.third_place else N_("3-4 the semifinal losers by their Swiss values"))
    for number in range(fmt.playoff_rounds - 2, 0, -1):
        left = fmt.players_left(number)
        places.append(N_("5-8 the quarterfinal losers by their Swiss values") if left == 8 else
                      Text("%(first)s-%(last)s the losers of the %(round)s by their Swiss values",
                           first=left // 2 + 1, last=left, round=_as_text(fmt.round_title(number))))
    return Text("%(places)s, then everyone else by their Swiss values (%(criteria)s, lots). "
                "A reserve player is listed last without a place.",
                places=_joined([_as_text(p) for p in places]), criteria=_joined([Text(c.label) for c in fmt.criteria]))


def bracket_words(fmt) -> dict:
    """The playoff bracket page's words, in this format's numbers: the heading
    of the places the playoff decides and how they are decided, how a drawn
    game is decided, and what the last round is for."""
    default = _default_playoff(fmt)
    size = fmt.playoff_size
    if fmt.third_place:
        final = N_("The semifinal winners play the final for places 1 and 2; the semifinal losers play the third-place "
                   "game for places 3 and 4.")
    elif size >= 4:
        final = N_("The semifinal winners play the final for places 1 and 2; the semifinal losers take places 3 and 4 "
                   "by their Swiss values.")
    else:
        final = N_("The two qualifiers play the final for places 1 and 2.")
    return {
        "places": N_("Places 1–8") if size == 8 else Text("Places 1–%(last)s", last=size),
        "places_rule": N_("The quarterfinal losers take places 5–8 in the order of their Swiss values (wins, Buchholz, "
                          "score difference, lots); everyone else follows the same way, the reserve last without a place.")
        if default else classification_rule(fmt),
        "draw": N_("A drawn game goes to the player who used less clock time; on equal time to the better Swiss rank (the "
                   "place inside one’s group), then Buchholz, score difference and lots.") if default else _draw_rule(fmt),
        "round_draw": N_("A drawn playoff game goes to the player who used less clock time; on equal time to the better Swiss "
                         "rank, then Buchholz, score difference and lots.") if default else _draw_rule(fmt),
        "final": final,
    }


def _joined(items):
    """Translatable items joined with commas."""
    if not items:
        return ""
    text = items[0]
    for item in items[1:]:
        text = Text("%(a)s, %(b)s", a=text, b=item)
    return text


def _as_text(value):
    return Text(value) if isinstance(value, str) else value
