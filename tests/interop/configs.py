"""Small configurations of every registered game, so that interop tests stay fast.

A game missing here is still tested, at its minimum player count with its
default options; add an entry when its default games are too long for tests.
Besides rule options, an entry may set the adapters' ``max_turns``: The Dance
has no turn limit (RULINGS 16), so its random games are cut off, truncated,
after two turns; Vampire's Harvest's twelve turns take minutes through
OpenSpiel's checks, so its games are cut off after three, and Dominare's
seven Seasons after one, its four Phases and the Season's end (OpenSpiel's
checks replay every prefix of a game, so their cost grows with its square;
their own tests, the conformance suite and the golden games play whole
games).
"""

from __future__ import annotations

from typing import Any

from ballroom.core.game import Game, games

SMALL_OPTIONS: dict[str, dict[str, Any]] = {
    "dancing-dice": {"endurance": 2},
    "dominare": {"max_turns": 1},
    "the-dance": {"max_turns": 2},
    "vampires-harvest": {"max_turns": 3},
}


def small_configs(largest: bool = False) -> list[tuple[str, int, dict[str, Any]]]:
    """(game id, players, options) for every registered game: a small table, or the largest."""
    configs = []
    for game in games():
        seats = game.max_players if largest else min(game.max_players, game.min_players + 1)
        configs.append((game.id, seats, SMALL_OPTIONS.get(game.id, {})))
    return configs


def rule_options(options: dict[str, Any]) -> dict[str, Any]:
    """A config's rule options, for the engine itself: all but the adapters' ``max_turns``."""
    return {name: value for name, value in options.items() if name != "max_turns"}


def config_id(config: tuple[str, int, dict[str, Any]]) -> str:
    game_id, players, options = config
    return f"{game_id}-{players}p" + "".join(f"-{k}={v}" for k, v in options.items())


def all_games() -> list[type[Game]]:
    return games()
