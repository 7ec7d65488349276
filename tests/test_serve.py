"""``make serve``: the preview serves the site and rebuilds when results change."""

import shutil
import socket
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
SAMPLE = ROOT / "tests" / "samples" / "results" / "catan3-lt14-upcoming-q2-1000"


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def fetch(url: str, timeout: float = 60.0, until=lambda text: True) -> str:
    deadline = time.monotonic() + timeout
    while True:
        try:
            with urllib.request.urlopen(url, timeout=5) as response:
                text = response.read().decode("utf-8")
            if until(text):
                return text
        except OSError:
            pass
        if time.monotonic() > deadline:
            raise AssertionError(f"{url} did not answer as expected within {timeout} s")
        time.sleep(0.3)


def test_preview_rebuilds_when_results_change(tmp_path):
    results = tmp_path / "results"
    shutil.copytree(SAMPLE, results / "cup")
    port = free_port()
    server = subprocess.Popen(
        [sys.executable, "-m", "pelican.plugins.podium.serve", "--port", str(port), "--output", str(tmp_path / "output"),
         "--settings", "pelicanconf.py", "--interval", "0.3"],
        cwd=ROOT, env={"PATH": "/usr/bin:/bin", "PODIUM_RESULTS": str(results)},
        stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
    try:
        home = fetch(f"http://127.0.0.1:{port}/index.html", until=lambda text: "Katano" in text or "Route" in text)
        assert "cup/" in home
        event = results / "cup" / "event.yaml"
        event.write_text(event.read_text("utf-8").replace("name: ", "name: Renamed ", 1), "utf-8")
        fetch(f"http://127.0.0.1:{port}/index.html", until=lambda text: "Renamed" in text)
        # a broken edit keeps the last good preview
        event.write_text("name: [\n", "utf-8")
        time.sleep(2)
        assert "Renamed" in fetch(f"http://127.0.0.1:{port}/index.html")
    finally:
        server.terminate()
        server.wait(timeout=10)
