"""An event's knockout brackets in the brackets-model format (brackets-manager, brackets-viewer).

brackets-model (the TypeScript types of the ``brackets-manager`` and
``brackets-viewer`` JavaScript libraries) stores a tournament as six tables,
which is also the JSON this module writes::

    {"participant": [...], "stage": [...], "group": [...], "round": [...],
     "match": [...], "match_game": [...]}

so a club can ``manager.import()`` it, or draw it anywhere with
``bracketsViewer.render({stages: data.stage, matches: data.match,
matchGames: data.match_game, participants: data.participant})``.

How Podium's brackets map onto it (the rules this module implements):

- one tournament (``tournament_id`` 0); a participant per player of the
  event, in the event's order, ``id`` 0, 1, ...; every other table's ids
  count from 0 across the whole document, and every ``number`` from 1;
- each bracket is a ``single_elimination`` stage: the Carcassonne playoff
  (its third-place game, when there is one, is the stage's ``final_group``,
  group 2, as brackets-model places a consolation final), the Tantrix main
  draw and, when there is one, the consolation draw (a stage of its own);
- within a round, match ``n`` sends its winner to match ``ceil(n / 2)`` of
  the next round, as ``opponent1`` when ``n`` is odd and ``opponent2``
  when even: Tantrix slots are numbered so already; the Carcassonne playoff's
  tables are put in that order by following each game's sources back from
  the final;
- an opponent is ``null`` for a bye, ``{"id": null}`` while still to be
  decided; ``position`` is the seed in the first round (a Carcassonne seed
  such as ``A3`` becomes its place in the seeding list); ``score`` is the
  game's score (Carcassonne) or the match total of tournament points after
  penalties (Tantrix); ``result`` is ``win`` or ``loss`` once decided;
  ``forfeit`` marks a player who forfeited; a player with a bye has no
  ``result`` (the next round shows them through);
- ``status`` is brackets-model's number: 0 locked (a bye, or nobody known
  yet), 1 waiting (one player known), 2 ready, 3 running (some results in),
  4 completed;
- a Tantrix match's games are its ``match_game`` rows (``child_count``),
  each with the game's tournament points as the score.
"""

from __future__ import annotations

LOCKED, WAITING, READY, RUNNING, COMPLETED = 0, 1, 2, 3, 4
TABLES = ("participant", "stage", "group", "round", "match", "match_game")
BRACKET_KEYS = ("bracket", "consolation_bracket")  # the engines' knockout data in EventOutcome.extra


def database(outcome, document: dict) -> dict | None:
    """The event's brackets as a brackets-model database, or None without any.
    ``document`` is the event's :func:`podium_core.export.event_document`."""
    brackets = [outcome.extra[key] for key in BRACKET_KEYS if outcome.extra.get(key)]
    brackets = [data for data in brackets if data.get("rounds")]
    if not brackets:
        return None
    built = _Database(outcome.event.players, document)
    for data in brackets:
        if "slots" in data["rounds"][0]:
            built.draw(data)
        else:
            built.playoff(data)
    return built.tables


class _Database:
    def __init__(self, players, document: dict):
        self.tables = {name: [] for name in TABLES}
        self.ids = {}
        for number, player in enumerate(players):
            self.ids[player.id] = number
            self.tables["participant"].append({"id": number, "tournament_id": 0, "name": player.name})
        self.units = {}  # (stage, round, number) -> the unit of event.json
        for rnd in document["rounds"]:
            for kind in ("games", "matches"):
                for unit in rnd.get(kind, ()):
                    self.units[(rnd["stage"], rnd["round"], unit.get("match", unit.get("table")))] = unit

    # -- the tables -----------------------------------------------------------------

    def _add(self, table: str, row: dict) -> int:
        row = {"id": len(self.tables[table]), **row}
        self.tables[table].append(row)
        return row["id"]

    def _stage(self, name: str, settings: dict) -> int:
        number = len(self.tables["stage"]) + 1
        return self._add("stage", {"tournament_id": 0, "name": name, "type": "single_elimination",
                                   "number": number, "settings": settings})

    def _group(self, stage_id: int, number: int) -> int:
        return self._add("group", {"stage_id": stage_id, "number": number})

    def _round(self, stage_id: int, group_id: int, number: int) -> int:
        return self._add("round", {"stage_id": stage_id, "group_id": group_id, "number": number})

    def _opponent(self, pid, position=None, score=None, winner=None, forfeit=None) -> dict:
        found = {"id": None if pid is None else self.ids[pid]}
        if position is not None:
            found["position"] = position
        if pid is None:
            return found
        if forfeit == pid:
            found["forfeit"] = True
        if score is not None:
            found["score"] = score
        if winner is not None:
            found["result"] = "win" if winner == pid else "loss"
        return found

    def _match(self, stage_id, group_id, round_id, number, opponents, started: bool, decided: bool,
               child_count: int = 0) -> int:
        return self._add("match", {"stage_id": stage_id, "group_id": group_id, "round_id": round_id, "number": number,
                                   "child_count": child_count, "status": status(opponents, started, decided),
                                   "opponent1": opponents[0], "opponent2": opponents[1]})

    # -- Carcassonne: a playoff of games -------------------------------------------------

    def playoff(self, data: dict) -> None:
        rounds = data["rounds"]
        seeding = {entry["player"]: n for n, entry in enumerate(data.get("seeds", ()), 1)}
        third = [g for g in rounds[-1]["games"] if g.get("place") == 3]
        stage_id = self._stage("Playoff", {"size": 2 * len(rounds[0]["games"]), "consolationFinal": bool(third),
                                           "grandFinal": "none", "matchesChildCount": 0})
        order = bracket_order(rounds)
        games = {(rnd["round"], g["table"]): g for rnd in rounds for g in rnd["games"]}
        bracket = self._group(stage_id, 1)
        for index, rnd in enumerate(rounds):
            round_id = self._round(stage_id, bracket, index + 1)
            in_bracket = [g for g in rnd["games"] if g.get("place") != 3]
            for game in sorted(in_bracket, key=lambda g: order.get((rnd["round"], g["table"]), g["table"])):
                self._game(stage_id, bracket, round_id, order.get((rnd["round"], game["table"]), game["table"]),
                           rnd["round"], game, seeding if index == 0 else None, games)
        if third:
            final_group = self._group(stage_id, 2)
            round_id = self._round(stage_id, final_group, 1)
            self._game(stage_id, final_group, round_id, 1, rounds[-1]["round"], third[0], None, games)

    def _game(self, stage_id, group_id, round_id, number, round_number, game, seeding, games) -> None:
        players = list(game.get("players") or [None, None])
        unit = self.units.get(("playoff", round_number, game["table"])) or {}
        score = list(game.get("score") or [None, None])
        fed = fed_order(game, games)
        if fed is not None and None not in players and fed != players and sorted(fed) == sorted(players):
            # opponent i is the one who comes from source i
            score = [score[players.index(pid)] for pid in fed]
            players = fed
        opponents = [self._opponent(pid, seeding.get(pid) if seeding and pid else None, score[i], game.get("winner"),
                                    unit.get("forfeit"))
                     for i, pid in enumerate(players)]
        self._match(stage_id, group_id, round_id, number, opponents, started=game.get("score") is not None,
                    decided=game.get("winner") is not None)

    # -- Tantrix: a draw of matches ---------------------------------------------------

    def draw(self, data: dict) -> None:
        stage = data["stage"]
        stage_id = self._stage(str(data.get("title") or stage), {"size": data["size"], "consolationFinal": False,
                                                                 "grandFinal": "none", "matchesChildCount": 0})
        group_id = self._group(stage_id, 1)
        for index, rnd in enumerate(data["rounds"]):
            round_id = self._round(stage_id, group_id, index + 1)
            for slot in sorted(rnd["slots"], key=lambda s: s["slot"]):
                unit = self.units.get((stage, rnd["round"], slot["slot"])) or {}
                games = unit.get("games") or []
                totals = slot.get("tp") if games else None
                opponents = []
                for i, (pid, seed) in enumerate(zip(slot["players"], slot["seeds"])):
                    if slot["bye"] and pid is None:
                        opponents.append(None)
                        continue
                    opponents.append(self._opponent(pid, seed if index == 0 else None, totals[i] if totals else None,
                                                    None if slot["bye"] else slot["winner"]))
                match_id = self._match(stage_id, group_id, round_id, slot["slot"], opponents, started=bool(games),
                                       decided=slot["winner"] is not None and not slot["bye"], child_count=len(games))
                for number, game in enumerate(games, 1):
                    self._match_game(stage_id, match_id, number, slot["players"], game)

    def _match_game(self, stage_id, match_id, number, players, game) -> None:
        tp = game.get("tp") or [None, None]
        winner = None
        if tp[0] is not None and tp[1] is not None and tp[0] != tp[1]:
            winner = players[0] if tp[0] > tp[1] else players[1]
        opponents = [self._opponent(pid, None, tp[i], winner) for i, pid in enumerate(players)]
        self._add("match_game", {"stage_id": stage_id, "parent_id": match_id, "number": number,
                                 "status": COMPLETED if tp[0] is not None else READY,
                                 "opponent1": opponents[0], "opponent2": opponents[1]})


def status(opponents, started: bool, decided: bool) -> int:
    """brackets-model's status of a match with these opponents (module docstring)."""
    if any(o is None for o in opponents):
        return LOCKED
    known = sum(1 for o in opponents if o["id"] is not None)
    if known == 0:
        return LOCKED
    if known == 1:
        return WAITING
    if decided:
        return COMPLETED
    return RUNNING if started else READY


def fed_order(game: dict, games: dict) -> list | None:
    """The players of a playoff game in the order of its sources (the winner or loser
    of each game it comes from), or None while a source is undecided."""
    found = []
    for ref in game.get("from") or ():
        source = games.get((ref["round"], ref["table"]))
        winner = source.get("winner") if source else None
        if winner is None or not source.get("players"):
            return None
        found.append(winner if ref["takes"] == "winner" else next(p for p in source["players"] if p != winner))
    return found or None


def bracket_order(rounds) -> dict:
    """``{(round, table): number}``: each playoff game's match number in brackets-model's
    order, found by following the winners' sources back from the final (``place`` 1,
    else the last round's only game).  Games the final does not reach keep the numbers
    after those it does, in table order."""
    games = {(rnd["round"], g["table"]): g for rnd in rounds for g in rnd["games"]}
    last = [g for g in rounds[-1]["games"] if g.get("place") in (None, 1)]
    order = {}
    if len(last) == 1:
        level = [(rounds[-1]["round"], last[0]["table"])]
        while level:
            for number, key in enumerate(level, 1):
                order[key] = number
            below = []
            for key in level:
                sources = [ref for ref in games[key].get("from") or () if ref["takes"] == "winner"]
                below.extend((ref["round"], ref["table"]) for ref in sources if (ref["round"], ref["table"]) in games)
            level = below
    for rnd in rounds:
        taken = [order[(rnd["round"], g["table"])] for g in rnd["games"] if (rnd["round"], g["table"]) in order]
        following = max(taken, default=0)
        for g in sorted(rnd["games"], key=lambda g: g["table"]):
            if (rnd["round"], g["table"]) not in order and g.get("place") != 3:
                following += 1
                order[(rnd["round"], g["table"])] = following
    return order
