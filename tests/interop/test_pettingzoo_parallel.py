"""The PettingZoo Parallel adapter: PettingZoo's own checks, plus simultaneous secret choices."""

from __future__ import annotations

import warnings
from typing import Any

import numpy as np
import pytest
from pettingzoo.test import parallel_api_test, parallel_seed_test, render_test
from pettingzoo.utils.conversions import parallel_to_aec
from tests.interop.configs import config_id, small_configs

from ballroom.core.errors import IllegalActionError
from ballroom.interop.pettingzoo import Observation, env, parallel_env


@pytest.mark.parametrize("config", small_configs() + small_configs(largest=True), ids=config_id)
def test_pettingzoo_parallel_api_test(config: tuple[str, int, dict[str, Any]]) -> None:
    game_id, players, options = config
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        parallel_api_test(parallel_env(game_id, players=players, **options), num_cycles=300)


def test_pettingzoo_parallel_seed_test() -> None:
    parallel_seed_test(lambda **_: parallel_env("dancing-dice", players=3, endurance=2))


def test_pettingzoo_render_test_in_parallel() -> None:
    """PettingZoo's render_test drives AEC environments, so it sees ours through its wrapper."""
    render_test(
        lambda render_mode: parallel_to_aec(
            parallel_env("dancing-dice", players=3, render_mode=render_mode)
        )
    )


def _first_legal(observations: dict[str, Observation]) -> dict[str, int]:
    return {
        agent: int(np.flatnonzero(seen["action_mask"])[0]) for agent, seen in observations.items()
    }


def test_every_dancer_chooses_in_one_step_and_chance_is_played() -> None:
    environment = parallel_env("dancing-dice", players=3)
    observations, _ = environment.reset(seed=5)
    assert environment.game_state.current_players() == (0, 1, 2)
    round_before = environment.game_state.turns()
    observations, *_ = environment.step(_first_legal(observations))  # three re-roll choices
    assert environment.game_state.current_players() == (0, 1, 2)  # the re-rolls were rolled
    environment.step(_first_legal(observations))  # the three arrangements
    assert environment.game_state.turns() == round_before + 1
    assert not environment.game_state.is_chance_node()


def test_a_full_game_pays_the_returns_and_ends_every_agent() -> None:
    environment = parallel_env("dancing-dice", players=3, endurance=1)
    observations, _ = environment.reset(seed=4)
    totals = dict.fromkeys(environment.possible_agents, 0.0)
    while environment.agents:
        observations, rewards, terminations, truncations, _ = environment.step(
            _first_legal(observations)
        )
        for agent, reward in rewards.items():
            totals[agent] += reward
    assert all(terminations.values()) and not any(truncations.values())
    assert [totals[a] for a in environment.possible_agents] == environment.game_state.returns()
    assert sum(totals.values()) == pytest.approx(1.0)
    with pytest.raises(IllegalActionError, match="game is over"):
        environment.step({})


def test_a_game_past_its_turn_cap_is_truncated_with_no_winner() -> None:
    """RULINGS 16: the cap ends The Dance truncated for every agent, rewards 0."""
    environment = parallel_env("the-dance", players=3, max_turns=1)
    observations, _ = environment.reset(seed=2)
    totals = dict.fromkeys(environment.possible_agents, 0.0)
    while environment.agents:
        observations, rewards, terminations, truncations, _ = environment.step(
            _first_legal(observations)
        )
        for agent, reward in rewards.items():
            totals[agent] += reward
    assert all(truncations.values()) and not any(terminations.values())
    assert set(totals.values()) == {0.0}
    noop_only = [0] * environment.noop + [1]
    assert all(seen["action_mask"].tolist() == noop_only for seen in observations.values())
    assert environment.game_state.turns() == 2 and not environment.game_state.is_terminal()


def test_seats_that_owe_nothing_have_only_the_noop() -> None:
    """Once a dancer is out, its mask allows only the no-op, which it may also leave out."""
    environment = parallel_env("dancing-dice", players=4, endurance=2)
    observations, _ = environment.reset(seed=0)
    while environment.agents and len(environment.game_state.current_players()) == 4:
        observations, *_ = environment.step(_first_legal(observations))
    assert environment.agents, "a dancer should be out before the game ends at this seed"
    out = [s for s in range(4) if s not in environment.game_state.current_players()]
    agent = environment.possible_agents[out[0]]
    mask = observations[agent]["action_mask"]
    assert mask.tolist() == [0] * environment.noop + [1]
    acting = _first_legal(observations)
    del acting[agent]
    environment.step(acting)  # leaving the idle seat out is allowed


def test_bad_action_dicts_are_refused_before_anything_is_applied() -> None:
    environment = parallel_env("dancing-dice", players=2)
    observations, _ = environment.reset(seed=0)
    history = list(environment.game_state.history)
    choices = _first_legal(observations)
    with pytest.raises(IllegalActionError, match="player_1 owes a decision now and sent no"):
        environment.step({"player_0": choices["player_0"]})
    with pytest.raises(IllegalActionError, match=r"unknown agents \['player_7'\]"):
        environment.step({**choices, "player_7": 0})
    with pytest.raises(IllegalActionError, match="not legal for player_1"):
        environment.step({**choices, "player_1": environment.noop})
    assert environment.game_state.history == history


def test_the_parallel_game_is_the_aec_game_with_the_same_choices() -> None:
    """Same seed, same choices: the same history, as the AEC one asks seat by seat."""
    parallel = parallel_env("dancing-dice", players=3, endurance=1)
    observations, _ = parallel.reset(seed=6)
    while parallel.agents:
        observations, *_ = parallel.step(_first_legal(observations))
    sequential = env("dancing-dice", players=3, endurance=1)
    sequential.reset(seed=6)
    for _ in sequential.agent_iter():
        observation, _, terminated, _, _ = sequential.last()
        sequential.step(None if terminated else int(np.flatnonzero(observation["action_mask"])[0]))
    assert parallel.game_state.history == sequential.game_state.history


def test_state_is_every_view_here_too() -> None:
    environment = parallel_env("dancing-dice", players=2)
    environment.reset(seed=1)
    assert environment.state().shape == environment.state_space.shape == (3 * 109,)
    engine = environment.game_state
    hidden_dice = engine.game.encode_observation(engine.observation(1))
    assert environment.state()[2 * 109 :].tolist() == hidden_dice.tolist()
