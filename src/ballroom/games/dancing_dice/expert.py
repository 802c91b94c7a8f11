"""The ``expert`` Dancing Dice bot: chooses by the chance of being judged satisfactory.

For a dance of value v, with m rival dancers of whom k are accepted, the
bot estimates P(satisfactory) = P(at most k-1 rivals beat v), each rival
beating v with probability q(v) under a model of a rival's dance (the
better of two random dances). An arrangement's cost is its expected
endurance loss (nothing for a Rock, a gain for a Gala) plus a penalty for
the chance of being knocked out. Re-rolls are chosen by the exact expected
cost over every outcome of the re-rolled dice.

Everything is computed on tables over the 56 x 56 possible dice sets (three
dice of each type), so one decision costs about a millisecond. The tables are
built on first use, not at import, so registering the game stays cheap.

The tables know a dice set by its sorted faces: a first row they choose
names positions in ``table_order(faces)`` (each colour's dice by face), and
``first_dance`` turns it back into the couple's own dice.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache, lru_cache
from itertools import combinations_with_replacement, product
from math import comb

import numpy as np
import numpy.typing as npt

from ballroom.core.agent import Decision
from ballroom.games.dancing_dice.dance_values import (
    TANGO,
    TRIPLE_INDEX,
    TRIPLE_RANKS,
    TRIPLES,
    is_pure,
)
from ballroom.games.dancing_dice.game_play import FIRST_IDS, FIRST_ROWS, dice_of, first_id
from ballroom.games.dancing_dice.judging import satisfactory_count
from ballroom.games.dancing_dice.preparation import MAX_ENDURANCE
from ballroom.games.dancing_dice.special_dances import GALA_BONUS

FloatArray = npt.NDArray[np.float64]
IntArray = npt.NDArray[np.int64]

KNOCKOUT_PENALTY = 3.0
"""How many endurance points being knocked out is worth avoiding."""
RIVAL_PURE = 0.3
"""How often the model's rival dance is pure."""
TIE_TOLERANCE = 1e-12
"""A later re-roll replaces the best so far only when cheaper by more than this."""


def _side_keys() -> list[tuple[tuple[int, ...], int]]:
    """(kept faces, dice re-rolled) for one side of three dice: 84 keys."""
    return [
        (kept, 3 - size)
        for size in range(4)
        for kept in combinations_with_replacement(range(1, 7), size)
    ]


SIDE_KEYS = _side_keys()
SIDE_KEY_INDEX = {key: i for i, key in enumerate(SIDE_KEYS)}


def _transition() -> FloatArray:
    """P(final side triple | kept faces, number re-rolled): shape (84, 56)."""
    matrix = np.zeros((len(SIDE_KEYS), len(TRIPLES)))
    for row, (kept, rolled) in enumerate(SIDE_KEYS):
        for faces in product(range(1, 7), repeat=rolled):
            final = tuple(sorted(kept + faces))
            matrix[row, TRIPLE_INDEX[final]] += 6.0**-rolled
    return matrix


def _split_tables() -> tuple[
    IntArray, IntArray, IntArray, IntArray, npt.NDArray[np.bool_], npt.NDArray[np.bool_]
]:
    """For each (white triple, coloured triple) and each of the 20 first rows:
    the sorted-triple index and purity of both dances, Rock and Gala flags."""
    configs = len(TRIPLES) ** 2
    first = np.zeros((configs, len(FIRST_ROWS)), dtype=np.int64)
    second = np.zeros_like(first)
    rock = np.zeros((configs, len(FIRST_ROWS)), dtype=bool)
    gala = np.zeros(configs, dtype=bool)
    for a, white in enumerate(TRIPLES):
        for b, coloured in enumerate(TRIPLES):
            faces = white + coloured
            config = a * len(TRIPLES) + b
            gala[config] = len(set(faces)) == 1
            for j, row in enumerate(FIRST_ROWS):
                rest = [d for d in range(6) if d not in row]
                one = tuple(sorted(faces[d] for d in row))
                two = tuple(sorted(faces[d] for d in rest))
                first[config, j] = TRIPLE_INDEX[one]
                second[config, j] = TRIPLE_INDEX[two]
                rock[config, j] = one == two
    pure_first = np.array([is_pure(row) for row in FIRST_ROWS], dtype=np.int64)
    pure_second = np.array(
        [is_pure([d for d in range(6) if d not in row]) for row in FIRST_ROWS], dtype=np.int64
    )
    return first, second, pure_first, pure_second, rock, gala


@dataclass(frozen=True)
class Tables:
    """The expert's fixed tables; see ``tables()``."""

    transition: FloatArray
    """P(final side triple | kept faces, number re-rolled): shape (84, 56)."""
    first_triple: IntArray
    """Sorted-triple index of the first dance, per (dice set, first row): (3136, 20)."""
    second_triple: IntArray
    """The same for the second dance."""
    pure_first: IntArray
    """Whether each of the 20 first rows is pure (one die of each colour)."""
    pure_second: IntArray
    """The same for the second dance of each first row."""
    rock: npt.NDArray[np.bool_]
    """Whether both dances are the same triple, per (dice set, first row)."""
    gala: npt.NDArray[np.bool_]
    """Whether all six dice show one face, per dice set."""


@cache
def tables() -> Tables:
    """The expert's tables, built once on first use rather than at import."""
    first, second, pure_first, pure_second, rock, gala = _split_tables()
    return Tables(_transition(), first, second, pure_first, pure_second, rock, gala)


def triple_ranks(tango: tuple[int, ...]) -> IntArray:
    """Rank of each of the 56 triples under this Tango."""
    ranks = np.array([sum(t) for t in TRIPLES], dtype=np.int64)
    ranks[TRIPLE_INDEX[tango]] = TANGO
    for face, rank in TRIPLE_RANKS.items():
        ranks[TRIPLE_INDEX[(face, face, face)]] = rank
    return ranks


@lru_cache(maxsize=len(TRIPLES) * 5)  # every Tango, for 2 to 6 dancers
def satisfaction_by_value(tango: tuple[int, ...], rivals: int, accepted: int) -> FloatArray:
    """P(judged satisfactory) for each dance value 0..45 under the rival model."""
    ranks = triple_ranks(tango)
    ordered_counts = np.array([len(set(_perms(t))) for t in TRIPLES], dtype=np.float64) / 216.0
    single = np.zeros(46)
    for i in range(len(TRIPLES)):
        single[2 * ranks[i]] += ordered_counts[i] * (1 - RIVAL_PURE)
        single[2 * ranks[i] + 1] += ordered_counts[i] * RIVAL_PURE
    cdf = np.cumsum(single) ** 2  # the better of two dances
    beats = 1.0 - cdf  # P(a rival's dance is strictly higher than v)
    result = np.zeros(46)
    for value in range(46):
        q = beats[value]
        result[value] = sum(
            comb(rivals, j) * q**j * (1 - q) ** (rivals - j) for j in range(accepted)
        )
    return result


def _perms(triple: tuple[int, ...]) -> list[tuple[int, ...]]:
    a, b, c = triple
    return [(a, b, c), (a, c, b), (b, a, c), (b, c, a), (c, a, b), (c, b, a)]


VALUES = 46
"""Dance values run 0..45 (``2 * rank + pure``)."""
ROCK_CODE = VALUES * VALUES
"""``value_codes`` for a Rock: it costs nothing, whatever the values."""
GALA_CODE = ROCK_CODE + 1
"""``value_codes`` for a Gala: it costs minus the endurance it restores."""


@lru_cache(maxsize=len(TRIPLES))
def value_codes(tango: tuple[int, ...]) -> IntArray:
    """What an arrangement's cost depends on, per (dice set, first row): shape (3136, 20).

    ``VALUES * first value + second value``, or ``ROCK_CODE`` / ``GALA_CODE``;
    a context's costs are then one gather from ``code_costs``.
    """
    ranks = triple_ranks(tango)
    t = tables()
    first = 2 * ranks[t.first_triple] + t.pure_first
    second = 2 * ranks[t.second_triple] + t.pure_second
    codes = np.where(t.rock, ROCK_CODE, VALUES * first + second)
    result: IntArray = np.where(t.gala[:, None], GALA_CODE, codes)
    return result


def code_costs(tango: tuple[int, ...], rivals: int, accepted: int, endurance: int) -> FloatArray:
    """The cost of each ``value_codes`` code in this context: shape (VALUES**2 + 2,)."""
    satisfied = satisfaction_by_value(tango, rivals, accepted)
    p1 = satisfied[:, None]  # the first dance's value down, the second's across
    p2 = satisfied[None, :]
    cost = (1 - p1) + (1 - p2)
    if endurance == 1:
        cost = cost + KNOCKOUT_PENALTY * (1 - p1 * p2)
    elif endurance == 2:
        cost = cost + KNOCKOUT_PENALTY * (1 - p1) * (1 - p2)
    gain = float(min(GALA_BONUS, MAX_ENDURANCE - endurance))
    return np.concatenate([cost.ravel(), [0.0, -gain]])


def context_costs(tango: tuple[int, ...], rivals: int, accepted: int, endurance: int) -> FloatArray:
    """Cost of every (dice set, first row) in this context, computed afresh: shape (3136, 20)."""
    result: FloatArray = code_costs(tango, rivals, accepted, endurance)[value_codes(tango)]
    return result


def expected_costs(best: FloatArray) -> FloatArray:
    """Expected best cost per (white side key, coloured side key), from each dice set's
    best cost (shape 3136): shape (84, 84)."""
    transition = tables().transition
    result: FloatArray = transition @ best.reshape(len(TRIPLES), len(TRIPLES)) @ transition.T
    return result


@lru_cache(maxsize=1024)
def arrangement_costs(
    tango: tuple[int, ...], rivals: int, accepted: int, endurance: int
) -> FloatArray:
    """``context_costs``, remembered: shape (3136, 20)."""
    return context_costs(tango, rivals, accepted, endurance)


@lru_cache(maxsize=1024)
def reroll_costs(tango: tuple[int, ...], rivals: int, accepted: int, endurance: int) -> FloatArray:
    """Expected best cost for every (white side key, coloured side key): shape (84, 84)."""
    return expected_costs(arrangement_costs(tango, rivals, accepted, endurance).min(axis=1))


def table_order(faces: Sequence[int]) -> tuple[int, ...]:
    """The six dice in the order the tables see them: the white dice by face, then the
    coloured dice by face (equal faces keep their order)."""
    return (*sorted(range(3), key=faces.__getitem__), *sorted(range(3, 6), key=faces.__getitem__))


def dice_set(faces: Sequence[int]) -> int:
    """The tables' index of a couple's six faces: (white triple, coloured triple)."""
    return (
        TRIPLE_INDEX[tuple(sorted(faces[:3]))] * len(TRIPLES)
        + TRIPLE_INDEX[tuple(sorted(faces[3:]))]
    )


def first_dance(faces: Sequence[int], row: int) -> int:
    """The ``first`` action for the tables' first row ``row`` (an index into ``FIRST_ROWS``
    over ``table_order(faces)``): the couple's own dice in those places."""
    order = table_order(faces)
    return first_id(order[place] for place in FIRST_ROWS[row])


def _side_key(faces: Sequence[int], dice: range, rerolled: Sequence[int]) -> int:
    kept = tuple(sorted(faces[d] for d in dice if d not in rerolled))
    return SIDE_KEY_INDEX[(kept, 3 - len(kept))]


class ExpertAgent:
    """Minimises expected endurance loss; see the module docstring."""

    def act(self, decision: Decision) -> int:
        floor, curtain = decision.observation["public"], decision.observation["private"]
        faces: list[int] = curtain["dice"]
        couples = floor["couples"]
        dancers = sum(1 for couple in couples if couple["dancing"])
        endurance = couples[decision.player]["endurance"]
        context = (tuple(floor["tango"]), dancers - 1, satisfactory_count(dancers), endurance)
        legal = decision.legal_actions
        if legal[0] in FIRST_IDS:
            costs = arrangement_costs(*context)[dice_set(faces)]
            return first_dance(faces, int(np.argmin(costs)))
        table = reroll_costs(*context)
        best_action, best_cost = legal[0], float("inf")
        for action in legal:
            rerolled = dice_of(action)
            cost = float(
                table[_side_key(faces, range(3), rerolled), _side_key(faces, range(3, 6), rerolled)]
            )
            if cost < best_cost - TIE_TOLERANCE:
                best_action, best_cost = action, cost
        return best_action
