"""Ctrl-C on a long run: the command says what it kept, keeps it, and exits 130.

Each run is a real process sent SIGINT once its progress file shows finished
games, so the test covers the signal, the worker pool and the saved file.
"""

from __future__ import annotations

import os
import re
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from ballroom.lab.store import read_results

MANY = "100000"  # far more games than finish before the signal


def interrupted_run(command: str, cwd: Path) -> subprocess.CompletedProcess[str]:
    """Run ``ballroom COMMAND``, send SIGINT once two games are in a progress file."""
    args = command.split()
    process = subprocess.Popen(
        [sys.executable, "-c", "from ballroom.cli import main; main()", *args],
        cwd=cwd,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env={**os.environ, "COLUMNS": "200"},
    )
    deadline = time.monotonic() + 60
    while not any(
        len(progress.read_text().splitlines()) > 2 for progress in cwd.rglob("*.progress.jsonl")
    ):
        assert process.poll() is None, process.communicate()
        assert time.monotonic() < deadline, "no game finished within a minute"
        time.sleep(0.05)
    process.send_signal(signal.SIGINT)
    stdout, stderr = process.communicate(timeout=60)
    return subprocess.CompletedProcess(args, process.returncode, stdout, stderr)


def kept(result: subprocess.CompletedProcess[str]) -> int:
    """How many games the command says it kept, checking the rest of its message."""
    match = re.search(r"stopped: (\d+) of (\d+) games kept; run the same command", result.stderr)
    assert match, result.stderr
    assert int(match[2]) == int(MANY)
    return int(match[1])


@pytest.mark.parametrize(
    ("command", "out"),
    [
        ("simulate the-dance --workers 1 --out runs.parquet", "runs.parquet"),
        (
            "tournament dancing-dice --seats expert,random --workers 2 --out rated.parquet",
            "rated.parquet",
        ),
    ],
    ids=["simulate", "tournament"],
)
def test_a_stopped_run_exits_130_and_keeps_its_games(
    command: str, out: str, tmp_path: Path
) -> None:
    result = interrupted_run(f"{command} --games {MANY}", tmp_path)
    assert result.returncode == 130, result.stderr
    games = kept(result)
    assert games >= 2
    _, saved = read_results(tmp_path / out)
    assert len(saved) == games
    assert (tmp_path / f"{out}.progress.jsonl").exists()  # the same command resumes


def test_a_stopped_sweep_exits_130_and_keeps_the_variant_it_was_playing(tmp_path: Path) -> None:
    result = interrupted_run(
        f"sweep the-dance -o domination=natural-one,margin-three --games {MANY} "
        "--workers 1 --out sweep --json",
        tmp_path,
    )
    assert result.returncode == 130, result.stderr
    games = kept(result)
    _, saved = read_results(tmp_path / "sweep" / "domination-natural-one.parquet")
    assert len(saved) == games
    assert '"variant": "domination=natural-one"' in result.stdout
    assert not (tmp_path / "sweep" / "domination-margin-three.parquet").exists()
