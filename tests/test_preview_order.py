"""What a preview's rebuild looks at and writes first.

``make serve`` hands each build what its watcher saw change since the last
good build (``PODIUM_SEEN_CHANGES``): only the event folders it names are
looked at (:func:`~pelican.plugins.podium.events.touched_folders`), when
the index is the one the process's last build left.  An
event's pages start with those of the rounds whose files changed, the
pages an organiser who just saved one waits for
(:func:`~pelican.plugins.podium.event_output.render_event`), which the processes
of a build with more cores than changed events share out.
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from pelican.plugins.podium.cache import Store
from pelican.plugins.podium.event_index import EventIndex
from pelican.plugins.podium.event_output import render_event
from pelican.plugins.podium.events import touched_folders
from pelican.plugins.podium.file_stamps import Stamps
from pelican.plugins.podium.views import event_view
from podium_core.pipeline import evaluate_folder

ROOT = Path(__file__).resolve().parents[1]


def test_the_folders_a_watcher_saw_change_are_those_below_the_results(tmp_path):
    results = tmp_path / "site" / "results"
    (results / "cup").mkdir(parents=True)
    watched = {"roots": [str(tmp_path / "site")], "changed": [
        str(results / "cup" / "round-01.yaml"), str(results / "open" / "event.yaml"),
        str(results / "players.yaml"), str(tmp_path / "site" / "content" / "pages" / "home.md")]}
    assert touched_folders(watched, results) == {"cup", "open", "players.yaml"}
    assert touched_folders({"roots": [str(results)], "changed": []}, results) == set()


@pytest.mark.parametrize("seen", [
    None,  # no watcher
    {"roots": ["/elsewhere"], "changed": []},  # one that does not watch these results
    {"roots": ["RESULTS"], "changed": ["RESULTS"]},  # the results folder itself changed (moved, replaced)
    {"roots": "RESULTS", "changed": []},  # not the setting's shape
])
def test_without_a_watcher_over_the_results_every_folder_is_looked_at(tmp_path, seen):
    results = tmp_path / "results"
    results.mkdir()
    if isinstance(seen, dict):
        seen = {name: [str(results) if part == "RESULTS" else part for part in value] if isinstance(value, list)
                else value for name, value in seen.items()}
    assert touched_folders(seen, results) is None


class Recorder:
    """Stands for :class:`~pelican.plugins.podium.event_output.EventWriter`: the paths in the order written."""

    def __init__(self, urls):
        self.urls = urls
        self.paths: list = []

    def page(self, path, template, **values):
        self.paths.append(path)

    def cut(self, where, template, cut, **values):
        kind, parts = where
        self.paths.append(self.urls.save_as(kind, **parts))

    def data(self, path, data):
        self.paths.append(path)


@pytest.fixture(scope="module")
def outcomes() -> dict:
    found, _registry = evaluate_folder(str(ROOT / "results"))
    return {o.event.slug: o for o in found}


DEMO_EVENTS = sorted(path.name for path in (ROOT / "results").iterdir() if (path / "event.yaml").is_file())


@pytest.mark.parametrize("slug", DEMO_EVENTS)  # every system, every kind of stage
@pytest.mark.parametrize("which", [0, -1])  # a round of the first stage, and of the last
def test_the_pages_of_the_saved_round_come_first(outcomes, slug, which):
    outcome = outcomes[slug]
    ev = event_view(outcome, language="en")
    saved = [r for r in outcome.rounds if r.source is not None][which]
    pages = Recorder(ev.urls_of)
    render_event(ev, pages, ev.urls_of, {os.path.normpath(saved.source.where.path)})
    assert pages.paths[0] == ev.urls_of.save_as("round", slug=ev.slug, stage=saved.stage, round=saved.round)

    unordered = Recorder(ev.urls_of)
    render_event(ev, unordered, ev.urls_of)
    assert sorted(unordered.paths) == sorted(pages.paths)  # the same files, in another order
    assert len(set(pages.paths)) == len(pages.paths)


@pytest.mark.parametrize("slug", DEMO_EVENTS)
def test_shares_of_an_event_s_pages_write_every_file_once(outcomes, slug):
    ev = event_view(outcomes[slug], language="en")
    whole = Recorder(ev.urls_of)
    render_event(ev, whole, ev.urls_of)
    for count in (2, 3):
        shares = []
        for first in range(count):
            pages = Recorder(ev.urls_of)
            render_event(ev, pages, ev.urls_of, share=(first, count))
            shares.append(pages.paths)
        assert all(shares)
        assert sorted(path for share in shares for path in share) == sorted(whole.paths)


def test_the_watcher_s_word_counts_only_over_the_index_this_process_left(tmp_path):
    event = tmp_path / "results" / "cup"
    event.mkdir(parents=True)
    (event / "event.yaml").write_text("name: A\n", "utf-8")
    store = Store(tmp_path / "cache")

    def build():
        """One build's look at the folder, told by a watcher that nothing in it changed."""
        index = EventIndex(store, "events.test")
        found = index.folder_files("cup", event, Stamps(store), untouched=True)
        index.save(["cup"])
        return index, found

    index, first = build()  # a new process has no index of its own yet: it looks
    assert not index.own
    (event / "event.yaml").write_text("name: B\n", "utf-8")
    index, second = build()  # over the index its last build left, the folder is taken as kept
    assert index.own and second == first
    store.keep_record("events.test", taken=0, events={}, template_sets={}, parts=None, site={})  # another build's
    index, third = build()
    assert not index.own and third != first
