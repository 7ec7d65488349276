"""The fast paths of docs/performance.md give exactly what the slow ones gave.

Each test puts a shortcut next to the plain computation it replaces: the
one-pass loader's rules, the JSON writer (json.dumps to the byte), the
ranking sort, the template context and the cached translations.
"""

from __future__ import annotations

import json
from fractions import Fraction
from pathlib import Path

import pytest
from hypothesis import given, settings, strategies as st
from markupsafe import Markup

from podium.draw import Lots
from podium.export import dumps
from podium.loader import load_bytes
from podium.ranking import Criterion, rank

ROOT = Path(__file__).resolve().parents[1]


# -- the loader ------------------------------------------------------------------------------

def load(text: str):
    doc, problems = load_bytes(text.encode(), "f.yaml")
    return (None if doc is None else doc.data), (None if doc is None else doc.lines), [str(p) for p in problems]


def test_loader_refused_keys_skip_their_values_and_the_rest_goes_on():
    data, lines, problems = load("a: 1\n? [x, y]\n: {deep: [1, 2]}\n<<: {m: 1}\nb:\n  c: 2\n  c: {z: 3}\nd: 4\n")
    assert data == {"a": 1, "b": {"c": 2}, "d": 4}
    assert problems == ["f.yaml:2: mapping keys must be plain words or numbers",
                        "f.yaml:4: mapping keys must be plain words or numbers",
                        "f.yaml:7: duplicate key 'c'"]
    assert lines == {(): 1, ("a",): 1, ("b",): 6, ("b", "c"): 6, ("d",): 8}


def test_loader_refused_tags_keep_their_line_and_skip_their_content():
    data, lines, problems = load("a: !!set {x: 1}\nb: [1, !!binary aGk=, 3]\nc: !!str 12\nd: '<<'\ne: 2024-02-03\n")
    assert data == {"a": None, "b": [1, None, 3], "c": "12", "d": "<<", "e": "2024-02-03"}
    assert problems == ["f.yaml:1: the YAML tag '!!set' is not allowed", "f.yaml:2: the YAML tag '!!binary' is not allowed"]
    assert lines[("a",)] == 1 and ("a", "x") not in lines and lines[("b", 1)] == 2


def test_loader_scalars_and_documents():
    assert load("[0, 007, 0x1f, 1_000, -3, +4, 1.5, 18:20, 1:02:03, no, on, True, false, ~, null, '']\n")[0] == \
        [0, 7, 31, 1000, -3, 4, 1.5, "18:20", "1:02:03", "no", "on", True, False, None, None, ""]
    assert load("") == (None, {(): 1}, [])
    assert load("---\n") == (None, {(): 2}, [])  # the empty value after ---
    assert load("a: 1\n---\nb: 2\n")[2] == ["f.yaml:2: YAML syntax error: but found another document "
                                            "(expected a single document in the stream)"]
    # the first refusal in the stream wins, even in a later document
    assert load("a: 1\n---\nb: &x 2\n")[2] == ["f.yaml:3: YAML anchors and aliases (& and *) are not allowed"]
    assert load("a: {b: 1\n")[0] is None


# -- the quick schema check -----------------------------------------------------------------------

# -- event.json text ---------------------------------------------------------------------------------

json_values = st.recursive(
    st.one_of(st.none(), st.booleans(), st.integers(-2 ** 63, 2 ** 64 - 1), st.floats(allow_nan=False, allow_infinity=False),
              st.text()),
    lambda inner: st.one_of(st.lists(inner), st.tuples(inner, inner), st.dictionaries(st.text(), inner)),
    max_leaves=30)


@settings(max_examples=500, deadline=None)
@given(json_values)
def test_dumps_writes_json_that_reads_back_as_the_value(value):
    text = dumps(value)
    assert json.loads(text) == json.loads(json.dumps(value))
    assert text.endswith(b"\n") and text == dumps(value)


def test_dumps_indents_two_spaces_a_level_keeping_the_keys_order():
    document = {"slug": "cup", "name": "Šiaulių taurė <1>", "rounds": [{"round": 1, "units": []}], "values": {"b": 1.5, "a": 2}}
    assert dumps(document).decode("utf-8") == json.dumps(document, ensure_ascii=False, indent=2) + "\n"


def test_dumps_refuses_what_json_has_no_type_for():
    with pytest.raises(TypeError):
        dumps({"a": {1, 2}})
    with pytest.raises(TypeError):
        dumps({("a", "b"): 1})
    with pytest.raises(TypeError):
        dumps({"a": Fraction(1, 3)})


# -- ranking -------------------------------------------------------------------------------------------

@settings(max_examples=200, deadline=None)
@given(st.lists(st.tuples(st.integers(0, 3), st.fractions(0, 3).map(lambda f: Fraction(f).limit_denominator(4))),
                min_size=1, max_size=12), st.lists(st.integers(0, 11), max_size=3, unique=True))
def test_rank_orders_like_the_negated_key(values, judged):
    ids = [f"p{i}" for i in range(len(values))]
    table = dict(zip(ids, values))
    criteria = (Criterion("a", "A", "A", "", lambda pid, t: t[pid][0]),
                Criterion("b", "B", "B", "", lambda pid, t: t[pid][1]))
    lots = Lots("seed", [f"p{i}" for i in judged if i < len(ids)])
    rows = rank(ids, criteria, table, lots)
    expected = sorted(ids, key=lambda pid: ((-table[pid][0], -table[pid][1]), lots.sort_key(pid)))
    assert [r.player for r in rows] == expected


# -- templates --------------------------------------------------------------------------------------

TEMPLATE = """{% macro person(p, big=false) -%}<a href="{{ SITEURL }}/{{ p.url }}">{{ p.name }}</a>{% if big %}!{% endif %}{%- endmacro %}
{% macro box() %}[{{ caller() }}]{% endmacro %}
{% for p in people %}{{ person(p) }} {{ person(p, big=true) }} {{ shout(p.name) }} {{ ctx_name() }} {{ loop.index }} {{ pair(p.name) }} {{ pair(p.name, end='?') }}
{% call box() %}{{ _('seat %(number)s', number=loop.index) }} {{ _('won') }}{% endcall %}{{ stop() }}|{{ p.name|upper }}
{% set line %}<{{ p.name }}>{{ loop.index }}{% endset %}{{ line }}{{ line|length }}
{% set inner = p.name ~ '*' %}{{ ctx_var('inner') }} {{ tr(p.name) }} {{ tr('Games') }} {{ _(p.name) }}
{% endfor %}{% block tail %}{% set in_block = 'b' %}{{ ctx_var('in_block') }}{% endblock %}{% for n in numbers %}{{ n }},{% endfor %}{% set x = 5 %}{{ _('%(n)s%% & <b>', n=x) }}{% autoescape false %}{{ _('<i>') }}{% endautoescape %}"""


def _render(fast: bool):
    from jinja2 import Environment, pass_context

    from pelican.plugins.podium import i18n, jinja_speed

    env = Environment(autoescape=True, extensions=["jinja2.ext.i18n"])
    i18n.install(env, "en")
    if fast:
        jinja_speed.install(env)
        assert env.context_class is jinja_speed.Context and env.template_class is jinja_speed.Template
        assert env.code_generator_class is jinja_speed.CodeGenerator

    def stop():
        raise StopIteration

    class Words:
        def pair(self, text, end="!"):  # a bound method: the short path takes those too
            return f"<{text}>{end}"

    env.globals.update(shout=lambda s: s + "!", stop=stop, ctx_name=pass_context(lambda c: c.name), pair=Words().pair,
                       ctx_var=pass_context(lambda c, name: c.resolve(name)))  # sees loop and block variables
    people = [{"url": "a/", "name": "Ann <script>"}, {"url": 7, "name": Markup("Bo &amp; <i>Co</i>")}]
    return env.from_string(TEMPLATE).render(people=people, SITEURL="..", numbers=[1, True, 2.5, None, -3])


def test_podium_context_and_escaping_render_what_jinja_renders():
    assert _render(True) == _render(False)


def test_memo_renders_its_body_once_per_keys_siteurl_and_language():
    """``{% memo %}`` (jinja_speed.Fragments): the same text as without it,
    the body made once per keys (objects by identity), SITEURL and language."""
    from jinja2 import Environment

    from pelican.plugins.podium import i18n, jinja_speed

    env = Environment(autoescape=True, extensions=["jinja2.ext.i18n"])
    i18n.install(env, "en")
    jinja_speed.install(env)
    made = []
    env.globals["made"] = lambda name: made.append(name) or ""
    memo = env.from_string("{% for p in people %}{% memo p, 'x' %}{{ made(p.name) }}<a href='{{ SITEURL }}/{{ p.url }}'>"
                           "{{ p.name }}</a> {{ _('won') }}{% endmemo %}|{% endfor %}")
    plain = env.from_string("{% for p in people %}<a href='{{ SITEURL }}/{{ p.url }}'>{{ p.name }}</a> {{ _('won') }}|{% endfor %}")
    ann, twin = {"url": "a/", "name": "Ann <b>"}, {"url": "a/", "name": "Ann <b>"}
    people = [ann, ann, twin, ann]
    assert memo.render(people=people, SITEURL="..") == plain.render(people=people, SITEURL="..")
    assert made == ["Ann <b>", "Ann <b>"]  # ann once, her equal twin (another object) once
    assert memo.render(people=people, SITEURL="../..") == plain.render(people=people, SITEURL="../..")
    assert len(made) == 4  # another SITEURL: made again
    i18n.install(env, "lv")
    assert memo.render(people=people, SITEURL="..") == plain.render(people=people, SITEURL="..")
    assert "uzvara" in plain.render(people=people, SITEURL="..") and len(made) == 6  # another language
    jinja_speed.forget(env)
    memo.render(people=[ann], SITEURL="..")
    assert len(made) == 7  # forgotten: made afresh
    # inside a macro (its output collected in a buffer, not yielded): the same
    in_macro = env.from_string("{% macro card(p) %}[{% memo p %}{{ made(p.name) }}{{ p.name }}{% endmemo %}]{% endmacro %}"
                               "{% for p in people %}{{ card(p) }}{% endfor %}")
    assert in_macro.render(people=[ann, ann, twin], SITEURL="..") == "[Ann &lt;b&gt;]" * 3
    assert len(made) == 9  # ann once, her twin once


def test_cached_gettext_matches_jinja_newstyle_gettext():
    from jinja2 import Environment

    from pelican.plugins.podium import i18n

    plain = Environment(autoescape=True, extensions=["jinja2.ext.i18n"])
    plain.install_gettext_translations(i18n.translations("lv"), newstyle=True)
    ours = Environment(autoescape=True, extensions=["jinja2.ext.i18n"])
    i18n.install(ours, "lv")
    source = ("{{ _('Rank') }} {{ _('seat %(number)s', number=3) }} {{ _('seat %(number)s', number=3) }} "
              "{{ _('%(stage)s, round %(number)s', stage='<b>', number=2) }} {{ _('x %(v)s', v=none) }}"
              "{% trans %}Players{% endtrans %}{% autoescape false %}{{ _('a %(v)s', v='<i>') }}{% endautoescape %}")
    for _ in range(2):  # the second time from the cache
        assert ours.from_string(source).render() == plain.from_string(source).render()


def test_the_demo_site_is_the_same_with_plain_jinja(tmp_path, monkeypatch):
    """Every speed-up of pelican.plugins.podium.jinja_speed (remembered macros, fragments and
    imports, the short call and escape paths) changes no byte of any page: the
    demo results (every format, translated pages, people, search, feeds) built
    with them and with plain Jinja (``{% memo %}`` parsed, nothing remembered)."""
    from test_site import build

    from pelican.plugins.podium import jinja_speed

    def files(output):
        return {str(p.relative_to(output)): p.read_bytes() for p in sorted(output.rglob("*")) if p.is_file()}

    fast = files(build(ROOT / "results", tmp_path / "fast", PODIUM_LANGUAGE=None, PODIUM_JOBS=1))
    monkeypatch.setattr(jinja_speed, "install", lambda env: env.add_extension(jinja_speed.Fragments))
    plain = files(build(ROOT / "results", tmp_path / "plain", PODIUM_LANGUAGE=None, PODIUM_JOBS=1))
    assert len(fast) > 300
    assert fast.keys() == plain.keys()
    different = [name for name in fast if fast[name] != plain[name]]
    assert not different, different[:10]
