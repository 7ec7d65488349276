"""A spreadsheet's CSV or TSV export, read as numbered rows of cells.

The rules:

* the text is UTF-8, with or without a byte order mark.  Anything else is
  refused with one line that says what the file is and how to save it
  again: UTF-16 or UTF-32 (Excel's "Unicode Text"), a legacy Windows code
  page (Excel's plain "CSV" in a Latvian, Lithuanian, Polish or Hungarian
  Windows), or a workbook (.xlsx, .ods, .xls) instead of its export.
  A legacy code page is named when it reads the file's letters as the
  letters of one language it is made for, and is the only one of
  Windows-1257 (Baltic) and -1250 (Central European), the pages of the
  languages Podium speaks, to do so; or, when neither does, Windows-1252
  (Western) does;
* the separator is a comma, a semicolon (Excel's in Latvian, Lithuanian,
  Polish and Hungarian locales) or a tab: the one that splits the header
  into the most cells, then the one that gives the most rows of the
  header's width; on a tie the one rarer in text: a tab, then a
  semicolon, then a comma.  A first line ``sep=;`` (Excel's own
  hint) names it instead;
* quoted cells may hold the separator, quotes (doubled) and line breaks;
  lines may end in CRLF or LF.  A quote never closed, or a quoted cell
  that goes on after its closing quote, stops the reading at its row;
* rows are numbered as a spreadsheet numbers them: the first line is row 1,
  a row holding a line break in a quoted cell is still one row, an empty
  line is an (empty) row;
* the header is the first row with a cell in it.
"""

from __future__ import annotations

import codecs
import csv
import io
import re
from dataclasses import dataclass
from itertools import islice

from ..errors import Problem

SEPARATORS = (",", ";", "\t")
SEPARATOR_NAMES = {",": "comma", ";": "semicolon", "\t": "tab"}

RESAVE = ('save it again as "CSV UTF-8 (Comma delimited)" (Excel), as Text CSV with the character set '
          '"Unicode (UTF-8)" (LibreOffice), or download it from Google Sheets as .csv')

# The code pages, and the letters besides a-z of the languages each one is made for.
CODE_PAGES = {
    "cp1257": ("Windows-1257 (Baltic)", ("āčēģīķļņšūž", "ąčęėįšųūž", "äöõüšž")),
    "cp1250": ("Windows-1250 (Central European)", ("ąćęłńóśźż", "áéíóöőúüű", "áčďéěíňóřšťúůýž", "áäčďéíĺľňóôŕšťúýž",
                                                   "čćđšž", "ăâîşţ", "äöüß")),
    "cp1252": ("Windows-1252 (Western)", ("äöüß", "àâæçèéêëîïôœùûüÿ", "áéíñóúü", "àèéìíîòóù", "àáâãçéêíóôõú",
                                          "åäöæøé")),
}

_WORKBOOKS = (
    (b"PK\x03\x04", "a spreadsheet workbook (.xlsx or .ods), not its CSV export"),
    (b"\xd0\xcf\x11\xe0\xa1\xb1\x1a\xe1", "an Excel 97-2003 workbook (.xls), not its CSV export"),
)
_WIDE = (
    (codecs.BOM_UTF32_LE, "UTF-32"), (codecs.BOM_UTF32_BE, "UTF-32"),
    (codecs.BOM_UTF16_LE, "UTF-16 (Excel's \"Unicode Text\")"), (codecs.BOM_UTF16_BE, "UTF-16"),
)
_SNIFFED_ROWS = 50


class SheetRefused(Exception):
    """The file is not a UTF-8 CSV or TSV; ``problem`` says what it is."""

    def __init__(self, problem: Problem):
        super().__init__(str(problem))
        self.problem = problem


@dataclass(frozen=True)
class Sheet:
    """The rows of a CSV or TSV file: ``header`` at row ``header_row``, then
    ``rows`` as (row number, cells), empty rows included."""

    path: str
    separator: str
    header_row: int
    header: tuple
    rows: tuple


def read_sheet(raw: bytes, path: str) -> Sheet:
    """The sheet in ``raw`` (see the module's rules); raises :class:`SheetRefused`."""
    text = decoded(raw, path)
    first, forced = 0, None
    hint = _HINT.match(text)
    if hint:
        first, forced, text = 1, hint.group(1), text[hint.end():]
    separator = forced or sniffed(text)
    records = csv.reader(io.StringIO(text, newline=""), delimiter=separator, strict=True)
    header_row, header, rows = None, (), []
    number = first
    try:
        for cells in records:
            number += 1
            if header_row is None:
                if any(cell.strip() for cell in cells):
                    header_row, header = number, tuple(cells)
                continue
            rows.append((number, tuple(cells)))
    except csv.Error as exc:
        raise SheetRefused(Problem(path, number + 1, _unreadable(str(exc)))) from None
    if header_row is None:
        raise SheetRefused(Problem(path, 1, "the file has no rows: export the sheet with its header row"))
    return Sheet(path, separator, header_row, header, tuple(rows))


_HINT = re.compile(r"sep=([,;\t])\r?\n")


def _unreadable(reason: str) -> str:
    """What stops the reading at a row, in the organiser's words."""
    if "unexpected end of data" in reason or "field larger than field limit" in reason:
        return "a quote that opens in this row is never closed, so the rest of the file would be one cell"
    if "expected after" in reason:
        return ('a quoted cell goes on after its closing quote: quote the whole cell and double the quotes inside '
                '("Anna ""Annie"" Ozola")')
    return f"the row cannot be read as CSV ({reason})"


def decoded(raw: bytes, path: str) -> str:
    """The text of ``raw``, UTF-8 with or without a byte order mark."""
    for start, what in _WORKBOOKS:
        if raw.startswith(start):
            raise SheetRefused(Problem(path, 1, f"this is {what}: {RESAVE}"))
    for bom, what in _WIDE:
        if raw.startswith(bom):
            raise SheetRefused(Problem(path, 1, f"this is {what} text, not UTF-8: {RESAVE}"))
    if b"\x00" in raw[:4096]:
        raise SheetRefused(Problem(path, 1, f"this is UTF-16 text (Excel's \"Unicode Text\"), not UTF-8: {RESAVE}"))
    try:
        return raw.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        line = raw.count(b"\n", 0, exc.start) + 1
        page = code_page(raw)
        what = (f"this looks like {page} text, not UTF-8" if page else
                "this is not UTF-8 text but a legacy code page's (Windows-1257, -1250 or -1252)")
        raise SheetRefused(Problem(path, line, f"{what}: {RESAVE}")) from None


def code_page(raw: bytes) -> str | None:
    """The legacy code page ``raw`` is written in, when its letters tell
    (see the module's rules)."""
    for pages in (("cp1257", "cp1250"), ("cp1252",)):
        fitting = [CODE_PAGES[codec][0] for codec in pages if _reads_as_one_language(raw, codec)]
        if fitting:
            return fitting[0] if len(fitting) == 1 else None
    return None


def _reads_as_one_language(raw: bytes, codec: str) -> bool:
    letters = {c.lower() for c in raw.decode(codec, "replace") if ord(c) > 127 and c.isalpha()}
    return bool(letters) and any(letters <= set(alphabet) for alphabet in CODE_PAGES[codec][1])


def sniffed(text: str) -> str:
    """The separator of ``text`` (see the module's rules)."""
    def score(separator):
        records = [r for r in islice(csv.reader(io.StringIO(text, newline=""), delimiter=separator), _SNIFFED_ROWS)
                   if any(cell.strip() for cell in r)]
        if not records:
            return (0, 0)
        width = len(records[0])
        return (width, sum(len(r) == width for r in records[1:]))

    return max(SEPARATORS, key=lambda s: (score(s), SEPARATORS.index(s)))
