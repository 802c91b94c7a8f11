"""The marathon builder: a built moment shows what was asked, and it plays on by the rules."""

from __future__ import annotations

import pytest

from ballroom.core.errors import PositionError
from ballroom.core.rng import Rng
from ballroom.core.state import CHANCE
from ballroom.games.dancing_dice.position import Look, Position


def three_couples() -> Position:
    """The module docstring's example."""
    return (
        Position(players=3)
        .endurance(2, 2)
        .tango(1, 2, 4)
        .rolled(0, 2, 4, 1, 6, 1, 1)
        .rolled(1, 3, 2, 2, 1, 2, 2)
        .rolled(2, 2, 4, 5, 1, 2, 4)
    )


def test_the_observation_shows_what_was_asked() -> None:
    state = three_couples().build()
    view = state.observation(1)
    assert [p["endurance"] for p in view["players"]] == [10, 10, 2]
    assert view["tango"] == [1, 2, 4] and view["phase"] == "reroll"
    assert view["players"][1]["dice"] == [3, 2, 2, 1, 2, 2]
    assert view["players"][0]["dice"] is None  # behind Andrew's curtain
    look = Look(state)
    assert look.endurance() == [10, 10, 2] and look.dancing() == [0, 1, 2]
    assert look.step() == "reroll" and look.tango() == [1, 2, 4]
    assert look.dice(0) == [2, 4, 1, 6, 1, 1] and look.judging() == []


def test_without_dice_the_marathon_waits_for_them() -> None:
    assert Look(Position(players=2).build()).step() == "tango"
    assert Look(Position(players=2).tango(6, 6, 5).build()).step() == "roll"


@pytest.mark.parametrize(
    "position",
    [Position(players=2), three_couples(), Position(players=6, seed=4).endurance(5, 1)],
    ids=["fresh", "three-couples", "six-couples"],
)
def test_a_built_moment_plays_on_to_the_end(position: Position) -> None:
    state = position.build()
    rng = Rng(11)
    while not state.is_terminal():
        assert state.turns() <= 500
        player = state.current_players()[0]
        legal = state.legal_actions(player)
        action = state.sample_chance() if player == CHANCE else legal[rng.below(len(legal))]
        state.apply(action, player)
    assert Look(state).step() == "over" and len(Look(state).dancing()) <= 1


@pytest.mark.parametrize(
    ("position", "message"),
    [
        (Position().rolled(0, 1, 2, 3, 4, 5, 6).rolled(1, 1, 2, 3, 4, 5, 6), "tango"),
        (Position().tango(1, 2, 4).rolled(1, 1, 2, 3, 4, 5, 6), "every couple"),
    ],
)
def test_dice_rolled_out_of_turn_are_refused(position: Position, message: str) -> None:
    with pytest.raises(PositionError, match=message):
        position.build()


def test_impossible_values_are_refused() -> None:
    with pytest.raises(PositionError, match="1 to 10 endurance, not 0"):
        Position().endurance(0, 0)
    with pytest.raises(PositionError, match="3 faces from 1 to 6"):
        Position().tango(1, 2)
    with pytest.raises(PositionError, match="6 faces from 1 to 6"):
        Position().rolled(0, 1, 2, 3, 4, 5, 7)
