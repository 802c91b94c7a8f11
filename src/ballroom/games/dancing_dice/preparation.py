"""Preparation: each couple's dice and endurance, and the three Tango dice.

Each player manages a couple with six dice, three of each type: a, b, c are
white with coloured steps, d, e, f coloured with white steps (RULINGS 1).
Every couple's endurance disc starts at 10 (the ``endurance`` option may
start lower), and three Tango dice show the Tango.
"""

from __future__ import annotations

from enum import Enum

DICE_PER_PLAYER = 6
DIE_LABELS = "abcdef"
"""Dice are lettered in every text form: ``reroll a c``, ``first a b d``."""
TANGO_DICE = 3
MAX_ENDURANCE = 10
SEAT_NAMES = ("Andrew", "Barbara", "Cindy", "Daniel", "Emma", "Frances")
"""The couples' names, after the rulebook's example."""


class DieType(Enum):
    """The two types of dice a couple holds."""

    WHITE = "white"
    """White with coloured steps: dice a, b, c."""
    COLOURED = "coloured"
    """Coloured with white steps: dice d, e, f."""


def die_type(die: int) -> DieType:
    """The type of die ``die`` (0..5, that is a..f)."""
    return DieType.WHITE if die < 3 else DieType.COLOURED
