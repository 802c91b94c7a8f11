"""Simulation throughput with 1, 2 and all workers, and the parallel speed-up.

Games per second of ``ballroom simulate`` (local processes; ``--ray`` adds
the Ray backend) for Dancing Dice and The Dance, measured on the same games.
Worker start-up is included, as a user running the command would see it.

    .venv/bin/python benchmarks/bench_lab.py [--games 200] [--ray]
"""

from __future__ import annotations

import argparse
import os
import time

from ballroom.lab.runner import Backend, Task, run_tasks
from ballroom.lab.simulate import SimulationSpec

SPECS = [
    SimulationSpec("dancing-dice", ("expert", "random", "random", "random"), seed=1),
    SimulationSpec("the-dance", ("heuristic",) * 4, seed=1),
]


def games_per_second(spec: SimulationSpec, games: int, backend: Backend) -> float:
    tasks = [Task(spec, index) for index in range(games)]
    started = time.perf_counter()
    run_tasks(tasks, backend)
    return games / (time.perf_counter() - started)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--ray", action="store_true", help="also measure the Ray backend")
    args = parser.parse_args()
    cores = os.cpu_count() or 1
    counts = sorted({1, 2, cores})
    backends = [Backend("local", n) for n in counts]
    if args.ray:
        backends += [Backend("ray", n) for n in counts]
    header = "".join(f"{b.name + ' x' + str(b.workers):>14}" for b in backends)
    print(
        f"games/s, and each against local x1 (below 1.00x: slower than one worker)\n{'':<16}{header}"
    )
    for spec in SPECS:
        games = args.games if spec.game == "dancing-dice" else args.games // 4
        rates = [games_per_second(spec, games, backend) for backend in backends]
        print(f"{spec.game:<16}" + "".join(f"{r:>14.1f}" for r in rates))
        print(f"{'':<16}" + "".join(f"{r / rates[0]:>13.2f}x" for r in rates))


if __name__ == "__main__":
    main()
