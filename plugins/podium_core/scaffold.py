"""The commented event.yaml that ``podium new`` writes, made from the format:
every option its system takes with the value that applies, the player
fields its system reads (``System.PLAYER_HINTS``) and a field of placeholder
players as the system numbers or completes it (``System.entrants``)."""

from __future__ import annotations

from .systems.options import show

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
    """Commented ``options:`` lines: each option of the system with this format's value."""
    lines = [f"# options:                               # this format's values; set any of them for this event only"]
    for key in fmt.option_specs():
        lines.append(f"#   {key}: {show(fmt.options.get(key))}")
    return lines


def player_lines(number: int, fields: dict) -> list[str]:
    """The lines of placeholder player ``number`` (``fields``: what the system
    adds to it); the organisers' reserve player is named as such."""
    if fields.get("reserve"):
        return ["  # an odd field: the organisers' reserve player completes it",
                f"  - {{id: {RESERVE_PLACEHOLDER['id']}, name: {RESERVE_PLACEHOLDER['name']}, reserve: true}}"]
    person = placeholder(number)
    extra = "".join(f", {key}: {show(value)}" for key, value in fields.items())
    return [f"  - {{id: {person['id']}, name: {person['name']}{extra}}}"]


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
        "# address: \"Brīvības iela 1, Rīga\"    # the venue's address, one line",
        "# organiser: {name: My club, url: \"https://example.org/\"}  # or a name alone",
        "# timezone: Europe/Riga               # the venue's time zone (IANA), for schedule.ics",
        "# rules: my-rules-page                 # slug of a Markdown page in content/",
        f"seed: \"{slug}\"                 # the draw seed: announce it before round 1",
        "# lots: [id-1, id-2]                  # the judge's own drawing of lots, if any",
        "players:",
        "  # id: lowercase letters, digits, '-' and '_'; it never changes once used",
    ]
    if fmt.PLAYER_HINTS:
        lines.append(fmt.PLAYER_HINTS)
    for number, fields in enumerate(fmt.entrants(players), 1):
        lines += player_lines(number, fields)
    return "\n".join(lines) + "\n"
