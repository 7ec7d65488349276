"""Every failure a user can cause is one line and a non-zero exit, never a traceback.

The ``podium`` commands end an ``OSError`` (a read-only folder, a full
disk, a path that is a file) with ``podium <command>: <what>: <path>``;
``make html`` refuses an output path that is a file before writing anything,
and ends a write the system refuses, in this process or in a forked worker,
with one line, the output as it was.  Faults are injected as
``OSError``s, and on a small real filesystem (tmpfs) where the system
lets the tests mount one.
"""

from __future__ import annotations

import errno
import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

import pytest

from podium_core import cli
from pelican.plugins.podium import build as building, output

ROOT = Path(__file__).resolve().parents[1]
SAMPLES = ROOT / "tests" / "samples" / "results"
UPCOMING = "catan3-lt14-upcoming-q2-1000"
SMALL = "catan2-lt13-full-1000"


def one_line(capsys, prefix: str) -> str:
    err = capsys.readouterr().err
    lines = err.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith(prefix) and "Traceback" not in err, err
    return lines[0]


def refuse(number: int, path: str = ""):
    def refused(*args, **kwargs):
        raise OSError(number, os.strerror(number), path or None)
    return refused


def test_podium_new_into_a_path_that_is_a_file(tmp_path, capsys):
    taken = tmp_path / "results"
    taken.write_text("not a folder\n", "utf-8")
    assert cli.main(["new", "my-cup", "--format", "catan-lt-route66", "--results", str(taken)]) == 1
    assert one_line(capsys, "podium new: ") == f"podium new: Not a directory: {taken}"


def test_podium_pair_write_into_a_read_only_folder(tmp_path, capsys, monkeypatch):
    folder = tmp_path / UPCOMING
    shutil.copytree(SAMPLES / UPCOMING, folder)
    (folder / "qualifying-02.yaml").unlink()
    before = sorted(p.name for p in folder.iterdir())
    monkeypatch.setattr(tempfile, "mkstemp", refuse(errno.EROFS, str(folder)))
    assert cli.main(["pair", str(folder), "--write"]) == 1
    err = capsys.readouterr().err
    assert err.strip().splitlines() == [f"podium pair: Read-only file system: {folder}"]
    assert sorted(p.name for p in folder.iterdir()) == before


def test_podium_validate_a_folder_it_may_not_list(tmp_path, capsys, monkeypatch):
    results = tmp_path / "results"
    shutil.copytree(SAMPLES / SMALL, results / SMALL)
    real = Path.iterdir

    def no_listing(self):
        if self == results / SMALL:
            raise PermissionError(errno.EACCES, os.strerror(errno.EACCES), str(self))
        return real(self)

    monkeypatch.setattr(Path, "iterdir", no_listing)
    assert cli.main(["validate", str(results)]) == 1
    assert one_line(capsys, "podium validate: ") == f"podium validate: Permission denied: {results / SMALL}"


def small_results(tmp_path: Path) -> Path:
    results = tmp_path / "results"
    shutil.copytree(SAMPLES / SMALL, results / SMALL)
    return results


def make_html(results: Path, output: Path, cache: Path, capsys, monkeypatch, jobs: int = 1) -> tuple[int, str]:
    """``make html``'s entry point in this process: its exit status and what it said on stderr."""
    monkeypatch.setenv("PODIUM_RESULTS", str(results))
    monkeypatch.setenv("PODIUM_JOBS", str(jobs))
    monkeypatch.chdir(ROOT)
    status = building.build("pelicanconf.py", output, "content", str(cache), search=False)
    return status, capsys.readouterr().err


def test_make_html_stops_before_writing_when_the_output_is_a_file(tmp_path, capsys, monkeypatch):
    output = tmp_path / "output"
    output.write_text("a file\n", "utf-8")
    status, err = make_html(small_results(tmp_path), output, tmp_path / "cache", capsys, monkeypatch)
    assert status == 1 and err.splitlines() == [f"the output folder {output} is not a folder; nothing was written"]
    assert output.read_text("utf-8") == "a file\n"


def test_make_html_into_a_folder_it_cannot_replace_is_one_line_and_keeps_it(tmp_path, capsys, monkeypatch):
    output = tmp_path / "output"
    output.mkdir()
    (output / "kept.html").write_text("the site as it was\n", "utf-8")
    monkeypatch.setattr(building, "exchange", refuse(errno.EROFS, str(output)))
    status, err = make_html(small_results(tmp_path), output, tmp_path / "cache", capsys, monkeypatch)
    assert status == 1 and err.splitlines() == [f"cannot write the site: Read-only file system ({output})"]
    assert sorted(p.name for p in output.iterdir()) == ["kept.html"]


@pytest.mark.parametrize("jobs", [1, 2])
def test_a_full_disk_while_writing_pages_is_one_line(tmp_path, capsys, monkeypatch, jobs):
    """Here or in a forked worker, a page that cannot be written stops make html in one line."""
    monkeypatch.setattr(output, "make_way", refuse(errno.ENOSPC))
    status, err = make_html(small_results(tmp_path), tmp_path / "output", tmp_path / "cache", capsys, monkeypatch, jobs)
    assert status == 1 and err.splitlines() == ["cannot write the site: No space left on device"], err
    assert not (tmp_path / "output").exists()


@pytest.mark.parametrize("options, words", [("rw", "cannot write the site: No space left on device"),
                                            ("ro", "cannot write the site: Read-only file system")])
def test_make_html_on_a_full_or_read_only_filesystem(tmp_path, small_filesystem, options, words):
    if os.geteuid() != 0:
        pytest.skip("mounting needs root")
    point = small_filesystem("300k", options)
    done = subprocess.run([sys.executable, "-m", "pelican.plugins.podium.build", "--output", str(point / "out"),
                           "--settings", "pelicanconf.py", "--cache-path", str(point / "cache"), "--no-search-index"],
                          cwd=ROOT, env={**os.environ, "PODIUM_RESULTS": str(SAMPLES)}, capture_output=True, text=True,
                          timeout=300)
    assert done.returncode == 1
    assert words in done.stderr and "Traceback" not in done.stderr, done.stderr[-2000:]
    assert len(done.stderr.strip().splitlines()) == 1, done.stderr


def test_a_number_setting_that_is_no_number_is_one_line():
    from pelican.plugins.podium.generator import setting_number

    assert setting_number({"PODIUM_JOBS": ""}, "PODIUM_JOBS", int, 0) == 0
    assert setting_number({"PODIUM_JOBS": "2"}, "PODIUM_JOBS", int, 0) == 2
    with pytest.raises(ValueError) as stopped:
        setting_number({"PODIUM_JOBS": "two"}, "PODIUM_JOBS", int, 0)
    assert str(stopped.value) == "the setting PODIUM_JOBS must be a number, not 'two'"
