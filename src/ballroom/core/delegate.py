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
from typing import Any


def delegate(module: str, function: str, *, game: bool = True) -> Callable[..., Any]:
    """A method that calls ``module.function`` with the game first (``game=False``: with
    the method's own arguments alone), importing ``module`` on the first call."""
    found: list[Callable[..., Any]] = []

    def method(self: Any, *args: Any, **kwargs: Any) -> Any:
        if not found:
            package = type(self).__module__.rpartition(".")[0]
            found.append(getattr(importlib.import_module(module, package), function))
        return found[0](self, *args, **kwargs) if game else found[0](*args, **kwargs)

    method.__name__ = function
    method.__doc__ = f"``{module}.{function}``, imported when first asked."
    return method
