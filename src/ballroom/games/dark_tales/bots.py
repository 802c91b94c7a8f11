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


def _tuned(game: Game, seat: int, rng: Rng, params: ParamValues) -> Agent:
    from ballroom.games.dark_tales.heuristic import TUNED, HeuristicAgent

    return HeuristicAgent(rng, TUNED)


def _fitted(game: Game, seat: int, rng: Rng, params: ParamValues) -> Agent:
    from ballroom.games.dark_tales.fitted import FittedReading
    from ballroom.games.dark_tales.heuristic import HeuristicAgent

    return HeuristicAgent(rng, FittedReading())


BOT_DEFAULTS = ("mcts:iterations=60,horizon=1,search=halving,below=rollout,prior=fitted",)
"""A bare ``mcts`` seat: the ``fitted`` bot's move unless paired rollouts show another
clearly better, averaged over worlds dealt from the seat's view: the rest of its own
turn, played by the game's rollout policy, then the game's evaluation, both reading the
table with the fitted weights. It does not play the next seat's turn: a reply by the
rollout policy, to a hand the world made up, misled the search more than it informed it
(``docs/bot-strength.md``)."""

BOTS = by_name(
    Bot(
        "heuristic",
        "Tries each move on a world dealt from its view, with its own decisions that follow "
        "in the turn, and keeps the one that leaves it furthest ahead of its best opponent in "
        "VP, items as the B card scores them, cards in hand, and with Cinderella its tiles and "
        "couples; at a Ball it dances its best couples.",
        _heuristic,
    ),
    Bot(
        "tuned",
        "Plays as the heuristic does, with the weights tuned by play against it: an item's "
        "use to come is worth a VP, and the cards each seat will play are counted in turn "
        "order.",
        _tuned,
    ),
    Bot(
        "fitted",
        "Plays as the heuristic does, reading the table with weights fitted to the heuristic's "
        "games: each card in hand, item and card in front worth what it added to the final "
        "lead, early and late in the deck.",
        _fitted,
    ),
)
