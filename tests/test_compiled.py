"""Compiled templates kept between builds (pelican.plugins.podium.compiled): a build that
loads them writes the very bytes a build that compiles writes; anything
that changes the generated code changes the key; a cache that cannot be
read or written never fails a build."""

from __future__ import annotations

import filecmp
from pathlib import Path

import jinja2
import pytest
from jinja2 import pass_context

from pelican.plugins.podium import compiled, i18n, jinja_speed
from test_site import build, write_results


def same_tree(left: Path, right: Path) -> bool:
    compare = filecmp.dircmp(left, right)
    if compare.left_only or compare.right_only or compare.funny_files:
        return False
    if filecmp.cmpfiles(left, right, compare.common_files, shallow=False)[1:] != ([], []):
        return False
    return all(same_tree(left / name, right / name) for name in compare.common_dirs)


@pytest.fixture(scope="module")
def results(tmp_path_factory):
    return write_results(tmp_path_factory.mktemp("results"))


def test_a_build_loads_what_the_last_one_compiled_and_writes_the_same_bytes(results, tmp_path, monkeypatch):
    cache = tmp_path / "cache"
    first = build(results, tmp_path / "first", CACHE_PATH=str(cache))
    kept = sorted((cache / compiled.FOLDER).glob("*.jinja"))
    assert len(kept) > 20  # Podium's templates and the theme's

    def no_compiling(*args, **kwargs):
        raise AssertionError("compiled a template the cache holds")

    monkeypatch.setattr(jinja2.Environment, "_parse", no_compiling)
    second = build(results, tmp_path / "second", CACHE_PATH=str(cache))
    assert same_tree(first, second)
    assert sorted((cache / compiled.FOLDER).glob("*.jinja")) == kept


def test_without_the_cache_nothing_is_kept(results, tmp_path):
    build(results, tmp_path / "output", CACHE_PATH=str(tmp_path / "cache"), PODIUM_TEMPLATE_CACHE=False)
    assert not (tmp_path / "cache").exists()


def test_a_cache_that_cannot_be_read_or_written_is_done_without(results, tmp_path):
    reference = build(results, tmp_path / "reference", CACHE_PATH=str(tmp_path / "cache"))
    for kept in (tmp_path / "cache" / compiled.FOLDER).glob("*.jinja"):
        kept.write_bytes(b"j2 not what Jinja wrote")
    assert same_tree(reference, build(results, tmp_path / "damaged", CACHE_PATH=str(tmp_path / "cache")))
    blocked = tmp_path / "a-file"
    blocked.write_text("not a folder")
    assert same_tree(reference, build(results, tmp_path / "blocked", CACHE_PATH=str(blocked)))


def podium_environment(**options) -> jinja2.Environment:
    env = jinja2.Environment(**options)
    i18n.install(env, "en")
    jinja_speed.install(env)
    return env


def test_the_fingerprint_follows_what_shapes_the_compiled_code():
    plain = compiled.fingerprint(podium_environment())
    assert compiled.fingerprint(podium_environment()) == plain  # the same setup, the same key
    assert compiled.fingerprint(podium_environment(trim_blocks=True)) != plain
    assert compiled.fingerprint(podium_environment(autoescape=True)) != plain
    assert compiled.fingerprint(jinja2.Environment()) != plain  # Jinja's own code generator
    with_filter = podium_environment()
    with_filter.filters["shout"] = lambda value: value
    assert compiled.fingerprint(with_filter) != plain
    wants_context = podium_environment()
    wants_context.filters["shout"] = pass_context(lambda context, value: value)
    assert compiled.fingerprint(wants_context) not in (plain, compiled.fingerprint(with_filter))


def test_keys_differ_by_template_and_file():
    cache = compiled.CompiledTemplates("unused", "fingerprint")
    keys = {cache.get_cache_key("a.html"), cache.get_cache_key("a.html", "/x/a.html"),
            cache.get_cache_key("b.html", "/x/a.html"), compiled.CompiledTemplates("unused", "other").get_cache_key("a.html")}
    assert len(keys) == 4
