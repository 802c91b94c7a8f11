"""Drive Dancing Dice rounds with chosen dice, as a rulebook example does."""

from __future__ import annotations

from collections.abc import Sequence

from ballroom.core.state import CHANCE
from ballroom.games.dancing_dice import actions
from ballroom.games.dancing_dice.state import DancingDiceState, Phase


def roll(state: DancingDiceState, faces: Sequence[int]) -> None:
    for face in faces:
        state.apply(actions.roll(face), CHANCE)


def play_round(
    state: DancingDiceState,
    dice: dict[int, Sequence[int]],
    first_rows: dict[int, str],
    tango: Sequence[int] | None = None,
) -> None:
    """Roll ``dice`` (faces for dice a-f) for each dancer, keep all, arrange, judge.

    ``first_rows`` maps a player to the letters of the first dance, e.g. ``"abd"``.
    """
    if state.phase is Phase.TANGO:
        assert tango is not None, "this round starts by rolling the Tango dice"
        roll(state, tango)
    for player in state.dancers():
        roll(state, dice[player])
    for player in state.dancers():
        state.apply(actions.REROLL_BASE, player)
    for player in state.dancers():
        state.apply(actions.arrange(["abcdef".index(c) for c in first_rows[player]]), player)
