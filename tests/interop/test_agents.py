"""Python agents in the adapters: Gym and PettingZoo opponents, RLCard-style runs, and
OpenSpiel bots both ways (an OpenSpiel bot at a ballroom table, a ballroom bot in
OpenSpiel's evaluation)."""

from __future__ import annotations

import pickle
import warnings
from typing import Any

import numpy as np
import pyspiel
import pytest
from open_spiel.python.algorithms import evaluate_bots, mcts
from pettingzoo.test import api_test

from ballroom.core.agent import Decision
from ballroom.core.errors import IllegalActionError, InvalidOptionError
from ballroom.core.game import Game
from ballroom.core.rng import Rng
from ballroom.interop.gym import make
from ballroom.interop.openspiel import BallroomBot, SpielAgent, spiel_game
from ballroom.interop.pettingzoo import env, parallel_env
from ballroom.lab.tournament import tournament

from .test_pettingzoo import DICT_OBSERVATION_WARNINGS


class Recording:
    """Draws among the legal actions; keeps every Decision it was asked with."""

    def __init__(self, name: str = "recording") -> None:
        self.name = name
        self.decisions: list[Decision] = []
        self.told: list[tuple[int, int]] = []
        self.rng = Rng(0)

    def new_game(self, game: Game, seat: int, seed: int) -> None:
        self.told.append((seat, seed))
        self.rng = Rng(seed)

    def act(self, decision: Decision) -> int:
        self.decisions.append(decision)
        return self.rng.choice(list(decision.legal_actions))


def _gym_episode(environment: Any, seed: int) -> list[tuple[int, int]]:
    environment.reset(seed=seed)
    environment.action_space.seed(seed)
    done = truncated = False
    while not (done or truncated):
        _, _, done, truncated, _ = environment.step(environment.action_space.sample())
    return list(environment.game_state.history)


def test_a_gym_opponent_may_be_a_python_agent_asked_only_for_its_seat() -> None:
    agent = Recording()
    environment = make("dancing-dice", [agent, "random"], endurance=2)
    first = _gym_episode(environment, 1)
    second = _gym_episode(environment, 2)
    assert [seat for seat, _ in agent.told] == [1, 1] and agent.told[0] != agent.told[1]
    assert agent.decisions and {d.player for d in agent.decisions} == {1}
    assert any(seat == 1 for seat, _ in first) and first != second
    assert _gym_episode(environment, 1) == first  # told the same seed, it draws the same


def test_pettingzoo_opponents_play_inside_and_only_the_others_are_agents() -> None:
    agent = Recording()
    environment = env("dancing-dice", players=3, endurance=2, opponents={1: agent, 2: "expert"})
    assert environment.possible_agents == ["player_0"]
    environment.reset(seed=4)
    rng = np.random.default_rng(4)
    for name in environment.agent_iter():
        observation, _, terminated, truncated, _ = environment.last()
        assert name == "player_0"
        if terminated or truncated:
            environment.step(None)
            continue
        environment.step(int(rng.choice(np.flatnonzero(observation["action_mask"]))))
    seats = {seat for seat, _ in environment.game_state.history}
    assert {0, 1, 2} <= seats
    assert agent.decisions and {d.player for d in agent.decisions} == {1}


@pytest.mark.parametrize("game_id", ["dancing-dice", "dominare"])
def test_pettingzoo_checks_pass_with_opponents(game_id: str) -> None:
    options: dict[str, Any] = {"endurance": 2} if game_id == "dancing-dice" else {"max_turns": 1}
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        api_test(env(game_id, players=3, opponents={1: "random"}, **options), num_cycles=100)
    assert all(str(w.message).startswith(DICT_OBSERVATION_WARNINGS) for w in caught)
    together = parallel_env(game_id, players=3, opponents={0: Recording()}, **options)
    observations, _ = together.reset(seed=1)
    assert sorted(observations) == ["player_1", "player_2"]


def test_opponents_are_checked_by_seat() -> None:
    with pytest.raises(InvalidOptionError, match="opponents are keyed by seat, 0 to 1, not 2"):
        env("dancing-dice", players=2, opponents={2: "random"})
    with pytest.raises(InvalidOptionError, match="unknown bot 'nobody'"):
        env("dancing-dice", players=2, opponents={1: "nobody"})
    with pytest.raises(InvalidOptionError, match="leave at least one to the agents"):
        env("dancing-dice", players=2, opponents={0: "random", 1: "random"})


def test_run_gives_rlcard_style_trajectories_and_payoffs() -> None:
    environment = env("dancing-dice", players=3, endurance=2)
    seats = [Recording("a"), "expert", Recording("c")]
    trajectories, payoffs = environment.run(seats, seed=7)
    assert payoffs == dict(
        zip(environment.possible_agents, environment.game_state.returns(), strict=True)
    )
    for name, trajectory in trajectories.items():
        assert len(trajectory) % 2 == 1  # observation, action, ..., observation
        observations, actions = trajectory[0::2], trajectory[1::2]
        for seen, action in zip(observations, actions, strict=False):
            assert seen["action_mask"][action] == 1
        assert not observations[-1]["action_mask"].any()
        played = [a for seat, a in environment.game_state.history if seat == int(name[-1])]
        assert actions == played
    again, _ = env("dancing-dice", players=3, endurance=2).run(
        [Recording("a"), "expert", Recording("c")], seed=7
    )
    assert [a for a in again["player_0"][1::2]] == trajectories["player_0"][1::2]


def test_run_needs_one_seat_per_agent() -> None:
    environment = env("dancing-dice", players=2, endurance=1)
    with pytest.raises(InvalidOptionError, match="run needs one seat for each of player_0"):
        environment.run(["random"])


def _mcts_bot(game: Any, player: int, seed: int) -> Any:
    """A module-level bot maker, so that its SpielAgent pickles."""
    rng = np.random.RandomState(seed % 2**31)
    return mcts.MCTSBot(game, 2.0, 12, mcts.RandomRolloutEvaluator(1, rng), random_state=rng)


class _Watching:
    """An OpenSpiel bot that compares the state it is handed with the true one (which a
    test may read) and plays the first legal action."""

    def __init__(self) -> None:
        self.table: Any = None
        self.same_view: list[bool] = []
        self.same_secrets: list[bool] = []

    def step(self, state: Any) -> int:
        true = self.table.game_state
        assert state.current_player() == 1
        self.same_view.append(state.engine.observation(1) == true.observation(1))
        self.same_secrets.append(state.engine.observation(0) == true.observation(0))
        return int(state.legal_actions()[0])


def test_an_openspiel_bot_sees_a_deal_from_its_seats_view_never_the_true_state() -> None:
    watching = _Watching()
    agent = SpielAgent(lambda game, player, seed: watching, name="watching")
    environment = make("dancing-dice", agent, players=2, endurance=2)
    watching.table = environment
    _gym_episode(environment, 3)
    assert watching.same_view and all(watching.same_view)
    assert not all(watching.same_secrets)  # seat 0's hidden dice were dealt afresh


def test_openspiel_bots_play_a_ballroom_tournament() -> None:
    table = tournament(
        "dancing-dice",
        [
            SpielAgent(name="openspiel-random"),
            SpielAgent(_mcts_bot, name="openspiel-mcts"),
            "expert",
        ],
        3,
        options={"endurance": 2},
    )
    assert {row.bot for row in table} == {"openspiel-random", "openspiel-mcts", "expert"}
    assert sum(row.win_rate.value * row.seats_played for row in table) == pytest.approx(3.0)


def test_an_openspiel_agent_pickles_for_workers_and_plays_the_same() -> None:
    agent = SpielAgent(_mcts_bot, name="openspiel-mcts")
    twin = pickle.loads(pickle.dumps(agent))
    choices = []
    for player in (agent, twin):
        environment = make("dancing-dice", player, players=2, endurance=2)
        environment.reset(seed=2)
        environment.action_space.seed(2)
        while not environment._over():
            environment.step(environment.action_space.sample())
        choices.append([a for s, a in environment.game_state.history if s == 1])
    assert choices[0] == choices[1]


def test_a_bad_openspiel_choice_is_refused_naming_the_legal_ones() -> None:
    agent = SpielAgent(lambda game, player, seed: _Illegal(), name="illegal")
    environment = make("dancing-dice", agent, players=2, endurance=2)
    with pytest.raises(IllegalActionError, match="the OpenSpiel bot chose 999"):
        environment.reset(seed=1)
        environment.step(environment.action_space.sample())


class _Illegal:
    def step(self, state: Any) -> int:
        return 999


def test_ballroom_bots_play_in_openspiels_evaluation() -> None:
    game = spiel_game(_small_game())
    recording = Recording()
    bots = [BallroomBot(game, 0, "expert", seed=1), BallroomBot(game, 1, recording, seed=2)]
    for seed in range(3):
        returns = pyspiel.evaluate_bots(game.new_initial_state(), bots, seed)
        assert sorted(returns) == [0.0, 1.0]
    assert recording.decisions and {d.player for d in recording.decisions} == {1}
    returns = evaluate_bots.evaluate_bots(
        game.new_initial_state(),
        [BallroomBot(game, 0, "random", seed=3), pyspiel.make_uniform_random_bot(1, 4)],
        np.random.RandomState(5),
    )
    assert sum(returns) == pytest.approx(1.0)


def test_a_ballroom_bot_is_asked_with_its_seats_view() -> None:
    game = spiel_game(_small_game())
    recording = Recording()
    bot = BallroomBot(game, 1, recording)
    state = game.new_initial_state()
    while state.current_player() != 1:
        state.apply_action(state.legal_actions()[0])
    action = bot.step(state)
    decision = recording.decisions[-1]
    assert decision.observation == state.engine.observation(1)
    assert (
        list(decision.legal_actions) == state.legal_actions() and action in decision.legal_actions
    )


def _small_game() -> Game:
    from ballroom.core.game import make_game

    return make_game("dancing-dice", 2, endurance=2)
