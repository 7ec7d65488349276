"""Event folders evaluated in forked workers give what one process gives.

The workers (:func:`podium_core.workers.largest_first`) send their outcomes back
pickled, so every outcome of every format must pickle and come back with the
same event.json; evaluating in three processes must give the same outcomes,
byte for byte, and a site build with three jobs the same problems in the
same order, as with one.
"""

import pickle
import shutil
from functools import partial
from pathlib import Path

import pytest

from bad_inputs import CASES
from podium_core import workers
from podium_core.errors import Problems
from podium_core.export import dumps, event_document
from podium_core.formats import FORMAT_IDS
from podium_core.pipeline import evaluate_event, evaluate_folder
from podium_core.reading import folder_size
from podium_core.modelling import read_registry
from podium_core.reading import event_folders
from podium_core.simulate import invent_players, new_event_yaml, simulate
from test_bad_input import apply_case

ROOT = Path(__file__).resolve().parents[1]
DEMO = ROOT / "results"
SAMPLES = ROOT / "tests" / "samples" / "results"
FIELDS = {"catan-lv-2016": 16, "catan-lt-route66": 13, "carcassonne-lv": 12, "tantrix-wc": 12, "baska-gp": 13}


def needs_fork():
    if not workers.can_fork():
        pytest.skip("another thread runs in this test process: no fork")


def simulated_event(folder: Path, format_id: str, players: int, rounds=None) -> Path:
    """An event of ``format_id`` played by the simulator: to the end, or ``rounds`` rounds and the next one seated."""
    folder.mkdir(parents=True)
    people = invent_players(players, "en", format_id)
    if format_id == "tantrix-wc":
        for number, person in enumerate(people, 1):
            person["seed"] = number
    (folder / "event.yaml").write_text(new_event_yaml(f"Simulated {format_id}", format_id, people, seed=format_id), "utf-8")
    simulate(folder, seed=format_id, rounds=rounds, leave_upcoming=rounds is not None)
    return folder


@pytest.fixture(scope="module")
def simulated(tmp_path_factory) -> Path:
    """A results folder with an event of every format played to the end, and one stopped after two rounds."""
    results = tmp_path_factory.mktemp("simulated") / "results"
    for format_id, players in FIELDS.items():
        simulated_event(results / f"{format_id}-full", format_id, players)
        simulated_event(results / f"{format_id}-upcoming", format_id, players, rounds=2)
    return results


def outcomes_of(results: Path) -> list:
    registry, _ = read_registry(results)
    found = [evaluate_event(folder, registry)[0] for folder in event_folders(results)]
    assert None not in found
    return found


def exports(outcomes) -> list[str]:
    return [dumps(event_document(outcome)) for outcome in outcomes]


def test_every_outcome_pickles_and_comes_back_with_the_same_export(simulated):
    outcomes = outcomes_of(DEMO) + outcomes_of(SAMPLES) + outcomes_of(simulated)
    assert {outcome.format.base for outcome in outcomes} == set(FORMAT_IDS)
    again = [pickle.loads(pickle.dumps(outcome, protocol=5)) for outcome in outcomes]
    assert exports(again) == exports(outcomes)


@pytest.mark.parametrize("results", [DEMO, SAMPLES, "simulated"], ids=["demo", "samples", "simulated"])
def test_three_jobs_evaluate_a_folder_as_one_does(results, simulated):
    needs_fork()
    results = simulated if results == "simulated" else results
    one, registry = evaluate_folder(results)
    folders = event_folders(results)
    work = partial(evaluate_event, registry=registry)
    three = dict(workers.largest_first(work, folders, jobs=3, size=folder_size))
    assert exports(three[folder][0] for folder in folders) == exports(one)


@pytest.fixture(scope="module")
def faulty(tmp_path_factory) -> Path:
    """The conformance samples, every case of the bad-input corpus (one event
    folder each) and a registry with a duplicate id, in one results folder."""
    work = tmp_path_factory.mktemp("faulty")
    results = work / "results"
    shutil.copytree(SAMPLES, results)
    for case_id, sample, edits in CASES:
        shutil.move(apply_case(work / case_id, sample, edits), results / case_id)
    (results / "players.yaml").write_text("- {id: ann, name: Ann}\n- {id: ann, name: Ann Again}\n", "utf-8")
    return results


def problems_of(results: Path, jobs: int, tmp_path: Path) -> list:
    """The problems a site build with ``jobs`` processes stops with."""
    from test_site import problems_of as build_problems

    output = tmp_path / f"output-{jobs}"
    found = build_problems(results, output, PODIUM_JOBS=jobs, CACHE_PATH=str(tmp_path / f"cache-{jobs}"),
                           PODIUM_LANGUAGE=None)
    assert not any(output.glob("*/event.json"))  # nothing of Podium's was written
    return found


def test_three_jobs_find_the_same_problems_in_the_same_order(faulty, tmp_path):
    needs_fork()
    with pytest.raises(Problems) as raised:
        evaluate_folder(faulty)
    assert [str(problem) for problem in problems_of(faulty, 1, tmp_path)] == [str(p) for p in raised.value.problems]
    one = problems_of(faulty, 1, tmp_path)
    where = {Path(problem.path).relative_to(faulty).parts[0] for problem in one}
    assert where == {case_id for case_id, _, _ in CASES} | {"players.yaml"}  # every bad file says something
    three = problems_of(faulty, 3, tmp_path)
    assert three == one
    assert [str(problem) for problem in three] == [str(problem) for problem in one]


def test_a_sent_outcome_leaves_its_files_data_behind_but_keeps_their_paths():
    outcome = outcomes_of(DEMO)[0]
    document = outcome.event.where.doc
    assert document.data is not None and document.lines  # as read
    again = pickle.loads(pickle.dumps(outcome, protocol=5))
    sent = again.event.where.doc
    assert sent.path == document.path
    assert sent.data is None and sent.lines == {}
