"""Dancing Dice on the engine, one game at a time, against another tree and the plain loop.

Random seats, four players, one game after another through ``play_out``
(what ``ballroom simulate`` does for each game), beside the plain-Python
yardstick (``plain_dancing_dice.py``: every rule, nothing of ballroom).
Each tree runs in its own child process, the trees alternating round after
round, and each child times the plain loop between its own games, so every
ratio is measured side by side on the same machine at the same moment.

    .venv/bin/python benchmarks/bench_dancing_dice_engine.py --baseline ../main/src [--rounds 7]

``--mcts`` adds IS-MCTS iterations per second at Dancing Dice's first
decisions (``bench_mcts.py``'s cases) for each tree.
"""

from __future__ import annotations

import argparse
import json
import statistics
import subprocess
import sys
import time
from pathlib import Path

from checkout import checkout_src

HERE = Path(__file__).resolve().parent
CHILD = """
import json, random, sys, time
sys.path[:0] = [{src!r}, {here!r}]
import plain_dancing_dice as plain
from ballroom.agents import make_agent
from ballroom.core.game import make_game
from ballroom.core.play import play_out

game = make_game("dancing-dice", {players})

kept = [make_agent(game, seat, "random", 0) for seat in range(game.players)]

def engine(first, count, fresh):
    started = time.process_time()
    for seed in range(first, first + count):
        state = game.new_state(seed)
        if fresh:
            play_out(state, [make_agent(game, seat, "random", seed) for seat in range(game.players)])
        else:
            play_out(state, kept)
    return count / (time.process_time() - started)

def yardstick(count):
    rng = random.Random(0)
    started = time.process_time()
    for _ in range(count):
        plain.play(rng, {players}, 10)
    return count / (time.process_time() - started)

engine(0, 20, True), yardstick(20)
rates = [
    (engine(1000 * k, {games}, False), engine(1000 * k, {games}, True), yardstick({games}))
    for k in range({slices})
]
print(json.dumps({{"kept": [k for k, _, _ in rates], "fresh": [f for _, f, _ in rates],
                  "plain": [p for _, _, p in rates]}}))
"""
MCTS_CHILD = """
import json, sys
sys.path[:0] = [{src!r}, {here!r}]
import bench_mcts as bench
rates = []
for game, players, bot, extra, divisor in bench.CASES:
    if game != "dancing-dice":
        continue
    states = bench.positions(game, players, bot, {positions})
    spec = f"mcts:iterations={{max(10, {iterations} // divisor)}},{{extra}}"
    bench.rate(states[:1], f"mcts:iterations=20,{{extra}}")
    rates.append([f"{{players}}p {{extra}}", bench.rate(states, spec)])
print(json.dumps(rates))
"""


def run(code: str) -> object:
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    return json.loads(done.stdout)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--baseline", type=Path, required=True, help="the other tree's src/")
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--rounds", type=int, default=5, help="child processes per tree")
    parser.add_argument("--games", type=int, default=100, help="games per timed slice")
    parser.add_argument("--slices", type=int, default=3, help="timed slices per child")
    parser.add_argument("--mcts", action="store_true", help="also IS-MCTS iterations/s")
    parser.add_argument("--iterations", type=int, default=200)
    args = parser.parse_args()
    baseline = checkout_src(parser, "--baseline", args.baseline, "COMMIT")
    trees = {"baseline": str(baseline), "this tree": str(HERE.parent / "src")}
    ways = {"kept": "bots made once", "fresh": "bots made each game"}
    rates = {(name, way): [] for name in trees for way in ways}
    ratios = {(name, way): [] for name in trees for way in ways}
    plain: list[float] = []
    started = time.perf_counter()
    for _ in range(args.rounds):
        for name, src in trees.items():
            games = args.games // 10 if name == "baseline" else args.games
            code = CHILD.format(
                src=src, here=str(HERE), players=args.players, games=games, slices=args.slices
            )
            found = run(code)
            assert isinstance(found, dict)
            plain += found["plain"]
            for way in ways:
                rates[name, way] += found[way]
                ratios[name, way] += [
                    e / p for e, p in zip(found[way], found["plain"], strict=True)
                ]
    print(f"Dancing Dice, {args.players} random seats, one game at a time, games per CPU second")
    print(f"(medians of {args.rounds * args.slices} slices; {time.perf_counter() - started:.0f} s)")
    print(f"  {'plain loop':<34} {statistics.median(plain):>10,.0f}")
    for way, label in ways.items():
        for name in trees:
            rate = statistics.median(rates[name, way])
            ratio = statistics.median(ratios[name, way])
            print(f"  {name + ', ' + label:<34} {rate:>10,.0f}   x{ratio:.2f} the plain loop")
        after = statistics.median(ratios["this tree", way])
        print(
            f"  this tree / baseline, {label}: x{after / statistics.median(ratios['baseline', way]):.1f}"
        )
    if args.mcts:
        print("IS-MCTS iterations per second, Dancing Dice (bench_mcts.py's cases)")
        mcts = {
            name: run(
                MCTS_CHILD.format(src=src, here=str(HERE), positions=4, iterations=args.iterations)
            )
            for name, src in trees.items()
        }
        for (label, before), (_, after) in zip(mcts["baseline"], mcts["this tree"], strict=True):  # type: ignore[call-overload]
            print(f"  {label:<48} {before:>8.0f} -> {after:>8.0f}   x{after / before:.2f}")


if __name__ == "__main__":
    main()
