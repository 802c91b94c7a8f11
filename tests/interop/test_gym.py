"""The single-agent Gymnasium environment: API conformance, seeding, secrecy, refusals."""

from __future__ import annotations

from typing import Any

import numpy as np
import pytest
from gymnasium.utils.env_checker import check_env

from ballroom.core.errors import IllegalActionError, InvalidOptionError
from ballroom.core.rng import Rng
from ballroom.core.state import State
from ballroom.interop.gym import BallroomGymEnv, make

from .configs import SMALL_OPTIONS

OPPONENTS = {"dancing-dice": "expert", "the-dance": "heuristic"}


def _env(game_id: str, **kwargs: Any) -> BallroomGymEnv:
    return make(game_id, OPPONENTS[game_id], **{**SMALL_OPTIONS[game_id], **kwargs})


def _episode(env: BallroomGymEnv, seed: int) -> tuple[list[Any], float]:
    """Random legal play from ``reset(seed)``: every observation and the final reward.

    A game cut off at its turn cap is truncated, not terminated, and pays nothing.
    """
    env.action_space.seed(seed)
    observation, _ = env.reset(seed=seed)
    seen = [observation]
    reward, done, truncated = 0.0, False, False
    while not (done or truncated):
        observation, reward, done, truncated, info = env.step(env.action_space.sample())
        assert not (done and truncated)
        cap = env.max_turns
        assert truncated == (not done and cap is not None and env.game_state.turns() > cap)
        assert reward == 0.0 or done
        assert np.array_equal(info["action_mask"], observation["action_mask"])
        seen.append(observation)
    return seen, reward


@pytest.mark.parametrize("game_id", sorted(OPPONENTS))
def test_passes_gymnasiums_env_checker(game_id: str) -> None:
    check_env(_env(game_id, illegal="lose"), skip_render_check=True)


@pytest.mark.parametrize("game_id", sorted(OPPONENTS))
def test_same_seed_same_episode(game_id: str) -> None:
    first, reward = _episode(_env(game_id, seat="random"), seed=7)
    again, reward_again = _episode(_env(game_id, seat="random"), seed=7)
    assert reward == reward_again and len(first) == len(again)
    for a, b in zip(first, again, strict=True):
        assert np.array_equal(a["observation"], b["observation"])
        assert np.array_equal(a["action_mask"], b["action_mask"])
    other, _ = _episode(_env(game_id, seat="random"), seed=8)
    assert len(other) != len(first) or any(
        not np.array_equal(a["observation"], b["observation"])
        for a, b in zip(first, other, strict=False)
    )


def test_reward_is_the_learners_return_at_the_end() -> None:
    env = _env("dancing-dice")
    seen, reward = _episode(env, seed=3)
    assert reward == env.game_state.returns()[env.seat]
    assert not seen[-1]["action_mask"].any()


def _contents(state: State) -> str:
    """Everything a state holds but its random source and how it was reached."""
    skip = {"game", "rng", "seed", "history"}
    return repr({k: v for k, v in vars(state).items() if k not in skip})


@pytest.mark.parametrize("game_id", sorted(OPPONENTS))
def test_hidden_parts_never_reach_the_learner(game_id: str) -> None:
    """A state redealt from the learner's own view (rivals' secrets redrawn) looks the same."""
    env = _env(game_id, seat=1)
    observation, _ = env.reset(seed=5)
    for _ in range(2):
        original = env.game_state
        view = original.observation(env.seat)
        twins = [env.game.determinize(view, Rng(k)) for k in range(8)]
        assert any(_contents(t) != _contents(original) for t in twins)
        for twin in twins:
            assert twin.observation(env.seat) == view
            env.game_state = twin
            assert np.array_equal(env._observation()["observation"], observation["observation"])
        env.game_state = original
        observation, *_ = env.step(env.action_space.sample())


def test_a_game_past_its_turn_cap_is_truncated_with_no_winner() -> None:
    """RULINGS 16: The Dance has no turn limit; the cap truncates the episode, reward 0."""
    assert make("the-dance").max_turns == 200 and make("dancing-dice").max_turns is None
    env = make("the-dance", "heuristic", max_turns=1)
    env.action_space.seed(4)
    env.reset(seed=4)
    done = truncated = False
    while not (done or truncated):
        observation, reward, done, truncated, _ = env.step(env.action_space.sample())
    assert (done, truncated, reward) == (False, True, 0.0)
    assert env.game_state.turns() == 2 and not observation["action_mask"].any()
    with pytest.raises(IllegalActionError, match="game is over"):
        env.step(0)
    with pytest.raises(InvalidOptionError, match="max_turns must be"):
        make("the-dance", max_turns=0)


def test_opponent_list_sets_the_players_and_random_seat_varies() -> None:
    env = make("dancing-dice", ["expert", "random"], seat="random", endurance=1)
    assert env.game.players == 3
    seats = {env.reset(seed=s)[1]["seat"] for s in range(12)}
    assert seats == {0, 1, 2}


def test_illegal_action_is_refused_and_changes_nothing() -> None:
    env = _env("dancing-dice")
    observation, _ = env.reset(seed=1)
    illegal = int(np.flatnonzero(observation["action_mask"] == 0)[0])
    history = list(env.game_state.history)
    with pytest.raises(IllegalActionError, match=r"not legal.*action mask"):
        env.step(illegal)
    assert env.game_state.history == history
    with pytest.raises(IllegalActionError, match="action ids run 0 to 89"):
        env.step(500)


def test_illegal_lose_forfeits_the_game() -> None:
    env = _env("dancing-dice", illegal="lose")
    observation, _ = env.reset(seed=1)
    illegal = int(np.flatnonzero(observation["action_mask"] == 0)[0])
    observation, reward, done, _, info = env.step(illegal)
    assert (reward, done, info["illegal_action"]) == (0.0, True, illegal)
    assert not observation["action_mask"].any()
    with pytest.raises(IllegalActionError, match="game is over"):
        env.step(0)


def test_step_before_reset_is_refused() -> None:
    with pytest.raises(IllegalActionError, match="reset"):
        _env("dancing-dice").step(6)


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"opponents": "nobody"}, "unknown bot 'nobody'.*allowed: expert"),
        ({"opponents": ["expert"], "players": 3}, "players=3 does not match 1 opponent"),
        ({"seat": 2}, "seat 2 is not allowed; allowed: 0 to 1, or 'random'"),
        ({"illegal": "ignore"}, "illegal='ignore' is not allowed; allowed: raise, lose"),
        ({"render_mode": "human"}, "render_mode 'human' is not supported; allowed: ansi"),
    ],
)
def test_bad_arguments_are_named(kwargs: dict[str, Any], message: str) -> None:
    with pytest.raises(InvalidOptionError, match=message):
        make("dancing-dice", **kwargs)


def test_renders_the_learners_view() -> None:
    env = make("dancing-dice", "random", render_mode="ansi")
    env.reset(seed=2)
    text = env.render()
    assert isinstance(text, str) and "(you)" in text
