"""The chances of one Influence or Foil roll, settled as the engine settles it.

A d6 succeeds when it counts at most the target number (``influence._resolve``).
A success Dominates on a natural 1 (``domination=natural-one``), on a count
three or more under the target (``margin-three``), or always with
OVERWHELMING; a Foil never Dominates. After the roll the family may spend
any one Refreshment (``powers.post_roll_actions``): TACTICIAN makes the die
count one lower (once per roll, while it counts more than 1; a lowered 1 is
not a natural 1), WILLPOWER rolls again (once per effort, and Tactician may
then be used on the new roll). Tactician's spend is one of the roll's
Refreshments (RULINGS 18), so the caller says whether the Refreshments played
before the roll left room for it.

"Best" play spends Refreshments after the roll only to turn a failure into a
success or, among equally sure ways, a success into Domination: both numbers
come from one way of playing. Exact fractions, so tests compare them with
the engine's own dice exactly.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from functools import cache

FACES = range(1, 7)


@dataclass(frozen=True, slots=True)
class RollRules:
    """What decides one roll: its target number and how it may Dominate."""

    target: int
    can_dominate: bool = True
    """False for a Foil."""
    overwhelming: bool = False
    margin_three: bool = False

    def verdict(self, face: int, lowered: int = 0) -> tuple[bool, bool]:
        """(success, Domination) of a die showing ``face``, lowered ``lowered`` times."""
        counts = face - lowered
        success = counts <= self.target
        dominate = (
            success
            and self.can_dominate
            and (
                self.overwhelming
                or (self.target - counts >= 3 if self.margin_three else face == 1 and lowered == 0)
            )
        )
        return success, dominate


@dataclass(frozen=True, slots=True)
class Chances:
    """The chance to succeed and to Dominate."""

    success: Fraction
    dominate: Fraction


def chances(
    rules: RollRules, *, cards: int = 0, tactician: bool = False, willpower: bool = False
) -> Chances:
    """The chances of rolling, with ``cards`` Refreshments to spend after the roll.

    ``willpower`` says whether a re-roll is still at hand for this effort.
    """
    success, dominate = _roll(rules, max(0, cards), willpower, tactician)
    return Chances(success, dominate)


Value = tuple[Fraction, Fraction]


@cache
def _roll(rules: RollRules, cards: int, willpower: bool, tactician: bool) -> Value:
    total = (Fraction(0), Fraction(0))
    for face in FACES:
        s, d = _after(rules, face, 0, cards, willpower, tactician)
        total = (total[0] + s / 6, total[1] + d / 6)
    return total


def _after(
    rules: RollRules, face: int, lowered: int, cards: int, willpower: bool, tactician: bool
) -> Value:
    """The value of a die that stands at ``face - lowered``, with the choices left."""
    success, dominate = rules.verdict(face, lowered)
    best = (Fraction(int(success)), Fraction(int(dominate)))
    if cards < 1:
        return best
    if tactician and lowered == 0 and face > 1:
        best = max(best, _after(rules, face, 1, cards - 1, willpower, tactician))
    if willpower:
        best = max(best, _roll(rules, cards - 1, False, tactician))
    return best
