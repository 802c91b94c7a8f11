"""The Vampire's Harvest learning example stays runnable: a short run trains, is measured
with Wilson intervals and draws its curve."""

from __future__ import annotations

from pathlib import Path

import numpy as np
from examples.train_vampires_harvest import measure, plot, seats, train


def test_learning_example_trains_measures_and_plots(tmp_path: Path) -> None:
    policy, curve = train(episodes=6, seed=1, eval_every=3, eval_games=2, learning_rate=0.01)
    assert curve.episodes == [0, 3, 6]
    assert all(0.0 <= r.low <= r.value <= r.high <= 1.0 and r.n == 2 for r in curve.rates)
    assert np.abs(policy.weights).sum() > 0
    final = {"heuristic": measure(seats("heuristic"), policy, games=2, first=7)}
    out = tmp_path / "curve.png"
    plot(curve, final, out)
    assert out.read_bytes().startswith(b"\x89PNG")
