"""Fuzzing the loader, the validator and the engines (hypothesis).

``HYPOTHESIS_PROFILE=deep`` runs many more examples than ``make test`` does.

Whatever organisers type, the only failure allowed is a located problem:
``podium_core.errors.Problems`` whose every entry has a path inside the event
folder and a line >= 1 — never another exception.
"""

import shutil
from pathlib import Path

import yaml
from hypothesis import HealthCheck, given, settings, strategies as st

from podium_core.errors import Problems
from podium_core.loader import load_bytes
from podium_core.pipeline import evaluate_one
from podium_core import schemas

SAMPLES = Path(__file__).resolve().parent / "samples" / "results"
SAMPLE_NAMES = sorted(p.name for p in SAMPLES.iterdir())

scalars = st.one_of(st.none(), st.booleans(), st.integers(-30, 300), st.floats(allow_nan=False, allow_infinity=False),
                    st.text(max_size=12), st.sampled_from(["none", "a", "18:20", "NORMAL", "RESIGN", "para", "kontra"]))
values = st.recursive(scalars, lambda inner: st.one_of(st.lists(inner, max_size=5), st.dictionaries(st.text(max_size=8), inner, max_size=5)), max_leaves=20)


@settings(max_examples=300, deadline=None)
@given(st.binary(max_size=400))
def test_loader_survives_any_bytes(raw):
    doc, problems = load_bytes(raw, "f.yaml")
    assert all(p.line >= 1 for p in problems)
    if doc is not None:
        for kind in schemas.KINDS:
            assert all(p.line >= 1 for p in schemas.check(doc, kind))


@settings(max_examples=300, deadline=None)
@given(st.text(alphabet=" \t\n:-[]{}&*!|>'\"#,?abc01", max_size=200))
def test_loader_survives_yaml_like_text(text):
    doc, problems = load_bytes(text.encode(), "f.yaml")
    assert all(p.line >= 1 for p in problems)


def _paths(data, prefix=()):
    yield prefix
    if isinstance(data, dict):
        for key, value in data.items():
            yield from _paths(value, prefix + (key,))
    elif isinstance(data, list):
        for i, value in enumerate(data):
            yield from _paths(value, prefix + (i,))


def _mutate(data, path, value):
    if not path:
        return value if value != "<delete>" else None
    parent = data
    for part in path[:-1]:
        parent = parent[part]
    if value == "<delete>":
        del parent[path[-1]]
    else:
        parent[path[-1]] = value
    return data


def _ids(folder):
    event = yaml.safe_load((folder / "event.yaml").read_text("utf-8"))
    return [p["id"] for p in event["players"]]


@settings(deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow])
@given(st.sampled_from(SAMPLE_NAMES), st.data())
def test_engines_survive_mutated_events(tmp_path_factory, name, data):
    """Mutations that mostly keep the schema: other players' ids, small
    numbers, deleted entries, swapped values — so the engines see odd but
    well-typed events, not only schema errors."""
    folder = tmp_path_factory.mktemp("fuzz") / name
    shutil.copytree(SAMPLES / name, folder)
    files = sorted(folder.iterdir())
    ids = _ids(folder)
    plausible = st.one_of(st.sampled_from(ids), st.integers(-3, 25), st.lists(st.sampled_from(ids), max_size=5),
                          st.sampled_from(["none", "RESIGN", "IGNORE", "TLATER", [3, 3], [0, 0], ["1:00", "1:00"]]),
                          st.just("<delete>"), values)
    for _ in range(data.draw(st.integers(1, 3))):
        path = data.draw(st.sampled_from(files))
        content = yaml.safe_load(path.read_text("utf-8"))
        where = data.draw(st.sampled_from(list(_paths(content))))
        content = _mutate(content, where, data.draw(plausible))
        path.write_text(yaml.safe_dump(content, allow_unicode=True), "utf-8")
    try:
        evaluate_one(folder)
    except Problems as exc:
        assert exc.problems
        for problem in exc.problems:
            assert problem.line >= 1 and Path(problem.path).resolve().is_relative_to(folder.resolve())
