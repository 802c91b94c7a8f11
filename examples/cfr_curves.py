"""CFR on the card games' research variants: tree sizes and exploitability curves.

Each card game has a research variant (``games/<game>/research.py``): two
players, a few cards and turns, every deal a chance node; not the rulebook's
game. This script registers each with OpenSpiel through ballroom's adapter
(``zero_sum=true``), counts its tree (histories, terminal histories, the
information states of each player), runs OpenSpiel's tabular CFR
(``open_spiel.python.algorithms.cfr.CFRSolver``) and measures the average
policy's exploitability (``exploitability.exploitability``: NashConv / 2) at
log-spaced iterations, then plots one figure per game and prints the table
``docs/research-variants.md`` quotes.

``--rulebook-walks N`` first prints, for comparison, Knuth's estimate of each
rulebook game's tree cut off after one turn.

Run (needs the ``rl`` extra and matplotlib; about half an hour on the shared
two-core machine, most of it CFR's Python tree walks)::

    python examples/cfr_curves.py --iterations 100 --out docs/figures > docs/figures/cfr-curves.jsonl
"""

from __future__ import annotations

import argparse
import json
import math
import random
import statistics
import time
from collections.abc import Iterator
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any

import pyspiel  # type: ignore[import-not-found]
from open_spiel.python.algorithms import cfr, exploitability  # type: ignore[import-untyped]

from ballroom.core.game import Game
from ballroom.games.dark_tales.research import DarkTalesResearch
from ballroom.games.dominare.research import DominareResearch
from ballroom.games.vampires_harvest.research import HarvestResearch
from ballroom.interop.openspiel import openspiel_name, register_game

VARIANTS: dict[str, type[Game]] = {
    "vampires-harvest": HarvestResearch,
    "dominare": DominareResearch,
    "dark-tales": DarkTalesResearch,
}
"""Each card game's research variant, by the rulebook game's id."""


@dataclass(frozen=True, slots=True)
class Tree:
    """The size of a game's tree, as OpenSpiel walks it."""

    histories: int
    terminals: int
    chance_nodes: int
    decision_nodes: int
    information_states: tuple[int, ...]
    """Per player: the distinct information-state strings where it decides."""


@dataclass(frozen=True, slots=True)
class Point:
    iteration: int
    exploitability: float
    seconds: float
    """Wall time since CFR began, exploitability measurements included."""


def load(game_id: str, **params: Any) -> Any:
    """The research variant of ``game_id`` as a zero-sum OpenSpiel game."""
    name = register_game(VARIANTS[game_id])
    return pyspiel.load_game(name, {"players": 2, "zero_sum": True, **params})


def count_tree(game: Any) -> Tree:
    """Walk every history (raises ``RecursionError`` on a tree far too deep to be finite)."""
    counts = {"histories": 0, "terminals": 0, "chance": 0, "decisions": 0}
    infos: list[set[str]] = [set() for _ in range(game.num_players())]

    def walk(state: Any) -> None:
        counts["histories"] += 1
        if state.is_terminal():
            counts["terminals"] += 1
            return
        if state.is_chance_node():
            counts["chance"] += 1
            actions = [action for action, _ in state.chance_outcomes()]
        else:
            counts["decisions"] += 1
            player = state.current_player()
            infos[player].add(state.information_state_string(player))
            actions = state.legal_actions()
        for action in actions:
            walk(state.child(action))

    walk(game.new_initial_state())
    return Tree(
        counts["histories"],
        counts["terminals"],
        counts["chance"],
        counts["decisions"],
        tuple(len(seen) for seen in infos),
    )


def checkpoints(iterations: int) -> list[int]:
    """0, then 1, 2, 5, 10, 20, 50... up to ``iterations`` (always included)."""
    marks = {0, iterations}
    scale = 1
    while scale <= iterations:
        marks |= {m * scale for m in (1, 2, 5) if m * scale <= iterations}
        scale *= 10
    return sorted(marks)


def cfr_curve(game: Any, iterations: int) -> Iterator[Point]:
    """The average policy's exploitability after each checkpoint's CFR iterations
    (iteration 0: the uniform policy CFR starts from)."""
    solver = cfr.CFRSolver(game)
    start = time.perf_counter()
    done = 0
    for mark in checkpoints(iterations):
        while done < mark:
            solver.evaluate_and_update_policy()
            done += 1
        gap = exploitability.exploitability(game, solver.average_policy())
        yield Point(mark, float(gap), time.perf_counter() - start)


def estimated_leaves(game: Any, walks: int, rng: random.Random) -> float:
    """log10 of Knuth's estimate of a tree's terminal histories: the mean, over uniformly
    random walks, of the product of the branching factors met (chance's and the players'
    alike). Unbiased, but of high variance on trees this uneven: an order of magnitude."""
    logs = []
    for _ in range(walks):
        state, log = game.new_initial_state(), 0.0
        while not state.is_terminal():
            if state.is_chance_node():
                actions = [action for action, _ in state.chance_outcomes()]
            else:
                actions = state.legal_actions()
            log += math.log10(len(actions))
            state.apply_action(rng.choice(actions))
        logs.append(log)
    top = max(logs)
    return top + math.log10(statistics.mean(10 ** (log - top) for log in logs))


def rulebook_estimates(walks: int) -> dict[str, float]:
    """For each card game's rulebook game, two players, cut off after one turn by the
    adapter's ``max_turns``: log10 of its estimated terminal histories."""
    import ballroom.interop.openspiel  # noqa: F401  (registers the rulebook games)

    rng = random.Random(0)
    return {
        game_id: estimated_leaves(
            pyspiel.load_game(openspiel_name(game_id), {"players": 2, "max_turns": 1}),
            walks,
            rng,
        )
        for game_id in VARIANTS
    }


def plot(game_id: str, points: list[Point], tree: Tree, out: Path) -> Path:
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    figure, axes = plt.subplots(figsize=(6, 4))
    shown = [p for p in points if p.iteration > 0]
    axes.loglog(
        [p.iteration for p in shown], [max(p.exploitability, 1e-9) for p in shown], marker="o"
    )
    axes.axhline(points[0].exploitability, linestyle=":", color="grey", label="uniform policy")
    axes.set_xlabel("CFR iterations")
    axes.set_ylabel("exploitability (NashConv / 2)")
    title = VARIANTS[game_id].name
    infos = " + ".join(f"{n:,}" for n in tree.information_states)
    axes.set_title(f"{title}\n{tree.histories:,} histories, {infos} information states", fontsize=9)
    axes.legend()
    axes.grid(True, which="both", alpha=0.3)
    figure.tight_layout()
    path = out / f"cfr-{game_id}.png"
    figure.savefig(path, dpi=100)
    plt.close(figure)
    return path


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--iterations", type=int, default=100)
    parser.add_argument("--out", type=Path, default=Path("docs/figures"))
    parser.add_argument("--games", nargs="*", default=list(VARIANTS), choices=list(VARIANTS))
    parser.add_argument(
        "--rulebook-walks",
        type=int,
        default=0,
        help="first estimate the rulebook games' trees at one turn from this many random walks",
    )
    arguments = parser.parse_args()
    if arguments.rulebook_walks:
        estimates = rulebook_estimates(arguments.rulebook_walks)
        print(json.dumps({"rulebook_log10_terminal_histories_one_turn": estimates}), flush=True)
    arguments.out.mkdir(parents=True, exist_ok=True)
    for game_id in arguments.games:
        game = load(game_id)
        tree = count_tree(game)
        points = list(cfr_curve(game, arguments.iterations))
        path = plot(game_id, points, tree, arguments.out)
        report = {"game": game_id, "tree": asdict(tree), "figure": str(path)}
        report["curve"] = [asdict(p) for p in points]
        print(json.dumps(report), flush=True)


if __name__ == "__main__":
    main()
