"""Results folders written from text, and what ``podium validate`` says of them."""

import textwrap
from pathlib import Path

from podium_core.cli import main


def write(folder: Path, files: dict) -> Path:
    """Write ``files`` (path inside ``folder`` -> YAML text, dedented) and return ``folder``."""
    folder.mkdir(parents=True, exist_ok=True)
    for name, text in files.items():
        (folder / name).parent.mkdir(parents=True, exist_ok=True)
        (folder / name).write_text(textwrap.dedent(text).lstrip("\n"), "utf-8")
    return folder


def validate(results: Path, capsys) -> tuple[int, list[str]]:
    """``podium validate results``: its exit code and its lines, paths inside ``results`` made relative."""
    code = main(["validate", str(results)])
    err = capsys.readouterr().err
    assert "Traceback" not in err
    return code, [line.replace(f"{results}/", "") for line in err.splitlines()]
