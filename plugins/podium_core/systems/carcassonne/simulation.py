"""``podium simulate`` for Carcassonne: plausible games of a seated round."""

from __future__ import annotations

from ...playing_strength import strength


def results(fmt, rnd, rng, seed: str, style: dict) -> tuple[str, list]:
    """Each game: scores around 100 leaning towards the stronger player; about
    one game in forty drawn and one in sixty lost on time (forfeit).  Playoff
    games record both clock times, which decide a drawn playoff game; under
    ``tie_game: declared`` a drawn game names its winner instead."""
    units = []
    playoff = rnd.stage == "playoff"
    for game in rnd.units:
        first, second = game.players
        odds = strength(seed, first) / (strength(seed, first) + strength(seed, second))
        low = rng.randint(60, 110)
        roll = rng.random()
        if roll < 0.025:
            score = [low, low]
        else:
            high = low + rng.randint(1, 45)
            score = [high, low] if rng.random() < odds else [low, high]
        unit = {"table": game.table, "players": [first, second], "score": score}
        if 0.025 <= roll < 0.042:
            unit["forfeit"] = first if score[0] < score[1] else second
        if fmt.declared and score[0] == score[1]:
            unit["winner"] = first if rng.random() < odds else second
        if playoff:
            unit["time"] = [f"{rng.randint(9, 19)}:{rng.randint(0, 59):02d}" for _ in range(2)]
        if getattr(game, "place", None):
            unit["place"] = game.place
        units.append(unit)
    return "games", units
