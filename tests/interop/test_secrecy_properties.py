"""Property: a seat's secret simultaneous choice never reaches the seats that decide after it."""

from __future__ import annotations

import random

import numpy as np
import pyspiel
from hypothesis import given, settings
from hypothesis import strategies as st

from ballroom.interop.openspiel import openspiel_name
from ballroom.interop.pettingzoo import env


def _stage_views(seed: int, players: int, reroll: int, arrange: int) -> list[list[bytes]]:
    """Seats 1..'s observations in the first round's re-roll stage and arrange stage.

    Seat 0 decides first in each stage (re-roll pick ``reroll``, first dance
    pick ``arrange``); a stage's views end when seat 0 is asked again or the
    round is judged.
    """
    environment = env("dancing-dice", players=players)
    environment.reset(seed=seed)
    stages: list[list[bytes]] = []
    for agent in environment.agent_iter():
        observation, _, terminated, _, _ = environment.last()
        if terminated or environment.game_state.turns() != 1:
            break
        legal = np.flatnonzero(observation["action_mask"])
        if agent == "player_0":
            if len(stages) == 2:
                break
            stages.append([])
            pick = reroll if len(stages) == 1 else arrange
            environment.step(int(legal[pick % len(legal)]))
        else:
            stages[-1].append(observation["observation"].tobytes())
            environment.step(int(legal[0]))
    return stages


@settings(max_examples=15)
@given(
    seed=st.integers(0, 2**31),
    players=st.integers(2, 4),
    picks=st.tuples(st.integers(0, 63), st.integers(0, 63)),
)
def test_pettingzoo_later_seats_see_nothing_of_earlier_choices(
    seed: int, players: int, picks: tuple[int, int]
) -> None:
    rerolls = [_stage_views(seed, players, pick, 0) for pick in picks]
    assert [len(stage) for stage in rerolls[0]] == [players - 1] * 2
    assert rerolls[0][0] == rerolls[1][0]
    arranges = [_stage_views(seed, players, 0, pick) for pick in picks]
    assert arranges[0] == arranges[1]


@settings(max_examples=15)
@given(seed=st.integers(0, 2**31), picks=st.tuples(st.integers(0, 63), st.integers(0, 63)))
def test_openspiel_information_states_hide_earlier_choices(
    seed: int, picks: tuple[int, int]
) -> None:
    game = pyspiel.load_game(openspiel_name("dancing-dice"), {"players": 3})
    seen = []
    for pick in picks:
        state = game.new_initial_state()
        dice = np.random.RandomState(seed % 2**32)
        while state.is_chance_node():
            state.apply_action(int(dice.randint(6)))
        legal = state.legal_actions()
        state.apply_action(legal[pick % len(legal)])
        seen.append([state.information_state_string(p) for p in (1, 2)])
        seen[-1].append(state.observation_string(2))
        # The tensors' pieces too: the history rows say seat 0 moved, never what it took.
        seen[-1] += [state.information_state_tensor(p) for p in (1, 2)]
        seen[-1].append(state.observation_tensor(2))
    assert seen[0] == seen[1]


@settings(max_examples=10)
@given(seed=st.integers(0, 2**31), picks=st.tuples(st.integers(0, 63), st.integers(0, 63)))
def test_openspiel_resampled_states_forget_the_other_seats_actions(
    seed: int, picks: tuple[int, int]
) -> None:
    """Seat 1's resampled world is the same whatever seat 0 secretly chose: nothing leaks
    into ISMCTS's search through the resampled state's history."""
    game = pyspiel.load_game(openspiel_name("dancing-dice"), {"players": 3})
    worlds = []
    for pick in picks:
        state = game.new_initial_state()
        dice = np.random.RandomState(seed % 2**32)
        while state.is_chance_node():
            state.apply_action(int(dice.randint(6)))
        legal = state.legal_actions()
        state.apply_action(legal[pick % len(legal)])
        twin = state.resample_from_infostate(1, random.Random(seed).random)
        worlds.append((twin.trail, [twin.information_state_tensor(p) for p in range(3)]))
    assert worlds[0] == worlds[1]
