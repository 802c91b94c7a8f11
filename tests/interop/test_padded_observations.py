"""One observation shape per game at every table size (``pad_players``), and the typed-view
encoding the adapters use giving the very arrays of the JSON observation's."""

from __future__ import annotations

import random
import warnings
from typing import Any

import numpy as np
import pyspiel
import pytest
from gymnasium.utils.env_checker import check_env
from pettingzoo.test import api_test

import ballroom.interop.openspiel  # noqa: F401  (registers the games)
from ballroom.core.game import Game, games, make_game
from ballroom.core.state import State
from ballroom.interop.gym import make
from ballroom.interop.openspiel import openspiel_name
from ballroom.interop.pettingzoo import env, parallel_env

from .configs import SMALL_OPTIONS, config_id, rule_options, small_configs
from .test_pettingzoo import DICT_OBSERVATION_WARNINGS

GAMES = [game.id for game in games()]


def _tables(game_id: str) -> list[int]:
    kind = next(game for game in games() if game.id == game_id)
    return list(range(kind.min_players, kind.max_players + 1))


def _positions(game: Game, seed: int, count: int) -> list[State]:
    """States met in a random game: the start, then after each of ``count`` decisions."""
    state, rng, seen = game.new_state(seed), random.Random(seed), []
    while not state.is_terminal() and len(seen) < count:
        player = state.current_players()[0]
        if player < 0:
            state.apply(state.sample_chance())
            continue
        seen.append(state.clone())
        state.apply(rng.choice(state.legal_actions(player)), player)
    return seen


def _nonzero(array: np.ndarray) -> list[float]:
    return [float(v) for v in array.reshape(-1) if v != 0.0]


@pytest.mark.parametrize("game_id", GAMES)
def test_padded_encodings_keep_every_value_in_order_in_one_shape(game_id: str) -> None:
    shapes = set()
    for players in _tables(game_id):
        game = make_game(game_id, players)
        shapes.add(game.padded_observation_shape)
        for state in _positions(game, seed=players, count=15):
            for seat in (None, *range(players)):
                plain = game.encode_observation(state.observation(seat))
                padded = game.encode_padded(state.observation(seat))
                assert padded.shape == game.padded_observation_shape
                assert _nonzero(padded) == _nonzero(plain)
                if players == game.max_players:
                    assert np.array_equal(padded, plain)
    assert len(shapes) == 1


@pytest.mark.parametrize("game_id", GAMES)
def test_encoding_the_state_is_encoding_its_observation(game_id: str) -> None:
    """The adapters encode a seat's typed view directly: the same arrays, to the bit."""
    kind = next(game for game in games() if game.id == game_id)
    for players in (kind.min_players, kind.max_players):
        game = make_game(game_id, players)
        for state in _positions(game, seed=7, count=40):
            for seat in (None, *range(players)):
                observation = state.observation(seat)
                assert np.array_equal(
                    game.encode_state(state, seat), game.encode_observation(observation)
                )
                assert np.array_equal(
                    game.encode_state(state, seat, padded=True), game.encode_padded(observation)
                )


def test_dancing_dice_places_a_value_at_one_index_at_every_table_size() -> None:
    """The phase, the seat's own dice and the first (own) seat's endurance sit where they
    sit at six players, whatever the table."""
    at_six = make_game("dancing-dice", 6)
    reference = at_six.encode_padded(_positions(at_six, 1, 1)[0].observation(0))
    for players in range(2, 6):
        game = make_game("dancing-dice", players)
        encoded = game.encode_padded(_positions(game, 1, 1)[0].observation(0))
        assert np.flatnonzero(encoded[:6]).tolist() == np.flatnonzero(reference[:6]).tolist()
        own_endurance = 6 + 3 + 18
        assert encoded[own_endurance] == reference[own_endurance] == 1.0


@pytest.mark.parametrize("game_id", GAMES)
def test_one_network_shape_serves_every_table_in_every_adapter(game_id: str) -> None:
    options = SMALL_OPTIONS.get(game_id, {})
    aec, parallel, learner, spiel, recall = set(), set(), set(), set(), set()
    for players in _tables(game_id):
        environment = env(game_id, players=players, pad_players=True, **options)
        environment.reset(seed=1)
        agent = environment.agent_selection
        observation = environment.observe(agent)
        assert environment.observation_space(agent).contains(observation)
        aec.add(environment.observation_space(agent)["observation"].shape)
        together = parallel_env(game_id, players=players, pad_players=True, **options)
        parallel.add(together.observation_space("player_0")["observation"].shape)
        gym_env = make(game_id, "random", players=players, pad_players=True, **options)
        seen, _ = gym_env.reset(seed=1)
        assert gym_env.observation_space.contains(seen)
        learner.add(gym_env.observation_space["observation"].shape)
        params = {
            "players": players,
            "pad_players": True,
            **{k.replace("-", "_"): v for k, v in rule_options(options).items()},
        }
        game = pyspiel.load_game(openspiel_name(game_id), params)
        spiel.add(tuple(game.observation_tensor_shape()))
        recall.add(tuple(game.information_state_tensor_shape()))
        state = game.new_initial_state()
        while state.is_chance_node():
            state.apply_action(state.chance_outcomes()[0][0])
        assert (
            len(state.observation_tensor(state.current_player())) == game.observation_tensor_size()
        )
    assert len(aec) == len(parallel) == len(learner) == len(spiel) == len(recall) == 1


@pytest.mark.parametrize("game_id", GAMES)
def test_pettingzoo_and_gymnasium_checks_pass_padded(game_id: str) -> None:
    options = SMALL_OPTIONS.get(game_id, {})
    players = _tables(game_id)[0]
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        api_test(env(game_id, players=players, pad_players=True, **options), num_cycles=100)
    assert all(str(w.message).startswith(DICT_OBSERVATION_WARNINGS) for w in caught)
    learner = make(game_id, "random", players=players, illegal="lose", pad_players=True, **options)
    check_env(learner, skip_render_check=True)


@pytest.mark.parametrize("config", small_configs(), ids=config_id)
def test_openspiel_random_sim_test_passes_padded(config: tuple[str, int, dict[str, Any]]) -> None:
    game_id, players, options = config
    game = pyspiel.load_game(
        openspiel_name(game_id), {"players": players, "pad_players": True, **options}
    )
    pyspiel.random_sim_test(game, num_sims=2, serialize=True, verbose=False)
