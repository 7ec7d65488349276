"""``make serve``: preview on http://localhost:PORT, rebuilding on every change.

Pelican's own autoreload watches only ``content/``; this watches the results
folder, the content, the theme and the settings too, and rebuilds (through
the same atomic publish step, so a broken edit keeps the last good preview
and prints its problems).
"""

from __future__ import annotations

import argparse
import functools
import http.server
import os
import sys
import threading
import time
from pathlib import Path

from .publish import publish


def snapshot(roots) -> tuple:
    """(path, mtime, size) of every file below ``roots``: changes when anything does."""
    seen = []
    for root in roots:
        root = Path(root)
        if root.is_file():
            stat = root.stat()
            seen.append((str(root), stat.st_mtime_ns, stat.st_size))
            continue
        for folder, dirs, files in os.walk(root):
            dirs[:] = sorted(d for d in dirs if not d.startswith("."))
            for name in sorted(files):
                path = os.path.join(folder, name)
                try:
                    stat = os.stat(path)
                except OSError:
                    continue
                seen.append((path, stat.st_mtime_ns, stat.st_size))
    return tuple(seen)


def serve(output: Path, port: int) -> http.server.ThreadingHTTPServer:
    handler = functools.partial(http.server.SimpleHTTPRequestHandler, directory=str(output))
    server = http.server.ThreadingHTTPServer(("127.0.0.1", port), handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(prog="podium-serve", description=__doc__.splitlines()[0])
    parser.add_argument("--settings", default="pelicanconf.py")
    parser.add_argument("--output", default="output")
    parser.add_argument("--content", default="content")
    parser.add_argument("--port", type=int, default=8000)
    parser.add_argument("--interval", type=float, default=1.0)
    args = parser.parse_args(argv)
    output = Path(args.output).resolve()
    watched = [os.environ.get("PODIUM_RESULTS", "results"), args.content, "themes", "plugins", args.settings]
    watched = [w for w in watched if Path(w).exists()]
    publish(args.settings, output, args.content)
    output.mkdir(exist_ok=True)
    serve(output, args.port)  # requests resolve the path anew, so a swapped-in build is served
    print(f"serving {output} on http://localhost:{args.port}/ — watching {', '.join(watched)} (Ctrl-C stops)")
    last = snapshot(watched)
    try:
        while True:
            time.sleep(args.interval)
            now = snapshot(watched)
            if now != last:
                last = now
                print("change seen: rebuilding")
                publish(args.settings, output, args.content)
    except KeyboardInterrupt:
        return 0


if __name__ == "__main__":
    sys.exit(main())
