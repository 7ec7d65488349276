"""``podium status [RESULTS/<slug>]``: where the event stands, on one screen.

Every round with its state (complete, being played with the tables that
lack a result, upcoming), what to do next (``podium pair --write``,
``podium enter``, an ``advance:`` or a result the engine waits for), and,
when the event folder is in a git work tree, the files not yet committed:
a round file that ``pair --write`` created is new and needs ``git add``
before ``git commit -a`` takes it.

Tables to announce: when the round to play lists a seating the rules no
longer give (a corrected result, a withdrawal, a late entrant), the tables
``podium pair --write`` will change, old → new; once re-seated, the tables
that differ from the file as last committed (in a git work tree).  The
commands said next name the event folder as the organiser gave it (none
when run in the event folder).
"""

from __future__ import annotations

import subprocess
from pathlib import Path

from ..errors import Problems
from ..loader import load_bytes
from ..nextround import file_name, missing_results, next_seating, seatable_later, NotReady
from ..pipeline import evaluate_one
from ..seating_only import seating_only_files
from .pair import SEATING_DIFFERS, changes_from, seating_changes


def register(commands) -> None:
    status = commands.add_parser("status", help="where the event stands and what to do next")
    status.add_argument("event", nargs="?", default=".", help="an event folder, e.g. results/my-event (default: the folder you are in)")


def run(args) -> int:
    folder = Path(args.event)
    here = shown(args)
    try:
        outcome = evaluate_one(folder)
    except Problems as exc:
        reseat = _to_reseat(folder, exc.problems)
        if reseat is None:
            print(f"{folder}: {len(exc.problems)} problem{'s' if len(exc.problems) != 1 else ''} to fix first "
                  f"(podium validate{here} lists them); the first:")
            print(f"  {exc.problems[0]}")
            _print_git(folder)
            return 1
        rnd, path, outcome = reseat
        lines = report(outcome, folder, here, again=path)[:-1]
        title = str(rnd.title or rnd.slug)
        lines.append(f"to announce: {path.name} lists a seating the rules no longer give (a corrected result, a "
                     f"withdrawal or a late entry); re-seated, these tables change:")
        lines += [f"  {line}" for line in seating_changes(rnd, path, outcome.event)]
        lines.append(f"next: podium pair{here} --write (re-seats {title}), then announce the changed tables")
        print("\n".join(lines))
        _print_git(folder)
        return 0
    lines = report(outcome, folder, here)
    announce = reseated_since_commit(outcome)
    if announce:
        path, changed = announce
        lines[-1:-1] = [f"to announce: {path.name} was re-seated since the last commit; these tables changed:"] + \
                       [f"  {line}" for line in changed]
    print("\n".join(lines))
    _print_git(folder)
    return 0


def shown(args) -> str:
    """How the commands said next name the event folder: `` results/cup``
    as given, nothing when the organiser is in it."""
    return "" if Path(args.event) == Path(".") else f" {args.event}"


def _to_reseat(folder: Path, problems):
    """When every problem is a seating the rules no longer give, in a round
    file without results: that round seated again, ``(round, path, outcome)``;
    else None."""
    files = {str(path) for path, _data in seating_only_files(folder)}
    if not problems or not all(p.path in files and any(d in p.message for d in SEATING_DIFFERS) for p in problems):
        return None
    try:
        return next_seating(folder)
    except (Problems, NotReady):
        return None


def report(outcome, folder: Path, here: str | None = None, again: Path | None = None) -> list[str]:
    """The event's rounds and its next step, as lines; ``again``: the file of
    a round whose seating the rules no longer give."""
    event = outcome.event
    lines = [f"{event.name} ({event.format}, {len(event.players)} players)"]
    for rnd in outcome.rounds:
        title = str(rnd.title or rnd.slug)
        file = Path(rnd.source.where.path).name if rnd.source is not None else "no file yet"
        if again is not None and rnd.source is not None and Path(rnd.source.where.path) == again:
            state = "seated, but the rules now seat it differently: to seat again"
        elif rnd.status == "complete":
            state = "complete"
        elif rnd.status == "in-progress":
            state = f"being played; no result yet at {', '.join(missing_results(rnd))}"
        elif rnd.units and rnd.source is not None and rnd.source.listed:
            state = "seated, no results yet"
        elif rnd.units:
            state = "upcoming; seated by the rules when the site is built"
        else:
            state = f"waiting: {rnd.waiting}" if rnd.waiting else "waiting"
        lines.append(f"  {title} [{file}]: {state}")
    lines.append(f"next: {next_step(outcome, folder, here)}")
    return lines


def next_step(outcome, folder: Path, here: str | None = None) -> str:
    """The organiser's next step, in one sentence with the command to run."""
    here = f" {folder}" if here is None else here
    current = outcome.next_round()
    if current is None:
        header = outcome.format.next_round_header(outcome)
        if header is not None:
            return _next_file(outcome, folder, header, here)
        return "nothing: every round is complete" + (" and the classification is final" if outcome.finished else "")
    title = str(current.title or current.slug)
    if current.status == "in-progress":
        step = f"podium enter{here} (results of {title}: {', '.join(missing_results(current))})"
        later = seatable_later(folder, outcome, current)
        if later is not None:
            rnd, path, _seated = later
            step += f"; podium pair{here} --write seats the matches of {rnd.title or rnd.slug} already known ({path.name})"
        return step
    if not current.units:
        why = f": {current.waiting}" if current.waiting else ""
        file = f" (write it in {Path(current.source.where.path).name}, then podium pair{here} --write)" \
            if current.source is not None and current.waiting else ""
        return f"{title} cannot be seated yet{why}{file}"
    if current.source is None or not current.source.listed:
        return f"podium pair{here} --write (writes the seating of {title} into its file), then podium enter{here}"
    return f"podium enter{here} (results of {title})"


def _next_file(outcome, folder: Path, header: dict, here: str) -> str:
    """The step when the next round has no file yet: seat it, or, when the
    rules wait for something the organisers write (``advance:``), create its
    file to write it in."""
    name = file_name(header)
    try:
        seated = evaluate_one(folder, pending={"path": folder / name, "data": header})
    except Problems:
        seated = None
    later = seated.next_round() if seated is not None else None
    if later is not None and not later.units:
        title = str(later.title or later.slug)
        why = f": {later.waiting}" if later.waiting else ""
        return (f"{title} cannot be seated yet{why}; podium pair{here} --write creates {name} to write it in, "
                f"then podium pair{here} --write seats it")
    return f"podium pair{here} --write (seats the next round and creates its file)"


def reseated_since_commit(outcome):
    """The round to play, when its file lists a seating other than the file
    last committed to git: ``(path, changed tables)``; None otherwise."""
    current = outcome.next_round()
    if current is None or current.status != "upcoming" or current.source is None or not current.source.listed:
        return None
    path = Path(current.source.where.path)
    try:
        done = subprocess.run(["git", "-C", str(path.parent), "show", f"HEAD:./{path.name}"], capture_output=True)
    except OSError:
        return None
    if done.returncode != 0:
        return None
    doc, problems = load_bytes(done.stdout, str(path))
    if doc is None or problems:
        return None
    changed = changes_from(current, doc.data, outcome.event)
    return (path, changed) if changed else None


def git_changes(folder: Path) -> list[str] | None:
    """``git status`` of the event folder as lines (``new: x``), or None outside
    a git work tree (or without git)."""
    try:
        inside = subprocess.run(["git", "-C", str(folder), "rev-parse", "--is-inside-work-tree"],
                                capture_output=True, text=True)
        if inside.returncode != 0 or inside.stdout.strip() != "true":
            return None
        done = subprocess.run(["git", "-C", str(folder), "status", "--porcelain=v1", "--untracked-files=all", "--", "."],
                              capture_output=True, text=True)
    except OSError:
        return None
    if done.returncode != 0:
        return None
    words = {"??": "new, not added", "A": "added", "M": "changed", "D": "deleted", "R": "renamed"}
    lines = []
    for entry in done.stdout.splitlines():
        code, name = entry[:2], entry[3:]
        word = words["??"] if code == "??" else words.get(code.strip()[:1], "changed")
        lines.append(f"{word}: {name}")
    return lines


def _print_git(folder: Path) -> None:
    changes = git_changes(folder)
    if changes is None:
        return
    if not changes:
        print("git: everything is committed")
        return
    print("git: not yet committed (git add, then git commit, publishes them):")
    for line in changes:
        print(f"  {line}")
