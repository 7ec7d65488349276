"""Languages: the catalogs, and pages in the event's language.

* The committed ``podium.pot`` holds every msgid the sources mark (templates'
  ``ui()``/``ui_plural()``/``ui_with_context()``, the engines' ``Text``/``N_``), and every
  language's ``.po`` holds exactly those msgids, with the language's plural
  forms.  ``make messages`` brings both up to date.
* Completeness (every msgid translated, not fuzzy, same placeholders) is what
  the translators deliver; until then it is an expected failure.
* Numbers and dates are written the language's way (Babel), ``<html lang>`` is
  the language of the page: the event's for its pages, ``DEFAULT_LANG`` for
  the site home, the site-wide pages and the Markdown pages.
"""

from __future__ import annotations

import datetime
import re
import subprocess
import sys
import textwrap
from fractions import Fraction
from pathlib import Path

import pytest
from babel.messages.plurals import get_plural
from babel.messages.pofile import read_po

from support.caches import worker_cache

ROOT = Path(__file__).resolve().parents[1]
LOCALE = ROOT / "plugins" / "pelican" / "plugins" / "podium" / "locale"
POT = LOCALE / "podium.pot"
LANGUAGES = ("lv", "lt", "pl", "hu")


def read_catalog(path: Path):
    with open(path, "rb") as handle:
        return read_po(handle)


def msgids(catalog) -> set:
    """(context, msgid) of every message; a plural msgid is its (singular, plural) pair."""
    return {(m.context, m.id) for m in catalog if m.id}


# -- the catalogs -----------------------------------------------------------------------------

@pytest.fixture(scope="module")
def pot():
    return read_catalog(POT)


def test_the_pot_is_up_to_date(pot, tmp_path):
    """Extracting again (the command of `make messages`) finds the committed msgids, no more, no fewer."""
    fresh = tmp_path / "fresh.pot"
    run = subprocess.run([sys.executable, "-m", "babel.messages.frontend", "-q", "extract", "-F", "babel.cfg",
                          "-k", "Text", "-k", "N_", "-k", "ui", "-k", "ui_plural:1,2", "-k", "ui_with_context:1c,2", "--no-location", "--sort-output", "-o", str(fresh), "."],
                         cwd=ROOT, capture_output=True, text=True, timeout=300)
    assert run.returncode == 0, run.stderr
    now, committed = msgids(read_catalog(fresh)), msgids(pot)
    assert not now - committed, f"not in podium.pot (run `make messages`): {sorted(now - committed, key=str)[:20]}"
    assert not committed - now, f"no longer in the sources (run `make messages`): {sorted(committed - now, key=str)[:20]}"


def test_the_pot_has_the_engines_and_the_templates_words(pot):
    ids = msgids(pot)
    for msgid in ("Wins", "Qualifying round %(number)s", "Swiss round %(number)s", "Round of %(places)s",
                  "Round %(number)s (session %(session)s)", "%(round)s is not complete", "Bracket", "Sessions",
                  "Tools", "Semifinalists’ ranking (qualifying and semifinal games; the final decides places 1-4)", "Players", "Results: %(event)s"):
        assert (None, msgid) in ids, msgid
    assert (None, ("%(num)d player", "%(num)d players")) in ids
    assert ("decided by lot", "L") in ids  # the lot mark, apart from "L" for a lost game
    assert (None, "L") in ids


@pytest.mark.parametrize("language", LANGUAGES)
def test_each_po_has_exactly_the_pot_msgids_and_its_plural_forms(pot, language):
    po = read_catalog(LOCALE / f"{language}.po")
    missing, extra = msgids(pot) - msgids(po), msgids(po) - msgids(pot)
    assert not missing, f"{language}.po lacks (run `make messages`): {sorted(missing, key=str)[:20]}"
    assert not extra, f"{language}.po has msgids the sources no longer use: {sorted(extra, key=str)[:20]}"
    assert str(po.locale) == language
    plural = get_plural(language)
    assert po.num_plurals == plural.num_plurals
    assert po.plural_expr == plural.plural_expr


PLACEHOLDER = re.compile(r"%(?:\((\w+)\))?[#0 +-]*(?:\d+)?(?:\.\d+)?([diouxXeEfFgGcrs%])")


def placeholders(text: str) -> list:
    """The %-placeholders of a text: ("name", "s") per named one, ("", "%") per %%."""
    return sorted((name or "", kind) for name, kind in PLACEHOLDER.findall(text))


def problems_of(message) -> list:
    """What keeps one catalog entry from being a finished translation."""
    if message.fuzzy:
        return ["fuzzy"]
    if isinstance(message.id, tuple):
        forms = list(message.string)
        if not all(forms):
            return ["untranslated"]
        want = placeholders(message.id[1])
        bad = []
        for form in forms:
            got = placeholders(form)
            # a form may leave out the count itself ("one table"), nothing else
            if got != want and got != [p for p in want if p != ("num", "d")]:
                bad.append(f"placeholders {got} in {form!r}, want {want}")
        return bad
    if not message.string:
        return ["untranslated"]
    want, got = placeholders(message.id), placeholders(message.string)
    return [] if got == want else [f"placeholders {got} in {message.string!r}, want {want}"]


def test_placeholder_check_itself():
    class Message:
        def __init__(self, id, string, fuzzy=False):
            self.id, self.string, self.fuzzy = id, string, fuzzy

    assert problems_of(Message("Table %(number)s", "Galds %(number)s")) == []
    assert problems_of(Message("Table %(number)s", "Galds %(numurs)s"))
    assert problems_of(Message("%%VP", "%%UP")) == [] and problems_of(Message("%%VP", "%UP"))
    assert problems_of(Message("Table %(number)s", "")) == ["untranslated"]
    assert problems_of(Message("Wins", "Uzvaras", fuzzy=True)) == ["fuzzy"]
    plural = ("%(num)d table", "%(num)d tables")
    assert problems_of(Message(plural, ("%(num)d galds", "%(num)d galdi", "%(num)d galdu"))) == []
    assert problems_of(Message(plural, ("viens galds", "%(num)d galdi", "%(num)d galdu"))) == []
    assert problems_of(Message(plural, ("%(num)d galds", "", "%(num)d galdu"))) == ["untranslated"]


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_msgid_is_translated(language):
    po = read_catalog(LOCALE / f"{language}.po")
    unfinished = {m.id: problems_of(m) for m in po if m.id and problems_of(m)}
    assert not unfinished, f"{language}.po: {len(unfinished)} unfinished, e.g. {list(unfinished.items())[:5]}"


# -- numbers and dates ------------------------------------------------------------------------

def test_numbers_and_dates_in_each_language():
    from pelican.plugins.podium import i18n

    assert [i18n.percent_text(Fraction(1, 4), lang) for lang in ("en", "lv", "pl", "hu")] == ["25.0%", "25,0%", "25,0%", "25,0%"]
    assert i18n.percent_text(0.25, "lt") == "25,0\u00a0%"
    assert [i18n.number_text(Fraction(10, 3), lang, 2, fixed=True) for lang in ("en", "lv", "lt", "pl", "hu")] == \
        ["3.33", "3,33", "3,33", "3,33", "3,33"]
    assert i18n.number_text(2.5, "lv") == "2,5" and i18n.number_text(-0.0001, "lv") == "0" and i18n.number_text(12, "pl") == "12"
    assert i18n.date_text("later", "lv") == "later"  # not a date: as it is


@pytest.mark.parametrize("language, spring, summer", [
    ("en", "2016-03-05", "2016-07-30"),  # English pages keep ISO dates
    ("lv", "2016. gada 5. marts", "2016. gada 30. jūlijs"),  # a date on its own: the nominative
    ("lt", "2016 m. kovo 5 d.", "2016 m. liepos 30 d."),  # the month in the genitive
    ("pl", "5 marca 2016", "30 lipca 2016"),  # the genitive: "30 lipca", not "30 lip" or "30 lipiec"
    ("hu", "2016. március 5.", "2016. július 30."),
])
def test_a_date_names_its_month_in_full_as_the_language_inflects_it(language, spring, summer):
    from pelican.plugins.podium import i18n

    assert i18n.date_text("2016-03-05", language) == spring
    assert i18n.date_text(datetime.date(2016, 7, 30), language) == summer
    assert i18n.date_text("2016-05-30", "pl") == "30 maja 2016"  # not "30 maj 2016"
    from pelican.plugins.podium.views import value_text

    assert value_text(Fraction(11, 4), "decimal", "pl") == "2,75" and value_text(Fraction(11, 4), "decimal") == "2.75"
    assert value_text(Fraction(1, 2), "number", "lv") == "0,5" and value_text(None, "percent", "lv") == "—"


@pytest.mark.parametrize("language", ("en", "lv", "lt", "pl", "hu"))
def test_numbers_are_what_babel_writes(language):
    """The fast formatting of i18n (the values of a big standings page) writes what Babel's
    format_decimal and format_percent write for the same patterns, rounding half to even."""
    from babel import Locale
    from babel.numbers import format_decimal, format_percent

    from pelican.plugins.podium import i18n

    where = Locale.parse(language)
    percent = where.percent_formats[None].pattern.replace("#,##", "").replace("0", "0.0", 1)
    values = [Fraction(n, d) for n in (-23, -1, 0, 1, 2, 7, 10, 11, 25, 299) for d in (1, 3, 4, 7, 8, 16)]
    values += [0.125, 2.675, 15.25, -0.0004, 3, -12]
    for value in values:
        exact = i18n.exact(value)
        for places, fixed in ((3, False), (2, True), (1, True), (0, False)):
            pattern = "0." + ("0" if fixed else "#") * places if places else "0"
            want = format_decimal(exact, format=pattern, locale=where)
            want = want[1:] if want.startswith("-") and not want.strip("-0.,") else want  # no "-0"
            assert i18n.number_text(value, language, places, fixed) == want, (value, places, fixed)
        want = format_percent(exact, format=percent, locale=where)
        want = want[1:] if want.startswith("-") and not re.sub(r"[^1-9]", "", want) else want
        assert i18n.percent_text(value, language) == want, value


# -- the pages ----------------------------------------------------------------------------------

def event_yaml(language: str, dates: str) -> dict:
    """A four-player Catan event: one table of 2+5+3+10 = 20 VP, so the 5 is a 25 % share."""
    return {
        "event.yaml": f"""
            name: Cup {language}
            format: catan-lt-route66
            language: {language}
            dates: [{dates}]
            seed: cup-{language}
            players:
              - {{id: ana, name: Ana}}
              - {{id: bob, name: Bob}}
              - {{id: cid, name: Cid}}
              - {{id: dan, name: Dan}}
            """,
        "qualifying-01.yaml": """
            stage: qualifying
            round: 1
            tables:
              - table: 1
                seats: {ana: 2, bob: 5, cid: 3, dan: 10}
            """,
        "qualifying-02.yaml": """
            stage: qualifying
            round: 2
            """,
    }


DEFAULT_LANG = "hu"  # not English: the site home and the Markdown pages must follow the setting


@pytest.fixture(scope="module")
def site(tmp_path_factory):
    from pelican import Pelican
    from pelican.settings import read_settings

    results = tmp_path_factory.mktemp("results")
    for slug, language, dates in (("cup-lv", "lv", "2024-02-03, 2024-02-04"), ("cup-en", "en", "2024-02-03")):
        for name, text in event_yaml(language, dates).items():
            path = results / slug / name
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_text(textwrap.dedent(text).lstrip("\n"), "utf-8")
    (results / "players.yaml").write_text("- {id: ana, name: Ana}\n", "utf-8")
    output = tmp_path_factory.mktemp("site") / "output"
    override = {"PODIUM_RESULTS": str(results), "OUTPUT_PATH": str(output), "LOAD_CONTENT_CACHE": False,
                "DEFAULT_LANG": DEFAULT_LANG, **worker_cache()}
    Pelican(read_settings(str(ROOT / "pelicanconf.py"), override=override)).run()
    return output


def read(site: Path, path: str) -> str:
    return (site / path).read_text("utf-8")


def cells(html: str, table_id: str) -> list:
    section = html.split(f'id="{table_id}"', 1)[1].split("</table>", 1)[0]
    return [" ".join(re.sub(r"<[^>]+>", " ", c).split()) for c in re.findall(r"<td[^>]*>(.*?)</td>", section, re.S)]


def test_a_share_is_written_the_languages_way(site):
    lv = cells(read(site, "cup-lv/qualifying-1/index.html"), "table-1")
    en = cells(read(site, "cup-en/qualifying-1/index.html"), "table-1")
    assert "25,0%" in lv and "25.0%" not in lv
    assert "25.0%" in en
    standings = read(site, "cup-lv/standings/qualifying-1/index.html")
    assert "25,0%" in standings and "50,0%" in standings and "50.0%" not in standings


def test_dates_are_written_the_languages_way_with_iso_for_machines(site):
    first = "2024. gada 3. februāris"
    html = read(site, "cup-lv/index.html")
    assert f'<time datetime="2024-02-03">{first}</time>' in html
    assert '<time datetime="2024-02-04">' in html
    assert '<time datetime="2024-02-03">2024-02-03</time>' in read(site, "cup-en/index.html")
    home = read(site, "index.html")  # the site home speaks DEFAULT_LANG, dates included
    assert f'<time datetime="2024-02-03">2024. február 3.</time>' in home
    # machines read ISO: event.json keeps it
    assert '"2024-02-03"' in read(site, "cup-lv/event.json")


def html_lang(html: str) -> str:
    found = re.search(r'<html lang="([^"]*)">', html)
    assert found, "no <html lang>"
    return found.group(1)


def test_html_lang_is_the_language_of_the_page(site):
    kinds = {}
    for path in sorted(site.rglob("*.html")):
        relative = path.relative_to(site)
        language = html_lang(path.read_text("utf-8"))
        top = relative.parts[0] if len(relative.parts) > 1 else ""
        want = {"cup-lv": "lv", "cup-en": "en"}.get(top, DEFAULT_LANG)
        translated = re.fullmatch(r"[a-z0-9-]+-(en|lv|lt|pl|hu)\.html", str(relative))  # a Markdown page's translation
        if translated:
            want = translated.group(1)
        elif top == "search" and len(relative.parts) == 3:  # the search page of another language
            want = relative.parts[1]
        assert language == want, relative
        kinds.setdefault(top, set()).add(str(relative))
    # every kind was seen: event pages (with the extensions' tools), the home, Markdown and site-wide pages
    for page in ("cup-lv/index.html", "cup-lv/qualifying-1/index.html", "cup-lv/standings/qualifying-1/index.html",
                 "cup-lv/players/ana/index.html", "cup-lv/format/index.html", "cup-lv/organiser/index.html",
                 "cup-lv/qualifying-1/verify/index.html"):
        assert page in kinds["cup-lv"], page
    assert "index.html" in kinds[""] and "about.html" in kinds[""]
    assert "people/index.html" in kinds["people"]


def test_feeds_speak_the_site_and_the_event_language(site):
    import xml.etree.ElementTree as ET

    lang = "{http://www.w3.org/XML/1998/namespace}lang"
    event = ET.fromstring(read(site, "cup-lv/results.atom").encode("utf-8"))
    assert event.tag == "{http://www.w3.org/2005/Atom}feed" and event.get(lang) == "lv"
    assert {entry.get(lang) for entry in event.iter("{http://www.w3.org/2005/Atom}entry")} == {"lv"}
    assert ET.fromstring(read(site, "results.atom").encode("utf-8")).get(lang) == DEFAULT_LANG


def test_a_po_catalog_translates_words_engine_sentences_and_contexts(tmp_path):
    """A language's .po as the site reads it: translated entries replace the
    msgid, untranslated ones fall back to English, a context keeps its own
    translation, and an engine's Text is translated with its parameters."""
    from pelican.plugins.podium import i18n

    po = tmp_path / "lv.po"
    po.write_text(textwrap.dedent('''\
        msgid ""
        msgstr ""
        "Language: lv\\n"
        "Content-Type: text/plain; charset=UTF-8\\n"

        msgid "Players"
        msgstr "Spēlētāji"

        msgid "Qualifying round %(number)s"
        msgstr "%(number)s. kvalifikācijas kārta"

        msgid "VP share"
        msgstr "UP daļa"

        msgctxt "decided by lot"
        msgid "L"
        msgstr "Z"
        '''), "utf-8")
    catalog = i18n.Catalog(po)
    assert catalog.gettext("Players") == "Spēlētāji" and catalog.gettext("Wins") == "Wins"
    assert catalog.pgettext("decided by lot", "L") == "Z" and catalog.gettext("L") == "L"
    from podium_core.text import Text, translate

    assert translate(Text("Qualifying round %(number)s", number=2), catalog.gettext) == "2. kvalifikācijas kārta"


# -- no English left on a translated page -----------------------------------------------------

DEMO_LANGUAGES = {"catan-latvija-2016": "lv", "carcassonne-latvija-2019": "lv", "route66-vilnius-2010": "lt",
                  "baska-deszczno-2013": "pl", "tantrix-wc-2003": "hu"}


@pytest.fixture(scope="module")
def demo_site(tmp_path_factory):
    import shutil

    from test_site import build

    results = tmp_path_factory.mktemp("i18n-results")
    for slug in DEMO_LANGUAGES:
        shutil.copytree(ROOT / "results" / slug, results / slug)
    return build(results, tmp_path_factory.mktemp("i18n-site"), PODIUM_LANGUAGE=None)


def visible_text(html: str) -> str:
    """The text a reader sees, without a page marked as written in English: an
    event's rules page that has no translation yet says so and shows the original."""
    html = re.sub(r"<(script|style)\b.*?</\1>", " ", html, flags=re.S)
    html = re.sub(r'<article class="prose" lang="en">.*?</article>', " ", html, flags=re.S)
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", html))


@pytest.mark.parametrize("slug", sorted(DEMO_LANGUAGES))
def test_no_english_sentence_is_left_on_a_translated_page(demo_site, slug):
    """Every sentence-like msgid (four words or more, no placeholder) whose
    translation differs must not appear in English on the event's pages."""
    catalog = read_catalog(LOCALE / f"{DEMO_LANGUAGES[slug]}.po")
    sentences = [m.id for m in catalog if isinstance(m.id, str) and m.string and m.string != m.id
                 and "%" not in m.id and len(m.id.split()) >= 4]
    assert len(sentences) > 100
    pages = sorted((demo_site / slug).rglob("*.html"))
    assert pages
    for page in pages:
        text = visible_text(page.read_text("utf-8"))
        left = [s for s in sentences if s in text]
        assert not left, f"{page.relative_to(demo_site)}: English left: {left[:3]}"
