"""The expert bot beats random clearly (fixed seeds, so the figures are reproducible)."""

from __future__ import annotations

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
