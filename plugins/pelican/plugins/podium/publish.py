"""``make publish``: a production build that replaces the site only on success.

The rules:

* the site is built, and indexed for search, into a fresh staging folder
  beside the output folder; only when every step succeeded is it swapped in
  (one atomic exchange on Linux), so a failing or killed build leaves the
  previous site whole;
* a failing step (the build, the search index, a full disk, a read-only
  folder) ends with one line on stderr and a non-zero exit;
* the output must be a folder publish may replace as a whole
  (:func:`refusal`): never the project, the results or content folder
  (:mod:`.places`, as for ``make html`` and ``make serve``), a
  git work tree, or something holding one, and when it exists it must be a
  site Podium wrote (the build cache knows the folder: :func:`podium_wrote`)
  or empty -- what it holds is looked at once the lock is held, when no
  build that started first is still writing it;
* one publish at a time per output: a second one (or a ``make html`` into
  it) waits for the lock beside the output (:mod:`.build_lock`, the one every
  build holds) up to ``--wait`` seconds, then stops with a message;
* the search index is made as ``make html`` makes it (:func:`.build.search_index`),
  in the staging folder, before the swap.
"""

from __future__ import annotations

import argparse
import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

from podium_core import interrupts

from . import build_lock
from .build import IndexFailed, search_index, settings_of
from .cache import Store, umask
from .places import place_refusal, protected_folders, results_folder
from .settings_read import SettingsError, check_environment, check_values
from .swap import put_back, swap_in


class PublishError(Exception):
    """A step of publishing failed; the text is the one line shown."""


def build(settings: str, output: Path, content: str = "content") -> int:
    """Run Pelican into ``output`` (:mod:`.build`, which ends any failure in one
    line); its exit code."""
    command = [sys.executable, "-m", "pelican.plugins.podium.build", "--in-place",
               "--content", content, "--output", str(output), "--settings", settings]
    return subprocess.call(command, start_new_session=True)  # Ctrl-C is ours: the call then stops the build


def podium_wrote(folder: Path, cache_path: str) -> bool:
    """The build cache in ``cache_path`` keeps a record of what Podium wrote into
    ``folder`` (the folder itself: its device and inode)."""
    info = folder.stat()
    return Store(cache_path).record(f"output-{info.st_dev}-{info.st_ino}") is not None


def index_for_search(site: Path, cache_path: str, wait: float) -> None:
    """The Pagefind search index of ``site``, made as ``make html`` makes it
    (:func:`.build.search_index`) when PyPI's pagefind is installed (the
    ``search`` extra); without it the search page still lists every event and
    player.  An installed Pagefind that fails, or leaves no whole index, fails
    the publish."""
    try:
        made = search_index(site, cache_path, wait)
    except (IndexFailed, build_lock.BuildBusy) as failed:
        raise PublishError(f"the search index failed: {failed}") from None
    if not made:
        print("publish: pagefind is not installed (pip install 'pelican-podium[search]'): no search index")


# -- which outputs may be replaced ----------------------------------------------


def _git_inside(folder: Path) -> Path | None:
    """A ``.git`` at or below ``folder`` (a work tree it is or holds), if any."""
    for root, dirs, files in os.walk(folder):
        if ".git" in dirs or ".git" in files:
            return Path(root)
    return None


def refusal(output: Path, protected: list[tuple[str, Path]], cache_path: str) -> str | None:
    """Why ``output`` (resolved) may not be replaced by a publish, for where it
    is (:func:`place_refusal`) or for what it holds, or None."""
    reason = place_refusal(output, protected)
    if reason is not None:
        return reason
    if not output.exists() and not output.is_symlink():
        return None
    if not output.is_dir():
        return f"{output} exists and is not a folder; choose another OUTPUT"
    if os.path.lexists(output / ".git"):
        return f"{output} is or holds a git work tree ({output}); choose another OUTPUT"
    if not podium_wrote(output, cache_path) and any(output.iterdir()):  # before the walk: a big folder is refused at once
        return (f"{output} exists and is not a site Podium wrote (the build cache does not know it): "
                "remove it or choose another OUTPUT")
    work_tree = _git_inside(output)
    if work_tree is not None:
        return f"{output} is or holds a git work tree ({work_tree}); choose another OUTPUT"
    return None


# -- publish ------------------------------------------------------------------------


def publish(settings: str, output: Path, content: str = "content", wait: float = 600.0) -> int:
    """Build, index and swap in; 0, or 1 with one line on stderr saying why.
    One publish (or build) into ``output`` at a time: the lock beside it
    (:mod:`.build_lock`) is held from before anything is touched to the end."""
    output = output.resolve()
    try:
        check_environment()
        check_values(settings, content)
        protected = protected_folders(settings, content, results_folder(settings, content))
        reason = place_refusal(output, protected)  # before anything is made, even the lock beside it
        if reason is not None:
            raise PublishError(f"refused: {reason}")
        output.parent.mkdir(parents=True, exist_ok=True)
        cache = str(settings_of(settings, output, content)["CACHE_PATH"])
        try:
            build_lock.acquire(cache, output, wait)
        except build_lock.BuildBusy as busy:
            raise PublishError(str(busy)) from None
        try:
            reason = refusal(output, protected, cache)  # what it holds, once no other build is writing into it
            if reason is not None:
                raise PublishError(f"refused: {reason}")
            return _publish_locked(settings, output, content, cache, wait)
        finally:
            build_lock.release(output)
    except PublishError as exc:
        print(f"publish: {exc}; {output} is unchanged", file=sys.stderr)
    except OSError as exc:
        where = f" ({exc.filename})" if exc.filename else ""
        print(f"publish: {exc.strerror or exc}{where}; {output} is unchanged", file=sys.stderr)
    except SettingsError as exc:
        print(f"publish: {exc}; {output} is unchanged", file=sys.stderr)
    except KeyboardInterrupt as exc:  # Ctrl-C, SIGTERM: the staging folder goes, the site stays
        interrupts.quiet()
        print(f"publish: {interrupts.what(exc)}; {output} is unchanged", file=sys.stderr)
        return interrupts.exit_code(exc)
    return 1


def _tidy(output: Path) -> None:
    """What a killed publish left beside ``output``: a previous site moved aside
    by the two-rename swap comes back if the new one never arrived
    (:func:`.swap.put_back`); its staging folders go."""
    put_back(output)
    for stale in output.parent.glob(f".{output.name}-build-*"):
        shutil.rmtree(stale, ignore_errors=True)


def _publish_locked(settings: str, output: Path, content: str, cache: str, wait: float) -> int:
    _tidy(output)
    staging = Path(tempfile.mkdtemp(prefix=f".{output.name}-build-", dir=output.parent))
    staging.chmod(0o777 & ~umask())  # the site's folder as any other the user makes (0755 by default), not 0700
    try:
        code = build(settings, staging, content)
        if code != 0:
            raise PublishError(f"the build failed (exit {code})")
        index_for_search(staging, cache, wait)  # before the swap: the live site always has its index
        swap_in(staging, output)
        print(f"publish: {output} updated")
        return 0
    finally:
        if staging.exists():
            shutil.rmtree(staging, ignore_errors=True)


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(prog="podium-publish", description=__doc__.splitlines()[0])
    parser.add_argument("--settings", default="publishconf.py")
    parser.add_argument("--output", default="output")
    parser.add_argument("--content", default="content")
    parser.add_argument("--wait", type=float, default=600.0, help="seconds to wait for another publish into the output")
    args = parser.parse_args(argv)
    interrupts.on_termination()
    return publish(args.settings, Path(args.output), args.content, args.wait)


if __name__ == "__main__":
    sys.exit(main())
