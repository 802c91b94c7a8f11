"""The ``expert`` bot for many seats at once: its decision tables applied to numpy arrays.

The batch (``batch.py``) plays expert seats with this. Each choice is the one
``ExpertAgent`` makes for the same faces, Tango, number of dancers and
endurance: the same cost tables (``expert.context_costs``), the first of the
cheapest first rows, and the agent's scan over the 64 re-roll masks in
action order, where a later mask wins only when cheaper by more than
``TIE_TOLERANCE``. A context's tables are built the first time a seat meets
it and kept for the run.

Faces are 0-based here (0..5); a side's three faces form the ordered code
``36 a + 6 b + c``.
"""

from __future__ import annotations

from itertools import product

import numpy as np
import numpy.typing as npt

from ballroom.games.dancing_dice.expert import (
    SIDE_KEY_INDEX,
    SIDE_KEYS,
    TIE_TOLERANCE,
    context_costs,
    expected_costs,
)
from ballroom.games.dancing_dice.rules import (
    MAX_ENDURANCE,
    TRIPLE_INDEX,
    TRIPLES,
    satisfactory_count,
)

IntArray = npt.NDArray[np.int64]
FloatArray = npt.NDArray[np.float64]

MASKS = np.arange(64)
"""Re-roll masks in the order of the agent's legal actions (bit d: die d)."""
SORTED_ID = np.array(
    [TRIPLE_INDEX[tuple(sorted(faces))] for faces in product(range(1, 7), repeat=3)],
    dtype=np.int64,
)
"""Ordered code -> sorted-triple id. A uniform code in 0..215 is three fair dice at once."""


def _side_keys_by_mask(shift: int) -> IntArray:
    """Side key (kept faces, dice re-rolled) per (ordered code, mask): shape (216, 64).

    The side's dice are bits ``shift``, ``shift + 1``, ``shift + 2`` of the mask.
    """
    keys = np.zeros((216, len(MASKS)), dtype=np.int64)
    for code, faces in enumerate(product(range(1, 7), repeat=3)):
        for mask in MASKS.tolist():
            kept = tuple(sorted(f for i, f in enumerate(faces) if not mask >> (shift + i) & 1))
            keys[code, mask] = SIDE_KEY_INDEX[(kept, 3 - len(kept))]
    return keys


WHITE_KEYS = _side_keys_by_mask(0)
COLOURED_KEYS = _side_keys_by_mask(3)
SIDES = len(SIDE_KEYS)
CONFIGS = len(TRIPLES) ** 2
DANCER_SLOTS = 7
ENDURANCE_SLOTS = MAX_ENDURANCE + 1
CONTEXTS = len(TRIPLES) * DANCER_SLOTS * ENDURANCE_SLOTS


def context_code(tango: IntArray, dancers: IntArray, endurance: IntArray) -> IntArray:
    """One integer per (Tango triple id, dancers still in, the seat's endurance)."""
    result: IntArray = (tango * DANCER_SLOTS + dancers) * ENDURANCE_SLOTS + endurance
    return result


def side_codes(faces: IntArray) -> tuple[IntArray, IntArray]:
    """Ordered codes of the white dice (a-c) and the coloured dice (d-f) of (n, 6) faces."""
    white: IntArray = 36 * faces[:, 0] + 6 * faces[:, 1] + faces[:, 2]
    coloured: IntArray = 36 * faces[:, 3] + 6 * faces[:, 4] + faces[:, 5]
    return white, coloured


class ExpertBatch:
    """The expert's choices for many seats, with each context's tables built once."""

    def __init__(self) -> None:
        self._slot = np.full(CONTEXTS, -1, dtype=np.int64)
        self._size = 0
        self._rows = np.zeros((0, CONFIGS), dtype=np.int8)
        """The first row chosen per dice set, one line per context met."""
        self._rerolls = np.zeros((0, SIDES * SIDES))
        """The expected cost per (white side key, coloured side key), one line per context."""

    def _slots(self, codes: IntArray) -> IntArray:
        """Where each context's tables are, building those not met before."""
        missing = np.unique(codes[self._slot[codes] < 0])
        if missing.size:
            self._build(missing)
        result: IntArray = self._slot[codes]
        return result

    def _build(self, codes: IntArray) -> None:
        needed = self._size + codes.size
        if needed > len(self._rows):  # grow by doubling, so a run copies its tables rarely
            capacity = max(needed, 2 * len(self._rows))
            rows = np.zeros((capacity, CONFIGS), dtype=np.int8)
            rows[: self._size] = self._rows[: self._size]
            rerolls = np.zeros((capacity, SIDES * SIDES))
            rerolls[: self._size] = self._rerolls[: self._size]
            self._rows, self._rerolls = rows, rerolls
        for code in codes.tolist():
            rest, endurance = divmod(code, ENDURANCE_SLOTS)
            tango, dancers = divmod(rest, DANCER_SLOTS)
            costs = context_costs(
                TRIPLES[tango], dancers - 1, satisfactory_count(dancers), endurance
            )
            self._rows[self._size] = costs.argmin(axis=1)
            self._rerolls[self._size] = expected_costs(costs.min(axis=1)).ravel()
            self._slot[code] = self._size
            self._size += 1

    def rerolls(self, faces: IntArray, codes: IntArray) -> IntArray:
        """The re-roll mask each seat chooses for its first roll: shape (n,)."""
        slots = self._slots(codes)  # first: building tables may replace the arrays
        white, coloured = side_codes(faces)
        keys = WHITE_KEYS[white] * SIDES + COLOURED_KEYS[coloured]
        costs = self._rerolls[slots[:, None], keys]
        best = costs[:, 0].copy()
        choice = np.zeros(len(codes), dtype=np.int64)
        for mask in MASKS[1:].tolist():
            cost = costs[:, mask]
            cheaper = cost < best - TIE_TOLERANCE
            best = np.where(cheaper, cost, best)
            choice[cheaper] = mask
        return choice

    def first_rows(self, faces: IntArray, codes: IntArray) -> IntArray:
        """The first row (0..19, an index into ``FIRST_ROWS``) each seat chooses."""
        slots = self._slots(codes)
        white, coloured = side_codes(faces)
        configs = SORTED_ID[white] * len(TRIPLES) + SORTED_ID[coloured]
        rows: IntArray = self._rows[slots, configs].astype(np.int64)
        return rows
