import sys
from pathlib import Path

# tests/conformance.py and friends are helpers importable by the tests
sys.path.insert(0, str(Path(__file__).resolve().parent))

import contextlib
import fcntl
import os
import shutil
import signal
import subprocess
import textwrap

import pytest
from hypothesis import settings

ROOT = Path(__file__).resolve().parents[1]

# Ctrl-C as the tests send it to the commands they start: a test run started where SIGINT is
# ignored (a shell's background job) would hand that on to every command, which then never stops
if signal.getsignal(signal.SIGINT) == signal.SIG_IGN:
    signal.signal(signal.SIGINT, signal.default_int_handler)

settings.register_profile("default", max_examples=100)
settings.register_profile("deep", max_examples=3000)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "default"))


def write_event(folder: Path, files: dict) -> Path:
    """Write an event folder: ``files`` maps file names to YAML text (dedented)."""
    folder.mkdir(parents=True, exist_ok=True)
    for name, text in files.items():
        (folder / name).write_text(textwrap.dedent(text).lstrip("\n"), "utf-8")
    return folder


@pytest.fixture
def event_folder(tmp_path):
    """A factory: ``event_folder(files, slug="test-event")`` -> the folder path."""

    def make(files: dict, slug: str = "test-event") -> Path:
        return write_event(tmp_path / "results" / slug, files)

    return make


@pytest.fixture
def small_filesystem(tmp_path):
    """A tmpfs of the size asked for, read-only or not; skipped where the system will not mount one."""
    mounted = []

    def mount(size: str, options: str = "rw") -> Path:
        point = tmp_path / f"fs-{len(mounted)}"
        point.mkdir()
        done = subprocess.run(["mount", "-t", "tmpfs", "-o", f"size={size},{options}", "tmpfs", str(point)],
                              capture_output=True)
        if done.returncode != 0:
            pytest.skip("this system does not let the tests mount a small filesystem")
        mounted.append(point)
        return point

    yield mount
    for point in mounted:
        subprocess.run(["umount", str(point)], capture_output=True)


@pytest.fixture(autouse=True)
def _signals_kept():
    """A command run in this process may end by ignoring Ctrl-C and SIGTERM (it
    is ending); the test runner and the commands later tests start keep their own."""
    before = signal.getsignal(signal.SIGINT), signal.getsignal(signal.SIGTERM)
    yield
    signal.signal(signal.SIGINT, before[0])
    signal.signal(signal.SIGTERM, before[1])


@contextlib.contextmanager
def made_once(tmp_path_factory, name: str):
    """A folder ``name`` shared by every pytest-xdist worker of the session (the
    session's own without xdist), and whether it still has to be made: the first
    worker to ask makes it while the others wait on a lock (the pattern
    pytest-xdist documents for a session fixture made once)."""
    root = tmp_path_factory.getbasetemp()
    if os.environ.get("PYTEST_XDIST_WORKER"):
        root = root.parent  # every worker's base folder lies in the session's
    folder = root / name
    with open(root / f"{name}.lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        made = (folder / ".made").exists()
        if not made:
            shutil.rmtree(folder, ignore_errors=True)
            folder.mkdir()
        yield folder, not made
        (folder / ".made").touch()


@pytest.fixture(scope="session")
def demo_site(tmp_path_factory) -> Path:
    """The demo results (``results/``) built by the ``pelican`` command with pelicanconf.py,
    every event in its own language, in a cold cache of its own; built once a session.
    Tests only read it: one that adds to it works on a copy."""
    with made_once(tmp_path_factory, "demo-site") as (folder, to_make):
        output = folder / "output"
        if to_make:
            env = {**os.environ, "PODIUM_RESULTS": str(ROOT / "results"), "PYTHONHASHSEED": "0"}
            done = subprocess.run([sys.executable, "-m", "pelican", "content", "-o", str(output), "-s",
                                   "pelicanconf.py", "--cache-path", str(folder / "cache")],
                                  cwd=ROOT, env=env, capture_output=True, text=True)
            assert done.returncode == 0, done.stderr
    return output


@pytest.fixture(scope="session")
def wheel(tmp_path_factory) -> Path:
    """The wheel built from this tree (:func:`stranger_site.build_wheel`), once a session."""
    from stranger_site import build_wheel

    with made_once(tmp_path_factory, "wheel") as (folder, to_make):
        if to_make:
            (folder / "source").mkdir()
            build_wheel(folder / "source", folder / "dist")
        return next((folder / "dist").glob("*.whl"))
