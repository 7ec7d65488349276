"""Jinja's per-call overhead, cut where it does nothing for Podium's templates.

Every function call in a template -- a macro, ``_()``, ``tr()``, a filter
helper -- goes through :meth:`jinja2.runtime.Context.call`, which asks each
callable three times whether it wants the context, the evaluation context
or the environment passed in.  Podium's pages make a few hundred such calls
each, so the asking costs more than some of the calls.

:class:`Context` answers the question once for the two kinds of callables
templates call all the time -- plain Python functions and macros -- exactly
as Jinja would (a plain function carries ``jinja_pass_arg`` when it wants an
argument; a macro never does), and leaves every other callable to Jinja.
Autoescaping calls :func:`markupsafe.escape` for every value a page shows
(some 400 a page); :func:`escape` does the same for the two kinds that are
nearly all of them -- text is escaped and marked safe, safe markup is kept
as it is -- without the generic checks, and hands anything else to
markupsafe.  :class:`Template` makes compiled templates use it.

The output is the same to the byte.
"""

from __future__ import annotations

from types import FunctionType

import jinja2
import markupsafe
from jinja2 import runtime
from markupsafe import Markup

try:  # markupsafe's own C escaping of a str (private; without it, markupsafe.escape is used)
    from markupsafe import _escape_inner
except ImportError:  # pragma: no cover
    _escape_inner = None

try:  # a private name of Jinja 3.1; without it, Jinja's own Context is used
    from jinja2.utils import _PassArg
except ImportError:  # pragma: no cover
    _PassArg = None


class Context(runtime.Context):
    """:class:`jinja2.runtime.Context` with a shorter path for functions and macros."""

    def call(__self, __obj, *args, **kwargs):  # noqa: N805 (Jinja's own signature)
        kind = type(__obj)
        if kind is FunctionType or kind is runtime.Macro:
            pass_arg = getattr(__obj, "jinja_pass_arg", None)
            if pass_arg is None or pass_arg is _PassArg.eval_context:
                if kwargs:
                    kwargs.pop("_block_vars", None)
                    kwargs.pop("_loop_vars", None)
                try:
                    if pass_arg is None:
                        return __obj(*args, **kwargs)
                    return __obj(__self.eval_ctx, *args, **kwargs)
                except StopIteration:
                    return __self.environment.undefined(
                        "value was undefined because a callable raised a StopIteration exception")
        return runtime.Context.call(__self, __obj, *args, **kwargs)


_str_new = str.__new__


def escape(value):
    """:func:`markupsafe.escape`, shorter for ``str``, ``int`` and ``Markup``."""
    kind = type(value)
    if kind is str:
        return _str_new(Markup, _escape_inner(value))
    if kind is Markup:
        return value
    if kind is int:
        return _str_new(Markup, int.__repr__(value))
    return markupsafe.escape(value)


class Template(jinja2.Template):
    """A template whose compiled code escapes with :func:`escape`."""

    @classmethod
    def from_code(cls, environment, code, globals, uptodate=None):
        template = super().from_code(environment, code, globals, uptodate)
        namespace = template.root_render_func.__globals__  # the compiled module's globals
        if _escape_inner is not None and namespace.get("escape") is markupsafe.escape:
            namespace["escape"] = escape
        return template


def install(env) -> None:
    """Render ``env``'s templates with :class:`Context` and :class:`Template`
    (when Jinja is the kind this was written for and nothing else replaced them)."""
    if _PassArg is not None and env.context_class is runtime.Context:
        env.context_class = Context
    if env.template_class is jinja2.Template:
        env.template_class = Template
