"""Two couples' chances of winning the marathon, by their endurance.

Both couples are taken to play the expert's way. A round from its first roll
is judged with chances worked out exactly (``duel.py``): every first roll,
the expert's re-roll for it, every re-rolled face and the expert's
arrangement, averaged over the Tangos the Tango dice can show. A round can
leave both endurances where they were, or raise one by a Gala, so the
chances of winning solve a linear system over every pair of endurances.

Solving it takes seconds (the expert's tables for every Tango), too long for a
search's first move, so the solution is written down here as ``WIN_CHANCES``;
a test solves it again and compares.
"""

from __future__ import annotations

from functools import lru_cache
from itertools import permutations, product

import numpy as np
import numpy.typing as npt

from ballroom.games.dancing_dice.dance_values import TRIPLES
from ballroom.games.dancing_dice.determinize import MASK_KEYS, best_rerolls
from ballroom.games.dancing_dice.duel import (
    ROUND_SHAPE,
    FloatArray,
    judged,
    spread_of_dice,
    ways_judged,
)
from ballroom.games.dancing_dice.expert import SIDE_KEYS, tables
from ballroom.games.dancing_dice.preparation import MAX_ENDURANCE
from ballroom.games.dancing_dice.special_dances import GALA_BONUS

TRIPLE_CHANCES: FloatArray = np.array(
    [len(set(permutations(triple))) / 216.0 for triple in TRIPLES]
)
"""The chance that three dice rolled together show each triple (the Tango dice too)."""


def expert_endurance(endurance: int) -> int:
    """An endurance at which the expert chooses as it does at ``endurance``: it weighs only
    the risk of being knocked out (at 1 and 2) and how much of a Gala's bonus it keeps."""
    if endurance <= 2 or endurance > MAX_ENDURANCE - GALA_BONUS:
        return endurance
    return 3


@lru_cache(maxsize=len(TRIPLES) * 5)
def fresh_spread(tango: tuple[int, ...], endurance: int) -> FloatArray:
    """The spread of a couple playing the expert's way through a whole round, first roll on."""
    best = best_rerolls((tango, 1, 1, endurance))
    sides = np.arange(len(TRIPLES))
    white = MASK_KEYS[sides[:, None], best // 8]
    coloured = MASK_KEYS[sides[None, :], best % 8]
    kept = np.zeros((len(SIDE_KEYS), len(SIDE_KEYS)))
    np.add.at(kept, (white, coloured), np.outer(TRIPLE_CHANCES, TRIPLE_CHANCES))
    transition = tables().transition
    return spread_of_dice(tango, endurance, transition.T @ kept @ transition)


def round_chances(first: int, second: int) -> FloatArray:
    """Chances of every way a round from its first roll is judged (``duel.ROUND_SHAPE``),
    the couples at these endurances, over every Tango."""
    result = np.zeros(ROUND_SHAPE)
    for index, tango in enumerate(TRIPLES):
        result += TRIPLE_CHANCES[index] * judged(
            fresh_spread(tango, expert_endurance(first)),
            fresh_spread(tango, expert_endurance(second)),
        )
    return result


def solve_win_chances() -> FloatArray:
    """``chances[a, b]``: the chance that a couple at endurance ``a`` outlasts one at ``b``
    (0 when ``a`` is 0, 1 when ``b`` is 0), both playing the expert's way: (11, 11)."""
    pairs = list(product(range(1, MAX_ENDURANCE + 1), repeat=2))
    place = {pair: i for i, pair in enumerate(pairs)}
    moves = np.zeros((len(pairs), len(pairs)))
    wins = np.zeros(len(pairs))
    by_kind: dict[tuple[int, int], FloatArray] = {}
    for i, (a, b) in enumerate(pairs):
        kind = (expert_endurance(a), expert_endurance(b))
        if kind not in by_kind:
            by_kind[kind] = round_chances(*kind)
        chances = by_kind[kind]
        for index, left in ways_judged((a, b)):
            if left[1] == 0:
                wins[i] += chances[index]
            elif left[0] != 0:
                moves[i, place[left]] += chances[index]
    solved = np.linalg.solve(np.eye(len(pairs)) - moves, wins)
    return _with_the_end(solved.reshape(MAX_ENDURANCE, MAX_ENDURANCE))


SOLVED: tuple[tuple[float, ...], ...] = (
    (0.5000, 0.1880, 0.1013, 0.0410, 0.0210, 0.0089, 0.0044, 0.0020, 0.0010, 0.0004),
    (0.8120, 0.5000, 0.2892, 0.1675, 0.0880, 0.0486, 0.0248, 0.0132, 0.0067, 0.0035),
    (0.8987, 0.7108, 0.5000, 0.3270, 0.2068, 0.1228, 0.0730, 0.0412, 0.0235, 0.0129),
    (0.9590, 0.8325, 0.6730, 0.5000, 0.3502, 0.2355, 0.1509, 0.0950, 0.0575, 0.0346),
    (0.9790, 0.9120, 0.7932, 0.6498, 0.5000, 0.3658, 0.2573, 0.1737, 0.1144, 0.0730),
    (0.9911, 0.9514, 0.8772, 0.7645, 0.6342, 0.5000, 0.3774, 0.2745, 0.1926, 0.1317),
    (0.9956, 0.9752, 0.9270, 0.8491, 0.7427, 0.6226, 0.5000, 0.3863, 0.2885, 0.2086),
    (0.9980, 0.9868, 0.9588, 0.9050, 0.8263, 0.7255, 0.6137, 0.5000, 0.3936, 0.3003),
    (0.9990, 0.9933, 0.9765, 0.9425, 0.8856, 0.8074, 0.7115, 0.6064, 0.5000, 0.3996),
    (0.9996, 0.9965, 0.9871, 0.9654, 0.9270, 0.8683, 0.7914, 0.6997, 0.6004, 0.5000),
)
"""``solve_win_chances()[1:, 1:]``, to four places."""


def _with_the_end(solved: npt.ArrayLike) -> FloatArray:
    """Win chances with the marathon's end around them: 0 once out, 1 once the rival is."""
    result = np.zeros((MAX_ENDURANCE + 1, MAX_ENDURANCE + 1))
    result[1:, 0] = 1.0
    result[1:, 1:] = solved
    return result


WIN_CHANCES = _with_the_end(SOLVED)
"""``WIN_CHANCES[a, b]``: the chance that a couple at endurance ``a`` outlasts one at ``b``,
as ``solve_win_chances()`` returns it."""
