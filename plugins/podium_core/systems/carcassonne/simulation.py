"""``podium simulate`` for Carcassonne: plausible games of a seated round."""

from __future__ import annotations

from ...playing_strength import strength


def results(fmt, rnd, rng, seed: str, style: dict) -> tuple[str, list]:
    """Each game: scores around 100 leaning towards the stronger player; about
    one game in forty drawn and one in sixty lost on time (forfeit).  Playoff
    games record both clock times, which decide a drawn playoff game; under
    ``tie_game: declared`` a drawn game names its winner instead.  A match
    of several games (``match_games``) is played game by game until one
    player has won more than half of them.  A game lost by walkover (a
    player withdrew from the playoff) is listed without a result."""
    units = []
    playoff = rnd.stage == "playoff"
    for game in rnd.units:
        first, second = game.players
        unit = {"table": game.table, "players": [first, second]}
        if getattr(game, "walkover", None) is not None:
            units.append(unit)
            continue
        odds = strength(seed, first) / (strength(seed, first) + strength(seed, second))
        if fmt.match_games > 1:
            unit["games"] = _match(fmt, rng, odds, first, second)
        else:
            unit.update(_game(fmt, rng, odds, first, second))
        if playoff:
            unit["time"] = [f"{rng.randint(9, 19)}:{rng.randint(0, 59):02d}" for _ in range(2)]
        if getattr(game, "place", None):
            unit["place"] = game.place
        units.append(unit)
    return "games", units


def _game(fmt, rng, odds: float, first: str, second: str) -> dict:
    """One game's fields: ``score``, and ``forfeit`` or ``winner`` where they apply."""
    low = rng.randint(60, 110)
    roll = rng.random()
    if roll < 0.025:
        score = [low, low]
    else:
        high = low + rng.randint(1, 45)
        score = [high, low] if rng.random() < odds else [low, high]
    game = {"score": score}
    if 0.025 <= roll < 0.042:
        game["forfeit"] = first if score[0] < score[1] else second
    if fmt.declared and score[0] == score[1]:
        game["winner"] = first if rng.random() < odds else second
    return game


def _match(fmt, rng, odds: float, first: str, second: str) -> list:
    """A match's games until a player has won more than half of ``match_games``
    (a drawn game ½ each), each as the file writes it."""
    games, wins = [], [0, 0]
    while max(wins) * 2 <= fmt.match_games and len(games) < fmt.match_games:
        game = _game(fmt, rng, odds, first, second)
        a, b = game["score"]
        forfeit, winner = game.get("forfeit"), game.get("winner")
        if forfeit is not None:
            wins[1 if forfeit == first else 0] += 1
        elif a != b:
            wins[0 if a > b else 1] += 1
        elif winner is not None:
            wins[0 if winner == first else 1] += 1
        else:
            wins = [wins[0] + 0.5, wins[1] + 0.5]
        games.append(game if len(game) > 1 else game["score"])
    return games
