"""The train-vs-expert example stays runnable: a tiny run plots its curve and prints its result."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest
from examples.train_vs_expert import wilson

ROOT = Path(__file__).resolve().parents[2]


def test_wilson_interval_matches_the_formula() -> None:
    low, high = wilson(55, 100)
    assert low == pytest.approx(0.4524, abs=1e-4) and high == pytest.approx(0.6438, abs=1e-4)


def test_tiny_run_plots_and_reports(tmp_path: Path) -> None:
    out = tmp_path / "curve.png"
    run = subprocess.run(
        [
            sys.executable,
            str(ROOT / "examples" / "train_vs_expert.py"),
            "--episodes",
            "4",
            "--block",
            "2",
            "--eval-games",
            "2",
            "--out",
            str(out),
        ],
        capture_output=True,
        text=True,
        check=True,
        cwd=ROOT,
        timeout=120,
    )
    assert out.read_bytes().startswith(b"\x89PNG")
    assert "games      4: block win rate vs expert" in run.stdout
    assert "result: win rate vs expert" in run.stdout
    assert "over 2 evaluation games, after 4 training games" in run.stdout
