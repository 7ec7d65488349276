import sys
from pathlib import Path

# tests/conformance.py and friends are helpers importable by the tests
sys.path.insert(0, str(Path(__file__).resolve().parent))
