"""OpenSpiel information states and observations: declared shapes, unit range, no hidden information."""

from __future__ import annotations

import itertools
import json
import random
from typing import Any

import numpy as np
import pyspiel
import pytest
from tests.interop.configs import config_id, small_configs

from ballroom.interop.openspiel import openspiel_name


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


def _twin(state: Any, seat: int, seed: int) -> Any:
    """A state that the seat cannot tell from ``state``: its hidden part resampled."""
    return state.resample_from_infostate(seat, random.Random(seed).random)


@pytest.mark.parametrize("config", small_configs(), ids=config_id)
def test_tensors_have_the_declared_shape_and_unit_range(
    config: tuple[str, int, dict[str, Any]],
) -> None:
    game = _load(*config)
    kind = game.get_type()
    assert kind.provides_information_state_tensor and kind.provides_observation_tensor
    info_shape, obs_shape = game.information_state_tensor_shape(), game.observation_tensor_shape()
    players, size = game.num_players(), int(np.prod(_engine_game(game).observation_shape))
    assert obs_shape == [players + 2 * size]
    assert info_shape == [players + 2 * size + game.max_game_length() * (players + 1)]
    for state in _decision_states(game, seed=1):
        for seat in range(players):
            for tensor, shape in (
                (state.information_state_tensor(seat), info_shape),
                (state.observation_tensor(seat), obs_shape),
            ):
                values = np.asarray(tensor)
                assert list(values.shape) == shape
                assert values.min() >= 0.0 and values.max() <= 1.0


def _engine_game(game: Any) -> Any:
    return game.new_initial_state().engine.game


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
            twin = _twin(state, seat, seed=number)
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
    """Strings and tensors are the seat's observation, the spectator's, and its own history."""
    game = _load(*config)
    players = game.num_players()
    for state in _decision_states(game, seed=3):
        engine = state.engine
        encode = engine.game.encode_observation
        public = encode(engine.observation(None)).reshape(-1).tolist()
        for seat in range(players):
            view = engine.observation(seat)
            assert json.loads(state.observation_string(seat)) == view
            recall = json.loads(state.information_state_string(seat))
            assert recall["view"] == view
            assert recall["history"] == [
                [mover, action] if mover == seat else [mover] for mover, action in state.trail
            ]
            seat_hot = [float(p == seat) for p in range(players)]
            mine = encode(view).reshape(-1).tolist()
            tensor = state.information_state_tensor(seat)
            assert tensor[: players + 2 * len(mine)] == pytest.approx(seat_hot + mine + public)
            assert state.observation_tensor(seat) == pytest.approx(seat_hot + mine + public)


def test_the_history_rows_name_the_mover_and_only_the_seats_own_actions() -> None:
    game = _load("dancing-dice", 3, {"endurance": 2})
    states = _decision_states(game, seed=5, every=1, limit=12)
    state = states[-1]
    players, actions = 3, game.num_distinct_actions()
    rows = game.max_game_length()
    for seat in range(players):
        tensor = np.asarray(state.information_state_tensor(seat))
        history = tensor[-rows * (players + 1) :].reshape(rows, players + 1)
        assert len(state.trail) >= 6
        for row, (mover, action) in enumerate(state.trail):
            assert history[row, :players].tolist() == [float(p == mover) for p in range(players)]
            shown = (action + 1) / actions if mover == seat else 0.0
            assert history[row, players] == pytest.approx(shown)
        assert not history[len(state.trail) :].any()


@pytest.mark.parametrize("game_id", ["dancing-dice", "the-dance"])
def test_information_states_recall_the_whole_game(game_id: str) -> None:
    """Perfect recall: an earlier information state is a prefix of every later one's history."""
    game = pyspiel.load_game(openspiel_name(game_id), {"players": 4})
    states = _decision_states(game, seed=4, every=25, limit=5000)
    assert states[-1].is_terminal()
    for seat in range(4):
        histories = [json.loads(s.information_state_string(seat))["history"] for s in states]
        for earlier, later in itertools.pairwise(histories):
            assert later[: len(earlier)] == earlier and len(later) > len(earlier)
