"""Spreadsheet files (Office Open XML, ``.xlsx``) that open right in any locale.

A CSV file is read by the spreadsheet's locale: in Latvian, Lithuanian,
Polish or Hungarian Excel and LibreOffice ``3.5`` becomes text or the date
3 May.  An xlsx file stores typed cells, so the rules are:

- a number is a number cell (an exact value as event.json rounds it,
  :func:`podium_core.numbers.json_number`), shown with the decimals it has;
  ``True``/``False`` are ``1``/``0``;
- a date or date and time is a date cell, shown as ``yyyy-mm-dd`` or
  ``yyyy-mm-dd hh:mm``;
- a text is a text cell, always: a name that starts with ``=`` is never a
  formula (no cell is written as one);
- None is an empty cell.

The first row holds the column names in bold, frozen, with a filter; the
columns are as wide as their longest value (within limits).  Written with
XlsxWriter in memory, whose zip members carry a fixed date, and with the
document's creation date given (the data's date, never the clock): the same
rows give the same bytes.
"""

from __future__ import annotations

import datetime
import io

from .numbers import json_number

EPOCH = datetime.datetime(1980, 1, 1)
MAX_WIDTH = 50


def workbook(sheet: str, header: list, rows: list, created: datetime.datetime | None = None) -> bytes:
    """One worksheet named ``sheet`` with ``header`` and ``rows`` (the module's rules),
    as the bytes of an xlsx file whose creation date is ``created`` (default 1980-01-01).
    xlsxwriter is imported here, by the process that writes a workbook."""
    import xlsxwriter

    buffer = io.BytesIO()
    book = xlsxwriter.Workbook(buffer, {"in_memory": True, "strings_to_formulas": False, "strings_to_numbers": False,
                                        "strings_to_urls": False})
    book.set_properties({"created": created or EPOCH, "title": sheet})
    bold = book.add_format({"bold": True})
    day = book.add_format({"num_format": "yyyy-mm-dd"})
    moment = book.add_format({"num_format": "yyyy-mm-dd hh:mm"})
    sheet_out = book.add_worksheet(sheet[:31])
    widths = [len(str(name)) for name in header]
    for column, name in enumerate(header):
        sheet_out.write_string(0, column, str(name), bold)
    write_string, write_number, write_datetime = sheet_out.write_string, sheet_out.write_number, sheet_out.write_datetime
    for number, row in enumerate(rows, 1):
        for column, value in enumerate(row):
            kind = type(value)
            if kind is int:
                write_number(number, column, value)
                shown = len(str(value))
            elif kind is str:
                if not value:
                    continue
                write_string(number, column, value)
                shown = len(value)
            elif value is None:
                continue
            elif kind is datetime.datetime:
                write_datetime(number, column, value, moment)
                shown = 16
            elif kind is datetime.date:
                write_datetime(number, column, datetime.datetime.combine(value, datetime.time()), day)
                shown = 10
            elif isinstance(value, str):
                write_string(number, column, str(value))
                shown = len(value)
            else:
                value = json_number(value)
                write_number(number, column, value)
                shown = len(str(value))
            if column < len(widths) and shown > widths[column]:
                widths[column] = shown
    for column, width in enumerate(widths):
        sheet_out.set_column(column, column, min(MAX_WIDTH, width + 2))
    sheet_out.freeze_panes(1, 0)
    if header:
        sheet_out.autofilter(0, 0, max(len(rows), 1), len(header) - 1)
    book.close()
    return buffer.getvalue()
