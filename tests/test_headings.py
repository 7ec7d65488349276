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

from pelican.plugins.podium import headings, i18n
from pelican.plugins.podium.plugin import TEMPLATES
from pelican.plugins.podium.views import event_view
from podium_core.pipeline import evaluate_folder

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


PLACE = ("{% if kind == 'matches' %}{{ ui('match %(number)s', number=unit) }}{% else %}"
         "{{ ui('table %(number)s', number=unit) }}{% endif %}, {{ ui('seat %(number)s', number=seat) }}")


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


MENU = ("<a>{{ ui('Overview') }}|{{ ev.url }}|event</a>"
        "{% if ev.standings %}<a>{{ ui('Standings') }}|{{ ev.urls.standings_index }}|standings</a>{% endif %}"
        "<a>{{ ui('Players') }}|{{ ev.urls.players }}|players</a>"
        "{% if ev.finished %}<a>{{ ui('Classification') }}|{{ ev.urls.classification }}|classification</a>{% endif %}"
        "<a>{{ ui('Format') }}|{{ ev.urls.format }}|format</a>"
        "{% for label, url, section in ev.links %}<a>{{ tr(label) }}|{{ url }}|{{ section }}</a>{% endfor %}"
        "{% if ev.rules_url %}<a>{{ ui('Rules') }}|{{ ev.rules_url }}|rules</a>{% endif %}")


def test_the_event_menu_is_what_the_template_wrote(outcomes):
    """Every demo event's menu, in its language and in English, with and without a
    rules page: the links, words and sections the menu's template wrote, in its order."""
    kinds = set()
    for language, ev in views(outcomes):
        for rules_url in (None, f"rules-{ev.slug}.html"):
            shown = dataclasses.replace(ev, rules_url=rules_url)
            expected = environment(language).from_string(MENU).render(ev=shown)
            assert shown.menu and "".join(f"<a>{label}|{url}|{section}</a>" for label, url, section in shown.menu) \
                == expected, (ev.slug, language)
            assert all(isinstance(label, Markup) for label, _url, _section in shown.menu)
            kinds.update(section for _label, _url, section in shown.menu)
    assert {"event", "standings", "players", "classification", "format", "rules"} <= kinds
    assert len(kinds) > 6  # the extensions' links are in it


@pytest.mark.parametrize("text", [
    "Bench catan-lv-2016 1 — Podium", "", "Tom &amp; Jerry · Riga", "<b>Final</b> — Podium",
    "  two\n lines  ", "a <!-- note --> b", "&lt;script&gt;", "tab\there", "x&nbsp;y",
])
def test_the_plain_filter_is_striptags(text):
    """``plain`` gives what Jinja's ``striptags`` gives, for texts with and without anything to strip."""
    env = jinja2.Environment(autoescape=True)
    env.filters["plain"] = headings.plain
    value = Markup(text)
    assert env.from_string("{{ v|plain }}").render(v=value) == env.from_string("{{ v|striptags }}").render(v=value)
    assert headings.plain(value) == value.striptags()
