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

ROOT = Path(__file__).resolve().parents[1]
SAMPLE = ROOT / "tests" / "samples" / "results" / "catan2-lt13-full-1000"
SITEURL = "https://results.example.org"


def command(output: Path) -> list:
    return [sys.executable, "-m", "pelican.plugins.podium.publish", "--settings", "publishconf.py", "--output", str(output),
            "--content", "content"]


def environment(results: Path) -> dict:
    return {**os.environ, "PODIUM_RESULTS": str(results), "PODIUM_SITEURL": SITEURL}


def publish(results: Path, output: Path) -> subprocess.CompletedProcess:
    return subprocess.run(command(output), cwd=ROOT, env=environment(results), capture_output=True, text=True, timeout=300)


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


def previous_site(output: Path) -> dict:
    """A site that was published before (any files will do), and its snapshot."""
    (output / "old-event").mkdir(parents=True)
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
    done = subprocess.run([sys.executable, "-m", "podium.cli", "simulate", str(first), "--format", "catan-lv-2016",
                           "--players", "40", "--language", "lv", "--seed", "big"], cwd=ROOT, capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
    event = first / "event.yaml"
    text = event.read_text("utf-8")
    if "\nseed:" not in text:
        event.write_text(text.replace("\n", "\nseed: sim-0\n", 1), "utf-8")
    for i in range(1, copies):
        shutil.copytree(first, folder / f"sim-{i}")
    return folder


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
            written = sum(1 for _ in folders[0].rglob("index.html")) if folders else 0
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
