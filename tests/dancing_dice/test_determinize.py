"""Determinizing in the middle of a roll: the next die lands where it lands in the true game."""

from __future__ import annotations

import ballroom
from ballroom.core.rng import Rng
from ballroom.games.dancing_dice import actions
from ballroom.games.dancing_dice.position import Look, roll
from ballroom.games.dancing_dice.state import DancingDiceState


def test_a_twin_dealt_mid_roll_rolls_the_same_dice_next() -> None:
    state = ballroom.make("dancing-dice", players=2, seed=3)
    assert isinstance(state, DancingDiceState) and Look(state).step() == "tango"
    roll(state, [1, 2, 3, 4, 4])  # the Tango, then two of the first dancer's six dice
    view = state.observation(1)
    assert view["dice_to_roll"] == 10
    twin = state.game.determinize(view, Rng(5))
    for face in [3, 3, 3, 3, 1, 2, 3, 4, 5, 6]:
        for game in (state, twin):
            game.apply(actions.roll(face))
    assert twin.observation(1) == state.observation(1)
    assert state.observation(1)["players"][1]["dice"] == [1, 2, 3, 4, 5, 6]


def test_the_tango_dice_rolled_so_far_are_seen_by_all() -> None:
    state = ballroom.make("dancing-dice", players=2, seed=3)
    roll(state, [6, 2])
    assert state.observation(0)["tango_rolled"] == [6, 2]
    twin = state.game.determinize(state.observation(0), Rng(1))
    for game in (state, twin):
        game.apply(actions.roll(5))
    assert twin.observation(0) == state.observation(0)
    assert state.observation(0)["tango"] == [2, 5, 6]


def test_every_re_roll_count_announced_reveals() -> None:
    state = ballroom.make("dancing-dice", players=2, seed=3)
    roll(state, [1] * 15)
    state.apply(actions.reroll([0, 1]), 0)
    events = state.apply(actions.reroll([]), 1)
    assert [(e.kind, e.reveals) for e in events if e.audience is None] == [
        ("reroll", True),
        ("reroll", True),
    ]
