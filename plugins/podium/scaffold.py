"""The commented event.yaml that ``podium new`` writes."""

from __future__ import annotations

OPTIONS = {
    "catan-lv-2016": "# options: {semifinal_size: 24}        # 16 (default) or 24 semifinalists",
    "catan-lt-route66": "# options: {}                          # this format has no options",
    "carcassonne-lv": "# options: {avoid_rematch: always}      # consecutive (default) or always",
    "tantrix-wc": "# options: {standard_games: {final: 9, semifinal: 8, quarterfinal: 7, earlier: 6}}",
    "baska-gp": "# options: {sessions: 8, rounds_per_session: 4}",
}

PLAYER_HINTS = {
    "carcassonne-lv": "    # reserve: true        # the organisers' reserve player, for an odd field\n"
                      "    # previous_place: 1    # last year's place (fields over 32: groups)",
    "tantrix-wc": "    # seed is required: distinct 1..n, 1 = best",
}


def event_template(slug: str, format_id: str, players: int, language: str = "en") -> str:
    """A valid event.yaml with placeholder players and every field explained."""
    lines = [
        f"# The event {slug}: edit the fields, then list the real players.",
        "# Every other .yaml file in this folder is one round (see the organiser guide).",
        f"name: {slug.replace('-', ' ').title()}",
        f"format: {format_id}",
        OPTIONS[format_id],
        f"language: {language}                            # en, lv, lt, pl or hu",
        "# dates: [2026-05-07, 2026-05-08]",
        "# venue: Rīga",
        "# rules: my-rules-page                 # slug of a Markdown page in content/",
        f"seed: \"{slug}\"                 # the draw seed: announce it before round 1",
        "# lots: [id-1, id-2]                  # the judge's own drawing of lots, if any",
        "players:",
        "  # id: lowercase letters, digits, '-' and '_'; it never changes once used",
    ]
    hint = PLAYER_HINTS.get(format_id)
    if hint:
        lines.append(hint)
    for number in range(1, players + 1):
        entry = f"  - {{id: player-{number}, name: Player {number}"
        if format_id == "tantrix-wc":
            entry += f", seed: {number}"
        lines.append(entry + "}")
    return "\n".join(lines) + "\n"
