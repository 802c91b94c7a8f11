"""A round between two couples, judged exactly over the dice still to fall.

With two couples dancing the judges accept one dance in each comparison
(and every dance tied with it), so a round is settled by how each couple's
two dances compare with the other's, and by which couple is protected by a
Rock or a Gala (RULINGS 4, 5). A couple's part of a round is a *spread*: the
chance of each (protection, first value, second value), over the dice it
still rolls, arranged as the expert would arrange them. Two spreads give the
chance of every way the round can be judged (``judged``), and each way leaves
the couples at known endurances (``ways_judged``): what the search's outlook
(``outlook.py``) and the couples' chances of winning (``win_chances.py``) are
built from.
"""

from __future__ import annotations

from collections.abc import Sequence
from enum import IntEnum
from functools import lru_cache

import numpy as np
import numpy.typing as npt

from ballroom.games.dancing_dice.dance_values import TRIPLE_INDEX, TRIPLES
from ballroom.games.dancing_dice.expert import VALUES, arrangement_costs, tables, triple_ranks
from ballroom.games.dancing_dice.judging import dance_values, danced
from ballroom.games.dancing_dice.preparation import MAX_ENDURANCE
from ballroom.games.dancing_dice.special_dances import GALA_BONUS

FloatArray = npt.NDArray[np.float64]
IntArray = npt.NDArray[np.int64]


class Protection(IntEnum):
    """What spares a couple's endurance this round."""

    NONE = 0
    ROCK = 1
    GALA = 2


class Comparison(IntEnum):
    """How the first couple's dance compares with the second's."""

    BETTER = 0
    TIED = 1
    WORSE = 2


SPREAD_SHAPE = (len(Protection), VALUES, VALUES)
"""A spread's axes: protection, first dance's value, second dance's value."""
SPREAD_SIZE = len(Protection) * VALUES * VALUES
ROUND_SHAPE = (len(Protection), len(Protection), len(Comparison), len(Comparison))
"""Chances of a judged round: both protections, then both comparisons."""
CONFIGS = len(TRIPLES) ** 2


@lru_cache(maxsize=len(TRIPLES))
def performance_codes(tango: tuple[int, ...]) -> IntArray:
    """The spread index of every (dice set, first row) of the expert's tables: (3136, 20)."""
    ranks = triple_ranks(tango)
    t = tables()
    gala = t.gala[:, None]
    first = 2 * ranks[t.first_triple] + np.where(gala, 1, t.pure_first)
    second = 2 * ranks[t.second_triple] + np.where(gala, 1, t.pure_second)
    protection = np.where(gala, Protection.GALA, np.where(t.rock, Protection.ROCK, 0))
    codes: IntArray = (protection * VALUES + first) * VALUES + second
    return codes


@lru_cache(maxsize=1024)
def expert_codes(tango: tuple[int, ...], endurance: int) -> IntArray:
    """The spread index of each dice set as the expert arranges it against one rival: (3136,)."""
    rows = arrangement_costs(tango, 1, 1, endurance).argmin(axis=1)
    codes: IntArray = performance_codes(tango)[np.arange(CONFIGS), rows]
    return codes


def spread_of_dice(tango: tuple[int, ...], endurance: int, configs: FloatArray) -> FloatArray:
    """The spread of a couple whose dice sets (white triple, coloured triple: 3136) fall with
    these chances, arranged by the expert."""
    codes = expert_codes(tango, endurance)
    spread = np.bincount(codes, weights=configs.ravel(), minlength=SPREAD_SIZE)
    return spread.astype(np.float64, copy=False).reshape(SPREAD_SHAPE)


def spread_of_sides(
    tango: tuple[int, ...], endurance: int, white: FloatArray, coloured: FloatArray
) -> FloatArray:
    """The spread of a couple whose white and coloured triples fall independently with these
    chances (56 each), arranged by the expert."""
    return spread_of_dice(tango, endurance, np.outer(white, coloured))


def certain_spread(
    faces: Sequence[int], first_row: tuple[int, ...], tango: tuple[int, ...]
) -> FloatArray:
    """The spread of dice already arranged: all its chance on one performance."""
    shown = danced(faces, first_row)
    first, second = dance_values(shown, TRIPLE_INDEX[tango])
    protection = Protection.GALA if shown[4] else Protection.ROCK if shown[3] else Protection.NONE
    spread = np.zeros(SPREAD_SHAPE)
    spread[protection, first, second] = 1.0
    return spread


def _compared(spreads: FloatArray) -> FloatArray:
    """For each protection of the other couple and each value pair of the first couple, the
    chance that the other's dances (spread over values as ``spreads``) compare each way with
    the first's: shape (3, 3, 3, VALUES, VALUES), protection, then both comparisons."""
    below = np.cumsum(spreads, axis=1)  # the other's first value at most ours
    by_first = np.stack([below - spreads, spreads, below[:, -1:] - below], axis=1)
    below = np.cumsum(by_first, axis=3)
    return np.stack([below - by_first, by_first, below[..., -1:] - below], axis=2)


def judged(first: FloatArray, second: FloatArray) -> FloatArray:
    """Chances of every way a round is judged, from both couples' spreads: ``ROUND_SHAPE``."""
    area = VALUES * VALUES
    compared = _compared(second).reshape(-1, area)
    result: FloatArray = (first.reshape(-1, area) @ compared.T).reshape(ROUND_SHAPE)
    return result


def _after_dance(
    comparison: Comparison, protected: tuple[bool, bool], endurance: list[int]
) -> None:
    """One dance judged: the worse couple loses a point, unless protected."""
    if comparison is Comparison.WORSE and not protected[0]:
        endurance[0] -= 1
    elif comparison is Comparison.BETTER and not protected[1]:
        endurance[1] -= 1


def outcome(
    protections: tuple[Protection, Protection],
    comparisons: tuple[Comparison, Comparison],
    endurance: tuple[int, int],
) -> tuple[int, int]:
    """Both couples' endurance after a round judged this way; a couple at 0 is out, and a
    round ends the marathon as soon as one is (the other is then the last dancing)."""
    left = list(endurance)
    protected = (protections[0] is not Protection.NONE, protections[1] is not Protection.NONE)
    for comparison in comparisons:
        _after_dance(comparison, protected, left)
        if 0 in left:
            return left[0], left[1]
    for couple, protection in enumerate(protections):
        if protection is Protection.GALA:
            left[couple] = min(MAX_ENDURANCE, left[couple] + GALA_BONUS)
    return left[0], left[1]


def ways_judged(endurance: tuple[int, int]) -> list[tuple[tuple[int, ...], tuple[int, int]]]:
    """Every way a round can be judged (an index into ``ROUND_SHAPE``), with the endurances
    it leaves two couples that start it at ``endurance``."""
    return [
        (
            index,
            outcome(
                (Protection(index[0]), Protection(index[1])),
                (Comparison(index[2]), Comparison(index[3])),
                endurance,
            ),
        )
        for index in np.ndindex(*ROUND_SHAPE)
    ]
