"""The RL adapters' overhead, side by side in one run.

1. Decisions per second on the same games (same seeds, same random
   choices, chance drawn from the same seeded source, so every path plays
   identical games): the engine's own stepping, the PettingZoo AEC env
   stepping alone (the mask read from ``infos``, ``last(observe=False)``) and
   with each observation encoded (``last()``, then ``step``), the PettingZoo
   Parallel env (one ``step`` for all acting seats, every seat observed), the
   OpenSpiel game (bare ``apply_action``, then also with
   ``observation_tensor`` at each decision, as an RL loop would ask).
   Chance steps happen on every path; only decisions are counted. A game
   with a turn cap for automated play (The Dance) is cut off there on every
   path, as the adapters do by default.
2. Search iterations per second on one position, like for like: the same
   iteration count, UCB constant 2, and one uniformly random rollout to the
   end of the game per iteration on both sides. OpenSpiel's ``MCTSBot``
   searches the true state; our IS-MCTS (``search=tree``) samples a
   determinization of the seat's observation per iteration, which is the
   difference measured. Our evaluation cut-off is turned off for this, since
   a rollout cut after one round costs a fraction of one played to the end.

``--instructions`` counts instead of timing (valgrind's callgrind; a count does not
move with the machine's load): the engine, the AEC step and OpenSpiel's ``apply_action``,
each in a child under callgrind whose counting is switched on (``callgrind_control``) only
around its games, once with none and once with the games, the difference per decision.

    .venv/bin/python benchmarks/bench_interop.py [--game dancing-dice] [--players 2] [--quick]
        [--rounds 3] [--no-search] [--instructions]
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import time
from collections.abc import Callable
from typing import Any

import numpy as np
import pyspiel
from open_spiel.python.algorithms import mcts

from ballroom.agents.mcts import ISMCTSAgent, SearchSettings
from ballroom.core.game import Game, make_game
from ballroom.core.play import decision_for, past_cap
from ballroom.core.rng import Rng, derive_seed
from ballroom.core.state import CHANCE
from ballroom.interop.openspiel import openspiel_name
from ballroom.interop.pettingzoo import env, parallel_env


def engine_games(game: Game, seeds: range) -> int:
    decisions = 0
    for seed in seeds:
        state = game.new_state(derive_seed(seed, 0))
        chooser = Rng(seed)
        while not state.is_terminal() and not past_cap(state, game.turn_cap):
            actor = state.current_players()[0]
            if actor == CHANCE:
                state.apply(state.sample_chance(), CHANCE, trusted=True)
            else:
                state.apply(chooser.choice(state.legal_actions(actor)), actor)
                decisions += 1
    return decisions


def legal_ids(mask: np.ndarray[Any, Any]) -> list[int]:
    """The ids an action mask marks, as a learner lists them: read as booleans by the
    array's own ``nonzero``. Numpy tests an ``int8`` array's entries one by one, and its
    ``flatnonzero`` function costs a fixed while more per fresh array; either would cost
    more than the adapter's step (in a game of thousands of ids, or of quick steps)."""
    return mask.view(np.bool_).nonzero()[0].tolist()  # type: ignore[no-any-return]


def pettingzoo_games(game: Game, seeds: range) -> int:
    environment = env(game.id, players=game.players, **game.options)
    decisions = 0
    for seed in seeds:
        environment.reset(seed=seed)
        chooser = Rng(seed)
        for _ in environment.agent_iter():
            observation, _, terminated, truncated, _ = environment.last()
            if terminated or truncated:
                environment.step(None)
                continue
            legal = legal_ids(observation["action_mask"])
            environment.step(chooser.choice(legal))
            decisions += 1
    return decisions


def pettingzoo_step_games(game: Game, seeds: range) -> int:
    """The AEC loop of a learner that reads its mask from ``infos`` and encodes no observation
    (``last(observe=False)``): the adapter's own stepping."""
    environment = env(game.id, players=game.players, **game.options)
    decisions = 0
    for seed in seeds:
        environment.reset(seed=seed)
        chooser = Rng(seed)
        for _ in environment.agent_iter():
            _, _, terminated, truncated, info = environment.last(observe=False)
            if terminated or truncated:
                environment.step(None)
                continue
            legal = legal_ids(info["action_mask"])
            environment.step(chooser.choice(legal))
            decisions += 1
    return decisions


def pettingzoo_parallel_games(game: Game, seeds: range) -> int:
    """Acting seats choose lowest first from one chooser, so the games match the engine's."""
    environment = parallel_env(game.id, players=game.players, **game.options)
    decisions = 0
    for seed in seeds:
        observations, _ = environment.reset(seed=seed)
        chooser = Rng(seed)
        while environment.agents:
            actions = {}
            for agent, seen in observations.items():
                legal = legal_ids(seen["action_mask"])
                if legal != [environment.noop]:
                    actions[agent] = chooser.choice(legal)
            decisions += len(actions)
            observations, *_ = environment.step(actions)
    return decisions


def openspiel_games(game: Game, seeds: range, observe: bool) -> int:
    spiel = pyspiel.load_game(openspiel_name(game.id), {"players": game.players, **_params(game)})
    decisions = 0
    for seed in seeds:
        state = spiel.new_initial_state()
        state.engine.rng = Rng(derive_seed(seed, 0))  # the engine path's chance source
        chooser = Rng(seed)
        while not state.is_terminal():
            if state.is_chance_node():
                state.apply_action(state.engine.sample_chance())
            else:
                if observe:
                    state.observation_tensor(state.current_player())
                state.apply_action(chooser.choice(state.legal_actions()))
                decisions += 1
    return decisions


def _params(game: Game) -> dict[str, Any]:
    return {name.replace("-", "_"): value for name, value in game.options.items()}


def rate(run: Callable[[], int]) -> tuple[float, int]:
    """Decisions per second of this process's CPU time (steadier than the clock on a
    shared machine)."""
    started = time.process_time()
    decisions = run()
    return decisions / (time.process_time() - started), decisions


def best_rates(paths: dict[str, Callable[[], int]], rounds: int) -> dict[str, tuple[float, int]]:
    """Each path's best rate over ``rounds`` rounds, the paths taking turns in every round."""
    best: dict[str, tuple[float, int]] = {}
    for _ in range(rounds):
        for label, run in paths.items():
            measured = rate(run)
            if label not in best or measured[0] > best[label][0]:
                best[label] = measured
    return best


UCT_C = 2.0
OPENSPIEL = "OpenSpiel MCTSBot: true state, UCT, random rollout to the end"
BALLROOM = "ballroom IS-MCTS: a determinization each, UCB1, random rollout to the end"


def search_rates(game: Game, iterations: int, seed: int) -> dict[str, float]:
    """Iterations per second of each search from the first decision of game ``seed``."""
    state = game.new_state(seed)
    while state.is_chance_node():
        state.apply(state.sample_chance(), CHANCE)
    seat = state.current_players()[0]
    spiel = pyspiel.load_game(openspiel_name(game.id), {"players": game.players, **_params(game)})
    position = spiel.new_initial_state()
    for _, action in state.history:
        position.apply_action(action)
    assert position.current_player() == seat
    rates: dict[str, float] = {}
    random_state = np.random.RandomState(seed)
    bot = mcts.MCTSBot(
        spiel,
        UCT_C,
        iterations,
        mcts.RandomRolloutEvaluator(1, random_state),
        random_state=random_state,
    )
    started = time.perf_counter()
    bot.mcts_search(position)
    rates[OPENSPIEL] = iterations / (time.perf_counter() - started)
    settings = SearchSettings(iterations=iterations, exploration=UCT_C, rollout="random")
    agent = ISMCTSAgent(game, seat, Rng(seed), settings)
    agent.evaluate = None  # rollouts to the end, as MCTSBot's
    started = time.perf_counter()
    agent.act(decision_for(state, seat))
    rates[BALLROOM] = agent.last_iterations / (time.perf_counter() - started)
    return rates


COUNTED: dict[str, Callable[[Game, range], int]] = {
    "engine": engine_games,
    "PettingZoo AEC (step, mask in infos)": pettingzoo_step_games,
    "OpenSpiel (apply_action)": lambda game, seeds: openspiel_games(game, seeds, observe=False),
}
"""The paths ``--instructions`` counts: the issue's targets."""


def counted_child(game: Game, path: str, games: int) -> None:
    """Play ``games`` games of ``path`` with callgrind counting only them (after a game
    that warms the caches up), and print the decisions."""
    run = COUNTED[path]
    run(game, range(1000, 1001))
    switch = ["callgrind_control", "--instr"]
    subprocess.run([*switch, "on", str(os.getpid())], check=True, capture_output=True)
    decisions = run(game, range(games))
    subprocess.run([*switch, "off", str(os.getpid())], check=True, capture_output=True)
    print(decisions)


def instructions(argv: list[str], path: str, games: int) -> tuple[int, int]:
    """Instructions and decisions of ``games`` games of ``path`` in a child."""
    child = [*argv, "--child", path, "--games", str(games)]
    command = [
        "valgrind",
        "--tool=callgrind",
        "--instr-atstart=no",
        "--callgrind-out-file=/dev/null",
    ]
    done = subprocess.run(
        [*command, sys.executable, __file__, *child], capture_output=True, text=True, check=True
    )
    refs = next(line for line in done.stderr.splitlines() if "refs:" in line)
    return int(refs.rsplit(None, 1)[-1].replace(",", "")), int(done.stdout.split()[-1])


def count_paths(argv: list[str], games: int) -> None:
    """Each counted path's instructions per decision, and the engine's share of it."""
    per_decision = {}
    for path in COUNTED:
        start_up, _ = instructions(argv, path, 0)
        counted, decisions = instructions(argv, path, games)
        per_decision[path] = (counted - start_up) / decisions
        print(
            f"  {path:<38} {per_decision[path]:>10,.0f} instructions a decision   "
            f"x{per_decision['engine'] / per_decision[path]:.2f} of the engine",
            flush=True,
        )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", default="dancing-dice")
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--option", action="append", default=[], help="NAME=VALUE rule option")
    parser.add_argument("--quick", action="store_true", help="fewer games, rougher figures")
    parser.add_argument("--rounds", type=int, default=3, help="rounds; the best of each is kept")
    parser.add_argument("--no-search", action="store_true", help="skip the search comparison")
    parser.add_argument("--instructions", action="store_true", help="count with callgrind")
    parser.add_argument("--child", choices=list(COUNTED), help=argparse.SUPPRESS)
    parser.add_argument("--games", type=int, help=argparse.SUPPRESS)
    args = parser.parse_args()
    options = dict(pair.split("=", 1) for pair in args.option)
    game = make_game(args.game, args.players, **options)
    if args.child:
        counted_child(game, args.child, args.games)
        return
    seeds = range(20 if args.quick else 100)
    if args.instructions:
        games = 2 if args.quick else 10
        print(f"{game!r}: {games} games per path, counted by callgrind")
        argv = ["--game", args.game, "--players", str(args.players)]
        count_paths([*argv, *(f"--option={pair}" for pair in args.option)], games)
        return
    print(
        f"{game!r}: {len(seeds)} games per path, decisions per CPU second, "
        f"best of {args.rounds} alternating rounds"
    )
    paths = {
        "engine": lambda: engine_games(game, seeds),
        "PettingZoo AEC (step, mask in infos)": lambda: pettingzoo_step_games(game, seeds),
        "PettingZoo AEC (last + step)": lambda: pettingzoo_games(game, seeds),
        "PettingZoo Parallel (step)": lambda: pettingzoo_parallel_games(game, seeds),
        "OpenSpiel (apply_action)": lambda: openspiel_games(game, seeds, observe=False),
        "OpenSpiel (+ observation_tensor)": lambda: openspiel_games(game, seeds, observe=True),
    }
    results = best_rates(paths, args.rounds)
    base, base_decisions = results["engine"]
    for label, (per_second, decisions) in results.items():
        assert decisions == base_decisions, f"{label} played different games"
        print(f"  {label:<34} {per_second:>10,.0f}/s   x{per_second / base:.2f} of the engine")
    if args.no_search:
        return
    iterations = 200 if args.quick else 1000
    print(
        f"search from the first decision, {iterations} iterations each, c={UCT_C}, "
        "iterations per second"
    )
    searches = search_rates(game, iterations, seed=1)
    reference = searches[OPENSPIEL]
    for label, per_second in searches.items():
        print(f"  {label:<74} {per_second:>8,.0f}/s   x{per_second / reference:.2f} of MCTSBot")


if __name__ == "__main__":
    main()
