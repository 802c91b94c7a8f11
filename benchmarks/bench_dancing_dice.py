"""Dancing Dice throughput, side by side in one run.

Prints games per second for: the engine one game at a time (random and
expert seats, one core), the engine on every core (``simulate``), and the
vectorised random-play path, with the ratios between them.

    .venv/bin/python benchmarks/bench_dancing_dice.py [--players 4] [--quick]
"""

from __future__ import annotations

import argparse
import os
import time

from ballroom.games.dancing_dice.batch import simulate_random
from ballroom.lab.runner import simulate
from ballroom.lab.simulate import SimulationSpec


def engine_rate(seats: tuple[str, ...], games: int, workers: int) -> float:
    summary = simulate(SimulationSpec("dancing-dice", seats, seed=1), games, workers)
    return float(summary["games_per_second"])


def batch_rate(players: int, games: int) -> float:
    simulate_random(1000, players, seed=0)  # warm the tables and numpy
    started = time.perf_counter()
    simulate_random(games, players, seed=1)
    return games / (time.perf_counter() - started)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--quick", action="store_true", help="fewer games, rougher figures")
    args = parser.parse_args()
    scale = 1 if args.quick else 4
    cores = os.cpu_count() or 1
    players = args.players
    random_seats = ("random",) * players
    expert_seats = ("expert",) + ("random",) * (players - 1)
    rows = [
        ("engine, random seats, 1 core", engine_rate(random_seats, 100 * scale, 1)),
        (
            f"engine, random seats, {cores} cores",
            engine_rate(random_seats, 100 * scale * cores, cores),
        ),
        ("engine, expert + random, 1 core", engine_rate(expert_seats, 60 * scale, 1)),
        (
            f"engine, expert + random, {cores} cores",
            engine_rate(expert_seats, 60 * scale * cores, cores),
        ),
        ("batched numpy, random seats, 1 core", batch_rate(players, 100_000 * scale)),
    ]
    base = rows[0][1]
    print(f"Dancing Dice, {players} players, games per second")
    for label, rate in rows:
        print(f"  {label:<40} {rate:>12,.0f}   x{rate / base:,.1f} vs engine random 1 core")


if __name__ == "__main__":
    main()
