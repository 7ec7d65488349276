"""Incremental builds: a warm build writes what a cold build writes, and only what changed.

Every build here is a real Pelican run (``Pelican(read_settings(...)).run()``)
of a copy of the demo results, with its own output and cache folders.  An
event whose pages were written again has files with a new change time (or a
new inode); an event left alone keeps its files as they were.
"""

from __future__ import annotations

import json
import os
import shutil
import stat
import subprocess
import sys
from pathlib import Path

import pytest

from pelican.plugins.podium.cache import Store

ROOT = Path(__file__).resolve().parents[1]
DEMO = ROOT / "results"


def build(results: Path, output: Path, cache: Path, **settings) -> Path:
    from pelican import Pelican
    from pelican.settings import read_settings

    override = {"PODIUM_RESULTS": str(results), "OUTPUT_PATH": str(output), "CACHE_PATH": str(cache),
                "LOAD_CONTENT_CACHE": False, "PODIUM_JOBS": 1, **settings}
    Pelican(read_settings(str(ROOT / "pelicanconf.py"), override=override)).run()
    return output


def tree(folder: Path) -> dict:
    """path -> bytes of every file below ``folder``."""
    return {str(p.relative_to(folder)): p.read_bytes() for p in sorted(folder.rglob("*")) if p.is_file()}


def identity(path: Path) -> tuple:
    """A file's inode and change time: a file put in place again has another pair, even
    where the file system gives it the inode number of a file removed meanwhile."""
    info = path.stat()
    return info.st_ino, info.st_ctime_ns


def inodes(output: Path, slug: str) -> dict:
    return {str(p.relative_to(output)): identity(p) for p in (output / slug).rglob("*") if p.is_file()}


def assert_same_tree(a: Path, b: Path) -> None:
    done = subprocess.run(["diff", "-r", str(a), str(b)], capture_output=True, text=True)
    assert done.returncode == 0, done.stdout[:2000]


def first_round_file(event: Path) -> Path:
    return sorted(p for p in event.glob("*.yaml") if p.name != "event.yaml")[0]


# one event of each kind the cache tells apart (a system with templates of its own, a
# language with translations, people of players.yaml in some events and not others),
# the smallest of the demo's: the cache's rules do not depend on an event's size
CACHED = ("catan-latvija-2016", "route66-vilnius-2010", "route66-vilnius-2011", "carcassonne-latvija-2020",
          "tantrix-wc-2003")


@pytest.fixture
def results(tmp_path) -> Path:
    folder = tmp_path / "results"
    for slug in CACHED:
        shutil.copytree(DEMO / slug, folder / slug)
    shutil.copy(DEMO / "players.yaml", folder / "players.yaml")
    shutil.copytree(DEMO / "formats", folder / "formats")
    return folder


@pytest.fixture
def events(results) -> list[str]:
    return sorted(p.parent.name for p in results.glob("*/event.yaml"))


def rebuilt(before: dict, output: Path, events: list[str]) -> set:
    """The events whose files were put in place again since ``before`` (slug -> inodes)."""
    return {slug for slug in events if inodes(output, slug) != before[slug]}


def test_a_warm_build_after_a_changed_round_file_equals_a_cold_build(results, events, tmp_path):
    output, cache = tmp_path / "warm", tmp_path / "cache"
    build(results, output, cache)
    before = {slug: inodes(output, slug) for slug in events}
    changed = results / events[0]
    path = first_round_file(changed)
    path.write_text(path.read_text("utf-8") + "note: a note the organisers added\n", "utf-8")

    build(results, output, cache)
    assert rebuilt(before, output, events) == {events[0]}
    cold = build(results, tmp_path / "cold", tmp_path / "cold-cache")
    assert_same_tree(output, cold)
    assert any(b"a note the organisers added" in data for name, data in tree(output).items() if name.startswith(events[0]))


def test_nothing_changed_nothing_is_written_again(results, events, tmp_path):
    output, cache = tmp_path / "output", tmp_path / "cache"
    build(results, output, cache)
    before = {slug: inodes(output, slug) for slug in events}
    home = identity(output / "index.html")
    build(results, output, cache)
    assert rebuilt(before, output, events) == set()
    assert identity(output / "index.html") == home


def test_after_a_warm_build_a_no_op_leaves_the_site_pages_and_their_record_alone(results, events, tmp_path):
    """The site pages' key holds the Markdown pages' HTML, which must not depend on the
    page Pelican's writer wrote last (relative URLs): after a warm build, which writes
    an event's pages, the next build finds every key as it was."""
    output, cache = tmp_path / "output", tmp_path / "cache"
    build(results, output, cache)
    path = first_round_file(results / events[0])
    path.write_text(path.read_text("utf-8") + "note: a note the organisers added\n", "utf-8")
    build(results, output, cache)
    info = output.stat()
    written = Store(cache).record(f"output-{info.st_dev}-{info.st_ino}")  # what Podium wrote into this folder
    site_pages = [output / path for path in written["site"]["paths"]]
    assert output / "index.html" in site_pages
    before = {str(p): identity(p) for p in site_pages}
    build(results, output, cache)
    assert {name: identity(Path(name)) for name in before} == before
    assert Store(cache).record(f"output-{info.st_dev}-{info.st_ino}")["site"] == written["site"]


def test_a_new_output_folder_is_filled_from_the_cache(results, tmp_path):
    cache = tmp_path / "cache"
    first = build(results, tmp_path / "first", cache)
    second = build(results, tmp_path / "second", cache)  # make publish: a fresh folder each time
    assert_same_tree(first, second)


def test_the_pages_of_an_event_no_longer_there_are_removed(results, events, tmp_path):
    output, cache = tmp_path / "output", tmp_path / "cache"
    build(results, output, cache)
    (output / "mine.txt").write_text("not Podium's", "utf-8")
    shutil.rmtree(results / events[-1])
    build(results, output, cache)
    assert not (output / events[-1]).exists()
    assert (output / "mine.txt").read_text("utf-8") == "not Podium's"
    cold = build(results, tmp_path / "cold", tmp_path / "cold-cache")
    (output / "mine.txt").unlink()
    assert_same_tree(output, cold)


def people_of(results: Path, slug: str) -> set:
    import yaml

    return {p["id"] for p in yaml.safe_load((results / slug / "event.yaml").read_text("utf-8"))["players"]}


def test_a_change_invalidates_exactly_the_events_it_should(results, events, tmp_path):
    """The theme's base template: every event; a template of one system (a theme's
    override of the Tantrix bracket): the events of that system; a translation:
    the events in that language; a person in players.yaml: the events they played."""
    import yaml

    output, cache = tmp_path / "output", tmp_path / "cache"
    theme = tmp_path / "theme"
    shutil.copytree(ROOT / "themes" / "podium", theme)
    locale = tmp_path / "locale"
    shutil.copytree(ROOT / "plugins" / "pelican" / "plugins" / "podium" / "locale", locale)
    from pelican.plugins.podium import i18n

    patch = pytest.MonkeyPatch()
    patch.setattr(i18n, "LOCALE_DIR", locale)
    i18n.translations.cache_clear()
    try:
        build(results, output, cache, THEME=str(theme))

        def after(change) -> set:
            before = {slug: inodes(output, slug) for slug in events}
            change()
            i18n.translations.cache_clear()
            build(results, output, cache, THEME=str(theme))
            return rebuilt(before, output, events)

        base = theme / "templates" / "base.html"
        assert after(lambda: base.write_text(base.read_text("utf-8").replace("<body>", "<body class=\"x\">"), "utf-8")) \
            == set(events)

        systems = {slug: yaml.safe_load((results / slug / "event.yaml").read_text("utf-8"))["format"] for slug in events}
        tantrix = {slug for slug, fmt in systems.items() if fmt.startswith("tantrix")}
        assert tantrix and tantrix != set(events)
        bracket = theme / "templates" / "podium" / "tantrix" / "bracket.html"
        original = ROOT / "plugins" / "pelican" / "plugins" / "podium" / "templates" / "podium" / "tantrix" / "bracket.html"
        bracket.parent.mkdir(parents=True)
        assert after(lambda: bracket.write_text(original.read_text("utf-8") + "{# the theme's own #}\n", "utf-8")) \
            == tantrix

        languages = {slug: yaml.safe_load((results / slug / "event.yaml").read_text("utf-8")).get("language", "en")
                     for slug in events}
        po = locale / "lv.po"
        assert after(lambda: po.write_text(po.read_text("utf-8") + "\n#. a translator's note\n", "utf-8")) == set()
        assert after(lambda: po.write_text(po.read_text("utf-8").replace('msgstr "Spēlētāji"', 'msgstr "Dalībnieki"', 1),
                                           "utf-8")) == {slug for slug, lang in languages.items() if lang == "lv"}

        registry = results / "players.yaml"
        people = yaml.safe_load(registry.read_text("utf-8"))
        someone = people[0]["id"]
        expected = {slug for slug in events if someone in people_of(results, slug)}
        assert expected and expected != set(events)
        people[0]["club"] = "A club of its own"
        assert after(lambda: registry.write_text(yaml.safe_dump(people, allow_unicode=True), "utf-8")) == expected
        assert_same_tree(output, build(results, tmp_path / "cold", tmp_path / "cold-cache", THEME=str(theme)))
    finally:
        patch.undo()
        i18n.translations.cache_clear()


def test_a_setting_invalidates_every_event(results, events, tmp_path):
    output, cache = tmp_path / "output", tmp_path / "cache"
    build(results, output, cache)
    before = {slug: inodes(output, slug) for slug in events}
    build(results, output, cache, SITENAME="Another name")
    assert rebuilt(before, output, events) == set(events)
    assert "Another name" in (output / events[0] / "index.html").read_text("utf-8")


def test_builds_with_other_settings_keep_their_own_pages(results, events, tmp_path):
    """``make html`` and ``make publish`` (other settings, one cache) do not undo each other's work."""
    cache = tmp_path / "cache"
    build(results, tmp_path / "site", cache)
    build(results, tmp_path / "published", cache, SITEURL="https://example.org", RELATIVE_URLS=False)
    before = {slug: inodes(tmp_path / "site", slug) for slug in events}
    build(results, tmp_path / "site", cache)
    assert rebuilt(before, tmp_path / "site", events) == set()


def test_the_variants_are_an_input_of_every_event(tmp_path):
    from pelican.plugins.podium import cache_keys as keys

    formats = tmp_path / "formats"
    empty = keys.folder_files(formats)
    formats.mkdir()
    assert keys.folder_files(formats) == empty
    (formats / "catan-5-rounds.yaml").write_text("base: catan-lv-2016\n", "utf-8")
    assert keys.folder_files(formats) != empty
    assert keys.inputs("files", "people", keys.folder_files(formats)) != keys.inputs("files", "people", empty)


def test_files_land_with_the_umask_and_never_through_a_link(results, events, tmp_path):
    """Links planted in the output where the pages of two events go (a page, a folder on
    the way): when the events are written again, nothing is written through them."""
    output, cache = tmp_path / "output", tmp_path / "cache"
    build(results, output, cache)
    for slug in events[:2]:
        path = first_round_file(results / slug)
        path.write_text(path.read_text("utf-8") + "# changed\n", "utf-8")
    outside = tmp_path / "outside.html"
    outside.write_text("keep me", "utf-8")
    target = output / events[0] / "index.html"
    target.unlink()
    target.symlink_to(outside)
    folder = output / events[1] / "players"
    shutil.rmtree(folder)
    folder.symlink_to(tmp_path, target_is_directory=True)
    old = os.umask(0o027)
    try:
        build(results, output, cache)
        cold = build(results, tmp_path / "cold", tmp_path / "cold-cache")
    finally:
        os.umask(old)
    assert outside.read_text("utf-8") == "keep me"
    assert not target.is_symlink() and not folder.is_symlink()
    assert_same_tree(output, cold)
    page = cold / events[0] / "index.html"
    assert stat.S_IMODE(page.stat().st_mode) == 0o640
    assert stat.S_IMODE(page.parent.stat().st_mode) == 0o750
    record = next((tmp_path / "cold-cache" / "podium" / "records").glob("event-*.json"))
    assert stat.S_IMODE(record.stat().st_mode) == 0o640
    assert not list(output.rglob("*.podium-tmp"))


def test_a_round_file_changed_at_once_keeping_its_size_is_seen(results, events, tmp_path):
    """Saved right after a build, with the same length: its stamp is too recent to vouch for it."""
    output, cache = tmp_path / "output", tmp_path / "cache"
    build(results, output, cache)
    build(results, output, cache)  # the stamps are kept now
    before = {slug: inodes(output, slug) for slug in events}
    path = first_round_file(results / events[1])
    text = path.read_text("utf-8")
    path.write_text(text + "# a\n", "utf-8")
    build(results, output, cache)
    path.write_text(text + "# b\n", "utf-8")  # the same size, at once
    build(results, output, cache)
    assert rebuilt(before, output, events) == {events[1]}
    assert_same_tree(output, build(results, tmp_path / "cold", tmp_path / "cold-cache"))


def test_a_kept_digest_is_trusted_only_for_a_stamp_older_than_its_reading(tmp_path):
    """The stat prefilter: an unchanged stamp well before the moment the digest was
    read vouches for the bytes; one within the margin of it does not (the file may
    have been written again within the same tick of its clock)."""
    from pelican.plugins.podium import cache_keys as keys
    from pelican.plugins.podium.file_stamps import MARGIN, NAME, Stamps

    folder = tmp_path / "event"
    folder.mkdir()
    (folder / "round-01.yaml").write_text("round: 1\n", "utf-8")
    store = Store(tmp_path / "cache")
    stamps = Stamps(store)
    first = stamps.folder_files(folder)
    assert first == keys.folder_files(folder) and stamps.read == 1
    stamps.save()

    (folder / "round-01.yaml").write_text("round: 2\n", "utf-8")  # same size
    changed = str(folder / "round-01.yaml")
    info = os.stat(changed)
    record = store.record(NAME)
    record["table"][changed][0] = [info.st_size, info.st_mtime_ns, info.st_ctime_ns, info.st_ino]
    mtime = info.st_mtime_ns

    # the kept digest is the old bytes', under the new stamp: as if read just before a write in the same tick
    store.keep_record(NAME, taken=mtime + MARGIN // 2, table=record["table"])
    racy = Stamps(store)
    assert racy.folder_files(folder) == keys.folder_files(folder) != first and racy.read == 1

    store.keep_record(NAME, taken=mtime + 2 * MARGIN, table=record["table"])
    trusted = Stamps(store)
    assert trusted.folder_files(folder) == first and trusted.read == 0  # not read: the stamp vouches


def test_the_templates_a_page_asks_for_are_recorded_found_or_missing():
    """What an event's key takes of the templates: every name the rendering asked for,
    a missing one (``ignore missing``) too, so that adding it later renders the event again."""
    from jinja2 import DictLoader, Environment

    from pelican.plugins.podium.template_use import RecordingLoader, sources, unchanged

    templates = DictLoader({
        "page.html": "{% extends 'base.html' %}{% block b %}{% include 'odd/' ~ kind ~ '.html' ignore missing %}"
                     "{% include ['x.html', 'part.html', 'y.html'] %}{% endblock %}",
        "base.html": "<{% block b %}{% endblock %}>",
        "part.html": "{% import 'macros.html' as m %}{{ m.hi() }}",
        "macros.html": "{% macro hi() %}hi{% endmacro %}",
        "unused.html": "never",
    })
    recorder = RecordingLoader(templates)
    env = Environment(loader=recorder)
    with recorder.recording() as names:
        assert env.get_template("page.html").render(kind="tantrix") == "<hi>"
    assert names == {"page.html", "base.html", "odd/tantrix.html", "x.html", "part.html", "macros.html"}
    with recorder.recording() as again:  # the templates Jinja holds already are recorded when used again
        assert env.get_template("page.html").render(kind="tantrix") == "<hi>"
    assert again == names
    found = sources(env)
    kept = {name: found.get(name) for name in names}
    assert unchanged(kept, found)
    templates.mapping["odd/tantrix.html"] = "now there"
    assert not unchanged(kept, sources(env))
    templates.mapping.pop("odd/tantrix.html")
    templates.mapping["unused.html"] = "changed"
    assert unchanged(kept, sources(env))


def test_the_pages_templates_are_compiled_ahead_except_what_is_no_template(tmp_path):
    """Before render processes fork, every ``podium/*.html`` template is compiled once
    (:func:`.template_bytecode.load_pages`); an editor's swap file or a template that does not
    compile beside them is left alone, to fail only where a page uses it."""
    from jinja2 import Environment, FileSystemLoader, TemplateSyntaxError

    from pelican.plugins.podium import template_bytecode as compiled

    (tmp_path / "podium").mkdir()
    (tmp_path / "podium" / "page.html").write_text("{{ 1 + 1 }}", "utf-8")
    (tmp_path / "podium" / "broken.html").write_text("{% if %}", "utf-8")
    (tmp_path / "podium" / ".page.html.swp").write_bytes(b"\xff\xfe\x00binary")
    (tmp_path / "podium" / "logo.png").write_bytes(b"\x89PNG\xff")
    loaded = []
    env = Environment(loader=FileSystemLoader(str(tmp_path)))
    original = env.get_template
    env.get_template = lambda name: loaded.append(name) or original(name)
    compiled.load_pages(env)
    assert sorted(loaded) == ["podium/broken.html", "podium/page.html"]
    assert original("podium/page.html").render() == "2"
    with pytest.raises(TemplateSyntaxError):
        original("podium/broken.html")


NO_OP = """
import json, sys
from pelican import Pelican
from pelican.settings import read_settings
Pelican(read_settings(sys.argv[1], override=json.loads(sys.argv[2]))).run()
print(json.dumps(sorted(name for name in sys.modules if "podium" in name)))
"""


def test_a_build_with_nothing_to_do_loads_no_page_code_and_no_engine(results, tmp_path):
    output, cache = tmp_path / "output", tmp_path / "cache"
    build(results, output, cache)
    override = {"PODIUM_RESULTS": str(results), "OUTPUT_PATH": str(output), "CACHE_PATH": str(cache),
                "LOAD_CONTENT_CACHE": False, "PODIUM_JOBS": 1}
    done = subprocess.run([sys.executable, "-c", NO_OP, str(ROOT / "pelicanconf.py"), json.dumps(override)],
                          capture_output=True, text=True, cwd=ROOT, env=dict(os.environ, PYTHONHASHSEED="0"))
    assert done.returncode == 0, done.stderr[-2000:]
    loaded = set(json.loads(done.stdout.strip().splitlines()[-1]))
    assert "pelican.plugins.podium.generator" in loaded
    for heavy in ("pelican.plugins.podium.views", "pelican.plugins.podium.event_output",
                  "pelican.plugins.podium.extensions.workflow", "podium_core.systems", "podium_core.pipeline"):
        assert heavy not in loaded, heavy
