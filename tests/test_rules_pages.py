"""`rules:` names a page of the content folder: `podium validate` and the build say the same.

- `podium validate` reports an event whose rules page is missing at the line
  of `rules:` and exits 1; with the page there the event is valid;
- without a content folder it says, in one line, that the rules pages were
  not checked, and the events are still valid;
- the build and `podium validate`, reading the same content folder, find the
  same pages (an explicit `Slug:`, Pelican's slug of a title, a page only in
  another language, a hidden page) and refuse the same ones (a draft, a
  slug made from the file name), with the same words at the same lines;
- an event without `rules:` shows the rules page Podium ships for its
  built-in format (or the format its variant extends), in its language,
  and an event that plays other options than that format says first, in
  words, the options that differ.
"""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import pytest

from test_site import build, problems_of

ROOT = Path(__file__).resolve().parents[1]


def podium(*args, cwd=ROOT):
    return subprocess.run([sys.executable, "-m", "podium_core.cli", *args], capture_output=True, text=True, cwd=cwd)


def event_naming(results: Path, slug: str, rules: str | None, format_id: str = "catan-lt-route66", more: str = "") -> Path:
    """The event.yaml of ``results/<slug>``, an event of eight players and no round yet,
    of ``format_id``, its third line ``rules: <rules>`` (None: no ``rules:``), then ``more``."""
    players = "".join(f"  - {{id: p{n}, name: Player {n}}}\n" for n in range(1, 9))
    event = results / slug / "event.yaml"
    event.parent.mkdir(parents=True)
    named = "" if rules is None else f"rules: {rules}\n"
    event.write_text(f"name: Cup {slug}\nformat: {format_id}\n{named}{more}players:\n{players}", "utf-8")
    return event


def page(content: Path, name: str, header: str) -> None:
    path = content / "pages" / name
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(f"{header}\n\nThe rules of the house.\n", "utf-8")


def missing(event: Path, rules: str, content: Path) -> str:
    return (f"{event}:3: rules: there is no page '{rules}' among the pages of {content.resolve()} "
            f"(a Markdown page with slug: {rules})")


def test_a_missing_rules_page_is_a_problem_at_its_line(tmp_path):
    event = event_naming(tmp_path / "results", "cup", "rules-of-the-house")
    page(tmp_path / "content", "about.md", "Title: About\nSlug: about")
    done = podium("validate", str(tmp_path / "results"))
    assert done.returncode == 1
    assert done.stderr.splitlines() == [missing(event, "rules-of-the-house", tmp_path / "content"), "1 problem found"]
    assert "Traceback" not in done.stderr


def test_the_rules_page_there_makes_the_event_valid(tmp_path):
    event_naming(tmp_path / "results", "cup", "rules-of-the-house")
    page(tmp_path / "content", "house.md", "Title: House rules\nSlug: rules-of-the-house\nTemplate: rules")
    for target in ("results", "results/cup", "results/cup/event.yaml"):
        done = podium("validate", target, cwd=tmp_path)
        assert done.returncode == 0, done.stderr
        assert "not checked" not in done.stdout and "valid" in done.stdout


def test_content_names_another_content_folder(tmp_path):
    event = event_naming(tmp_path / "results", "cup", "rules-of-the-house")
    page(tmp_path / "content", "house.md", "Title: House rules\nSlug: rules-of-the-house")
    page(tmp_path / "site", "other.md", "Title: Other rules\nSlug: rules-other")
    done = podium("validate", "--content", str(tmp_path / "site"), str(tmp_path / "results"))
    assert done.returncode == 1
    assert done.stderr.splitlines()[0] == missing(event, "rules-of-the-house", tmp_path / "site")
    done = podium("validate", "--content", str(tmp_path / "nowhere"), str(tmp_path / "results"))
    assert done.returncode == 1 and "nowhere is not a folder" in done.stderr and "Traceback" not in done.stderr


def test_without_a_content_folder_the_rules_pages_are_not_checked(tmp_path):
    event_naming(tmp_path / "results", "cup", "rules-of-the-house")
    done = podium("validate", str(tmp_path / "results"))
    assert done.returncode == 0, done.stderr
    assert done.stdout.splitlines() == [
        f"note: rules pages not checked: there is no content folder {tmp_path / 'content'} (give --content)",
        "1 event valid"]
    github = podium("validate", "--format", "github", str(tmp_path / "results"))
    assert github.returncode == 0 and github.stdout == ""
    assert github.stderr.splitlines()[0].startswith("note: rules pages not checked")


def test_a_rules_page_that_may_be_in_another_format_is_not_reported(tmp_path):
    """Pelican also reads reStructuredText and HTML pages, which validate does
    not: with such pages beside, a slug no Markdown page has is a note, not a problem."""
    event_naming(tmp_path / "results", "cup", "rules-of-the-house")
    page(tmp_path / "content", "about.md", "Title: About")
    (tmp_path / "content" / "pages" / "house.rst").write_text("House rules\n###########\n\n:slug: rules-of-the-house\n", "utf-8")
    done = podium("validate", str(tmp_path / "results"))
    assert done.returncode == 0, done.stderr
    assert done.stdout.splitlines()[0] == (
        f"note: rules pages not checked: 'rules-of-the-house': no Markdown page of {(tmp_path / 'content').resolve()} "
        "has this slug, and its 1 reStructuredText or HTML page is not read")


def test_every_problem_at_once_with_the_rules_page(tmp_path):
    event = event_naming(tmp_path / "results", "cup", "rules-of-the-house")
    page(tmp_path / "content", "about.md", "Title: About")
    (event.parent / "qualifying-01.yaml").write_text("stage: qualifying\nround: [\n", "utf-8")
    done = podium("validate", str(tmp_path / "results"))
    lines = done.stderr.splitlines()
    assert done.returncode == 1 and missing(event, "rules-of-the-house", tmp_path / "content") in lines
    assert any(line.startswith(f"{event.parent / 'qualifying-01.yaml'}:") for line in lines) and lines[-1] == "2 problems found"


def test_the_demo_results_check_their_rules_pages():
    done = podium("validate", "results")
    assert done.returncode == 0, done.stderr
    assert done.stdout.splitlines()[-1].endswith("events valid") and "not checked" not in done.stdout


@pytest.fixture(scope="module")
def content(tmp_path_factory):
    """Pages named in every way Pelican names them, and two that are not pages of the site."""
    content = tmp_path_factory.mktemp("site") / "content"
    page(content, "explicit.md", "Title: Anything at all\nSlug: rules-explicit\nTemplate: rules")
    page(content, "zasady-baska.md", "Title: Zasady: Czerwona Baśka — Grand Prix <em>2013</em>!\nLang: en")
    page(content, "folder/noteikumi.md", "title: Noteikumi: Ļoti Garā Spēle\nLang: lv")
    page(content, "hidden.md", "Title: Hidden rules\nSlug: rules-hidden\nStatus: hidden")
    page(content, "draft.md", "Title: Draft rules\nSlug: rules-draft\nStatus: draft")
    return content


NAMED = {"explicit": "rules-explicit",  # its Slug:
         "title": "zasady-czerwona-baska-grand-prix-2013",  # Pelican's slug of its Title:
         "translated": "noteikumi-loti-gara-spele",  # a page only in Latvian, its slug from its title
         "hidden": "rules-hidden"}
NOT_PAGES = {"draft": "rules-draft",  # not published
             "file-name": "zasady-baska"}  # the file's name is not the slug of a page with a title


def test_validate_and_the_build_find_the_same_pages(content, tmp_path):
    results = tmp_path / "results"
    events = {slug: event_naming(results, slug, rules) for slug, rules in {**NAMED, **NOT_PAGES}.items()}
    expected = sorted(missing(events[slug], rules, content) for slug, rules in NOT_PAGES.items())
    done = podium("validate", "--content", str(content), str(results))
    assert done.returncode == 1
    assert done.stderr.splitlines() == expected + [f"{len(expected)} problems found"]
    problems = problems_of(results, tmp_path / "output", PATH=str(content), PODIUM_JOBS=1)
    assert sorted(str(p) for p in problems) == expected


def shown_rules(site: Path, slug: str) -> str:
    """The main part of the event's rules page, which its home page links."""
    html = (site / slug / "rules" / "index.html").read_text("utf-8")
    assert f'href="../{slug}/rules/"' in (site / slug / "index.html").read_text("utf-8")  # the event links it
    return re.search(r'<main.*?</main>', html, re.S).group(0)


def test_an_event_without_rules_shows_its_formats_shipped_rules_in_its_language(tmp_path):
    from podium_core.rules_pages import metadata, shipped_pages

    results = tmp_path / "results"
    event_naming(results, "plain", None, "carcassonne-lv", "language: pl\n")
    event_naming(results, "tuned", None, "carcassonne-lv", "language: lt\noptions: {swiss_rounds: 4}\n")
    (results / "formats").mkdir()
    (results / "formats" / "open-cup.yaml").write_text(
        "id: open-cup\nname: Open Cup\nextends: carcassonne-lv\noptions: {swiss_rounds: 4, odd_field: bye}\n", "utf-8")
    event_naming(results, "open", None, "open-cup", "language: lv\n")
    site = build(results, tmp_path / "output", PODIUM_LANGUAGE=None, PODIUM_JOBS=1)
    shipped = shipped_pages()["rules-carcassonne-lv"]

    def title(language):
        return metadata(shipped[language].read_text("utf-8"))["title"][0]

    plain = shown_rules(site, "plain")
    assert f"<h1>{title('pl')}</h1>" in plain and "changed-options" not in plain  # the built-in as it is
    open_cup = shown_rules(site, "open")
    assert f"<h1>{title('lv')}</h1>" in open_cup  # the rules of the format the variant extends
    assert open_cup.index("changed-options") < open_cup.index("<h1>")  # what differs, before the rules
    assert "Šis turnīrs nespēlē tieši pēc šiem noteikumiem: atšķiras šīs opcijas." in open_cup
    rows = re.findall(r'<tr><th scope="row">(.*?)</th><td>(.*?)</td><td>(.*?)</td></tr>', open_cup)
    assert rows == [("Ranžētā posma kārtas.", "4", "automātiski"),
                    ("Kā rīkojas, ja dalībnieku skaits ir nepāra.", "brīvkārta", "rezerves spēlētājs")]
    tuned = shown_rules(site, "tuned")  # a built-in with options of the event's own
    assert f"<h1>{title('lt')}</h1>" in tuned
    assert re.findall(r'<tr><th scope="row">(.*?)</th><td>(.*?)</td><td>(.*?)</td></tr>', tuned) == \
        [("Reitinguojamo etapo raundai.", "4", "automatiškai")]


def test_an_event_without_rules_shows_the_sites_own_page_of_its_format(tmp_path):
    results = tmp_path / "results"
    event_naming(results, "plain", None, "carcassonne-lv")
    page(tmp_path / "content", "ours.md", "Title: Our Carcassonne rules\nSlug: rules-carcassonne-lv\nTemplate: rules")
    site = build(results, tmp_path / "output", PATH=str(tmp_path / "content"), PODIUM_JOBS=1)
    shown = shown_rules(site, "plain")
    assert "<h1>Our Carcassonne rules</h1>" in shown and "The rules of the house." in shown


def test_each_shipped_page_is_named_as_its_metadata_says():
    from podium_core.rules_pages import SHIPPED, first, metadata, shipped_pages

    files = sorted(SHIPPED.glob("*/pages/*.md"))
    assert len(files) == 25 and sum(len(langs) for langs in shipped_pages().values()) == len(files)
    for slug, languages in shipped_pages().items():
        for lang, path in languages.items():
            meta = metadata(path.read_text("utf-8"))
            assert (first(meta["slug"]).strip(), first(meta["lang"]).strip()) == (slug, lang), path
