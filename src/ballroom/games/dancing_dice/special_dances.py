"""Two Other Special Dances: the Rock and the Gala.

A couple whose two rows show the same numbers, whatever the dice's types,
dances a **Rock**: it loses no endurance this round. Six dice showing one
number are a **Gala**: both dances count as that triple, pure; the couple
loses no endurance this round and gains two afterwards, never above 10
(RULINGS 5).
"""

from __future__ import annotations

from ballroom.games.dancing_dice.dance_values import SAME_FACES

GALA_BONUS = 2


def is_rock(first: int, second: int) -> bool:
    """Whether two dances (by triple index) show the same numbers."""
    return first == second


def is_gala(first: int, second: int) -> bool:
    """Whether two dances (by triple index) are one number six times."""
    return first == second and first in SAME_FACES
