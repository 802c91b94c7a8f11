"""Load test of ``ballroom serve`` on loopback: many live games, bots and scripted players.

Each game is Dancing Dice with two scripted players (one WebSocket each,
random legal moves after a think time) and one ``expert`` bot. A finished
game is replaced by a new one, so N games are always in play. Latency is
measured from a client sending its move to the moment *every* client of that
game has received the update (frames carry the ply). The server runs in its
own process; SQLite and a throwaway PostgreSQL cluster are compared side by
side.

    .venv/bin/python benchmarks/load_server.py --games 200 --seconds 20
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import os
import random
import shutil
import socket
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.request
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from websockets.asyncio.client import ClientConnection, connect
from websockets.exceptions import ConnectionClosed


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port: int = sock.getsockname()[1]
        return port


@contextmanager
def server(data_dir: Path, db: str | None) -> Iterator[str]:
    port = free_port()
    command = [
        sys.executable,
        "-c",
        "from ballroom.cli import main; main()",
        "serve",
        "--port",
        str(port),
        "--data-dir",
        str(data_dir),
        "--bot-delay",
        "0",
    ] + (["--db", db] if db else [])
    process = subprocess.Popen(command, stdout=subprocess.DEVNULL)
    base = f"http://127.0.0.1:{port}"
    try:
        for _ in range(600):
            try:
                urllib.request.urlopen(base + "/api/catalog", timeout=1).read()
                break
            except OSError:
                time.sleep(0.05)
        yield base
    finally:
        process.terminate()
        process.wait(10)


@contextmanager
def postgres() -> Iterator[str]:
    """A throwaway PostgreSQL cluster (fsync on, as in production) on a free port."""
    root = Path("/usr/lib/postgresql")
    binaries = sorted(root.glob("*/bin/initdb"), key=lambda p: int(p.parent.parent.name))[-1].parent
    prefix = ["runuser", "-u", "postgres", "--"] if os.geteuid() == 0 else []
    with tempfile.TemporaryDirectory(prefix="ballroom-bench-pg-") as tmp:
        base = Path(tmp)
        os.chmod(base, 0o755)
        if os.geteuid() == 0:
            shutil.chown(base, "postgres")
        data, port = base / "data", free_port()

        def run(*args: str) -> None:
            subprocess.run([*prefix, *args], check=True, capture_output=True)

        run(str(binaries / "initdb"), "-D", str(data), "-A", "trust", "-U", "ballroom")
        options = f"-p {port} -k {base} -c listen_addresses=127.0.0.1 -c max_connections=200"
        run(
            str(binaries / "pg_ctl"),
            "-D",
            str(data),
            "-l",
            str(base / "log"),
            "-w",
            "-o",
            options,
            "start",
        )
        try:
            yield f"postgresql+psycopg://ballroom@127.0.0.1:{port}/postgres"
        finally:
            run(str(binaries / "pg_ctl"), "-D", str(data), "-m", "fast", "stop")


def post(url: str, body: object) -> dict[str, Any]:
    request = urllib.request.Request(
        url,
        data=json.dumps(body).encode(),
        method="POST",
        headers={"content-type": "application/json"},
    )
    with urllib.request.urlopen(request, timeout=30) as response:
        result: dict[str, Any] = json.loads(response.read())
        return result


@dataclass
class Stats:
    latencies: list[float] = field(default_factory=list)
    moves: int = 0
    plies: int = 0
    games_done: int = 0
    errors: int = 0


class Table:
    """One game and its two scripted players."""

    def __init__(self, base: str, stats: Stats, rng: random.Random, think: float, bot: str) -> None:
        self.base, self.stats, self.rng, self.think, self.bot = base, stats, rng, think, bot
        self.pending: dict[int, tuple[list[Any], float]] = {}
        """seat -> (its legal moves when it moved, send time), until its update shows the move."""
        self.applied: list[tuple[int, float]] = []
        """(ply that contains the move, send time), until every client has seen it."""
        self.latest = [-1, -1]
        self.thinking: set[int] = set()
        self.tasks: set[asyncio.Task[None]] = set()

    def observe(self, seat: int, frame: dict[str, Any]) -> None:
        now, ply = time.perf_counter(), frame["ply"]
        self.latest[seat] = max(self.latest[seat], ply)
        if seat in self.pending:
            legal, sent = self.pending[seat]
            # Updates from others' moves still offer the same choices; ours changes them.
            if frame["legal"] != legal:
                del self.pending[seat]
                self.applied.append((ply, sent))
        done = [entry for entry in self.applied if min(self.latest) >= entry[0]]
        for entry in done:
            self.stats.latencies.append(now - entry[1])
            self.applied.remove(entry)

    async def player(self, ws: ClientConnection, seat: int, token: str, deadline: float) -> None:
        await ws.send(json.dumps({"type": "hello", "tokens": [token]}))
        while time.perf_counter() < deadline:
            try:
                frame = json.loads(
                    await asyncio.wait_for(ws.recv(), deadline - time.perf_counter())
                )
            except TimeoutError:
                return
            if frame["type"] == "error":
                self.stats.errors += 1
                if self.stats.errors <= 3:
                    print("error:", frame["message"], file=sys.stderr)
                continue
            if frame["type"] != "state":
                continue
            if seat == 0 and self.latest[0] >= 0:
                self.stats.plies += max(0, frame["ply"] - self.latest[0])
            self.observe(seat, frame)
            if frame["meta"]["status"] != "playing":
                return
            if frame["legal"] and seat not in self.pending and seat not in self.thinking:
                self.thinking.add(seat)
                self.tasks.add(asyncio.create_task(self.move(ws, seat, frame)))

    async def move(self, ws: ClientConnection, seat: int, frame: dict[str, Any]) -> None:
        """Think (without blocking this client's reading), then move."""
        if self.think:
            await asyncio.sleep(self.rng.uniform(0.5, 1.5) * self.think)
        action = self.rng.choice(frame["legal"])["text"]
        self.thinking.discard(seat)
        self.pending[seat] = (frame["legal"], time.perf_counter())
        self.stats.moves += 1
        with contextlib.suppress(ConnectionClosed):
            await ws.send(json.dumps({"type": "move", "seat": seat, "action": action}))

    async def run(self, deadline: float) -> None:
        while time.perf_counter() < deadline:
            created = await asyncio.to_thread(
                post,
                self.base + "/api/games",
                {
                    "game": "dancing-dice",
                    "players": 3,
                    "seats": ["human", "human", self.bot],
                    "options": {"endurance": 3},
                    "claim": [0],
                },
            )
            second = await asyncio.to_thread(
                post, self.base + f"/api/games/{created['id']}/seats/1/claim", {}
            )
            ws_url = self.base.replace("http", "ws") + f"/ws/{created['id']}"
            async with connect(ws_url) as one, connect(ws_url) as two:
                await asyncio.gather(
                    self.player(one, 0, created["token"], deadline),
                    self.player(two, 1, second["token"], deadline),
                )
            for task in self.tasks:
                task.cancel()
            self.tasks.clear()
            self.thinking.clear()
            self.pending.clear()
            self.applied.clear()
            self.latest = [-1, -1]
            self.stats.games_done += 1


async def load(
    base: str, games: int, seconds: float, think: float, seed: int, bot: str = "expert"
) -> tuple[Stats, float]:
    stats = Stats()
    rng = random.Random(seed)
    start = time.perf_counter()
    deadline = start + seconds
    tables = [
        Table(base, stats, random.Random(rng.getrandbits(32)), think, bot) for _ in range(games)
    ]
    await asyncio.gather(*(table.run(deadline) for table in tables))
    return stats, time.perf_counter() - start


def percentile(values: list[float], q: float) -> float:
    if not values:
        return float("nan")
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--seconds", type=float, default=20.0)
    parser.add_argument(
        "--think", type=float, default=1.0, help="mean seconds a scripted player thinks"
    )
    parser.add_argument("--backends", default="sqlite,postgresql")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--bot", default="expert", help="the bot in each game's third seat")
    args = parser.parse_args()
    rows = []
    for backend in args.backends.split(","):
        with tempfile.TemporaryDirectory(prefix="ballroom-bench-") as tmp:
            if backend == "postgresql":
                with postgres() as url, server(Path(tmp), url) as base:
                    stats, elapsed = asyncio.run(
                        load(base, args.games, args.seconds, args.think, args.seed, args.bot)
                    )
            else:
                with server(Path(tmp), None) as base:
                    stats, elapsed = asyncio.run(
                        load(base, args.games, args.seconds, args.think, args.seed, args.bot)
                    )
        rows.append((backend, stats, elapsed))
    print(
        f"{args.games} concurrent games, {args.seconds:.0f} s, think {args.think} s, loopback, 2 cores"
    )
    print(
        f"{'backend':<11}{'moves/s':>9}{'actions/s':>11}{'p50 ms':>9}{'p99 ms':>9}{'max ms':>9}{'games':>7}{'errors':>8}"
    )
    for backend, stats, elapsed in rows:
        lat = [x * 1000 for x in stats.latencies]
        print(
            f"{backend:<11}{stats.moves / elapsed:>9.1f}{stats.plies / elapsed:>11.1f}"
            f"{percentile(lat, 0.5):>9.1f}{percentile(lat, 0.99):>9.1f}"
            f"{max(lat, default=float('nan')):>9.1f}{stats.games_done:>7}{stats.errors:>8}"
        )
    if len(rows) == 2 and rows[0][1].latencies and rows[1][1].latencies:
        p99 = [percentile(r[1].latencies, 0.99) for r in rows]
        print(f"p99 ratio {rows[1][0]}/{rows[0][0]}: {p99[1] / p99[0]:.2f}")
    print(
        "mean latency ms:",
        ", ".join(
            f"{r[0]} {statistics.fmean(r[1].latencies) * 1000:.1f}" for r in rows if r[1].latencies
        ),
    )


if __name__ == "__main__":
    main()
