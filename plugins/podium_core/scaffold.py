"""The commented event.yaml that ``podium new`` writes, made from the format's
declaration: every option it takes with the value that applies, and the
player fields its engine reads."""

from __future__ import annotations

from .formats.options import SPECS, show

PLAYER_HINTS = {
    "carcassonne": "    # reserve: true        # the organisers' reserve player, for an odd field (odd_field: reserve)\n"
                   "    # previous_place: 1    # last year's place (two groups: the split)\n"
                   "    # group: A             # two groups: the organisers' own split",
    "tantrix": "    # seed is required: distinct 1..n, 1 = best",
}


RESERVE_PLACEHOLDER = {"id": "reserve", "name": "Reserve player", "reserve": True}


def placeholder(number: int) -> dict:
    """The placeholder player ``number`` of a new event.yaml."""
    return {"id": f"player-{number}", "name": f"Player {number}"}


def is_placeholder(entry) -> bool:
    """Whether an event.yaml player entry is a placeholder as ``podium new``
    writes it, unchanged (its Tantrix seed aside)."""
    if entry == RESERVE_PLACEHOLDER:
        return True
    if not isinstance(entry, dict) or not str(entry.get("id", "")).startswith("player-"):
        return False
    number = entry["id"][len("player-"):]
    if not number.isdigit():
        return False
    return {key: value for key, value in entry.items() if key != "seed"} == placeholder(int(number))


def option_lines(fmt) -> list[str]:
    """Commented ``options:`` lines: each option of the engine with this format's value."""
    lines = [f"# options:                               # this format's values; set any of them for this event only"]
    for spec in SPECS[fmt.system]:
        lines.append(f"#   {spec.key}: {show(fmt.options.get(spec.key))}")
    return lines


def event_template(slug: str, fmt, players: int, language: str = "en") -> str:
    """A valid event.yaml with placeholder players and every field explained.

    ``fmt`` is the format (:func:`podium_core.formats.get_format`): a built-in or
    a named variant of the results folder.
    """
    lines = [
        f"# The event {slug}: edit the fields, then list the real players.",
        "# Every other .yaml file in this folder is one round (see the organiser guide).",
        f"name: {slug.replace('-', ' ').title()}",
        f"format: {fmt.id}",
        *option_lines(fmt),
        f"language: {language}                            # en, lv, lt, pl or hu",
        "# dates: [2026-05-07, 2026-05-08]",
        "# venue: Rīga",
        "# rules: my-rules-page                 # slug of a Markdown page in content/",
        f"seed: \"{slug}\"                 # the draw seed: announce it before round 1",
        "# lots: [id-1, id-2]                  # the judge's own drawing of lots, if any",
        "players:",
        "  # id: lowercase letters, digits, '-' and '_'; it never changes once used",
    ]
    hint = PLAYER_HINTS.get(fmt.system)
    if hint:
        lines.append(hint)
    for number in range(1, players + 1):
        person = placeholder(number)
        entry = f"  - {{id: {person['id']}, name: {person['name']}"
        if fmt.system == "tantrix":
            entry += f", seed: {number}"
        lines.append(entry + "}")
    if fmt.system == "carcassonne" and fmt.options.get("odd_field") == "reserve" and players % 2 == 1:
        lines.append("  # an odd field: the organisers' reserve player completes it")
        lines.append(f"  - {{id: {RESERVE_PLACEHOLDER['id']}, name: {RESERVE_PLACEHOLDER['name']}, reserve: true}}")
    return "\n".join(lines) + "\n"
