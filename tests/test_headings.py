"""The titles put together once per event (``headings``) are what the macros write.

``podium/macros.html`` keeps its own way of writing a round's title, a
standing's and the event's state, for objects without a heading (the
site-wide pages' summaries).  For every round and standing of the demo
events, in the event's language and in English, the view's heading must be
byte for byte what the macro writes without it, and the description of
every page's ``<head>`` what the template used to put together.
"""

from __future__ import annotations

import dataclasses
from pathlib import Path
from types import SimpleNamespace

import jinja2
import pytest
from markupsafe import Markup, escape

from pelican.plugins.podium import i18n
from pelican.plugins.podium.plugin import TEMPLATES
from pelican.plugins.podium.views import event_view
from podium.pipeline import evaluate_folder

ROOT = Path(__file__).resolve().parents[1]

DESCRIPTION = ("{% import 'podium/macros.html' as dm with context %}{{ ev.name }}{% if ev.dates %} · "
               "{{ dm.dates(ev)|striptags }}{% endif %}{% if ev.venue %} · {{ ev.venue }}{% endif %} · "
               "{{ tr(ev.format.title) }} · {{ dm.event_status(ev)|striptags }}")


@pytest.fixture(scope="module")
def outcomes():
    found, _registry = evaluate_folder(str(ROOT / "results"))
    assert len(found) >= 5
    return found


def environment(language: str) -> jinja2.Environment:
    env = jinja2.Environment(loader=jinja2.FileSystemLoader(str(TEMPLATES)), autoescape=True,
                             extensions=["jinja2.ext.i18n"], trim_blocks=True, lstrip_blocks=True)
    i18n.install(env, language)
    return env


def views(outcomes):
    for outcome in outcomes:
        for language in sorted({outcome.event.language or "en", "en"}):
            yield language, event_view(outcome, language=language)


def test_every_heading_is_what_the_macro_writes(outcomes):
    checked = 0
    for language, ev in views(outcomes):
        env = environment(language)
        macros = env.get_template("podium/macros.html").make_module({"ev": ev})
        for r in ev.rounds:
            bare = dataclasses.replace(r, heading="", heading_text="")
            assert isinstance(r.heading, Markup)
            assert r.heading == macros.round_title(bare), (ev.slug, language, r.stage, r.round)
            assert escape(r.heading_text) == macros.round_text(bare)
            checked += 1
        for s in ev.standings:
            bare = dataclasses.replace(s, heading="", heading_text="")
            assert s.heading == macros.standing_title(bare), (ev.slug, language, s.stage, s.after_round, s.group)
            assert escape(s.heading_text) == macros.standing_text(bare)
            checked += 1
        bare = SimpleNamespace(status=dataclasses.replace(ev.status, text=""))
        assert ev.status.text == macros.event_status(bare), (ev.slug, language)
    assert checked > 100


def test_the_description_is_what_the_template_wrote(outcomes):
    for language, ev in views(outcomes):
        template = environment(language).from_string(DESCRIPTION)
        bare = dataclasses.replace(ev, status=dataclasses.replace(ev.status, text=""))
        assert escape(ev.description).striptags() == Markup(template.render(ev=bare)).striptags(), (ev.slug, language)


PLACE = ("{% if kind == 'matches' %}{{ _('match %(number)s', number=unit) }}{% else %}"
         "{{ _('table %(number)s', number=unit) }}{% endif %}, {{ _('seat %(number)s', number=seat) }}")


def test_a_game_says_where_the_player_sat(outcomes):
    checked = 0
    for language, ev in views(outcomes):
        template = environment(language).from_string(PLACE)
        for page in ev.player_pages.values():
            for g in page.games:
                if g.result == "bye":
                    assert g.place == ""
                    continue
                assert g.place == template.render(kind=g.round.kind, unit=g.unit.number, seat=g.seat.seat)
                checked += 1
    assert checked > 100
