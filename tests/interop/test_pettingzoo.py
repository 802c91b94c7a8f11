"""The PettingZoo AEC adapter: PettingZoo's own checks for every game, plus our contract."""

from __future__ import annotations

import subprocess
import sys
import warnings
from typing import Any, ClassVar

import numpy as np
import pytest
from pettingzoo.test import api_test, render_test, seed_test
from tests.interop.configs import config_id, small_configs

from ballroom.core.errors import IllegalActionError, InvalidOptionError
from ballroom.core.game import Game
from ballroom.core.state import Observation, State
from ballroom.interop import NoEncodingError
from ballroom.interop.pettingzoo import BallroomAECEnv, env

# PettingZoo's checker prefers flat Box observations and warns about the Dict
# {observation, action_mask} layout that masked environments (its own chess
# and go included) use; every other warning fails the test.
DICT_OBSERVATION_WARNINGS = (
    "Observation space for each agent probably should be",
    "Observation is not a NumPy array",
    "Action mask numpy array is all zeros",
)


@pytest.mark.parametrize("config", small_configs() + small_configs(largest=True), ids=config_id)
def test_pettingzoo_api_test(config: tuple[str, int, dict[str, Any]]) -> None:
    game_id, players, options = config
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        api_test(env(game_id, players=players, **options), num_cycles=300)
    unexpected = [
        str(w.message) for w in caught if not str(w.message).startswith(DICT_OBSERVATION_WARNINGS)
    ]
    assert not unexpected


@pytest.mark.parametrize("config", small_configs() + small_configs(largest=True), ids=config_id)
def test_pettingzoo_seed_test(config: tuple[str, int, dict[str, Any]]) -> None:
    game_id, players, options = config
    seed_test(lambda **_: env(game_id, players=players, **options), num_cycles=300)


def _episode(environment: BallroomAECEnv, seed: int | None) -> list[tuple[str, bytes, float]]:
    """Play one episode with the first legal action; what every agent saw and earned."""
    environment.reset(seed=seed)
    seen = []
    for agent in environment.agent_iter():
        observation, reward, terminated, truncated, _ = environment.last()
        seen.append((agent, observation["observation"].tobytes(), reward))
        if terminated or truncated:
            environment.step(None)
        else:
            environment.step(int(np.flatnonzero(observation["action_mask"])[0]))
    return seen


def test_seed_fixes_the_episode_and_seeds_differ() -> None:
    environment = env("dancing-dice", players=3, endurance=2)
    first = _episode(environment, seed=11)
    assert _episode(environment, seed=11) == first
    assert _episode(environment, seed=12) != first


def test_unseeded_resets_continue_a_reproducible_stream() -> None:
    one, two = (
        env("dancing-dice", players=2, endurance=1),
        env("dancing-dice", players=2, endurance=1),
    )
    assert [_episode(one, None) for _ in range(3)] == [_episode(two, None) for _ in range(3)]


def test_rewards_are_the_game_returns() -> None:
    environment = env("dancing-dice", players=3, endurance=1)
    environment.reset(seed=4)
    totals = dict.fromkeys(environment.possible_agents, 0.0)
    for agent in environment.agent_iter():
        observation, reward, terminated, truncated, _ = environment.last()
        totals[agent] += reward
        if terminated or truncated:
            environment.step(None)
        else:
            environment.step(int(np.flatnonzero(observation["action_mask"])[-1]))
    assert environment.game_state.is_terminal()
    assert [totals[a] for a in environment.possible_agents] == environment.game_state.returns()
    assert sum(totals.values()) == pytest.approx(1.0)


def test_a_game_past_its_turn_cap_is_truncated_with_no_winner() -> None:
    """RULINGS 16: The Dance has no turn limit; the cap truncates every agent, rewards 0."""
    assert env("the-dance", players=2).max_turns == 200
    assert env("dancing-dice", players=2).max_turns is None
    environment = env("the-dance", players=2, max_turns=1)
    environment.reset(seed=3)
    rewards = dict.fromkeys(environment.possible_agents, 0.0)
    ends = []
    for agent in environment.agent_iter():
        observation, reward, terminated, truncated, _ = environment.last()
        rewards[agent] += reward
        if terminated or truncated:
            ends.append((agent, terminated, truncated, observation["action_mask"].any()))
            environment.step(None)
        else:
            environment.step(int(np.flatnonzero(observation["action_mask"])[0]))
    assert sorted(ends) == [("player_0", False, True, False), ("player_1", False, True, False)]
    assert rewards == {"player_0": 0.0, "player_1": 0.0}
    assert environment.game_state.turns() == 2 and not environment.game_state.is_terminal()
    with pytest.raises(InvalidOptionError, match="max_turns must be"):
        env("the-dance", players=2, max_turns=0)


def test_secret_choices_do_not_reach_later_seats() -> None:
    """Seat 1 decides after seat 0 at the re-roll, seeing nothing of seat 0's choice."""
    views = []
    for choice in (0, 1):
        environment = env("dancing-dice", players=2)
        environment.reset(seed=8)
        assert environment.agent_selection == "player_0"
        legal = np.flatnonzero(environment.observe("player_0")["action_mask"])
        environment.step(int(legal[choice * 40]))
        assert environment.agent_selection == "player_1"
        views.append(environment.observe("player_1")["observation"])
    assert np.array_equal(views[0], views[1])


def test_chance_never_waits_for_an_agent() -> None:
    environment = env("dancing-dice", players=2)
    environment.reset(seed=2)
    assert not environment.game_state.is_chance_node()
    environment.step(int(np.flatnonzero(environment.observe("player_0")["action_mask"])[0]))
    assert not environment.game_state.is_chance_node()


def test_illegal_action_is_refused_with_our_error() -> None:
    environment = env("dancing-dice", players=2)
    environment.reset(seed=0)
    with pytest.raises(IllegalActionError, match="not legal"):
        environment.step(0)
    with pytest.raises(IllegalActionError, match="must choose"):
        environment.step(None)


def test_bad_render_mode_and_options_are_refused() -> None:
    with pytest.raises(InvalidOptionError, match=r"render_mode 'svg'.*ansi, human, rgb_array"):
        env("dancing-dice", players=2, render_mode="svg")
    with pytest.raises(InvalidOptionError, match="endurance"):
        env("dancing-dice", players=2, endurance=99)


@pytest.mark.parametrize("game_id", ["dancing-dice", "the-dance"])
def test_ansi_render_is_the_spectator_picture_in_plain_text(game_id: str) -> None:
    environment = env(game_id, players=3, render_mode="ansi")
    environment.reset(seed=0)
    picture = environment.render()
    markup = environment.game.render(environment.game_state.observation(None))
    assert isinstance(picture, str)
    assert "[bold]" in markup
    assert "[bold]" not in picture and "[/" not in picture
    assert picture.splitlines()[0].startswith(("Round 1", "The Grand Ballroom"))


def test_rgb_array_render_draws_the_board_and_follows_the_game() -> None:
    environment = env("dancing-dice", players=2, render_mode="rgb_array")
    environment.reset(seed=0)
    before = environment.render()
    assert isinstance(before, np.ndarray)
    assert before.ndim == 3 and before.shape[2] == 3 and before.dtype == np.uint8
    assert len(np.unique(before.reshape(-1, 3), axis=0)) > 2  # text in colours, not a blank
    environment.step(int(np.flatnonzero(environment.observe("player_0")["action_mask"])[0]))
    after = environment.render()
    assert isinstance(after, np.ndarray)
    assert after.shape != before.shape or not np.array_equal(after, before)


@pytest.mark.parametrize("game_id", ["dancing-dice", "the-dance"])
def test_pettingzoo_render_test(game_id: str, capsys: pytest.CaptureFixture[str]) -> None:
    render_test(lambda render_mode: env(game_id, players=3, render_mode=render_mode))
    assert "[bold]" not in capsys.readouterr().out  # human mode prints through Rich


class _Unencoded(Game):
    """A game that declares no tensor encoding (never registered)."""

    id: ClassVar[str] = "unencoded"
    name: ClassVar[str] = "Unencoded"
    summary: ClassVar[str] = "test double"
    rules_version: ClassVar[str] = "1"
    min_players: ClassVar[int] = 2
    max_players: ClassVar[int] = 2

    def new_state(self, seed: int = 0) -> State:
        raise AssertionError("never started")

    @property
    def num_distinct_actions(self) -> int:
        return 1

    def action_to_text(self, action: int) -> str:
        return "pass"

    def parse_action(self, text: str) -> int:
        return 0


def test_a_game_without_encoding_is_reported_not_hidden() -> None:
    with pytest.raises(
        NoEncodingError, match=r"Unencoded .* declares no tensor encoding.*dancing-dice"
    ):
        BallroomAECEnv(_Unencoded(2))


def test_core_does_not_import_the_rl_extras_and_missing_extras_say_how_to_install() -> None:
    script = (
        "import sys\n"
        "import ballroom, ballroom.interop\n"
        "assert not {'pettingzoo', 'pyspiel', 'gymnasium'} & set(sys.modules), sys.modules.keys()\n"
        "sys.modules['pettingzoo'] = None\n"
        "sys.modules['pyspiel'] = None\n"
        "for name in ('pettingzoo', 'openspiel'):\n"
        "    try:\n"
        "        __import__('ballroom.interop.' + name)\n"
        "    except ImportError as error:\n"
        "        assert type(error).__name__ == 'MissingExtraError', error\n"
        "        assert \"pip install 'ballroom[rl]'\" in str(error), error\n"
        "    else:\n"
        "        raise SystemExit(name + ' imported without its extra')\n"
    )
    result = subprocess.run(
        [sys.executable, "-c", script], capture_output=True, text=True, check=False
    )
    assert result.returncode == 0, result.stderr


def test_observation_is_built_from_the_seat_view(monkeypatch: pytest.MonkeyPatch) -> None:
    """The adapter asks the engine only for the observing seat's view (its typed view, from
    which observation(seat) is written)."""
    environment = env("dancing-dice", players=3)
    environment.reset(seed=1)
    asked: list[tuple[str, int | None]] = []
    kind = type(environment.game_state)
    original_view, original_observation = kind.view, kind.observation

    def view(self: Any, player: int | None) -> Any:
        asked.append(("view", player))
        return original_view(self, player)

    def observation(self: State, player: int | None) -> Observation:
        asked.append(("observation", player))
        return original_observation(self, player)

    monkeypatch.setattr(kind, "view", view)
    monkeypatch.setattr(kind, "observation", observation)
    environment.observe("player_2")
    assert asked == [("view", 2)]


def test_state_is_every_view_and_the_engine_state_is_game_state() -> None:
    environment = env("dancing-dice", players=2)
    environment.reset(seed=3)
    assert isinstance(environment.game_state, State)
    engine = environment.game_state
    views = [engine.game.encode_observation(engine.observation(s)) for s in (None, 0, 1)]
    assert environment.state().tolist() == np.concatenate(views).tolist()
    assert environment.state_space.contains(environment.state())
