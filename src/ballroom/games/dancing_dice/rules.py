"""Dancing Dice's scoring and judging, as pure functions.

A *dance* is three dice. Its value orders all dances, best first: Boogie
(1-1-1), Tap-dance (2-2-2), Cha-cha-cha (3-3-3), the Tango (the exact
multiset on the Tango dice), then the sums 18 down to 4. Purity (all three
dice of one type) only breaks a tie between equal dances (RULINGS 2), so a
value is ``2 * rank + pure``.
"""

from __future__ import annotations

import itertools
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from itertools import combinations, combinations_with_replacement

DICE_PER_PLAYER = 6
DIE_TYPES = ("white", "coloured")
"""Dice 0-2 are white with coloured steps, dice 3-5 coloured with white steps."""
DIE_LABELS = "abcdef"
MAX_ENDURANCE = 10
GALA_BONUS = 2

BOOGIE, TAP_DANCE, CHA_CHA_CHA, TANGO = 22, 21, 20, 19
"""Ranks of the special dances; plain sums rank by their sum (4..18)."""

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

FIRST_ROWS: tuple[tuple[int, int, int], ...] = tuple(combinations(range(DICE_PER_PLAYER), 3))
"""The 20 ways to choose the dice of the first dance; the rest form the second."""

TRIPLES: list[tuple[int, ...]] = list(combinations_with_replacement(range(1, 7), 3))
"""The 56 multisets of three faces, sorted; tables index dances by position here."""
TRIPLE_INDEX = {triple: i for i, triple in enumerate(TRIPLES)}


def die_type(die: int) -> int:
    """0 for a white die with coloured steps, 1 for a coloured die with white steps."""
    return die // 3


def is_pure(dice: Sequence[int]) -> bool:
    """Whether the dice (by index 0..5) are all of one type."""
    return len({die_type(d) for d in dice}) == 1


def dance_rank(faces: Sequence[int], tango: Sequence[int]) -> int:
    """The rank of three faces, ignoring purity (RULINGS 3: the higher counts)."""
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


def satisfactory_count(dancers: int) -> int:
    """k = floor(n / 2): how many dances the judges accept (RULINGS 4)."""
    return dancers // 2


def judge(values: Mapping[int, int]) -> set[int]:
    """The players whose dance is satisfactory: the best k, and all tied with the k-th."""
    k = satisfactory_count(len(values))
    if k == 0:
        return set(values)
    threshold = sorted(values.values(), reverse=True)[k - 1]
    return {player for player, value in values.items() if value >= threshold}


def _second_row(first: tuple[int, ...]) -> tuple[int, int, int]:
    rest = tuple(d for d in range(DICE_PER_PLAYER) if d not in first)
    return (rest[0], rest[1], rest[2])


_SECOND_ROWS = {
    first: _second_row(first) for first in itertools.permutations(range(DICE_PER_PLAYER), 3)
}
"""The dice left for the second dance, by the first dance's three (judging asks often)."""
_PURE_ROWS = {row: is_pure(row) for row in _SECOND_ROWS}
"""Whether three dice (by index, in any order) are of one type."""


@dataclass(frozen=True, slots=True)
class Performance:
    """One player's revealed arrangement for a round."""

    faces: tuple[int, ...]
    first_row: tuple[int, int, int]
    danced: tuple[tuple[int, ...], tuple[int, ...]] = field(init=False, repr=False, compare=False)
    """Each dance's faces, sorted: judged several times a round, sorted once."""

    def __post_init__(self) -> None:
        rows = (self.row_faces(self.first_row), self.row_faces(self.second_row))
        object.__setattr__(self, "danced", rows)

    @property
    def second_row(self) -> tuple[int, int, int]:
        return _SECOND_ROWS[self.first_row]

    @property
    def is_gala(self) -> bool:
        """All six dice show one number (RULINGS 5)."""
        return len(set(self.faces)) == 1

    @property
    def is_rock(self) -> bool:
        """Both rows show the same numbers, dice type ignored."""
        return self.danced[0] == self.danced[1]

    @property
    def protected(self) -> bool:
        """A Rock or a Gala loses no endurance this round."""
        return self.is_rock or self.is_gala

    def row_faces(self, row: Sequence[int]) -> tuple[int, ...]:
        faces = self.faces
        return tuple(sorted([faces[d] for d in row]))

    def dance_faces(self, dance: int) -> tuple[int, ...]:
        return self.danced[dance]

    def judged_as(self, dance: int) -> tuple[tuple[int, ...], bool]:
        """The faces and purity the first (0) or second (1) dance is judged by.

        A Gala counts as that triple for both dances; six equal dice can
        always be split into two pure rows, so a Gala's dances are pure.
        """
        if self.is_gala:
            return self.faces[:3], True
        row = self.first_row if dance == 0 else self.second_row
        return self.danced[dance], _PURE_ROWS[row]

    def value(self, dance: int, tango: Sequence[int]) -> int:
        """The value of the first (0) or second (1) dance."""
        faces, pure = self.judged_as(dance)
        return dance_value(faces, pure, tango)

    def shows_tango(self, dance: int, tango: Sequence[int]) -> bool:
        """Whether this dance is the Tango combination (which re-rolls the Tango dice)."""
        return list(self.dance_faces(dance)) == sorted(tango)


def final_ranking(
    survivors: Sequence[int], eliminated_groups: Sequence[Sequence[int]]
) -> list[list[int]]:
    """Places, best first, from the survivors and the groups knocked out together.

    The last player dancing wins. Players knocked out in the same dance share
    a place; if nobody survives, the group knocked out last shares the win
    (RULINGS 8).
    """
    ranking: list[list[int]] = [sorted(survivors)] if survivors else []
    ranking.extend(sorted(group) for group in reversed(eliminated_groups) if group)
    return ranking
