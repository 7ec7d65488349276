"""The Open Graph card of an event: a PNG of 1200 × 630 pixels drawn with Pillow.

What a link to the event shows in a chat or a social site: the event's name
(up to three lines, the last cut with "…"), its dates and venue, then a
heading ("Podium", "Leaders") and up to three places, each with its number
on a disc of the medal's colour, and at the foot the site's host (none
without an absolute ``SITEURL``).

The same card is the same bytes on any machine: the text is drawn in the
DejaVu Sans cut to the Latin script that ships with Podium (``fonts/``,
never a font of the system), laid out by Pillow's own basic layout (no
system shaping library), and the PNG carries no time or other chunk that
changes between builds; it is stored with a palette of :data:`COLOURS`
colours (Pillow's fast octree, no dithering: the same pixels give the same
palette) at zlib's default level: 15 ms a card, where median cut at level 9
takes 70 ms for a file 5% smaller -- a build makes a card for every event.
A character the font lacks is drawn as its box.
"""

from __future__ import annotations

import io
from dataclasses import dataclass
from pathlib import Path

from PIL import Image, ImageDraw, ImageFont

WIDTH, HEIGHT = 1200, 630
MARGIN = 64
FONTS = Path(__file__).parent / "fonts"
BOLD = FONTS / "DejaVuSans-Bold-Latin.ttf"
REGULAR = FONTS / "DejaVuSans-Latin.ttf"
BACKGROUND = (23, 37, 58)
BAND = (198, 40, 40)
TEXT = (255, 255, 255)
MUTED = (190, 203, 220)
MEDALS = ((212, 175, 55), (192, 192, 192), (205, 127, 50))
ELLIPSIS = "…"
COLOURS = 64  # the card's palette: its few colours and their anti-aliased edges, a third of the RGB file


@dataclass(frozen=True)
class Card:
    """What the card says: ``places`` are (place number or None, name), at most three shown."""

    title: str
    subtitle: str
    heading: str
    places: tuple
    footer: str


def _font(path: Path, size: int) -> ImageFont.FreeTypeFont:
    return ImageFont.truetype(str(path), size, layout_engine=ImageFont.Layout.BASIC)


def _fit(draw, text: str, font, width: int) -> str:
    """``text`` cut with an ellipsis to ``width`` pixels."""
    if draw.textlength(text, font=font) <= width:
        return text
    while text and draw.textlength(text + ELLIPSIS, font=font) > width:
        text = text[:-1]
    return text.rstrip() + ELLIPSIS


def _wrap(draw, text: str, font, width: int, lines: int) -> list:
    """``text`` in at most ``lines`` lines of ``width`` pixels, broken at spaces; the last cut if need be."""
    words, found, current = text.split(), [], ""
    for word in words:
        candidate = f"{current} {word}".strip()
        if current and draw.textlength(candidate, font=font) > width:
            found.append(current)
            current = word
        else:
            current = candidate
    found.append(current)
    if len(found) > lines:
        found = found[:lines - 1] + [" ".join(found[lines - 1:])]
    return [_fit(draw, line, font, width) for line in found]


def png(card: Card) -> bytes:
    """The card drawn and encoded as PNG."""
    image = Image.new("RGB", (WIDTH, HEIGHT), BACKGROUND)
    draw = ImageDraw.Draw(image)
    draw.rectangle((0, 0, WIDTH, 12), fill=BAND)
    width = WIDTH - 2 * MARGIN
    title_font = _font(BOLD, 56 if len(card.title) <= 40 else 46)
    y = 56
    for line in _wrap(draw, card.title, title_font, width, 3 if not card.places else 2):
        draw.text((MARGIN, y), line, font=title_font, fill=TEXT)
        y += int(title_font.size * 1.2)
    if card.subtitle:
        small = _font(REGULAR, 30)
        draw.text((MARGIN, y + 8), _fit(draw, card.subtitle, small, width), font=small, fill=MUTED)
        y += 56
    if card.places:
        y += 24
        heading_font = _font(BOLD, 28)
        draw.text((MARGIN, y), card.heading.upper(), font=heading_font, fill=MUTED)
        y += 46
        name_font = _font(BOLD, 40)
        number_font = _font(BOLD, 30)
        for index, (place, name) in enumerate(card.places[:3]):
            colour = MEDALS[place - 1] if place in (1, 2, 3) else MUTED
            draw.ellipse((MARGIN, y, MARGIN + 52, y + 52), fill=colour)
            label = str(place) if place is not None else "·"
            draw.text((MARGIN + 26, y + 26), label, font=number_font, fill=BACKGROUND, anchor="mm")
            draw.text((MARGIN + 76, y + 4), _fit(draw, name, name_font, width - 76), font=name_font, fill=TEXT)
            y += 66
    if card.footer:
        foot = _font(REGULAR, 26)
        draw.text((MARGIN, HEIGHT - MARGIN - 10), _fit(draw, card.footer, foot, width), font=foot, fill=MUTED,
                  anchor="ls")
    buffer = io.BytesIO()
    palette = image.quantize(colors=COLOURS, method=Image.Quantize.FASTOCTREE, dither=Image.Dither.NONE)
    palette.save(buffer, "PNG", compress_level=6)
    return buffer.getvalue()
