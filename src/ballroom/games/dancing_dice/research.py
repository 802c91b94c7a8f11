"""Research options: a smaller Dancing Dice for algorithms that walk the whole game tree.

Not rulebook variants. The rulebook's marathon has no finite game tree (a
round of two couples alone has 6^15 ways to roll), so tabular CFR, exact
exploitability and external-sampling MCCFR cannot run on it. These options,
all off by default, shrink it:

- ``research-faces``: every die, the Tango dice too, shows 1 to this many;
- ``research-single-dice``: a couple rolls one white die (a) and one
  coloured die (d), and each dances as three dice of its colour showing its
  face (b and c show a's face, e and f show d's), so the judging, Rock and
  Gala of the rulebook apply unchanged; one Tango die likewise shows all
  three Tango faces. A couple re-rolls and arranges whole dice: it keeps,
  re-rolls a, d or both (announcing one or two dice), and dances a's three
  places or d's three first;
- ``research-rerolls``: ``false`` leaves out the re-roll (every couple may
  only keep).

A turn cap is not a rule option: the adapters' ``max_turns`` cuts a
marathon off after that many rounds, truncated, with no winner. Some
research marathons need not end by themselves (with two faces and single
dice every dance is a triple, and a marathon at high endurance can dance on
indefinitely), so with any research option
on, automated play cuts a marathon off after ``RESEARCH_TURN_CAP`` rounds.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field

from ballroom.core.options import Option, OptionValue
from ballroom.core.state import CHANCE
from ballroom.games.dancing_dice.game_play import (
    FIRST_IDS,
    KEEP_ID,
    REROLL_IDS,
    ROLL_IDS,
    Phase,
    first_id,
    reroll_id,
)
from ballroom.games.dancing_dice.preparation import DICE_PER_PLAYER, TANGO_DICE

FACES, SINGLE_DICE, REROLLS = "research-faces", "research-single-dice", "research-rerolls"
RESEARCH_TURN_CAP = 200
"""Rounds after which automated play cuts off a marathon played with research options."""

OPTIONS = (
    Option(
        FACES,
        "Research option, not in the rulebook: dice show 1 to this many (for a small game tree).",
        default=6,
        minimum=2,
        maximum=6,
    ),
    Option(
        SINGLE_DICE,
        "Research option, not in the rulebook: one white and one coloured die a couple, "
        "each dancing as three of its colour; one Tango die.",
        default=False,
    ),
    Option(
        REROLLS,
        "Research option, not in the rulebook: false leaves out the re-roll (couples keep).",
        default=True,
    ),
)
WHITE_DIE, COLOURED_DIE = (0, 1, 2), (3, 4, 5)
"""The places a single white die and a single coloured die fill."""


def research_options_on(options: Mapping[str, OptionValue]) -> list[str]:
    """``name=value`` for each research option that is not at its default."""
    return [
        f"{option.name}={options[option.name]}"
        for option in OPTIONS
        if options[option.name] != option.default
    ]


@dataclass(frozen=True, slots=True)
class Dice:
    """How the dice are rolled under the research options; the rulebook's by default."""

    faces: int = 6
    places: Mapping[int, tuple[int, ...]] | None = None
    """Per die a couple rolls, the places (a-f) it fills; ``None``: six dice, one place each."""
    rerolls: bool = True
    rolled: tuple[int, ...] = field(init=False, compare=False)
    """The dice a couple rolls, by their first place, in the order chance rolls them."""
    tango_rolls: tuple[tuple[int, int], ...] = field(init=False, compare=False)
    """The Tango dice chance rolls, in order: ``(CHANCE, die)``; a single one when the
    couples roll single dice."""
    tango_faces: int = field(init=False, compare=False)
    """How many of the three Tango faces each Tango die shows."""
    is_rulebook: bool = field(init=False, compare=False)
    """Whether these are the rulebook's dice (no research option is on): asked at every
    move of a search, so worked out once."""

    def __post_init__(self) -> None:
        single = self.places is not None
        rolled = tuple(self.places) if self.places is not None else tuple(range(DICE_PER_PLAYER))
        object.__setattr__(self, "rolled", rolled)
        tango = tuple((CHANCE, die) for die in range(1 if single else TANGO_DICE))
        object.__setattr__(self, "tango_rolls", tango)
        object.__setattr__(self, "tango_faces", TANGO_DICE // len(tango))
        rulebook = self.faces == 6 and self.places is None and self.rerolls
        object.__setattr__(self, "is_rulebook", rulebook)

    @classmethod
    def of(cls, options: Mapping[str, OptionValue]) -> Dice:
        single = bool(options[SINGLE_DICE])
        places = {WHITE_DIE[0]: WHITE_DIE, COLOURED_DIE[0]: COLOURED_DIE} if single else None
        return cls(int(options[FACES]), places, bool(options[REROLLS]))

    def filled(self, die: int) -> tuple[int, ...]:
        """The places a rolled ``die`` shows its face in."""
        return (die,) if self.places is None else self.places[die]

    def rerolled(self, places: Sequence[int]) -> list[int]:
        """The rolled dice a re-roll of ``places`` rolls again."""
        if self.places is None:
            return list(places)
        return [die for die in self.places if die in places]

    def offers(self) -> dict[Phase, Sequence[int]]:
        """What each step offers: the same to every couple, whatever its dice."""
        rolls = ROLL_IDS[: self.faces]
        if not self.rerolls:
            rerolls: Sequence[int] = (KEEP_ID,)
        elif self.places is None:
            rerolls = range(KEEP_ID, REROLL_IDS[-1] + 1)
        else:
            whole_dice = ((), *self.places.values(), range(DICE_PER_PLAYER))
            rerolls = tuple(sorted({reroll_id(places) for places in whole_dice}))
        firsts: Sequence[int] = (
            FIRST_IDS
            if self.places is None
            else tuple(sorted(first_id(places) for places in self.places.values()))
        )
        return {
            Phase.TANGO: rolls,
            Phase.ROLL: rolls,
            Phase.REROLL: rerolls,
            Phase.REROLL_ROLL: rolls,
            Phase.ARRANGE: firsts,
        }
