"""Game-independent players, and building any bot from a seat spec."""

from __future__ import annotations

from collections.abc import Mapping

from ballroom.agents.mcts import ISMCTSAgent, make_mcts
from ballroom.agents.random_agent import RandomAgent
from ballroom.core.agent import Agent, SeatSpec
from ballroom.core.errors import InvalidOptionError
from ballroom.core.game import BotFactory, Game
from ballroom.core.rng import Rng, derive_seed


def _random(game: Game, seat: int, rng: Rng, params: Mapping[str, str]) -> Agent:
    if params:
        raise InvalidOptionError(f"the random bot takes no parameters, not {sorted(params)}")
    return RandomAgent(rng)


GENERIC_BOTS: dict[str, BotFactory] = {"random": _random, "mcts": make_mcts}


def bot_names(game: Game) -> list[str]:
    """Every bot that can sit at ``game``: its own bots, then the generic ones."""
    return list(dict.fromkeys([*game.bots, *GENERIC_BOTS]))


def make_agent(game: Game, seat: int, spec: str | SeatSpec, seed: int) -> Agent:
    """Build the bot a seat spec names, with its own stream derived from ``seed``."""
    parsed = spec if isinstance(spec, SeatSpec) else SeatSpec.parse(spec)
    factory = game.bots.get(parsed.name) or GENERIC_BOTS.get(parsed.name)
    if factory is None:
        raise InvalidOptionError(
            f"unknown bot {parsed.name!r} for {game.id}; allowed: {', '.join(bot_names(game))}"
        )
    return factory(game, seat, Rng(derive_seed(seed, "seat", seat)), parsed.params)


__all__ = ["GENERIC_BOTS", "ISMCTSAgent", "RandomAgent", "bot_names", "make_agent"]
