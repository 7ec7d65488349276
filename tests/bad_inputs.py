"""The bad-input corpus: realistic mistakes, each with the exact problems it must give.

Every case starts from a valid conformance sample (tests/samples/results),
applies edits to its files, and lists the problems ``podium validate`` must
print, as ``file:line: message`` relative to the event folder, in order.
An edit is ``(file, old, new)``: replace the first ``old`` in ``file`` by
``new`` (``old`` None: the whole file becomes ``new``; ``new`` None: the
file is deleted).  Bytes are allowed for ``new`` where text cannot say it.
"""

CATAN = "catan2-lt13-full-1000"
CATAN_LV = "catan1-lv22-withdrawal-full-1000"
CATAN_UP = "catan3-lt14-upcoming-q2-1000"
BASKA = "baska1-13-two-sessions-1000"
TANTRIX = "tantrix1-12-byes-resign-ignore-full-1000"
CARC = "carcassonne1-13-reserve-full-1000"

Q1 = "qualifying-01.yaml"
Q2 = "qualifying-02.yaml"
EV = "event.yaml"

CASES = [
    # -- any file: YAML itself -------------------------------------------------------
    ("yaml-syntax", CATAN, [(EV, "dates: [2010-03-20]", "dates: [2010-03-20")]),
    ("yaml-tab-indent", CATAN, [(Q1, "  - table: 2", "\t- table: 2")]),
    ("yaml-duplicate-key", CATAN, [(EV, "venue: Vilnius", "venue: Vilnius\nvenue: Kaunas")]),
    ("yaml-python-tag", CATAN, [(EV, "venue: Vilnius", "venue: !!python/object/apply:os.system [echo]")]),
    ("yaml-alias-bomb", CATAN, [(Q2, None, 'a: &a ["x", "x"]\nb: &b [*a, *a]\nc: [*b, *b]\n')]),
    ("yaml-not-utf8", CATAN, [(EV, "venue: Vilnius", b"venue: Vilni\xfas")]),
    ("yaml-deep-nesting", CATAN, [(EV, "venue: Vilnius", "venue: " + "[" * 100 + "]" * 100)]),
    ("yaml-empty-round-file", CATAN, [(Q2, None, "")]),
    # -- event.yaml -----------------------------------------------------------------
    ("event-missing-name", CATAN, [(EV, "name: Katano turnyras „Route 66“\n", "")]),
    ("event-unknown-format", CATAN, [(EV, "format: catan-lt-route66", "format: catan-2010")]),
    ("event-bad-language", CATAN, [(EV, "language: lt", "language: lithuanian")]),
    ("event-unknown-field", CATAN, [(EV, "venue: Vilnius", "venu: Vilnius")]),
    ("event-bad-date", CATAN, [(EV, "dates: [2010-03-20]", "dates: [20.03.2010]")]),
    ("event-bad-player-id", CATAN, [(EV, "id: lina-paulauskaite", "id: Lina Paulauskaitė")]),
    ("event-duplicate-player", CATAN, [(EV, "id: marius-rimkus", "id: jonas-stankevicius")]),
    ("event-player-without-name", CATAN, [(EV, "    name: Marius Rimkus\n", "")]),
    ("event-players-not-a-list", CATAN_UP, [(EV, None, "name: Cup\nformat: catan-lt-route66\nplayers: everyone\n")]),
    ("event-one-player", CATAN_UP, [(EV, None, "name: Cup\nformat: catan-lt-route66\nplayers:\n  - {id: a, name: A}\n"), (Q2, None, None), (Q1, None, None)]),
    ("event-lots-unknown", CATAN, [(EV, "venue: Vilnius", "venue: Vilnius\nlots: [nobody]")]),
    ("event-option-unknown", CATAN, [(EV, "venue: Vilnius", "venue: Vilnius\noptions: {rounds: 3}")]),
    ("event-slug-escape", CATAN, [(EV, "venue: Vilnius", "venue: Vilnius\nrules: ../../etc/passwd")]),
    # -- round files: shared rules --------------------------------------------------------
    ("round-unknown-stage", CATAN, [(Q2, "stage: qualifying", "stage: semi")]),
    ("round-stage-not-in-format", CATAN, [(Q2, "stage: qualifying", "stage: semifinal")]),
    ("round-number-zero", CATAN, [(Q2, "round: 2", "round: 0")]),
    ("round-number-word", CATAN, [(Q2, "round: 2", "round: two")]),
    ("round-listed-twice", CATAN, [(Q2, "round: 2", "round: 1")]),
    ("round-gap", CATAN_UP, [(Q2, "round: 2", "round: 3")]),
    ("round-tables-and-games", CATAN, [(Q2, "tables:", "games: [{table: 1, players: [a, b]}]\ntables:")]),
    ("round-unknown-player", CATAN, [(Q1, "marius-rimkus: 2", "marius-rimkas: 2")]),
    ("round-player-twice", CATAN, [(Q1, "marius-rimkus: 2", "jonas-stankevicius: 2")]),
    ("round-later-file-first", CATAN, [(Q2, None, None)]),
    ("round-results-before-seated", CATAN, [(Q1, "seats: {dovydas-simkus: 6, gediminas-paulauskas: 11, andrius-baranauskas: 4}", "seats: [dovydas-simkus, gediminas-paulauskas, andrius-baranauskas]")]),
    # -- Catan -------------------------------------------------------------------
    ("catan-vp-too-high", CATAN, [(Q1, "indre-mockute: 7", "indre-mockute: 21")]),
    ("catan-vp-negative", CATAN, [(Q1, "indre-mockute: 7", "indre-mockute: -1")]),
    ("catan-vp-word", CATAN, [(Q1, "indre-mockute: 7", "indre-mockute: seven")]),
    ("catan-two-winners", CATAN, [(Q1, "indre-mockute: 7", "indre-mockute: 10"), (Q1, "    winner: rokas-petrauskas\n", "")]),
    ("catan-no-winner-no-none", CATAN, [(Q1, "rokas-petrauskas: 10}", "rokas-petrauskas: 9}"), (Q1, "    winner: rokas-petrauskas\n", "")]),
    ("catan-winner-not-at-table", CATAN, [(Q1, "winner: rokas-petrauskas", "winner: marius-rimkus\n  # moved"), (Q1, "marius-rimkus: 2, ", "")]),
    ("catan-winner-below-ten", CATAN, [(Q1, "winner: rokas-petrauskas", "winner: indre-mockute")]),
    ("catan-none-but-ten", CATAN, [(Q1, "winner: rokas-petrauskas", "winner: none")]),
    ("catan-seating-differs", CATAN, [(Q2, "rokas-petrauskas: 5", "jonas-stankevicius: 5"), (Q2, "jonas-stankevicius: 6", "rokas-petrauskas: 6")]),
    ("catan-table-numbering", CATAN, [(Q2, "  - table: 2", "  - table: 5")]),
    ("catan-final-without-winner", CATAN, [(f"final-01.yaml", "karolis-kazlauskas: 11}", "karolis-kazlauskas: 9}"), ("final-01.yaml", "winner: karolis-kazlauskas", "winner: none")]),
    ("catan-final-withdrawn-unknown", CATAN, [("final-01.yaml", "round: 1", "round: 1\nwithdrawn: [zz-top]")]),
    ("catan-lv-withdrawn-in-final", CATAN_LV, [("final-01.yaml", "round: 1", "round: 1\nwithdrawn: [valdis-celmins]")]),
    ("catan-lv-advance-with-winner", CATAN_LV, [("final-01.yaml", "round: 1", "round: 1\nadvance: {1: reinis-zvirbulis}")]),
    ("catan-lv-semifinal-differs", CATAN_LV, [("semifinal-01.yaml", "withdrawn: [kristaps-celmins]\n", "")]),
    ("catan-lv-semifinal-size", CATAN_LV, [(EV, "venue: Rīga", "venue: Rīga\noptions: {semifinal_size: 20}")]),
    # -- Baśka -------------------------------------------------------------------
    ("baska-sum-not-zero", BASKA, [("grand-prix-01.yaml", "elzbieta-wojcik: 33", "elzbieta-wojcik: 34")]),
    ("baska-short-table-result", BASKA, [("grand-prix-01.yaml", "seats: [marek-mazur]", "seats: {marek-mazur: 0}")]),
    ("baska-session-missing", BASKA, [("grand-prix-02.yaml", "session: 1\n", "")]),
    ("baska-session-wrong", BASKA, [("grand-prix-02.yaml", "session: 1", "session: 2")]),
    ("baska-absent-but-seated", BASKA, [("grand-prix-01.yaml", "session: 1", "session: 1\nabsent: [marek-mazur]")]),
    ("baska-player-missing", BASKA, [("grand-prix-01.yaml", "  - table: 4\n    seats: [marek-mazur]\n", "")]),
    ("baska-empty-table", BASKA, [("grand-prix-01.yaml", "seats: [marek-mazur]", "seats: []")]),
    ("baska-deal-unknown-game", BASKA, [("grand-prix-01.yaml", "seats: {krystyna-kaminska: 29, malgorzata-wojcik: 1, krystyna-szymanska: -63, elzbieta-wojcik: 33}", "seats: [krystyna-kaminska, malgorzata-wojcik, krystyna-szymanska, elzbieta-wojcik]\n    deals:\n      - {game: poker, won: true}")]),
    ("baska-zolo-at-bok", BASKA, [("grand-prix-01.yaml", "seats: {krystyna-kaminska: 29, malgorzata-wojcik: 1, krystyna-szymanska: -63, elzbieta-wojcik: 33}", "seats: [krystyna-kaminska, malgorzata-wojcik, krystyna-szymanska, elzbieta-wojcik]\n    deals:\n      - {game: zolo, player: krystyna-kaminska, won: true, level: bok}")]),
    ("baska-deal-player-elsewhere", BASKA, [("grand-prix-01.yaml", "seats: {krystyna-kaminska: 29, malgorzata-wojcik: 1, krystyna-szymanska: -63, elzbieta-wojcik: 33}", "seats: [krystyna-kaminska, malgorzata-wojcik, krystyna-szymanska, elzbieta-wojcik]\n    deals:\n      - {game: cicha, player: marek-mazur, won: true}")]),
    ("baska-deals-disagree-with-totals", BASKA, [("grand-prix-01.yaml", "elzbieta-wojcik: 33}", "elzbieta-wojcik: 33}\n    deals:\n      - {game: para, won: [krystyna-kaminska, malgorzata-wojcik]}")]),
    ("baska-sessions-zero", BASKA, [(EV, "options: {sessions: 2, rounds_per_session: 4}", "options: {sessions: 0, rounds_per_session: 4}")]),
    ("baska-round-beyond-event", BASKA, [("grand-prix-08.yaml", "round: 8", "round: 9"), ("grand-prix-08.yaml", "session: 2", "session: 3")]),
    # -- Tantrix -------------------------------------------------------------------
    ("tantrix-seed-twice", TANTRIX, [(EV, "seed: 8", "seed: 7")]),
    ("tantrix-seed-missing", TANTRIX, [(EV, "    seed: 8\n", "")]),
    ("tantrix-seed-too-high", TANTRIX, [(EV, "seed: 8", "seed: 13")]),
    ("tantrix-game-after-decision", TANTRIX, [("main-01.yaml", "      - margin: 8\n", "      - margin: 8\n      - margin: 3\n")]),
    ("tantrix-wrong-players", TANTRIX, [("main-01.yaml", "players: [katalin-kovacs, maria-kowalska]", "players: [maria-kowalska, katalin-kovacs]\n    # swapped order is fine"), ("main-01.yaml", "maria-kowalska, katalin-kovacs", "maria-kowalska, mere-stewart")]),
    ("tantrix-bad-status", TANTRIX, [("main-02.yaml", "status: NORMAL", "status: DONE")]),
    ("tantrix-resign-without-who", TANTRIX, [("main-02.yaml", "status: NORMAL", "status: RESIGN")]),
    ("tantrix-score-and-margin", TANTRIX, [("main-01.yaml", "      - margin: -7\n", "      - {margin: -7, score: [10, 17]}\n")]),
    ("tantrix-negative-penalty", TANTRIX, [("main-01.yaml", "penalty: [2, 2]", "penalty: [-2, 2]")]),
    ("tantrix-bye-slot-listed", TANTRIX, [("main-01.yaml", "  - match: 2\n", "  - match: 1\n    players: [peteris-rozitis, mere-stewart]\n  - match: 2\n")]),
    ("tantrix-standard-games-zero", TANTRIX, [(EV, "venue:", "options: {standard_games: {earlier: 0}}\nvenue:")]),
    # -- Carcassonne ---------------------------------------------------------------
    ("carcassonne-odd-without-reserve", CARC, [(EV, "    reserve: true\n", ""), (EV, "players:\n", "players:\n  - {id: late-comer, name: Late Comer}\n")]),
    ("carcassonne-reserve-in-even-field", CARC, [(EV, "players:\n", "players:\n  - {id: late-comer, name: Late Comer}\n")]),
    ("carcassonne-reserve-loses-place", CARC, [(EV, "    reserve: true\n", "")]),
    ("carcassonne-forfeit-outsider", CARC, [("swiss-06.yaml", "score: [92, 120]", "score: [92, 120]\n    forfeit: gatis-sprogis")]),
    ("carcassonne-missing-score", CARC, [("swiss-05.yaml", "    score: [", "    #score: [")]),
    ("carcassonne-playoff-draw-without-time", CARC, [("playoff-03.yaml", '    time: ["11:01", "19:20"]\n', ""), ("playoff-03.yaml", "score: [105, 104]", "score: [105, 105]")]),
    ("carcassonne-pairing-differs", CARC, [("swiss-06.yaml", "players: [gatis-sprogis, aigars-berzins]", "players: [gatis-sprogis, davis-jansons]"), ("swiss-06.yaml", "players: [nauris-freimanis, davis-jansons]", "players: [nauris-freimanis, aigars-berzins]")]),
    ("carcassonne-negative-score", CARC, [("swiss-06.yaml", "score: [92, 120]", "score: [-92, 120]")]),
    ("carcassonne-bad-clock", CARC, [("playoff-03.yaml", '"11:01"', '"11.01"')]),
    ("carcassonne-bad-place", CARC, [("playoff-03.yaml", "place: 3", "place: 2")]),
    ("carcassonne-three-players", CARC, [("swiss-06.yaml", "players: [gatis-sprogis, aigars-berzins]", "players: [gatis-sprogis, aigars-berzins, toms-kalejs]")]),
]
