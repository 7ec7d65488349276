"""Whether a folder holds a whole Pagefind index.

Pagefind does not always notice a write that failed: on a full disk it
exits 0 and leaves empty or cut files.  An index is taken as whole when

* ``pagefind-entry.json`` parses and names each language's index hash,
* ``pagefind.js`` and every other file is not empty,
* each language's ``pagefind.<hash>.pf_meta`` is there, and
* every compressed part (``*.pf_meta``, ``*.pf_index``, ``*.pf_fragment``,
  ``*.pagefind``) decompresses to its end (gzip checks its own length and
  CRC), and there is a fragment for each page the entry counts.
"""

from __future__ import annotations

import gzip
import json
import zlib
from pathlib import Path

COMPRESSED = (".pf_meta", ".pf_index", ".pf_fragment", ".pagefind")


def problem(folder: Path) -> str | None:
    """Why ``folder`` is not a whole Pagefind index, or None when it is."""
    folder = Path(folder)
    try:
        entry = json.loads((folder / "pagefind-entry.json").read_text("utf-8"))
        languages = entry["languages"]
        hashes = [language["hash"] for language in languages.values()]
        pages = sum(int(language["page_count"]) for language in languages.values())
    except (OSError, ValueError, KeyError, TypeError, AttributeError):
        return "pagefind-entry.json is missing or cut short"
    if not (folder / "pagefind.js").is_file():
        return "pagefind.js is missing"
    for language_hash in hashes:
        if not (folder / f"pagefind.{language_hash}.pf_meta").is_file():
            return f"pagefind.{language_hash}.pf_meta is missing"
    fragments = 0
    for path in sorted(folder.rglob("*")):
        if not path.is_file():
            continue
        if path.stat().st_size == 0:
            return f"{path.relative_to(folder)} is empty"
        if path.suffix in COMPRESSED:
            try:
                gzip.decompress(path.read_bytes())
            except (OSError, EOFError, zlib.error):
                return f"{path.relative_to(folder)} is cut short"
            fragments += path.suffix == ".pf_fragment"
    if fragments < pages:
        return f"{fragments} page fragments for {pages} pages"
    return None
