"""``podium simulate`` for Catan: plausible results of a seated round."""

from __future__ import annotations

from ...playing_strength import strength


def results(fmt, rnd, rng, seed: str, style: dict) -> tuple[str, list]:
    """Each table: seats shuffled (the real seat order), one winner at 10-12 VP
    chosen by strength, the others 2-9; about one game in eight stopped by
    the time limit in qualifying rounds."""
    units = []
    can_stop = rnd.stage == "qualifying"  # later stages need a winner per table
    for table in rnd.units:
        seats = list(table.players)
        rng.shuffle(seats)
        weights = [strength(seed, pid) ** 3 for pid in seats]
        winner = rng.choices(seats, weights)[0]
        stopped = can_stop and rng.random() < 0.125
        vp = {}
        for pid in seats:
            if pid == winner and not stopped:
                vp[pid] = rng.choice((10, 10, 10, 11, 12))
            else:
                vp[pid] = min(9, max(2, round(rng.gauss(6.5 * strength(seed, pid), 1.6))))
        unit = {"table": table.table, "seats": vp}
        if stopped:
            unit["winner"] = "none"
        units.append(unit)
    return "tables", units
