"""What a state's ``clone`` costs beside a plain ``copy.deepcopy`` of it, as a ratio.

Search and the adapters clone at every node (OpenSpiel's checks clone and
replay every prefix of a game), so a game whose fields are values may clone by
sharing them. States are taken from one random game per player count, every
tenth action, and each is copied both ways, the same states each way.

    .venv/bin/python benchmarks/bench_clone.py dominare
"""

from __future__ import annotations

import argparse
import copy
import time

from ballroom.agents import RandomAgent
from ballroom.core.game import get_game
from ballroom.core.play import play_out
from ballroom.core.rng import Rng
from ballroom.core.state import State

EVERY = 10
COPIES = 20


def states(game_id: str, players: int) -> list[State]:
    """Every tenth state of one random game (replayed from its record)."""
    game = get_game(game_id)(players)
    agents = [RandomAgent(Rng(seat)) for seat in range(players)]
    history = play_out(game.new_state(1), agents).history
    state, found = game.new_state(1), []
    for index, (player, action) in enumerate(history):
        if index % EVERY == 0:
            found.append(state.clone())
        state.apply(action, player)
    return found


def seconds(copier: str, found: list[State]) -> float:
    started = time.perf_counter()
    for state in found:
        for _ in range(COPIES):
            if copier == "clone":
                state.clone()
            else:
                copy.deepcopy(state)
    return time.perf_counter() - started


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("game")
    args = parser.parse_args()
    game_class = get_game(args.game)
    print(f"{game_class.name}: {COPIES} copies of every {EVERY}th state of a random game")
    print(f"{'players':<9}{'states':>7}{'deepcopy ms':>13}{'clone':>8}")
    for players in range(game_class.min_players, game_class.max_players + 1):
        found = states(args.game, players)
        deep, cloned = seconds("deepcopy", found), seconds("clone", found)
        each = deep / (len(found) * COPIES) * 1000
        print(f"{players:<9}{len(found):>7}{each:>13.3f}{cloned / deep:>7.3f}x")


if __name__ == "__main__":
    main()
