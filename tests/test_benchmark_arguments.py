"""A benchmark that compares this tree with another refuses a tree that is not there,
instead of comparing this tree with itself and printing ratios near 1.0."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent


@pytest.mark.parametrize(
    ("script", "flag"),
    [
        ("benchmarks/issue16.py", "--baseline"),
        ("benchmarks/issue31.py", "--baseline"),
        ("benchmarks/bench_server_frames.py", "--against"),
        ("benchmarks/bench_trees.py", "--baseline"),
        ("benchmarks/bench_dancing_dice_engine.py", "--baseline"),
    ],
)
def test_a_missing_tree_to_compare_with_is_refused(script: str, flag: str, tmp_path: Path) -> None:
    missing = tmp_path / "no-such-checkout" / "src"
    done = subprocess.run(
        [sys.executable, str(ROOT / script), flag, str(missing)],
        check=False,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert done.returncode == 2, done.stdout
    assert f"{flag} {missing} is not a checkout's src" in done.stderr
    assert "git worktree add --detach" in done.stderr
