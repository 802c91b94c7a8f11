"""What a search needs of Dark Tales: a cut-off rollout's evaluation and a fast rollout policy.

Both read the table as the ``fitted`` bot does (``fitted.FittedReading``): the
evaluation turns the seats' worths into win shares (a softmax, so a lead of a
few VP is likely but not certain to hold); the rollout policy plays, at each
decision, the move whose table it rates best once the move is seen through: the
draws it causes drawn and the decisions it leads to in the same turn taken, each
by the best table one step on. Rated before it is seen through, a card that draws
looks like a card lost and a Dragon like a card with no text, so a policy that
rates moves at once plays far weaker than the heuristic; seen through, it plays
about as well at a fraction of the heuristic's cost, and a search's rollouts
model both seats as the fitted bot would play them.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from functools import cache

from ballroom.core.rng import Rng
from ballroom.core.state import CHANCE
from ballroom.games.dark_tales.fitted import FittedReading
from ballroom.games.dark_tales.heuristic import after_move, own_draw, rating
from ballroom.games.dark_tales.state import DarkTalesState
from ballroom.games.dark_tales.turn import BEST_ID, Phase

FOLLOW_UP = 4
"""The draws and the seat's own decisions in its turn followed after a move, at most."""
TEMPERATURE = 4.0
"""The lead in worth (VP and what will score) that makes a seat e times likelier to win."""


@cache
def reading() -> FittedReading:
    """The search's reading of the table, loaded once."""
    return FittedReading()


def evaluate(state: DarkTalesState) -> list[float]:
    """Each seat's share of the win: the returns once the game is over, else a softmax of the
    seats' worths."""
    if state.is_terminal():
        return list(state.returns())
    values = reading().worths(state)
    top = max(values)
    weights = [math.exp((value - top) / TEMPERATURE) for value in values]
    total = sum(weights)
    return [weight / total for weight in weights]


def rollout_action(state: DarkTalesState, player: int, rng: Rng) -> int:
    """The move after which, seen through (``_seen_through``), ``player`` rates its table best;
    ties broken by ``rng``. At a Ball, its best couples."""

    def seen_through(legal: list[int]) -> list[float]:
        draws = rng.below(1 << 62)  # every move meets the same cards drawn
        return [
            rating(_seen_through(state, a, player, Rng(draws)), player, reading()) for a in legal
        ]

    return _best_move(state, player, rng, seen_through)


def _seen_through(state: DarkTalesState, action: int, player: int, rng: Rng) -> DarkTalesState:
    """``state`` after ``action``, the cards it draws in its own turn (by ``rng``) and its own
    decisions that follow in the turn, each the move rated best right after it."""
    after = after_move(state, player, action)
    for _ in range(FOLLOW_UP):
        players = after.current_players()
        if players == (CHANCE,) and own_draw(after, player):
            after.advance(after.draw_chance(rng), CHANCE)
        elif players == (player,) and after.player == player:
            after.advance(_rated_at_once(after, player, rng), player)
        else:
            break
    return after


def _rated_at_once(state: DarkTalesState, player: int, rng: Rng) -> int:
    """The move whose table ``player`` rates best right after it (ties broken by ``rng``)."""

    def at_once(legal: list[int]) -> list[float]:
        return [rating(after_move(state, player, a), player, reading()) for a in legal]

    return _best_move(state, player, rng, at_once)


def _best_move(
    state: DarkTalesState,
    player: int,
    rng: Rng,
    rate: Callable[[list[int]], list[float]],
) -> int:
    """The legal move ``rate`` scores best (ties broken by ``rng``): the only one without
    rating, and at a Ball the best couples."""
    legal = state.legal_actions(player)
    if len(legal) == 1:
        return legal[0]
    if state.step.name is Phase.DANCE:
        return BEST_ID
    scores = rate(legal)
    best = max(scores)
    choices = [action for action, score in zip(legal, scores, strict=True) if score == best]
    return choices[rng.below(len(choices))]
