"""Two Other Special Dances: the Rock and the Gala.

A couple whose two rows show the same numbers, whatever the dice's types,
dances a **Rock**: it loses no endurance this round. Six dice showing one
number are a **Gala** (a Rock too): both dances count as that triple, pure;
the couple loses no endurance this round and gains two afterwards, never
above 10 (RULINGS 5).
"""

from __future__ import annotations

from ballroom.games.dancing_dice.dance_values import TRIPLE_INDEX

GALA_BONUS = 2
GALA_TRIPLES: frozenset[int] = frozenset(TRIPLE_INDEX[(face,) * 3] for face in range(1, 7))
"""The triples (by index) a Gala dances twice: three equal faces."""
