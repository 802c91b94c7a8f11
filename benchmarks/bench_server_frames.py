"""The server's own work per move and per new game, this tree against another, side by side.

Measures, in CPU microseconds (the machine's other load stretches wall time):

* broadcast: the views a Dancing Dice table (3 players: two people, the expert,
  one spectator) gets after each action, encoded as the sockets receive them;
* create_game: storing a new game in SQLite, as a burst of new tables does on
  the event loop.

With ``--against SRC`` (another checkout's ``src``) both trees run in
alternating child processes and the table shows each median with the ratio,
so the noise of a shared machine falls on both alike.

    .venv/bin/python benchmarks/bench_server_frames.py --against ../base/src
"""

from __future__ import annotations

import argparse
import json
import os
import random
import statistics
import subprocess
import sys
import tempfile
import time
from datetime import UTC, datetime
from pathlib import Path

from checkout import checkout_src

GAMES = 20
NEW_GAMES = 200


def broadcast_us() -> float:
    """Mean CPU time of one broadcast over ``GAMES`` random games."""
    from ballroom.core.game import make_game
    from ballroom.core.record import GameRecord
    from ballroom.core.state import CHANCE
    from ballroom.server.rooms import Connection, Room
    from ballroom.server.storage import PLAYING, StoredGame, StoredSeat

    game = make_game("dancing-dice", 3, endurance=3)
    rng = random.Random(0)
    spent, count = 0.0, 0
    for seed in range(GAMES):
        state = game.new_state(seed)
        while state.is_chance_node():
            state.apply(state.sample_chance(), CHANCE)
        seats = (
            StoredSeat(0, "human", "a"),
            StoredSeat(1, "human", "b"),
            StoredSeat(2, "expert", None),
        )
        stored = StoredGame(
            str(seed), GameRecord.of(state), seats, False, PLAYING, None, None, datetime.now(UTC)
        )
        room = Room(stored, 0.0)
        room.connections = {Connection((0,)), Connection((1,)), Connection(())}
        while not room.state.is_terminal():
            player = next(p for p in room.state.current_players() if p >= 0)
            taken = [room._apply(rng.choice(room.state.legal_actions(player)), player)]
            room._advance_chance(taken)
            started = time.process_time()
            room.broadcast(taken)
            spent += time.process_time() - started
            count += 1
            for conn in room.connections:
                while not conn.outbox.empty():
                    conn.outbox.get_nowait()
    return spent / count * 1e6


def create_game_us() -> float:
    """Mean CPU time of storing one new game (its own transaction) in SQLite."""
    from ballroom.core.game import make_game
    from ballroom.core.record import GameRecord
    from ballroom.core.state import CHANCE
    from ballroom.server import storage

    state = make_game("dancing-dice", 3, endurance=3).new_state(1)
    while state.is_chance_node():
        state.apply(state.sample_chance(), CHANCE)
    record = GameRecord.of(state)
    seats = [("human", "x"), ("human", None), ("expert", None)]
    with tempfile.TemporaryDirectory() as folder:
        engine = storage.make_engine(storage.default_sqlite_url(folder))
        storage.migrate(engine)
        with engine.connect() as connection:
            started = time.process_time()
            for number in range(NEW_GAMES):
                with connection.begin():
                    storage.create_game(connection, f"g{number}", record, seats, hotseat=False)
            spent = time.process_time() - started
        engine.dispose()
    return spent / NEW_GAMES * 1e6


def measure() -> dict[str, float]:
    broadcast_us()  # warm: imports, the arrangement notes' caches
    return {"broadcast": broadcast_us(), "create_game": create_game_us()}


def run_tree(src: str) -> dict[str, float]:
    env = dict(os.environ, PYTHONPATH=src)
    out = subprocess.run(
        [sys.executable, __file__, "--child"], env=env, check=True, capture_output=True, text=True
    ).stdout
    result: dict[str, float] = json.loads(out)
    return result


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--against", help="another checkout's src folder to compare with")
    parser.add_argument("--rounds", type=int, default=5, help="alternating runs per tree")
    parser.add_argument("--child", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.child:
        print(json.dumps(measure()))
        return
    if args.against:
        args.against = str(checkout_src(parser, "--against", args.against, "COMMIT"))
    here = str(Path(__file__).resolve().parent.parent / "src")
    trees = {"this tree": here} | ({"against": args.against} if args.against else {})
    runs: dict[str, list[dict[str, float]]] = {name: [] for name in trees}
    for _ in range(args.rounds):
        for name, src in trees.items():
            runs[name].append(run_tree(src))
    print(f"CPU us per operation, median of {args.rounds} alternating runs (range)")
    print(
        f"{'':<14}"
        + "".join(f"{name:>24}" for name in trees)
        + ("   ratio" if args.against else "")
    )
    for key in ("broadcast", "create_game"):
        cells, medians = "", []
        for name in trees:
            values = [run[key] for run in runs[name]]
            medians.append(statistics.median(values))
            cells += f"{medians[-1]:>10.0f} ({min(values):.0f}-{max(values):.0f})".rjust(24)
        ratio = f"   x{medians[1] / medians[0]:.2f}" if args.against else ""
        print(f"{key:<14}{cells}{ratio}")
    if args.against:
        print("ratio: against / this tree (above 1: this tree does less work)")


if __name__ == "__main__":
    main()
