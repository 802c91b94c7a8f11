"""Game Play: rolling behind the curtain, the one re-roll, and the two dances.

Each round every couple still dancing rolls its six dice in secret, may
re-roll any of them once, announcing only how many, and arranges them in
two rows of three: the first dance and the second (RULINGS 6). The round's
steps say who decides each: chance rolls the Tango dice (when they must be
re-rolled) and the couples' dice one die at a time; the couples choose
their re-rolls, then their first dances, all at once and in secret.

The moves are four families, with the ids and texts records have always
used:

========  =============================  ==========================
ids       text                           meaning
========  =============================  ==========================
0..5      ``roll 1`` .. ``roll 6``       chance: the next die shows N
6         ``keep``                       re-roll no die
7..69     ``reroll a c f``               the dice to re-roll (id 6 + their bit mask)
70..89    ``first a b d``                the dice of the first dance
========  =============================  ==========================
"""

from __future__ import annotations

from collections.abc import Iterable
from enum import Enum
from itertools import combinations

from ballroom.core.actions import ActionCodec, Family, Param
from ballroom.core.errors import IllegalActionError
from ballroom.core.flow import Flow
from ballroom.games.dancing_dice.preparation import DICE_PER_PLAYER, DIE_LABELS


class Phase(Enum):
    """The steps of a round."""

    TANGO = "tango"
    """Chance rolls the Tango dice, at the start of a round after the Tango was danced."""
    ROLL = "roll"
    """Chance rolls every couple's six dice, couple after couple."""
    REROLL = "reroll"
    """Every couple chooses, in secret, the dice it re-rolls."""
    REROLL_ROLL = "reroll-roll"
    """Chance rolls the re-rolled dice, once every count was announced."""
    ARRANGE = "arrange"
    """Every couple chooses, in secret, the three dice of its first dance."""
    OVER = "over"


def _dice_text(dice: tuple[int, ...]) -> str:
    return " ".join(DIE_LABELS[die] for die in dice)


REROLLS: tuple[tuple[int, ...], ...] = tuple(
    tuple(die for die in range(DICE_PER_PLAYER) if mask >> die & 1)
    for mask in range(1, 1 << DICE_PER_PLAYER)
)
"""Every non-empty set of dice, by bit mask (die ``a`` is bit 0)."""
FIRST_ROWS: tuple[tuple[int, int, int], ...] = tuple(combinations(range(DICE_PER_PLAYER), 3))
"""The 20 ways to choose the dice of the first dance; the rest dance the second."""
SECOND_ROWS: dict[tuple[int, ...], tuple[int, int, int]] = {
    row: (rest[0], rest[1], rest[2])
    for row in FIRST_ROWS
    for rest in [tuple(die for die in range(DICE_PER_PLAYER) if die not in row)]
}
"""The dice of the second dance, by those of the first."""

ROLL = Family("roll", (Param.of_range("face", 1, 6),), "Chance: the next die shows this face.")
KEEP = Family("keep", (), "Re-roll no die.")
REROLL = Family(
    "reroll",
    (Param("dice", REROLLS, tuple(map(_dice_text, REROLLS)), "The dice to roll again."),),
    "Re-roll these dice; the others hear only how many.",
)
FIRST = Family(
    "first",
    (Param("dice", FIRST_ROWS, tuple(map(_dice_text, FIRST_ROWS)), "The first dance's dice."),),
    "These three dice dance the first dance, the other three the second.",
)
CODEC = ActionCodec([ROLL, KEEP, REROLL, FIRST])
FLOW = Flow.declare(
    Phase,
    {
        Phase.TANGO: [ROLL],
        Phase.ROLL: [ROLL],
        Phase.REROLL: [KEEP, REROLL],
        Phase.REROLL_ROLL: [ROLL],
        Phase.ARRANGE: [FIRST],
        Phase.OVER: [],
    },
    every=[Phase.TANGO, Phase.ROLL, Phase.REROLL, Phase.REROLL_ROLL, Phase.ARRANGE],
)
"""Every face may come up and every choice is open to every couple, whatever its dice:
the flow tells nobody anything."""

ROLL_IDS = CODEC.ids(ROLL)
KEEP_ID = CODEC.ids(KEEP)[0]
REROLL_IDS = CODEC.ids(REROLL)
"""By bit mask of the dice, less one: ``REROLL_IDS[mask - 1]``."""
FIRST_IDS = CODEC.ids(FIRST)
"""In the order of ``FIRST_ROWS``."""


CHOSEN: dict[int, tuple[int, ...]] = {
    CODEC.encode(action): action.values[0] if action.values else ()
    for action in (KEEP(), *(REROLL(dice) for dice in REROLLS), *(FIRST(row) for row in FIRST_ROWS))
}
"""The dice each ``keep``, ``reroll`` and ``first`` id names."""


FACE_OF = {roll_id: face for face, roll_id in enumerate(ROLL_IDS, start=1)}
"""The face each ``roll`` id shows."""


def roll_id(face: int) -> int:
    """The id of a die showing ``face``."""
    return ROLL_IDS[face - 1]


def reroll_id(dice: Iterable[int]) -> int:
    """The id of re-rolling ``dice`` (``keep`` for none)."""
    mask = sum(1 << die for die in set(dice))
    return REROLL_IDS[mask - 1] if mask else KEEP_ID


FIRST_ID_OF: dict[tuple[int, ...], int] = {row: FIRST_IDS[i] for i, row in enumerate(FIRST_ROWS)}
"""The id of each first dance, by its dice in order."""


def first_id(dice: Iterable[int]) -> int:
    """The id of dancing the first dance with ``dice`` (three, in any order)."""
    row = tuple(sorted(dice))
    found = FIRST_ID_OF.get(row)
    return CODEC.encode(FIRST(row)) if found is None else found  # refused with its message


def dice_of(action: int) -> tuple[int, ...]:
    """The dice a ``keep``, ``reroll`` or ``first`` id names."""
    try:
        return CHOSEN[action]
    except KeyError:
        raise IllegalActionError(f"{CODEC.to_text(action)!r} names no dice") from None


USAGE = "actions look like 'roll 4', 'keep', 'reroll a c f' or 'first a b d'"


def read_action(text: str) -> int:
    """The id ``text`` names, read leniently: ``Reroll C,A`` is ``reroll a c``."""
    words = text.strip().lower().split()
    if not words:
        raise IllegalActionError(f"empty action; {USAGE}")
    verb, rest = words[0], words[1:]
    if verb in (REROLL.name, FIRST.name):
        dice = _letters(rest, text)
        if verb == FIRST.name and len(dice) != 3:
            raise IllegalActionError(f"{text!r}: the first dance takes exactly three dice")
        if not dice:
            return CODEC.encode(KEEP())
        words = [verb, _dice_text(tuple(sorted(dice)))]
    try:
        return CODEC.parse(" ".join(words))
    except IllegalActionError:
        raise IllegalActionError(f"cannot read {text!r}; {USAGE}") from None


def _letters(words: list[str], text: str) -> list[int]:
    dice = []
    for letter in "".join(words).replace(",", ""):
        if letter not in DIE_LABELS:
            raise IllegalActionError(f"{text!r}: dice are lettered a-f, not {letter!r}")
        dice.append(DIE_LABELS.index(letter))
    if len(set(dice)) != len(dice):
        raise IllegalActionError(f"{text!r} names a die twice")
    return dice
