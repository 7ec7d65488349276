"""The columns of a registration sheet: which one gives which player field,
and what its cells may hold.

A header names its field in English, Latvian, Lithuanian, Polish or
Hungarian (:data:`HEADERS`), read as :func:`header_key` reads it: in any
case, with or without diacritics, spaces and punctuation, and without a
remark in brackets ("Club (if any)", "Name *").

* A name column gives the whole name.  Without one, a first-name and a
  last-name column make it, first name first; with Hungarian headers
  (Vezetéknév, Keresztnév) family name first, as Hungarian writes names.
  Either of them alone is the whole name (a single "Vārds" column).
* ``--column FIELD=HEADER`` names the column of a field: the header as
  written, or as a header is read.  ``--column FIELD=`` imports the field
  from no column.
* Two columns that give the same field are an error at the second one,
  unless ``--column`` chooses.
* A column that gives no field (a form's timestamp and e-mail address, a
  phone number, remarks) is not imported, and is named as such.

What a cell may hold is each field's reader's (:data:`READERS`): a text is
NFC with invisible characters dropped and spaces collapsed; a country is a
two-letter code; a rating a whole number, a previous place and a seed a
whole number from 1; a group a letter A to H; an id as event.yaml takes it.
An empty cell gives nothing.
"""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass
from functools import lru_cache

from unidecode import unidecode

from ..errors import Problem
from .sheet import Sheet

# field -> the headers that name it, as header_key reads them (English, Latvian, Lithuanian, Polish, Hungarian)
HEADERS = {
    "id": ("id", "playerid", "identifier", "identifikators", "identifikatorius", "identyfikator", "azonosito"),
    "name": ("name", "fullname", "yourname", "playername", "player", "participant",
             "vardsuzvards", "vardsunuzvards", "dalibnieks", "speletajs",
             "vardaspavarde", "vardasirpavarde", "dalyvis", "zaidejas",
             "imieinazwisko", "zawodnik", "uczestnik", "gracz",
             "nev", "teljesnev", "jatekos", "versenyzo"),
    "first_name": ("firstname", "givenname", "forename", "vards", "vardas", "imie", "keresztnev", "utonev"),
    "last_name": ("lastname", "surname", "familyname", "uzvards", "pavarde", "nazwisko", "vezeteknev", "csaladnev"),
    "club": ("club", "team", "klubs", "komanda", "klubas", "klub", "druzyna", "csapat", "egyesulet"),
    "country": ("country", "countrycode", "nation", "nationality", "federation", "fed",
                "valsts", "valstspiederiba", "salis", "pilietybe", "kraj", "panstwo", "narodowosc",
                "orszag", "allampolgarsag"),
    "rating": ("rating", "elo", "reitings", "reitingas", "ranking", "elopont"),
    "group": ("group", "grupa", "grupe", "csoport"),
    "previous_place": ("previousplace", "lastplace", "lastyearsplace", "placelastyear",
                       "ieprieksejavieta", "pagajusagadavieta", "ankstesnevieta", "praejusiumetuvieta",
                       "poprzedniemiejsce", "miejscewubieglymroku", "elozohelyezes", "tavalyihelyezes"),
    "seed": ("seed", "seeding", "izsejums", "rozstawienie", "kiemeles"),
}
FAMILY_FIRST = frozenset({"vezeteknev", "csaladnev", "keresztnev", "utonev"})  # Hungarian: family name first
NAME_FIELDS = ("name", "first_name", "last_name")
_BY_KEY = {key: field for field, keys in HEADERS.items() for key in keys}
_REMARK = re.compile(r"\([^)]*\)|\[[^\]]*\]")


def label(field: str) -> str:
    """The field as the organiser reads it: ``previous place``."""
    return field.replace("_", " ")


def header_key(text: str) -> str:
    """A header as it is compared (see the module's rules): ``Élő-pont`` is ``elopont``."""
    return re.sub(r"[^a-z0-9]", "", unidecode(_REMARK.sub("", text)).lower())


def override(text: str) -> tuple[str, str]:
    """``FIELD=HEADER`` of ``--column`` as (field, header); ValueError names the fields."""
    field, equals, header = text.partition("=")
    field = field.strip().lower().replace("-", "_").replace(" ", "_")
    if not equals or field not in HEADERS:
        raise ValueError(f"{text!r}: write FIELD=HEADER, FIELD one of {', '.join(HEADERS)}")
    return field, header.strip()


@dataclass(frozen=True)
class Columns:
    """Which column (0-based) gives which field, and the columns not imported."""

    fields: dict
    family_first: bool
    unused: tuple  # (column, header)

    def describe(self, header) -> str:
        """One line: each column with its field, then those not imported."""
        said = ", ".join(f"{header[i]} = {label(field)}" for field, i in sorted(self.fields.items(), key=lambda f: f[1]))
        if self.unused:
            said += "; not imported: " + ", ".join(text for _i, text in self.unused)
        return said


def columns_of(sheet: Sheet, overrides: dict) -> tuple[Columns | None, list]:
    """The columns of ``sheet`` (see the module's rules) and the problems of
    its header; None for the columns when no column gives the names (the
    rows cannot be read).  A field two columns give is read from the first,
    so that the rows' own problems are found in the same run.

    ``overrides``: field -> header ('' for none), from ``--column``."""
    row = sheet.header_row
    shown = ", ".join(text for text in sheet.header if text.strip()) or "none"
    problems = []
    chosen = {}
    for field, wanted in overrides.items():
        if not wanted:
            continue
        found = [i for i, text in enumerate(sheet.header) if text.strip() == wanted]
        found = found or [i for i, text in enumerate(sheet.header) if header_key(text) == header_key(wanted)]
        if len(found) != 1:
            what = "no column" if not found else f"{len(found)} columns"
            problems.append(Problem(sheet.path, row, f"--column {field}={wanted}: {what} with that header (the headers: {shown})"))
        else:
            chosen[field] = found[0]
    fields = dict(chosen)
    claimed = set(chosen.values())
    for i, text in enumerate(sheet.header):
        field = _BY_KEY.get(header_key(text))
        if field is None or field in overrides or i in claimed:
            continue
        if field in fields:
            first = fields[field]
            problems.append(Problem(sheet.path, row, f"{sheet.header[first]} (column {first + 1}) and {text} both give "
                                                     f"the {label(field)}: choose one with --column {field}=HEADER", i + 1))
            continue
        fields[field] = i
        claimed.add(i)
    if "name" in fields:  # a whole name: the parts are not imported
        for part in ("first_name", "last_name"):
            claimed.discard(fields.pop(part, None))
    if not any(field in fields for field in NAME_FIELDS):
        problems.append(Problem(sheet.path, row, f"no column gives the players' names (the headers: {shown}): "
                                                 f"name it with --column name=HEADER"))
        return None, problems
    family_first = any(header_key(sheet.header[fields[part]]) in FAMILY_FIRST
                       for part in ("first_name", "last_name") if part in fields)
    unused = tuple((i, text) for i, text in enumerate(sheet.header) if i not in claimed and text.strip())
    return Columns(fields, family_first, unused), problems


class CellError(ValueError):
    """A cell holds what its field cannot take (the message says why)."""


def clean(text: str) -> str:
    """A cell's text: NFC, without control and invisible formatting
    characters, spaces collapsed and trimmed."""
    kept = "".join(c for c in unicodedata.normalize("NFC", text)
                   if c in "\t\r\n" or unicodedata.category(c) not in ("Cc", "Cf"))
    return " ".join(kept.split())


def read_text(text: str) -> str:
    if len(text) > 200:
        raise CellError(f"{len(text)} characters: at most 200")
    return text


_ID = re.compile(r"^[a-z0-9][a-z0-9_-]*$")


def read_id(text: str) -> str:
    if not _ID.match(text) or len(text) > 100:
        raise CellError(f"{text!r} is not an id (lowercase letters, digits, '-' and '_'); "
                        f"leave the cell empty to have one made from the name")
    return text


_WHOLE = re.compile(r"^[0-9]{1,3}(?:[ \u00a0\u202f]?[0-9]{3})*$")  # 1850, or 1 850 as a locale groups it


def whole_number(least: int, most: int | None = None):
    """A reader of whole numbers from ``least`` (to ``most``)."""
    def read(text: str) -> int:
        if not _WHOLE.match(text):
            raise CellError(f"{text!r} is not a whole number")
        value = int(re.sub(r"\D", "", text))
        if value < least or (most is not None and value > most):
            raise CellError(f"{value} is not a number from {least}" + (f" to {most}" if most is not None else " up"))
        return value
    return read


GROUPS = "ABCDEFGH"


def read_group(text: str) -> str:
    if len(text) != 1 or text.upper() not in GROUPS:
        raise CellError(f"{text!r} is not a group letter ({GROUPS[0]} to {GROUPS[-1]})")
    return text.upper()


def read_country(text: str) -> str:
    if re.fullmatch(r"[A-Za-z]{2}", text):
        return text.upper()
    code = country_codes().get(header_key(text))
    hint = f": write {code}" if code else " (ISO 3166, e.g. LV, LT, PL, HU)"
    raise CellError(f"{text!r} is not a two-letter country code{hint}")


@lru_cache(maxsize=1)
def country_codes() -> dict:
    """Country names in Podium's five languages, and three-letter codes, as
    header_key reads them -> the two-letter code."""
    from babel import Locale
    from babel.core import get_global

    codes = {}
    for alias, targets in get_global("territory_aliases").items():
        if re.fullmatch(r"[A-Z]{3}", alias) and len(targets) == 1:
            codes[alias.lower()] = targets[0]
    for language in ("en", "lv", "lt", "pl", "hu"):
        for code, name in Locale(language).territories.items():
            if re.fullmatch(r"[A-Z]{2}", code):
                codes.setdefault(header_key(name), code)
    return codes


READERS = {
    "id": read_id,
    "name": read_text,
    "first_name": read_text,
    "last_name": read_text,
    "club": read_text,
    "country": read_country,
    "rating": whole_number(0),
    "group": read_group,
    "previous_place": whole_number(1, 10000),
    "seed": whole_number(1, 10000),
}
