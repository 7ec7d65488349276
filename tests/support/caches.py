"""Where the tests' in-process builds keep Pelican's build cache."""

from __future__ import annotations

import os


def worker_cache() -> dict:
    """The ``CACHE_PATH`` setting of an in-process build: none (Pelican's default ``cache``)
    in a plain run; under pytest-xdist ``cache/tests-<worker>`` of the project, one for
    each worker, so that builds running at once never share a cache."""
    worker = os.environ.get("PYTEST_XDIST_WORKER")
    return {"CACHE_PATH": os.path.join("cache", f"tests-{worker}")} if worker else {}
