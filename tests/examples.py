"""The example games: written from docs/writing-a-game.md, not in the public list of games.

High Card (``ballroom.games.high_card``) is the guide's worked example; GOPS
with a Joker (``examples/gops``) is a game written from the guide alone. The
generic suites include both by name (``GAME_CLASSES`` in
``tests/random_games.py``); a suite that reaches a game through the registry
(the golden games, the RL adapters, the ``ballroom games`` listing) registers
it for the test's duration with ``registered``.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager

from examples.gops import Gops

from ballroom.core import game as registry
from ballroom.core.game import Game, register
from ballroom.games.high_card import HighCard

EXAMPLE_GAMES: list[type[Game]] = [HighCard, Gops]


@contextmanager
def registered(*game_classes: type[Game]) -> Iterator[None]:
    """The games in the registry (as ``register`` puts them) until the block ends."""
    added = [g for g in game_classes if registry._REGISTRY.get(g.id) is not g]
    for game_class in added:
        register(game_class)
    try:
        yield
    finally:
        for game_class in added:
            del registry._REGISTRY[game_class.id]
