"""The OpenSpiel adapter: registration, game type, OpenSpiel's own checks, its algorithms."""

from __future__ import annotations

from typing import Any

import numpy as np
import pyspiel
import pytest
from open_spiel.python.algorithms import evaluate_bots, mcts, outcome_sampling_mccfr
from open_spiel.python.observation import make_observation
from tests.interop.configs import all_games, config_id, small_configs

from ballroom.core.errors import InvalidOptionError
from ballroom.games.dancing_dice.position import Look
from ballroom.interop.openspiel import REGISTERED, openspiel_name

SMALL_DANCING_DICE = {"players": 2, "endurance": 1}


def _load(game_id: str, players: int, options: dict[str, Any]) -> Any:
    return pyspiel.load_game(openspiel_name(game_id), {"players": players, **options})


def test_every_registered_game_is_registered_with_pyspiel() -> None:
    names = set(pyspiel.registered_names())
    for game in all_games():
        assert openspiel_name(game.id) in REGISTERED
        assert openspiel_name(game.id) in names


@pytest.mark.parametrize("config", small_configs() + small_configs(largest=True), ids=config_id)
def test_openspiel_random_sim_test(config: tuple[str, int, dict[str, Any]]) -> None:
    game = _load(*config)
    pyspiel.random_sim_test(game, num_sims=2, serialize=True, verbose=False)


def test_game_type_is_declared_explicitly() -> None:
    game = pyspiel.load_game("python_ballroom_dancing_dice", SMALL_DANCING_DICE)
    kind = game.get_type()
    assert kind.dynamics == pyspiel.GameType.Dynamics.SEQUENTIAL
    assert kind.chance_mode == pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC
    assert kind.information == pyspiel.GameType.Information.IMPERFECT_INFORMATION
    # A game cut off returns 0 to everyone (no winner), a finished one sums to 1.
    assert kind.utility == pyspiel.GameType.Utility.GENERAL_SUM
    assert kind.reward_model == pyspiel.GameType.RewardModel.TERMINAL
    assert (kind.min_num_players, kind.max_num_players) == (2, 6)
    assert kind.provides_information_state_string and kind.provides_information_state_tensor
    assert kind.provides_observation_string and kind.provides_observation_tensor
    assert game.num_players() == 2
    assert game.num_distinct_actions() == 90
    # Seat one-hot, the seat's encoding and the spectator's; then 408 rows of history.
    assert game.observation_tensor_shape() == [2 + 2 * 109]
    assert game.max_game_length() == (50 + 1) * 4 * 2
    assert game.information_state_tensor_shape() == [2 + 2 * 109 + 408 * 3]
    assert game.utility_sum() is None


def test_parameters_reach_the_engine_and_are_validated() -> None:
    game = pyspiel.load_game("python_ballroom_dancing_dice(players=3,endurance=4)")
    state = game.new_initial_state()
    assert Look(state.engine).endurance() == [4, 4, 4]
    with pytest.raises(InvalidOptionError, match="endurance"):
        pyspiel.load_game("python_ballroom_dancing_dice", {"players": 2, "endurance": 0})
    with pytest.raises(InvalidOptionError, match="2 to 6 players"):
        pyspiel.load_game("python_ballroom_dancing_dice", {"players": 7})


def _at_first_decision(game: Any, outcome: int = 3) -> Any:
    state = game.new_initial_state()
    while state.is_chance_node():
        state.apply_action(outcome)
    return state


def test_simultaneous_choices_are_sequential_and_secret() -> None:
    """Seat 1 re-rolls after seat 0; neither her observation nor her info state tells what 0 chose."""
    game = pyspiel.load_game("python_ballroom_dancing_dice", SMALL_DANCING_DICE)
    seen = []
    for choice in (6, 69):  # keep everything / re-roll all six
        state = _at_first_decision(game)
        assert state.current_player() == 0
        state.apply_action(choice)
        assert state.current_player() == 1
        seen.append(
            (
                state.information_state_string(1),
                state.observation_string(1),
                state.observation_tensor(1),
            )
        )
    assert seen[0] == seen[1]


def test_information_state_shows_the_seats_own_choice() -> None:
    game = pyspiel.load_game("python_ballroom_dancing_dice", SMALL_DANCING_DICE)
    keep, reroll = _at_first_decision(game), _at_first_decision(game)
    keep.apply_action(6)
    reroll.apply_action(7)
    assert keep.information_state_string(0) != reroll.information_state_string(0)
    assert '"reroll":[]' in keep.information_state_string(0)
    assert keep.information_state_tensor(0) != reroll.information_state_tensor(0)


def test_public_observer_shows_the_spectator_view() -> None:
    game = pyspiel.load_game("python_ballroom_dancing_dice", SMALL_DANCING_DICE)
    state = _at_first_decision(game)
    public = make_observation(
        game,
        pyspiel.IIGObservationType(perfect_recall=False, private_info=pyspiel.PrivateInfoType.NONE),
    )
    strings = [public.string_from(state, seat) for seat in (0, 1)]
    assert strings[0] == strings[1]
    assert '"seat":null' in strings[0] and '"private":null' in strings[0]
    with pytest.raises(InvalidOptionError, match="every seat"):
        make_observation(
            game,
            pyspiel.IIGObservationType(
                perfect_recall=False, private_info=pyspiel.PrivateInfoType.ALL_PLAYERS
            ),
        )


def test_cut_off_at_max_game_length_has_no_winner() -> None:
    game = pyspiel.load_game("python_ballroom_dancing_dice", {"players": 3, "max_game_length": 2})
    state = _at_first_decision(game)
    state.apply_action(6)
    state.apply_action(6)
    assert state.is_terminal() and not state.engine.is_terminal()
    assert state.returns() == [0.0, 0.0, 0.0]


def test_the_dance_is_cut_off_past_its_turn_cap_with_no_winner() -> None:
    """RULINGS 16: no turn limit in the rules; the adapter's cap truncates, never a win."""
    assert pyspiel.load_game("python_ballroom_the_dance").get_parameters()["max_turns"] == 200
    assert pyspiel.load_game("python_ballroom_dancing_dice").get_parameters()["max_turns"] == 0
    game = pyspiel.load_game("python_ballroom_the_dance", {"players": 2, "max_turns": 1})
    rng = np.random.RandomState(5)
    state = game.new_initial_state()
    while not state.is_terminal():
        if state.is_chance_node():
            actions, probabilities = zip(*state.chance_outcomes(), strict=True)
            state.apply_action(int(rng.choice(actions, p=probabilities)))
        else:
            state.apply_action(int(rng.choice(state.legal_actions())))
    assert state.engine.turns() == 2 and not state.engine.is_terminal()
    assert state.returns() == [0.0, 0.0]
    with pytest.raises(InvalidOptionError, match="max_turns"):
        pyspiel.load_game("python_ballroom_the_dance", {"players": 2, "max_turns": -1})


def test_mcts_bot_beats_random_on_small_dancing_dice() -> None:
    game = pyspiel.load_game("python_ballroom_dancing_dice", SMALL_DANCING_DICE)
    rng = np.random.RandomState(7)
    bot = mcts.MCTSBot(game, 2.0, 150, mcts.RandomRolloutEvaluator(1, rng), random_state=rng)
    opponent = pyspiel.make_uniform_random_bot(1, 3)
    wins = 0.0
    for _ in range(8):
        returns = evaluate_bots.evaluate_bots(game.new_initial_state(), [bot, opponent], rng)
        assert sum(returns) == pytest.approx(1.0)
        wins += returns[0]
    assert wins >= 5


def test_outcome_sampling_mccfr_learns_a_policy_on_small_dancing_dice() -> None:
    game = pyspiel.load_game("python_ballroom_dancing_dice", SMALL_DANCING_DICE)
    np.random.seed(3)  # OpenSpiel's MCCFR samples from numpy's global generator
    solver = outcome_sampling_mccfr.OutcomeSamplingSolver(game)
    for _ in range(60):
        solver.iteration()
    policy = solver.average_policy()
    state = _at_first_decision(game)
    probabilities = policy.action_probabilities(state)
    assert set(probabilities) == set(state.legal_actions())
    assert sum(probabilities.values()) == pytest.approx(1.0)
    assert len(solver._infostates) > 100
