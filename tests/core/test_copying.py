"""A state's copy is independent: playing the copy on never changes the original, and
both play on alike; values are shared, everything a move may change in place is copied."""

from __future__ import annotations

import json
import random
from dataclasses import dataclass

import pytest
from tests.random_games import GAME_CLASSES, player_counts, random_step

from ballroom.core.copying import copied, value_fields, value_type
from ballroom.core.game import Game
from ballroom.core.state import State


def picture(state: State) -> str:
    """Everything about a state a test can compare: each seat's view, the table's, the
    history and who acts."""
    views = [state.observation(seat) for seat in range(state.game.players)]
    return json.dumps(
        [views, state.observation(None), list(state.history), state.current_players()],
        default=repr,
        sort_keys=True,
    )


@pytest.mark.parametrize("game_class", GAME_CLASSES, ids=lambda g: g.id)
def test_a_copy_plays_on_without_touching_the_original(game_class: type[Game]) -> None:
    for players in player_counts(game_class):
        chooser = random.Random(players)
        state = game_class(players).new_state(seed=players)
        for depth in range(160):
            if state.is_terminal():
                break
            if depth % 20 == 5:
                before = picture(state)
                twin = state.clone()
                original = state.clone()
                moves = random.Random(depth)
                for _ in range(12):
                    if twin.is_terminal():
                        break
                    random_step(twin, moves)
                assert picture(state) == before, f"{game_class.id}: the copy changed the original"
                moves = random.Random(depth)
                for _ in range(12):
                    if original.is_terminal():
                        break
                    random_step(original, moves)
                assert picture(original) == picture(twin), f"{game_class.id}: copies differ"
            random_step(state, chooser)


@dataclass(frozen=True)
class Point:
    x: int


@dataclass
class Cell:
    x: int


def test_values_are_shared_and_containers_copied_at_every_depth() -> None:
    inner = [1, 2]
    value = ((1, 2), [inner, (3, [4])], {"a": [5]}, Point(1), Cell(2), {6})
    twin = copied(value)
    assert twin == value
    assert twin[0] is value[0] and twin[3] is value[3]
    assert twin[1] is not value[1] and twin[1][0] is not inner
    assert twin[1][1][1] is not value[1][1][1]
    assert twin[2]["a"] is not value[2]["a"]
    assert twin[4] is not value[4] and twin[5] is not value[5]


class Example(State):
    turn: int
    blood: tuple[int, ...]
    spot: Point | None
    hand: list[int]
    cells: tuple[Cell, ...]
    hidden: "NotAName"  # type: ignore[name-defined]  # noqa: F821, UP037


def test_annotated_value_fields_are_read_from_the_class() -> None:
    fields = value_fields(Example)
    assert {"turn", "blood", "spot"} <= fields
    assert not {"hand", "cells", "hidden"} & fields
    assert value_type(tuple[tuple[int, ...], ...]) and not value_type(tuple[list[int], ...])
