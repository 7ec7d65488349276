"""``make html`` (``python -m pelican.plugins.podium.build``) under faults.

Killed at random points, run twice at once into one output, next to a
publish, on a full or read-only filesystem (a small tmpfs where the system
lets the tests mount one, else ``OSError`` s injected where the site is
written): every failure is one line and exit 1, the output is the site
before or the site after (``make html`` builds the cache's copy and swaps
it in), and the next build finishes the job exactly, byte for byte.  No
lock and no temporary file is left anywhere once a build is over.
"""

from __future__ import annotations

import errno
import os
import random
import shutil
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from pagefind_cli import INSTALLED as PAGEFIND
from pelican.plugins.podium import build, build_lock, output, searchindex

ROOT = Path(__file__).resolve().parents[1]
SAMPLES = ROOT / "tests" / "samples" / "results"
SMALL = "catan2-lt13-full-1000"
LEFTOVERS = (".podium-index-", ".podium-tmp", ".lock", "-old")


def small_results(folder: Path) -> Path:
    shutil.copytree(SAMPLES / SMALL, folder / SMALL)
    return folder


def command(out: Path, cache: Path, *extra: str) -> list[str]:
    return [sys.executable, "-m", "pelican.plugins.podium.build", "--output", str(out), "--settings", "pelicanconf.py",
            "--cache-path", str(cache), *extra]


def environment(results: Path) -> dict:
    return {**os.environ, "PODIUM_RESULTS": str(results), "PODIUM_JOBS": "2"}


def run(out: Path, cache: Path, results: Path, *extra: str) -> subprocess.CompletedProcess:
    return subprocess.run(command(out, cache, *extra), cwd=ROOT, env=environment(results), capture_output=True,
                          text=True, timeout=600)


def files(folder: Path, skip_index: bool = False) -> dict:
    """relative path -> bytes of every file below ``folder``."""
    found = {}
    for path in sorted(folder.rglob("*")):
        relative = path.relative_to(folder).as_posix()
        if path.is_file() and not (skip_index and relative.startswith("pagefind/")):
            found[relative] = path.read_bytes()
    return found


def still_running(mark: str, wait: float = 10.0) -> list[str]:
    """The command lines of the processes naming ``mark`` that are still running
    after ``wait`` seconds (a process killed with its parent may take a moment)."""
    deadline = time.monotonic() + wait
    while True:
        found = []
        for cmdline in Path("/proc").glob("[0-9]*/cmdline"):
            try:
                words = cmdline.read_bytes().split(b"\0")
                state = (cmdline.parent / "stat").read_text().rsplit(")", 1)[1].split()[0]
            except OSError:  # ended meanwhile
                continue
            if state != "Z" and any(mark.encode() in word for word in words):
                found.append(b" ".join(words).decode(errors="replace"))
        if not found or time.monotonic() > deadline:
            return found
        time.sleep(0.05)


def no_leftovers(*folders: Path) -> None:
    """No temporary file, lock or folder set aside is left in ``folders`` (an
    output, its parent, a cache), and nothing in the cache's ``tmp``."""
    stray = [p for folder in folders for p in folder.rglob("*") if any(mark in p.name for mark in LEFTOVERS)]
    stray += [p for folder in folders for p in folder.rglob("podium/tmp/*")]
    assert stray == [], stray


def one_line(stderr: str, words: str) -> None:
    lines = stderr.strip().splitlines()
    assert "Traceback" not in stderr and len(lines) == 1 and words in lines[0], stderr[-3000:]


@pytest.fixture(scope="module")
def reference(tmp_path_factory):
    """A clean build of the small sample (with its search index when pagefind is installed)."""
    folder = tmp_path_factory.mktemp("reference")
    results = small_results(folder / "results")
    started = time.monotonic()
    done = run(folder / "out", folder / "cache", results)
    assert done.returncode == 0, done.stderr
    return {"results": results, "out": folder / "out", "seconds": time.monotonic() - started}


def test_a_build_killed_at_random_points_is_finished_exactly_by_the_next(tmp_path, reference):
    out, cache = tmp_path / "out", tmp_path / "cache"
    seed = random.randrange(1 << 30)
    chance = random.Random(seed)
    for _ in range(4):
        process = subprocess.Popen(command(out, cache), cwd=ROOT, env=environment(reference["results"]),
                                   stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, start_new_session=True)
        time.sleep(chance.uniform(0.2, reference["seconds"]))
        os.killpg(process.pid, signal.SIGKILL)
        process.wait()
        assert not still_running(str(cache)), f"seed {seed}: a process the killed build started runs on"
        if out.exists():  # the site before, or the site after: never a part of one
            assert files(out, skip_index=True) == files(reference["out"], skip_index=True), f"seed {seed}"
    done = run(out, cache, reference["results"])
    assert done.returncode == 0, f"seed {seed}: {done.stderr}"
    assert files(out, skip_index=True) == files(reference["out"], skip_index=True), f"seed {seed}"
    if PAGEFIND:
        assert searchindex.problem(out / "pagefind") is None
    no_leftovers(out, cache)


@pytest.mark.skipif(not PAGEFIND, reason="pagefind (the search extra) is not installed")
def test_a_build_killed_while_pagefind_indexes_takes_pagefind_with_it(tmp_path, reference):
    """pagefind runs in a session of its own (Ctrl-C is the build's to handle): a
    build killed with SIGKILL meanwhile still ends it, so that it never writes an
    index into a site the next build is making."""
    out, cache = tmp_path / "out", tmp_path / "cache"
    process = subprocess.Popen(command(out, cache), cwd=ROOT, env=environment(reference["results"]),
                               stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, start_new_session=True)
    started = time.monotonic()
    while not any("--output-path" in line for line in still_running(str(cache), wait=0)):  # pagefind's
        assert process.poll() is None and time.monotonic() - started < 120, "pagefind never started"
        time.sleep(0.002)
    os.killpg(process.pid, signal.SIGKILL)
    process.wait()
    killed = time.time_ns()
    assert still_running(str(cache), wait=1) == []
    time.sleep(1)
    assert [p for p in cache.rglob("*") if p.lstat().st_mtime_ns > killed] == []  # nothing written since
    assert run(out, cache, reference["results"]).returncode == 0
    assert files(out, skip_index=True) == files(reference["out"], skip_index=True)
    no_leftovers(out, cache)


def test_ctrl_c_is_one_line_and_the_next_build_finishes_the_job(tmp_path, reference):
    """Ctrl-C at a random moment of the build, from when it locks its output (before
    that, Python is still importing Pelican, and the interrupt is Python's own)."""
    out, cache = tmp_path / "out", tmp_path / "cache"
    process = subprocess.Popen(command(out, cache), cwd=ROOT, env=environment(reference["results"]),
                               stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True, start_new_session=True)
    started = time.monotonic()
    locks = cache / "podium" / "locks"
    while not (locks.is_dir() and any(locks.iterdir())) and process.poll() is None and time.monotonic() - started < 120:
        time.sleep(0.005)
    delay = random.uniform(0, reference["seconds"])
    time.sleep(delay)
    os.killpg(process.pid, signal.SIGINT)  # as Ctrl-C does: to the build and everything it started
    _out, err = process.communicate(timeout=600)
    assert "Traceback" not in err, f"after {delay:.2f} s: {err}"
    # -SIGINT: the process ended by the signal itself
    assert process.returncode in (0, 130, -signal.SIGINT), f"after {delay:.2f} s: {process.returncode} {err}"
    if process.returncode == 130 or err.strip():
        one_line(err, "interrupted")
    done = run(out, cache, reference["results"])
    assert done.returncode == 0, done.stderr
    assert files(out, skip_index=True) == files(reference["out"], skip_index=True)
    no_leftovers(out, cache)


def test_two_builds_at_once_into_one_output_take_turns(tmp_path, reference):
    out, cache = tmp_path / "out", tmp_path / "cache"
    started = [subprocess.Popen(command(out, cache), cwd=ROOT, env=environment(reference["results"]),
                                stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True) for _ in range(2)]
    for process in started:
        _out, err = process.communicate(timeout=600)
        assert process.returncode == 0, err
    assert files(out, skip_index=True) == files(reference["out"], skip_index=True)
    no_leftovers(out, cache)


def test_a_build_and_a_publish_at_once_into_one_output_both_finish_whole(tmp_path, reference):
    out = tmp_path / "site" / "out"
    building = subprocess.Popen(command(out, tmp_path / "cache"), cwd=ROOT, env=environment(reference["results"]),
                                stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    time.sleep(0.5)
    publishing = subprocess.run([sys.executable, "-m", "pelican.plugins.podium.publish", "--settings", "publishconf.py",
                                 "--output", str(out)], cwd=ROOT, env=environment(reference["results"]),
                                capture_output=True, text=True, timeout=600)
    _out, err = building.communicate(timeout=600)
    assert building.returncode == 0, err
    assert publishing.returncode == 0, publishing.stderr
    assert set(files(out, skip_index=True)) == set(files(reference["out"], skip_index=True))
    if PAGEFIND:
        assert searchindex.problem(out / "pagefind") is None
    no_leftovers(out.parent, tmp_path / "cache")
    assert [p.name for p in out.parent.iterdir()] == ["out"]  # nothing beside the output


def test_a_write_refused_is_one_line_and_keeps_the_site(tmp_path, reference):
    """A write the system refuses while the copy of the site is made (here: a
    folder of the copy that cannot be written) ends the build in one line and
    leaves the output as it was."""
    out, cache = tmp_path / "out", tmp_path / "cache"
    assert run(out, cache, reference["results"], "--no-search-index").returncode == 0
    before = files(out)
    assert run(out, cache, reference["results"], "--no-search-index").returncode == 0  # the copy now holds a site too
    copy = next((cache / "podium" / "sites").iterdir())
    (copy / SMALL).chmod(0o500)
    try:
        (reference["results"] / SMALL / "event.yaml").touch()  # the event is written again
        done = run(out, cache, reference["results"], "--no-search-index")
    finally:
        (copy / SMALL).chmod(0o755)
    if os.geteuid() == 0:  # root writes anyway: nothing to refuse
        assert done.returncode == 0, done.stderr
        return
    assert done.returncode == 1
    one_line(done.stderr, "cannot write the site: Permission denied")
    assert files(out) == before


def test_a_static_file_pelican_could_not_copy_fails_the_build_in_one_line(tmp_path, monkeypatch, capsys):
    import pelican.utils

    results = small_results(tmp_path / "results")

    def no_space(source, destination, *args, **kwargs):
        raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC), destination)

    monkeypatch.setattr(pelican.utils.shutil, "copyfile", no_space)
    monkeypatch.setenv("PODIUM_RESULTS", str(results))
    monkeypatch.chdir(ROOT)
    assert build.build("pelicanconf.py", tmp_path / "out", "content", str(tmp_path / "cache"), search=False) == 1
    one_line(capsys.readouterr().err, "cannot write the site: a static file was not copied: No space left on device")
    assert not (tmp_path / "out").exists()  # nothing was swapped in


def fake_pagefind(tmp_path: Path, code: int) -> list[str]:
    """A pagefind that exits ``code`` after writing empty files, as the real one does on a full disk."""
    script = tmp_path / "pagefind"
    script.write_text("#!/bin/sh\nwhile [ \"$1\" != --output-path ]; do shift; done\nmkdir -p \"$2\"\n"
                      ": > \"$2/pagefind.js\"\n: > \"$2/pagefind-entry.json\"\n"
                      f"exit {code}\n", "utf-8")
    script.chmod(0o755)
    return [str(script)]


@pytest.mark.parametrize("code", [0, 1])
def test_a_failing_or_cut_search_index_fails_the_build_and_keeps_the_previous_index(tmp_path, monkeypatch, capsys,
                                                                                   code):
    site = tmp_path / "out"
    (site / "pagefind").mkdir(parents=True)
    (site / "pagefind" / "pagefind.js").write_text("the previous index\n", "utf-8")
    monkeypatch.setattr(build, "pagefind_command", lambda: fake_pagefind(tmp_path, code))
    assert build.index_for_search(site, str(tmp_path / "cache")) == 1
    words = f"pagefind failed (exit {code})" if code else "pagefind's index is incomplete"
    one_line(capsys.readouterr().err, words)
    assert files(site) == {"pagefind/pagefind.js": b"the previous index\n"}


def test_an_index_swap_killed_between_its_renames_is_put_back_by_the_next_build(tmp_path, monkeypatch):
    """Where two renames swap the index in, a build killed between them leaves
    the previous index aside and none in place: the next index run puts it
    back before it starts (and, failing, keeps it)."""
    from pelican.plugins.podium import swap

    site = tmp_path / "out"
    site.mkdir()
    aside = swap.aside(site / "pagefind")
    aside.mkdir()
    (aside / "pagefind.js").write_text("the previous index\n", "utf-8")
    monkeypatch.setattr(build, "pagefind_command", lambda: fake_pagefind(tmp_path, 1))
    assert build.index_for_search(site, str(tmp_path / "cache")) == 1
    assert files(site) == {"pagefind/pagefind.js": b"the previous index\n"}


def test_the_index_leaves_a_lock_its_caller_holds_to_the_caller(tmp_path, monkeypatch):
    site, cache = tmp_path / "out", str(tmp_path / "cache")
    site.mkdir()
    monkeypatch.setattr(build, "pagefind_command", lambda: fake_pagefind(tmp_path, 1))
    build_lock.acquire(cache, site)
    try:
        assert build.index_for_search(site, cache) == 1
        assert build_lock.held(site)
    finally:
        build_lock.release(site)
    assert build.index_for_search(site, cache) == 1 and not build_lock.held(site)
    assert list((tmp_path / "cache" / "podium" / "locks").iterdir()) == []  # the lock's file went with it


def test_without_pagefind_the_build_says_so_and_succeeds(tmp_path, monkeypatch, capsys):
    monkeypatch.setattr(build, "pagefind_command", lambda: None)
    (tmp_path / "out").mkdir()
    assert build.index_for_search(tmp_path / "out", str(tmp_path / "cache")) == 0
    assert "pagefind is not installed" in capsys.readouterr().out


@pytest.mark.parametrize("size, options, words", [
    ("40k", "rw", "cannot write the site: No space left on device"),  # Pelican's own pages do not fit
    ("300k", "rw", "cannot write the site: No space left on device"),  # Podium's pages do not fit
    ("1m", "ro", "cannot write the site: Read-only file system"),
])
def test_make_html_on_a_full_or_read_only_filesystem_is_one_line(tmp_path, small_filesystem, size, options, words):
    point = small_filesystem(size, options)
    done = run(point / "out", point / "cache", small_results(tmp_path / "results"))
    assert done.returncode == 1
    one_line(done.stderr, words)
    assert not (point / "out").exists()  # nothing was swapped in
    if options == "rw":
        no_leftovers(point)


@pytest.mark.skipif(not PAGEFIND, reason="PyPI's pagefind is not installed")
def test_a_full_disk_while_indexing_keeps_the_previous_index(tmp_path, small_filesystem, reference):
    site = reference["out"]
    used = sum(len(data) for data in files(site).values())
    index = sum(len(data) for data in files(site / "pagefind").values())
    point = small_filesystem(f"{(used + index // 2) // 1024 + 64}k")  # the site and half an index more
    shutil.copytree(site, point / "out")
    before = files(point / "out")
    done = run(point / "out", tmp_path / "cache", reference["results"], "--search-index-only")
    assert done.returncode == 1
    one_line(done.stderr, "the previous index is kept")
    assert files(point / "out") == before
    no_leftovers(point / "out")


def test_a_preview_rebuild_the_system_refuses_is_one_line_and_the_preview_goes_on(tmp_path, monkeypatch, capsys):
    from pelican.plugins.podium import serve

    results = small_results(tmp_path / "results")
    monkeypatch.setenv("PODIUM_RESULTS", str(results))
    monkeypatch.chdir(ROOT)
    preview = serve.Preview()
    out = tmp_path / "out"
    monkeypatch.setattr(output, "make_way", lambda *args, **kwargs: (_ for _ in ()).throw(
        OSError(errno.EROFS, os.strerror(errno.EROFS), str(out))))
    assert serve.build("pelicanconf.py", out, "content", preview, str(tmp_path / "cache")) is False
    line = f"cannot write the site: Read-only file system ({out})"
    err = capsys.readouterr().err
    assert line in err.splitlines() and "Traceback" not in err, err
    assert preview.problems == [line]
    monkeypatch.undo()
    monkeypatch.setenv("PODIUM_RESULTS", str(results))
    monkeypatch.chdir(ROOT)
    assert serve.build("pelicanconf.py", out, "content", preview, str(tmp_path / "cache")) is True
    assert preview.problems == [] and (out / "index.html").is_file()


def test_links_in_the_output_are_replaced_never_written_through(tmp_path, monkeypatch):
    """Links planted in the live site (a static file, a Pelican page, Podium's
    stylesheet, a folder on the way) are never written through, neither by the
    build that makes the copy swapped out nor by the ones after."""
    results = small_results(tmp_path / "results")
    out = tmp_path / "out"
    monkeypatch.setenv("PODIUM_RESULTS", str(results))
    monkeypatch.chdir(ROOT)
    for _ in range(2):  # the output and the cache's copy both hold a site
        assert build.build("pelicanconf.py", out, "content", str(tmp_path / "cache"), search=False) == 0
    outside = tmp_path / "outside"
    outside.mkdir()
    victims = {}
    for path in ("favicon.ico", "about.html", "theme/podium/css/podium.css"):  # a static file, a Pelican page, Podium's
        victim = outside / path.replace("/", "-")
        victim.write_text("not the site's\n", "utf-8")
        victims[path] = victim
        (out / path).unlink()
        (out / path).symlink_to(victim)
    shutil.rmtree(out / "theme" / "podium" / "schemas")
    (outside / "schemas").mkdir()
    (out / "theme" / "podium" / "schemas").symlink_to(outside / "schemas")  # a folder on the way
    for _ in range(3):  # into the copy, then into the folder that held the links
        assert build.build("pelicanconf.py", out, "content", str(tmp_path / "cache"), search=False) == 0
    assert all(victim.read_text("utf-8") == "not the site's\n" for victim in victims.values())
    assert list((outside / "schemas").iterdir()) == []
    assert not any(p.is_symlink() for p in out.rglob("*"))
    assert (out / "favicon.ico").read_bytes() == (ROOT / "content" / "extra" / "favicon.ico").read_bytes()


def test_make_serve_into_a_file_or_on_a_taken_port_is_one_line(tmp_path):
    import socket

    results = small_results(tmp_path / "results")
    a_file = tmp_path / "output"
    a_file.write_text("a file\n", "utf-8")
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        for out, words in ((a_file, f"the output folder {a_file} is not a folder"),
                           (tmp_path / "site", "Address already in use")):
            done = subprocess.run([sys.executable, "-m", "pelican.plugins.podium.serve", "--port", str(port),
                                   "--output", str(out), "--settings", "pelicanconf.py",
                                   "--cache-path", str(tmp_path / "cache")],
                                  cwd=ROOT, env=environment(results), capture_output=True, text=True, timeout=300)
            assert done.returncode == 1
            one_line(done.stderr, words)
    assert a_file.read_text("utf-8") == "a file\n"


def test_what_a_killed_build_left_is_removed_by_the_next(tmp_path, monkeypatch):
    results = small_results(tmp_path / "results")
    out, cache = tmp_path / "out", tmp_path / "cache"
    monkeypatch.setenv("PODIUM_RESULTS", str(results))
    monkeypatch.chdir(ROOT)
    for _ in range(2):
        assert build.build("pelicanconf.py", out, "content", str(cache), search=False) == 0
    clean = files(out)
    copy = next((cache / "podium" / "sites").iterdir())
    (copy / SMALL / ".index.html.999.podium-tmp").write_text("half", "utf-8")  # a write killed before its rename
    (copy / f"{build.INDEX_STAGING_PREFIX}x").mkdir()  # an index killed half-way
    (cache / "podium" / "tmp" / "999999999-half").write_text("half", "utf-8")  # a cache file killed half-way
    assert build.build("pelicanconf.py", out, "content", str(cache), search=False) == 0
    assert files(out) == clean
    no_leftovers(out, cache)
    assert not (copy / f"{build.INDEX_STAGING_PREFIX}x").exists()


def _tree(folder: Path) -> dict:
    """path -> (kind, size, modification time) of everything below ``folder``."""
    return {str(p): (p.is_dir(), p.lstat().st_size, p.lstat().st_mtime_ns) for p in sorted(folder.rglob("*"))}


@pytest.mark.parametrize("tool", ["build", "serve", "build --in-place"])
def test_make_html_and_serve_refuse_an_output_over_the_organisers_folders(tmp_path, tool):
    """OUTPUT=. or .. (the project, the folder holding it), the results or content
    folder or a folder inside one: one line, exit 1, nothing written anywhere.
    The project here is a copy of the settings file alone: a build that went
    ahead would write into this test's folder, never into the repository."""
    project = tmp_path / "club" / "site"
    project.mkdir(parents=True)
    shutil.copy(ROOT / "pelicanconf.py", project / "pelicanconf.py")
    (project / "themes").symlink_to(ROOT / "themes")
    small_results(project / "results")
    (project / "content" / "pages").mkdir(parents=True)
    module, *extra = tool.split()
    for out, what in ((".", "is or holds the project"), ("..", "is or holds the project"),
                      ("results", "is or holds the results folder"), ("results/x", "lies inside the results folder"),
                      (f"results/{SMALL}", "lies inside the results folder"),
                      ("content", "is or holds the content folder"), ("content/pages/site", "lies inside the content folder")):
        before = _tree(tmp_path)
        done = subprocess.run([sys.executable, "-m", f"pelican.plugins.podium.{module}", *extra, "--output", out,
                               "--settings", "pelicanconf.py", "--content", "content"],
                              cwd=project, env={**environment(project / "results"), "PODIUM_RESULTS": "results"},
                              capture_output=True, text=True, timeout=120)
        assert done.returncode == 1, (out, done.stderr)
        one_line(done.stderr, f"refused: {(project / out).resolve()} {what}")
        assert done.stderr.strip().endswith("; nothing was written")
        assert _tree(tmp_path) == before, out


# -- podium's own commands: interrupted, killed, failing half-way ---------------------------------


def _folder_bytes(folder: Path) -> dict:
    return {p.name: p.read_bytes() for p in sorted(folder.iterdir())} if folder.exists() else {}


def _withdraw_setup(tmp_path):
    from podium_core.cli import main
    from support.simulated import simulate

    folder = simulate(tmp_path, "baska-gp", 9, 1)
    assert main(["pair", str(folder), "--write"]) == 0
    gone = next(line for line in (folder / "grand-prix-02.yaml").read_text("utf-8").splitlines()
                if "seats:" in line).split("[", 1)[1].split(",", 1)[0]
    return folder, gone


def test_a_command_failing_between_its_writes_leaves_every_file_as_it_was(tmp_path, capsys, monkeypatch):
    """podium withdraw writes the name, then the round seated without it: a full disk
    at the second write puts the first back; the next withdraw then works."""
    from podium_core import files
    from podium_core.cli import main

    folder, gone = _withdraw_setup(tmp_path)
    before = _folder_bytes(folder)
    real = files.write_bytes_atomically
    calls = []

    def full_at_the_second(path, data):
        calls.append(path)
        if len(calls) == 2:
            raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC), str(path))
        return real(path, data)

    monkeypatch.setattr(files, "write_bytes_atomically", full_at_the_second)
    capsys.readouterr()
    assert main(["withdraw", str(folder), gone]) == 1
    err = capsys.readouterr().err
    assert err.strip().splitlines() == [f"podium withdraw: No space left on device: {folder / 'grand-prix-02.yaml'}"]
    assert len(calls) == 3  # the name, the seating refused, the first put back
    monkeypatch.setattr(files, "write_bytes_atomically", real)
    assert _folder_bytes(folder) == before and not (folder.parent / ".podium-changes").exists()
    assert main(["withdraw", str(folder), gone]) == 0 and main(["validate", str(folder)]) == 0


def test_a_command_killed_between_its_writes_is_undone_by_the_next_and_no_build_reads_half_of_it(tmp_path, capsys,
                                                                                                monkeypatch):
    """A kill (nothing of the command runs after it) between the two writes of
    podium withdraw: the build refuses the folder in one line; podium validate
    puts every file back and says so; withdraw then runs as if nothing happened."""
    from podium_core import changes, files
    from podium_core.cli import main

    folder, gone = _withdraw_setup(tmp_path)
    results = folder.parent
    before = _folder_bytes(folder)
    real = files.write_bytes_atomically
    calls = []

    class Killed(BaseException):
        pass

    def killed_at_the_second(path, data):
        calls.append(path)
        if len(calls) == 2:
            raise Killed()
        return real(path, data)

    monkeypatch.setattr(files, "write_bytes_atomically", killed_at_the_second)
    monkeypatch.setattr(changes, "_undo", lambda *args: 0)  # a kill: no clean-up runs
    with pytest.raises(Killed):
        main(["withdraw", str(folder), gone])
    monkeypatch.undo()
    assert _folder_bytes(folder) != before  # the name is written, the round not re-seated
    done = subprocess.run(command(tmp_path / "out", tmp_path / "cache", "--no-search-index"), cwd=ROOT,
                          env=environment(results), capture_output=True, text=True, timeout=600)
    assert done.returncode == 1 and not (tmp_path / "out").exists()
    assert f"{results / '.podium-changes'}:1: a podium command is changing this results folder, or was stopped half-way" \
           in done.stderr.splitlines()[0]
    capsys.readouterr()
    assert main(["validate", str(folder)]) == 0
    out = capsys.readouterr().out
    assert out.startswith(f"note: a podium command stopped half-way in {results} left 1 change: every file is back")
    assert _folder_bytes(folder) == before and not (results / ".podium-changes").exists()
    assert main(["withdraw", str(folder), gone]) == 0 and main(["validate", str(folder)]) == 0


def stop_at(signal_number: int, delays, start, timeout: float, skip=lambda err: False, check=lambda trial, code: None):
    """A podium command stopped once per delay of ``delays``: ``start(trial)``
    starts it (trial 0, 1, ...), and ``signal_number`` goes to it and all it
    started that many seconds later.  Each ends with no traceback, and done
    (0), or one line and 128 + the signal (130 Ctrl-C, 143 SIGTERM), or ended
    by the signal itself (-signal: it came before Python could handle any, or
    as the process was ending, its work done, when Python handles it no more);
    at least one ends in the one line.  ``skip(err)``: a trial that ended
    before any line of podium ran, left out; ``check(trial, returncode)``:
    what else a trial must leave."""
    outcomes = set()
    for trial, delay in enumerate(delays):
        process = start(trial)
        time.sleep(delay)
        os.killpg(process.pid, signal_number)
        _out, err = process.communicate(timeout=timeout)
        if skip(err):
            continue
        assert "Traceback" not in err, f"after {delay:.3f} s: {err}"
        assert process.returncode in (0, 128 + signal_number, -signal_number), \
            f"after {delay:.3f} s: {process.returncode} {err}"
        if process.returncode == 128 + signal_number:
            words = "interrupted (Ctrl-C)" if signal_number == signal.SIGINT else "stopped by SIGTERM"
            assert err.strip().splitlines() == [f"podium: {words}; no file is left half-written"], err
        check(trial, process.returncode)
        outcomes.add(process.returncode)
    assert 128 + signal_number in outcomes


@pytest.mark.parametrize("signal_number", [signal.SIGINT, signal.SIGTERM])
def test_a_podium_command_stopped_by_ctrl_c_or_sigterm_is_one_line_and_all_or_nothing(tmp_path, signal_number):
    """podium simulate (a folder and a file per round) stopped at random moments,
    from when it starts changing the results folder (before that, Python is
    still importing, and the interrupt is Python's own): no traceback; one
    line and 130 (Ctrl-C) or 143 (SIGTERM), or done; the event folder is
    there whole, with every round, or not at all."""
    podium = [str(Path(sys.executable).parent / "podium"), "simulate"]

    def start(results: Path):
        """The command started, once it has begun changing ``results`` (or ended)."""
        process = subprocess.Popen([*podium, str(results / "cup"), "--format", "carcassonne-lv", "--players", "40"],
                                   cwd=ROOT, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True,
                                   start_new_session=True)
        started = time.monotonic()
        while not (results / ".podium-changes").exists() and process.poll() is None and time.monotonic() - started < 60:
            time.sleep(0.002)
        return process

    reference = tmp_path / "reference"
    process = start(reference)
    changing = time.monotonic()
    assert process.wait(timeout=300) == 0
    working = time.monotonic() - changing  # how long it changes the folder on this machine, now
    whole = _folder_bytes(reference / "cup")
    chance = random.Random()
    folders = [tmp_path / f"results-{trial}" for trial in range(6)]

    def left_whole(trial: int, returncode: int):
        """The event folder of a trial is there whole, or (stopped) not at all, and no journal is left."""
        results = folders[trial]
        if returncode == 128 + signal_number:
            assert _folder_bytes(results / "cup") in ({}, whole)  # stopped once done, its changes are all made
        else:
            assert _folder_bytes(results / "cup") == whole
        assert not (results / ".podium-changes" / "journal").exists()

    stop_at(signal_number, [chance.uniform(0, 0.8 * working) for _ in folders], lambda trial: start(folders[trial]),
            timeout=300, check=left_whole)


def starting(err: str) -> bool:
    """Whether ``err`` is Python's own report of a Ctrl-C before any line of
    podium ran: while the interpreter initialises (its standard streams, the
    ``site`` import: "Fatal Python error: init_..."), while it looks whether
    the script is a zip archive, while it reads the script (no frame yet: the
    bare exception's name), or while the generated ``podium`` script imports
    the entry point (``podium_core`` and its ``console``, which import
    nothing at their top: a moment of a few milliseconds)."""
    if err.startswith(("Fatal Python error: init_", "Failed checking if argv[0] is an import path entry")) \
            or err.strip() == "KeyboardInterrupt":
        return True
    frames = [line.strip() for line in err.splitlines() if line.strip().startswith('File "')]
    ours = [frame for frame in frames if not frame.startswith('File "<frozen')]
    return err.rstrip().endswith("KeyboardInterrupt") and bool(ours) and all(
        frame.endswith("in <module>") and (frame.startswith(f'File "{Path(sys.executable).parent / "podium"}"')
                                           or "podium_core/__init__.py" in frame or "podium_core/console.py" in frame)
        for frame in ours)


@pytest.mark.parametrize("signal_number", [signal.SIGINT, signal.SIGTERM])
def test_a_podium_command_stopped_while_python_starts_it_is_one_line(tmp_path, signal_number):
    """The console command stopped at early moments, while Python starts it
    and imports its modules, before main() runs: no traceback; one line and
    130 (Ctrl-C) or 143 (SIGTERM), or ended by the signal itself when it came
    before Python could handle any (-signal), or done.  Before the command's
    first line runs, Python is still starting (:func:`starting`)."""
    podium = [str(Path(sys.executable).parent / "podium"), "validate", str(small_results(tmp_path))]

    def start(_trial: int) -> subprocess.Popen:
        return subprocess.Popen(podium, cwd=ROOT, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True,
                                start_new_session=True)

    stop_at(signal_number, (0, 0.005, 0.01, 0.02, 0.03, 0.05, 0.08, 0.12, 0.18), start, timeout=120, skip=starting)


@pytest.mark.parametrize("signal_number", [signal.SIGINT, signal.SIGTERM])
def test_a_signal_while_the_console_command_imports_its_modules_is_one_line(signal_number):
    """The signal sent the moment the console command (podium_core.console)
    imports podium_core.cli, before main() runs: one line and 130 or 143.
    Importing the package and the entry point imports nothing heavy, so the
    handlers are there from the command's first moments."""
    code = "\n".join([
        "import os, sys",
        "import podium_core.console",
        "assert 'importlib.metadata' not in sys.modules and 'podium_core.cli' not in sys.modules, sorted(sys.modules)",
        "class Signal:",
        "    def find_spec(self, name, path=None, target=None):",
        "        if name == 'podium_core.cli':",
        f"            os.kill(os.getpid(), {int(signal_number)})",
        "sys.meta_path.insert(0, Signal())",
        "sys.argv = ['podium', 'formats']",
        "podium_core.console.run()"])
    done = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, timeout=120)
    words = "interrupted (Ctrl-C)" if signal_number == signal.SIGINT else "stopped by SIGTERM"
    assert (done.returncode, done.stderr.splitlines()) == (128 + signal_number,
                                                          [f"podium: {words}; no file is left half-written"]), done.stderr


@pytest.mark.parametrize("tool", ["build", "serve", "publish"])
def test_a_setting_that_is_no_valid_value_is_one_line_naming_it(tmp_path, tool):
    results = small_results(tmp_path / "results")
    broken = tmp_path / "broken.py"
    broken.write_text('from pelicanconf import *\nTHEME = "no/such/theme"\n', "utf-8")
    words = tmp_path / "words.py"
    words.write_text('from pelicanconf import *\nPODIUM_JOBS = "four"\n', "utf-8")
    raising = tmp_path / "raising.py"
    raising.write_text('SITENAME = "x"\nPODIUM_JOBS = int("four")\n', "utf-8")
    cases = [({"PODIUM_JOBS": "abc"}, "pelicanconf.py", "the setting PODIUM_JOBS=abc must be a whole number of at least 0"),
             ({"PODIUM_JOBS": "-2"}, "pelicanconf.py", "the setting PODIUM_JOBS=-2 must be a whole number of at least 0"),
             ({"PODIUM_LOCK_WAIT": "soon"}, "pelicanconf.py", "the setting PODIUM_LOCK_WAIT=soon must be a number of at least 0"),
             ({}, str(broken), f"the settings file {broken} cannot be used: Could not find the theme no/such/theme"),
             ({}, str(raising), f"the settings file {raising} cannot be used: invalid literal for int() with base 10: 'four'"),
             ({}, str(words), "the setting PODIUM_JOBS must be a number, not 'four'")]
    for extra, settings, words in cases:
        done = subprocess.run([sys.executable, "-m", f"pelican.plugins.podium.{tool}", "--output", str(tmp_path / "out"),
                               "--settings", settings, "--content", str(ROOT / "content")],
                              cwd=ROOT, env={**environment(results), "PYTHONPATH": str(ROOT), **extra},
                              capture_output=True, text=True, timeout=120)
        assert done.returncode == 1, (extra, settings, done.stderr)
        one_line(done.stderr, words)
        assert not (tmp_path / "out").exists()


@pytest.mark.parametrize("tool, signal_number", [("build", signal.SIGTERM), ("publish", signal.SIGINT),
                                                  ("publish", signal.SIGTERM)])
def test_make_html_and_publish_stopped_by_ctrl_c_or_sigterm_are_one_line_and_keep_the_site(tmp_path, reference, tool,
                                                                                         signal_number):
    """Ctrl-C or SIGTERM (to the command and all it started) at a random moment
    once it holds its output's lock: no traceback; one line and 130 / 143, or
    done; the output is the site before or the site after, whole."""
    out = tmp_path / "out"
    settings = "pelicanconf.py" if tool == "build" else "publishconf.py"
    argv = [sys.executable, "-m", f"pelican.plugins.podium.{tool}", "--output", str(out), "--settings", settings]
    env = environment(reference["results"])
    done = subprocess.run(argv, cwd=ROOT, env=env, capture_output=True, text=True, timeout=600)
    assert done.returncode == 0, done.stderr
    before = files(out, skip_index=True)
    (reference["results"] / SMALL / "event.yaml").touch()  # the event is built again
    process = subprocess.Popen(argv, cwd=ROOT, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True,
                               start_new_session=True)
    lock = ROOT / "cache" / "podium" / "locks" / build_lock.lock_name(out)  # this output's: other builds may hold theirs
    started = time.monotonic()
    while process.poll() is None and time.monotonic() - started < 120 and not lock.exists():
        time.sleep(0.005)
    delay = random.uniform(0, reference["seconds"])
    time.sleep(delay)
    os.killpg(process.pid, signal_number)
    _out, err = process.communicate(timeout=600)
    assert "Traceback" not in err, f"after {delay:.2f} s: {err}"
    assert process.returncode in (0, 128 + signal_number, -signal_number), f"after {delay:.2f} s: {process.returncode} {err}"
    if process.returncode == 128 + signal_number:
        one_line(err, "interrupted (Ctrl-C)" if signal_number == signal.SIGINT else "stopped by SIGTERM")
    assert files(out, skip_index=True) == before  # the site before, or the same site after: never a part of one
    assert not [p for p in out.parent.iterdir() if p.name.startswith(".out-build-")]


def test_two_commands_changing_one_results_folder_take_turns_or_one_stops_with_a_message(tmp_path, capsys, monkeypatch):
    import fcntl

    from podium_core import changes
    from podium_core.cli import main

    folder, gone = _withdraw_setup(tmp_path)
    before = _folder_bytes(folder)
    journal = folder.parent / changes.JOURNAL
    journal.mkdir()
    holder = os.open(journal, os.O_RDONLY)
    fcntl.flock(holder, fcntl.LOCK_EX)  # another command, at work
    monkeypatch.setattr(changes, "LOCK_WAIT", 0.3)
    try:
        capsys.readouterr()
        assert main(["withdraw", str(folder), gone]) == 1
        assert capsys.readouterr().err == (f"podium withdraw: another podium command is changing {folder.parent}: "
                                           "try again once it has ended\n")
        assert _folder_bytes(folder) == before
    finally:
        os.close(holder)
    assert main(["withdraw", str(folder), gone]) == 0  # its turn (the other left no journal of its own)


@pytest.mark.parametrize("signal_number", [signal.SIGINT, signal.SIGTERM])
def test_make_serve_stopped_by_ctrl_c_or_sigterm_is_one_line(tmp_path, signal_number):
    import socket

    results = small_results(tmp_path / "results")
    with socket.socket() as free:
        free.bind(("127.0.0.1", 0))
        port = free.getsockname()[1]
    server = subprocess.Popen([sys.executable, "-m", "pelican.plugins.podium.serve", "--port", str(port),
                               "--output", str(tmp_path / "out"), "--settings", "pelicanconf.py",
                               "--cache-path", str(tmp_path / "cache")],
                              cwd=ROOT, env=environment(results), stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                              text=True, start_new_session=True)
    lines = []
    for line in server.stdout:  # until it serves
        lines.append(line)
        if line.startswith("serving "):
            break
    assert lines and lines[-1].startswith("serving "), lines
    time.sleep(random.uniform(0, 1))
    os.killpg(server.pid, signal_number)
    _out, err = server.communicate(timeout=60)
    assert server.returncode == 128 + signal_number, err
    words = "interrupted (Ctrl-C)" if signal_number == signal.SIGINT else "stopped by SIGTERM"
    one_line(err, f"preview: {words}; the output keeps the last pages built")


def test_a_stop_that_lands_in_a_finalizer_is_kept_and_never_printed(capsys):
    """Python prints what a finalizer raises and goes on: a Ctrl-C or SIGTERM landing
    there is kept for the command to end by, in its one line, not printed."""
    from podium_core import interrupts

    class Finalized:
        def __del__(self):
            raise interrupts.Terminated()

    with interrupts.handled():
        Finalized()  # no reference left: finalized at once, and what __del__ raises is dropped
        assert isinstance(interrupts.swallowed(), interrupts.Terminated)
    assert "Terminated" not in capsys.readouterr().err


def test_workers_whose_build_was_killed_end_once_their_task_is_done(tmp_path):
    """A build killed where nothing handles the signal (a SIGKILL, or a SIGTERM under
    ``pelican -r``) cannot end its pool: its forked workers end by themselves once
    their task is done, instead of waiting for tasks for ever (and holding the
    build's output pipe open)."""
    code = "\n".join([
        "import os, sys, time",
        "from podium_core import workers",
        "def task(n):",
        f"    open(os.path.join({str(tmp_path)!r}, f'{{os.getpid()}}.pid'), 'w').close()",
        "    if n == 0:",
        "        os.kill(os.getppid(), 9)",  # the build, killed while its workers run",
        "    time.sleep(0.5)",
        "    return n",
        "for _ in workers.largest_first(task, list(range(8)), 2, size=lambda n: 0): pass"])
    build = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, timeout=60)
    assert build.returncode == -signal.SIGKILL
    pids = [int(path.stem) for path in tmp_path.glob("*.pid")]
    assert pids
    deadline = time.monotonic() + 10
    while any(_alive(pid) for pid in pids):
        assert time.monotonic() < deadline, "a worker outlived its build"
        time.sleep(0.1)


def _alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    return True


def test_a_cache_that_does_not_read_back_what_it_wrote_is_one_line_and_keeps_the_site(tmp_path, monkeypatch, capsys):
    """An event's summary that does not read back from the cache is made again,
    once; when it still does not, the storage fails: one line naming the record,
    exit 1, the site as it was."""
    from pelican.plugins.podium import events

    results = small_results(tmp_path / "results")
    out, cache = tmp_path / "out", tmp_path / "cache"
    monkeypatch.setenv("PODIUM_RESULTS", str(results))
    monkeypatch.chdir(ROOT)
    assert build.build("pelicanconf.py", out, "content", str(cache), search=False) == 0
    before = files(out)
    damaged = []

    def summary_of(self, slug):
        damaged.append(slug)
        raise events.DamagedSummary(slug)

    monkeypatch.setattr(events.Events, "summary_of", summary_of)
    round_file = sorted(p for p in (results / SMALL).glob("*.yaml") if p.name != "event.yaml")[-1]
    round_file.write_text(round_file.read_text("utf-8") + "# a note\n", "utf-8")  # the event and the site pages again
    capsys.readouterr()
    assert build.build("pelicanconf.py", out, "content", str(cache), search=False) == 1
    err = capsys.readouterr().err
    assert "Traceback" not in err and err.strip().splitlines() == [
        f"warning: the build cache held a damaged summary of {SMALL}: it is made again",
        f"cannot write the site: the build cache does not read back what it wrote ({err.split('(')[-1].strip()}"], err
    assert f"{os.sep}records{os.sep}event-{SMALL}." in err
    assert damaged == [SMALL, SMALL]  # read, made again, read again
    assert files(out) == before
