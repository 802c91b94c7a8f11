"""Dancing Dice throughput, side by side in one run, as ratios.

1. ``ballroom simulate dancing-dice --games N`` with random seats, run as a
   command (it takes the batch path by itself), against the plain-Python
   yardstick ``plain_dancing_dice.py`` run as a command: whole-process wall
   time, and the time each reports for its games alone. The two commands
   alternate, and the medians of ``--runs`` runs are compared.
2. The lab's ``simulate`` with random seats and with an expert against
   random seats: the batch against the engine one game at a time (one core).

Commands run with a private bytecode cache (``PYTHONPYCACHEPREFIX``), filled
by a first untimed run, as an installed package has its ``.pyc`` files.

    .venv/bin/python benchmarks/bench_dancing_dice.py [--games 20000] [--runs 5] [--quick]
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

from ballroom.lab.runner import simulate
from ballroom.lab.simulate import SimulationSpec

PLAIN = Path(__file__).with_name("plain_dancing_dice.py")
CLI = "import sys; from ballroom.cli import main; sys.argv[0] = 'ballroom'; main()"


def timed(command: list[str], env: dict[str, str]) -> tuple[float, dict[str, Any]]:
    """Wall seconds of one command, start to exit, and the JSON it printed."""
    started = time.perf_counter()
    done = subprocess.run(command, env=env, check=True, capture_output=True, text=True)
    return time.perf_counter() - started, json.loads(done.stdout)


def command_ratios(games: int, players: int, runs: int) -> None:
    def cli(count: int) -> list[str]:
        seats = ",".join(["random"] * players)
        options = ["--games", str(count), "--seats", seats, "--workers", "1", "--json"]
        return [sys.executable, "-c", CLI, "simulate", "dancing-dice", *options]

    def plain(count: int) -> list[str]:
        return [sys.executable, str(PLAIN), "--games", str(count), "--players", str(players)]

    with tempfile.TemporaryDirectory() as cache:
        env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
        env["PYTHONPYCACHEPREFIX"] = cache
        timed(cli(100), env)  # fills the bytecode cache
        timed(plain(100), env)
        walls: dict[str, list[float]] = {"cli": [], "plain": []}
        inner: dict[str, list[float]] = {"cli": [], "plain": []}
        for _ in range(runs):
            for name, command in (("plain", plain(games)), ("cli", cli(games))):
                wall, report = timed(command, env)
                walls[name].append(wall)
                inner[name].append(float(report["seconds"]))
                if name == "cli" and report["path"] != "batched":
                    raise SystemExit(f"the command took the engine: {report['path_reason']}")
    print(f"{games} games, {players} random seats, medians of {runs} runs, commands alternating")
    print(f"{'':<44}{'plain loop':>12}{'ballroom':>12}{'ratio':>9}")
    for label, table in (
        ("whole command, wall seconds", walls),
        ("the games alone, seconds", inner),
    ):
        a, b = statistics.median(table["plain"]), statistics.median(table["cli"])
        print(f"  {label:<42}{a:>12.3f}{b:>12.3f}{a / b:>8.1f}x")


def rate(spec: SimulationSpec, games: int, *, engine: bool) -> float:
    summary = simulate(spec, games, workers=1, engine=engine)
    assert summary["path"] == ("engine" if engine else "batched")
    return float(summary["games_per_second"])


def path_ratios(games: int, players: int, runs: int) -> None:
    print(f"lab simulate, {players} players, one core, games/s (median of {runs})")
    for label, seats in (
        ("random seats", ("random",) * players),
        ("expert + random", ("expert",) + ("random",) * (players - 1)),
    ):
        spec = SimulationSpec("dancing-dice", seats, seed=1)
        rate(spec, 200, engine=False)  # numpy and the expert's shared tables loaded
        engine = [rate(spec, games // 100, engine=True) for _ in range(runs)]
        batched = [rate(spec, games, engine=False) for _ in range(runs)]
        a, b = statistics.median(engine), statistics.median(batched)
        print(f"  {label:<18} engine {a:>10,.0f}   batched {b:>10,.0f}   x{b / a:,.1f}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=20_000)
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--quick", action="store_true", help="a quarter of the games, 3 runs")
    args = parser.parse_args()
    games, runs = (args.games // 4, 3) if args.quick else (args.games, args.runs)
    command_ratios(games, args.players, runs)
    path_ratios(games, args.players, runs)


if __name__ == "__main__":
    main()
