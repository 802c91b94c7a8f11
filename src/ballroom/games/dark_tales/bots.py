"""Dark Tales' own bots, declared without importing them."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ballroom.core.bots import Bot, by_name

if TYPE_CHECKING:
    from ballroom.core.agent import Agent
    from ballroom.core.bots import ParamValues
    from ballroom.core.game import Game
    from ballroom.core.rng import Rng


def _heuristic(game: Game, seat: int, rng: Rng, params: ParamValues) -> Agent:
    from ballroom.games.dark_tales.heuristic import HeuristicAgent

    return HeuristicAgent(rng)


BOT_DEFAULTS: tuple[str, ...] = ()

BOTS = by_name(
    Bot(
        "heuristic",
        "Plays the card worth the most VP now, uses an item when that scores more than the "
        "B card pays for keeping it, takes the best card it can into its hand, and discards "
        "or removes its opponents' cards, never its own.",
        _heuristic,
    )
)
