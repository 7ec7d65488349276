"""``make bench``: what organisers wait for, measured side by side in one run.

    python benchmarks/bench.py [--events 200,1000] [--repeat 3] [--cache DIR]

Everything runs on deterministic synthetic data made by the project's own
simulator (:func:`podium_core.simulate.simulate`, the engine behind ``podium
simulate``): for each size of ``--events`` an archive of that many events
(200: 40 of each of the five formats, 20 to 76 players each, about 23,000
pages; 1,000: about 117,000), generated once into a folder keyed by
:data:`DATA_VERSION` and a digest of the engine and simulator sources, and
generated again whenever that folder is missing or incomplete.  The builds
run with ``PODIUM_JOBS=2``.  Every size is measured the same way, one after
the other.

What is measured (docs/performance.md says how to read each number):

``cold``
    A ``pelican`` build of the whole archive into an empty output folder
    with an empty build cache, in a fresh subprocess: the wall time of
    ``Pelican(...).run()``, and the peak RSS of the main process plus its
    largest worker (``rss_mb``).
``warm``
    One round file of one event changed (a comment appended: its bytes
    differ, so the event is evaluated and rendered again), then the same
    build: the time of ``run()``; the fastest of ``--repeat``, each changing
    another event.  The CPU time of every run is printed too.
``noop``
    The same build with nothing changed; the fastest of ``--repeat`` (and
    each run's CPU time).
``serve``
    The preview server (``make serve``, :mod:`pelican.plugins.podium.serve`)
    running on the archive: the time from saving a round file to the
    rebuilt round page on disk (its file written again), each save made
    when the server has ended the rebuild before it; the median of
    ``--repeat`` saves, and the CPU time the server used for each.
``floor``
    For reference, for the first size only: the cold build's pages (their
    titles and the texts of their table cells and list items, read back)
    rendered through a minimal Jinja template in one process and written.

The summary lines, one for each size: ``bench: cold_s=A warm_s=B noop_s=C
serve_s=D rss_mb=E`` for 200 events, and ``bench<N>: warm_s=B noop_s=C
serve_s=D rss_mb=E`` for any other size N (``bench1000:``; its cold build's
time is on its ``cold:`` line).
Everything is written into one work folder, in RAM (``/dev/shm``) when
there is room (:func:`ram_folder`), and the disk is settled before every
timed step.  Timings are never asserted; ``tests/test_bench.py`` runs this
on a tiny archive to show that every step works.
"""

from __future__ import annotations

import argparse
import gc
import hashlib
import html
import json
import os
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import podium_core
from podium_core.simulate import invent_players, new_event_yaml, simulate

# Bump when the archive plan changes shape; the digest of
# the sources below catches changes of the simulator and the engines.
DATA_VERSION = "2"
_DATA_SOURCES = ("simulate.py", "nextround.py", "roundfile.py", "draw.py", "seating.py", "ranking.py", "criteria.py",
                 "formats/__init__.py", "formats/declarations.py", "systems/base.py", "systems/options.py",
                 "systems/knockout.py", "systems/catan/__init__.py", "systems/catan/engine.py",
                 "systems/catan/simulation.py", "systems/carcassonne/__init__.py", "systems/carcassonne/engine.py",
                 "systems/carcassonne/game.py", "systems/carcassonne/pairing.py", "systems/carcassonne/simulation.py",
                 "systems/tantrix/__init__.py", "systems/tantrix/engine.py", "systems/tantrix/simulation.py",
                 "systems/baska/__init__.py", "systems/baska/engine.py", "systems/baska/simulation.py")

PACKAGE = Path(podium_core.__file__).resolve().parent  # the engines and the simulator: the data's sources
ROOT = Path(__file__).resolve().parents[1]
PLUGIN = ROOT / "plugins" / "pelican" / "plugins" / "podium"
JOBS = 2  # the cores the targets are set for

# (format id, language, smallest field, spread): event k of a format has
# smallest + (k * step) % spread players
ARCHIVE_FORMATS = (
    ("catan-lv-2016", "lv", 28, 41, 13),
    ("catan-lt-route66", "lt", 20, 37, 11),
    ("carcassonne-lv", "lv", 12, 19, 5),  # doubled below: an even field of 24-60 (one group up to 32)
    ("tantrix-wc", "hu", 28, 49, 17),
    ("baska-gp", "pl", 24, 25, 5),
)


# -- data ---------------------------------------------------------------------------------

def data_key() -> str:
    """The cache key: :data:`DATA_VERSION` and a digest of the sources that shape the data."""
    digest = hashlib.sha256()
    for name in _DATA_SOURCES:
        path = PACKAGE / name
        digest.update(name.encode() + b"\0" + (path.read_bytes() if path.exists() else b""))
    return f"v{DATA_VERSION}-{digest.hexdigest()[:12]}"


def default_cache() -> Path:
    return Path(os.environ.get("PODIUM_BENCH_CACHE") or Path(tempfile.gettempdir()) / "podium-bench")


def archive_plan(events: int) -> list[dict]:
    """The events of the synthetic archive: one dict per event, in slug order."""
    plan = []
    for i in range(events):
        fmt, language, smallest, spread, step = ARCHIVE_FORMATS[i % len(ARCHIVE_FORMATS)]
        k = i // len(ARCHIVE_FORMATS)
        players = smallest + (k * step) % spread
        if fmt == "carcassonne-lv":
            players *= 2  # an even field needs no reserve player
        plan.append({
            "slug": f"e{i + 1:03d}-{fmt}",
            "format": fmt,
            "language": language,
            "players": players,
            "name": f"Bench {fmt} {k + 1}",
            "dates": [f"{2000 + k % 25}-{1 + i % 12:02d}-{1 + i % 28:02d}"],
            "seed": f"bench-{i + 1}",
        })
    return plan


def make_event(folder: Path, fmt: str, players: int, language: str, seed: str, name: str | None = None,
               dates=None, rounds: int | None = None) -> Path:
    """Create one event folder and play it with the simulator (all rounds by default).

    A Tantrix event also plays its optional consolation draw: its first round
    file is started right after the main draw's first round."""
    folder.mkdir(parents=True, exist_ok=True)
    people = invent_players(players, language, folder.name)
    if fmt == "tantrix-wc":
        for i, person in enumerate(people, 1):
            person["seed"] = i
    text = new_event_yaml(name or folder.name, fmt, people, language=language, dates=dates)
    (folder / "event.yaml").write_text(text, "utf-8")
    if fmt == "tantrix-wc" and rounds is None:
        simulate(folder, seed=seed, rounds=1)
        if players - 2 ** (players - 1).bit_length() // 2 >= 2:  # at least two real first-round matches
            (folder / "consolation-01.yaml").write_text("stage: consolation\nround: 1\n", "utf-8")
    simulate(folder, seed=seed, rounds=rounds)
    return folder


def _cached(target: Path, build) -> Path:
    """``target``, made by ``build(path)`` unless a complete copy is cached."""
    if (target / ".complete").exists():
        return target
    if target.exists():
        shutil.rmtree(target)
    partial = target.with_name(target.name + ".partial")
    if partial.exists():
        shutil.rmtree(partial)
    partial.mkdir(parents=True)
    build(partial)
    (partial / ".complete").write_text("", "utf-8")
    partial.rename(target)
    return target


def make_archive(cache: Path, events: int, log=print) -> Path:
    """The archive results folder (cached)."""

    def build(folder):
        start = time.perf_counter()
        for n, spec in enumerate(archive_plan(events), 1):
            make_event(folder / spec["slug"], spec["format"], spec["players"], spec["language"], spec["seed"],
                       name=spec["name"], dates=spec["dates"])
            if n % 20 == 0 or n == events:
                log(f"  generated {n}/{events} events ({time.perf_counter() - start:.1f} s)")

    return _cached(cache / data_key() / f"archive-{events}", build)


# -- building with Pelican ------------------------------------------------------------------

_BUILD_SCRIPT = """
import json, resource, sys, time
start_imports = time.perf_counter()
from pelican import Pelican
from pelican.settings import read_settings
imports = time.perf_counter() - start_imports
settings, override = sys.argv[1], json.loads(sys.argv[2])
start, cpu = time.perf_counter(), time.process_time()
Pelican(read_settings(settings, override=override)).run()
seconds, cpu = time.perf_counter() - start, time.process_time() - cpu
own, workers = resource.getrusage(resource.RUSAGE_SELF), resource.getrusage(resource.RUSAGE_CHILDREN)
unit = 1 if sys.platform == "darwin" else 1024
print("BENCH-RESULT " + json.dumps({"seconds": seconds, "imports": imports, "cpu": cpu,
      "workers_cpu": workers.ru_utime + workers.ru_stime,
      "rss_bytes": own.ru_maxrss * unit, "worker_rss_bytes": workers.ru_maxrss * unit}))
"""


def ram_folder(needed: int = 2 * 2 ** 30) -> str | None:
    """``/dev/shm`` when it is a writable RAM-backed folder with room for the
    bench's output, else None (the system's temporary folder).

    The archive build, the floor and the Markdown build all write there: on a
    virtual machine's disk the kernel's time for the same 20,000 files varied
    from 0.2 to 13 s between runs, and would decide every ratio.
    """
    folder = "/dev/shm"
    try:
        if os.path.isdir(folder) and os.access(folder, os.W_OK) and shutil.disk_usage(folder).free >= needed:
            return folder
    except OSError:
        pass
    return None


def compile_package() -> None:
    """Podium's modules compiled to bytecode, as Python does on the first run of a
    program (unless ``PYTHONDONTWRITEBYTECODE`` says not to): every build
    measured then imports them as a later ``make html`` does, without
    compiling them again."""
    import compileall

    for package in (PACKAGE, PLUGIN):
        compileall.compile_dir(str(package), quiet=2)


def settle() -> None:
    """Write out what earlier steps left in the page cache, so that no
    measurement pays for the writes of the one before it."""
    if hasattr(os, "sync"):
        os.sync()


def pelican_build(settings: Path, override: dict) -> dict:
    """Run one Pelican build in a fresh subprocess; its ``run()`` time, peak RSS and wall time."""
    env = dict(os.environ, PYTHONHASHSEED="0")
    settle()
    start = time.perf_counter()
    done = subprocess.run([sys.executable, "-c", _BUILD_SCRIPT, str(settings), json.dumps(override)],
                          capture_output=True, text=True, env=env)
    wall = time.perf_counter() - start
    lines = [line for line in done.stdout.splitlines() if line.startswith("BENCH-RESULT ")]
    if done.returncode != 0 or not lines:
        raise RuntimeError(f"the Pelican build failed ({done.returncode}):\n{done.stdout[-3000:]}\n{done.stderr[-3000:]}")
    result = json.loads(lines[-1][len("BENCH-RESULT "):])
    result["wall"] = wall
    return result


def html_pages(output: Path) -> list[Path]:
    return sorted(output.rglob("*.html"))


def build_archive(results: Path, output: Path, settings: Path, cache: Path) -> dict:
    """One ``pelican`` build of ``results`` into ``output`` with the build cache ``cache``."""
    result = pelican_build(settings, {"PODIUM_RESULTS": str(results), "OUTPUT_PATH": str(output), "PODIUM_JOBS": JOBS,
                                      "CACHE_PATH": str(cache)})
    pages = html_pages(output)
    result["pages"] = len(pages)
    result["bytes"] = sum(p.stat().st_size for p in pages)
    return result


# -- the floor -------------------------------------------------------------------------------

FLOOR_TEMPLATE = """<!DOCTYPE html>
<html><head><meta charset="utf-8"><title>{{ title }}</title></head>
<body><h1>{{ title }}</h1>
<table>
{% for row in rows %}<tr>{% for cell in row %}<td>{{ cell }}</td>{% endfor %}</tr>
{% endfor %}</table>
</body></html>
"""

_TITLE = re.compile(r"<title>(.*?)</title>", re.S)
_ROW = re.compile(r"<tr\b.*?</tr>|<li\b.*?</li>", re.S)
_CELL = re.compile(r"<t[dh]\b[^>]*>(.*?)</t[dh]>", re.S)
_TAG = re.compile(r"<[^>]+>")
_SPACE = re.compile(r"\s+")


def _text(fragment: str) -> str:
    return html.unescape(_SPACE.sub(" ", _TAG.sub(" ", fragment)).strip())


def page_content(text: str) -> dict:
    """A written page's title and its table rows (cell texts) and list items."""
    title = _TITLE.search(text)
    rows = []
    for match in _ROW.finditer(text):
        fragment = match.group(0)
        if fragment.startswith("<tr"):
            rows.append([_text(cell) for cell in _CELL.findall(fragment)])
        else:
            rows.append([_text(fragment)])
    return {"title": _text(title.group(1)) if title else "", "rows": rows}


def floor(pages: list[tuple[str, dict]], output: Path) -> float:
    """Render and write ``pages`` ((relative path, content)) with the minimal template
    into the new folder ``output``, like the archive build; seconds."""
    import jinja2

    if output.exists():
        shutil.rmtree(output)
    settle()
    gc.collect()
    gc.freeze()  # the pages held here are not the floor's work: no collection walks them
    try:
        start = time.perf_counter()
        template = jinja2.Environment(autoescape=True).from_string(FLOOR_TEMPLATE)
        for relative, content in pages:
            path = output / relative
            path.parent.mkdir(parents=True, exist_ok=True)
            with open(path, "w", encoding="utf-8") as handle:
                handle.write(template.render(content))
        return time.perf_counter() - start
    finally:
        gc.unfreeze()


def read_pages(output: Path) -> list[tuple[str, dict]]:
    return [(str(p.relative_to(output)), page_content(p.read_text("utf-8"))) for p in html_pages(output)]


# -- the steps organisers wait for -----------------------------------------------------------

def touch_round(event: Path, mark: str) -> Path:
    """Change one round file of ``event`` (a comment appended): its last round file."""
    rounds = sorted(p for p in event.iterdir() if p.suffix == ".yaml" and p.name != "event.yaml")
    path = rounds[-1]
    with open(path, "a", encoding="utf-8") as handle:
        handle.write(f"# bench {mark}\n")
    return path


def round_page(output: Path, round_file: Path) -> Path:
    """The round page a round file shows as (the default URL scheme)."""
    import yaml

    data = yaml.safe_load(round_file.read_text("utf-8"))
    return output / round_file.parent.name / f"{data['stage']}-{data['round']}" / "index.html"


def free_port() -> int:
    import socket

    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def cpu_of(run: dict) -> float:
    """The CPU time (user + system) of a build's ``run()`` and of its worker processes."""
    return run["cpu"] + run["workers_cpu"]


def process_cpu(pid: int) -> float | None:
    """The CPU time a process has used so far (Linux's /proc), or None where it cannot be read."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
        return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")
    except (OSError, ValueError, IndexError, AttributeError):
        return None


def written(page: Path) -> tuple:
    """When and how ``page`` was last written (a page written again in place keeps its inode)."""
    info = os.stat(page)
    return info.st_ino, info.st_mtime_ns, info.st_size


def serve_saves(results: Path, output: Path, cache: Path, settings: Path, events: list[Path],
                log=print) -> tuple[list[float], list[float]]:
    """Start the preview server on the archive; for each of ``events`` save a round
    file and time until its round page is written again on disk: those times, and the
    CPU time the server used meanwhile (empty where it cannot be read).  Each save
    comes once the server has ended the rebuild before it and had a quiet moment,
    as an organiser's next save comes after they looked at the page."""
    env = dict(os.environ, PYTHONHASHSEED="0", PODIUM_RESULTS=str(results))
    server = subprocess.Popen([sys.executable, "-m", "pelican.plugins.podium.serve", "--settings", str(settings),
                               "--output", str(output), "--cache-path", str(cache), "--port", str(free_port()),
                               "--interval", "0.05", "--content", str(ROOT / "content")],
                              cwd=ROOT, env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    times, cpu = [], []
    try:
        for line in server.stdout:
            if line.startswith("serving "):
                break
        else:
            raise RuntimeError("the preview server ended before serving")
        for n, event in enumerate(events):
            page = round_page(output, sorted(p for p in event.iterdir() if p.suffix == ".yaml" and p.name != "event.yaml")[-1])
            before = written(page)
            time.sleep(0.3)  # a quiet moment: the server has looked at the tree since the last save
            used = process_cpu(server.pid)
            start = time.perf_counter()
            touch_round(event, f"serve {n}")
            while written(page) == before:
                if time.perf_counter() - start > 120:
                    raise RuntimeError(f"{page} was not rebuilt within 120 s")
                time.sleep(0.005)
            times.append(time.perf_counter() - start)
            after = process_cpu(server.pid)
            if used is not None and after is not None:
                cpu.append(after - used)
            rebuilt(server)  # the rest of the rebuild: the next save finds the server idle
    finally:
        server.terminate()
        server.wait(timeout=30)
    return times, cpu if len(cpu) == len(times) else []


def rebuilt(server: subprocess.Popen) -> None:
    """Read the preview server's output until it says its rebuild ended, well or not."""
    for line in server.stdout:
        if line.startswith(("preview: rebuilt", "preview: the last good pages stay")):
            return
    raise RuntimeError("the preview server ended during a rebuild")


def run(events=(200,), cache: Path | None = None, work: Path | None = None, settings: Path | None = None,
        repeat: int = 3, log=print) -> dict:
    """Everything ``make bench`` prints, for each size of ``events``; the numbers by size."""
    data = Path(cache) if cache else default_cache()
    settings = Path(settings) if settings else ROOT / "pelicanconf.py"
    log(f"podium bench: data in {data / data_key()}, Python {sys.version.split()[0]}, {os.cpu_count()} CPUs, "
        f"PODIUM_JOBS={JOBS}")
    compile_package()
    found = {}
    for n, size in enumerate(events):
        folder = Path(work) / str(size) if work else None
        found[size] = numbers = run_size(size, data, folder, settings, repeat, log, floor_too=n == 0)
        times = (f"warm_s={numbers['warm_s']:.3f} noop_s={numbers['noop_s']:.3f} serve_s={numbers['serve_s']:.3f} "
                 f"rss_mb={numbers['rss_mb']:.0f}")
        if size == 200:
            log(f"bench: cold_s={numbers['cold_s']:.2f} {times}")
        else:
            log(f"bench{size}: {times}")
    return found


def run_size(events: int, data: Path, work: Path | None, settings: Path, repeat: int, log, floor_too: bool) -> dict:
    """The steps for an archive of ``events`` events (in ``work``, a new folder in RAM by default)."""
    own_work = work is None
    work = Path(work) if work else Path(tempfile.mkdtemp(prefix="podium-bench-", dir=ram_folder()))
    numbers: dict = {}
    try:
        start = time.perf_counter()
        archive = make_archive(data, events, log)
        results = work / "results"  # a copy: the warm and serve steps change round files
        shutil.copytree(archive, results)
        log(f"data: {events} events ready in {time.perf_counter() - start:.1f} s, output in {work}")
        output, build_cache = work / "output", work / "cache"
        slugs = sorted(p for p in results.iterdir() if p.is_dir())

        cold = build_archive(results, output, settings, build_cache)
        rss_mb = (cold["rss_bytes"] + cold["worker_rss_bytes"]) / 2 ** 20
        numbers.update(cold_s=cold["seconds"], pages=cold["pages"], rss_mb=rss_mb)
        log(f"cold: {cold['pages']} pages ({cold['bytes'] / 2 ** 20:.0f} MB of HTML) in {cold['seconds']:.2f} s "
            f"= {1000 * cold['seconds'] / cold['pages']:.2f} ms/page, {cold['cpu'] + cold['workers_cpu']:.2f} s of CPU "
            f"in all processes; peak RSS {rss_mb:.0f} MB (main {cold['rss_bytes'] / 2 ** 20:.0f} MB + largest worker "
            f"{cold['worker_rss_bytes'] / 2 ** 20:.0f} MB); process wall {cold['wall']:.2f} s incl. "
            f"{cold['imports']:.2f} s of imports")

        warm_runs = []
        for n in range(repeat):
            touch_round(slugs[(n * 37) % len(slugs)], f"warm {n}")
            warm_runs.append(build_archive(results, output, settings, build_cache))
        warm = [run["seconds"] for run in warm_runs]
        numbers["warm_s"] = min(warm)
        log(f"warm: one round file of one event changed: {min(warm):.3f} s "
            f"({100 * min(warm) / cold['seconds']:.1f}% of cold; runs {', '.join(f'{t:.3f}' for t in warm)} s; "
            f"CPU {', '.join(f'{cpu_of(run):.3f}' for run in warm_runs)} s)")

        noop_runs = [build_archive(results, output, settings, build_cache) for _ in range(repeat)]
        noop = [run["seconds"] for run in noop_runs]
        numbers["noop_s"] = min(noop)
        log(f"noop: nothing changed: {min(noop):.3f} s (runs {', '.join(f'{t:.3f}' for t in noop)} s; "
            f"CPU {', '.join(f'{cpu_of(run):.3f}' for run in noop_runs)} s)")

        saves, save_cpu = serve_saves(results, output, build_cache, settings,
                                      [slugs[(n * 53 + 11) % len(slugs)] for n in range(repeat)], log)
        numbers["serve_s"] = statistics.median(saves)
        cpu_text = f"; the server's CPU {', '.join(f'{t:.3f}' for t in save_cpu)} s" if save_cpu else ""
        log(f"serve: a round file saved -> its round page rebuilt on disk, in the preview server: "
            f"{numbers['serve_s']:.3f} s (median; saves {', '.join(f'{t:.3f}' for t in saves)} s{cpu_text})")

        if floor_too:
            pages = read_pages(output)
            floor_s = floor(pages, work / "floor")
            numbers.update(floor_s=floor_s, floor_ratio=cold["seconds"] / floor_s)
            log(f"floor (a reference, not a target): the same {len(pages)} pages' titles and cell texts through a "
                f"minimal Jinja template, written, in one process: {floor_s:.2f} s; cold/floor "
                f"{cold['seconds'] / floor_s:.2f}")
        return numbers
    finally:
        if own_work:
            shutil.rmtree(work, ignore_errors=True)


def sizes(text: str) -> tuple:
    found = tuple(int(part) for part in text.replace(" ", ",").split(",") if part)
    if not found or min(found) < 1:
        raise argparse.ArgumentTypeError(f"not a list of archive sizes: {text!r}")
    return found


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(prog="python benchmarks/bench.py", description=__doc__.split("\n")[0])
    parser.add_argument("--events", type=sizes, default=(200, 1000),
                        help="the sizes of the archives, in events, comma-separated (default 200,1000)")
    parser.add_argument("--repeat", type=int, default=3, help="warm and no-op builds and saves (default 3)")
    parser.add_argument("--cache", type=Path, help="where generated data is kept (default: $PODIUM_BENCH_CACHE "
                                                   "or <tmp>/podium-bench)")
    parser.add_argument("--settings", type=Path, help="Pelican settings (default: the project's pelicanconf.py)")
    args = parser.parse_args(argv)
    run(args.events, args.cache, settings=args.settings, repeat=args.repeat)
    return 0


if __name__ == "__main__":
    sys.exit(main())
