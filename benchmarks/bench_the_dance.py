"""The Dance throughput, profile and balance, side by side in one run.

Throughput (one core): random actions per second with the legal actions
generated before each action, clone speed, and full four-player games per
second with random seats and with heuristic seats. The Dance has no turn
limit (RULINGS 16) and random play seldom ends it, so every loop cuts a game
off after ``TheDance.turn_cap`` turns, unfinished. ``--profile`` adds a
cProfile of the random-action loop; ``--balance N`` plays N heuristic games
on every core and prints the win rate by Power, Plan, Avatar and seat.

    .venv/bin/python benchmarks/bench_the_dance.py [--quick] [--profile] [--balance 2000]
"""

from __future__ import annotations

import argparse
import cProfile
import os
import pstats
import statistics
import time

from ballroom.core.play import past_cap
from ballroom.core.rng import Rng
from ballroom.core.state import CHANCE
from ballroom.games.the_dance import TheDance
from ballroom.lab.runner import Backend, Task, run_tasks
from ballroom.lab.simulate import GameResult, SimulationSpec, summarize

TARGET_ACTIONS_PER_SECOND = 50_000
RUNS = 5


def random_actions(actions: int, players: int = 4) -> tuple[float, int, int]:
    """Random play, legal actions listed before each action; returns (rate, games, cut off)."""
    game = TheDance(players)
    rng = Rng(7)
    seed = 0
    state = game.new_state(seed)
    games = cut = 0
    started = time.perf_counter()
    for _ in range(actions):
        if state.is_terminal() or past_cap(state, game.turn_cap):
            games += 1
            cut += not state.is_terminal()
            seed += 1
            state = game.new_state(seed)
        legal = state.legal_actions()
        if state.current_players()[0] == CHANCE:
            action = state.sample_chance()
        else:
            action = legal[rng.below(len(legal))]
        state.apply(action, trusted=True)
    return actions / (time.perf_counter() - started), games, cut


def clone_rate(clones: int) -> float:
    game = TheDance(4)
    state = game.new_state(1)
    rng = Rng(1)
    for _ in range(600):
        legal = state.legal_actions()
        state.apply(
            state.sample_chance() if state.is_chance_node() else legal[rng.below(len(legal))],
            trusted=True,
        )
    started = time.perf_counter()
    for _ in range(clones):
        state.clone()
    return clones / (time.perf_counter() - started)


def run(spec: SimulationSpec, games: int, workers: int) -> list[GameResult]:
    return run_tasks([Task(spec, i) for i in range(games)], Backend("local", workers)).results


def game_rate(seats: tuple[str, ...], games: int) -> tuple[float, float]:
    """(games per second, mean turns) for one core through the lab's play loop."""
    spec = SimulationSpec("the-dance", seats, seed=3)
    started = time.perf_counter()
    results = run(spec, games, workers=1)
    seconds = time.perf_counter() - started
    return games / seconds, sum(r.turns for r in results) / len(results)


def balance(games: int, players: int) -> None:
    spec = SimulationSpec("the-dance", ("heuristic",) * players, seed=11)
    started = time.perf_counter()
    results = run(spec, games, workers=os.cpu_count() or 1)
    summary = summarize(spec, results, time.perf_counter() - started)
    print(f"\nBalance: {games} games of {players} heuristic players ({summary['seconds']:.0f} s)")
    print(
        f"  mean turns {summary['mean_rounds']:.1f}; "
        f"cut off unfinished after turn {TheDance.turn_cap}: {summary['unfinished']}"
    )
    print(
        "  win rate by seat: "
        + ", ".join(f"{i + 1}: {w:.3f}" for i, w in enumerate(summary["win_rate"]))
    )
    fair = 1 / players
    for feature in ("power", "plan", "avatar"):
        print(f"  by {feature} (fair share {fair:.3f}):")
        rows = sorted(summary["by_feature"][feature].items(), key=lambda item: -item[1]["win_rate"])
        for value, entry in rows:
            print(f"    {value:<16} {entry['win_rate']:.3f}  ({entry['seats']} seats)")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--quick", action="store_true", help="fewer actions and games")
    parser.add_argument("--profile", action="store_true", help="cProfile the random-action loop")
    parser.add_argument(
        "--balance", type=int, default=0, help="heuristic games for the balance table"
    )
    parser.add_argument("--players", type=int, default=4)
    args = parser.parse_args()
    scale = 1 if args.quick else 4
    # Several runs: the median is the figure, the range shows how noisy the machine was.
    runs = [random_actions(25_000 * scale) for _ in range(RUNS)]
    rates = sorted(run[0] for run in runs)
    rate = statistics.median(rates)
    _, games, cut = runs[0]
    clones = clone_rate(5_000 * scale)
    random_games, random_turns = game_rate(("random",) * 4, 2 * scale)
    heuristic_games, heuristic_turns = game_rate(("heuristic",) * 4, 25 * scale)
    mixed_games, mixed_turns = game_rate(("heuristic", "random", "random", "random"), 10 * scale)
    print("The Dance, 4 players, one core")
    print(
        f"  random actions/s (legal listed first)  {rate:>10,.0f}   x{rate / TARGET_ACTIONS_PER_SECOND:.2f} of the 50,000 target"
    )
    print(
        f"    median of {RUNS} runs; range {rates[0]:,.0f} - {rates[-1]:,.0f} "
        f"({(rates[-1] - rates[0]) / rate:.0%} of the median)"
    )
    print(f"    ({games} random games in each run, {cut} of them cut off unfinished)")
    print(f"  clones/s                              {clones:>10,.0f}")
    print(
        f"  games/s, 4 random (bots see observations)    {random_games:>8.2f}   mean turns {random_turns:.0f} (cut off after {TheDance.turn_cap})"
    )
    print(
        f"  games/s, 4 heuristic                         {heuristic_games:>8.2f}   mean turns {heuristic_turns:.1f}   x{heuristic_games / random_games:.1f} vs random"
    )
    print(
        f"  games/s, heuristic + 3 random                {mixed_games:>8.2f}   mean turns {mixed_turns:.1f}"
    )
    if args.profile:
        profiler = cProfile.Profile()
        profiler.enable()
        random_actions(50_000)
        profiler.disable()
        print("\nProfile of 50,000 random actions (top 15 by own time):")
        pstats.Stats(profiler).sort_stats("tottime").print_stats(15)
    if args.balance:
        balance(args.balance, args.players)


if __name__ == "__main__":
    main()
