"""``make bench``: how fast the site is built, next to the floor and the alternative.

    python -m podium.bench [--events 200] [--sample 1000] [--repeat 5] [--no-big] [--cache DIR]

Everything runs on deterministic synthetic data made by the project's own
simulator (:func:`podium.simulate.simulate`, the engine behind ``podium
simulate``), so the numbers can be compared from run to run and machine to
machine.  The data is generated once into a cache folder keyed by a version
string (:data:`DATA_VERSION` plus a digest of the engine and simulator
sources) and generated again whenever that folder is missing or incomplete.

What is measured (docs/performance.md says why each one and how to read it):

1. **archive** -- a results folder of ``--events`` events (200: 40 of each of
   the five formats, 20 to 76 players each, about 20,000 pages) built by
   ``Pelican(read_settings('pelicanconf.py', override=...)).run()`` in a fresh
   Python subprocess: the wall time of ``run()``, pages (HTML files written)
   per second, the CPU time of all its processes (event pages are written by
   forked workers, :mod:`podium.workers`) and its peak RSS (the main
   process's ``ru_maxrss`` plus the largest worker's).  A subprocess keeps
   those figures the build's own and makes every build start afresh, like
   ``make html``.  The fastest of ``--repeat`` builds (5 by default).  The
   first build compiles the templates and keeps them in the work folder's
   cache (:mod:`pelican.plugins.podium.compiled`), the later ones load them, as a
   ``make html`` after the first does; every run's time is printed.
2. **floor** -- in this process: every page the archive build wrote, with
   the same title and the same table rows and cell texts (read back from the
   written HTML), rendered through a minimal Jinja2 template (no inheritance,
   no macros, no translations, autoescape on) and written to disk, each run
   into a new folder, with the disk settled first and the harness's own data
   left out of garbage collection.  It runs right after each archive build
   (and again, to make three runs at least).  Ratio: the fastest build's
   seconds / the fastest floor run's seconds.  On a shared virtual machine
   other work only ever adds time, by up to a half within a minute, so the
   fastest run of each is the one nearest its true cost (as ``timeit``
   reports it).  (The build may use every core; the floor uses one, so the
   CPU time of all the build's processes / floor is printed too.)
3. **markdown** -- the obvious alternative: standings tables written as
   Markdown pages (``--sample`` of them, 1,000 by default, taken from the
   archive's event.json files) and built by Pelican with the same settings
   and theme in a subprocess (the Podium plugin stays loaded, since the
   theme's translations come from it, but its results folder is empty).  Ratio: archive seconds per page
   / Markdown seconds per page (below 1: a Podium page costs less than a
   Markdown page).
4. **big events** -- a 240-player Catan championship end to end (the Pelican
   build of a results folder holding only that event: load, validation,
   engines, view model, pages), a 1,000-player Carcassonne Swiss round seated
   by ``podium pair`` (:func:`podium.nextround.next_seating`: load +
   validation + engines + pairing), a 10,000-player Swiss pairing (the engine
   alone, :func:`podium.formats.carcassonne.pair_swiss`) and a 256-player
   Tantrix bracket end to end.  Medians of three runs.
5. the last line: ``bench: floor_ratio=X markdown_ratio=Y archive_s=Z rss_mb=W``.

All output goes to one work folder, in RAM (``/dev/shm``) when there is
room (:func:`ram_folder`), and the disk is settled before every timed step.
Podium's modules are compiled to bytecode first (:func:`compile_package`).

Timings are never asserted; ``tests/test_bench.py`` runs this machinery on a
tiny archive to prove it works.
"""

from __future__ import annotations

import argparse
import gc
import hashlib
import html
import json
import os
import random
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from .simulate import invent_players, new_event_yaml, simulate

# Bump when the archive plan or the big events change shape; the digest of
# the sources below catches changes of the simulator and the engines.
DATA_VERSION = "2"
_DATA_SOURCES = ("simulate.py", "nextround.py", "roundfile.py", "draw.py", "seating.py", "ranking.py",
                 "formats/__init__.py", "formats/base.py", "formats/catan.py", "formats/carcassonne.py",
                 "formats/tantrix.py", "formats/baska.py")

PACKAGE = Path(__file__).resolve().parent
ROOT = PACKAGE.parents[1]

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


BIG_EVENTS = {
    # name: (format, players, language, rounds to play (None: all))
    "catan-240": ("catan-lv-2016", 240, "lv", None),
    "carcassonne-1000": ("carcassonne-lv", 1000, "lv", 4),  # round 5 of 5 is left to pair
    "tantrix-256": ("tantrix-wc", 256, "hu", None),
}


def make_big(cache: Path, name: str) -> Path:
    """A results folder holding one big event (cached)."""
    fmt, players, language, rounds = BIG_EVENTS[name]

    def build(folder):
        make_event(folder / name, fmt, players, language, f"bench-{name}", name=f"Bench {name}",
                   dates=["2024-06-01"], rounds=rounds)

    return _cached(cache / data_key() / name, build) / name


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

    compileall.compile_dir(str(Path(__file__).parent), quiet=2)


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


def build_archive(results: Path, output: Path, settings: Path) -> dict:
    if output.exists():
        shutil.rmtree(output)
    result = pelican_build(settings, {"PODIUM_RESULTS": str(results), "OUTPUT_PATH": str(output),
                                      "LOAD_CONTENT_CACHE": False, "CACHE_PATH": str(output.parent / "cache")})
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


# -- the Markdown alternative -----------------------------------------------------------------

def markdown_pages(output: Path, sample: int) -> list[str]:
    """``sample`` standings tables of the built archive as Markdown pages (hidden, so
    the theme's navigation does not list them all on every page)."""
    tables = []
    for path in sorted(output.glob("*/event.json")):
        doc = json.loads(path.read_text("utf-8"))
        names = {p["id"]: p["name"] for p in doc["players"]}
        for st in doc["standings"]:
            tables.append((doc, names, st))
    if not tables:
        return []
    texts = []
    for i in range(sample):
        doc, names, st = tables[i * len(tables) // sample] if sample <= len(tables) else tables[i % len(tables)]
        group = f" group {st['group']}" if st["group"] else ""
        lines = [f"Title: {doc['name']}: {st['stage']}{group} after round {st['after_round']}",
                 f"Slug: standings-{i + 1:04d}", "Status: hidden", "",
                 "| Rank | Player | " + " | ".join(st["criteria"]) + " |",
                 "|---:|:---|" + "---:|" * len(st["criteria"])]
        for row in st["rows"]:
            values = " | ".join(str(row["values"][key]) for key in st["criteria"])
            lines.append(f"| {row['rank']} | {names.get(row['player'], row['player'])} | {values} |")
        texts.append("\n".join(lines) + "\n")
    return texts


def build_markdown(texts: list[str], work: Path, settings: Path) -> dict:
    content, output = work / "content", work / "output"
    for folder in (content, output):
        if folder.exists():
            shutil.rmtree(folder)
    (content / "pages").mkdir(parents=True)
    for i, text in enumerate(texts, 1):
        (content / "pages" / f"standings-{i:04d}.md").write_text(text, "utf-8")
    empty = work / "no-results"
    empty.mkdir(exist_ok=True)
    result = pelican_build(settings, {"PATH": str(content), "OUTPUT_PATH": str(output), "PODIUM_RESULTS": str(empty),
                                      "LOAD_CONTENT_CACHE": False, "CACHE_PATH": str(work / "cache")})
    result["pages"] = len(list(output.rglob("standings-*.html")))  # not the plugin's empty home page
    return result


# -- big events ---------------------------------------------------------------------------------

def _median(function, repeat: int = 3) -> float:
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        function()
        times.append(time.perf_counter() - start)
    return statistics.median(times)


def end_to_end(results: Path, work: Path, settings: Path, repeat: int = 3) -> dict:
    """One event's Pelican build in this process (median), and its phases measured apart:
    load (files read, parsed, schema-checked, modelled), engines, view model."""
    import contextlib
    import io

    from pelican import Pelican
    from pelican.settings import read_settings

    from .formats import get_format
    from .pipeline import evaluate_folder
    from .results import event_folders, read_event
    from pelican.plugins.podium.views import event_view

    count = [0]

    def build():
        count[0] += 1
        output = work / f"output-{count[0]}"
        with contextlib.redirect_stdout(io.StringIO()):  # Pelican's "Done: ..." line
            Pelican(read_settings(str(settings), override={"PODIUM_RESULTS": str(results), "OUTPUT_PATH": str(output),
                                                           "LOAD_CONTENT_CACHE": False,
                                                           "CACHE_PATH": str(work / "cache")})).run()

    total = _median(build, repeat)
    pages = len(html_pages(work / "output-1"))
    folder = event_folders(results)[0]
    load = _median(lambda: read_event(folder), repeat)
    event, _ = read_event(folder)
    fmt = get_format(event.format, event.options)
    engines = _median(lambda: fmt.evaluate(event), repeat)
    outcomes, _ = evaluate_folder(results)
    view = _median(lambda: [event_view(o) for o in outcomes], repeat)
    return {"seconds": total, "pages": pages, "load": load, "engines": engines, "view": view}


def pair_event(folder: Path, repeat: int = 3) -> dict:
    """``podium pair``: the next round of ``folder`` seated (load + engines + pairing)."""
    from .nextround import next_seating

    rnd, _, _ = next_seating(folder)
    return {"seconds": _median(lambda: next_seating(folder), repeat), "units": len(rnd.units)}


def swiss_field(players: int, rounds: int, seed: str = "bench") -> tuple[list, dict]:
    """A ranking and the rematches to avoid after ``rounds`` Swiss rounds of a synthetic field."""
    from .formats.carcassonne import pair_swiss

    rng = random.Random(seed)
    ids = [f"p{i:05d}" for i in range(players)]
    wins = dict.fromkeys(ids, 0)
    lot = {pid: rng.random() for pid in ids}
    met = {pid: set() for pid in ids}
    for _ in range(rounds):
        order = sorted(ids, key=lambda pid: (-wins[pid], lot[pid]))
        for a, b in pair_swiss(order, met):
            met[a].add(b)
            met[b].add(a)
            wins[a if rng.random() < 0.5 else b] += 1
    order = sorted(ids, key=lambda pid: (-wins[pid], lot[pid]))
    return order, met


def pair_engine(players: int, rounds: int = 4, repeat: int = 3) -> dict:
    from .formats.carcassonne import pair_swiss

    order, met = swiss_field(players, rounds)
    return {"seconds": _median(lambda: pair_swiss(order, met), repeat), "pairs": len(pair_swiss(order, met))}


# -- the run ---------------------------------------------------------------------------------------

def run(events: int = 200, sample: int = 1000, big: bool = True, cache: Path | None = None,
        work: Path | None = None, settings: Path | None = None, repeat: int = 1, log=print) -> dict:
    """Everything ``make bench`` prints; returns the numbers."""
    cache = Path(cache) if cache else default_cache()
    settings = Path(settings) if settings else ROOT / "pelicanconf.py"
    own_work = work is None
    work = Path(work) if work else Path(tempfile.mkdtemp(prefix="podium-bench-", dir=ram_folder()))
    numbers: dict = {}
    try:
        log(f"podium bench: data in {cache / data_key()}, output in {work}, Python {sys.version.split()[0]}, "
            f"{os.cpu_count()} CPUs")
        start = time.perf_counter()
        archive = make_archive(cache, events, log)
        compile_package()
        log(f"data: {events} events ready in {time.perf_counter() - start:.1f} s")

        builds, floors, pages = [], [], None
        for run_number in range(max(repeat, 3)):  # each build, then a floor run; three floor runs at least
            if run_number < repeat:
                builds.append(build_archive(archive, work / "archive", settings))
            if pages is None:
                pages = read_pages(work / "archive")
            if run_number:
                shutil.rmtree(work / f"floor-{run_number - 1}")
            floors.append(floor(pages, work / f"floor-{run_number}"))
        build = min(builds, key=lambda b: b["seconds"])
        seconds = build["seconds"]
        cpu = build["cpu"] + build["workers_cpu"]
        # peak memory of the build: the main process and its largest page-writing worker
        # together (an upper bound: pages the two share are counted twice)
        rss_mb = max(b["rss_bytes"] + b["worker_rss_bytes"] for b in builds) / 2 ** 20
        numbers.update(archive_s=seconds, archive_cpu_s=cpu, pages=build["pages"], rss_mb=rss_mb)
        runs = ", ".join(f"{b['seconds']:.2f}" for b in builds) + " (the first compiling the templates)"
        numbers["archive_first_s"] = builds[0]["seconds"]
        log(f"1. archive: {events} events, {build['pages']} pages ({build['bytes'] / 2 ** 20:.0f} MB of HTML) "
            f"in {seconds:.2f} s = {build['pages'] / seconds:.0f} pages/s, {cpu:.2f} s of CPU in all processes; "
            f"peak RSS {rss_mb:.0f} MB (main {build['rss_bytes'] / 2 ** 20:.0f} MB + largest worker "
            f"{build['worker_rss_bytes'] / 2 ** 20:.0f} MB) [Pelican(read_settings(...)).run() in a subprocess; "
            f"runs: {runs} s; process wall {build['wall']:.2f} s incl. {build['imports']:.2f} s of imports]")

        floor_s = min(floors)
        ratio = seconds / floor_s
        floor_bytes = sum(p.stat().st_size for p in html_pages(work / f"floor-{len(floors) - 1}"))
        numbers.update(floor_s=floor_s, floor_ratio=ratio, floor_cpu_ratio=cpu / floor_s)
        log(f"2. floor: the same {len(pages)} pages' titles, table rows and cell texts "
            f"({floor_bytes / 2 ** 20:.0f} MB) through a minimal Jinja2 template, written, in this process: "
            f"{floor_s:.2f} s = {len(pages) / floor_s:.0f} pages/s (runs: {', '.join(f'{f:.2f}' for f in floors)} s); "
            f"ratio full/floor {ratio:.2f}, fastest over fastest (CPU of all the build's processes / floor: "
            f"{cpu / floor_s:.2f})")
        del pages

        texts = markdown_pages(work / "archive", sample)
        md = build_markdown(texts, work / "markdown", settings)
        md_pages = md["pages"]
        per_page = seconds / build["pages"]
        md_per_page = md["seconds"] / max(md_pages, 1)
        numbers.update(markdown_s=md["seconds"], markdown_pages=md_pages, markdown_ratio=per_page / md_per_page)
        log(f"3. markdown: {len(texts)} standings tables as Markdown pages, plain Pelican in a subprocess: "
            f"{md_pages} pages in {md['seconds']:.2f} s = {md_per_page * 1000:.2f} ms/page; "
            f"Podium {per_page * 1000:.2f} ms/page; ratio Podium/Markdown per page {per_page / md_per_page:.2f}")

        if big:
            log("4. biggest single events (medians of 3):")
            folder = make_big(cache, "catan-240")
            e2e = end_to_end(folder.parent, work / "catan-240", settings)
            numbers["catan_240_s"] = e2e["seconds"]
            log(f"   240-player Catan championship end to end: {e2e['seconds']:.3f} s for {e2e['pages']} pages "
                f"(load+validate {e2e['load']:.3f} s, engines {e2e['engines']:.3f} s, view {e2e['view']:.3f} s)")
            folder = make_big(cache, "carcassonne-1000")
            paired = pair_event(folder)
            numbers["carcassonne_1000_pair_s"] = paired["seconds"]
            log(f"   1,000-player Carcassonne Swiss round 5, podium pair (load+validate+engines+pairing): "
                f"{paired['seconds']:.3f} s for {paired['units']} games")
            engine = pair_engine(10000)
            numbers["pair_10000_s"] = engine["seconds"]
            log(f"   10,000-player Swiss pairing after 4 rounds, pair_swiss alone: {engine['seconds']:.3f} s "
                f"for {engine['pairs']} pairs")
            folder = make_big(cache, "tantrix-256")
            e2e = end_to_end(folder.parent, work / "tantrix-256", settings)
            numbers["tantrix_256_s"] = e2e["seconds"]
            log(f"   256-player Tantrix bracket end to end: {e2e['seconds']:.3f} s for {e2e['pages']} pages "
                f"(load+validate {e2e['load']:.3f} s, engines {e2e['engines']:.3f} s, view {e2e['view']:.3f} s)")

        log(f"bench: floor_ratio={numbers['floor_ratio']:.2f} markdown_ratio={numbers['markdown_ratio']:.2f} "
            f"archive_s={numbers['archive_s']:.2f} rss_mb={numbers['rss_mb']:.0f}")
        return numbers
    finally:
        if own_work:
            shutil.rmtree(work, ignore_errors=True)


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(prog="python -m podium.bench", description=__doc__.split("\n")[0])
    parser.add_argument("--events", type=int, default=200, help="events in the archive (default 200)")
    parser.add_argument("--sample", type=int, default=1000, help="Markdown pages to build (default 1000)")
    parser.add_argument("--repeat", type=int, default=5,
                        help="archive builds, each followed by a floor run, to take the fastest of (default 5)")
    parser.add_argument("--no-big", dest="big", action="store_false", help="skip the biggest single events")
    parser.add_argument("--cache", type=Path, help="where generated data is kept (default: $PODIUM_BENCH_CACHE "
                                                   "or <tmp>/podium-bench)")
    parser.add_argument("--settings", type=Path, help="Pelican settings (default: the project's pelicanconf.py)")
    args = parser.parse_args(argv)
    run(args.events, args.sample, args.big, args.cache, settings=args.settings, repeat=args.repeat)
    return 0


if __name__ == "__main__":
    sys.exit(main())
