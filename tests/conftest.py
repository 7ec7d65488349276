import sys
from pathlib import Path

# tests/conformance.py and friends are helpers importable by the tests
sys.path.insert(0, str(Path(__file__).resolve().parent))

import os
import subprocess
import textwrap

import pytest
from hypothesis import settings

ROOT = Path(__file__).resolve().parents[1]

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
    import signal

    before = signal.getsignal(signal.SIGINT), signal.getsignal(signal.SIGTERM)
    yield
    signal.signal(signal.SIGINT, before[0])
    signal.signal(signal.SIGTERM, before[1])


# modules that share a session fixture, each kept on one pytest-xdist worker with its group
SHARED = {"tests/test_reader.py": "demo_site", "tests/test_browser.py": "demo_site",
          "tests/test_package.py": "wheel", "tests/test_stranger_sites.py": "wheel"}


def pytest_xdist_make_scheduler(config, log):
    """``--dist loadfile``, where the modules of a :data:`SHARED` group go to one worker
    together, so that the session fixture they share is made once."""
    if config.getvalue("dist") != "loadfile":
        return None
    from xdist.scheduler import LoadFileScheduling

    class SharedFixtureScheduling(LoadFileScheduling):
        def _split_scope(self, nodeid: str) -> str:
            module = super()._split_scope(nodeid)
            return SHARED.get(module, module)

    return SharedFixtureScheduling(config, log)


@pytest.fixture(scope="session")
def demo_site(tmp_path_factory) -> Path:
    """The demo results (``results/``) built by the ``pelican`` command with pelicanconf.py,
    every event in its own language, in a cold cache of its own; built once a session.
    Tests only read it: one that adds to it works on a copy."""
    output = tmp_path_factory.mktemp("demo-site") / "output"
    env = {**os.environ, "PODIUM_RESULTS": str(ROOT / "results"), "PYTHONHASHSEED": "0"}
    done = subprocess.run([sys.executable, "-m", "pelican", "content", "-o", str(output), "-s", "pelicanconf.py",
                           "--cache-path", str(output.with_name("cache"))],
                          cwd=ROOT, env=env, capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
    return output


@pytest.fixture(scope="session")
def wheel(tmp_path_factory) -> Path:
    """The wheel built from this tree (:func:`stranger_site.build_wheel`), once a session."""
    from stranger_site import build_wheel

    return build_wheel(tmp_path_factory.mktemp("source"), tmp_path_factory.mktemp("wheel"))
