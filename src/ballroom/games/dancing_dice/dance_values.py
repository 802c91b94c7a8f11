"""Dance Values: what three dice are worth, best first.

A *dance* is three dice. Dances rank Boogie (1-1-1), Tap-dance (2-2-2),
Cha-cha-cha (3-3-3), the Tango (the exact faces of the three Tango dice),
then the sums 18 (Mambo) down to 4 (Macarena). A dance that is both the
Tango and a Boogie, Tap-dance or Cha-cha-cha counts as the higher; three
4s, 5s or 6s count by their sum unless they are the Tango (RULINGS 3).
Three dice of one type make a *pure* dance, which beats the same dance
mixed and never a better one (RULINGS 2), so a dance's value is
``2 * rank + pure``.

Judging asks for values many times a round, so a dance is also known by
the index of its sorted faces among the 56 ``TRIPLES``, and its rank under
each Tango is read from a table.
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import combinations_with_replacement, product

from ballroom.games.dancing_dice.preparation import die_type

BOOGIE, TAP_DANCE, CHA_CHA_CHA, TANGO = 22, 21, 20, 19
"""Ranks of the special dances; the other dances rank by their sum (4..18)."""

TRIPLE_RANKS = {1: BOOGIE, 2: TAP_DANCE, 3: CHA_CHA_CHA}
RANK_NAMES = {
    BOOGIE: "Boogie",
    TAP_DANCE: "Tap-dance",
    CHA_CHA_CHA: "Cha-cha-cha",
    TANGO: "Tango",
    18: "Mambo",
    17: "Twist",
    16: "Bolero",
    5: "Mazurka",
    4: "Macarena",
}

TRIPLES: list[tuple[int, ...]] = list(combinations_with_replacement(range(1, 7), 3))
"""The 56 multisets of three faces, sorted; tables index dances by position here."""
TRIPLE_INDEX = {triple: i for i, triple in enumerate(TRIPLES)}


def is_pure(dice: Sequence[int]) -> bool:
    """Whether the dice (by index 0..5) are all of one type."""
    return len({die_type(die) for die in dice}) == 1


def dance_rank(faces: Sequence[int], tango: Sequence[int]) -> int:
    """The rank of three faces, purity aside (RULINGS 3: the higher counts)."""
    low, mid, high = sorted(faces)
    if low == high and low in TRIPLE_RANKS:
        return TRIPLE_RANKS[low]
    if [low, mid, high] == sorted(tango):
        return TANGO
    return low + mid + high


def dance_value(faces: Sequence[int], pure: bool, tango: Sequence[int]) -> int:
    """The comparable value of a dance: higher is better."""
    return 2 * dance_rank(faces, tango) + int(pure)


def describe_value(value: int) -> str:
    """``"pure Boogie"``, ``"mixed 11"``, ``"pure Twist (17)"``."""
    rank, pure = divmod(value, 2)
    purity = "pure" if pure else "mixed"
    name = RANK_NAMES.get(rank)
    if name is None:
        return f"{purity} {rank}"
    if rank <= 18:
        return f"{purity} {name} ({rank})"
    return f"{purity} {name}"


TRIPLE_OF: tuple[int, ...] = tuple(
    TRIPLE_INDEX[tuple(sorted(faces))] for faces in product(range(1, 7), repeat=3)
)
"""The triple of three faces ``a, b, c`` in any order, at ``36 * a + 6 * b + c - 43``."""
RANKS_UNDER: tuple[tuple[int, ...], ...] = tuple(
    tuple(dance_rank(triple, tango) for triple in TRIPLES) for tango in TRIPLES
)
"""``RANKS_UNDER[tango][triple]``: each triple's rank under each Tango, both by index."""


def triple_of(a: int, b: int, c: int) -> int:
    """The index in ``TRIPLES`` of three faces, in any order."""
    return TRIPLE_OF[36 * a + 6 * b + c - 43]
