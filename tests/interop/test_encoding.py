"""Every registered game has a fixed-shape tensor encoding built from observation(seat)."""

from __future__ import annotations

from typing import Any

import numpy as np
import pytest
from tests.interop.configs import all_games, config_id, rule_options, small_configs

from ballroom.core.game import Game, make_game
from ballroom.core.rng import Rng
from ballroom.core.state import CHANCE
from ballroom.games.dancing_dice import encoding
from ballroom.games.dancing_dice.position import Position
from ballroom.interop import encoding_report, has_encoding


@pytest.mark.parametrize("game", all_games(), ids=lambda g: g.id)
def test_every_registered_game_has_an_encoding(game: type[Game]) -> None:
    assert has_encoding(game), f"{game.id} has no Game.encode_observation: RL adapters skip it"
    assert encoding_report()[game.id]


@pytest.mark.parametrize("config", small_configs(), ids=config_id)
def test_encoding_has_fixed_shape_and_unit_range(config: tuple[str, int, dict[str, Any]]) -> None:
    game_id, players, options = config
    game = make_game(game_id, players, **rule_options(options))
    rng = Rng(3)
    for seed in range(2):
        state = game.new_state(seed)
        steps = 0
        while not state.is_terminal() and steps < 400:
            for seat in [None, *range(players)]:
                encoded = game.encode_observation(state.observation(seat))
                assert encoded.dtype == np.float32
                assert encoded.shape == game.observation_shape
                assert encoded.min() >= 0.0 and encoded.max() <= 1.0
            actor = state.current_players()[0]
            action = (
                state.sample_chance() if actor == CHANCE else rng.choice(state.legal_actions(actor))
            )
            state.apply(action, actor)
            steps += 1


def test_dancing_dice_encoding_sees_own_dice_only() -> None:
    theirs = (2, 2, 3, 4, 5, 6)
    position = Position(players=2).tango(1, 2, 4).rolled(0, 1, 2, 3, 4, 5, 6)
    state = position.rolled(1, *theirs).build()
    game = state.game
    mine = game.encode_observation(state.observation(0))
    twin = position.rolled(1, *[6 if face != 6 else 1 for face in theirs]).build()
    assert np.array_equal(mine, game.encode_observation(twin.observation(0)))
    assert not np.array_equal(
        game.encode_observation(state.observation(1)), game.encode_observation(twin.observation(1))
    )


def test_encoding_rotates_seats_to_the_observer() -> None:
    state = Position(players=3, seed=1, endurance=4).endurance(1, 2).endurance(2, 1).build()
    game = state.game
    seats_block = len(encoding.PHASES) + 3 + 3 * encoding.FACES
    first_seat_endurance = [
        game.encode_observation(state.observation(seat))[seats_block] * 10 for seat in range(3)
    ]
    assert np.allclose(first_seat_endurance, [4, 2, 1])
