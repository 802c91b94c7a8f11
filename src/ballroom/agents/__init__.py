"""Game-independent players, and building any bot from a seat spec.

Every bot, a game's own or a generic one, is declared with its parameters
(``ballroom.core.bots``), so the command line, the lab and the server all
validate a seat spec the same way, here.
"""

from __future__ import annotations

from ballroom.agents.mcts import MCTS, ISMCTSAgent
from ballroom.agents.random_agent import RandomAgent
from ballroom.core.agent import Agent, PlaysGames, SeatSpec
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


Seat = str | SeatSpec | Agent
"""What may sit at a seat: a bot's spec, or a Python agent (an object with ``act``)."""


def check_seat(game: Game, seat: Seat) -> None:
    """Refuse a seat that is neither a known bot's spec nor an object with ``act``."""
    if isinstance(seat, str | SeatSpec):
        resolve_seat(game, seat)
    elif not callable(getattr(seat, "act", None)):
        raise InvalidOptionError(
            f"a seat is a bot's name or an agent with an act(decision) method, not {seat!r}; "
            f"bots: {', '.join(bot_names(game))}"
        )


def seat_agent(game: Game, seat: int, spec: Seat, seed: int) -> Agent:
    """The agent of a seat for a game seeded ``seed``: the bot a spec names, built afresh,
    or a Python agent itself, told of the game first if it has ``new_game``."""
    if isinstance(spec, str | SeatSpec):
        return make_agent(game, seat, spec, seed)
    check_seat(game, spec)
    if isinstance(spec, PlaysGames):
        spec.new_game(game, seat, seed)
    return spec


def seat_label(spec: Seat) -> str:
    """How a seat is named in results: a spec as written, an agent by its ``name`` attribute
    (else its class's name)."""
    if isinstance(spec, str | SeatSpec):
        return str(spec)
    name = getattr(spec, "name", None)
    return name if isinstance(name, str) and name else type(spec).__name__


__all__ = [
    "GENERIC_BOTS",
    "ISMCTSAgent",
    "RandomAgent",
    "Seat",
    "bot_names",
    "bots_of",
    "check_seat",
    "make_agent",
    "resolve_seat",
    "seat_agent",
    "seat_label",
]
