"""pelican.plugins.podium.writing.PageWriter: files land where Pelican's writer puts them,
folders are made as needed (fresh, left by an earlier build, or blocked by
a file), and no path leaves the output folder."""

from __future__ import annotations

import jinja2
import pytest

from pelican.plugins.podium.writing import PageWriter


def writer(output, **context) -> PageWriter:
    env = jinja2.Environment(autoescape=True)
    return PageWriter(env, str(output), {"SITEURL": "", **context}, relative_urls=True)


def test_files_are_written_into_new_and_existing_folders(tmp_path):
    files = writer(tmp_path)
    files.text("a/b/c/index.html", "é\n")
    files.data("a/b/d/event.json", b"{}\n")
    files.text("a/index.html", "top")
    (tmp_path / "x" / "y").mkdir(parents=True)  # left by an earlier build
    files.text("x/y/index.html", "again")
    assert (tmp_path / "a/b/c/index.html").read_bytes() == "é\n".encode("utf-8")
    assert (tmp_path / "a/b/d/event.json").read_bytes() == b"{}\n"
    assert (tmp_path / "a/index.html").read_text() == "top"
    assert (tmp_path / "x/y/index.html").read_text() == "again"


def test_a_file_where_a_folder_must_go_is_an_error(tmp_path):
    files = writer(tmp_path)
    files.text("a/index.html", "top")
    (tmp_path / "a" / "b").write_text("in the way")
    with pytest.raises(OSError):
        files.text("a/b/index.html", "page")
    assert (tmp_path / "a" / "b").read_text() == "in the way"


def test_pages_get_the_context_relative_urls_and_their_values(tmp_path):
    files = writer(tmp_path, SITENAME="Cup <1>")
    template = files.env.from_string("{{ SITENAME }}|{{ SITEURL }}|{{ output_file }}|{{ name }}")
    files.page("ev/players/ana/index.html", template, {"name": "<b>Ana</b>"})
    assert (tmp_path / "ev/players/ana/index.html").read_text() == (
        "Cup &lt;1&gt;|../../..|ev/players/ana/index.html|&lt;b&gt;Ana&lt;/b&gt;")


def test_no_path_leaves_the_output_folder(tmp_path):
    files = writer(tmp_path / "out")
    with pytest.raises(RuntimeError):
        files.text("../escaped.html", "no")
    assert not (tmp_path / "escaped.html").exists()


@pytest.mark.parametrize("order", [1, -1])
def test_a_pages_relative_siteurl_is_pelicans(tmp_path, order):
    from pelican.utils import get_relative_path, path_to_url

    files = writer(tmp_path)
    paths = ["index.html", "a/index.html", "/a/b/index.html", "a/b/", "./a/b.html", "a/./b/c.html", "a/b/c/d/e.html",
             "../a.html", "a//b/c.html", "a/b", "a/b/c/"]
    for path in paths[::order]:
        assert files._site_url(path) == path_to_url(get_relative_path(path)), path
