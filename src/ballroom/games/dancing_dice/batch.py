"""Vectorised Dancing Dice: many random games at once with numpy.

Used by benchmarks and the lab when every seat is the uniform random bot. A
random seat re-rolls a uniform subset of its dice and picks one of the 20
first rows uniformly, whatever the faces. Its final six dice are therefore
independent fair dice, and its arrangement matters only through purity: both
rows are pure when the first row is one colour (2 of the 20 rows), otherwise
both are mixed. The batch draws exactly that, so it plays from the same
distribution as ``RandomAgent`` through the engine (tests compare the two).
"""

from __future__ import annotations

from dataclasses import dataclass
from itertools import product

import numpy as np
import numpy.typing as npt

from ballroom.games.dancing_dice.dance_values import (
    TANGO,
    TRIPLE_INDEX,
    TRIPLES,
    dance_rank,
    is_pure,
)
from ballroom.games.dancing_dice.game_play import FIRST_ROWS
from ballroom.games.dancing_dice.preparation import MAX_ENDURANCE
from ballroom.games.dancing_dice.special_dances import GALA_BONUS

IntArray = npt.NDArray[np.int64]
BoolArray = npt.NDArray[np.bool_]

SORTED_ID = np.array(
    [TRIPLE_INDEX[tuple(sorted(faces))] for faces in product(range(1, 7), repeat=3)],
    dtype=np.int64,
)
"""Ordered triple code (36 a + 6 b + c, faces 0-based) -> sorted triple id.

A uniform code in 0..215 is three fair dice at once."""
IS_TRIPLE = np.array([len(set(t)) == 1 for t in TRIPLES])
BASE_RANK = np.array([dance_rank(t, (0, 0, 0)) for t in TRIPLES], dtype=np.int64)
"""A triple's rank when it is not the Tango (a Tango that is also a special triple keeps the higher)."""
PURE_ROW_CHANCE = sum(is_pure(row) for row in FIRST_ROWS) / len(FIRST_ROWS)


def judge(values: IntArray, dancing: BoolArray) -> BoolArray:
    """Satisfactory dances per game: those beaten by fewer than k = n // 2 dancers.

    That is the best k and every dance tied with the k-th. ``values`` and
    ``dancing`` have shape (games, players); games with fewer than two
    dancers judge nobody.
    """
    count = dancing.sum(axis=1, dtype=np.int8)
    beaten_by = np.zeros(values.shape, dtype=np.int8)
    for rival in range(values.shape[1]):
        beaten_by += (values[:, rival : rival + 1] > values) & dancing[:, rival : rival + 1]
    result: BoolArray = dancing & (beaten_by < (count // 2)[:, None]) & (count >= 2)[:, None]
    return result


@dataclass(slots=True)
class Round:
    """One round of many games: rows as sorted-triple ids, shape (games, players)."""

    first: IntArray
    second: IntArray
    pure: BoolArray
    """Whether the player's rows are both pure (else both mixed)."""


def judge_round(
    round_: Round, tango: IntArray, stamina: npt.NDArray[np.int8], dancing: BoolArray
) -> tuple[npt.NDArray[np.int8], BoolArray, BoolArray, BoolArray]:
    """Judge both dances and apply Rock, Gala and knock-outs.

    Returns the new endurance, who still dances, which games danced the
    Tango, and who was knocked out in the last dance that knocked anyone out.
    """
    first, second = round_.first, round_.second
    protected = first == second  # a Rock (a Gala is a Rock too)
    gala = protected & IS_TRIPLE[first]
    tango_column = tango[:, None]
    tango_danced = np.zeros(first.shape[0], dtype=bool)
    knocked_last = np.zeros(first.shape, dtype=bool)
    for row in (first, second):
        rank = np.where(row == tango_column, np.maximum(BASE_RANK[row], TANGO), BASE_RANK[row])
        values = 2 * rank + (round_.pure | gala)  # a Gala's rows are both the same pure triple
        judged = dancing & (dancing.sum(axis=1) >= 2)[:, None]
        tango_danced |= (judged & (row == tango_column)).any(axis=1)
        lose = judged & ~judge(values, dancing) & ~protected
        stamina = stamina - lose
        knocked = lose & (stamina == 0)
        dancing = dancing & ~knocked
        knocked_last = np.where(knocked.any(axis=1)[:, None], knocked, knocked_last)
    bonus = gala & dancing
    stamina = np.where(bonus, np.minimum(MAX_ENDURANCE, stamina + GALA_BONUS), stamina).astype(
        np.int8
    )
    return stamina, dancing, tango_danced, knocked_last


@dataclass(frozen=True, slots=True)
class BatchResult:
    """Per-seat win shares (shared wins split) and each game's number of rounds."""

    wins: npt.NDArray[np.float64]
    rounds: IntArray


def random_round(rng: np.random.Generator, games: int, players: int) -> Round:
    """What random seats dance: fair dice, and purity as a random first row gives it."""
    rows = SORTED_ID[rng.integers(0, 216, size=(games, players, 2), dtype=np.uint8)]
    pure = rng.random((games, players)) < PURE_ROW_CHANCE
    return Round(first=rows[..., 0], second=rows[..., 1], pure=pure)


def simulate_random(
    games: int, players: int, seed: int, endurance: int = MAX_ENDURANCE
) -> BatchResult:
    """Play ``games`` random games of ``players`` seats and return the results.

    Only games still running are kept in the working arrays; a game's result
    is written out the round it ends.
    """
    rng = np.random.default_rng(seed)
    wins = np.zeros(players)
    rounds = np.zeros(games, dtype=np.int64)
    index = np.arange(games)
    stamina = np.full((games, players), endurance, dtype=np.int8)
    dancing = np.ones((games, players), dtype=bool)
    tango = SORTED_ID[rng.integers(0, 216, size=games, dtype=np.uint8)]
    played = 0
    while index.size:
        played += 1
        stamina, dancing, tango_danced, knocked_last = judge_round(
            random_round(rng, index.size, players), tango, stamina, dancing
        )
        if tango_danced.any():
            tango[tango_danced] = SORTED_ID[
                rng.integers(0, 216, size=int(tango_danced.sum()), dtype=np.uint8)
            ]
        remaining = dancing.sum(axis=1)
        over = remaining <= 1
        if over.any():
            # The last dancer wins; if nobody is left, those knocked out last share.
            winners = np.where((remaining[over] == 0)[:, None], knocked_last[over], dancing[over])
            wins += (winners / winners.sum(axis=1, keepdims=True)).sum(axis=0)
            rounds[index[over]] = played
            keep = ~over
            index, stamina, dancing, tango = index[keep], stamina[keep], dancing[keep], tango[keep]
    return BatchResult(wins=wins, rounds=rounds)
