"""CSV files a spreadsheet opens right and cannot be tricked by, in any locale.

The rules every Podium CSV follows:

- RFC 4180: CRLF line ends, every field in double quotes (a quote inside
  doubled), so a field with a comma, a semicolon or a line break stays one
  field for every reader;
- UTF-8 with a byte order mark, so spreadsheets read the diacritics of the
  names instead of guessing a legacy code page;
- no text field can run as a formula.  A spreadsheet that takes ``;`` or a
  tab for the separator (the default in Latvian, Lithuanian, Polish and
  Hungarian locales, which ignore the quotes of a comma-separated file
  opened as text) splits ``Jack;=cmd|…`` into ``Jack`` and a formula.  So
  a text that starts with ``=``, ``+``, ``-``, ``@`` (or a tab or CR), or
  has one of them right after a ``,``, ``;``, tab or line break, gets an
  apostrophe before it (spaces in between are kept), the character
  spreadsheets read as "this cell is text".  Numbers are written as numbers
  and not changed: a negative score stays ``-3``.
"""

from __future__ import annotations

import csv
import io
import re

from .numbers import json_number

BOM = "\ufeff"
# a formula's first character, at the start of the text or of a piece a ; , tab or line break separates
_FORMULA_START = re.compile(r"(^|[,;\t\r\n])([ ]*)([=+\-@\t\r])")


def text(value) -> str:
    """A text field that no spreadsheet runs (the module's rule); None is empty."""
    value = "" if value is None else str(value)
    return _FORMULA_START.sub(lambda m: f"{m.group(1)}{m.group(2)}'{m.group(3)}", value)


def number(value) -> str:
    """A number as event.json has it (exact values rounded to 6 decimals); None is empty."""
    value = json_number(value)
    if value is None:
        return ""
    if isinstance(value, bool):
        return "1" if value else "0"
    if isinstance(value, float):
        return f"{value:.6f}".rstrip("0").rstrip(".")
    return str(value)


class _Texts(dict):
    """:func:`text` of each text, worked out once for all the rows that repeat it."""

    def __missing__(self, value) -> str:
        found = self[value] = text(value)
        return found


def fields(rows) -> list:
    """Rows of values (texts, numbers, flags, None) as CSV fields: a text by :func:`text`,
    an int as it is, ``True``/``False`` as ``1``/``0``, any other number by :func:`number`,
    None empty."""
    texts = _Texts()
    out = []
    for row in rows:
        line = []
        for value in row:
            if type(value) is int:  # the most common: written as it is
                line.append(str(value))
            elif isinstance(value, str):
                line.append(texts[value])
            else:
                line.append(number(value))
        out.append(line)
    return out


def document(header: list[str], rows) -> str:
    """The CSV text: BOM, the header, the rows; every field quoted, CRLF line ends.
    Fields must be made with :func:`text` or :func:`number` already."""
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\r\n", quoting=csv.QUOTE_ALL)
    writer.writerow(header)
    writer.writerows(rows)
    return BOM + out.getvalue()
