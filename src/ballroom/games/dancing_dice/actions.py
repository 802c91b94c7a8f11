"""Dancing Dice's actions: dense integer ids and their text forms.

========  =============================  ==========================
ids       text                           meaning
========  =============================  ==========================
0..5      ``roll 1`` .. ``roll 6``       chance: the next die shows N
6..69     ``keep`` / ``reroll a c f``    dice to re-roll (a bit mask)
70..89    ``first a b d``                dice of the first dance
========  =============================  ==========================

Dice are lettered a-f: a, b, c are white with coloured steps; d, e, f are
coloured with white steps.
"""

from __future__ import annotations

from ballroom.core.errors import IllegalActionError
from ballroom.games.dancing_dice.rules import DICE_PER_PLAYER, DIE_LABELS, FIRST_ROWS

ROLL_BASE = 0
REROLL_BASE = 6
ARRANGE_BASE = REROLL_BASE + (1 << DICE_PER_PLAYER)
NUM_ACTIONS = ARRANGE_BASE + len(FIRST_ROWS)

ROLL_ACTIONS = list(range(ROLL_BASE, REROLL_BASE))
REROLL_ACTIONS = list(range(REROLL_BASE, ARRANGE_BASE))
ARRANGE_ACTIONS = list(range(ARRANGE_BASE, NUM_ACTIONS))


def roll(face: int) -> int:
    return ROLL_BASE + face - 1


def reroll(dice: tuple[int, ...] | list[int]) -> int:
    mask = 0
    for die in dice:
        mask |= 1 << die
    return REROLL_BASE + mask


def arrange(first_row: tuple[int, ...] | list[int]) -> int:
    low, mid, high = sorted(first_row)
    return ARRANGE_BASE + FIRST_ROWS.index((low, mid, high))


def reroll_dice(action: int) -> list[int]:
    mask = action - REROLL_BASE
    return [die for die in range(DICE_PER_PLAYER) if mask >> die & 1]


def first_row(action: int) -> tuple[int, int, int]:
    return FIRST_ROWS[action - ARRANGE_BASE]


def to_text(action: int) -> str:
    if ROLL_BASE <= action < REROLL_BASE:
        return f"roll {action - ROLL_BASE + 1}"
    if REROLL_BASE <= action < ARRANGE_BASE:
        dice = reroll_dice(action)
        return "reroll " + " ".join(DIE_LABELS[d] for d in dice) if dice else "keep"
    if ARRANGE_BASE <= action < NUM_ACTIONS:
        return "first " + " ".join(DIE_LABELS[d] for d in first_row(action))
    raise IllegalActionError(
        f"no Dancing Dice action has id {action}; ids are 0..{NUM_ACTIONS - 1}"
    )


def _letters(words: list[str], text: str) -> list[int]:
    letters = "".join(words).replace(",", "")
    dice = []
    for letter in letters:
        if letter not in DIE_LABELS:
            raise IllegalActionError(f"{text!r}: dice are lettered a-f, not {letter!r}")
        dice.append(DIE_LABELS.index(letter))
    if len(set(dice)) != len(dice):
        raise IllegalActionError(f"{text!r} names a die twice")
    return dice


def parse(text: str) -> int:
    words = text.strip().lower().split()
    usage = "actions look like 'roll 4', 'keep', 'reroll a c f' or 'first a b d'"
    if not words:
        raise IllegalActionError(f"empty action; {usage}")
    verb, rest = words[0], words[1:]
    if verb == "roll" and len(rest) == 1 and rest[0] in {"1", "2", "3", "4", "5", "6"}:
        return roll(int(rest[0]))
    if verb == "keep" and not rest:
        return REROLL_BASE
    if verb == "reroll":
        return reroll(_letters(rest, text))
    if verb == "first":
        dice = _letters(rest, text)
        if len(dice) != 3:
            raise IllegalActionError(f"{text!r}: the first dance takes exactly three dice")
        return arrange(dice)
    raise IllegalActionError(f"cannot read {text!r}; {usage}")
