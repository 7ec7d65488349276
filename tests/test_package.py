"""The distribution as a club gets it: the wheel's contents, and a stranger's Pelican site.

The wheel is built from this tree (``pip wheel``), then installed into a
fresh virtual environment together with a plain Pelican from the package
index (pip's cache makes a second run fast).  ``pelican-quickstart`` makes a
site the way a club would, answering its questions; the site gets a blog
article and ``PODIUM_RESULTS``, and nothing else: no ``PLUGINS`` (Pelican
finds namespace plugins itself), no theme, no template path.  The build runs
under an audit hook that records every file opened below this repository,
so a build that quietly read a template or stylesheet from the source tree
fails.
"""

from __future__ import annotations

import json
import shutil
import zipfile
from pathlib import Path

import pytest

from stranger_site import clean_env, make_venv, run

ROOT = Path(__file__).resolve().parents[1]
PACKAGE = ROOT / "plugins" / "pelican" / "plugins" / "podium"
ENGINES = ROOT / "plugins" / "podium_core"
EVENTS = ("catan-latvija-2016", "carcassonne-latvija-2019", "tantrix-wc-2003")

# pelican-quickstart's questions, in order: folder, title, author, language (the defaults the
# options gave), URL prefix (no), pagination (no), time zone, tasks.py/Makefile (no)
QUICKSTART_ANSWERS = "\n\n\n\nn\nn\nUTC\nn\n"

# the build, with every file opened below the repository recorded (sys.addaudithook: "open")
AUDITED_BUILD = """
import sys
root = sys.argv.pop(1)
report = sys.argv.pop(1)
seen = []
def hook(event, args):
    if event == "open" and isinstance(args[0], (str, bytes)):
        path = args[0].decode() if isinstance(args[0], bytes) else args[0]
        if path.startswith(root):
            seen.append(path)
sys.addaudithook(hook)
from pelican import main
try:
    main()
finally:
    with open(report, "w") as out:
        out.write("\\n".join(seen))
"""


def shipped(folder: Path, prefix: str, patterns) -> set[str]:
    return {f"{prefix}/{path.relative_to(folder).as_posix()}" for pattern in patterns for path in folder.glob(pattern)
            if "__pycache__" not in path.parts}


def test_the_wheel_holds_the_code_templates_static_files_schemas_and_translations(wheel):
    with zipfile.ZipFile(wheel) as archive:
        names = set(archive.namelist())
        metadata = archive.read(next(n for n in names if n.endswith(".dist-info/METADATA"))).decode("utf-8")
        entry_points = archive.read(next(n for n in names if n.endswith(".dist-info/entry_points.txt"))).decode("utf-8")
    expected = (shipped(PACKAGE, "pelican/plugins/podium", ["**/*.py", "templates/**/*.html", "static/**/*.css",
                                                               "locale/*.po", "locale/*.pot"])
                | shipped(ENGINES, "podium_core", ["**/*.py", "schemas/*.json", "systems/*/pages/*.md"]))
    assert expected - names == set()
    assert "pelican/plugins/podium/static/css/podium.css" in names
    assert "pelican/plugins/podium/templates/podium/layout.html" in names
    assert "podium_core/schemas/event-json.schema.json" in names
    # a namespace package: Pelican's own pelican/ and pelican/plugins/ must stay without __init__
    assert "pelican/__init__.py" not in names and "pelican/plugins/__init__.py" not in names
    # nothing of the demo site, the tests or the tools around them
    assert not [n for n in names if n.startswith(("themes/", "results/", "content/", "tests/", "node_modules/"))]
    assert "Name: pelican-podium" in metadata
    assert "Classifier: Framework :: Pelican :: Plugins" in metadata
    assert "podium = podium_core.console:run" in entry_points


def test_a_stranger_s_pelican_site_gets_the_results_pages_inside_its_own_theme(wheel, tmp_path):
    venv = tmp_path / "venv"
    python = make_venv(venv, wheel)
    location = run(str(python), "-c", "import pelican.plugins.podium as p, podium_core; print(p.__file__); print(podium_core.__file__)",
                   cwd=tmp_path, env=clean_env()).stdout.split()
    assert all(path.startswith(str(venv)) for path in location)

    run(str(venv / "bin" / "pelican-quickstart"), "--path", "site", "--title", "Chess Club", "--author", "Club",
        "--lang", "en", cwd=tmp_path, env=clean_env(), stdin=QUICKSTART_ANSWERS)
    site = tmp_path / "site"
    (site / "content" / "club-night.md").write_text(
        "Title: Club night\nDate: 2026-01-09\nCategory: News\n\nWe meet on Fridays.\n", "utf-8")
    (site / "content" / "new-boards.md").write_text(
        "Title: New boards\nDate: 2026-01-16\nCategory: News\n\nTwo new sets arrived.\n", "utf-8")
    results = tmp_path / "results"
    for slug in EVENTS:
        shutil.copytree(ROOT / "results" / slug, results / slug)
        # the club's site has no rules pages of its own: its events name none
        event = results / slug / "event.yaml"
        event.write_text("".join(line for line in event.read_text("utf-8").splitlines(True)
                                 if not line.startswith("rules:")), "utf-8")
    conf = site / "pelicanconf.py"
    assert "PLUGINS" not in conf.read_text("utf-8") and "THEME" not in conf.read_text("utf-8")
    with conf.open("a", encoding="utf-8") as out:
        out.write(f'\nPODIUM_RESULTS = {str(results)!r}\n')

    report = tmp_path / "opened.txt"
    run(str(python), "-c", AUDITED_BUILD, str(ROOT), str(report), "content", "-s", "pelicanconf.py",
        cwd=site, env=clean_env())
    assert report.read_text("utf-8") == "", "the build read files of the repository"

    output = site / "output"
    # the blog is the blog: its home lists the articles, in Pelican's own theme
    home = (output / "index.html").read_text("utf-8")
    assert "Club night" in home and "New boards" in home and "/theme/css/main.css" in home
    assert (output / "club-night.html").is_file() and (output / "category" / "news.html").is_file()
    # the results sit beside it: Podium's home under results/, every event's pages
    listing = (output / "results" / "index.html").read_text("utf-8")
    for slug in EVENTS:
        assert f'href="/{slug}/"' in listing
        assert (output / slug / "index.html").is_file()
        assert json.loads((output / slug / "event.json").read_text("utf-8"))["slug"] == slug
    assert (output / "carcassonne-latvija-2019" / "bracket" / "index.html").is_file()
    assert (output / "tantrix-wc-2003" / "bracket" / "index.html").is_file()
    # inside the site's theme (notmyidea's stylesheet, menu and footer), with Podium's own stylesheet added
    page = (output / "catan-latvija-2016" / "standings" / "index.html").read_text("utf-8")
    assert page.startswith("<!DOCTYPE html>") and '<html lang="lv">' in page
    assert "/theme/css/main.css" in page and 'href="/theme/podium/css/podium.css"' in page
    assert "Proudly powered by" in page and "Chess Club" in page
    assert 'class="event-nav"' in page and "<title>" in page
    assert (output / "theme" / "podium" / "css" / "podium.css").read_bytes() == \
        (PACKAGE / "static" / "css" / "podium.css").read_bytes()
    # Pelican's other theme too: the same pages inside `simple`'s frame
    simple = tmp_path / "simple-output"
    run(str(python), "-c", AUDITED_BUILD, str(ROOT), str(report), "content", "-s", "pelicanconf.py", "-o", str(simple),
        "-e", 'THEME="simple"', cwd=site, env=clean_env())
    assert report.read_text("utf-8") == ""
    page = (simple / "tantrix-wc-2003" / "bracket" / "index.html").read_text("utf-8")
    assert "<title>" in page and '<meta name="generator" content="Pelican" />' in page
    assert 'href="/theme/podium/css/tantrix.css"' in page and 'class="event-nav"' in page
    assert "Proudly powered by" in page and "/theme/css/main.css" not in page
    # the podium command came with it
    run(str(venv / "bin" / "podium"), "validate", str(results), cwd=tmp_path, env=clean_env())
