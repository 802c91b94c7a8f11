"""A game's random-play throughput on one core, side by side in one run, as ratios.

Random games played three ways, the same seeds and the same moves each way:

1. ``play_out`` with random seats (legal moves listed, chance sampled,
   actions applied with ``advance``): games and actions per second;
2. the recorded actions again with ``advance``: no event made, no
   observation built (the yardstick of the ratios);
3. ``apply`` for every action, each event's sentence read (what a log pays);
4. as 3, and every seat's observation built after every action (what a
   server or an observing bot pays).

The ratios show what a random game pays only when something reads it.

    .venv/bin/python benchmarks/bench_random_play.py vampires-harvest [--games 200] [--quick]
    .venv/bin/python benchmarks/bench_random_play.py dark-tales --quick
"""

from __future__ import annotations

import argparse
import statistics
import time

from ballroom.agents import RandomAgent
from ballroom.core.game import get_game
from ballroom.core.play import play_out
from ballroom.core.rng import Rng

RUNS = 3


def simulated(
    game_id: str, players: int, games: int
) -> tuple[float, int, list[list[tuple[int, int]]]]:
    """Seconds for ``games`` random games with ``play_out``, their actions, their histories."""
    game = get_game(game_id)(players)
    histories = []
    started = time.perf_counter()
    for seed in range(games):
        agents = [RandomAgent(Rng(seed * 31 + seat)) for seat in range(players)]
        state = play_out(game.new_state(seed), agents)
        histories.append(state.history)
    seconds = time.perf_counter() - started
    return seconds, sum(map(len, histories)), histories


def replayed(
    game_id: str, players: int, histories: list[list[tuple[int, int]]], reading: str
) -> float:
    """Seconds to apply the same games action by action: ``advance`` (``reading`` is
    "nothing"), or ``apply`` reading every event's sentence ("events"), and building
    every seat's observation after each action ("observations")."""
    game = get_game(game_id)(players)
    started = time.perf_counter()
    for seed, history in enumerate(histories):
        state = game.new_state(seed)
        for player, action in history:
            if reading == "nothing":
                state.advance(action, player)
                continue
            for event in state.apply(action, player, trusted=True):
                _ = event.text
            if reading == "observations":
                for seat in range(players):
                    state.observation(seat)
        assert state.is_terminal()
    return time.perf_counter() - started


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("game", help="a game id, e.g. vampires-harvest")
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--quick", action="store_true", help="20 games, one run")
    args = parser.parse_args()
    games, runs = (20, 1) if args.quick else (args.games, RUNS)
    game_class = get_game(args.game)
    print(
        f"{game_class.name}: {games} random games per player count, medians of {runs} runs, one core"
    )
    header = f"{'players':<9}{'actions/game':>13}{'games/s':>10}{'actions/s':>11}"
    print(header + f"{'advance':>10}{'events read':>13}{'+ observations':>16}")
    for players in range(game_class.min_players, game_class.max_players + 1):
        played, times = [], {"nothing": [], "events": [], "observations": []}
        actions = 0
        for _ in range(runs):
            seconds, actions, histories = simulated(args.game, players, games)
            played.append(seconds)
            for reading, found in times.items():
                found.append(replayed(args.game, players, histories, reading))
        rate = games / statistics.median(played)
        base, logged, observed = (statistics.median(t) for t in times.values())
        print(
            f"{players:<9}{actions / games:>13.0f}{rate:>10.1f}{rate * actions / games:>11.0f}"
            f"{1.0:>9.1f}x{logged / base:>12.1f}x{observed / base:>15.1f}x"
        )


if __name__ == "__main__":
    main()
