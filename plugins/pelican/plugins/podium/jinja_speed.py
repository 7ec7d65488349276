"""Jinja's per-call overhead, cut where it does nothing for Podium's templates.

Every function call in a template -- a macro, ``_()``, ``tr()``, a filter
helper -- goes through :meth:`jinja2.runtime.Context.call`, which asks each
callable three times whether it wants the context, the evaluation context
or the environment passed in.  Podium's pages make a few hundred such calls
each, so the asking costs more than some of the calls.

:class:`Context` answers the question once for the kinds of callables
templates call all the time -- plain Python functions, bound methods and
macros -- exactly as Jinja would (a function carries ``jinja_pass_arg``
when it wants an argument; a macro never does), and leaves every other
callable to Jinja.
A macro called with exactly its positional arguments runs its compiled body
directly (:func:`_run`), without ``Macro.__call__``'s handling of the other
ways to call it.  Macros that depend on one argument only are remembered
(:data:`PURE_MACROS`), and so are the modules of the macro files every
page imports "with context" (:data:`SHARED_IMPORTS`), once per page depth,
language and event instead of once per page and partial.
Autoescaping calls :func:`markupsafe.escape` for every value a page shows
(some 800 a page), and only to yield its text into the page.
:func:`escape_for_output` gives that text for the kinds that are nearly all
of them -- text is escaped, safe markup and whole numbers are kept as they
are -- without the generic checks and without wrapping each piece in a new
``Markup`` object (a third of the cost of showing a value), and hands
anything else to markupsafe.  :class:`Template` makes compiled templates use
it: Jinja's compiled code calls ``escape`` for one thing only, a value it
outputs (blocks, macros and ``{% set %}`` join the pieces and mark the
whole safe); their ``Markup(...)`` is :func:`mark_safe`.

:class:`CodeGenerator` compiles the templates' calls, translations and
shown values into cheaper Python than Jinja's own (it needs
:class:`Context` and :class:`Template`, and is used only with them).

:class:`Fragments` adds ``{% memo key, ... %}...{% endmemo %}``: a part of a
layout that every page of an event repeats (the site header, the event's
navigation, the footer) is rendered once per key, SITEURL and language.

The output is the same to the byte.
"""

from __future__ import annotations

import os
from types import FunctionType, MethodType

import jinja2
import markupsafe
from jinja2 import compiler, nodes, runtime
from jinja2.ext import Extension
from jinja2.utils import LRUCache
from markupsafe import Markup

try:  # markupsafe's own C escaping of a str (private; without it, markupsafe.escape is used)
    from markupsafe import _escape_inner
except ImportError:  # pragma: no cover
    _escape_inner = None

try:  # a private name of Jinja 3.1; without it, Jinja's own Context is used
    from jinja2.utils import _PassArg
except ImportError:  # pragma: no cover
    _PassArg = None


# The macros of podium/macros.html whose output depends on nothing but their one
# argument, SITEURL and the page's language, and which pages of an event show
# again and again (a player's link, a round's or a standing's title): made once
# per page depth and language.  A theme that overrides one must keep it so.
PURE_MACROS = frozenset({"person", "round_title", "standing_title", "round_text", "standing_text", "criterion_th",
                         "status_badge"})
PURE_MACROS_FILE = os.path.join("podium", "macros.html")
# The macro files whose macros use nothing of the page importing them ("with
# context") but SITEURL and ``ev``: imported once per page depth, language and
# event instead of once per page and partial.  A theme that overrides one must keep it so.
SHARED_IMPORTS = frozenset({"podium/macros.html", "podium/workflow/macros.html", "podium/tantrix/macros.html",
                            "podium/carcassonne/macros.html", "podium/baska/macros.html"})
MEMO_LIMIT = 200_000  # results kept (an event's worth); then it starts afresh


_str_new = str.__new__


def mark_safe(base="", *args):
    """``Markup(base)``: the same object, made without ``Markup.__new__``'s
    checks when ``base`` is plain text (what a macro or block returns)."""
    if type(base) is str and not args:
        return _str_new(Markup, base)
    return Markup(base, *args)


def _run(macro, args):
    """``macro(*args)`` for a call with exactly its positional arguments.

    What :meth:`jinja2.runtime.Macro.__call__` does then, without its checks
    for the other ways to call a macro: a macro that takes a ``caller``,
    ``varargs`` or ``kwargs`` (or an async environment) goes through it.
    The compiled body returns plain text, marked safe when autoescaping."""
    if macro.caller or macro.catch_varargs or macro.catch_kwargs or macro._environment.is_async:
        return macro(*args)
    result = macro._func(*args)
    return mark_safe(result) if macro._default_autoescape else result


def _is_pure(code) -> bool:
    return code.co_name == "macro" and code.co_filename.endswith(PURE_MACROS_FILE)


class Context(runtime.Context):
    """:class:`jinja2.runtime.Context` with a shorter path for functions, methods and macros."""

    def call(__self, __obj, *args, **kwargs):  # noqa: N805 (Jinja's own signature)
        loop_vars = kwargs.pop("_loop_vars", None) if kwargs else None
        block_vars = kwargs.pop("_block_vars", None) if kwargs else None
        return __self.call_in(loop_vars, block_vars, __obj, *args, **kwargs)

    def call_in(__self, __loop_vars, __block_vars, __obj, *args, **kwargs):  # noqa: N805
        """``call(obj, *args, **kwargs)`` as :class:`CodeGenerator` compiles a call: the
        variables set in the enclosing loop and block (or None) come first, by
        position, rather than as the keywords ``_loop_vars`` and ``_block_vars``
        that every call would then build a dict for.  Only a callable that wants
        the context reads them, and it gets them as Jinja gives them."""
        kind = type(__obj)
        if kind is runtime.Macro or kind is FunctionType or kind is MethodType:
            pass_arg = None if kind is runtime.Macro else getattr(__obj, "jinja_pass_arg", None)  # a macro never asks
            if pass_arg is None or pass_arg is _PassArg.eval_context:
                try:
                    if kind is runtime.Macro and not kwargs and len(args) == __obj._argument_count:
                        if len(args) == 1 and __obj.name in PURE_MACROS:
                            return __self._remembered(__obj, args[0])
                        return _run(__obj, args)
                    if pass_arg is None:
                        return __obj(*args, **kwargs)
                    return __obj(__self.eval_ctx, *args, **kwargs)
                except StopIteration:
                    return __self.environment.undefined(
                        "value was undefined because a callable raised a StopIteration exception")
        if __loop_vars is not None:
            kwargs["_loop_vars"] = __loop_vars
        if __block_vars is not None:
            kwargs["_block_vars"] = __block_vars
        return runtime.Context.call(__self, __obj, *args, **kwargs)

    def _remembered(self, macro, argument):
        """``macro(argument)``, made once per argument, SITEURL and language (:data:`PURE_MACROS`).

        Keyed by identities (a code object hashes its whole body): the key's
        objects are held with the result, so their ids stay theirs."""
        memo = getattr(self.environment, "podium_macro_memo", None)
        if memo is None:
            return macro(argument)
        code = macro._func.__code__
        try:
            place = self._podium_place
        except AttributeError:  # the first remembered call of this page (or module): its SITEURL and language
            local = self.vars
            siteurl = local["SITEURL"] if "SITEURL" in local else self.parent.get("SITEURL")
            place = self._podium_place = (siteurl, self.environment.globals.get("podium_language"))
        key = (id(code), id(argument), *place)
        found = memo.get(key)
        if found is not None:
            return found[1]
        result = _run(macro, (argument,))
        if _is_pure(code):  # only results of podium/macros.html are kept (and so ever found)
            if len(memo) >= MEMO_LIMIT:
                memo.clear()
            memo[key] = ((code, argument), result)
        return result


class CodeGenerator(compiler.CodeGenerator):
    """Jinja's compiler, with these things compiled more cheaply:

    - a call, as ``context.call_in(loop variables, block variables, callable,
      arguments...)`` (:meth:`Context.call_in`);
    - ``_(msgid)`` and ``tr(msgid)`` with a text: first looked up in what
      the language's function gave for it before (its ``podium_texts``, see
      :mod:`pelican.plugins.podium.i18n`), called only when that has nothing (or the
      name is some other function, or the argument is not text);
    - a value shown on the page: text (most of them) is escaped right there by
      markupsafe's own C function, anything else by ``escape``
      (:func:`escape_for_output`), instead of one Python call per value;
    - an attribute, as Python's ``getattr`` with a default, and only when
      that finds nothing :meth:`jinja2.Environment.getattr` (an item, or
      undefined): the same value without a method call;
    - what a parent template, a block or an included template yields is
      handed on joined, as one piece (:func:`_joined`);
    - ``{% memo %}`` looks its text up first, and makes its body a macro only
      when there is none.

    The values tested are held in locals named ``podium_*``, each used
    right where it is set.
    """

    def _shown_inline(self, frame, finalize) -> bool:
        return (_escape_inner is not None and not frame.eval_ctx.volatile and frame.eval_ctx.autoescape
                and finalize.src is None)

    def _output_child_pre(self, node, frame, finalize):
        if not self._shown_inline(frame, finalize):
            return super()._output_child_pre(node, frame, finalize)
        self.write("(podium_escape_text(podium_shown) if type(podium_shown := ")

    def _output_child_post(self, node, frame, finalize):
        if not self._shown_inline(frame, finalize):
            return super()._output_child_post(node, frame, finalize)
        self.write(") is str else escape(podium_shown))")

    @compiler.optimizeconst
    def visit_Call(self, node, frame, forward_caller=False):
        if self.environment.is_async or self.environment.sandboxed:
            return compiler.CodeGenerator.visit_Call.__wrapped__(self, node, frame, forward_caller=forward_caller)
        if not forward_caller and _translation(node) and frame.eval_ctx.autoescape and not frame.eval_ctx.volatile:
            self.write("(podium_text if type(podium_msgid := ")
            self.visit(node.args[0], frame)
            self.write(") is str and (podium_text := getattr(")
            self.visit(node.node, frame)
            self.write(", 'podium_texts', podium_no_texts).get(podium_msgid)) is not None else ")
            self._call_in(frame)
            self.visit(node.node, frame)
            self.write(", podium_msgid))")
            return None
        self._call_in(frame)
        self.visit(node.node, frame)
        self.signature(node, frame, {"caller": "caller"} if forward_caller else None)
        self.write(")")

    @compiler.optimizeconst
    def visit_Getattr(self, node, frame):
        if self.environment.is_async or type(self.environment).getattr is not jinja2.Environment.getattr:
            return compiler.CodeGenerator.visit_Getattr.__wrapped__(self, node, frame)
        self.write("(podium_value if (podium_value := getattr(podium_object := ")
        self.visit(node.node, frame)
        self.write(f", {node.attr!r}, missing)) is not missing else environment.getattr(podium_object, {node.attr!r}))")

    def visit_Output(self, node, frame):
        """Text and values between two tags yielded as one piece (joined
        there), not one piece each: Jinja's own code for a buffer
        (``_buffer.extend((...))``), made a ``yield`` by :meth:`writeline`."""
        if frame.buffer is not None or len(node.nodes) < 2 or self.environment.is_async:
            return super().visit_Output(node, frame)
        frame.buffer = _PIECES
        try:
            return super().visit_Output(node, frame)
        finally:
            frame.buffer = None

    def visit_CallBlock(self, node, frame):
        """``{% memo %}``: the remembered text when :meth:`Fragments._found` has it;
        only otherwise the body made a macro and :meth:`Fragments._fragment` called."""
        call = node.call
        if not (isinstance(call.node, nodes.ExtensionAttribute) and call.node.identifier == Fragments.identifier
                and call.node.name == "_fragment" and not call.kwargs and not self.environment.is_async):
            return super().visit_CallBlock(node, frame)
        self.writeline(f"podium_found = environment.extensions[{Fragments.identifier!r}]._found(")
        for position, argument in enumerate(call.args):
            if position:
                self.write(", ")
            self.visit(argument, frame)
        self.write(")")
        self.writeline("if podium_found is not None:")
        self.indent()
        self.start_write(frame, node)
        self.write("podium_found")
        self.end_write(frame)
        self.outdent()
        self.writeline("else:")
        self.indent()
        super().visit_CallBlock(node, frame)
        self.outdent()

    def writeline(self, x, node=None, extra=0):
        if x.startswith(_PIECES):
            x = "yield concat((" if x == _PIECES + ".extend((" else "yield ("
        super().writeline(_joined(x), node, extra)

    def _call_in(self, frame):
        self.write("context.call_in(")
        self.write("_loop_vars, " if frame.loop_frame else "None, ")
        self.write("_block_vars, " if frame.block_frame else "None, ")


_DELEGATIONS = ("yield from parent_template.root_render_func(", "yield from context.blocks[")
_PIECES = "podium_pieces"  # the buffer CodeGenerator.visit_Output pretends to have


def _joined(line: str) -> str:
    """A line of Jinja's compiled code that hands on, piece by piece, what
    another template or a block yields (``{% extends %}``, ``{% block %}``,
    ``{% include %}``), made to hand it on joined, as one piece: a page's
    every piece otherwise passes through each level of the layout it sits
    in (content block, page, event layout, site layout)."""
    if line.startswith(_DELEGATIONS):
        return "yield concat(" + line[len("yield from "):] + ")"
    if line == "for event in gen:":
        return "for event in (concat(gen),):"
    return line


def _translation(node) -> bool:
    """``_(msgid)``, ``gettext(msgid)`` or ``tr(msgid)``: one argument, nothing else."""
    return (isinstance(node.node, nodes.Name) and node.node.name in ("_", "gettext", "tr") and len(node.args) == 1
            and not node.kwargs and node.dyn_args is None and node.dyn_kwargs is None)


def escape_for_output(value) -> str:
    """The text :func:`markupsafe.escape` gives ``value``, shorter for ``str``,
    ``int`` and ``Markup`` and, for ``str`` and ``int``, a plain ``str``."""
    kind = type(value)
    if kind is str:
        return _escape_inner(value)
    if kind is Markup:
        return value
    if kind is int:
        return int.__repr__(value)
    return markupsafe.escape(value)


class Template(jinja2.Template):
    """A template whose compiled code escapes what it outputs with
    :func:`escape_for_output`, and whose :data:`SHARED_IMPORTS` are remembered."""

    def make_module(self, vars=None, shared=False, locals=None):
        """``{% import ... with context %}`` of one of :data:`SHARED_IMPORTS`: the module
        made for the first page with the same SITEURL, language and ``ev``."""
        memo = getattr(self.environment, "podium_macro_memo", None)
        if vars is None or memo is None or self.name not in SHARED_IMPORTS:
            return super().make_module(vars, shared, locals)
        ev = vars.get("ev")
        key = (id(self), vars.get("SITEURL"), self.environment.globals.get("podium_language"), id(ev))
        found = memo.get(key)
        if found is not None:
            return found[1]
        module = super().make_module(vars, shared, locals)
        memo[key] = ((self, ev), module)  # the key's objects held: their ids stay theirs
        return module

    @classmethod
    def from_code(cls, environment, code, globals, uptodate=None):
        template = super().from_code(environment, code, globals, uptodate)
        namespace = template.root_render_func.__globals__  # the compiled module's globals
        if _escape_inner is not None and namespace.get("escape") is markupsafe.escape:
            namespace["escape"] = escape_for_output
        if namespace.get("Markup") is Markup:
            namespace["Markup"] = mark_safe
        namespace["podium_escape_text"] = _escape_inner  # what CodeGenerator's code calls for text
        namespace["podium_no_texts"] = _NO_TEXTS
        return template


class Fragments(Extension):
    """``{% memo key, ... %}body{% endmemo %}``: the body rendered once per keys.

    The rule a template states with it: the body shows nothing but its keys,
    SITEURL, the page's language and values that are the same for the whole
    build (the site's name, its menu).  The memo is then keyed by the tag's
    place in its template, SITEURL, the language and the keys -- a string,
    number or ``None`` by value, anything else by identity (the object itself
    is held, so its id is never reused while the memo lives).  Blocks cannot
    be inside a memo: put the memo inside the block instead.
    """

    tags = {"memo"}

    def parse(self, parser):
        lineno = next(parser.stream).lineno
        keys = []
        while parser.stream.current.type != "block_end":
            if keys:
                parser.stream.expect("comma")
            keys.append(parser.parse_expression())
        body = parser.parse_statements(("name:endmemo",), drop_needle=True)
        place = nodes.Const(f"{parser.name}:{lineno}")
        call = self.call_method("_fragment", [place, nodes.Name("SITEURL", "load"), nodes.Tuple(keys, "load")])
        return nodes.CallBlock(call, [], [], body).set_lineno(lineno)

    def _fragment(self, place, siteurl, keys, caller):
        memo = getattr(self.environment, "podium_macro_memo", None)
        if memo is None:
            return caller()
        key = self._key(place, siteurl, keys)
        found = memo.get(key)
        if found is not None:
            return found[1]
        result = caller()
        if len(memo) >= MEMO_LIMIT:
            memo.clear()
        memo[key] = (keys, result)  # the keys held: their ids stay theirs
        return result

    def _found(self, place, siteurl, keys):
        """What :meth:`_fragment` remembers for these keys, or None (:class:`CodeGenerator`
        asks this first, and makes the body a macro for :meth:`_fragment` only then)."""
        memo = getattr(self.environment, "podium_macro_memo", None)
        found = None if memo is None else memo.get(self._key(place, siteurl, keys))
        return None if found is None else found[1]

    def _key(self, place, siteurl, keys) -> tuple:
        key = (place, siteurl, self.environment.globals.get("podium_language"))
        if keys:
            key += tuple([k if k is None or type(k) in _BY_VALUE else id(k) for k in keys])
        return key


_BY_VALUE = frozenset({str, int, bool, float})
_NO_TEXTS: dict = {}  # a gettext that remembers nothing for CodeGenerator's code (always empty)


def forget(env) -> None:
    """Drop the remembered macro results (a new build: its own views)."""
    if hasattr(env, "podium_macro_memo"):
        env.podium_macro_memo.clear()


def install(env) -> None:
    """Render ``env``'s templates with :class:`Context` and :class:`Template`
    (when Jinja is the kind this was written for and nothing else replaced them),
    remembering the results of :data:`PURE_MACROS` and of ``{% memo %}``."""
    env.podium_macro_memo = {}
    if isinstance(env.cache, LRUCache):  # every template kept, looked up without LRU bookkeeping (Jinja's cache_size=-1)
        env.cache = dict(env.cache.items())
    if Fragments.identifier not in env.extensions:
        env.add_extension(Fragments)
    if _PassArg is not None and env.context_class is runtime.Context:
        env.context_class = Context
    if env.template_class is jinja2.Template:
        env.template_class = Template
    if env.context_class is Context and env.template_class is Template and env.code_generator_class is compiler.CodeGenerator:
        env.code_generator_class = CodeGenerator  # its code needs both
