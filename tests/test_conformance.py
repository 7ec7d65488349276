"""Every conformance sample (tests/samples, copied from ../shared/conformance) reproduces its expected values.

Each sample folder is evaluated by the same path as ``podium export`` and the
document is compared with ``expected/<slug>.json`` (standings, upcoming
seatings, Tantrix matches, classification).
"""

import json
from pathlib import Path

import pytest

from conformance import differences
from podium_core.export import event_document
from podium_core.pipeline import evaluate_one

CONFORMANCE = Path(__file__).resolve().parent / "samples"  # a copy of ../shared/conformance
SAMPLES = sorted(p.name for p in (CONFORMANCE / "results").iterdir())


@pytest.mark.parametrize("name", SAMPLES)
def test_sample_matches_expected(name):
    document = json.loads(json.dumps(event_document(evaluate_one(CONFORMANCE / "results" / name))))
    expected = json.loads((CONFORMANCE / "expected" / f"{name}.json").read_text("utf-8"))
    assert differences(document, expected) == []
