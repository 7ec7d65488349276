"""Compare an event.json document with a conformance sample's expected values.

The samples (../shared/conformance, see its README) give standings rows,
upcoming seatings, Tantrix match totals and the classification as an
independent implementation of formats.md computes them.  ``differences``
returns a list of human-readable mismatches (empty when they agree).
"""

from __future__ import annotations

TOLERANCE = 1e-6


def differences(document: dict, expected: dict) -> list[str]:
    found = []
    found += _standings(document, expected)
    found += _upcoming(document, expected)
    found += _matches(document, expected)
    found += _classification(document, expected)
    return found


def _standings(document, expected):
    found = []
    mine = {(s["stage"], s["group"], s["after_round"]): s for s in document["standings"]}
    theirs = {(s["stage"], s["group"], s["after_round"]): s for s in expected["standings"]}
    if set(mine) != set(theirs):
        found.append(f"standings entries differ: {sorted(mine, key=str)} vs {sorted(theirs, key=str)}")
    for key in sorted(set(mine) & set(theirs), key=str):
        rows, want = mine[key]["rows"], theirs[key]["rows"]
        if [r["player"] for r in rows] != [r["player"] for r in want]:
            for a, b in zip(rows, want):
                if a["player"] != b["player"]:
                    found.append(f"standings {key}: rank {b['rank']} is {b['player']} {b['values']}, we have {a['player']} {a['values']}")
                    break
            else:
                found.append(f"standings {key}: {len(rows)} rows vs {len(want)}")
            continue
        for a, b in zip(rows, want):
            for name, value in b["values"].items():
                if abs(a["values"].get(name, float("nan")) - value) > TOLERANCE:
                    found.append(f"standings {key}: {b['player']} {name} = {a['values'].get(name)}, expected {value}")
    return found


def _upcoming(document, expected):
    found = []
    upcoming = {(r["stage"], r["round"]): r for r in document["rounds"] if r["status"] == "upcoming"}
    for want in expected["upcoming"]:
        key = (want["stage"], want["round"])
        rnd = upcoming.get(key)
        if rnd is None:
            found.append(f"upcoming round {key} missing")
            continue
        units = rnd.get("tables") or rnd.get("games") or rnd.get("matches") or []
        mine = [sorted(u["players"]) for u in units]
        if want.get("groups"):
            theirs = [sorted(t) for g in sorted(want["groups"]) for t in want["groups"][g]]
        else:
            theirs = [sorted(t) for t in want["tables"]]
        if mine != theirs:
            found.append(f"upcoming {key}: {mine} vs {theirs}")
    return found


def _matches(document, expected):
    found = []
    mine = {}
    for rnd in document["rounds"]:
        for match in rnd.get("matches") or ():
            mine[(rnd["stage"], rnd["round"], match["match"])] = match
    for want in expected["matches"]:
        key = (want["stage"], want["round"], want["match"])
        match = mine.get(key)
        if match is None:
            found.append(f"match {key} missing")
            continue
        for name in ("tp", "winner", "needs_game"):
            if match.get(name) != want[name]:
                found.append(f"match {key}: {name} = {match.get(name)}, expected {want[name]}")
    return found


def _classification(document, expected):
    theirs = expected["classification"]
    mine = document["classification"]
    if theirs is None or mine is None:
        return [] if theirs is mine else [f"classification: {mine is not None} vs expected {theirs is not None}"]
    mine = [(p["place"], p["player"]) for p in mine if not p.get("reserve")]
    theirs = [(p["place"], p["player"]) for p in theirs]
    if sorted(mine) != sorted(theirs) or [p for p, _ in mine] != [p for p, _ in theirs]:
        for a, b in zip(mine, theirs):
            if a != b:
                return [f"classification differs first at {b} (we have {a})"]
        return [f"classification: {len(mine)} places vs {len(theirs)}"]
    return []
