"""The bad-input corpus (tests/bad_inputs.py): exact problems, exit 1, no traceback."""

import shutil
from pathlib import Path

import pytest

from bad_inputs import CASES
from podium_core.cli import main

SAMPLES = Path(__file__).resolve().parent / "samples" / "results"
EXPECTED_FILE = Path(__file__).resolve().parent / "bad_inputs_expected.txt"


def apply_case(tmp_path, sample, edits) -> Path:
    folder = tmp_path / "results" / sample
    shutil.copytree(SAMPLES / sample, folder)
    for name, old, new in edits:
        path = folder / name
        if new is None:
            path.unlink()
        elif old is None:
            path.write_bytes(new if isinstance(new, bytes) else new.encode("utf-8"))
        else:
            raw = path.read_bytes()
            old_b = old.encode("utf-8")
            assert old_b in raw, f"{name} has no {old!r}"
            path.write_bytes(raw.replace(old_b, new if isinstance(new, bytes) else new.encode("utf-8"), 1))
    return folder


def run_validate(folder, capsys):
    code = main(["validate", str(folder.parent)])
    captured = capsys.readouterr()
    prefix = f"{folder}/"
    lines = [line.replace(prefix, "") for line in captured.err.splitlines()[:-1]]
    return code, lines, captured


def expected_problems() -> dict:
    """case id -> expected lines, from bad_inputs_expected.txt (blocks headed '# id')."""
    expected, current = {}, None
    for line in EXPECTED_FILE.read_text("utf-8").splitlines():
        if line.startswith("# "):
            current = line[2:]
            expected[current] = []
        elif line and current:
            expected[current].append(line)
    return expected


EXPECTED = expected_problems() if EXPECTED_FILE.exists() else {}


def test_corpus_is_large_and_every_case_has_expectations():
    assert len(CASES) >= 60
    assert len({case[0] for case in CASES}) == len(CASES)
    assert sorted(EXPECTED) == sorted(case[0] for case in CASES)


@pytest.mark.parametrize("case_id, sample, edits", CASES, ids=[c[0] for c in CASES])
def test_bad_input(tmp_path, capsys, case_id, sample, edits):
    folder = apply_case(tmp_path, sample, edits)
    before = sorted(p.name for p in folder.iterdir())
    code, lines, captured = run_validate(folder, capsys)
    assert code == 1
    assert "Traceback" not in captured.err and captured.out == ""
    assert lines == EXPECTED[case_id]
    assert sorted(p.name for p in folder.iterdir()) == before  # nothing written
