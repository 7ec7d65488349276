"""Places in organisers' files named in their words, not as key paths.

``tables[2].seats.anna`` is "table 3, anna": tables, games and matches are
named by the number the file gives them (their ``table:`` or ``match:``
field, else their position from 1), a Tantrix game or a Baśka deal by its
position from 1, an event's player by position, and the two entries of a
per-player pair (score, penalty, time, players) as the first and second
player's.  Mapping keys are shown as written; a seat
named by its player (``seats: {anna: 10}``) is shown as the player's id.
"""

from __future__ import annotations

_NUMBERED = {"tables": ("table", "table"), "games": ("table", "table"), "matches": ("match", "match")}
_BY_POSITION = {"deals": "deal", "players": "player", "seats": "seat"}
_PAIRS = {"score": "score", "penalty": "penalty", "time": "time", "players": "player", "won": "winner"}
_ORDINALS = ("first", "second")


def place(keypath, data=None) -> str:
    """The organiser's name for the value at ``keypath`` of the file's ``data``.

    Items (table 3, deal 1) are separated by commas, the keys of a mapping
    by dots (``options.standard_games.final``)."""
    parts: list[tuple[str, bool]] = []  # (text, is an item)
    node = data
    keypath = tuple(keypath)
    for depth, key in enumerate(keypath):
        parent = keypath[depth - 1] if depth else None
        if isinstance(key, int):
            if parts and parts[-1] == (str(parent), False):
                parts.pop()
            parts.append((_item_name(parent, key, node, depth), True))
        elif parent == "seats" and parts:
            parts[-1] = (str(key), True)  # a seat named by its player: the value is theirs
        else:
            parts.append((str(key), False))
        node = _child(node, key)
    text = ""
    for i, (part, item) in enumerate(parts):
        if i:
            text += ", " if item or parts[i - 1][1] else "."
        text += part
    return text


def _item_name(parent, index: int, container, depth: int) -> str:
    if parent in _NUMBERED and depth == 1:
        field, word = _NUMBERED[parent]
        number = _child(_child(container, index), field)
        if parent == "games" or not isinstance(number, int) or isinstance(number, bool):
            number = number if isinstance(number, int) and not isinstance(number, bool) else index + 1
        return f"{word} {number}"
    if parent == "games":  # the games of a Tantrix match
        return f"game {index + 1}"
    if parent in _PAIRS and index < 2 and depth > 1:
        return f"{_PAIRS[parent]} of the {_ORDINALS[index]} player" if parent != "players" else f"{_ORDINALS[index]} player"
    if parent in _BY_POSITION:
        return f"{_BY_POSITION[parent]} {index + 1}"
    return f"{parent} (entry {index + 1})" if parent is not None else f"entry {index + 1}"


def _child(node, key):
    if isinstance(node, dict):
        return node.get(key)
    if isinstance(node, list) and isinstance(key, int) and 0 <= key < len(node):
        return node[key]
    return None
