"""A game's capability answered by a function in one of its own modules, imported when first
asked.

A game class offers ``determinize``, ``evaluate``, an encoding or a picture
by naming where it lives, rather than writing a method that imports the
module and passes its arguments on::

    class MyGame(DeclaredGame[Phase]):
        determinize = delegate(".view", "determinize")          # view.determinize(game, ...)
        evaluate = delegate(".search", "evaluate", game=False)  # search.evaluate(state)

A module named with a leading dot is found beside the game's own module, so
the game's search, numpy or drawing code is loaded only by a caller that asks
for it (``import ballroom`` loads no game's rules; a server loads no search).
The method is a plain attribute of the class, so ``isinstance(game,
Determinizes)`` finds it.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable
from functools import partial
from typing import Any


def delegate(module: str, function: str, *, game: bool = True) -> Callable[..., Any]:
    """A method that calls ``module.function`` with the game first (``game=False``: with
    the method's own arguments alone), importing ``module`` on the first call."""
    found: dict[str, Callable[..., Any]] = {}
    """The function, by the game class's module (a mixin's method serves several games)."""

    def target(self: Any) -> Callable[..., Any]:
        home = type(self).__module__
        call = found.get(home)
        if call is None:
            package = home.rpartition(".")[0]
            call = found[home] = getattr(importlib.import_module(module, package), function)
        return call

    def method(self: Any, *args: Any, **kwargs: Any) -> Any:
        call = found.get(type(self).__module__) or target(self)
        return call(self, *args, **kwargs) if game else call(*args, **kwargs)

    method.__name__ = function
    method.__doc__ = f"``{module}.{function}``, imported when first asked."
    method.target = target  # type: ignore[attr-defined]  # read by ``direct``
    method.passes_game = game  # type: ignore[attr-defined]
    return method


def direct(instance: Any, name: str) -> Callable[..., Any]:
    """``getattr(instance, name)``, except that a delegated method is answered with the
    function it calls (the game bound first where it passes the game), imported now: a
    caller that calls it at every step (a search's rollout) skips the method's lookup."""
    method = getattr(type(instance), name, None)
    target = getattr(method, "target", None)
    if target is None:
        return getattr(instance, name)  # type: ignore[no-any-return]
    call: Callable[..., Any] = target(instance)
    return partial(call, instance) if method.passes_game else call  # type: ignore[union-attr]


class EncodedByModule:
    """A game whose tensor encoding lives in its own ``encoding`` module, as functions of
    the game: ``shape(game)``, ``encode_observation(game, observation)`` and
    ``encode_state(game, state, seat, padded)`` (numpy loaded only by a learner)."""

    observation_shape = property(delegate(".encoding", "shape"))
    encode_observation = delegate(".encoding", "encode_observation")
    encode_state = delegate(".encoding", "encode_state")


class DrawnByModule:
    """A game whose terminal picture lives in its own ``render`` module:
    ``render(game, observation)`` and ``describe_action(game, action, observation)``."""

    render = delegate(".render", "render")
    describe_action = delegate(".render", "describe_action")


class ExplainedByModule:
    """A game whose account of an outcome and live scores live in its own ``explain``
    module: ``explain_outcome(state)`` and ``live_scores(observation)``."""

    explain_outcome = delegate(".explain", "explain_outcome", game=False)
    live_scores = delegate(".explain", "live_scores", game=False)
