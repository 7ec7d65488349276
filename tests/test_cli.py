"""The podium command: located problems, exit codes, export on stdout."""

import json
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
SAMPLE = ROOT / "tests" / "samples" / "results" / "catan2-lt13-full-1000"


def podium(*args, cwd=ROOT):
    return subprocess.run([sys.executable, "-m", "podium.cli", *args], capture_output=True, text=True, cwd=cwd)


def test_validate_demo_results_passes():
    done = podium("validate", "results")
    assert done.returncode == 0, done.stderr
    assert "valid" in done.stdout


def test_validate_prints_every_problem_located_and_exits_one(tmp_path):
    event = tmp_path / "cup"
    event.mkdir()
    (event / "event.yaml").write_text("name: Cup\nformat: catan-lt-route66\nplayers:\n  - {id: a, name: A}\n  - {id: a, name: B}\n")
    (event / "q.yaml").write_text("stage: qualifying\nround: [\n")
    done = podium("validate", str(tmp_path))
    assert done.returncode == 1
    lines = done.stderr.splitlines()
    assert lines[0] == f"{event}/event.yaml:5: player 'a' is listed twice"
    assert lines[1].startswith(f"{event}/q.yaml:3: YAML syntax error")
    assert lines[-1] == "2 problems found"
    assert "Traceback" not in done.stderr


def test_export_prints_the_event_document():
    done = podium("export", str(SAMPLE))
    assert done.returncode == 0, done.stderr
    document = json.loads(done.stdout)
    assert document["slug"] == "catan2-lt13-full-1000" and document["format"] == "catan-lt-route66"
    assert [r["stage"] for r in document["rounds"]] == ["qualifying", "qualifying", "final"]
    assert document["classification"][0] == {"place": 1, "player": "karolis-kazlauskas"}


def test_export_of_a_missing_folder_is_a_located_error(tmp_path):
    done = podium("export", str(tmp_path / "nope"))
    assert done.returncode == 1 and "no event.yaml" in done.stderr and "Traceback" not in done.stderr


def test_export_is_deterministic_across_environments():
    env_runs = [{"TZ": "Pacific/Auckland", "LANG": "lt_LT.UTF-8", "PYTHONHASHSEED": "1"},
                {"TZ": "UTC", "LANG": "C", "PYTHONHASHSEED": "2"}]
    outputs = []
    for env in env_runs:
        done = subprocess.run([sys.executable, "-m", "podium.cli", "export", str(SAMPLE)], capture_output=True, cwd=ROOT, env={**env, "PATH": "/usr/bin:/bin"})
        assert done.returncode == 0, done.stderr
        outputs.append(done.stdout)
    assert outputs[0] == outputs[1]
