"""Game-independent players, and building any bot from a seat spec.

Every bot, a game's own or a generic one, is declared with its parameters
(``ballroom.core.bots``), so the command line, the lab and the server all
validate a seat spec the same way, here.
"""

from __future__ import annotations

from ballroom.agents.mcts import MCTS, ISMCTSAgent
from ballroom.agents.random_agent import RandomAgent
from ballroom.core.agent import Agent, SeatSpec
from ballroom.core.bots import Bot, ParamValues, by_name
from ballroom.core.errors import InvalidOptionError
from ballroom.core.game import Game
from ballroom.core.rng import Rng, derive_seed


def _random(game: Game, seat: int, rng: Rng, params: ParamValues) -> Agent:
    return RandomAgent(rng)


RANDOM = Bot("random", "Picks uniformly among the legal moves: the baseline.", _random)
GENERIC_BOTS: dict[str, Bot] = by_name(RANDOM, MCTS)
"""Bots that can sit at any game (``mcts`` where the game can determinize)."""


def bot_names(game: Game) -> list[str]:
    """Every bot that can sit at ``game``: its own bots, then the generic ones."""
    return list(dict.fromkeys([*game.bots, *GENERIC_BOTS]))


def bots_of(game: Game) -> list[Bot]:
    """Every bot's declaration at ``game``, in ``bot_names`` order."""
    return [game.bots.get(name) or GENERIC_BOTS[name] for name in bot_names(game)]


def resolve_seat(game: Game, spec: str | SeatSpec) -> tuple[Bot, ParamValues]:
    """The bot a seat spec names and its validated parameters, or a clear error."""
    parsed = spec if isinstance(spec, SeatSpec) else SeatSpec.parse(spec)
    bot = game.bots.get(parsed.name) or GENERIC_BOTS.get(parsed.name)
    if bot is None:
        raise InvalidOptionError(
            f"unknown bot {parsed.name!r} for {game.id}; allowed: {', '.join(bot_names(game))}"
        )
    return bot, bot.resolve(game, parsed.params)


def make_agent(game: Game, seat: int, spec: str | SeatSpec, seed: int) -> Agent:
    """Build the bot a seat spec names, with its own stream derived from ``seed``."""
    bot, values = resolve_seat(game, spec)
    return bot.build(game, seat, Rng(derive_seed(seed, "seat", seat)), values)


__all__ = [
    "GENERIC_BOTS",
    "ISMCTSAgent",
    "RandomAgent",
    "bot_names",
    "bots_of",
    "make_agent",
    "resolve_seat",
]
