"""Search's view of a game cut short: each seat's chance to win, from its score now.

The score counts the districts and blocks each seat controls now, less its
exposure penalty, plus a little for crowns; a softmax turns the scores into
win shares, sharper as the Seasons run out.
"""

from __future__ import annotations

import math

from ballroom.games.dominare.scoring import scores
from ballroom.games.dominare.state import SEASONS, DominareState

EARLY_TEMPERATURE, LATE_TEMPERATURE = 8.0, 2.0
CROWN_WORTH = 0.1


def evaluate(state: DominareState) -> list[float]:
    if state.is_terminal():
        return state.returns()
    left = max(0, SEASONS - state.season) / SEASONS
    temperature = LATE_TEMPERATURE + (EARLY_TEMPERATURE - LATE_TEMPERATURE) * left
    standing = [s + CROWN_WORTH * c for s, c in zip(scores(state), state.crowns, strict=True)]
    top = max(standing)
    weights = [math.exp((value - top) / temperature) for value in standing]
    total = sum(weights)
    return [weight / total for weight in weights]
