"""Podium uses its dependencies through their public APIs only, and a theme gets plain Jinja.

- No module under plugins/ imports, or reads an attribute of, a private name
  (``_x``, or ``__version__``) of Jinja, markupsafe, Pelican, jsonschema or
  PyYAML.
- A theme that overrides a Podium template gets exactly what Jinja gives:
  a ``person()`` macro of its own that shows ``output_file`` shows each
  page's own path, on every page.
- :func:`podium_core.workers.largest_first` does every item once, largest first,
  in forked processes or here, and a failing task fails the call; what the
  forked processes inherit is frozen for the garbage collector while they
  run, and unfrozen after.
"""

from __future__ import annotations

import ast
import os
import re
import shutil
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
PLUGINS = ROOT / "plugins"
DEPENDENCIES = ("jinja2", "markupsafe", "pelican", "jsonschema", "yaml")
OWN = "pelican.plugins.podium"


def private(name: str) -> bool:
    return name == "__version__" or (name.startswith("_") and not (name.startswith("__") and name.endswith("__")))


def dependency(module: str | None) -> bool:
    if not module or module == OWN or module.startswith(OWN + "."):
        return False
    return module.split(".")[0] in DEPENDENCIES


def private_uses(source: str, filename: str = "<source>") -> list[str]:
    """Every import or attribute read of a dependency's private name in ``source``."""
    tree = ast.parse(source, filename)
    bound: set[str] = set()  # local names that are dependency modules or objects
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            for alias in node.names:
                if dependency(alias.name):
                    if any(private(part) for part in alias.name.split(".")):
                        found.append(f"{filename}:{node.lineno}: import {alias.name}")
                    bound.add((alias.asname or alias.name).split(".")[0])
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and dependency(node.module):
            if any(private(part) for part in node.module.split(".")):
                found.append(f"{filename}:{node.lineno}: from {node.module}")
            for alias in node.names:
                if private(alias.name):
                    found.append(f"{filename}:{node.lineno}: from {node.module} import {alias.name}")
                bound.add(alias.asname or alias.name)
    for node in ast.walk(tree):
        if isinstance(node, ast.Attribute) and private(node.attr):
            base = node.value
            while isinstance(base, ast.Attribute):
                base = base.value
            if isinstance(base, ast.Name) and base.id in bound:
                found.append(f"{filename}:{node.lineno}: {ast.unparse(node)}")
    return found


def test_the_scan_finds_private_names():
    assert private_uses("from markupsafe import _escape_inner")
    assert private_uses("from jinja2.utils import _PassArg")
    assert private_uses("import jinja2\nv = jinja2.__version__")
    assert private_uses("from jinja2 import runtime\nf = runtime.Macro._func")
    assert private_uses("from jinja2 import Environment\nx = Environment._load_template")
    assert not private_uses("from jinja2 import Environment\nx = Environment.get_template")
    assert not private_uses("from .plugin import _local\nfrom pelican.plugins.podium.views import _cell")
    assert not private_uses("class A:\n    def f(self):\n        return self._x")


def test_no_module_of_podium_uses_a_private_name_of_a_dependency():
    found = []
    for path in sorted(PLUGINS.rglob("*.py")):
        if ".egg-info" in path.parts:
            continue
        found += private_uses(path.read_text("utf-8"), str(path.relative_to(ROOT)))
    assert not found, "\n".join(found)


# -- a theme's own template -----------------------------------------------------------------

PERSON = '''{% macro person(p) -%}
<a href="{{ SITEURL }}/{{ p.url }}" data-page="{{ output_file }}">{{ p.name }}</a>
{%- endmacro %}'''


def theme_with_person(tmp_path, macro=PERSON):
    """The demo theme with its own ``podium/macros.html``: Podium's, with
    ``person()`` replaced by ``macro``."""
    theme = tmp_path / "theme"
    shutil.copytree(ROOT / "themes" / "podium", theme)
    original = (ROOT / "plugins" / "pelican" / "plugins" / "podium" / "templates" / "podium" / "macros.html").read_text("utf-8")
    start = original.index("{% macro person(p) -%}")
    end = original.index("{%- endmacro %}", start) + len("{%- endmacro %}")
    (theme / "templates" / "podium").mkdir(parents=True, exist_ok=True)
    (theme / "templates" / "podium" / "macros.html").write_text(original[:start] + macro + original[end:], "utf-8")
    return theme


def test_a_theme_overriding_a_macro_gets_what_plain_jinja_gives(tmp_path):
    from pelican import Pelican
    from pelican.settings import read_settings

    theme = theme_with_person(tmp_path)
    results = tmp_path / "results"
    sample = ROOT / "tests" / "samples" / "results" / "catan3-lt14-upcoming-q2-1000"
    shutil.copytree(sample, results / "cup")
    output = tmp_path / "output"
    Pelican(read_settings(str(ROOT / "pelicanconf.py"), override={
        "PODIUM_RESULTS": str(results), "OUTPUT_PATH": str(output), "CACHE_PATH": str(tmp_path / "cache"),
        "THEME": str(theme), "LOAD_CONTENT_CACHE": False})).run()
    pages = [p for p in (output / "cup").rglob("index.html")]
    checked = 0
    for page in pages:
        shown = set(re.findall(r'data-page="([^"]*)"', page.read_text("utf-8")))
        if shown:
            assert shown == {str(page.relative_to(output))}, page
            checked += 1
    players = [p for p in pages if "/players/" in str(p) and p.parent.name != "players"]
    assert players and all(re.search(r'data-page="', p.read_text("utf-8")) for p in players)
    assert checked >= len(players) + 2


# -- the workers -------------------------------------------------------------------------------

def test_every_item_is_done_once_largest_first_in_one_process():
    from podium_core import workers

    done = list(workers.largest_first(lambda item: item * 10, [1, 5, 3, 5], jobs=1, size=lambda item: item))
    assert done == [(5, 50), (5, 50), (3, 30), (1, 10)]


def test_forked_workers_do_every_item_once_and_inherit_the_function(tmp_path):
    from podium_core import workers

    if not workers.can_fork():
        pytest.skip("another thread runs in this test process: no fork")
    table = {n: n * n for n in range(40)}  # not sent: the workers inherit it

    def square(item):
        (tmp_path / f"{item}-{os.getpid()}").write_text("", "utf-8")
        return table[item], os.getpid()

    done = list(workers.largest_first(square, list(range(40)), jobs=3, size=lambda item: item % 7))
    assert sorted(item for item, _ in done) == list(range(40))
    assert all(result[0] == item * item for item, result in done)
    assert all(result[1] != os.getpid() for _, result in done)
    assert len(list(tmp_path.iterdir())) == 40


def test_what_forked_workers_inherit_is_frozen_while_they_run():
    import gc

    from podium_core import workers

    if not workers.can_fork():
        pytest.skip("another thread runs in this test process: no fork")
    assert gc.get_freeze_count() == 0
    done = dict(workers.largest_first(lambda item: gc.get_freeze_count(), [1, 2, 3], jobs=2, size=lambda item: item))
    assert all(count > 1000 for count in done.values())  # the test process's objects, never walked by a worker
    assert gc.get_freeze_count() == 0  # and given back to the collector here


def test_a_failing_task_fails_the_call():
    from podium_core import workers

    def work(item):
        if item == 7:
            raise ValueError("cannot do item 7")
        return item

    for jobs in (1, 2):
        if jobs > 1 and not workers.can_fork():
            continue
        with pytest.raises(ValueError, match="cannot do item 7"):
            list(workers.largest_first(work, list(range(20)), jobs=jobs, size=lambda item: 0))
