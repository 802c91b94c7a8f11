"""OpenSpiel information states and observations: declared shapes, unit range, no hidden information."""

from __future__ import annotations

import json
import random
from typing import Any

import numpy as np
import pyspiel
import pytest
from tests.interop.configs import config_id, small_configs

from ballroom.core.rng import Rng
from ballroom.interop.openspiel import BallroomState, _Held, openspiel_name


def _load(game_id: str, players: int, options: dict[str, Any]) -> Any:
    return pyspiel.load_game(openspiel_name(game_id), {"players": players, **options})


def _decision_states(game: Any, seed: int, every: int = 5, limit: int = 400) -> list[Any]:
    """Every ``every``-th decision state of one random game, up to ``limit`` decisions."""
    rng = random.Random(seed)
    state = game.new_initial_state()
    seen, decisions = [], 0
    while not state.is_terminal() and decisions < limit:
        if state.is_chance_node():
            outcomes, weights = zip(*state.chance_outcomes(), strict=True)
            state.apply_action(rng.choices(outcomes, weights)[0])
            continue
        if decisions % every == 0:
            seen.append(state.clone())
        state.apply_action(rng.choice(state.legal_actions()))
        decisions += 1
    return [*seen, state]


def _twin(game: Any, state: Any, seat: int, seed: int) -> Any:
    """A state that the seat cannot tell from ``state``: its hidden part resampled."""
    engine = state.engine
    twin = BallroomState(game)
    twin.held = _Held(engine.game.determinize(engine.observation(seat), Rng(seed)))
    twin.decisions = state.decisions
    return twin


@pytest.mark.parametrize("config", small_configs(), ids=config_id)
def test_tensors_have_the_declared_shape_and_unit_range(
    config: tuple[str, int, dict[str, Any]],
) -> None:
    game = _load(*config)
    kind = game.get_type()
    assert kind.provides_information_state_tensor and kind.provides_observation_tensor
    info_shape, obs_shape = game.information_state_tensor_shape(), game.observation_tensor_shape()
    engine_game = game.new_initial_state().engine.game
    assert info_shape == obs_shape == [int(np.prod(engine_game.observation_shape))]
    for state in _decision_states(game, seed=1):
        for seat in range(game.num_players()):
            for tensor in (state.information_state_tensor(seat), state.observation_tensor(seat)):
                values = np.asarray(tensor)
                assert list(values.shape) == info_shape
                assert values.min() >= 0.0 and values.max() <= 1.0


@pytest.mark.parametrize("config", small_configs(), ids=config_id)
def test_what_a_seat_cannot_see_changes_none_of_its_views(
    config: tuple[str, int, dict[str, Any]],
) -> None:
    """The seat's tensors and strings equal its twin's; the other seats' views tell them apart."""
    game = _load(*config)
    hidden_changed = False
    for number, state in enumerate(_decision_states(game, seed=2)):
        if state.is_terminal():
            continue
        for seat in range(game.num_players()):
            twin = _twin(game, state, seat, seed=number)
            assert twin.information_state_string(seat) == state.information_state_string(seat)
            assert twin.observation_string(seat) == state.observation_string(seat)
            assert twin.information_state_tensor(seat) == state.information_state_tensor(seat)
            assert twin.observation_tensor(seat) == state.observation_tensor(seat)
            others = [p for p in range(game.num_players()) if p != seat]
            hidden_changed |= any(
                twin.information_state_tensor(p) != state.information_state_tensor(p)
                for p in others
            )
    assert hidden_changed, "no twin differed in hidden information: the test proved nothing"


@pytest.mark.parametrize("config", small_configs(), ids=config_id)
def test_seats_views_differ_only_where_their_observations_do(
    config: tuple[str, int, dict[str, Any]],
) -> None:
    game = _load(*config)
    for state in _decision_states(game, seed=3):
        engine = state.engine
        for seat in range(game.num_players()):
            view = engine.observation(seat)
            assert json.loads(state.information_state_string(seat)) == view
            encoded = engine.game.encode_observation(view).reshape(-1)
            assert state.information_state_tensor(seat) == pytest.approx(encoded.tolist())


@pytest.mark.parametrize("game_id", ["dancing-dice", "the-dance"])
def test_information_state_strings_of_a_long_game_stay_small(game_id: str) -> None:
    game = pyspiel.load_game(openspiel_name(game_id), {"players": 4})
    states = _decision_states(game, seed=4, every=25, limit=5000)
    assert states[-1].is_terminal()
    longest = max(
        len(state.information_state_string(seat)) for state in states for seat in range(4)
    )
    assert longest < 4096
