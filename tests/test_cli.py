"""The podium command: located problems, exit codes, export on stdout."""

import json
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
SAMPLE = ROOT / "tests" / "samples" / "results" / "catan2-lt13-full-1000"


def podium(*args, cwd=ROOT):
    return subprocess.run([sys.executable, "-m", "podium_core.cli", *args], capture_output=True, text=True, cwd=cwd)


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
        done = subprocess.run([sys.executable, "-m", "podium_core.cli", "export", str(SAMPLE)], capture_output=True, cwd=ROOT, env={**env, "PATH": "/usr/bin:/bin"})
        assert done.returncode == 0, done.stderr
        outputs.append(done.stdout)
    assert outputs[0] == outputs[1]


def test_new_pair_simulate_round_trip(tmp_path):
    assert podium("new", "my-cup", "--format", "catan-lt-route66", "--results", str(tmp_path), "--players", "7").returncode == 0
    folder = tmp_path / "my-cup"
    assert (folder / "event.yaml").exists() and (folder / "qualifying-01.yaml").read_text() == "stage: qualifying\nround: 1\n"
    done = podium("pair", str(folder), "--write")
    assert done.returncode == 0 and "Table 2:" in done.stdout
    written = (folder / "qualifying-01.yaml").read_text()
    assert "tables:" in written and "seats: [" in written
    # with some results in, the round is in progress and the next one is refused
    seats = written.split("seats: [")[1].split("]")[0].split(", ")
    (folder / "qualifying-01.yaml").write_text(written.replace(f"seats: [{', '.join(seats)}]", "seats: {" + ", ".join(f"{p}: {v}" for p, v in zip(seats, (10, 5, 4, 3))) + "}"))
    done = podium("pair", str(folder))
    assert done.returncode == 1 and "Qualifying round 1 is not complete: no result yet at table 2" in done.stderr
    (folder / "qualifying-01.yaml").write_text(written)
    assert podium("simulate", str(folder), "--seed", "x").returncode == 0
    assert podium("validate", str(tmp_path)).returncode == 0
    done = podium("pair", str(folder))
    assert done.returncode == 0 and "every round is complete" in done.stderr


def test_new_refuses_a_bad_slug_or_an_existing_folder(tmp_path):
    done = podium("new", "Bad Slug", "--format", "baska-gp", "--results", str(tmp_path))
    assert done.returncode == 1 and "not a valid slug" in done.stderr
    (tmp_path / "taken").mkdir()
    done = podium("new", "taken", "--format", "baska-gp", "--results", str(tmp_path))
    assert done.returncode == 1 and "exists already" in done.stderr


def test_simulate_is_deterministic(tmp_path):
    texts = []
    for name in ("one", "two"):
        folder = tmp_path / name / "cup"
        done = podium("simulate", str(folder), "--format", "catan-lv-2016", "--players", "23", "--seed", "s")
        assert done.returncode == 0, done.stderr
        texts.append(sorted((p.name, p.read_text()) for p in folder.iterdir()))
    assert texts[0] == texts[1]
