"""Issue 16's speed targets in one run: each measured, side by side, and judged in one table.

The baseline is the tree when issue 16 was filed, ``9d2bfa1`` (the last commit
before the speed work), checked out beside this one:

    git worktree add --detach ../wt-base16 9d2bfa1
    .venv/bin/python benchmarks/issue16.py --baseline ../wt-base16/src [--repeats 5] [--quick]

Every figure comes from child processes that take turns, repeat after repeat
(the order flips every other repeat), so a burst of load on a shared machine
falls on both sides of a ratio alike. Each row is the median over the repeats
of that repeat's own ratio, with the lowest and highest beside it.

- Tree against tree (``bench_trees.py``'s measures, per CPU second of the
  child): Dancing Dice random games, The Dance's heuristic games, clones and
  random actions, and IS-MCTS iterations on both games.
- Dancing Dice's engine against the plain-Python yardstick
  (``plain_dancing_dice.py``), each timed in its own child one after the other.
- ``ballroom simulate dancing-dice --games 20000`` with random seats, run as a
  command, against the plain loop run as a command: whole-process wall time
  (the target), and the seconds each reports for its games alone. Commands
  use a private bytecode cache, filled by a first untimed run, as an
  installed package has its ``.pyc`` files.
- Our IS-MCTS against OpenSpiel's ``MCTSBot`` like for like
  (``bench_interop.py``: same iterations, random rollouts to the end).
- ``import ballroom`` and ``ballroom --help`` in fresh interpreters: wall
  seconds against the targets, CPU seconds beside them.
- ``simulate --workers 2`` against ``--workers 1``, The Dance with heuristic
  seats, worker start-up included. The issue asks for an otherwise idle
  machine; the load average is printed with the table.
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from pathlib import Path

HERE = Path(__file__).resolve().parent
THIS_TREE = HERE.parent / "src"
sys.path.insert(0, str(HERE))

import bench_trees  # noqa: E402  (a sibling script, found through HERE)
from checkout import checkout_src  # noqa: E402

CLI = "import sys; from ballroom.cli import main; sys.argv[0] = 'ballroom'; main()"
IMPORT = "import ballroom"
HELP = "import sys; from ballroom.cli import main; sys.argv = ['ballroom', '--help']; main()"
PLAIN = HERE / "plain_dancing_dice.py"
DICE_GAMES = 20_000
"""The games of the ``simulate`` target, as the issue states it (``--dice-games``)."""


@dataclass
class Row:
    """One target: what it compares, the figure per repeat, and what meets it."""

    target: str
    goal: str
    meets: Callable[[float], bool] | None
    """None for a row shown as context for the row above it, judged by nothing."""
    unit: str = "x"
    values: list[float] = field(default_factory=list)
    note: str = ""

    def cells(self) -> tuple[str, str, str]:
        if not self.values:
            return "not measured", "", "-"
        middle = statistics.median(self.values)
        low, high = min(self.values), max(self.values)
        if self.unit == "x":
            measured, spread = f"{middle:.2f}x", f"[{low:.2f}, {high:.2f}]"
        else:
            measured, spread = f"{middle:.3f} s", f"[{low:.3f}, {high:.3f}]"
        if self.meets is None:
            return measured, spread, ""
        return measured, spread, "met" if self.meets(middle) else "NOT MET"


def at_least(ratio: float) -> Callable[[float], bool]:
    return lambda value: value >= ratio


def under(seconds: float) -> Callable[[float], bool]:
    return lambda value: value < seconds


# Child processes ----------------------------------------------------------------


def plain_rate(scale: float) -> float:
    """Plain-loop Dancing Dice games per CPU second, four random players, endurance 10."""
    import random

    import plain_dancing_dice as plain

    rng = random.Random(0)
    for _ in range(20):
        plain.play(rng, 4, 10)
    games = bench_trees.work(3_000, scale)
    started = time.process_time()
    for _ in range(games):
        plain.play(rng, 4, 10)
    return games / (time.process_time() - started)


def openspiel_ratio(scale: float) -> float:
    """Our IS-MCTS iterations/s over OpenSpiel's MCTSBot's, like for like, two-player Dancing Dice."""
    import bench_interop
    from ballroom.core.game import make_game

    game = make_game("dancing-dice", 2)
    rates = bench_interop.search_rates(game, bench_trees.work(300, scale), seed=1)
    return rates[bench_interop.BALLROOM] / rates[bench_interop.OPENSPIEL]


def workers_rate(workers: int, scale: float) -> float:
    """The Dance, four heuristic seats: games per wall second of the lab's simulate, pool included."""
    from ballroom.lab.runner import simulate
    from ballroom.lab.simulate import SimulationSpec

    spec = SimulationSpec("the-dance", ("heuristic",) * 4, seed=5)
    games = bench_trees.work(600, scale)  # a heuristic game takes ~25 ms: the pool's start-up
    # (a second or so of imports per worker) must be small beside the run
    started = time.perf_counter()
    simulate(spec, games, workers=workers)
    return games / (time.perf_counter() - started)


CHILDREN: dict[str, Callable[[float], float]] = {
    "plain": plain_rate,
    "openspiel": openspiel_ratio,
    "workers-1": lambda scale: workers_rate(1, scale),
    "workers-2": lambda scale: workers_rate(2, scale),
}


def child(name: str, src: str, scale: float) -> None:
    sys.path.insert(0, src)
    print(json.dumps(CHILDREN[name](scale)))


def own_measure(src: Path, name: str, scale: float) -> float:
    """One of this script's own measures (``CHILDREN``) in a fresh process."""
    return bench_trees.measure_in(src, name, scale, script=__file__)


# Commands ----------------------------------------------------------------------


def children_cpu() -> float:
    used = resource.getrusage(resource.RUSAGE_CHILDREN)
    return used.ru_utime + used.ru_stime


def command(argv: list[str], env: dict[str, str]) -> tuple[float, float, str]:
    """(wall seconds, CPU seconds, stdout) of one command, start to exit."""
    cpu = children_cpu()
    started = time.perf_counter()
    done = subprocess.run(argv, env=env, check=True, capture_output=True, text=True)
    return time.perf_counter() - started, children_cpu() - cpu, done.stdout


def environment(src: Path, cache: str) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
    env["PYTHONPYCACHEPREFIX"] = cache
    env["PYTHONPATH"] = str(src)
    return env


def simulate_argv(games: int) -> list[str]:
    options = ["--games", str(games), "--seats", "random,random,random,random", "--workers", "1"]
    return [sys.executable, "-c", CLI, "simulate", "dancing-dice", *options, "--json"]


def plain_argv(games: int) -> list[str]:
    return [sys.executable, str(PLAIN), "--games", str(games), "--players", "4"]


# The run -----------------------------------------------------------------------

PAIRS = {
    "dice-random": "Dancing Dice engine, random 4p, vs today's",
    "dance-heuristic": "The Dance heuristic games/s vs today's",
    "dance-clones": "The Dance clones/s vs today's",
    "dance-random": "The Dance random actions/s vs today's",
    "mcts-0": "IS-MCTS, Dancing Dice 2p horizon=1, vs today's",
    "mcts-1": "IS-MCTS, Dancing Dice 4p horizon=2, vs today's",
    "mcts-2": "IS-MCTS, The Dance 4p horizon=2, vs today's",
    "mcts-3": "IS-MCTS, The Dance 2p halving, vs today's",
}
GOALS = {
    "dice-random": 10.0,
    "dance-heuristic": 3.0,
    "dance-clones": 4.0,
    "dance-random": 1.5,
    "mcts-0": 2.0,
    "mcts-1": 2.0,
    "mcts-2": 2.0,
    "mcts-3": 2.0,
}


def make_rows() -> dict[str, Row]:
    rows = {
        name: Row(label, f">= {GOALS[name]:g}x", at_least(GOALS[name]))
        for name, label in PAIRS.items()
    }
    rows["dice-plain"] = Row(
        "Dancing Dice engine, random 4p, vs plain loop", ">= 1.2x", at_least(1.2)
    )
    rows["simulate-wall"] = Row(
        "simulate dancing-dice --games N, whole command vs plain loop",
        ">= 30x",
        at_least(30),
    )
    rows["simulate-cpu"] = Row("  the same, CPU seconds of each command", "", None)
    rows["simulate-inner"] = Row("  the same, the games alone (seconds each reports)", "", None)
    rows["openspiel"] = Row("IS-MCTS vs OpenSpiel MCTSBot, like for like", ">= 5x", at_least(5))
    rows["import"] = Row("import ballroom, wall", "< 0.2 s", under(0.2), unit="s")
    rows["import-cpu"] = Row("  the same, CPU seconds", "", None, unit="s")
    rows["help"] = Row("ballroom --help, wall", "< 0.4 s", under(0.4), unit="s")
    rows["help-cpu"] = Row("  the same, CPU seconds", "", None, unit="s")
    rows["workers"] = Row(
        "simulate --workers 2 vs --workers 1, The Dance heuristic", ">= 1.8x", at_least(1.8)
    )
    return rows


POOLS = ("workers-1", "workers-2")


def turn(names: Iterable[str], repeat: int) -> list[str]:
    """``names`` in order on even repeats and reversed on odd ones, so neither always goes first."""
    ordered = list(names)
    return ordered[::-1] if repeat % 2 else ordered


def one_repeat(
    repeat: int,
    trees: dict[str, Path],
    rows: dict[str, Row],
    scale: float,
    dice_games: int,
    cache: str,
) -> None:
    for name in PAIRS:
        rates = {
            tree: bench_trees.measure_in(trees[tree], name, scale) for tree in turn(trees, repeat)
        }
        rows[name].values.append(rates["this tree"] / rates["baseline"])
        if name == "dice-random":
            plain = own_measure(THIS_TREE, "plain", scale)
            rows["dice-plain"].values.append(rates["this tree"] / plain)
        print(f"  {name}: {rates['baseline']:,.1f} -> {rates['this tree']:,.1f}", flush=True)
    env = environment(THIS_TREE, cache)
    runs = {"plain": plain_argv(dice_games), "cli": simulate_argv(dice_games)}
    found = {}
    for label in turn(runs, repeat):
        wall, cpu, out = command(runs[label], env)
        report = json.loads(out)
        if label == "cli" and report["path"] != "batched":
            raise SystemExit(f"simulate took the engine: {report['path_reason']}")
        found[label] = (wall, cpu, float(report["seconds"]))
    for index, key in enumerate(("simulate-wall", "simulate-cpu", "simulate-inner")):
        rows[key].values.append(found["plain"][index] / found["cli"][index])
    print(f"  simulate: plain {found['plain']}, cli {found['cli']}", flush=True)
    rows["openspiel"].values.append(own_measure(THIS_TREE, "openspiel", scale))
    for key, code in (("import", IMPORT), ("help", HELP)):
        wall, cpu, _ = command([sys.executable, "-c", code], env)
        rows[key].values.append(wall)
        rows[f"{key}-cpu"].values.append(cpu)
    pools = {name: own_measure(THIS_TREE, name, scale) for name in turn(POOLS, repeat)}
    rows["workers"].values.append(pools["workers-2"] / pools["workers-1"])


def print_table(rows: dict[str, Row]) -> None:
    width = max(len(row.target) for row in rows.values())
    print(f"\n{'target':<{width}}  {'goal':<10}{'measured':>10}  {'[low, high]':<18}{'verdict'}")
    for row in rows.values():
        measured, spread, verdict = row.cells()
        print(f"{row.target:<{width}}  {row.goal:<10}{measured:>10}  {spread:<18}{verdict}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--baseline", type=Path, help="the src/ of the tree issue 16 was filed on")
    parser.add_argument("--repeats", type=int, default=5)
    parser.add_argument("--scale", type=float, default=1, help="work per child")
    parser.add_argument("--dice-games", type=int, default=DICE_GAMES, help="games per simulate")
    parser.add_argument("--quick", action="store_true", help="3 repeats at a third of the work")
    parser.add_argument("--child", help=argparse.SUPPRESS)
    parser.add_argument("--src", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.child:
        child(args.child, args.src, args.scale)
        return
    baseline = checkout_src(parser, "--baseline", args.baseline, "9d2bfa1")
    repeats, scale = (3, args.scale / 3) if args.quick else (args.repeats, args.scale)
    trees = {"baseline": baseline, "this tree": THIS_TREE}
    rows = make_rows()
    started = time.perf_counter()
    loads = [os.getloadavg()[0]]
    with tempfile.TemporaryDirectory() as cache:
        env = environment(THIS_TREE, cache)
        for argv in (simulate_argv(100), plain_argv(100), [sys.executable, "-c", HELP]):
            command(argv, env)  # fills the bytecode cache
        for repeat in range(repeats):
            print(f"repeat {repeat + 1} of {repeats}", flush=True)
            one_repeat(repeat, trees, rows, scale, args.dice_games, cache)
            loads.append(os.getloadavg()[0])
    print_table(rows)
    print(
        f"\nbaseline {trees['baseline']}; {repeats} repeats at scale {scale:g}; "
        f"simulate of {args.dice_games} games; "
        f"{time.perf_counter() - started:.0f} s; "
        f"load average {min(loads):.1f} to {max(loads):.1f} on {os.cpu_count()} cores"
    )


if __name__ == "__main__":
    main()
