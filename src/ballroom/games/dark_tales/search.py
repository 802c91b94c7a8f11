"""What a search needs of Dark Tales: a cut-off rollout's evaluation and a fast rollout policy.

Both read the table as the heuristic does (``heuristic.worth``, ``heuristic.rating``):
the evaluation turns the seats' worths into win shares (a softmax, so a lead of a
few VP is likely but not certain to hold); the rollout policy plays, at each
decision, the move whose table it rates best right after it, without looking
further ahead, so a rollout costs a few ratings a move.
"""

from __future__ import annotations

import math

from ballroom.core.rng import Rng
from ballroom.games.dark_tales.heuristic import BEST_ID, rating, worths
from ballroom.games.dark_tales.state import DarkTalesState
from ballroom.games.dark_tales.turn import Phase

TEMPERATURE = 4.0
"""The lead in worth (VP and what will score) that makes a seat e times likelier to win."""


def evaluate(state: DarkTalesState) -> list[float]:
    """Each seat's share of the win: the returns once the game is over, else a softmax of the
    seats' worths."""
    if state.is_terminal():
        return list(state.returns())
    values = worths(state)
    top = max(values)
    weights = [math.exp((value - top) / TEMPERATURE) for value in values]
    total = sum(weights)
    return [weight / total for weight in weights]


def rollout_action(state: DarkTalesState, player: int, rng: Rng) -> int:
    """The move whose table ``player`` rates best right after it (ties broken by ``rng``); at
    a Ball, its best couples."""
    legal = state.legal_actions(player)
    if len(legal) == 1:
        return legal[0]
    if state.step.name is Phase.DANCE:
        return BEST_ID
    scores = []
    for action in legal:
        after = state.clone()
        after.advance(action, player)
        scores.append(rating(after, player))
    best = max(scores)
    choices = [action for action, score in zip(legal, scores, strict=True) if score == best]
    return choices[rng.below(len(choices))]
