"""Tantrix (formats.md section 4): a seeded knockout of multi-game matches
decided by the "decisive victory" rule, with an optional consolation
knockout of the first-round losers.  ``tantrix-wc`` is its declaration.
"""

from __future__ import annotations

from ...errors import Problem
from ...roundfields import ALL, RoundFields
from ...numbers import tenths
from ...text import N_, Text
from ..base import StageSpec, System
from ..options import Invalid, Option, Tenths, Whole, is_int, number_keys
from . import entry, rules, simulation
from .engine import DECISIVE_LEAD, EXTRA_GAMES_AT_FIVE, STANDARD_GAMES, TantrixRun, next_power_of_two, standard_games_key

ROUND_NAMES = ("final", "semifinal", "quarterfinal", "earlier")
STATUSES = ("NORMAL", "TIMMED", "TLATER", "NONAGR", "UNSURE", "DISPUT", "IGNORE", "RESIGN")
SHEET_EXTRA_GAMES = 3  # extra-game lines a score sheet prints after the standard games


class StandardGames:
    """``{final, semifinal, quarterfinal, earlier}`` (missing keys keep the
    default), or ``{round number: games}`` for every round of the main draw."""

    def __call__(self, value, system):
        if isinstance(value, dict):
            value = number_keys(value)
        if not isinstance(value, dict) or not value:
            raise Invalid(f"{value!r} should be a mapping: {{final: 9, semifinal: 8, quarterfinal: 7, earlier: 6}} or {{1: 6, 2: 7, ...}}")
        by_number = [k for k in value if is_int(k)]
        if by_number and len(by_number) != len(value):
            other = next(k for k in value if not is_int(k))
            raise Invalid(f"{other!r}: give games per round name or per round number, not both", (other,))
        for key, games in value.items():
            if by_number:
                if key < 1:
                    raise Invalid(f"round {key} does not exist (rounds are numbered from 1)", (key,))
            elif key not in ROUND_NAMES:
                raise Invalid(f"{key!r} is not a round name (final, semifinal, quarterfinal, earlier) or a round number", (key,))
            if not is_int(games) or not 1 <= games <= 99:
                raise Invalid(f"{games!r} should be a whole number of games from 1 to 99", (key,))
        if by_number:
            numbers = sorted(value)
            if numbers != list(range(1, len(numbers) + 1)):
                missing = next(n for n in range(1, numbers[-1] + 1) if n not in value)
                raise Invalid(f"round {missing} is missing: list every round of the main draw, 1, 2, 3, ...")
        return dict(value)

    @staticmethod
    def words(value, number=str):
        """The games per round of the main draw, as the format page says them."""
        if any(is_int(key) for key in value):
            return Text("Per round of the main draw: %(list)s.",
                        list=", ".join(f"{key}: {number(value[key])}" for key in sorted(value)))
        games = {**STANDARD_GAMES, **value}
        return Text("Final %(final)s, semifinal %(semifinal)s, quarterfinal %(quarterfinal)s, "
                    "earlier rounds %(earlier)s.", **{name: number(games[name]) for name in ROUND_NAMES})


class Tantrix(System):
    """Tantrix World Championship main draw (formats.md 4): a seeded knockout
    of multi-game matches decided by the "decisive victory" rule, with an
    optional consolation knockout of the first-round losers."""

    name = "tantrix"
    title = "Tantrix"
    kind = "matches"
    ENTRY, SIMULATION = entry, simulation
    OPTIONS = (
        Option("standard_games", dict(STANDARD_GAMES), StandardGames(),
               N_("Standard games per match: for the final, the semifinal, the quarterfinal and the earlier rounds, or "
                  "for each round of the main draw by its number.")),
        Option("decisive_margin", DECISIVE_LEAD // 10, Tenths(),
               N_("The TP lead that wins a match after the standard games; 0: any lead wins.")),
        Option("extra_games_limit", EXTRA_GAMES_AT_FIVE, Whole(0, 99), N_("Extra games after which any lead wins.")),
    )
    REFUSED_OPTIONS = {"absence": "Tantrix has no ranked stage: a player who cannot play a match loses it by walkover "
                                  "(withdrawn: [id] in its round file)"}
    PLAYER_FIELDS = frozenset({"seed"})
    PLAYER_HINTS = "    # seed is required: distinct 1..n, 1 = best"

    @property
    def standard_games(self) -> dict:
        """Games per round name, or (``by_round``) per main-draw round number."""
        given = self.options.get("standard_games") or {}
        if self.by_round:
            return dict(given)
        games = dict(STANDARD_GAMES)
        games.update(given)
        return games

    @property
    def by_round(self) -> bool:
        return any(isinstance(k, int) for k in self.options.get("standard_games") or {})

    @property
    def decisive_lead(self) -> int:
        """The decisive margin in tenths of TP (0: the rule is off)."""
        return int(self.options["decisive_margin"] * 10)

    @property
    def extra_games_limit(self) -> int:
        return int(self.options["extra_games_limit"])

    def games_for(self, places: int, depth: int | None = None) -> int:
        """Standard games of a round with ``places`` places, in a main draw of
        ``depth`` rounds.  Per round number, a round is counted from the main
        draw's first (a consolation round takes the games of the main-draw
        round with as many places); a number the mapping lacks takes its last."""
        games = self.standard_games
        if self.by_round:
            depth = depth or places.bit_length() - 1
            number = depth - (places.bit_length() - 1) + 1
            return int(games.get(number, games[max(games)]))
        return int(games[standard_games_key(places)])

    def field_stages(self) -> tuple[set, set]:
        """No ranked stage; both draws are knockouts (the consolation draw
        whatever the field, as its round files say)."""
        return set(), {"main", "consolation"}

    def round_fields(self) -> RoundFields:
        """Matches of games, with a status, who resigned and when extra games
        are played; ``withdrawn:`` (a walkover: :meth:`System.open_field`)."""
        round_, _unit = self.open_field()
        return RoundFields("matches", {"match": ALL, "players": ALL, "games": ALL, "status": ALL, "resigned": ALL,
                                       "when": ALL, "note": ALL}, round_)

    def stages(self, event: Event | None = None) -> list[StageSpec]:
        n = len(event.players) if event is not None else 2
        size = next_power_of_two(n)
        specs = [StageSpec("main", size.bit_length() - 1, N_("Main draw"), named_rounds=True, knockout=True)]
        first_round_matches = n - size // 2
        if first_round_matches >= 2:
            specs.append(StageSpec("consolation", next_power_of_two(first_round_matches).bit_length() - 1, N_("Consolation draw"),
                                   named_rounds=True, knockout=True))
        return specs

    def check_stages(self, event: Event) -> list[Problem]:
        """Round files must name ``main`` or ``consolation`` and a round the
        bracket has; a consolation draw needs at least two first-round matches."""
        problems = []
        specs = {s.id: s for s in self.stages(event)}
        for rnd in event.rounds:
            if rnd.stage == "consolation" and "consolation" not in specs:
                n = len(event.players)
                matches = n - next_power_of_two(n) // 2
                problems.append(Problem(rnd.where.path, rnd.where.line("stage"),
                                        f"there is no consolation draw with {n} players: the main draw has only {matches} first-round match(es)"))
            elif rnd.stage not in specs:
                known = ", ".join(specs)
                problems.append(Problem(rnd.where.path, rnd.where.line("stage"), f"stage '{rnd.stage}' is not part of {self.id} (its stages: {known})"))
            elif rnd.round > specs[rnd.stage].rounds:
                spec = specs[rnd.stage]
                problems.append(Problem(rnd.where.path, rnd.where.line("round"), f"the {spec.title.lower()} has {spec.rounds} round(s); there is no round {rnd.round}"))
        return problems

    def next_round_header(self, outcome) -> dict | None:
        """The next round file to create once every round so far is complete:
        the next main-draw round, then (only when the organisers started one,
        since it is optional) the next consolation round.  While a round is
        being played, a later round is due as soon as one of its matches can
        be seated (:meth:`_seatable_round`)."""
        event = outcome.event
        present = {(r.stage, r.round) for r in event.rounds}
        if any(r.status != "complete" for r in outcome.rounds):
            return self._seatable_round(outcome, present)
        for spec in self.stages(event):
            if spec.id == "consolation" and not any(stage == "consolation" for stage, _ in present):
                continue
            for number in range(1, spec.rounds + 1):
                if (spec.id, number) not in present:
                    return {"stage": spec.id, "round": number}
        return None

    @staticmethod
    def _seatable_round(outcome, present) -> dict | None:
        """While a round is still being played: the first later round with no
        file that already has a match to seat (both its feeder matches decided),
        so that the bracket advances match by match."""
        for key in ("bracket", "consolation_bracket"):
            bracket = outcome.extra.get(key)
            for rnd in (bracket or {}).get("rounds", ()):
                if (bracket["stage"], rnd["round"]) in present:
                    continue
                if any(not slot["bye"] and None not in slot["players"] for slot in rnd["slots"]):
                    return {"stage": bracket["stage"], "round": rnd["round"]}
                break  # a later round cannot have a known match before this one
        return None

    def evaluate(self, event: Event) -> EventOutcome:
        return TantrixRun(self, event).run()

    def rules_facts(self) -> list[tuple]:
        return rules.rules_facts(self)

    # -- the words and numbers of its pages -------------------------------------------------

    def unit_columns(self) -> dict:
        return {"tp": (N_("TP"), N_("Match total in tournament points")), "status": (N_("Status"), N_("Match status")),
                "needs_game": (N_("Needs a game"), N_("Undecided: a game is still needed")),
                "games": (N_("Games"), N_("Games")), "score": (N_("Score"), N_("Score")),
                "margin": (N_("Margin"), N_("Winning margin in tiles")), "penalty": (N_("Penalty"), N_("Time-penalty minutes")),
                "resigned": (N_("Resigned"), N_("Resigned")), "when": (N_("When"), N_("When the extra games are played"))}

    def unit_legends(self) -> dict:
        """The words of the status IGNORE, with this format's decisive margin."""
        if self.decisive_lead == DECISIVE_LEAD:
            return {"ignore": N_("IGNORE: both players agreed before the match to drop the 5.0 TP rule; the total after the "
                                 "standard games decides (any lead), and a tie goes on until a game ends with a lead."),
                    "ignore_short": N_("5.0 rule dropped")}
        margin = tenths(self.decisive_lead)
        return {"ignore": Text("IGNORE: both players agreed before the match to drop the rule of a %(lead)s TP lead; the "
                               "total after the standard games decides (any lead), and a tie goes on until a game ends "
                               "with a lead.", lead=margin),
                "ignore_short": Text("%(lead)s rule dropped", lead=margin)}

    def score_sheet(self, stage: str, unit: dict, round_extra: dict) -> dict | None:
        """The games recorded so far, then a line for each game still to come:
        the standard games and ``SHEET_EXTRA_GAMES`` extra games (the third
        extra game decides on any lead by default, so a fourth is rare)."""
        played = [g for g in (unit.get("games") or []) if isinstance(g, dict)]
        standard = int(unit.get("standard_games") or round_extra.get("standard_games") or 0)
        last = max(standard, len(played)) + SHEET_EXTRA_GAMES
        return {"played": played, "lines": [(n, n > standard) for n in range(len(played) + 1, last + 1)],
                "statuses": STATUSES}

    # -- the organisers' commands ---------------------------------------------------------

    enters_games = True

    def entrants(self, count: int) -> list[dict]:
        """Every player carries a distinct seed, 1 = best."""
        return [{"seed": number} for number in range(1, count + 1)]
