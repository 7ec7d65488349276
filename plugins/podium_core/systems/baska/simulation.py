"""``podium simulate`` for Baśka: plausible deals and small points of a seated round."""

from __future__ import annotations

from ...loader import Document
from ...model import Deal, Where
from .engine import DEALS_PER_ROUND, deal_points


def _deal(rng, seats) -> dict:
    """One plausible deal: mostly pair games, sometimes a solo contract."""
    roll = rng.random()
    level = rng.choices(("none", "kontra", "rej"), (85, 12, 3))[0]
    if roll < 0.62:
        game = "para" if roll < 0.5 else "wesele"
        deal = {"game": game, "won": sorted(rng.sample(seats, 2), key=seats.index)}
        degree = rng.choices(("normal", "bez-wyjscia", "bez-bitki"), (80, 15, 5))[0]
        if level != "none":
            deal["level"] = level
        if degree != "normal":
            deal["degree"] = degree
        return deal
    if roll < 0.995:
        game = rng.choices(("cicha", "zolo", "zolo-du"), (70, 22, 8))[0]
        deal = {"game": game, "player": rng.choice(seats), "won": rng.random() < 0.6}
        if level != "none":
            deal["level"] = level
        return deal
    return {"game": "honorowe", "player": rng.choice(seats)}


def results(fmt, rnd, rng, seed: str, style: dict) -> tuple[str, list]:
    """Each full table plays 20 deals; the short table needs no result.

    The deals are scored by the engine's own contract table; in the sessions
    of ``style["deal_by_deal_sessions"]`` the file lists the protocol,
    otherwise only the totals.
    """
    deal_by_deal = rnd.session in style["deal_by_deal_sessions"]
    where = Where(Document("simulated", {}, {(): 1}))
    units = []
    for table in rnd.units:
        seats = list(table.players)
        rng.shuffle(seats)
        if table.short:
            units.append({"table": table.table, "seats": seats})
            continue
        deals = [_deal(rng, seats) for _ in range(DEALS_PER_ROUND)]
        totals = [0] * len(seats)
        for deal in deals:
            won = tuple(deal["won"]) if isinstance(deal.get("won"), list) else deal.get("won", True)
            scored, _ = deal_points(Deal(deal["game"], where, won, deal.get("player"), deal.get("level", "none"), deal.get("degree", "normal")), seats)
            totals = [a + b for a, b in zip(totals, scored.points)]
        if deal_by_deal:
            units.append({"table": table.table, "seats": seats, "deals": deals})
        else:
            units.append({"table": table.table, "seats": dict(zip(seats, totals))})
    return "tables", units
