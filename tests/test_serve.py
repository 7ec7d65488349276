"""``make serve``: the preview serves the site, rebuilds in place when results change,
tells the open page, and answers malformed requests without falling over."""

import shutil
import socket
import subprocess
import sys
import json
import time
import urllib.error
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


def status(port: int) -> dict:
    return json.loads(fetch(f"http://127.0.0.1:{port}/__podium/status"))


def answer(port: int, path: str) -> int:
    """The status code of a raw GET (the path sent as it is, not quoted)."""
    import http.client

    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
    try:
        connection.putrequest("GET", path, skip_accept_encoding=True)
        connection.endheaders()
        return connection.getresponse().status
    finally:
        connection.close()


def test_preview_rebuilds_when_results_change(tmp_path):
    results = tmp_path / "results"
    shutil.copytree(SAMPLE, results / "cup")
    shutil.copytree(SAMPLE, results / "other")
    port = free_port()
    output = tmp_path / "output"
    server = subprocess.Popen(
        [sys.executable, "-m", "pelican.plugins.podium.serve", "--port", str(port), "--output", str(output),
         "--settings", "pelicanconf.py", "--interval", "0.2", "--cache-path", str(tmp_path / "cache")],
        cwd=ROOT, env={"PATH": "/usr/bin:/bin", "PODIUM_RESULTS": str(results)},
        stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    try:
        home = fetch(f"http://127.0.0.1:{port}/index.html", until=lambda text: "Katano" in text or "Route" in text)
        assert "cup/" in home
        assert "/__podium/status" in home  # the reloading script, served with the page
        assert "/__podium/status" not in (output / "index.html").read_text("utf-8")  # and never written
        first = status(port)
        assert first["problems"] == []

        # malformed requests: an answer, no traceback, and the server keeps serving
        assert answer(port, "/%00") == 400
        assert answer(port, "/cup/%00/index.html") == 400
        assert answer(port, "/no-such-page/") == 404
        assert answer(port, "/../../etc/passwd") == 404

        event = results / "cup" / "event.yaml"
        event.write_text(event.read_text("utf-8").replace("name: ", "name: Renamed ", 1), "utf-8")
        fetch(f"http://127.0.0.1:{port}/index.html", until=lambda text: "Renamed" in text)
        deadline = time.monotonic() + 60  # the page is on disk a moment before the build is counted
        while status(port)["build"] <= first["build"]:  # the open page reloads once it is
            assert time.monotonic() < deadline, "the rebuild was not counted"
            time.sleep(0.1)
        assert "Renamed" in (output / "cup" / "index.html").read_text("utf-8")

        # a broken edit keeps the last good preview, and the page says it is stale
        event.write_text("name: [\n", "utf-8")
        deadline = time.monotonic() + 60
        while not status(port)["problems"]:
            assert time.monotonic() < deadline, "the failed build was not reported"
            time.sleep(0.2)
        assert any("event.yaml" in problem for problem in status(port)["problems"])
        assert "Renamed" in fetch(f"http://127.0.0.1:{port}/index.html")

        # mended, and then another event changed: each rebuild sees what was saved
        event.write_text((results / "other" / "event.yaml").read_text("utf-8").replace("name: ", "name: Mended ", 1),
                         "utf-8")
        fetch(f"http://127.0.0.1:{port}/cup/index.html", until=lambda text: "Mended" in text)
        other = results / "other" / "event.yaml"
        other.write_text(other.read_text("utf-8").replace("name: ", "name: Second ", 1), "utf-8")
        fetch(f"http://127.0.0.1:{port}/other/index.html", until=lambda text: "Second" in text)
        assert "Mended" in (output / "cup" / "index.html").read_text("utf-8")
    finally:
        server.terminate()
        out, _ = server.communicate(timeout=10)
    assert "Traceback" not in out, out


def test_between_rebuilds_the_preview_loads_what_making_an_event_s_pages_needs():
    """What the preview does while the organiser reads: afterwards, making an event's
    pages imports no module and reads no catalog or CLDR locale the process lacks."""
    code = "\n".join([
        "import sys",
        "from pelican.plugins.podium import serve, i18n",
        "serve.load_page_code()",
        "loaded = set(sys.modules)",
        "catalogs = i18n.translations.cache_info().currsize",
        "from pelican.plugins.podium import event_output, extensions",
        "extensions.loaded()",
        "for language in i18n.LANGUAGES:",
        "    i18n.translations(language); i18n.number_text(0.5, language); i18n.percent_text(0.5, language)",
        "assert set(sys.modules) == loaded, sorted(set(sys.modules) - loaded)",
        "assert i18n.translations.cache_info().currsize == catalogs == len(i18n.LANGUAGES)",
        "assert 'pelican.plugins.podium.views' in loaded",
    ])
    done = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
