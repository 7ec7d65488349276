"""``podium validate --format github|gitlab``: the problems as CI annotations, line by line."""

import json
import re
import subprocess
import sys
from pathlib import Path

from podium_core.errors import Problem
from podium_core.ci_reports import fingerprint, github, gitlab

ROOT = Path(__file__).resolve().parents[1]
COMMAND = re.compile(r"^::error file=(?P<file>[^,:]+),line=(?P<line>[0-9]+)::(?P<message>.*)$")


def podium(*args, cwd):
    return subprocess.run([sys.executable, "-m", "podium_core.cli", *args], capture_output=True, text=True, cwd=cwd)


def broken_results(root: Path) -> Path:
    """Two events with three problems between them, inside ``root`` (the 'repository')."""
    cup = root / "results" / "cup"
    cup.mkdir(parents=True)
    (cup / "event.yaml").write_text("name: Cup\nformat: catan-lt-route66\nplayers:\n  - {id: a, name: A}\n  - {id: a, name: B}\n")
    (cup / "q.yaml").write_text("stage: qualifying\nround: [\n")
    other = root / "results" / "other"
    other.mkdir()
    (other / "event.yaml").write_text("name: Other\nformat: no-such-format\n")
    return root / "results"


def text_problems(root: Path) -> list[tuple[str, int, str]]:
    done = podium("validate", "results", cwd=root)
    assert done.returncode == 1
    found = []
    for line in done.stderr.splitlines()[:-1]:
        path, number, message = line.split(":", 2)
        found.append((path, int(number), message.strip()))
    return found


def test_github_format_gives_one_workflow_command_per_problem_in_the_text_order(tmp_path):
    broken_results(tmp_path)
    expected = text_problems(tmp_path)
    assert len(expected) >= 3
    done = podium("validate", "--format", "github", "results", cwd=tmp_path)
    assert done.returncode == 1
    lines = done.stdout.splitlines()
    assert len(lines) == len(expected)
    for line, (path, number, message) in zip(lines, expected):
        match = COMMAND.match(line)
        assert match, line
        assert match["file"] == path and not match["file"].startswith("/")
        assert int(match["line"]) == number
        assert match["message"] == message
    assert done.stderr.splitlines()[-1] == f"{len(expected)} problems found"
    assert "Traceback" not in done.stderr


def test_github_format_of_valid_results_prints_no_command():
    done = podium("validate", "--format", "github", "results", cwd=ROOT)
    assert done.returncode == 0, done.stdout + done.stderr
    assert done.stdout == ""
    assert "valid" in done.stderr


def test_workflow_command_escapes():
    out = github([Problem("results/a,b:c/event.yaml", 7, "100% wrong:\nsee, here\r")])
    assert out == "::error file=results/a%2Cb%3Ac/event.yaml,line=7::100%25 wrong:%0Asee, here%0D\n"


def test_absolute_paths_below_the_working_directory_become_relative(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    out = github([Problem(str(tmp_path / "results" / "x" / "event.yaml"), 2, "m")])
    assert out == "::error file=results/x/event.yaml,line=2::m\n"
    assert github([Problem("/elsewhere/event.yaml", 2, "m")]) == "::error file=/elsewhere/event.yaml,line=2::m\n"


def test_gitlab_format_is_a_code_quality_report(tmp_path):
    broken_results(tmp_path)
    expected = text_problems(tmp_path)
    done = podium("validate", "--format", "gitlab", "results", cwd=tmp_path)
    assert done.returncode == 1
    report = json.loads(done.stdout)
    assert isinstance(report, list) and len(report) == len(expected)
    for issue, (path, number, message) in zip(report, expected):
        # the fields GitLab requires of each issue, with the types it requires
        assert issue["description"] == message
        assert isinstance(issue["check_name"], str) and issue["check_name"]
        assert re.fullmatch(r"[0-9a-f]{64}", issue["fingerprint"])
        assert issue["severity"] in ("info", "minor", "major", "critical", "blocker")
        assert issue["location"] == {"path": path, "lines": {"begin": number}}
    assert len({issue["fingerprint"] for issue in report}) == len(report)
    # the same problems give the same fingerprints (GitLab compares reports by them)
    assert json.loads(podium("validate", "--format", "gitlab", "results", cwd=tmp_path).stdout) == report


def test_gitlab_report_of_valid_results_is_empty():
    done = podium("validate", "--format", "gitlab", "results", cwd=ROOT)
    assert done.returncode == 0
    assert json.loads(done.stdout) == []
    assert gitlab([]) == "[]\n"
    assert fingerprint("a", 1, "m") != fingerprint("a", 2, "m")


def _steps(workflow: dict, job: str) -> list[dict]:
    return workflow["jobs"][job]["steps"]


def test_the_github_workflow_validates_with_annotations_and_publishes_only_main():
    import yaml

    workflow = yaml.safe_load((ROOT / ".github" / "workflows" / "publish.yml").read_text("utf-8"))
    triggers = workflow.get("on") or workflow.get(True)  # YAML 1.1 reads the key `on` as true
    assert triggers["push"]["branches"] == ["main"] and "pull_request" in triggers
    build = _steps(workflow, "build")
    runs = [step.get("run", "") for step in build]
    assert "make .venv/.installed-build" in runs  # only what the build needs: no test extras
    assert any(step.get("with", {}).get("cache") == "pip" for step in build)
    assert ".venv/bin/podium validate --format github results" in runs
    assert runs.index(".venv/bin/podium validate --format github results") < runs.index("make publish OUTPUT=output")
    upload = next(step for step in build if step.get("uses", "").startswith("actions/upload-pages-artifact"))
    assert upload["if"] == "github.event_name != 'pull_request'"
    assert workflow["jobs"]["deploy"]["if"] == "github.event_name != 'pull_request'"
    makefile = (ROOT / "Makefile").read_text("utf-8")
    recipe = makefile.split("$(BUILD_STAMP): pyproject.toml\n", 1)[1].split("\n\n", 1)[0]
    assert "-e '.[search]'" in recipe and "test]" not in recipe


def test_the_gitlab_example_reports_code_quality_and_publishes_the_default_branch():
    import yaml

    pipeline = yaml.safe_load((ROOT / "docs" / "ci" / "gitlab-ci.yml").read_text("utf-8"))
    validate = pipeline["validate"]
    assert ".venv/bin/podium validate --format gitlab results > gl-code-quality-report.json" in validate["script"]
    assert validate["artifacts"]["reports"]["codequality"] == "gl-code-quality-report.json"
    assert validate["artifacts"]["when"] == "always"
    pages = pipeline["pages"]
    assert pages["artifacts"]["paths"] == ["public"]
    assert pages["rules"] == [{"if": "$CI_COMMIT_BRANCH == $CI_DEFAULT_BRANCH"}]
