"""Search hook: the estimated win shares of a game cut short (``Evaluates``).

A rollout of the ``mcts`` bot plays on to the end of the current turn and
then asks how the game stands: each player's final score if the game ended
now (Blood breaking ties, a Blood a hundredth of a point), turned into win
shares by a softmax whose temperature falls as the turns run out, so that an
early lead counts for less than a late one.
"""

from __future__ import annotations

import math

from ballroom.games.vampires_harvest.scoring import final_score
from ballroom.games.vampires_harvest.state import TURNS, HarvestState

LATE_TEMPERATURE = 1.0
"""The softmax temperature, in points, at the end of the game..."""
EARLY_TEMPERATURE = 6.0
"""...and at its start."""


def evaluate(state: HarvestState) -> list[float]:
    if state.is_terminal():
        return state.returns()
    left = max(0, TURNS - state.turn) / TURNS
    temperature = LATE_TEMPERATURE + (EARLY_TEMPERATURE - LATE_TEMPERATURE) * left
    standing = [
        final_score(tracks) + blood / 100
        for tracks, blood in zip(state.tracks, state.blood, strict=True)
    ]
    top = max(standing)
    weights = [math.exp((value - top) / temperature) for value in standing]
    total = sum(weights)
    return [weight / total for weight in weights]
