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
The output is the same to the byte.
"""

from __future__ import annotations

from types import FunctionType

from jinja2 import runtime

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


def install(env) -> None:
    """Render ``env``'s templates with :class:`Context` (when Jinja is the kind it was written for)."""
    if _PassArg is not None and env.context_class is runtime.Context:
        env.context_class = Context
