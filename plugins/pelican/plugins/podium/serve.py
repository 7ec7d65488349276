"""``make serve``: preview on http://localhost:PORT, rebuilt in place on every change.

One long-lived process builds the site with Pelican into the output
folder (in place: a preview), serves it and watches the results folder,
the content, the theme and the settings with the system's file
notifications (``watchfiles``, which Pelican's own autoreload uses too;
Pelican's watches only what it reads itself).  Every rebuild runs in this
process and is incremental: an event whose files did not change is not
evaluated or rendered again (:mod:`.generator`), so saving a round file
rewrites that event's pages (the saved round's first) and the site pages
that show it.  What the watcher saw change since the last good build is
handed to the build (``PODIUM_SEEN_CHANGES``), which then looks only into
the event folders it names; and the build cache's index this process
wrote is parsed, the code and language data that make an event's pages
loaded (:func:`load_page_code`) and the last build's garbage collected,
while the organiser reads, not when the next save comes
(:func:`settle_memory`).  The UI
catalogs stay in memory between rebuilds (read again when a catalog file
changes), and so do the Markdown pages as Pelican's reader cache keeps them
(read again when a page's bytes change; the first build reads them all).
A change to Podium's own code or to the settings file restarts the
process.  An output folder that is or holds the project, or is, holds or
lies in the results or content folder, is refused before anything is
written (:mod:`.places`).  Each rebuild holds the output's lock (:mod:`.build_lock`), so
``make html`` and ``make publish`` into the same folder take turns with it.

Every HTML page the preview serves carries a small script (added on the
way out, never written into the output) that asks ``/__podium/status``
for the number of the last build: when a rebuild finishes, the open page
reloads itself; when the last rebuild failed, the page shows a banner
saying it is stale, with the problems, until a good build replaces it.  A
broken edit keeps the last good pages and prints its problems here.

Requests the file server cannot map to a file -- a NUL byte (``%00``) in
the path, a path outside the folder -- are answered 400 or 404; the server
never prints a traceback for them and keeps serving.
"""

from __future__ import annotations

import argparse
import gc
import http.server
import io
import json
import logging
import os
import sys
import threading
import time
import traceback
from pathlib import Path
from urllib.parse import urlsplit

STATUS_PATH = "/__podium/status"

RELOADER = """<script>
(function () {
  var seen = null, banner = null;
  function show(problems) {
    if (!banner) {
      banner = document.createElement("div");
      banner.setAttribute("role", "alert");
      banner.style.cssText = "position:fixed;left:0;right:0;bottom:0;z-index:99;max-height:40vh;overflow:auto;" +
        "background:#7a0000;color:#fff;font:14px/1.4 monospace;padding:.6em 1em;white-space:pre-wrap";
      document.body.appendChild(banner);
    }
    banner.textContent = "This page is stale: the last rebuild failed.\\n" + problems.join("\\n");
  }
  function poll() {
    fetch("%(status)s", {cache: "no-store"}).then(function (r) { return r.json(); }).then(function (s) {
      if (seen === null) seen = s.build;
      if (s.build !== seen) { location.reload(); return; }
      if (s.problems.length) show(s.problems); else if (banner) { banner.remove(); banner = null; }
      setTimeout(poll, 500);
    }).catch(function () { setTimeout(poll, 2000); });
  }
  poll();
})();
</script>
""".replace("%(status)s", STATUS_PATH)


class Preview:
    """The state the server and the rebuild loop share: the last good build's number and
    the problems of the last build, if it failed."""

    def __init__(self):
        self.lock = threading.Lock()
        self.build = 0
        self.problems: list[str] = []

    def built(self) -> None:
        with self.lock:
            self.build += 1
            self.problems = []

    def failed(self, problems: list[str]) -> None:
        with self.lock:
            self.problems = list(problems)

    def status(self) -> bytes:
        with self.lock:
            return json.dumps({"build": self.build, "problems": self.problems}).encode("utf-8")


class PreviewHandler(http.server.SimpleHTTPRequestHandler):
    """Serves the output folder; HTML pages get the reloading script, bad paths 400."""

    preview: Preview = Preview()

    def send_head(self):
        try:
            parts = urlsplit(self.path)
            if parts.path == STATUS_PATH:
                return self._send(self.preview.status(), "application/json")
            path = self.translate_path(self.path)
            if os.path.isdir(path) and parts.path.endswith("/"):
                path = os.path.join(path, "index.html")
            if path.endswith(".html") and os.path.isfile(path):
                with open(path, "rb") as page:
                    return self._send(with_reloader(page.read()), "text/html; charset=utf-8")
            return super().send_head()
        except ValueError:  # e.g. a NUL byte in the path: no file can have that name
            self.send_error(400, "Bad request path")
            return None
        except OSError:
            self.send_error(404, "File not found")
            return None

    def _send(self, data: bytes, content_type: str):
        self.send_response(200)
        self.send_header("Content-Type", content_type)
        self.send_header("Content-Length", str(len(data)))
        self.send_header("Cache-Control", "no-store")
        self.end_headers()
        return io.BytesIO(data)

    def log_message(self, format, *args):  # noqa: A002 - the standard library's name
        pass  # a preview: every request line would drown the rebuild messages


def with_reloader(page: bytes) -> bytes:
    """The page with the reloading script before its last ``</body>`` (or at its end)."""
    script = RELOADER.encode("utf-8")
    at = page.rfind(b"</body>")
    return page + script if at < 0 else page[:at] + script + page[at:]


class QuietServer(http.server.ThreadingHTTPServer):
    daemon_threads = True

    def handle_error(self, request, client_address):
        """A request that fails (a client gone mid-answer, ...): one line, and serving goes on."""
        print(f"preview: a request from {client_address[0]} failed: {sys.exc_info()[1]}", file=sys.stderr)


def serve(output: Path, port: int, preview: Preview) -> QuietServer:
    handler = type("Handler", (PreviewHandler,), {"preview": preview})

    def make(*args, **kwargs):
        return handler(*args, directory=str(output), **kwargs)

    server = QuietServer(("127.0.0.1", port), make)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server


def snapshot(roots) -> tuple:
    """(path, mtime, size) of every file below ``roots``: changes when anything does."""
    seen = []
    for root in roots:
        root = Path(root)
        if root.is_file():
            info = root.stat()
            seen.append((str(root), info.st_mtime_ns, info.st_size))
            continue
        for folder, dirs, files in os.walk(root):
            dirs[:] = sorted(d for d in dirs if not d.startswith(".") and d != "__pycache__")
            for name in sorted(files):
                path = os.path.join(folder, name)
                try:
                    info = os.stat(path)
                except OSError:
                    continue
                seen.append((path, info.st_mtime_ns, info.st_size))
    return tuple(seen)


# Pelican's reader cache, whatever the site's settings: a page is read again when its
# bytes change; the first build of the process reads every page (LOAD_CONTENT_CACHE off)
READING = {"CACHE_CONTENT": True, "CONTENT_CACHING_LAYER": "reader", "CHECK_MODIFIED_METHOD": "sha256",
           "GZIP_CACHE": False}

_catalogs: list = [None]  # the stamps of the UI catalogs the last build read
_builds: list = [0]  # builds this process made


def build(settings_file: str, output: Path, content: str, preview: Preview, cache_path: str | None = None,
          seen: dict | None = None) -> bool:
    """One Pelican build into ``output``, in this process; whether it succeeded.
    ``seen``: what the watcher saw change since the last build that succeeded
    (``PODIUM_SEEN_CHANGES``), None when there was none."""
    from pelican import Pelican

    from . import build_lock, cache, i18n
    from .build import cannot_write, listening, settings_of
    from .settings_read import SettingsError, environment_number

    catalogs = snapshot([i18n.LOCALE_DIR])
    if catalogs != _catalogs[0]:  # a catalog changed since the last build
        i18n.translations.cache_clear()
        _catalogs[0] = catalogs
    started = time.monotonic()
    try:
        settings = settings_of(settings_file, output, content, cache_path,
                               {**READING, "LOAD_CONTENT_CACHE": _builds[0] > 0, "PODIUM_SEEN_CHANGES": seen})
        build_lock.acquire(settings["CACHE_PATH"], output, environment_number("PODIUM_LOCK_WAIT", float, 600.0))
        with listening() as said:
            Pelican(settings).run()
        _builds[0] += 1
    except (build_lock.BuildBusy, SettingsError) as busy:
        print(busy, file=sys.stderr)
        preview.failed([str(busy)])
        return False
    except OSError as exc:  # a write the system refused: one line, and the preview goes on
        message = cannot_write(exc)
        print(message, file=sys.stderr)
        preview.failed([message])
        return False
    except Exception:  # noqa: BLE001 - a preview keeps running whatever one build does
        traceback.print_exc()
        preview.failed(["the build failed: see the terminal"])
        return False
    finally:
        build_lock.release_all()
    if said.errors:
        print("preview: the last good pages stay until the problems are fixed", file=sys.stderr)
        preview.failed(said.errors[:-1] or said.errors)  # the problems, without the line that counts them
        return False
    preview.built()
    print(f"preview: rebuilt in {time.monotonic() - started:.2f} s", flush=True)
    cache.parse_remembered()  # while the organiser reads: what the next build starts from
    load_page_code()
    settle_memory()
    return True


def load_page_code() -> None:
    """While the organiser reads: the code and the language data that making an
    event's pages needs, loaded into this process once.  A build with no event to
    render loads none of it (the preview's first build, on an archive built
    before), and the organiser's first save would wait for it."""
    from . import event_output, extensions, i18n  # noqa: F401 - the views, the page writing

    extensions.loaded()
    for language in i18n.LANGUAGES:
        i18n.load(language)


def settle_memory() -> None:
    """Between rebuilds: collect what the last one left, then keep what survives (the
    modules, the index, the catalogs) out of the collections of the next rebuild
    (:func:`gc.freeze`), which would otherwise walk all of it again, the longer
    the larger the archive.  Freed objects still go when nothing refers to them."""
    gc.unfreeze()
    gc.collect()
    gc.freeze()


def output_problem(path: Path) -> str | None:
    """Why the preview cannot write into ``path`` (a file, a read-only folder), or None."""
    folder = path
    while not folder.exists() and not folder.is_symlink() and folder.parent != folder:
        folder = folder.parent
    if not folder.is_dir():
        return f"the output folder {path} is not a folder; nothing was written"
    if not os.access(folder, os.W_OK):
        return f"the output folder {path} cannot be written; nothing was written"
    return None


def changes(paths, interval: float):
    """Sets of changed paths below ``paths``, as the system reports them (each set
    once ``interval`` seconds passed without another change)."""
    import watchfiles

    step = max(1, int(interval * 1000))
    for found in watchfiles.watch(*paths, debounce=max(step, 1600), step=step, raise_interrupt=True):
        yield {path for _change, path in found}


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(prog="podium-serve", description=__doc__.splitlines()[0])
    parser.add_argument("--settings", default="pelicanconf.py")
    parser.add_argument("--output", default="output")
    parser.add_argument("--content", default="content")
    parser.add_argument("--cache-path", help="Pelican's CACHE_PATH (default: the settings')")
    parser.add_argument("--port", type=int, default=8000)
    parser.add_argument("--interval", type=float, default=0.05,
                        help="seconds without another change before a rebuild starts")
    args = parser.parse_args(argv)
    from podium_core import interrupts

    interrupts.on_termination()
    try:
        return _main(args, argv)
    except KeyboardInterrupt as exc:  # Ctrl-C, SIGTERM: every rebuild is Pelican's write in place; the preview ends
        interrupts.quiet()
        print(f"preview: {interrupts.what(exc)}; the output keeps the last pages built", file=sys.stderr)
        return interrupts.exit_code(exc)


def _main(args, argv) -> int:
    from .settings_read import SettingsError, check_environment, check_values

    logging.basicConfig(level=logging.WARNING, format="%(levelname)s %(message)s")
    output = Path(args.output).resolve()
    import podium_core

    # Podium's own code, and the settings: a change of either starts a new process
    code = [Path(__file__).resolve().parent, Path(podium_core.__file__).resolve().parent, args.settings]
    watched = [os.environ.get("PODIUM_RESULTS", "results"), args.content, "themes"]
    watched = [w for w in watched if Path(w).exists()]
    preview = Preview()
    from .places import output_refusal

    try:
        check_environment()
        check_values(args.settings, args.content)
        refused = output_refusal(output, args.settings, args.content)
    except SettingsError as exc:
        print(exc, file=sys.stderr)
        return 1
    if refused is not None:
        print(f"refused: {refused}; nothing was written", file=sys.stderr)
        return 1
    problem = output_problem(output)
    if problem is not None:  # a file, a read-only folder: nothing to serve
        print(problem, file=sys.stderr)
        return 1
    good = build(args.settings, output, args.content, preview, args.cache_path)  # before the server's thread: this one may fork
    try:
        output.mkdir(parents=True, exist_ok=True)
        serve(output, args.port, preview)
    except OSError as exc:  # the output is a file, the port is taken, ...: one line
        print(f"preview: cannot serve {output} on port {args.port}: {exc.strerror or exc}", file=sys.stderr)
        return 1
    print(f"serving {output} on http://localhost:{args.port}/ — watching {', '.join(watched)} (Ctrl-C stops)", flush=True)
    restart = [str(Path(path).resolve()) for path in code]
    roots = [str(Path(path).resolve()) for path in watched]
    pending: set = set()  # what the watcher saw change since the last good build
    for changed in changes([*watched, *code], args.interval):
        if any(path == root or path.startswith(root + os.sep) for path in changed for root in restart):
            print("preview: Podium's code or the settings changed: restarting", flush=True)
            os.execv(sys.executable, [sys.executable, "-m", __spec__.name, *(argv if argv is not None else sys.argv[1:])])
        print("preview: change seen, rebuilding", flush=True)
        pending |= changed
        seen = {"roots": roots, "changed": sorted(pending)} if good else None
        good = build(args.settings, output, args.content, preview, args.cache_path, seen)
        if good:
            pending.clear()
    return 0


if __name__ == "__main__":
    sys.exit(main())
