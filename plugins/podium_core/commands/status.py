"""``podium status RESULTS/<slug>``: where the event stands, on one screen.

Every round with its state (complete, being played with the tables that
lack a result, upcoming), what to do next (``podium pair --write``,
``podium enter``, an ``advance:`` or a result the engine waits for), and,
when the event folder is in a git work tree, the files not yet committed:
a round file that ``pair --write`` created is new and needs ``git add``
before ``git commit -a`` takes it.
"""

from __future__ import annotations

import subprocess
from pathlib import Path

from ..errors import Problems
from ..nextround import missing_results, seatable_later
from ..pipeline import evaluate_one


def register(commands) -> None:
    status = commands.add_parser("status", help="where the event stands and what to do next")
    status.add_argument("event", help="an event folder, e.g. results/my-event")


def run(args) -> int:
    folder = Path(args.event)
    try:
        outcome = evaluate_one(folder)
    except Problems as exc:
        print(f"{folder}: {len(exc.problems)} problem{'s' if len(exc.problems) != 1 else ''} to fix first "
              f"(podium validate {folder} lists them); the first:")
        print(f"  {exc.problems[0]}")
        _print_git(folder)
        return 1
    print("\n".join(report(outcome, folder)))
    _print_git(folder)
    return 0


def report(outcome, folder: Path) -> list[str]:
    """The event's rounds and its next step, as lines."""
    event = outcome.event
    lines = [f"{event.name} ({event.format}, {len(event.players)} players)"]
    for rnd in outcome.rounds:
        title = str(rnd.title or rnd.slug)
        file = Path(rnd.source.where.path).name if rnd.source is not None else "no file yet"
        if rnd.status == "complete":
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
    lines.append(f"next: {next_step(outcome, folder)}")
    return lines


def next_step(outcome, folder: Path) -> str:
    """The organiser's next step, in one sentence with the command to run."""
    current = outcome.next_round()
    if current is None:
        if outcome.format.next_round_header(outcome) is not None:
            return f"podium pair {folder} --write (seats the next round and creates its file)"
        return "nothing: every round is complete" + (" and the classification is final" if outcome.finished else "")
    title = str(current.title or current.slug)
    if current.status == "in-progress":
        step = f"podium enter {folder} (results of {title}: {', '.join(missing_results(current))})"
        later = seatable_later(folder, outcome, current)
        if later is not None:
            rnd, path, _seated = later
            step += f"; podium pair {folder} --write seats the matches of {rnd.title or rnd.slug} already known ({path.name})"
        return step
    if not current.units:
        return f"{title} cannot be seated yet: {current.waiting}" if current.waiting else f"{title} cannot be seated yet"
    if current.source is None or not current.source.listed:
        return f"podium pair {folder} --write (writes the seating of {title} into its file), then podium enter {folder}"
    return f"podium enter {folder} (results of {title})"


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
