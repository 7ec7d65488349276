"""``make publish``: the site is replaced only by a build that succeeded.

``python -m pelican.plugins.podium.publish`` (what ``make publish`` runs) is started as a
subprocess, as in CI, with the production settings (``publishconf.py``,
absolute URLs from ``PODIUM_SITEURL``):

- a successful build replaces the previous site, leaving no staging folder;
- a build that fails (a YAML error) exits non-zero, says why, and leaves
  every file of the previous site as it was;
- a build killed half-way (SIGKILL to the whole process group while Pelican
  is writing pages of a large simulated results folder) leaves the previous
  site intact, and the next publish still works.
"""

from __future__ import annotations

import hashlib
import os
import shutil
import signal
import subprocess
import sys
import time
from pathlib import Path

from importlib.util import find_spec

from pelican.plugins.podium import searchindex
from pelican.plugins.podium.cache import Store

ROOT = Path(__file__).resolve().parents[1]
SAMPLE = ROOT / "tests" / "samples" / "results" / "catan2-lt13-full-1000"
SITEURL = "https://results.example.org"


def command(output: Path) -> list:
    return [sys.executable, "-m", "pelican.plugins.podium.publish", "--settings", "publishconf.py", "--output", str(output),
            "--content", "content"]


def environment(results: Path) -> dict:
    return {**os.environ, "PODIUM_RESULTS": str(results), "PODIUM_SITEURL": SITEURL}


def publish(results: Path, output: Path) -> subprocess.CompletedProcess:
    return subprocess.run(command(output), cwd=ROOT, env=environment(results), capture_output=True, text=True, timeout=300,
                          preexec_fn=lambda: os.umask(0o022))


def snapshot(folder: Path) -> dict:
    """Every file and folder below ``folder``: its content hash and modification time."""
    seen = {}
    for path in sorted(folder.rglob("*")):
        rel = str(path.relative_to(folder))
        if path.is_dir():
            seen[rel] = ("dir", path.stat().st_mtime_ns)
        else:
            seen[rel] = (hashlib.sha256(path.read_bytes()).hexdigest(), path.stat().st_mtime_ns)
    return seen


def staging(output: Path) -> list:
    return sorted(output.parent.glob(f".{output.name}-build-*"))


CACHE = ROOT / "cache"  # publishconf.py's CACHE_PATH, from the project's folder


def known_to_the_cache(folder: Path) -> None:
    """Record ``folder`` as one Podium wrote, as the generator does."""
    info = folder.stat()
    Store(CACHE).keep_record(f"output-{info.st_dev}-{info.st_ino}", events={}, site={})


def previous_site(output: Path) -> dict:
    """A site that was published before (any files will do; the cache knows the
    folder), and its snapshot."""
    (output / "old-event").mkdir(parents=True)
    known_to_the_cache(output)
    (output / "index.html").write_text("<!DOCTYPE html><title>the previous site</title>\n", "utf-8")
    (output / "old-event" / "index.html").write_text("<p>results as they were</p>\n", "utf-8")
    (output / "old-event" / "event.json").write_text("{}\n", "utf-8")
    return snapshot(output)


def small_results(folder: Path) -> Path:
    shutil.copytree(SAMPLE, folder / SAMPLE.name)
    return folder


def test_a_successful_publish_replaces_the_site(tmp_path):
    output = tmp_path / "site" / "output"
    previous_site(output)
    done = publish(small_results(tmp_path / "results"), output)
    assert done.returncode == 0, done.stderr
    assert "updated" in done.stdout
    assert not (output / "old-event").exists()  # the previous site is gone as a whole
    home = (output / "index.html").read_text("utf-8")
    assert "the previous site" not in home
    assert f'href="{SITEURL}/{SAMPLE.name}/"' in home  # production settings: absolute URLs
    assert (output / SAMPLE.name / "event.json").is_file()
    assert (output / SAMPLE.name / "standings.csv").is_file()
    assert staging(output) == []
    if find_spec("pagefind"):  # indexed as make html indexes: whole, in pagefind/, nothing left beside it
        assert searchindex.problem(output / "pagefind") is None
        assert not list(output.glob(".podium-index-*"))
    assert [p.name for p in output.parent.iterdir()] == ["output"]  # no lock, no marker, nothing beside it
    assert not any(p.name.startswith(".podium") for p in output.iterdir())
    # the umask's modes (0022 here): a web server reading as another user, and rsync -a copies, see the whole site
    assert oct(output.stat().st_mode & 0o777) == oct(0o755)
    assert {oct(p.stat().st_mode & 0o777) for p in output.rglob("*") if p.is_dir()} == {oct(0o755)}
    assert {oct(p.stat().st_mode & 0o777) for p in output.rglob("*") if p.is_file()} == {oct(0o644)}


def test_a_failing_build_leaves_the_previous_site_untouched(tmp_path):
    output = tmp_path / "site" / "output"
    before = previous_site(output)
    results = small_results(tmp_path / "results")
    bad = results / SAMPLE.name / "qualifying-02.yaml"
    bad.write_text(bad.read_text("utf-8") + "  - table: [\n", "utf-8")
    done = publish(results, output)
    assert done.returncode != 0
    assert f"{bad}:" in done.stderr and "YAML syntax error" in done.stderr
    assert "is unchanged" in done.stderr
    assert "Traceback" not in done.stderr
    assert snapshot(output) == before
    assert staging(output) == []


def large_results(folder: Path, copies: int = 8) -> Path:
    """A simulated 40-player Catan championship, copied ``copies`` times (same seed, so the copies agree)."""
    first = folder / "sim-0"
    done = subprocess.run([sys.executable, "-m", "podium_core.cli", "simulate", str(first), "--format", "catan-lv-2016",
                           "--players", "40", "--language", "lv", "--seed", "big"], cwd=ROOT, capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
    event = first / "event.yaml"
    text = event.read_text("utf-8")
    if "\nseed:" not in text:
        event.write_text(text.replace("\n", "\nseed: sim-0\n", 1), "utf-8")
    for i in range(1, copies):
        shutil.copytree(first, folder / f"sim-{i}")
    return folder


def pages_in(folder: Path) -> int:
    """The index.html files below ``folder`` while a build writes into it (a
    folder that goes away during the walk is passed over)."""
    return sum(files.count("index.html") for _folder, _dirs, files in os.walk(folder))


def test_a_build_killed_half_way_leaves_the_previous_site_intact(tmp_path):
    output = tmp_path / "site" / "output"
    before = previous_site(output)
    results = large_results(tmp_path / "results")
    process = subprocess.Popen(command(output), cwd=ROOT, env=environment(results), start_new_session=True,
                               stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        deadline = time.monotonic() + 240
        written = 0
        while time.monotonic() < deadline and process.poll() is None:
            folders = staging(output)
            written = pages_in(folders[0]) if folders else 0
            if written >= 40:  # Pelican is writing the events' pages
                break
            time.sleep(0.02)
        assert process.poll() is None, "the build ended before it could be killed half-way"
        assert written >= 40, "the build never started writing pages"
        os.killpg(process.pid, signal.SIGKILL)  # publish and the Pelican it runs
    finally:
        if process.poll() is None:
            os.killpg(process.pid, signal.SIGKILL)
        process.wait(timeout=60)
    assert process.returncode == -signal.SIGKILL
    assert snapshot(output) == before
    # what the killed build wrote stays beside the site, never in it
    left = staging(output)
    assert len(left) == 1 and any(left[0].rglob("index.html"))
    # and the next publish still works
    done = publish(small_results(tmp_path / "small"), output)
    assert done.returncode == 0, done.stderr
    assert (output / SAMPLE.name / "index.html").is_file() and not (output / "old-event").exists()


# -- outputs publish refuses -----------------------------------------------------------


def refused(output: Path, results: Path) -> subprocess.CompletedProcess:
    done = publish(results, output)
    assert done.returncode == 1
    lines = done.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("publish: refused: "), done.stderr
    assert "Traceback" not in done.stderr
    return done


def test_publish_refuses_the_results_folder_the_project_and_what_lies_in_them(tmp_path):
    results = small_results(tmp_path / "results")
    before = snapshot(results)
    assert "results folder" in refused(results, results).stderr
    assert "results folder" in refused(results / "site", results).stderr
    assert "results folder" in refused(tmp_path, results).stderr  # holds the results folder
    assert "the project" in refused(ROOT, results).stderr
    assert "the project" in refused(ROOT.parent, results).stderr
    assert snapshot(results) == before
    assert (ROOT / ".git").exists() and (ROOT / "pelicanconf.py").is_file()


def test_publish_refuses_git_work_trees_files_and_folders_it_did_not_write(tmp_path):
    results = small_results(tmp_path / "results")
    checkout = tmp_path / "pages"
    (checkout / ".git").mkdir(parents=True)
    (checkout / "index.html").write_text("mine\n", "utf-8")
    assert "git work tree" in refused(checkout, results).stderr
    assert "git" in refused(checkout / ".git" / "site", results).stderr
    holder = tmp_path / "holder"
    (holder / "clone" / ".git").mkdir(parents=True)
    known_to_the_cache(holder)
    assert "git work tree" in refused(holder, results).stderr
    mine = tmp_path / "documents"
    mine.mkdir()
    (mine / "thesis.tex").write_text("\\begin{document}\n", "utf-8")
    assert "not a site Podium wrote" in refused(mine, results).stderr
    assert (mine / "thesis.tex").read_text("utf-8") == "\\begin{document}\n"
    a_file = tmp_path / "site.txt"
    a_file.write_text("x", "utf-8")
    assert "not a folder" in refused(a_file, results).stderr
    assert (checkout / "index.html").read_text("utf-8") == "mine\n"
    assert not list(tmp_path.glob(".*-build-*"))


def test_a_published_site_is_known_to_the_cache_and_an_empty_folder_is_accepted(tmp_path):
    output = tmp_path / "empty"
    output.mkdir()
    results = small_results(tmp_path / "results")
    done = publish(results, output)
    assert done.returncode == 0, done.stderr
    assert publishing.podium_wrote(output, str(CACHE))
    assert publish(results, output).returncode == 0  # and publishing again replaces it


# -- failing steps and locks, in process (the build itself replaced by a stand-in) ----------

from pelican.plugins.podium import build as building, build_lock, publish as publishing, swap  # noqa: E402


def lock_file(output: Path) -> Path:
    """The file of the lock a build into ``output`` holds (:mod:`.build_lock`)."""
    return CACHE / "podium" / "locks" / build_lock.lock_name(output.resolve())


def fake_build(pages: int = 3):
    def build(settings, output, content="content"):
        for i in range(pages):
            (Path(output) / f"page-{i}.html").write_text(f"<p>new {i}</p>\n", "utf-8")
        return 0
    return build


def run_in_process(output: Path, capsys, **kwargs) -> tuple[int, str]:
    code = publishing.publish("publishconf.py", output, "content", **kwargs)
    return code, capsys.readouterr().err


def failing_pagefind(tmp_path: Path, code: int) -> Path:
    """A stand-in for Pagefind that writes half an index and exits ``code`` (as on a full disk)."""
    script = tmp_path / "pagefind"
    script.write_text("#!/bin/sh\nmkdir -p \"$2/pagefind\"\necho '{' > \"$2/pagefind/pagefind-entry.json\"\n"
                      f"echo 'No space left on device' >&2\nexit {code}\n", "utf-8")
    script.chmod(0o755)
    return script


def test_a_failing_search_index_fails_the_publish_and_keeps_the_site(tmp_path, monkeypatch, capsys):
    output = tmp_path / "site" / "output"
    before = previous_site(output)
    monkeypatch.chdir(ROOT)
    monkeypatch.setattr(publishing, "build", fake_build())
    for code in (1, 0):  # pagefind failing, and pagefind "succeeding" without writing its index
        monkeypatch.setattr(building, "pagefind_command", lambda: [str(failing_pagefind(tmp_path, code))])
        status, err = run_in_process(output, capsys)
        assert status == 1
        assert err.strip().splitlines()[-1].startswith("publish: the search index")
        assert "is unchanged" in err and "Traceback" not in err
        assert snapshot(output) == before
        assert staging(output) == []


def test_a_read_only_or_full_disk_is_one_line_and_keeps_the_site(tmp_path, monkeypatch, capsys):
    import errno

    output = tmp_path / "site" / "output"
    before = previous_site(output)
    monkeypatch.chdir(ROOT)
    monkeypatch.setattr(publishing, "build", fake_build())
    monkeypatch.setattr(building, "pagefind_command", lambda: None)

    def no_space(*args, **kwargs):
        raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC), str(output.parent))

    def read_only(*args, **kwargs):
        raise OSError(errno.EROFS, os.strerror(errno.EROFS), str(output))

    for target, failure, words in ((publishing.tempfile, no_space, "No space left"), (publishing, read_only, "Read-only")):
        with monkeypatch.context() as patch:
            if target is publishing:
                patch.setattr(swap, "_exchange", lambda a, b: False)
                patch.setattr(publishing.os, "rename", failure)
            else:
                patch.setattr(target, "mkdtemp", failure)
            status, err = run_in_process(output, capsys)
        lines = err.strip().splitlines()
        assert status == 1 and len(lines) == 1 and words in lines[0] and "is unchanged" in lines[0], err
        assert snapshot(output) == before
        assert staging(output) == []


def test_a_second_publish_waits_for_the_lock_or_stops_with_a_message(tmp_path, monkeypatch, capsys):
    output = tmp_path / "site" / "output"
    before = previous_site(output)
    monkeypatch.chdir(ROOT)
    monkeypatch.setattr(publishing, "build", fake_build())
    monkeypatch.setattr(building, "pagefind_command", lambda: None)
    holder = subprocess.Popen([sys.executable, "-c", "import fcntl, sys, time\n"
                               "h = open(sys.argv[1], 'a+b'); fcntl.flock(h, fcntl.LOCK_EX); print('held', flush=True); time.sleep(1.5)",
                               str(lock_file(output))], stdout=subprocess.PIPE, text=True)
    try:
        assert holder.stdout.readline().strip() == "held"
        status, err = run_in_process(output, capsys, wait=0.3)
        assert status == 1 and f"another build is writing into {output}" in err and "Traceback" not in err
        assert snapshot(output) == before
        status, err = run_in_process(output, capsys, wait=30)  # waits for the holder, then publishes
        assert status == 0, err
        assert f"another build is writing into {output}; waiting for it to finish" in err
        assert sorted(p.name for p in output.iterdir()) == ["page-0.html", "page-1.html", "page-2.html"]
    finally:
        holder.kill()
        holder.wait()


def lock_is_free(output: Path) -> bool:
    """Another process can take the lock of ``output`` at once."""
    done = subprocess.run([sys.executable, "-c", "import fcntl, sys\n"
                           "h = open(sys.argv[1], 'a+b'); fcntl.flock(h, fcntl.LOCK_EX | fcntl.LOCK_NB)",
                           str(lock_file(output))], capture_output=True, text=True)
    return done.returncode == 0


def test_a_publish_lets_go_of_the_lock_when_it_ends(tmp_path, monkeypatch, capsys):
    """Published, refused by its build or by its search index: the next build into the output need not wait."""
    output = tmp_path / "site" / "output"
    previous_site(output)
    monkeypatch.chdir(ROOT)
    for build_step, pagefind, status in ((fake_build(), None, 0), (lambda *args: 3, None, 1),
                                         (fake_build(), [str(failing_pagefind(tmp_path, 1))], 1)):
        monkeypatch.setattr(publishing, "build", build_step)
        monkeypatch.setattr(building, "pagefind_command", lambda: pagefind)
        assert run_in_process(output, capsys)[0] == status
        assert not lock_file(output).exists()  # the lock's file goes with the lock
        assert lock_is_free(output)
        lock_file(output).unlink()  # made by the look
        known_to_the_cache(output)


def test_two_concurrent_publishes_into_one_output_both_succeed_whole(tmp_path):
    output = tmp_path / "site" / "output"
    previous_site(output)
    results = small_results(tmp_path / "results")
    runs = [subprocess.Popen(command(output), cwd=ROOT, env=environment(results), stdout=subprocess.PIPE,
                             stderr=subprocess.PIPE, text=True) for _ in range(2)]
    outs = [run.communicate(timeout=300) for run in runs]
    assert [run.returncode for run in runs] == [0, 0], outs
    expected = tmp_path / "alone"
    done = publish(results, expected)
    assert done.returncode == 0, done.stderr
    files = sorted(str(p.relative_to(output)) for p in output.rglob("*"))
    assert files == sorted(str(p.relative_to(expected)) for p in expected.rglob("*"))
    assert staging(output) == []


def test_a_swap_interrupted_between_its_two_renames_is_completed_by_the_next_publish(tmp_path, monkeypatch, capsys):
    """Where the atomic exchange is missing, the swap is two renames; a publish killed
    between them leaves the previous site moved aside, and the next one puts it back first."""
    output = tmp_path / "site" / "output"
    before = previous_site(output)
    aside = output.with_name(f".{output.name}-old")
    output.rename(aside)  # the state a kill between the two renames leaves
    (output.parent / f".{output.name}-build-killed").mkdir()
    monkeypatch.chdir(ROOT)
    monkeypatch.setattr(publishing, "build", lambda *args: 3)  # this build fails ...
    status, err = run_in_process(output, capsys)
    assert status == 1 and "the build failed (exit 3)" in err
    assert snapshot(output) == before  # ... and the previous site is back, whole
    assert not aside.exists() and staging(output) == []
    monkeypatch.setattr(publishing, "build", fake_build())
    monkeypatch.setattr(building, "pagefind_command", lambda: None)
    monkeypatch.setattr(swap, "_exchange", lambda a, b: False)  # the two-rename swap itself
    status, err = run_in_process(output, capsys)
    assert status == 0, err
    assert sorted(p.name for p in output.iterdir()) == ["page-0.html", "page-1.html", "page-2.html"]
    assert not aside.exists() and staging(output) == []
