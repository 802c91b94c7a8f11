"""The expert bot beats random clearly (fixed seeds, so the figures are reproducible); the
default ``mcts`` repeats itself under a seed."""

from __future__ import annotations

import pytest

import ballroom
from ballroom.agents import make_agent
from ballroom.core.agent import Decision
from ballroom.core.play import decision_for, step
from ballroom.lab.runner import simulate
from ballroom.lab.simulate import SimulationSpec


def test_expert_beats_three_random_players() -> None:
    summary = simulate(
        SimulationSpec("dancing-dice", ("expert", "random", "random", "random"), seed=3), games=120
    )
    assert summary["win_rate"][0] > 0.6  # a random seat wins a quarter


def test_expert_beats_random_heads_up() -> None:
    summary = simulate(SimulationSpec("dancing-dice", ("random", "expert"), seed=4), games=150)
    assert summary["win_rate"][1] > 0.75


def decisions_of_seat_0(players: int, seed: int, count: int) -> list[Decision]:
    """Seat 0's first ``count`` real choices in a marathon the expert plays."""
    state = ballroom.make("dancing-dice", players=players, seed=seed)
    agents = [make_agent(state.game, p, "expert", seed) for p in range(players)]
    found: list[Decision] = []
    while len(found) < count:
        if 0 in state.current_players() and len(state.legal_actions(0)) > 1:
            found.append(decision_for(state.clone(), 0))  # the state's views change as it plays
        step(state, agents)
    return found


@pytest.mark.parametrize("players", [2, 3])
def test_the_default_mcts_is_reproducible_under_a_seed(players: int) -> None:
    """A bare ``mcts`` (the declared setting) repeats its choices with the same seed."""
    for decision in decisions_of_seat_0(players, seed=5, count=2):
        first = make_agent(decision.game, 0, "mcts", 3).act(decision)
        assert make_agent(decision.game, 0, "mcts", 3).act(decision) == first
        assert first in decision.legal_actions
