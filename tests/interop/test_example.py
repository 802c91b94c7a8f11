"""The training example stays runnable: a short run learns something and draws its curve."""

from __future__ import annotations

from pathlib import Path

import numpy as np
from examples.train_dancing_dice import plot, train


def test_training_example_runs_and_plots(tmp_path: Path) -> None:
    policy, curve = train(episodes=400, seed=1, eval_every=200, eval_games=20)
    assert curve.episodes == [0, 200, 400]
    assert all(0.0 <= rate <= 1.0 for rate in curve.win_rates)
    assert np.abs(policy.weights).sum() > 0
    out = tmp_path / "curve.png"
    plot(curve, out)
    assert out.read_bytes().startswith(b"\x89PNG")
