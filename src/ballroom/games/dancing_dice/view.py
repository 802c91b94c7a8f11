"""What a seat sees of the marathon: the board, and what lies behind its own curtain.

The public part (``Floor``) is what everyone at the table sees: each
couple's endurance and whether it still dances, the Tango, how many dice
each couple re-rolled (once all have chosen), how many dance each round,
and the last round's performances and judging. The private part
(``Curtain``) is the seat's own dice and its choices not yet revealed. A
spectator has no private part. ``View(...).to_observation()`` is the JSON
every reader gets; ``View.from_observation`` reads it back.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from ballroom.core.flow import Step
from ballroom.core.state import Observation
from ballroom.core.view import View
from ballroom.games.dancing_dice.game_play import Phase


@dataclass(frozen=True, slots=True)
class Couple:
    """A couple as the table sees it."""

    name: str
    endurance: int
    dancing: bool
    rerolled: int | None
    """How many dice it re-rolled this round, once every couple has chosen."""


@dataclass(frozen=True, slots=True)
class Shown:
    """A couple's dice as the curtain rose: faces a-f, the first dance's dice, Rock, Gala."""

    dice: tuple[int, ...]
    first_row: tuple[int, ...]
    rock: bool
    gala: bool


@dataclass(frozen=True, slots=True)
class Judged:
    """One dance's judging: each couple's value, and who was satisfactory, lost a point, went out."""

    values: Mapping[int, int]
    satisfactory: tuple[int, ...]
    lost: tuple[int, ...]
    out: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class LastRound:
    """The round just judged: its Tango (sorted), the performances, both judgings."""

    round: int
    tango: tuple[int, ...]
    performances: Mapping[int, Shown]
    dances: tuple[Judged, ...]


@dataclass(frozen=True, slots=True)
class Floor:
    """The public part: the board as everyone sees it."""

    round: int
    tango: tuple[int, ...] | None
    """The Tango, sorted, once its three dice are rolled."""
    tango_rolled: tuple[int, ...]
    """The Tango dice rolled so far, while they are being rolled."""
    dice_to_roll: int
    """Dice chance still has to roll in this step (the Tango's, then the couples' in seat order)."""
    satisfactory: int
    """How many dances the judges accept now."""
    couples: tuple[Couple, ...]
    last_round: LastRound | None
    winners: tuple[int, ...] | None
    """Once the marathon is over."""


@dataclass(frozen=True, slots=True)
class Curtain:
    """The private part: the seat's own dice (0 for a die not rolled yet) and pending choices."""

    dice: tuple[int, ...]
    reroll: tuple[int, ...] | None
    """The dice it chose to re-roll this round, once chosen."""
    first_row: tuple[int, ...] | None
    """The dice of its first dance, once chosen, until the curtains rise."""


DiceView = View[Phase, Floor, Curtain]


def read(observation: Observation) -> DiceView:
    """An observation read back as the typed view it was written from."""
    return View.from_observation(observation, Phase, Floor, Curtain)


def read_step(observation: Observation) -> Step[Phase]:
    """Only the step of an observation, for a reader that needs no more of it."""
    return Step.from_json(Phase, observation["step"])
