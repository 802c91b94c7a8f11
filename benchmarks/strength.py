"""A bot's strength in a game: one bot against the others, with a Wilson interval.

Each game seats one ``--bot`` among ``--against`` seats (the heuristic among
random seats by default), its seat rotating; a shared win counts as its share. A
game cut off at the game's turn cap (unfinished, no winner) is left out of the
rate and counted apart.

    .venv/bin/python benchmarks/strength.py vampires-harvest [--games 1000] [--players 2]
    .venv/bin/python benchmarks/strength.py dark-tales --bot mcts --against heuristic --games 20
    .venv/bin/python benchmarks/strength.py vampires-harvest --bot mcts --against heuristic \
        --games 20 --first 20   # a second shard, games 20-39
    .venv/bin/python benchmarks/strength.py dark-tales --bot mcts --against heuristic \
        --games 100 --duplicate   # each deal played once from every seat
    .venv/bin/python benchmarks/strength.py dark-tales --option expansion=cinderella

``--duplicate`` plays each deal (the game's seed) once with the bot in every seat,
as duplicate bridge does, so the luck of the deal falls on both bots alike. Games of one
deal are then not independent; their results pull apart (a deal that favours a seat
gives each bot one win), so the Wilson interval, which assumes independent games, is
wider than the truth: conservative.
"""

from __future__ import annotations

import argparse
import math
import time

from ballroom.agents import make_agent
from ballroom.core.game import get_game
from ballroom.core.play import play_out

Z = 1.96
"""The normal quantile of a 95% interval."""


def wilson(wins: float, games: int) -> tuple[float, float]:
    """The Wilson score interval of a win rate."""
    p = wins / games
    centre = (p + Z * Z / (2 * games)) / (1 + Z * Z / games)
    half = Z * math.sqrt(p * (1 - p) / games + Z * Z / (4 * games * games)) / (1 + Z * Z / games)
    return centre - half, centre + half


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("game", help="a game id, e.g. vampires-harvest")
    parser.add_argument("--games", type=int, default=1000)
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--bot", default="heuristic", help="the seat spec measured")
    parser.add_argument("--against", default="random", help="the seat spec of the others")
    parser.add_argument(
        "--option", action="append", default=[], help="a rule option, name=value (repeatable)"
    )
    parser.add_argument(
        "--first", type=int, default=0, help="the first game's number (shards run in parallel)"
    )
    parser.add_argument(
        "--duplicate",
        action="store_true",
        help="deal each seed once per seat (games n and n+1 of two players share a deal)",
    )
    parser.add_argument("--verbose", action="store_true", help="a line per game as it ends")
    args = parser.parse_args()
    players, games = args.players, args.games
    game_class = get_game(args.game)
    options = game_class.option_set.parse_pairs(args.option)
    wins = 0.0
    cut_off = 0
    for number in range(args.first, args.first + games):
        game = game_class(players, **options)
        mine = number % players
        seats = [args.against] * players
        seats[mine] = args.bot
        seed = 10_000 + (number // players if args.duplicate else number)
        started = time.perf_counter()
        agents = [make_agent(game, s, spec, seed * 7 + s) for s, spec in enumerate(seats)]
        state = play_out(game.new_state(seed), agents, max_turns=game.turn_cap)
        if state.is_terminal():
            wins += state.returns()[mine]
        else:
            cut_off += 1
        if args.verbose:
            result = f"{state.returns()[mine]:g}" if state.is_terminal() else "cut off"
            seconds = time.perf_counter() - started
            print(
                f"game {number} (seed {seed}, seat {mine}): {result}, {seconds:.0f} s", flush=True
            )
    ended = games - cut_off
    low, high = wilson(wins, ended) if ended else (0.0, 1.0)
    chosen = "".join(f", {pair}" for pair in args.option)
    print(
        f"{players} players{chosen}, {args.bot} against {args.against}: {wins:g}/{ended} = "
        f"{wins / max(ended, 1):.3f}, "
        f"Wilson 95% [{low:.3f}, {high:.3f}]"
        + (
            f"; {cut_off} game(s) cut off unfinished at the game's turn cap, not counted"
            if cut_off
            else ""
        )
    )


if __name__ == "__main__":
    main()
