"""The Pagefind command the tests run: PyPI's ``pagefind`` with its binary (the ``search`` extra).

``COMMAND`` is the argument list that starts it (``python -m pagefind``), or
None when no Pagefind binary is installed.
"""

import sys
from importlib.util import find_spec

INSTALLED = find_spec("pagefind") is not None and any(
    find_spec(binary) is not None for binary in ("pagefind_bin", "pagefind_bin_extended"))
COMMAND = [sys.executable, "-m", "pagefind"] if INSTALLED else None
