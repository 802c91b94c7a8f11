"""Hand-made moments of a Dancing Dice marathon, and rounds played with chosen dice.

A scenario or a rule test says "three couples, Cindy down to 2 endurance; the
Tango dice show 1-2-4; Andrew rolled 2 4 1 6 1 1 ..."::

    state = (
        Position(players=3)
        .endurance(2, 2)
        .tango(1, 2, 4)
        .rolled(0, 2, 4, 1, 6, 1, 1)
        .rolled(1, 3, 2, 2, 1, 2, 2)
        .rolled(2, 2, 4, 5, 1, 2, 4)
        .build()
    )

and then plays on with the real actions: ``play_round`` rolls chosen dice,
keeps them all and arranges the first dance of each couple, as the rulebook's
example does. ``Look`` answers questions (endurance, who is still dancing, the
last round's judging, a couple's dice as it sees them) from the observation.

Dice are lettered a-f: a, b, c are white with coloured steps, d, e, f coloured
with white steps, so a first dance ``"abc"`` or ``"def"`` is pure.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from ballroom.core.errors import PositionError
from ballroom.core.state import CHANCE
from ballroom.games.dancing_dice.game import DancingDice
from ballroom.games.dancing_dice.game_play import KEEP_ID, first_id, roll_id
from ballroom.games.dancing_dice.preparation import (
    DICE_PER_PLAYER,
    DIE_LABELS,
    MAX_ENDURANCE,
    TANGO_DICE,
)
from ballroom.games.dancing_dice.state import DancingDiceState
from ballroom.games.dancing_dice.view import DiceView, read


class Position:
    """The first round of a marathon, said couple by couple; ``build()`` makes the game state.

    Every couple starts with the ``endurance`` option's points unless
    ``endurance`` says otherwise. Without ``tango`` the state waits for the
    Tango dice; with ``tango`` and no ``rolled`` dice, for the couples' first
    roll; with every couple's dice ``rolled``, for the re-roll choices.
    """

    def __init__(self, players: int = 2, *, seed: int = 0, **options: object) -> None:
        self._players = players
        self._seed = seed
        self._options = options
        self._endurance: dict[int, int] = {}
        self._tango: tuple[int, ...] = ()
        self._rolled: dict[int, tuple[int, ...]] = {}

    def endurance(self, seat: int, points: int) -> Position:
        """The couple's endurance points (1 to 10)."""
        if not 1 <= points <= MAX_ENDURANCE:
            raise PositionError(
                f"a dancing couple has 1 to {MAX_ENDURANCE} endurance, not {points}"
            )
        self._endurance[seat] = points
        return self

    def tango(self, *faces: int) -> Position:
        """The faces the three Tango dice show this round."""
        _faces(faces, TANGO_DICE, "the Tango dice")
        self._tango = faces
        return self

    def rolled(self, seat: int, *faces: int) -> Position:
        """The faces of the couple's first roll, dice a to f."""
        _faces(faces, DICE_PER_PLAYER, "a couple's dice")
        self._rolled[seat] = faces
        return self

    def build(self) -> DancingDiceState:
        """Start the marathon, then roll what was said with the real chance actions."""
        state = DancingDice(self._players, **self._options).new_state(self._seed)
        if state.game.dice.places is not None:
            raise PositionError(
                "a Position says three Tango dice and six dice a couple; "
                "with research-single-dice, roll() the dice in the order the game rolls them"
            )
        for seat, points in self._endurance.items():
            _set_endurance(state, seat, points)
        if self._rolled and not self._tango:
            raise PositionError("the round starts with the Tango dice: say tango() first")
        roll(state, self._tango)
        if self._rolled:
            if sorted(self._rolled) != list(range(self._players)):
                raise PositionError("say every couple's first roll, or none")
            for seat in range(self._players):
                roll(state, self._rolled[seat])
        return state


class Look:
    """Questions about a marathon, answered from the observation."""

    def __init__(self, state: DancingDiceState) -> None:
        self._state = state

    def endurance(self) -> list[int]:
        """Every couple's endurance points, by seat."""
        return [couple.endurance for couple in self._public().public.couples]

    def dancing(self) -> list[int]:
        """The seats still in the marathon."""
        couples = self._public().public.couples
        return [seat for seat, couple in enumerate(couples) if couple.dancing]

    def step(self) -> str:
        """What is due: ``"tango"``, ``"roll"``, ``"reroll"``, ``"reroll-roll"``, ``"arrange"``, ``"over"``."""
        return str(self._public().step.name.value)

    def tango(self) -> list[int] | None:
        """The Tango, sorted, once all three Tango dice are rolled."""
        tango = self._public().public.tango
        return None if tango is None else list(tango)

    def tango_rolled(self) -> list[int]:
        """The Tango dice rolled so far, in order, while they are being rolled."""
        return list(self._public().public.tango_rolled)

    def rerolled(self) -> list[int | None]:
        """How many dice each couple re-rolled this round, once every couple has chosen."""
        return [couple.rerolled for couple in self._public().public.couples]

    def judging(self) -> list[dict[str, Any]]:
        """The last round's judgings, first dance then second.

        Each says the ``values`` danced (by seat, as text), the ``satisfactory``
        seats, those who ``lost`` a point and those knocked ``out``.
        """
        last = self._state.observation(None)["public"]["last_round"]
        return [] if last is None else list(last["dances"])

    def dice(self, seat: int) -> list[int]:
        """The couple's six dice, a to f, as it sees them behind its curtain."""
        curtain = read(self._state.observation(seat)).private
        if curtain is None:
            raise PositionError(f"seat {seat} has no curtain")
        return list(curtain.dice)

    def _public(self) -> DiceView:
        return read(self._state.observation(None))


def roll(state: DancingDiceState, faces: Sequence[int]) -> None:
    """The next dice rolled show ``faces``, in the order the game rolls them."""
    for face in faces:
        state.apply(roll_id(face), CHANCE)


def play_round(
    state: DancingDiceState,
    dice: Mapping[int, Sequence[int]],
    first_rows: Mapping[int, str],
    tango: Sequence[int] | None = None,
) -> None:
    """Roll ``dice`` (faces of dice a-f) for each couple, keep them all, arrange and judge.

    ``first_rows`` maps a couple to the letters of its first dance, e.g.
    ``"abd"``; ``tango`` is needed when the round starts by rolling the Tango.
    """
    look = Look(state)
    if look.step() == "tango":
        if tango is None:
            raise PositionError("this round starts by rolling the Tango dice: say tango")
        roll(state, tango)
    couples = look.dancing()
    for seat in couples:
        roll(state, dice[seat])
    for seat in couples:
        state.apply(KEEP_ID, seat)
    for seat in couples:
        state.apply(first_id(DIE_LABELS.index(c) for c in first_rows[seat]), seat)


def _faces(faces: Sequence[int], count: int, what: str) -> None:
    if len(faces) != count or not all(1 <= face <= 6 for face in faces):
        raise PositionError(f"{what} are {count} faces from 1 to 6, not {list(faces)}")


# -- the engine's own fields: the only code of this module that writes them ----------------


def _set_endurance(state: DancingDiceState, seat: int, points: int) -> None:
    state.endurance[seat] = points
