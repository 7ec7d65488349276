"""Every failure a user can cause is one line and a non-zero exit, never a traceback.

The ``podium`` commands end an ``OSError`` (a read-only folder, a full
disk, a path that is a file) with ``podium <command>: <what>: <path>``; the
site build checks its output folder before writing anything (a file in its
place, a read-only folder) and ends a write the system refuses, in this
process or in a forked worker, with one line.  Faults are injected as
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
from pelican.plugins.podium import output, plugin
from test_site import build

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
    assert one_line(capsys, "podium new: ").endswith(str(taken / "my-cup"))


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


def test_the_build_stops_before_writing_when_the_output_is_a_file(tmp_path):
    output = tmp_path / "output"
    output.write_text("a file\n", "utf-8")
    with pytest.raises(SystemExit) as stopped:
        build(small_results(tmp_path), output, PODIUM_JOBS=1)
    assert str(stopped.value) == f"the output folder {output} is not a folder; nothing was written"
    assert output.read_text("utf-8") == "a file\n"


def test_the_build_stops_before_writing_when_the_output_is_read_only(tmp_path, monkeypatch):
    output = tmp_path / "output"
    monkeypatch.setattr(plugin.tempfile, "TemporaryFile", refuse(errno.EROFS, str(output)))
    with pytest.raises(SystemExit) as stopped:
        build(small_results(tmp_path), output, PODIUM_JOBS=1)
    assert str(stopped.value) == f"the output folder {output} cannot be written: Read-only file system; nothing was written"


@pytest.mark.parametrize("jobs", [1, 2])
def test_a_full_disk_while_writing_pages_is_one_line(tmp_path, monkeypatch, jobs):
    monkeypatch.setattr(output, "place", refuse(errno.ENOSPC))
    with pytest.raises(SystemExit) as stopped:
        build(small_results(tmp_path), tmp_path / "output", PODIUM_JOBS=jobs)
    assert str(stopped.value) == "cannot write the site: No space left on device"


@pytest.mark.parametrize("options, words", [("rw", "cannot write the site: No space left on device"),
                                            ("ro", "cannot be written: Read-only file system; nothing was written")])
def test_pelican_on_a_full_or_read_only_filesystem(tmp_path, small_filesystem, options, words):
    if os.geteuid() != 0:
        pytest.skip("mounting needs root")
    point = small_filesystem("300k", options)
    done = subprocess.run([sys.executable, "-m", "pelican", "content", "-o", str(point / "out"), "-s", "pelicanconf.py"],
                          cwd=ROOT, env={**os.environ, "PODIUM_RESULTS": str(SAMPLES)}, capture_output=True, text=True,
                          timeout=300)
    assert done.returncode == 1
    assert words in done.stderr and "Traceback" not in done.stderr, done.stderr[-2000:]


def test_a_number_setting_that_is_no_number_is_one_line():
    from pelican.plugins.podium.plugin import setting_number

    assert setting_number({"PODIUM_JOBS": ""}, "PODIUM_JOBS", int, 0) == 0
    assert setting_number({"PODIUM_LOCK_WAIT": "2.5"}, "PODIUM_LOCK_WAIT", float, 600.0) == 2.5
    with pytest.raises(SystemExit) as stopped:
        setting_number({"PODIUM_JOBS": "two"}, "PODIUM_JOBS", int, 0)
    assert str(stopped.value) == "the setting PODIUM_JOBS must be a number, not 'two'"
