"""Judging Dances: the best half of the dances are satisfactory, the rest lose endurance.

Each round is judged twice, first dances then second dances. With n
couples still dancing, the k = floor(n/2) best dances are satisfactory,
and so is every dance tied with the k-th best; every other couple loses an
endurance point, unless it danced a Rock or a Gala. A couple reduced to 0
is out at once, so the second dance may judge fewer couples, with a
smaller k (RULINGS 4). A couple that dances the Tango has the Tango dice
re-rolled at the start of the next round, even when its dance ranked as
the higher triple (RULINGS 7).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field

from ballroom.games.dancing_dice.dance_values import (
    RANKS_UNDER,
    TRIPLE_INDEX,
    TRIPLE_OF,
    TRIPLES,
)
from ballroom.games.dancing_dice.game_play import FIRST_ROWS, SECOND_ROWS
from ballroom.games.dancing_dice.preparation import die_type
from ballroom.games.dancing_dice.special_dances import GALA_TRIPLES

PURE_ROWS: dict[tuple[int, ...], bool] = {
    row: len({die_type(die) for die in row}) == 1 for row in FIRST_ROWS
}
"""Whether a first dance is pure; its second dance then is too (three dice of each type)."""


def satisfactory_count(dancers: int) -> int:
    """k = floor(n / 2): how many dances the judges accept (RULINGS 4)."""
    return dancers // 2


def satisfactory_bar(values: Mapping[int, int]) -> int:
    """The least value the judges accept: the k-th best (every value, when k is 0)."""
    k = satisfactory_count(len(values))
    if k == 1:  # two or three couples: the best alone
        return max(values.values())
    return sorted(values.values(), reverse=True)[k - 1] if k else min(values.values())


def judge(values: Mapping[int, int]) -> set[int]:
    """The couples whose dance is satisfactory: the best k, and all tied with the k-th."""
    bar = satisfactory_bar(values)
    return {couple for couple, value in values.items() if value >= bar}


Danced = tuple[int, int, bool, bool, bool]
"""An arrangement as judged: both dances' triples, pure, Rock, Gala."""


def danced(faces: Sequence[int], first: tuple[int, ...]) -> Danced:
    """How the judges see ``faces`` (dice a-f) with ``first`` dancing the first dance.

    A Gala's dances are both its triple, pure: six equal dice can always be
    split into two pure rows (RULINGS 5).
    """
    a, b, c = first
    d, e, f = SECOND_ROWS[first]
    one = TRIPLE_OF[36 * faces[a] + 6 * faces[b] + faces[c] - 43]
    two = TRIPLE_OF[36 * faces[d] + 6 * faces[e] + faces[f] - 43]
    rock = one == two  # the same numbers, whatever the dice's types
    gala = rock and one in GALA_TRIPLES  # one number, six times
    return one, two, gala or PURE_ROWS[first], rock, gala


def dance_values(shown: Danced, tango: int) -> tuple[int, int]:
    """The values of both dances of an arrangement under the Tango (a triple index)."""
    ranks = RANKS_UNDER[tango]
    return 2 * ranks[shown[0]] + shown[2], 2 * ranks[shown[1]] + shown[2]


@dataclass(frozen=True, slots=True)
class Performance:
    """One couple's arrangement, turned up: what each dance shows and is worth."""

    faces: tuple[int, ...]
    first_row: tuple[int, int, int]
    shown: Danced = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "shown", danced(self.faces, self.first_row))

    @property
    def second_row(self) -> tuple[int, int, int]:
        return SECOND_ROWS[self.first_row]

    @property
    def is_gala(self) -> bool:
        """All six dice show one number."""
        return self.shown[4]

    @property
    def is_rock(self) -> bool:
        """Both rows show the same numbers, dice type ignored."""
        return self.shown[3]

    @property
    def protected(self) -> bool:
        """A Rock or a Gala loses no endurance this round."""
        return self.is_rock or self.is_gala

    def dance_faces(self, dance: int) -> tuple[int, ...]:
        """The faces of the first (0) or second (1) dance, sorted."""
        return TRIPLES[self.shown[dance]]

    def judged_as(self, dance: int) -> tuple[tuple[int, ...], bool]:
        """The faces and purity the first (0) or second (1) dance is judged by."""
        return TRIPLES[self.shown[dance]], self.shown[2]

    def value(self, dance: int, tango: Sequence[int]) -> int:
        """The value of the first (0) or second (1) dance."""
        return dance_values(self.shown, TRIPLE_INDEX[tuple(sorted(tango))])[dance]

    def shows_tango(self, dance: int, tango: Sequence[int]) -> bool:
        """Whether this dance is the Tango combination (which re-rolls the Tango dice)."""
        return TRIPLES[self.shown[dance]] == tuple(sorted(tango))
