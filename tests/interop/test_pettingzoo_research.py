"""What RLCard and MARL users expect of the PettingZoo environments: readable infos, scores."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import numpy as np
import pytest
from pettingzoo.test import api_test
from tests.interop.configs import config_id, small_configs

from ballroom.core.errors import InvalidOptionError
from ballroom.interop.pettingzoo import env, parallel_env
from ballroom.interop.scores import SCORES, scores


def _play(environment: Any, seed: int, steps: int) -> list[tuple[str, dict[str, Any], float]]:
    """(agent, info, reward) at each decision among ``steps`` random steps."""
    environment.reset(seed=seed)
    rng = np.random.default_rng(seed)
    seen = []
    for agent in environment.agent_iter(steps):
        observation, reward, terminated, truncated, info = environment.last()
        if terminated or truncated:
            environment.step(None)
            continue
        seen.append((agent, info, reward))
        environment.step(int(rng.choice(np.flatnonzero(observation["action_mask"]))))
    return seen


def test_infos_carry_the_readable_legal_actions_and_what_the_seat_saw() -> None:
    environment = env("dancing-dice", players=2, endurance=1)
    seen = _play(environment, seed=1, steps=6)
    parse = environment.game_state.game.parse_action
    for _, info, _ in seen:
        assert info["raw_legal_actions"], "the agent to act has legal actions"
        assert all(isinstance(parse(text), int) for text in info["raw_legal_actions"])
        assert all(isinstance(sentence, str) and sentence for sentence in info["events"])
    environment.reset(seed=1)
    first = environment.infos["player_0"]
    mask = environment.observe("player_0")["action_mask"]
    legal = sorted(parse(text) for text in first["raw_legal_actions"])
    assert legal == np.flatnonzero(mask).tolist()
    assert first["events"], "the deal is told to the seat"
    turn_based = env("dark-tales", players=2)
    turn_based.reset(seed=1)
    acting = turn_based.game_state.current_players()
    for seat, agent in enumerate(turn_based.possible_agents):
        assert bool(turn_based.infos[agent]["raw_legal_actions"]) == (seat in acting)


def test_events_tell_a_seat_nothing_of_an_earlier_secret_choice() -> None:
    """Twin games where seat 0 chooses differently: seat 1's infos are the same."""
    told = []
    for pick in (0, -1):
        environment = env("dancing-dice", players=3)
        environment.reset(seed=5)
        legal = np.flatnonzero(environment.observe("player_0")["action_mask"])
        environment.step(int(legal[pick]))
        assert environment.agent_selection == "player_1"
        told.append(
            [
                {key: np.asarray(value).tolist() for key, value in environment.infos[agent].items()}
                for agent in ("player_1", "player_2")
            ]
        )
    assert told[0] == told[1]


def test_events_are_those_since_the_seat_last_acted() -> None:
    environment = env("dancing-dice", players=2, endurance=1)
    environment.reset(seed=2)
    before = list(environment.infos["player_0"]["events"])
    legal = np.flatnonzero(environment.observe("player_0")["action_mask"])
    environment.step(int(legal[0]))
    after = environment.infos["player_0"]["events"]
    assert after[: len(before)] != before or not before


@pytest.mark.parametrize("game_id", sorted(SCORES))
def test_score_rewards_add_up_to_the_score(game_id: str) -> None:
    """Paid as the score changes: an agent's rewards sum to its score's change over the game."""
    options: dict[str, Any] = {"max_turns": 2} if game_id != "dancing-dice" else {"endurance": 2}
    environment = env(game_id, players=2, reward="score", **options)
    environment.reset(seed=3)
    start = scores(environment.game_state)
    totals = dict.fromkeys(environment.possible_agents, 0.0)
    rng = np.random.default_rng(3)
    for _agent in environment.agent_iter():
        observation, _, terminated, truncated, _ = environment.last()
        if terminated or truncated:
            environment.step(None)
            continue
        environment.step(int(rng.choice(np.flatnonzero(observation["action_mask"]))))
        for name in environment.possible_agents:
            totals[name] += environment.rewards.get(name, 0.0)
    end = scores(environment.game_state)
    for seat, agent in enumerate(environment.possible_agents):
        assert totals[agent] == pytest.approx(end[seat] - start[seat])


def test_the_dance_keeps_no_score_so_it_pays_the_win_share() -> None:
    environment = env("the-dance", players=2, reward="score", max_turns=1)
    environment.reset(seed=1)
    assert scores(environment.game_state) == [0.0, 0.0]


def test_a_bad_reward_is_refused() -> None:
    with pytest.raises(InvalidOptionError, match="reward='vp' is not allowed; allowed: win, score"):
        env("dancing-dice", players=2, reward="vp")


@pytest.mark.parametrize("config", small_configs(), ids=config_id)
def test_api_test_passes_with_score_rewards(config: tuple[str, int, dict[str, Any]]) -> None:
    game_id, players, options = config
    api_test(env(game_id, players=players, reward="score", **options), num_cycles=30)


def test_parallel_infos_and_score_rewards() -> None:
    environment = parallel_env("dancing-dice", players=2, reward="score", endurance=1)
    _, infos = environment.reset(seed=4)
    assert infos["player_0"]["raw_legal_actions"] and infos["player_1"]["raw_legal_actions"]
    total = [0.0, 0.0]
    start = scores(environment.game_state)
    rng = np.random.default_rng(4)
    while environment.agents:
        observations = {a: environment._observations()[a] for a in environment.agents}
        step = {
            agent: int(rng.choice(np.flatnonzero(observation["action_mask"])))
            for agent, observation in observations.items()
        }
        _, rewards, _, _, infos = environment.step(step)
        for seat, agent in enumerate(environment.possible_agents):
            total[seat] += rewards.get(agent, 0.0)
            events = infos[agent]["events"]
            assert isinstance(events, Sequence) and all(isinstance(e, str) for e in events)
    end = scores(environment.game_state)
    assert total == pytest.approx([e - s for e, s in zip(end, start, strict=True)])


def test_render_fps_is_set() -> None:
    assert env("dancing-dice", players=2).metadata["render_fps"] > 0
