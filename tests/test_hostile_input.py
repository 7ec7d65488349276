"""Input an attacker or an unlucky organiser could commit is refused cleanly.

Through ``podium validate`` (and the loader and schemas below it): only
regular files inside the results folder are read; round files end in
``.yaml`` exactly; ids and slugs are matched whole and the site's own
folder names are refused as slugs; texts carry no control characters and
are NFC; whole numbers are ints within their ranges and 64 bits; dates are
calendar dates; and a message quoting a value stays short.
"""

from __future__ import annotations

import logging
import os
import shutil
import unicodedata
from pathlib import Path

import pytest

from podium_core import cli, loader
from podium_core.errors import Problems
from podium_core.pipeline import evaluate_one
from podium_core.reading import RESERVED_SLUGS

SAMPLES = Path(__file__).resolve().parent / "samples" / "results"
CATAN = "catan2-lt13-full-1000"
CARCASSONNE = "carcassonne1-13-reserve-full-1000"
TANTRIX = "tantrix1-12-byes-resign-ignore-full-1000"
BASKA = "baska1-13-two-sessions-1000"
SECRET = "hunter2-the-deploy-key"


def results_with(tmp_path: Path, *samples: str) -> Path:
    results = tmp_path / "results"
    for sample in samples:
        shutil.copytree(SAMPLES / sample, results / sample)
    return results


def validate(results: Path, capsys) -> tuple[int, list[str]]:
    code = cli.main(["validate", str(results)])
    captured = capsys.readouterr()
    assert "Traceback" not in captured.err
    return code, captured.err.strip().splitlines()


def edit(path: Path, old: str, new: str) -> None:
    text = path.read_text("utf-8")
    assert old in text, (path, old)
    path.write_text(text.replace(old, new, 1), "utf-8")


# -- files -----------------------------------------------------------------------------------


def test_a_link_leaving_the_results_folder_is_refused_by_name_and_never_shown(tmp_path, capsys):
    results = results_with(tmp_path, CATAN)
    secret = tmp_path / "secret.yaml"
    secret.write_text(f"key: {SECRET}\n: [\n", "utf-8")
    link = results / CATAN / "qualifying-03.yaml"
    link.symlink_to(secret)
    code, lines = validate(results, capsys)
    assert code == 1
    assert lines[0] == f"{link}:1: the file is a link to something outside the results folder: only files inside it are read"
    assert not any(SECRET in line or str(secret) in line for line in lines)
    (results / CATAN / "event.yaml").rename(tmp_path / "event.yaml")
    (results / CATAN / "event.yaml").symlink_to(tmp_path / "event.yaml")
    code, lines = validate(results, capsys)
    assert code == 1 and any(line.startswith(f"{results / CATAN / 'event.yaml'}:1: the file is a link") for line in lines)


def test_a_link_inside_the_results_folder_is_read(tmp_path, capsys):
    results = results_with(tmp_path, CATAN)
    folder = results / CATAN
    (folder / "qualifying-02.yaml").rename(results / "kept-aside.yaml")
    (folder / "qualifying-02.yaml").symlink_to(results / "kept-aside.yaml")
    assert validate(results, capsys)[0] == 0


def test_devices_fifos_and_folders_are_refused_without_being_opened(tmp_path, capsys):
    results = results_with(tmp_path, CATAN)
    folder = results / CATAN
    os.mkfifo(folder / "qualifying-03.yaml")  # opening it would wait for a writer for ever
    (folder / "qualifying-04.yaml").mkdir()
    code, lines = validate(results, capsys)
    assert code == 1
    assert f"{folder / 'qualifying-03.yaml'}:1: this is a FIFO (named pipe) and is not a regular file: only plain files are read" in lines
    assert f"{folder / 'qualifying-04.yaml'}:1: this is a folder and is not a regular file: only plain files are read" in lines
    raw, problem = loader.read_file("/dev/zero")
    assert raw is None and problem.message == "this is a device and is not a regular file: only plain files are read"


def test_the_size_limit_holds_while_reading(tmp_path, monkeypatch):
    big = tmp_path / "grows.yaml"
    big.write_bytes(b"# " + b"x" * 200 + b"\n")
    real_stat = os.stat

    def listed_small(path, *args, **kwargs):  # a file that grew after it was listed
        found = real_stat(path, *args, **kwargs)
        return os.stat_result((found.st_mode, *tuple(found)[1:6], 10, *tuple(found)[7:]))

    monkeypatch.setattr(loader, "MAX_BYTES", 100)
    monkeypatch.setattr(loader.os, "stat", listed_small)
    raw, problem = loader.read_file(big)
    assert raw is None and problem.message == "file is over the limit; the limit is 100 (5 MB)"


def test_round_files_end_in_yaml_exactly_and_other_files_are_ignored(tmp_path, capsys):
    results = results_with(tmp_path, CATAN)
    folder = results / CATAN
    (folder / "qualifying-02.yaml").rename(folder / "QUALIFYING-02.YAML")
    (folder / "final-01.yaml").rename(folder / "final-01.yml")
    (folder / "README.md").write_text("# notes\n", "utf-8")
    (folder / "scores.xlsx").write_bytes(b"PK\x03\x04\x00")
    (folder / ".DS_Store").write_bytes(b"\x00\x01")
    code, lines = validate(results, capsys)
    assert code == 1
    message = "a round file's name must end in '.yaml' exactly (lowercase, not .yml): rename the file"
    assert lines[:2] == [f"{folder / 'QUALIFYING-02.YAML'}:1: {message}", f"{folder / 'final-01.yml'}:1: {message}"]
    (folder / "QUALIFYING-02.YAML").rename(folder / "qualifying-02.yaml")
    (folder / "final-01.yml").rename(folder / "final-01.yaml")
    assert validate(results, capsys)[0] == 0  # the notes and the spreadsheet change nothing


# -- names -----------------------------------------------------------------------------------


def test_ids_and_slugs_are_matched_whole(tmp_path, capsys):
    results = results_with(tmp_path, CATAN)
    event = results / CATAN / "event.yaml"
    text = event.read_text("utf-8")
    first = text.split("- id: ", 1)[1].split("\n", 1)[0]
    edit(event, f"- id: {first}\n", f'- id: "{first}\\n"\n')
    code, lines = validate(results, capsys)
    assert code == 1 and any(f"{first!r}"[:-1] + "\\n' is not a valid id" in line for line in lines)
    shutil.rmtree(results)
    results = results_with(tmp_path, CATAN)
    (results / CATAN).rename(results / "ev\n")
    code, lines = validate(results, capsys)
    assert code == 1 and "folder name 'ev\\n' is not a valid event slug" in "\n".join(lines)


@pytest.mark.parametrize("slug", ["search", "people", "pagefind", "theme", "results"])
def test_the_sites_own_folder_names_are_refused_as_slugs(tmp_path, capsys, slug):
    results = results_with(tmp_path, CATAN)
    (results / CATAN).rename(results / slug)
    code, lines = validate(results, capsys)
    assert code == 1
    assert lines[0].startswith(f"{results / slug / 'event.yaml'}:1: the event slug '{slug}' is a folder of the site itself")
    assert cli.main(["new", slug, "--format", "catan-lt-route66", "--results", str(tmp_path / "new")]) == 1
    assert not (tmp_path / "new").exists()


def test_every_top_level_folder_of_the_site_is_reserved():
    from pelican.plugins.podium.urls import BESIDE_A_BLOG_HOME, Urls

    urls = Urls({})
    for kind, url in urls.urls.items():
        head = url.split("/", 1)[0]
        if "{" not in head and "/" in url:
            assert head in RESERVED_SLUGS, kind
    assert {"pagefind", "theme"} <= RESERVED_SLUGS  # the search index and Pelican's theme files
    assert BESIDE_A_BLOG_HOME.split("/", 1)[0] in RESERVED_SLUGS  # the list of events beside a blog


@pytest.mark.parametrize("bad", ["\\0", "\\x1b[31m", "\\t", "\\n", "\\x7f", "\\x85", "\\u202e", "\\u2067"])
def test_control_characters_in_texts_are_refused(tmp_path, capsys, bad):
    results = results_with(tmp_path, CATAN)
    event = results / CATAN / "event.yaml"
    name = event.read_text("utf-8").split("\n    name: ", 1)[1].split("\n", 1)[0]
    edit(event, f"\n    name: {name}\n", f'\n    name: "{name}{bad}x"\n')
    code, lines = validate(results, capsys)
    assert code == 1 and len(lines) == 2
    assert "contains a control character" in lines[0] and "name:" in lines[0]


def test_a_note_may_span_lines(tmp_path, capsys):
    results = results_with(tmp_path, CATAN)
    with open(results / CATAN / "event.yaml", "a", encoding="utf-8") as handle:
        handle.write("note: |\n  First line.\n  Second\tline.\n")
    assert validate(results, capsys)[0] == 0


def test_names_are_nfc_and_same_names_are_a_warning(tmp_path, capsys, caplog):
    results = results_with(tmp_path, CATAN)
    event = results / CATAN / "event.yaml"
    text = event.read_text("utf-8")
    names = [part.split("\n", 1)[0] for part in text.split("\n    name: ")[1:3]]
    nfd = unicodedata.normalize("NFD", "Žygimantas Šimkus")
    assert nfd != "Žygimantas Šimkus"
    edit(event, f"name: {names[0]}\n", "name: Žygimantas Šimkus\n")
    edit(event, f"name: {names[1]}\n", f"name: {nfd}\n")
    with caplog.at_level(logging.WARNING, logger="podium"):
        outcome = evaluate_one(results / CATAN)
    people = [p.name for p in outcome.event.players]
    assert people.count("Žygimantas Šimkus") == 2 and nfd not in people
    warnings = [r.getMessage() for r in caplog.records if r.levelno == logging.WARNING]
    assert len(warnings) == 1 and "have the same name 'Žygimantas Šimkus'" in warnings[0]
    assert warnings[0].startswith(f"{event}:")


# -- numbers and dates -----------------------------------------------------------------------------


@pytest.mark.parametrize("sample, file, old, new, words", [
    (CATAN, "qualifying-02.yaml", "round: 2", "round: 2.0", "2.0 should be a whole number"),
    (CATAN, "qualifying-02.yaml", "table: 2", "table: 2.0", "2.0 should be a whole number"),
    (CATAN, "qualifying-01.yaml", ": 10", ": 10.0", "10.0 should be a whole number"),
    (CATAN, "qualifying-02.yaml", "round: 2", "round: 99999999999999999999999", "too large"),
    (CARCASSONNE, "swiss-01.yaml", "score: [160, 87]", "score: [160, 1180591620717411303424]", "too large"),
    (CARCASSONNE, "swiss-01.yaml", "score: [160, 87]", "score: [160, 1000]", "maximum of 999"),
    (CARCASSONNE, "swiss-01.yaml", "score: [160, 87]", "score: [160, " + "9" * 5000 + "]", "too large"),
    (TANTRIX, "main-01.yaml", "margin: ", "margin: 36893488147419103232 #", "too large"),
    (BASKA, "grand-prix-01.yaml", ": ", ": 9223372036854775808 #", "too large"),
    ("catan1-lv22-withdrawal-full-1000", "final-01.yaml", "round: 1", "round: 1\nadvance: {99999999999999999999: x}",
     "'99999999999999999999' is not a table number"),
    (CATAN, "event.yaml", "dates: [", "dates: [2017-13-45, ", "'2017-13-45' is not a real date"),
    (CATAN, "event.yaml", "dates: [", "dates: [2017-02-29, ", "'2017-02-29' is not a real date"),
])
def test_numbers_have_a_type_and_a_range_and_dates_are_dates(tmp_path, capsys, sample, file, old, new, words):
    results = results_with(tmp_path, sample)
    path = results / sample / file
    if old == ": " and sample == BASKA:  # the first seat's small points
        text = path.read_text("utf-8")
        seats = text.split("seats: {", 1)[1]
        first = seats.split(",", 1)[0]
        edit(path, "seats: {" + first, "seats: {" + first.split(":")[0] + ": 9223372036854775808")
    elif old == "margin: ":
        text = path.read_text("utf-8")
        if "margin: " not in text:
            edit(path, "score: [", "margin: 36893488147419103232, ignored: [")
        else:
            line = text.split("margin: ", 1)[1].split("\n", 1)[0]
            edit(path, "margin: " + line, "margin: 36893488147419103232")
    elif sample == CATAN and old == ": 10":
        text = path.read_text("utf-8")
        edit(path, ": 10,", ": 10.0,") if ": 10," in text else edit(path, ": 10}", ": 10.0}")
    else:
        edit(path, old, new)
    code, lines = validate(results, capsys)
    assert code == 1
    assert any(words in line and line.startswith(f"{path}:") for line in lines), lines
    assert all(len(line) < 400 for line in lines)


def test_a_message_about_a_huge_value_stays_short(tmp_path, capsys):
    results = results_with(tmp_path, CATAN)
    event = results / CATAN / "event.yaml"
    event.write_text("[" + "123456789, " * 400_000 + "0]\n", "utf-8")
    assert 4_000_000 < event.stat().st_size < loader.MAX_BYTES
    code, lines = validate(results, capsys)
    assert code == 1
    assert lines[0].startswith(f"{event}:1: [123456789, ") and lines[0].endswith("123… should be a mapping (key: value)")
    assert all(len(line) < 400 for line in lines), [len(line) for line in lines]


def test_evaluate_raises_located_problems_only(tmp_path):
    results = results_with(tmp_path, CATAN)
    os.remove(results / CATAN / "qualifying-02.yaml")
    (results / CATAN / "qualifying-02.yaml").symlink_to("/dev/zero")
    with pytest.raises(Problems) as caught:
        evaluate_one(results / CATAN)
    assert [p.line for p in caught.value.problems] == [1]


# -- what is printed -------------------------------------------------------------------------------


def test_forty_thousand_problems_in_one_file_are_reported_in_seconds(tmp_path, capsys):
    import time

    results = results_with(tmp_path, CATAN)
    path = results / CATAN / "qualifying-01.yaml"
    path.write_text("".join(f"unknown{i}: 1\n" for i in range(40_000)) + path.read_text("utf-8"), "utf-8")
    started = time.monotonic()
    code, lines = validate(results, capsys)
    took = time.monotonic() - started
    assert code == 1 and lines[-1] == "40000 problems found"
    assert lines[0] == f"{path}:1: unknown0: unknown field (known fields here: absent, advance, bye, correction, games, " \
                       "manual, matches, note, round, seated_from, session, stage, tables, withdrawn)"
    assert took < 15, took  # linear: a few seconds (54 s when it grew with the square of the problems)


FORGED = "evil\nresults/x/event.yaml:1: forged\n::error file=x.yaml,line=1::forged\x1b[2K"


@pytest.mark.parametrize("report", ["text", "github"])
def test_organisers_text_cannot_forge_a_report_line_or_a_workflow_command(tmp_path, capsys, report):
    results = results_with(tmp_path, CATAN)
    path = results / CATAN / "qualifying-01.yaml"
    quoted = FORGED.replace("\n", "\\n").replace("\x1b", "\\e")
    path.write_text(f'"{quoted}": 1\n' + path.read_text("utf-8"), "utf-8")
    (results / "::error file=y.yaml::pwn\nresults").mkdir()
    code = cli.main(["validate", str(results), "--format", report])
    captured = capsys.readouterr()
    assert code == 1
    lines = (captured.out if report == "github" else captured.err).splitlines()
    assert len(lines) == (5 if report == "text" else 4)  # two for the key, two for the folder (and the count)
    for line in lines:
        assert "\x1b" not in line and not line.startswith("results/x/")
        if report == "github":
            assert line.startswith(f"::error file={results}") or line.startswith(f"::error file={path}")
        else:
            assert line.startswith(str(results)) or line.endswith("problems found")
    assert any("\\nresults/x/event.yaml:1: forged\\n::error" in line for line in lines)  # shown, escaped


def test_a_folder_name_starting_a_workflow_command_is_shown_as_a_path(tmp_path, capsys, monkeypatch):
    results = results_with(tmp_path, CATAN)
    (results / "::error file=y.yaml::pwn").mkdir()
    monkeypatch.chdir(results)
    assert cli.main(["validate", "."]) == 1
    lines = capsys.readouterr().err.splitlines()
    assert lines[0] == "./::error file=y.yaml::pwn:1: event folder has no event.yaml"
    assert not any(line.startswith("::") for line in lines)


@pytest.mark.parametrize("raw, line, words", [
    (b"stage: qualifying\nround: 1\x00\n", 2, "column 9 holds a NUL byte (U+0000): a YAML file may not hold it as it is"),
    (b"stage: qualifying\nround: 1\n\x1b[31mnote: x\n", 3, "column 1 holds an escape character (ESC, U+001B)"),
    (b"stage: qualifying # a\xe2\x80\xa8 b: [\nround: 1\n", 1,
     "column 22 holds a line separator (U+2028): YAML would read it as a line break, ending a comment or a value there"),
    (b"stage: qualifying\n# \xc2\x85\nround: 1\n", 2, "holds a next-line character (NEL, U+0085)"),
    (b"stage: qualifying\nround: 1\n" + b"k" * 5000 + b": 1\n", 3,
     "YAML syntax error: this key is 5000 characters long: YAML allows at most 1024 before its ':' (shorten it)"),
])
def test_every_message_names_the_real_byte_at_its_real_line(tmp_path, capsys, raw, line, words):
    results = results_with(tmp_path, CATAN)
    path = results / CATAN / "qualifying-01.yaml"
    path.write_bytes(raw)
    code, lines = validate(results, capsys)
    assert code == 1
    assert [l for l in lines if l.startswith(f"{path}:")] == [l for l in lines if l.startswith(f"{path}:{line}: ")]
    assert any(l.startswith(f"{path}:{line}: ") and words in l for l in lines), lines
    assert "tab character" not in "\n".join(lines)


@pytest.mark.parametrize("players", ["-5", "0", "1", "10001", "20000"])
def test_podium_new_refuses_a_field_it_cannot_list_in_one_line(tmp_path, capsys, players):
    assert cli.main(["new", "cup", "--format", "carcassonne-lv", "--results", str(tmp_path / "results"),
                     f"--players={players}"]) == 1
    captured = capsys.readouterr()
    assert captured.err == f"podium new: --players {players}: an event lists from 2 to 10000 players; nothing written\n"
    assert not (tmp_path / "results").exists()


# -- what is read -----------------------------------------------------------------------------------


def _outside_fifo(tmp_path: Path) -> Path:
    """A FIFO outside the results folder: whatever opens it waits for a writer for ever."""
    fifo = tmp_path / "outside.fifo"
    os.mkfifo(fifo)
    return fifo


def test_the_build_opens_no_special_file_and_nothing_outside_the_results(tmp_path):
    import subprocess
    import sys

    root = Path(__file__).resolve().parents[1]
    results = results_with(tmp_path, CATAN)
    folder = results / CATAN
    outside = _outside_fifo(tmp_path)
    variant = tmp_path / "variant.yaml"
    variant.write_text("id: evil\nname: Outside\nextends: catan-lt-route66\n", "utf-8")
    (results / "formats").mkdir()
    (results / "formats" / "evil.yaml").symlink_to(variant)
    (folder / "qualifying-03.yaml").symlink_to(outside)
    os.mkfifo(folder / "qualifying-04.yaml")
    (folder / "qualifying-05.yaml").symlink_to("/dev/zero")
    (folder / "notes.txt").symlink_to(outside)  # not a round file: hashed for the cache, so looked at too
    done = subprocess.run([sys.executable, "-m", "pelican.plugins.podium.build", "--output", str(tmp_path / "out"),
                           "--settings", "pelicanconf.py", "--cache-path", str(tmp_path / "cache"), "--no-search-index"],
                          cwd=root, env={**os.environ, "PODIUM_RESULTS": str(results), "PODIUM_JOBS": "1"},
                          capture_output=True, text=True, timeout=120)
    assert done.returncode == 1 and "Traceback" not in done.stderr
    lines = done.stderr.splitlines()
    outside_words = "the file is a link to something outside the results folder: only files inside it are read"
    assert f"{results / 'formats' / 'evil.yaml'}:1: {outside_words}" in lines
    assert f"{folder / 'qualifying-03.yaml'}:1: {outside_words}" in lines
    assert f"{folder / 'qualifying-04.yaml'}:1: this is a FIFO (named pipe) and is not a regular file: only plain files are read" in lines
    assert f"{folder / 'qualifying-05.yaml'}:1: {outside_words}" in lines
    assert not any(str(variant) in line or "Outside" in line for line in lines)
    assert not (tmp_path / "out").exists()


def test_a_digest_for_the_cache_never_opens_a_special_file_or_follows_a_link_out(tmp_path):
    from pelican.plugins.podium import cache_keys

    results = results_with(tmp_path, CATAN)
    folder = results / CATAN
    (folder / "a.yaml").symlink_to(_outside_fifo(tmp_path))
    os.mkfifo(folder / "b.yaml")
    secret = tmp_path / "secret.txt"
    secret.write_text(SECRET, "utf-8")
    (folder / "c.txt").symlink_to(secret)
    before = cache_keys.folder_files(folder)
    assert cache_keys.file_digest(str(folder / "a.yaml"), root=results).startswith("refused:the file is a link")
    assert cache_keys.file_digest(str(folder / "b.yaml")).startswith("refused:this is a FIFO")
    assert cache_keys.file_digest("/dev/zero").startswith("refused:this is a device")
    secret.write_text(SECRET + "2", "utf-8")  # what lies outside changes nothing: it is never read
    assert cache_keys.folder_files(folder) == before


def test_pair_write_on_a_round_file_linking_out_reads_and_writes_nothing(tmp_path, capsys):
    results = results_with(tmp_path, "carcassonne2-16-upcoming-r4-1000")
    folder = results / "carcassonne2-16-upcoming-r4-1000"
    outside = tmp_path / "swiss-04.yaml"
    (folder / "swiss-04.yaml").rename(outside)
    (folder / "swiss-04.yaml").symlink_to(outside)
    before = outside.read_bytes()
    assert cli.main(["pair", str(folder), "--write"]) == 1
    err = capsys.readouterr().err
    assert f"{folder / 'swiss-04.yaml'}:1: the file is a link to something outside the results folder" in err
    assert (folder / "swiss-04.yaml").is_symlink() and outside.read_bytes() == before
    with pytest.raises(Problems) as caught:
        loader.read_text(folder / "swiss-04.yaml", folder.parent)
    assert "outside the results folder" in str(caught.value)


def test_validate_opens_no_special_file_among_the_content_pages(tmp_path, capsys):
    results = results_with(tmp_path, CATAN)
    pages = tmp_path / "content" / "pages"
    pages.mkdir(parents=True)
    (pages / "rules.md").write_text("Title: Rules\nSlug: my-rules\n\nThe rules.\n", "utf-8")
    os.mkfifo(pages / "waiting.md")
    (pages / "outside.md").symlink_to(tmp_path / "results" / CATAN / "event.yaml")
    edit(results / CATAN / "event.yaml", "\nplayers:", "\nrules: my-rules\nplayers:")
    assert validate(results, capsys)[0] == 0
