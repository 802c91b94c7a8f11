"""Random games for the generic suites: random options, the player counts to try, a
random game's moves, and the games every generic check covers.

A new game is covered the day it registers: ``GAME_CLASSES`` reads the registry.
"""

from __future__ import annotations

import random

from tests.examples import EXAMPLE_GAMES

from ballroom.core.game import Game, games
from ballroom.core.options import OptionValue
from ballroom.core.state import CHANCE, State

GAME_CLASSES: list[type[Game]] = [*games(), *EXAMPLE_GAMES]
"""Every registered game, and the example games (not registered) by name."""


def random_options(game_class: type[Game], chooser: random.Random) -> dict[str, OptionValue]:
    """A random value for every declared option (small integers, to reach their effects)."""
    options: dict[str, OptionValue] = {}
    for option in game_class.option_set.options:
        if option.choices:
            options[option.name] = chooser.choice(option.choices)
        elif isinstance(option.default, bool):
            options[option.name] = chooser.random() < 0.5
        else:
            low = option.minimum if option.minimum is not None else 0
            high = min(option.maximum if option.maximum is not None else low + 20, low + 20)
            options[option.name] = chooser.choice([option.default, chooser.randint(low, high)])
    return options


def player_counts(game_class: type[Game]) -> list[int]:
    """Two players (or the fewest the game allows, if more) and the most players."""
    fewest = min(max(2, game_class.min_players), game_class.max_players)
    return sorted({fewest, game_class.max_players})


def random_game(state: State, chooser: random.Random, limit: int) -> list[tuple[int, int]]:
    """The (seat, action) pairs of a random game from ``state`` to its end, at most
    ``limit`` actions; ``state`` is played on."""
    played: list[tuple[int, int]] = []
    while len(played) < limit and not state.is_terminal():
        played.append(random_step(state, chooser))
    return played


def random_step(state: State, chooser: random.Random) -> tuple[int, int]:
    """One random action of a random seat to act (chance drawn by the state's own source),
    applied; the (seat, action) taken."""
    seat = chooser.choice(state.current_players())
    action = state.sample_chance() if seat == CHANCE else chooser.choice(state.legal_actions(seat))
    state.apply(action, seat)
    return seat, action


def replay_to(state: State, played: list[tuple[int, int]], depth: int) -> None:
    """Play ``state`` on to ``depth`` actions of ``played`` (a game from the same seed), the
    seeded source drawing each chance outcome again as it did the first time."""
    for seat, action in played[len(state.history) : depth]:
        if seat == CHANCE:
            assert state.sample_chance() == action, "the same seed drew another outcome"
        state.apply(action, seat)
