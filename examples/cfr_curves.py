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

Run (needs the ``rl`` extra and matplotlib; about ten minutes on one shared core)::

    python examples/cfr_curves.py --iterations 100 --out docs/figures
"""

from __future__ import annotations

import argparse
import json
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
from ballroom.interop.openspiel import register_game

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
    arguments = parser.parse_args()
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
