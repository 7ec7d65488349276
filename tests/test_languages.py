"""One language, and a way to another (issue 35, item 3).

- the rules pages of the five built-in formats ship with Podium in each of
  its five languages, and every demo event's rules link opens them in the
  event's language; a site's own page of the same slug replaces them, and
  ``podium validate`` knows them without a content folder;
- the language switch: every Markdown page links its translations (hreflang),
  and with ``PODIUM_LANGUAGES`` every event's pages exist in each of those
  interface languages at ``{lang}/{slug}/...``, each page linking the same page
  in the others, every link resolving;
- the tools pages link the guides in the page's language;
- format pages say options in words: no criterion key, no YAML list or mapping.
"""

from __future__ import annotations

import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from test_site import build

ROOT = Path(__file__).resolve().parents[1]
LANGUAGES = ("en", "lv", "lt", "pl", "hu")
SWITCHED = ["en", "lv"]  # PODIUM_LANGUAGES of the demo build here


def demo_events() -> dict:
    """slug -> (language, rules slug or None) of every demo event."""
    import yaml

    found = {}
    for event in sorted((ROOT / "results").glob("*/event.yaml")):
        data = yaml.safe_load(event.read_text("utf-8"))
        found[event.parent.name] = (data.get("language", "en"), data.get("rules"))
    return found


@pytest.fixture(scope="module")
def site(tmp_path_factory) -> Path:
    """The demo site, every event in its own language and in each of SWITCHED."""
    return build(ROOT / "results", tmp_path_factory.mktemp("languages") / "output", PODIUM_LANGUAGE=None,
                 PODIUM_LANGUAGES=SWITCHED, PODIUM_JOBS=1)


def read(site: Path, path: str) -> str:
    return (site / path).read_text("utf-8")


# -- the rules pages -----------------------------------------------------------------------


def test_every_built_in_format_has_its_rules_in_the_five_languages():
    from podium_core.formats.declarations import BUILTINS
    from podium_core.rules_pages import metadata, shipped_pages

    shipped = shipped_pages()
    for declaration in BUILTINS:
        files = shipped[f"rules-{declaration.id}"]
        assert sorted(files) == sorted(LANGUAGES), declaration.id
        for lang, path in files.items():
            meta = metadata(path.read_text("utf-8"))
            assert meta["lang"] == [lang] and meta["template"] == ["rules"]
            assert path.name == f"rules-{declaration.id}.{lang}.md"
            assert len(path.read_text("utf-8")) > 1500  # the whole rules, not a stub
    assert set(shipped) == {f"rules-{d.id}" for d in BUILTINS}


def test_every_demo_events_rules_link_opens_its_rules_in_its_language(site):
    from podium_core.rules_pages import metadata, shipped_pages

    checked = 0
    for slug, (language, rules) in demo_events().items():
        if rules is None:
            continue
        event = read(site, f"{slug}/index.html")
        assert re.search(rf'href="[./]*{slug}/rules/"', event), slug
        page = read(site, f"{slug}/rules/index.html")
        title = metadata(shipped_pages()[rules][language].read_text("utf-8"))["title"][0]
        assert f'<html lang="{language}">' in page and f"<h1>{title}</h1>" in page, slug
        assert 'class="note untranslated"' not in page
        checked += 1
    assert checked == 7


def test_the_shipped_rules_are_pages_of_the_site_in_each_language(site):
    for lang in LANGUAGES:
        name = "rules-tantrix-wc.html" if lang == "en" else f"rules-tantrix-wc-{lang}.html"
        page = read(site, name)
        assert f'<html lang="{lang}">' in page
        assert 'href="./tantrix-wc-2003/"' in page  # the events played under them


def test_a_sites_own_page_replaces_the_shipped_rules(tmp_path):
    results = tmp_path / "results"
    shutil.copytree(ROOT / "results" / "route66-vilnius-2010", results / "route66-vilnius-2010")
    shutil.copy(ROOT / "results" / "players.yaml", results / "players.yaml")
    content = tmp_path / "content" / "pages"
    content.mkdir(parents=True)
    (content / "house.md").write_text("Title: Our house rules\nSlug: rules-catan-lt-route66\nTemplate: rules\n\n"
                                      "Bring your own dice.\n", "utf-8")
    site = build(results, tmp_path / "output", PATH=str(tmp_path / "content"), PODIUM_LANGUAGE=None, PODIUM_JOBS=1)
    page = read(site, "route66-vilnius-2010/rules/index.html")
    assert "Bring your own dice." in page and 'class="note untranslated"' in page  # English, in a Lithuanian event
    assert "Bring your own dice." in read(site, "rules-catan-lt-route66.html")
    assert not (site / "rules-catan-lt-route66-lt.html").exists()


def test_validate_knows_the_shipped_rules_without_a_content_folder(tmp_path):
    event = tmp_path / "results" / "cup" / "event.yaml"
    event.parent.mkdir(parents=True)
    players = "".join(f"  - {{id: p{n}, name: Player {n}}}\n" for n in range(1, 9))
    event.write_text(f"name: Cup\nformat: baska-gp\nrules: rules-baska-gp\nplayers:\n{players}", "utf-8")
    done = subprocess.run([sys.executable, "-m", "podium_core.cli", "validate", str(tmp_path / "results")],
                          capture_output=True, text=True, cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    assert done.stdout.splitlines() == ["1 event valid"]


# -- the language switch -------------------------------------------------------------------

SWITCH = re.compile(r'<nav class="language-switch"[^>]*>(.*?)</nav>', re.S)
LINK = re.compile(r'<a href="([^"]+)" hreflang="([a-z]+)" lang="\2" rel="alternate">')
HEAD = re.compile(r'<link rel="alternate" hreflang="([a-z]+)" href="([^"]+)">')


def resolve(site: Path, page: Path, href: str) -> Path:
    """The file a relative link of ``page`` opens (a folder: its index.html)."""
    target = (page.parent / href).resolve()
    return target / "index.html" if href.endswith("/") else target


def html_lang(path: Path) -> str:
    return re.search(r'<html lang="([a-z]+)"', path.read_text("utf-8")).group(1)


def test_every_event_page_exists_in_each_language_at_its_folder(site):
    for slug, (language, _rules) in demo_events().items():
        own = sorted(p.relative_to(site / slug) for p in (site / slug).rglob("*.html"))
        assert own, slug
        for lang in SWITCHED:
            if lang == language:
                assert not (site / lang / slug).exists()
                continue
            assert sorted(p.relative_to(site / lang / slug) for p in (site / lang / slug).rglob("*.html")) == own
            assert html_lang(site / lang / slug / "index.html") == lang


def test_every_switch_link_resolves_to_the_same_page_in_that_language(site):
    checked = 0
    for slug, (language, _rules) in demo_events().items():
        folders = [site / slug] + [site / lang / slug for lang in SWITCHED if lang != language]
        for folder in folders:
            for page in sorted(folder.rglob("*.html")):
                html = page.read_text("utf-8")
                switch = SWITCH.search(html)
                assert switch, page
                links = LINK.findall(switch.group(1))
                assert {lang for _href, lang in links} == ({language, *SWITCHED} - {html_lang(page)}), page
                assert f'<span aria-current="page" lang="{html_lang(page)}">' in switch.group(1)
                for href, lang in links:
                    target = resolve(site, page, href)
                    assert target.is_file() and html_lang(target) == lang, (page, href)
                    assert target.relative_to(site).parts[-len(page.relative_to(folder).parts):] \
                        == page.relative_to(folder).parts  # the same page
                    checked += 1
                assert {lang for lang, _href in HEAD.findall(html)} == {language, *SWITCHED}
    assert checked > 1000


def test_the_language_names_are_in_their_own_language(site):
    switch = SWITCH.search(read(site, "tantrix-wc-2003/index.html")).group(1)
    assert ">English</a>" in switch and ">Latviešu</a>" in switch and ">Magyar</span>" in switch


def test_podiums_languages_name_themselves_as_cldr_does():
    from babel import Locale
    from pelican.plugins.podium.i18n import LANGUAGES, OWN_NAMES

    assert set(OWN_NAMES) == set(LANGUAGES)
    for language, name in OWN_NAMES.items():
        cldr = Locale.parse(language).get_display_name(language)
        assert name == cldr[:1].upper() + cldr[1:]


def test_a_variant_speaks_its_language_and_keeps_the_organisers_words(site):
    page = read(site, "lv/tantrix-wc-2003/index.html")
    assert '<html lang="lv">' in page and "Tantrix World Championship 2003" in page
    assert 'href="../../lv/tantrix-wc-2003/rules/"' in page  # its own menu stays in its language
    rules = read(site, "lv/tantrix-wc-2003/rules/index.html")
    assert "<h1>Noteikumi: Tantrix pasaules čempionāta pamatturnīrs</h1>" in rules
    assert "<h1>Rules: Tantrix World Championship main draw</h1>" in read(site, "en/tantrix-wc-2003/rules/index.html")


def test_without_podium_languages_an_event_has_no_switch(tmp_path):
    results = tmp_path / "results"
    shutil.copytree(ROOT / "results" / "route66-vilnius-2010", results / "route66-vilnius-2010")
    shutil.copy(ROOT / "results" / "players.yaml", results / "players.yaml")
    site = build(results, tmp_path / "output", PODIUM_LANGUAGE=None, PODIUM_JOBS=1)
    assert 'class="language-switch"' not in read(site, "route66-vilnius-2010/index.html")
    assert not (site / "en").exists()


@pytest.mark.parametrize("value, message", [
    ("lv", "the setting PODIUM_LANGUAGES: 'lv' should be a list of languages"),
    (["en", "de"], "the setting PODIUM_LANGUAGES: 'de' is not one of Podium's languages (en, lv, lt, pl, hu)"),
    (["lv", "lv"], "the setting PODIUM_LANGUAGES: a language is listed twice"),
])
def test_a_wrong_podium_languages_is_a_problem(tmp_path, value, message):
    from test_site import problems_of

    results = tmp_path / "results"
    shutil.copytree(ROOT / "results" / "route66-vilnius-2010", results / "route66-vilnius-2010")
    problems = problems_of(results, tmp_path / "output", PODIUM_LANGUAGES=value, PODIUM_JOBS=1)
    assert len(problems) == 1 and str(problems[0]).startswith(message)


def test_markdown_pages_link_their_translations(site):
    for name, lang in (("about.html", "en"), ("about-lv.html", "lv"), ("organiser-guide-pl.html", "pl")):
        page = site / name
        switch = SWITCH.search(page.read_text("utf-8"))
        assert switch and f'<span aria-current="page" lang="{lang}">' in switch.group(1)
        links = LINK.findall(switch.group(1))
        assert len(links) == 4
        for href, other in links:
            assert html_lang(resolve(site, page, href)) == other


# -- the tools and format pages ------------------------------------------------------------


def test_the_tools_page_links_the_guides_in_its_language(site):
    for slug, (language, _rules) in demo_events().items():
        for folder, lang in [("", language)] + [(f"{other}/", other) for other in SWITCHED if other != language]:
            page = site / f"{folder}{slug}/organiser/index.html"
            html = page.read_text("utf-8")
            suffix = "" if lang == "en" else f"-{lang}"
            for guide in ("organiser-guide", "publishing"):
                href = re.search(rf'<a href="([^"]*{guide}{suffix}\.html)">([^<]+)</a>', html)
                assert href, (page, guide)
                target = resolve(site, page, href.group(1))
                assert html_lang(target) == lang
                assert f"<h1>{href.group(2)}</h1>" in target.read_text("utf-8")  # the guide's own title


OPTION_ROW = re.compile(r'<tr><th scope="row"><code>([a-z_]+)</code></th><td[^>]*>(.*?)</td><td[^>]*>(.*?)</td><td>(.*?)</td></tr>')


def option_keywords() -> dict:
    """option key -> {keyword: its English name}: the words an organiser writes
    for it in event.yaml, which a format page says in words: its choices,
    its criteria, the keys of its mapping (Tantrix's round names)."""
    from podium_core.criteria import BY_KEY
    from podium_core.formats.declarations import BUILTINS
    from podium_core.systems.options import meanings
    from podium_core.systems.tantrix import ROUND_NAMES

    found = {}
    for system in {d.system for d in BUILTINS}:
        for spec in system.OPTIONS:
            found.setdefault(spec.key, {}).update({"auto" if choice is None else choice: meaning.name
                                                   for choice, meaning in meanings(spec).items()
                                                   if not isinstance(choice, int)})
    found["ranking"] = {key: criterion.label for key, criterion in BY_KEY.items()}
    found["standard_games"] = {name: name.capitalize() for name in ROUND_NAMES}
    return found


def test_format_pages_say_options_in_words(site):
    from podium_core.criteria import BY_KEY

    rows = 0
    keywords = option_keywords()
    option_keys = set(keywords)
    for page in sorted(site.rglob("format/index.html")):
        html = page.read_text("utf-8")
        english = html_lang(page) == "en"
        for key, value, default, meaning in OPTION_ROW.findall(html):
            for cell in (value, default):
                assert "<code>" not in cell, (page, key, cell)  # a choice too: in words
                assert not re.search(r"[\[\]{}]", cell), (page, key, cell)
                assert not [k for k in BY_KEY if re.search(rf"\b{k}\b", cell) and "_" in k], (page, key, cell)
                assert cell.strip(), (page, key, cell)
            said = re.sub(r"<[^>]+>", " ", meaning)
            # no option's key nor any keyword of this option: the words of the page's language
            assert not [k for k in option_keys if "_" in k and k in said], (page, key, said)
            for word, name in keywords.get(key, {}).items():
                if english and word == name:
                    continue  # the English word is the keyword (bye)
                # English words may be keywords (reserve player, a draw, ...): not a keyword explained ("half: ...")
                shown = rf"\b{word}\b:" if english else rf"\b{word}\b"
                assert not re.search(shown, said), (page, key, word, said)
            rows += 1
    assert rows > 100
    open_swiss = read(site, "carcassonne-open-2021/format/index.html")
    assert "Wins, then Buchholz cut 1, then" in open_swiss or "Buchholz" in open_swiss
    assert re.search(r"<code>odd_field</code></th><td[^>]*>bye</td><td[^>]*>reserve player</td>", open_swiss)
    assert "<li>round robin: every player of a group meets every other, by the Berger tables</li>" in open_swiss
    assert "<li>automatic: two groups when the field is larger than the largest group, else one</li>" in open_swiss
    lv = read(site, "carcassonne-latvija-2019/format/index.html")
    assert re.search(r"<td[^>]*>Šveices sistēma</td>", lv) and "<li>apļa turnīrs: katrs grupas spēlētājs spēlē ar katru" in lv
    assert "<li>skaitās zaudējums (rezultāts 0)</li>" in lv  # a bye's choices, as a round page says a bye
    assert "5 for the first place, 3 for the second, 2 for the third, 1 for the fourth" in \
        read(site, "en/baska-deszczno-2013/format/index.html")
    assert "Final 9, semifinal 8, quarterfinal 7, earlier rounds 6." in read(site, "en/tantrix-wc-2003/format/index.html")


def test_an_event_folder_named_like_a_language_is_a_problem(tmp_path):
    from test_site import problems_of

    results = tmp_path / "results"
    shutil.copytree(ROOT / "results" / "tantrix-wc-2003", results / "lv")  # seeded: its draw is its own
    problems = problems_of(results, tmp_path / "output", PODIUM_LANGUAGES=["en", "lv"], PODIUM_JOBS=1)
    assert [str(p) for p in problems] == [
        f"{results / 'lv' / 'event.yaml'}:1: the event's folder name 'lv' is a language of PODIUM_LANGUAGES: "
        "its pages would be in that language's folder; give the folder another name"]
