"""IS-MCTS search speed: iterations per second on one core, side by side.

For each game and bot setting, the bot searches the same positions (the
first decisions of seat 0 in a seeded game played by the game's own bot)
and the total iterations (rollouts, for ``search=halving``) are divided by
the total time.

    .venv/bin/python benchmarks/bench_mcts.py [--iterations 400] [--positions 6] [--openspiel]

``--openspiel`` adds OpenSpiel's own MCTSBot (random rollouts to the end,
searching the true state, as it has no determinization) on Dancing Dice
through the OpenSpiel adapter, next to ours with random rollouts.
"""

from __future__ import annotations

import argparse
import time

import ballroom
from ballroom.agents import make_agent
from ballroom.agents.mcts import ISMCTSAgent
from ballroom.core.play import decision_for, step
from ballroom.core.state import State

CASES = [
    ("dancing-dice", 2, "expert", "horizon=1", 1),
    ("dancing-dice", 2, "expert", "horizon=0,rollout=expert,search=halving,below=rollout", 1),
    ("dancing-dice", 4, "expert", "horizon=1", 1),
    ("dancing-dice", 4, "expert", "horizon=2", 1),
    ("dancing-dice", 4, "expert", "horizon=1,rollout=random", 1),
    ("dancing-dice", 4, "expert", "horizon=100,rollout=random,prior=none", 10),
    ("the-dance", 4, "heuristic", "horizon=2", 1),
    ("the-dance", 4, "heuristic", "horizon=1", 1),
    ("the-dance", 4, "heuristic", "horizon=2,prior=heuristic", 1),
    ("the-dance", 4, "heuristic", "horizon=2,rollout=heuristic", 4),
    ("the-dance", 2, "heuristic", "horizon=2,rollout=heuristic,margin=0.1", 2),
    ("the-dance", 2, "heuristic", "horizon=2,rollout=heuristic,search=halving,below=rollout", 2),
    ("the-dance", 2, "heuristic", "horizon=2,rollout=heuristic,search=halving,below=tree", 2),
]
"""(game, players, bot that reaches the positions, mcts settings, budget divisor for slow ones)"""


def positions(game: str, players: int, bot: str, count: int) -> list[State]:
    """Seat 0's first ``count`` real choices in a game played by ``bot``."""
    state = ballroom.make(game, players=players, seed=17)
    agents = [make_agent(state.game, p, bot, 17) for p in range(players)]
    found: list[State] = []
    while len(found) < count and not state.is_terminal():
        if 0 in state.current_players() and len(state.legal_actions(0)) > 1:
            found.append(state.clone())
            state.apply(agents[0].act(decision_for(state, 0)), 0)
        else:
            step(state, agents)
    return found


def rate(states: list[State], spec: str) -> float:
    iterations = 0
    seconds = 0.0
    for index, state in enumerate(states):
        agent = make_agent(state.game, 0, spec, index)
        assert isinstance(agent, ISMCTSAgent)
        started = time.perf_counter()
        agent.act(decision_for(state, 0))
        seconds += time.perf_counter() - started
        iterations += agent.last_iterations
    return iterations / seconds


def openspiel_rate(players: int, simulations: int, positions: int) -> float:
    """Simulations per second of OpenSpiel's MCTSBot at Dancing Dice's first decisions."""
    import numpy as np
    import pyspiel
    from open_spiel.python.algorithms import mcts

    import ballroom.interop.openspiel  # noqa: F401  (registers the games)

    game = pyspiel.load_game("python_ballroom_dancing_dice", {"players": players})
    rng = np.random.RandomState(1)
    bot = mcts.MCTSBot(
        game, 1.4, simulations, mcts.RandomRolloutEvaluator(1, rng), random_state=rng
    )
    seconds = 0.0
    for index in range(positions):
        state = game.new_initial_state()
        while state.is_chance_node():
            state.apply_action(int(rng.randint(6)) if index else 2)
        started = time.perf_counter()
        bot.step(state)
        seconds += time.perf_counter() - started
    return simulations * positions / seconds


def label(state: State, extra: str) -> str:
    """The settings given, then the search they run once the game's defaults fill in the
    rest (a bare ``horizon=2`` searches by halving with heuristic rollouts in The Dance)."""
    # Imported here: ``bench_trees`` runs ``positions`` and ``rate`` against older trees
    # (issue 16's baseline, 9d2bfa1), which lack it.
    from ballroom.agents import resolve_seat

    _, values = resolve_seat(state.game, f"mcts:{extra}")
    filled = ",".join(f"{name}={values[name]}" for name in ("search", "rollout", "below", "prior"))
    return f"{extra} [{filled}]"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--iterations", type=int, default=400)
    parser.add_argument("--positions", type=int, default=6)
    parser.add_argument("--openspiel", action="store_true", help="also time OpenSpiel's MCTSBot")
    args = parser.parse_args()
    print(
        f"{'game':<14}{'players':>8}  {'mcts settings (and what the game fills in)':<86}"
        f"{'iterations/s':>13}"
    )
    for game, players, bot, extra, divisor in CASES:
        states = positions(game, players, bot, args.positions)
        spec = f"mcts:iterations={max(10, args.iterations // divisor)},{extra}"
        rate(states[:1], f"mcts:iterations=20,{extra}")  # warm caches and tables
        print(f"{game:<14}{players:>8}  {label(states[0], extra):<86}{rate(states, spec):>13.0f}")
    if args.openspiel:
        openspiel = "OpenSpiel MCTSBot, random rollouts"
        sims = max(20, args.iterations // 10)
        print(f"{'dancing-dice':<14}{4:>8}  {openspiel:<86}{openspiel_rate(4, sims, 3):>13.0f}")


if __name__ == "__main__":
    main()
