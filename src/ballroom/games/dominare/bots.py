"""Dominare's own bots, declared without importing them."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ballroom.core.bots import Bot, by_name

if TYPE_CHECKING:
    from ballroom.core.agent import Agent
    from ballroom.core.bots import ParamValues
    from ballroom.core.game import Game
    from ballroom.core.rng import Rng


def _heuristic(game: Game, seat: int, rng: Rng, params: ParamValues) -> Agent:
    from ballroom.games.dominare.heuristic import HeuristicAgent

    return HeuristicAgent(rng)


BOT_DEFAULTS = ("mcts:search=halving,prior=heuristic,rollout=random,iterations=32,below=rollout",)
"""What a bare ``mcts`` seat plays here: the heuristic's move, unless another beats it on
paired rollouts (uniform moves to the end of the Season, then the game's evaluation) by a
standard error (see ``ballroom.agents.mcts``; how it fares against the heuristic is in
``docs/bot-strength.md``)."""

BOTS = by_name(
    Bot(
        "heuristic",
        "Plays by rules of thumb: canvasses and buys influence where a district's control "
        "is at stake, keeps its exposure below the others', and uses its agents' abilities.",
        _heuristic,
    )
)
