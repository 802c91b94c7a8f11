"""Two source trees side by side: the same benchmark code run against each, alternating.

Each measurement runs in a child process with one tree's ``src/`` first on
the path (so the benchmark code below is the same for both trees and uses only
the public State, agent and lab contract that both trees share). The trees
take turns, repeat after repeat (each going first in every other repeat), so
a burst of load on the machine falls on both; each figure is the median of
the repeats, with the range as a share of the median, and the ratio is this
tree's median over the baseline's, beside the median of each repeat's own
ratio. Rates are per CPU second of the child, which a busy machine disturbs
less than wall time. ``--instructions`` counts instead of timing (valgrind's
callgrind): slow, but a count does not change with the load, so small
differences show. A count does change with the hash seed (the order of sets and
of string-keyed lookups), by about 5% for The Dance, so each child runs with a
fixed ``PYTHONHASHSEED``: one seed gives a count that repeats exactly, several
(``--hash-seeds 0,1,2``) show how far the ratio moves with it.

    .venv/bin/python benchmarks/bench_trees.py --baseline ../wt-before/src [--repeats 5] [--only dance-random,mcts-0]
    .venv/bin/python benchmarks/bench_trees.py --baseline ../wt-before/src --instructions --scale 0.05
    .venv/bin/python benchmarks/bench_trees.py --baseline ../wt-before/src --instructions --hash-seeds 0,1,2

A game of The Dance without a winner stops after turn 200 in both trees: the
older tree ended it at dawn, this one cuts it off at ``TheDance.turn_cap``.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING

from checkout import checkout_src

if TYPE_CHECKING:
    from ballroom.core.rng import Rng
    from ballroom.core.state import State

HERE = Path(__file__).resolve().parent
LAST_TURN = 200
MCTS_CASES = (
    ("dancing-dice", 2, "expert", "horizon=1,rollout=game,search=tree,below=tree", 1),
    ("dancing-dice", 4, "expert", "horizon=2,rollout=game,search=tree,below=tree", 1),
    ("the-dance", 4, "heuristic", "horizon=2,rollout=game,search=tree", 1),
    ("the-dance", 2, "heuristic", "horizon=2,rollout=heuristic,search=halving,below=tree", 2),
)
"""A subset of ``bench_mcts.CASES``: the default bots of both games and a plain search each.

Every setting a game's ``bot_defaults`` would fill in is spelled out, so that both
trees run the same search (Dancing Dice's defaults differ between them)."""


def work(base: int, scale: float) -> int:
    """``base`` units of work (actions, games, rounds) scaled, at least one."""
    return max(1, round(base * scale))


def _random_play(game_id: str, players: int, seed: int) -> tuple[State, Rng]:
    """A fresh state of ``game_id`` and the seeded random source used to pick its actions."""
    import ballroom
    from ballroom.core.rng import Rng

    return ballroom.make(game_id, players=players, seed=seed), Rng(seed)


def _over(state: State) -> bool:
    return state.is_terminal() or state.turns() > LAST_TURN


def _random_step(state: State, rng: Rng) -> None:
    legal = state.legal_actions()
    action = state.sample_chance() if state.is_chance_node() else legal[rng.below(len(legal))]
    state.apply(action, trusted=True)


def dance_random(scale: float) -> float:
    """The Dance, four players: random actions per second, legal actions listed before each."""
    _random_actions(2_000)  # imports and caches
    actions = work(60_000, scale)
    started = time.process_time()
    _random_actions(actions)
    return actions / (time.process_time() - started)


def _random_actions(actions: int) -> None:
    seed = 0
    state, rng = _random_play("the-dance", 4, seed)
    for _ in range(actions):
        if _over(state):
            seed += 1
            state, rng = _random_play("the-dance", 4, seed)
        _random_step(state, rng)


def _random_positions(count: int, every: int) -> list[State]:
    """Copies of every ``every``-th state of random four-player Dance games."""
    found: list[State] = []
    seed = 100
    state, rng = _random_play("the-dance", 4, seed)
    done = 0
    while len(found) < count:
        if _over(state):
            seed += 1
            state, rng = _random_play("the-dance", 4, seed)
        _random_step(state, rng)
        done += 1
        if done % every == 0:
            found.append(state.clone())
    return found


def dance_clones(scale: float) -> float:
    """The Dance, four players: clones per second of states met in random play."""
    states = _random_positions(50, 97)
    rounds = work(100, scale)
    started = time.process_time()
    for _ in range(rounds):
        for state in states:
            state.clone()
    return rounds * len(states) / (time.process_time() - started)


def dance_observations(scale: float) -> float:
    """The Dance, four players: observations per second, each seat's and the spectator's."""
    states = _random_positions(50, 97)
    rounds = work(20, scale)
    seats = (0, 1, 2, 3, None)
    started = time.process_time()
    for _ in range(rounds):
        for state in states:
            for seat in seats:
                state.observation(seat)
    return rounds * len(states) * len(seats) / (time.process_time() - started)


def _lab_games(game_id: str, seats: tuple[str, ...], games: int) -> float:
    """Games per second through the lab's play loop on one core (bots see observations)."""
    from ballroom.lab.runner import Backend, Task, run_tasks
    from ballroom.lab.simulate import SimulationSpec

    spec = SimulationSpec(game_id, seats, seed=3, max_turns=LAST_TURN)
    run_tasks([Task(spec, games)], Backend("local", 1))  # imports and caches
    started = time.process_time()
    run_tasks([Task(spec, i) for i in range(games)], Backend("local", 1))
    return games / (time.process_time() - started)


def dance_heuristic(scale: float) -> float:
    """The Dance: games per second of four heuristic seats."""
    return _lab_games("the-dance", ("heuristic",) * 4, work(20, scale))


def dice_random(scale: float) -> float:
    """Dancing Dice: games per second of four random seats, one game at a time."""
    from ballroom.agents import make_agent
    from ballroom.core.game import make_game
    from ballroom.core.play import play_out

    game = make_game("dancing-dice", 4)
    agents = [make_agent(game, seat, "random", 0) for seat in range(4)]
    play_out(game.new_state(-1), agents)  # imports and caches
    games = work(300, scale)
    started = time.process_time()
    for seed in range(games):
        play_out(game.new_state(seed), agents)
    return games / (time.process_time() - started)


def _mcts(case: int, scale: float) -> float:
    sys.path.insert(0, str(HERE))
    import bench_mcts

    game, players, bot, extra, divisor = MCTS_CASES[case]
    states = bench_mcts.positions(game, players, bot, 2)
    iterations = max(10, work(200, scale) // divisor)
    spec = f"mcts:iterations={iterations},{extra}"
    # One untimed pass over every position first: the expert's tables are built per Tango
    # on first use (at import in older trees), so a first search pays for the Tangos its
    # rollouts meet, which a bot playing on pays once.
    bench_mcts.rate(states, spec)
    rate: float = bench_mcts.rate(states, spec)
    return rate


def _mcts_measure(case: int) -> Callable[[int], float]:
    def measure(scale: float) -> float:
        return _mcts(case, scale)

    game, players, _, extra, _ = MCTS_CASES[case]
    measure.__doc__ = f"IS-MCTS iterations per second, {game} {players}p {extra}"
    return measure


MEASURES: dict[str, Callable[[int], float]] = {
    "dance-random": dance_random,
    "dance-heuristic": dance_heuristic,
    "dance-clones": dance_clones,
    "dance-observations": dance_observations,
    "dice-random": dice_random,
    **{f"mcts-{i}": _mcts_measure(i) for i in range(len(MCTS_CASES))},
}


def child(measure: str, src: str, scale: float) -> None:
    """Run one measurement with ``src`` first on the path; print the rate as JSON."""
    sys.path.insert(0, src)
    print(json.dumps(MEASURES[measure](scale)))


def measure_in(src: Path, measure: str, scale: float, script: str = __file__) -> float:
    """Run ``script --child measure`` in a fresh process with ``src`` first on the path."""
    done = subprocess.run(
        [sys.executable, script, "--child", measure, "--src", str(src), "--scale", str(scale)],
        capture_output=True,
        text=True,
        check=True,
    )
    rate: float = json.loads(done.stdout.splitlines()[-1])
    return rate


def instructions_in(src: Path, measure: str, scale: float, hash_seed: int) -> int:
    """Instructions a child runs for ``measure`` at ``scale`` under ``hash_seed``, counted
    by valgrind's callgrind."""
    done = subprocess.run(
        [
            "valgrind",
            "--tool=callgrind",
            "--callgrind-out-file=/dev/null",
            sys.executable,
            __file__,
            "--child",
            measure,
            "--src",
            str(src),
            "--scale",
            str(scale),
        ],
        capture_output=True,
        text=True,
        check=True,
        env={**os.environ, "PYTHONHASHSEED": str(hash_seed)},
    )
    refs = next(line for line in done.stderr.splitlines() if "refs:" in line)
    return int(refs.rsplit(None, 1)[-1].replace(",", ""))


def compare_instructions(
    trees: dict[str, Path], chosen: list[str], scale: float, hash_seeds: list[int]
) -> None:
    """Instructions per unit of work: each child at ``scale`` and twice it, the difference
    being the work alone (start-up, imports and warm-up cancel out). Load cannot disturb
    a count, so one run per tree and hash seed is the figure; with several seeds, the
    last row of a measure is the median of each seed's ratio."""
    print(f"instructions for the work of scale {scale} (callgrind; start-up cancelled out)")
    print(f"{'measure':<20}{'hash seed':>10}{'baseline':>14}{'this tree':>14}{'ratio':>8}")
    for name in chosen:
        ratios = []
        for seed in hash_seeds:
            counts = [
                instructions_in(src, name, 2 * scale, seed)
                - instructions_in(src, name, scale, seed)
                for src in trees.values()
            ]
            ratios.append(counts[0] / counts[1])
            print(
                f"{name:<20}{seed:>10}{counts[0] / 1e6:>13,.1f}M{counts[1] / 1e6:>13,.1f}M"
                f"{ratios[-1]:>7.2f}x",
                flush=True,
            )
        if len(ratios) > 1:
            print(f"{name:<20}{'median':>10}{'':>28}{statistics.median(ratios):>7.2f}x")


def spread(rates: list[float]) -> str:
    return f"±{(max(rates) - min(rates)) / 2 / statistics.median(rates):.0%}"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--baseline", type=Path, help="the other tree's src/")
    parser.add_argument(
        "--repeats", type=int, default=5, help="child processes per tree and measure"
    )
    parser.add_argument("--scale", type=float, default=1, help="work per child")
    parser.add_argument(
        "--only", default="", help="comma-separated measures: " + ", ".join(MEASURES)
    )
    parser.add_argument(
        "--instructions",
        action="store_true",
        help="count instructions with valgrind instead of timing (try --scale 0.05)",
    )
    parser.add_argument(
        "--hash-seeds",
        default="0",
        help="comma-separated PYTHONHASHSEED values to count under (--instructions)",
    )
    parser.add_argument("--child", help=argparse.SUPPRESS)
    parser.add_argument("--src", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.child:
        child(args.child, args.src, args.scale)
        return
    baseline = checkout_src(parser, "--baseline", args.baseline, "9d2bfa1")
    trees = {"baseline": baseline, "this tree": HERE.parent / "src"}
    chosen = args.only.split(",") if args.only else list(MEASURES)
    unknown = sorted(set(chosen) - set(MEASURES))
    if unknown:
        parser.error(f"unknown measure {', '.join(unknown)}; known: {', '.join(MEASURES)}")
    started = time.perf_counter()
    if args.instructions:
        seeds = [int(seed) for seed in args.hash_seeds.split(",")]
        compare_instructions(trees, chosen, args.scale, seeds)
        print(f"({time.perf_counter() - started:.0f} s)")
        return
    print(f"baseline {trees['baseline']}; medians of {args.repeats} alternating repeats per tree")
    for name in chosen:
        print(f"  {name:<20}{(MEASURES[name].__doc__ or '').splitlines()[0]}")
    print(
        f"{'measure':<20}{'baseline':>12}{'this tree':>12}{'ratio':>8}   spread (baseline / this)"
    )
    for name in chosen:
        rates: dict[str, list[float]] = {tree: [] for tree in trees}
        for repeat in range(args.repeats):
            order = list(trees.items())
            for tree, src in order if repeat % 2 == 0 else order[::-1]:
                rates[tree].append(measure_in(src, name, args.scale))
        before, after = (statistics.median(rates[tree]) for tree in trees)
        paired = statistics.median(
            a / b for a, b in zip(rates["this tree"], rates["baseline"], strict=True)
        )
        print(
            f"{name:<20}{before:>12,.1f}{after:>12,.1f}{after / before:>7.2f}x{paired:>7.2f}x"
            f"   {spread(rates['baseline'])} / {spread(rates['this tree'])}",
            flush=True,
        )
    print(f"({time.perf_counter() - started:.0f} s)")


if __name__ == "__main__":
    main()
