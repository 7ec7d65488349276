"""``podium simulate`` for Tantrix: plausible matches of a seated round."""

from __future__ import annotations

from ...playing_strength import strength
from .engine import decide, game_tenths, with_penalties


def results(fmt, rnd, rng, seed: str, style: dict) -> tuple[str, list]:
    """Each match: games until the engine's own rule decides it; margins
    lean towards the stronger player, a few games are draws, a few carry
    time-penalty minutes, and about half are recorded as scores.  A match
    lost by walkover (a player withdrew) is listed without games."""
    units = []
    for match in rnd.units:
        first, second = match.players
        if match.walkover is not None:
            units.append({"match": match.match, "players": [first, second]})
            continue
        odds = strength(seed, first) / (strength(seed, first) + strength(seed, second))
        games, totals, running = [], [], (0, 0)
        while True:
            margin = 0 if rng.random() < 0.03 else rng.randint(1, 24) * (1 if rng.random() < odds else -1)
            penalty = (rng.choice((1, 2, 3)), 0) if rng.random() < 0.04 else (0, 0)
            if rng.random() < 0.5:
                loser_score = rng.randint(8, 30)
                score = [loser_score + margin, loser_score] if margin >= 0 else [loser_score, loser_score - margin]
                game = {"score": score}
            else:
                game = {"margin": margin}
            if penalty != (0, 0):
                game["penalty"] = list(penalty)
            games.append(game)
            tp = with_penalties(game_tenths(margin), penalty)
            running = (running[0] + tp[0], running[1] + tp[1])
            totals.append(running)
            if decide(totals, match.standard, match.rule, fmt.decisive_lead, fmt.extra_games_limit)[0] is not None:
                break
        units.append({"match": match.match, "players": [first, second], "games": games, "status": "NORMAL"})
    return "matches", units
