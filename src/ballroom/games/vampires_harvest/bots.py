"""Vampire's Harvest's own bots, declared without importing them."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ballroom.core.bots import Bot, by_name

if TYPE_CHECKING:
    from ballroom.core.agent import Agent
    from ballroom.core.bots import ParamValues
    from ballroom.core.game import Game
    from ballroom.core.rng import Rng


def _heuristic(game: Game, seat: int, rng: Rng, params: ParamValues) -> Agent:
    from ballroom.games.vampires_harvest.heuristic import HeuristicAgent

    return HeuristicAgent(rng)


BOT_DEFAULTS = ("mcts:iterations=100,horizon=1",)
"""What a bare ``mcts`` seat plays here: rollouts to the end of the turn, then the game's
evaluation; the setting measured against the heuristic (``benchmarks/strength.py vampires-harvest
--bot mcts``)."""

BOTS = by_name(
    Bot(
        "heuristic",
        "Plays by rules of thumb: harvests when the Pool is rich, pays Tribute and fights "
        "when it pays, raises the Skills it uses, and keeps its tracks balanced.",
        _heuristic,
    )
)
