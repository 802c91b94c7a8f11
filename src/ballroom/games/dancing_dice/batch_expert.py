"""The ``expert`` bot for many seats at once: its decision tables applied to numpy arrays.

The batch (``batch.py``) plays expert seats with this. Each choice is the one
``ExpertAgent`` makes for the same faces, Tango, number of dancers and
endurance: the same costs (``expert.code_costs`` gathered by
``expert.value_codes``, as ``arrangement_costs`` does), the first of the
cheapest first rows, and the agent's scan over the 64 re-roll masks in
action order, where a later mask wins only when cheaper by more than
``TIE_TOLERANCE``. A context's tables are built the first time a seat meets
it and kept for the run. A first row from the tables names places in the
sorted dice (``expert.table_order``); ``OWN_ROW`` turns it into the seat's
own dice, as ``expert.first_dance`` does.

Faces are 0-based here (0..5); a side's three faces form the ordered code
``36 a + 6 b + c``.
"""

from __future__ import annotations

from itertools import permutations, product

import numpy as np
import numpy.typing as npt

from ballroom.games.dancing_dice.dance_values import TRIPLE_INDEX, TRIPLES
from ballroom.games.dancing_dice.expert import (
    SIDE_KEY_INDEX,
    SIDE_KEYS,
    TIE_TOLERANCE,
    code_costs,
    expected_costs,
    table_order,
    value_codes,
)
from ballroom.games.dancing_dice.game_play import FIRST_ROWS
from ballroom.games.dancing_dice.judging import satisfactory_count
from ballroom.games.dancing_dice.preparation import MAX_ENDURANCE

IntArray = npt.NDArray[np.int64]
FloatArray = npt.NDArray[np.float64]

MASKS = np.arange(64)
"""Re-roll masks in the order of the agent's legal actions (bit d: die d)."""
SORTED_ID = np.array(
    [TRIPLE_INDEX[tuple(sorted(faces))] for faces in product(range(1, 7), repeat=3)],
    dtype=np.int64,
)
"""Ordered code -> sorted-triple id. A uniform code in 0..215 is three fair dice at once."""


ORDERS = list(permutations(range(3)))
"""The six orders of a side's three dice."""
ORDER_ID = np.array(
    [ORDERS.index(table_order((*faces, *faces))[:3]) for faces in product(range(6), repeat=3)],
    dtype=np.int64,
)
"""Per ordered code: the index in ``ORDERS`` of its dice sorted by face, as the tables see them."""
OWN_ROW = np.array(
    [
        [
            FIRST_ROWS.index(tuple(sorted((*white, *(3 + d for d in coloured))[p] for p in row)))
            for row in FIRST_ROWS
        ]
        for white in ORDERS
        for coloured in ORDERS
    ],
    dtype=np.int64,
)
"""The seat's own first row per (white order, coloured order) and tables' first row:
shape (36, 20)."""


def _side_keys() -> npt.NDArray[np.int32]:
    """Side key (kept faces, dice re-rolled) per (ordered code, 3-bit mask): shape (216, 8)."""
    keys = np.zeros((216, 8), dtype=np.int32)
    for code, faces in enumerate(product(range(1, 7), repeat=3)):
        for mask in range(8):
            kept = tuple(sorted(f for i, f in enumerate(faces) if not mask >> i & 1))
            keys[code, mask] = SIDE_KEY_INDEX[(kept, 3 - len(kept))]
    return keys


SIDES = len(SIDE_KEYS)
_KEYS = _side_keys()
WHITE_KEYS = SIDES * _KEYS[:, MASKS & 7]
"""A re-roll mask's white side key, times ``SIDES``, per (white ordered code, mask)."""
COLOURED_KEYS = _KEYS[:, MASKS >> 3]
"""A re-roll mask's coloured side key per (coloured ordered code, mask)."""
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


def _scan(costs: FloatArray) -> IntArray:
    """``ExpertAgent``'s choice among re-roll costs (n, 64): a later mask replaces the best so
    far only when cheaper by more than ``TIE_TOLERANCE``."""
    best = costs[:, 0].copy()
    choice = np.zeros(len(costs), dtype=np.int64)
    for mask in MASKS[1:].tolist():
        cost = costs[:, mask]
        cheaper = cost < best - TIE_TOLERANCE
        best = np.where(cheaper, cost, best)
        choice[cheaper] = mask
    return choice


class ExpertBatch:
    """The expert's choices for many seats, with each context's tables built once."""

    def __init__(self, players: int) -> None:
        contexts = len(TRIPLES) * (players - 1) * MAX_ENDURANCE  # at most, for this table
        self._slot = np.full(CONTEXTS, -1, dtype=np.int64)
        self._size = 0
        self._rows = np.zeros((contexts, CONFIGS), dtype=np.int8)
        """The first row chosen per dice set, one line per context met."""
        self._rerolls = np.zeros((contexts, SIDES * SIDES))
        """The expected cost per (white side key, coloured side key), one line per context;
        zeros, so memory is only taken as contexts are met."""

    def _slots(self, codes: IntArray) -> IntArray:
        """Where each context's tables are, building those not met before."""
        missing = np.unique(codes[self._slot[codes] < 0])
        if missing.size:
            self._build(missing)
        result: IntArray = self._slot[codes]
        return result

    def _build(self, codes: IntArray) -> None:
        rest, endurances = np.divmod(codes, ENDURANCE_SLOTS)
        tangos, dancers = np.divmod(rest, DANCER_SLOTS)
        for tango_id in np.unique(tangos).tolist():
            # The contexts of one Tango share their codes: one gather for all of them.
            group = np.flatnonzero(tangos == tango_id)
            tango = TRIPLES[tango_id]
            by_code = np.stack(
                [
                    code_costs(tango, n - 1, satisfactory_count(n), e)
                    for n, e in zip(
                        dancers[group].tolist(), endurances[group].tolist(), strict=True
                    )
                ]
            )
            costs = np.take(by_code, value_codes(tango), axis=1)  # (contexts, dice sets, rows)
            rows = costs.argmin(axis=2)
            cheapest = np.take_along_axis(costs, rows[:, :, None], axis=2)[:, :, 0]
            slots = np.arange(self._size, self._size + group.size)
            self._rows[slots] = rows
            for slot, best in zip(slots.tolist(), cheapest, strict=True):
                self._rerolls[slot] = expected_costs(best).ravel()
            self._slot[codes[group]] = slots
            self._size += group.size

    def rerolls(self, faces: IntArray, codes: IntArray) -> IntArray:
        """The re-roll mask each seat chooses for its first roll: shape (n,).

        The agent's scan ends on a mask within its tolerance of the cheapest,
        so where only the cheapest is that close it is the choice; the scan
        itself runs only where several are (within four times the tolerance,
        a margin for the rounding of the agent's ``best - tolerance``).
        """
        slots = self._slots(codes)
        white, coloured = side_codes(faces)
        keys = np.take(WHITE_KEYS, white, axis=0) + np.take(COLOURED_KEYS, coloured, axis=0)
        costs = np.take(self._rerolls, (SIDES * SIDES * slots)[:, None] + keys)
        choice = costs.argmin(axis=1)
        cheapest = np.take_along_axis(costs, choice[:, None], axis=1)
        close = (costs <= cheapest + 4 * TIE_TOLERANCE).sum(axis=1) > 1
        if close.any():
            choice[close] = _scan(costs[close])
        result: IntArray = choice
        return result

    def first_rows(self, faces: IntArray, codes: IntArray) -> IntArray:
        """The first row (0..19, an index into ``FIRST_ROWS``) each seat chooses."""
        slots = self._slots(codes)
        white, coloured = side_codes(faces)
        configs = SORTED_ID[white] * len(TRIPLES) + SORTED_ID[coloured]
        rows = np.take(self._rows, CONFIGS * slots + configs)
        own: IntArray = OWN_ROW[len(ORDERS) * ORDER_ID[white] + ORDER_ID[coloured], rows]
        return own
