"""Issue 31's table in one command: every game's speed, a baseline tree against this one.

For each game (four players, or the game's most when fewer): random actions per
second (legal actions listed before each), clones and observations per second of
states met in random play, heuristic self-play games per second (the lab's loop, one
core) and the default ``mcts`` bot's moves per second at seat 0's first real choices.
Each figure runs in a child process with one tree's ``src/`` first on the path, the
trees taking turns repeat after repeat (``bench_trees.py``'s way), per CPU second of
the child; the row shows both medians, their ratio and the spread of each side. Both
trees read the same data: ``--data`` (default: the data this tree ships, copied into
a temporary ``$BALLROOM_DATA``) so that a changed data file is not taken for speed.

The adapters' rows are this tree's own: the PettingZoo AEC env's and OpenSpiel's
stepping as a share of the engine's on the same games (``bench_interop.py``).

``--instructions`` counts instead (valgrind's callgrind, the work at two scales so
that start-up cancels out): a count does not move with the load, for the rows whose
timing spreads. The heuristic and ``mcts`` rows do little work a child (a few games,
four choices): count them at ``--scale 0.5`` or more, the others at 0.05. ``--same-moves`` plays heuristic games and ``mcts`` choices in both
trees and says whether every game and choice came out the same (meaningful against a
tree with the same rules: the commit before a speed change, not an older rulebook).

    git worktree add --detach ../base073 073be78
    .venv/bin/python benchmarks/issue31.py --baseline ../base073/src [--repeats 3] [--only vampires-harvest]
    .venv/bin/python benchmarks/issue31.py --baseline ../before/src --same-moves
    .venv/bin/python benchmarks/issue31.py --baseline ../base073/src --instructions --scale 0.1
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any

from checkout import checkout_src

if TYPE_CHECKING:
    from ballroom.core.rng import Rng
    from ballroom.core.state import State

HERE = Path(__file__).resolve().parent
THIS_SRC = HERE.parent / "src"
LAST_TURN = 200
GAMES: dict[str, tuple[str, int, dict[str, Any]]] = {
    "dancing-dice": ("dancing-dice", 4, {}),
    "the-dance": ("the-dance", 4, {}),
    "vampires-harvest": ("vampires-harvest", 4, {}),
    "dominare": ("dominare", 4, {}),
    "dark-tales": ("dark-tales", 4, {}),
    "cinderella": ("dark-tales", 4, {"expansion": "cinderella"}),
}
"""The table's games: id, players and options. The Dance has no heuristic game that ends
by itself often; its games are cut after turn 200 in both trees."""
HEURISTIC = {"dancing-dice": "expert"}
"""The self-play bot where a game's own is not called ``heuristic``."""
TARGETS: dict[str, dict[str, float]] = {
    "vampires-harvest": {"random": 3, "clones": 50, "observations": 3, "heuristic": 2, "mcts": 2},
    "dominare": {"random": 5, "observations": 3, "heuristic": 2, "mcts": 2},
    "dark-tales": {"random": 3, "observations": 3, "heuristic": 2, "mcts": 2},
    "cinderella": {"random": 3, "observations": 3, "heuristic": 2, "mcts": 2},
}
"""The issue's ratios against 073be78 (``mcts``: moves per second, the inverse of its
seconds per move at most 0.5x). Clones must also reach 100,000 a second in every game."""
ADAPTER_TARGETS = {"PettingZoo AEC": 0.5, "OpenSpiel": 0.6}
METRICS = ("random", "clones", "observations", "heuristic", "mcts")


def work(base: int, scale: float) -> int:
    return max(1, round(base * scale))


def _new(name: str, seed: int) -> State:
    import ballroom

    game_id, players, options = GAMES[name]
    return ballroom.make(game_id, players=players, seed=seed, **options)


def _over(state: State) -> bool:
    return state.is_terminal() or state.turns() > LAST_TURN


def _random_step(state: State, rng: Rng) -> None:
    """One random action of the first seat to act (a secret step waits on several)."""
    player = state.current_players()[0]
    if state.is_chance_node():
        state.apply(state.sample_chance(), player, trusted=True)
        return
    legal = state.legal_actions(player)
    state.apply(legal[rng.below(len(legal))], player, trusted=True)


def _walk(name: str, actions: int, every: int = 0) -> list[State]:
    """``actions`` random actions over as many games as it takes; copies of every
    ``every``-th state met when asked."""
    from ballroom.core.rng import Rng

    seed = 0
    state, rng = _new(name, seed), Rng(seed)
    kept: list[State] = []
    for done in range(1, actions + 1):
        if _over(state):
            seed += 1
            state, rng = _new(name, seed), Rng(seed)
        _random_step(state, rng)
        if every and done % every == 0:
            kept.append(state.clone())
    return kept


def random_actions(name: str, scale: float) -> float:
    _walk(name, 500)  # imports and caches
    actions = work(20_000, scale)
    started = time.process_time()
    _walk(name, actions)
    return actions / (time.process_time() - started)


def clones(name: str, scale: float) -> float:
    states = _walk(name, 3_000, every=60)
    rounds = work(200, scale)
    started = time.process_time()
    for _ in range(rounds):
        for state in states:
            state.clone()
    return rounds * len(states) / (time.process_time() - started)


def observations(name: str, scale: float) -> float:
    states = _walk(name, 3_000, every=120)
    seats = range(GAMES[name][1])
    rounds = work(40, scale)
    started = time.process_time()
    for _ in range(rounds):
        for state in states:
            for seat in seats:
                state.observation(seat)
    return rounds * len(states) * len(seats) / (time.process_time() - started)


def heuristic_games(name: str, scale: float) -> float:
    from ballroom.lab.runner import Backend, Task, run_tasks
    from ballroom.lab.simulate import SimulationSpec

    game_id, players, options = GAMES[name]
    seats = (HEURISTIC.get(name, "heuristic"),) * players
    spec = SimulationSpec(game_id, seats, options=options, seed=3, max_turns=LAST_TURN)
    run_tasks([Task(spec, 10_000)], Backend("local", 1))  # imports and caches
    games = work(6, scale)
    started = time.process_time()
    run_tasks([Task(spec, i) for i in range(games)], Backend("local", 1))
    return games / (time.process_time() - started)


def _positions(name: str, count: int) -> list[State]:
    """Seat 0's first ``count`` real choices in a game of the heuristic bots."""
    from ballroom.agents import make_agent
    from ballroom.core.play import decision_for, step

    state = _new(name, 17)
    players = GAMES[name][1]
    bot = HEURISTIC.get(name, "heuristic")
    agents = [make_agent(state.game, seat, bot, 17) for seat in range(players)]
    found: list[State] = []
    while len(found) < count and not _over(state):
        if 0 in state.current_players() and len(state.legal_actions(0)) > 1:
            found.append(state.clone())
            state.apply(agents[0].act(decision_for(state, 0)), 0)
        else:
            step(state, agents)
    return found


def mcts_moves(name: str, scale: float) -> float:
    """The default ``mcts`` bot's moves per second (its settings as the game sets them)."""
    from ballroom.agents import make_agent
    from ballroom.core.play import decision_for

    states = _positions(name, work(4, scale))
    started = time.process_time()
    for index, state in enumerate(states):
        make_agent(state.game, 0, "mcts", index).act(decision_for(state, 0))
    return len(states) / (time.process_time() - started)


MEASURES: dict[str, Callable[[str, float], float]] = {
    "random": random_actions,
    "clones": clones,
    "observations": observations,
    "heuristic": heuristic_games,
    "mcts": mcts_moves,
}


def _history_digest(state: State) -> str:
    return hashlib.sha256(json.dumps(list(state.history)).encode()).hexdigest()[:12]


def same_moves(name: str, scale: float) -> list[str]:
    """Digests of heuristic self-play games and of ``mcts`` choices, for comparing trees."""
    from ballroom.agents import make_agent
    from ballroom.core.play import decision_for, step

    players = GAMES[name][1]
    bot = HEURISTIC.get(name, "heuristic")
    digests = []
    for seed in range(work(3, scale)):
        state = _new(name, seed)
        agents = [make_agent(state.game, seat, bot, seed) for seat in range(players)]
        while not _over(state):
            step(state, agents)
        digests.append(_history_digest(state))
    choices = [
        make_agent(state.game, 0, "mcts", index).act(decision_for(state, 0))
        for index, state in enumerate(_positions(name, work(3, scale)))
    ]
    return [*digests, f"mcts {choices}"]


def adapter_shares(name: str, scale: float) -> dict[str, float]:
    """PettingZoo AEC stepping and OpenSpiel ``apply_action`` as shares of the engine's."""
    sys.path.insert(0, str(HERE))
    import bench_interop
    from ballroom.core.game import make_game

    game_id, players, options = GAMES[name]
    game = make_game(game_id, players, **options)
    seeds = range(work(10, scale))
    results = bench_interop.best_rates(
        {
            "engine": lambda: bench_interop.engine_games(game, seeds),
            "PettingZoo AEC": lambda: bench_interop.pettingzoo_step_games(game, seeds),
            "OpenSpiel": lambda: bench_interop.openspiel_games(game, seeds, observe=False),
        },
        3,
    )
    engine = results["engine"][0]
    return {label: rate / engine for label, (rate, _) in results.items() if label != "engine"}


def child(kind: str, name: str, src: str, scale: float) -> None:
    sys.path.insert(0, src)
    if kind == "same-moves":
        print(json.dumps(same_moves(name, scale)))
    elif kind == "adapters":
        print(json.dumps(adapter_shares(name, scale)))
    else:
        print(json.dumps(MEASURES[kind](name, scale)))


def run_child(src: Path, kind: str, name: str, scale: float, env: dict[str, str]) -> Any:
    argv = [sys.executable, __file__, "--child", kind, "--game", name, "--src", str(src)]
    done = subprocess.run(
        [*argv, "--scale", str(scale)], capture_output=True, text=True, check=False, env=env
    )
    if done.returncode:
        raise SystemExit(f"{kind} {name} in {src} failed:\n{done.stderr[-2000:]}")
    return json.loads(done.stdout.splitlines()[-1])


def instructions(src: Path, kind: str, name: str, scale: float, env: dict[str, str]) -> int:
    argv = ["valgrind", "--tool=callgrind", "--callgrind-out-file=/dev/null", sys.executable]
    argv += [__file__, "--child", kind, "--game", name, "--src", str(src), "--scale", str(scale)]
    done = subprocess.run(argv, capture_output=True, text=True, check=True, env=env)
    refs = next(line for line in done.stderr.splitlines() if "refs:" in line)
    return int(refs.rsplit(None, 1)[-1].replace(",", ""))


def data_folder(given: Path | None, baseline: Path, into: Path) -> Path:
    """The data both trees read: ``given``, or a copy of this tree's component files that
    the baseline's games know too (a file it does not know, it refuses)."""
    if given is not None:
        return given.resolve()
    for package in (THIS_SRC / "ballroom" / "games").iterdir():
        known = baseline / "ballroom" / "games" / package.name / "data"
        if not known.is_dir():
            continue
        folder = into / package.name.replace("_", "-")
        folder.mkdir()
        for shipped in (package / "data").glob("*.toml"):
            if (known / shipped.name).is_file():
                shutil.copy(shipped, folder / shipped.name)
    return into


def spread(rates: list[float]) -> str:
    return f"±{(max(rates) - min(rates)) / 2 / statistics.median(rates):.0%}"


def verdict(name: str, metric: str, ratio: float, after: float) -> str:
    goal = TARGETS.get(name, {}).get(metric)
    checks = []
    if goal is not None:
        checks.append(ratio >= goal)
    if metric == "clones":
        checks.append(after >= 100_000)
    if not checks:
        return ""
    wanted = f">= {goal:g}x" if goal is not None else ""
    if metric == "clones":
        wanted = " and ".join(w for w in (wanted, ">= 100,000/s") if w)
    return f"{'met' if all(checks) else 'MISSED'} ({wanted})"


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--baseline", type=Path, help="the other tree's src/ (073be78's)")
    parser.add_argument("--repeats", type=int, default=3, help="children per tree and figure")
    parser.add_argument("--scale", type=float, default=1, help="work per child")
    parser.add_argument("--only", default="", help="comma-separated games: " + ", ".join(GAMES))
    parser.add_argument("--metrics", default=",".join(METRICS), help="comma-separated metrics")
    parser.add_argument("--data", type=Path, help="the $BALLROOM_DATA both trees read")
    parser.add_argument("--instructions", action="store_true", help="count with callgrind")
    parser.add_argument("--same-moves", action="store_true", help="compare the bots' moves")
    parser.add_argument("--no-adapters", action="store_true", help="skip the adapters' rows")
    parser.add_argument("--child", help=argparse.SUPPRESS)
    parser.add_argument("--game", help=argparse.SUPPRESS)
    parser.add_argument("--src", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.child:
        child(args.child, args.game, args.src, args.scale)
        return
    args.baseline = checkout_src(parser, "--baseline", args.baseline, "073be78")
    names = args.only.split(",") if args.only else list(GAMES)
    metrics = args.metrics.split(",")
    unknown = sorted(set(names) - set(GAMES)) + sorted(set(metrics) - set(METRICS))
    if unknown:
        parser.error(f"unknown {', '.join(unknown)}; games: {', '.join(GAMES)}; metrics: {METRICS}")
    trees = {"baseline": args.baseline.resolve(), "this tree": THIS_SRC}
    started = time.perf_counter()
    with tempfile.TemporaryDirectory() as scratch:
        data = data_folder(args.data, trees["baseline"], Path(scratch))
        env = {**os.environ, "BALLROOM_DATA": str(data)}
        print(f"baseline {trees['baseline']}; both trees read the data in {data}")
        print(f"load average at the start: {os.getloadavg()[0]:.2f} on {os.cpu_count()} cores")
        if args.same_moves:
            for name in names:
                found = [
                    run_child(src, "same-moves", name, args.scale, env) for src in trees.values()
                ]
                print(f"{name:<18}{'same moves' if found[0] == found[1] else 'DIFFERENT moves'}")
            return
        if args.instructions:
            print(f"{'game':<18}{'metric':<14}{'baseline':>12}{'this tree':>12}{'ratio':>8}")
            for name in names:
                for metric in metrics:
                    counts = [
                        instructions(src, metric, name, 2 * args.scale, env)
                        - instructions(src, metric, name, args.scale, env)
                        for src in trees.values()
                    ]
                    print(
                        f"{name:<18}{metric:<14}{counts[0] / 1e6:>11,.0f}M{counts[1] / 1e6:>11,.0f}M"
                        f"{counts[0] / counts[1]:>7.2f}x",
                        flush=True,
                    )
            return
        print("per CPU second of each child; mcts: the default bot's moves per second")
        header = f"{'game':<18}{'metric':<14}{'baseline':>12}{'this tree':>12}{'ratio':>8}"
        print(f"{header}   {'spread (base / this)':<22}target")
        for name in names:
            for metric in metrics:
                rates: dict[str, list[float]] = {tree: [] for tree in trees}
                for repeat in range(args.repeats):
                    order = list(trees.items())
                    for tree, src in order if repeat % 2 == 0 else order[::-1]:
                        rates[tree].append(run_child(src, metric, name, args.scale, env))
                before, after = (statistics.median(rates[tree]) for tree in trees)
                ratio = after / before
                spreads = f"{spread(rates['baseline'])} / {spread(rates['this tree'])}"
                print(
                    f"{name:<18}{metric:<14}{before:>12,.1f}{after:>12,.1f}{ratio:>7.2f}x   "
                    f"{spreads:<22}{verdict(name, metric, ratio, after)}",
                    flush=True,
                )
            if not args.no_adapters:
                shares = run_child(THIS_SRC, "adapters", name, args.scale, env)
                for label, share in shares.items():
                    goal = ADAPTER_TARGETS[label]
                    mark = "met" if share >= goal else "MISSED"
                    print(
                        f"{name:<18}{label:<27}{share:>7.2f}x of the engine   {mark} (>= {goal}x)"
                    )
    print(f"({time.perf_counter() - started:.0f} s)")


if __name__ == "__main__":
    main()
