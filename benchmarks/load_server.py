"""Load test of ``ballroom serve`` on loopback: many live games, bots and scripted players.

Each game is Dancing Dice with two scripted players (one WebSocket each,
random legal moves after a think time) and one ``expert`` bot. A finished
game is replaced by a new one, so N games are always in play. Latency is
measured from a client sending its move to the moment *every* client of that
game has received and decoded the update (frames carry the ply). The server
runs in its own process (``ballroom serve``, one bot worker process); SQLite
and a throwaway PostgreSQL cluster (fsync on) are compared side by side.

The scripted clients share the machine with the server, so the table also
shows the server's CPU use and the clients' own event-loop lag (p99): a
client that lags adds its lag to the latency it measures. ``--clients K``
spreads the tables over K client processes. By default all N games open in
the same instant, so a burst of game creation (and, a game length later, of
endings) is part of the measurement; ``--ramp S`` starts them spread over S
seconds instead, as players would arrive. The "settled" p99 counts only the
moves sent after the first ``--settle`` seconds, when the opening burst of
joins is over.

``--processes 1,2`` also runs the PostgreSQL server as two ``ballroom serve``
processes sharing the database: each game is created through one of them
and its two players connect one to each, so every move reaches a client of
the other process (through PostgreSQL's NOTIFY). ``--takeover R`` then
measures R times how long a game whose bots a killed (kill -9) process drove
waits until the surviving process makes its next move.

    .venv/bin/python benchmarks/load_server.py --games 200 --seconds 30 --think 5
    .venv/bin/python benchmarks/load_server.py --backends postgresql --processes 1,2 --takeover 5
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import multiprocessing
import os
import random
import shutil
import signal
import socket
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

import orjson
from websockets.asyncio.client import ClientConnection, connect
from websockets.exceptions import ConnectionClosed


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port: int = sock.getsockname()[1]
        return port


@contextmanager
def server(data_dir: Path, db: str | None, bot_delay: float = 0.0) -> Iterator[tuple[str, int]]:
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
        str(bot_delay),
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
        yield base, process.pid
    finally:
        if process.poll() is None:
            process.terminate()
            process.wait(10)


def cpu_seconds(pid: int) -> float:
    """CPU time (user + system) of a process and its live children (the bot worker)."""
    total = 0.0
    tick = os.sysconf("SC_CLK_TCK")
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            fields = (entry / "stat").read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        if entry.name == str(pid) or fields[1] == str(pid):
            total += (int(fields[11]) + int(fields[12])) / tick
    return total


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
    settled: list[float] = field(default_factory=list)
    """The latencies of moves sent once the opening burst is over (``--settle``)."""
    started: float = 0.0
    settle: float = 0.0
    moves: int = 0
    plies: int = 0
    games_done: int = 0
    errors: int = 0
    lags: list[float] = field(default_factory=list)
    """The client loop's lateness in waking from a 10 ms sleep, sampled all run long."""

    def merge(self, other: Stats) -> None:
        self.latencies += other.latencies
        self.settled += other.settled
        self.lags += other.lags
        self.moves += other.moves
        self.plies += other.plies
        self.games_done += other.games_done
        self.errors += other.errors


class Table:
    """One game and its two scripted players."""

    def __init__(
        self, bases: list[str], stats: Stats, rng: random.Random, think: float, bot: str
    ) -> None:
        """``bases``: the servers; the game is created through the first, its second player
        connects to the next one (the same where there is one)."""
        self.stats, self.rng, self.think, self.bot = stats, rng, think, bot
        self.base, self.other = bases[0], bases[1 % len(bases)]
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
            if entry[1] - self.stats.started >= self.stats.settle:
                self.stats.settled.append(now - entry[1])
            self.applied.remove(entry)

    async def player(self, ws: ClientConnection, seat: int, token: str, deadline: float) -> None:
        await ws.send(json.dumps({"type": "hello", "tokens": [token]}))
        while time.perf_counter() < deadline:
            try:
                frame = orjson.loads(
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

    async def run(self, deadline: float, start_after: float) -> None:
        await asyncio.sleep(start_after)
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
                post,
                self.other + f"/api/games/{created['id']}/seats/1/claim",
                {"join": created["join"]},
            )
            path = f"/ws/{created['id']}"
            one_url = self.base.replace("http", "ws") + path
            two_url = self.other.replace("http", "ws") + path
            async with connect(one_url) as one, connect(two_url) as two:
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


async def watch_lag(stats: Stats, deadline: float) -> None:
    while (now := time.perf_counter()) < deadline:
        await asyncio.sleep(0.01)
        stats.lags.append(time.perf_counter() - now - 0.01)


async def load(
    bases: list[str],
    games: int,
    seconds: float,
    think: float,
    seed: int,
    bot: str,
    ramp: float,
    settle: float,
) -> Stats:
    """Run ``games`` tables until ``seconds`` are up, the first ones starting over ``ramp`` s."""
    stats = Stats(started=time.perf_counter(), settle=settle)
    rng = random.Random(seed)
    deadline = time.perf_counter() + seconds
    tables = [
        Table(bases[i:] + bases[:i], stats, random.Random(rng.getrandbits(32)), think, bot)
        for i in (n % len(bases) for n in range(games))
    ]
    await asyncio.gather(
        watch_lag(stats, deadline),
        *(table.run(deadline, ramp * i / games) for i, table in enumerate(tables)),
    )
    return stats


def client_process(args: tuple[list[str], int, float, float, int, str, float, float]) -> Stats:
    return asyncio.run(load(*args))


def run_clients(
    bases: list[str],
    games: int,
    seconds: float,
    think: float,
    seed: int,
    bot: str,
    ramp: float,
    settle: float,
    clients: int,
) -> tuple[Stats, float]:
    """Play ``games`` tables from ``clients`` processes (1: in this process)."""
    start = time.perf_counter()
    if clients <= 1:
        stats = asyncio.run(load(bases, games, seconds, think, seed, bot, ramp, settle))
        return stats, time.perf_counter() - start
    shares = [games // clients + (i < games % clients) for i in range(clients)]
    jobs = [
        (bases, n, seconds, think, seed + i, bot, ramp, settle) for i, n in enumerate(shares) if n
    ]
    stats = Stats()
    with multiprocessing.get_context("spawn").Pool(len(jobs)) as pool:
        for part in pool.map(client_process, jobs):
            stats.merge(part)
    return stats, time.perf_counter() - start


TAKEOVER_BOT_DELAY = 0.1
"""The servers' bot delay while takeovers are measured (the bots-only game must not end
before the kill)."""


def takeover_times(url: str, data_dir: Path, times: int, bot_delay: float) -> list[float]:
    """Seconds from kill -9 of the process driving a bots-only game's bots until the
    survivor stores the game's next move (its sweep takes the lease, loads the game, and
    the bot moves after ``bot_delay``)."""
    measured = []
    with server(data_dir / "survivor", url, bot_delay) as (survivor, _):
        for _ in range(times):
            with server(data_dir / "doomed", url, bot_delay) as (doomed, pid):
                created = post(
                    doomed + "/api/games",
                    {"game": "dancing-dice", "players": 3, "seats": ["random"] * 3},
                )  # created through the doomed process, which takes its lease
                meta = survivor + f"/api/games/{created['id']}"
                while get(meta)["ply"] < 20:
                    time.sleep(0.01)
                os.kill(pid, signal.SIGKILL)
                killed_at = time.perf_counter()
                ply = get(meta)["ply"]
                while get(meta)["ply"] == ply:
                    time.sleep(0.005)
                measured.append(time.perf_counter() - killed_at)
    return measured


def get(url: str) -> dict[str, Any]:
    with urllib.request.urlopen(url, timeout=30) as response:
        result: dict[str, Any] = json.loads(response.read())
        return result


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
    parser.add_argument(
        "--processes",
        default="1",
        help="server processes sharing PostgreSQL, a comma list to compare (e.g. 1,2)",
    )
    parser.add_argument(
        "--takeover", type=int, default=0, help="times to measure a takeover after kill -9"
    )
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--bot", default="expert", help="the bot in each game's third seat")
    parser.add_argument("--clients", type=int, default=1, help="client processes")
    parser.add_argument(
        "--ramp",
        type=float,
        default=0.0,
        help="seconds over which the tables start (default 0: all at once)",
    )
    parser.add_argument(
        "--settle",
        type=float,
        default=10.0,
        help="seconds after which a move counts as settled play (the p99 after the burst)",
    )
    args = parser.parse_args()
    ramp: float = args.ramp
    rows = []
    takeovers: list[float] = []
    runs = [
        (backend, processes)
        for backend in args.backends.split(",")
        for processes in map(int, args.processes.split(","))
        if processes == 1 or backend == "postgresql"
    ]
    for backend, processes in runs:
        with (
            tempfile.TemporaryDirectory(prefix="ballroom-bench-") as tmp,
            contextlib.ExitStack() as stack,
        ):
            url = stack.enter_context(postgres()) if backend == "postgresql" else None
            started = [
                stack.enter_context(server(Path(tmp) / str(n), url)) for n in range(processes)
            ]
            bases, pids = [base for base, _ in started], [pid for _, pid in started]
            cpu = sum(map(cpu_seconds, pids))
            stats, elapsed = run_clients(
                bases,
                args.games,
                args.seconds,
                args.think,
                args.seed,
                args.bot,
                ramp,
                args.settle,
                args.clients,
            )
            cpu = sum(map(cpu_seconds, pids)) - cpu
        rows.append((backend + (f" x{processes}" if processes > 1 else ""), stats, elapsed, cpu))
    if args.takeover:
        with tempfile.TemporaryDirectory(prefix="ballroom-bench-") as tmp, postgres() as url:
            takeovers = takeover_times(url, Path(tmp), args.takeover, TAKEOVER_BOT_DELAY)
    print(
        f"{args.games} concurrent games, {args.seconds:.0f} s, think {args.think} s, "
        f"tables start over {ramp:g} s, "
        f"{args.clients} client process(es), loopback, {os.cpu_count()} cores"
    )
    print(
        f"{'backend':<15}{'games':>6}{'moves/s':>9}{'actions/s':>10}{'p50 ms':>8}{'p95 ms':>8}"
        f"{'p99 ms':>8}{'settled p99':>12}{'max ms':>8}{'moves':>7}{'errors':>7}{'server cpu':>11}{'client lag p99':>15}"
    )
    for backend, stats, elapsed, cpu in rows:
        lat = [x * 1000 for x in stats.latencies]
        settled = [x * 1000 for x in stats.settled]
        print(
            f"{backend:<15}{args.games:>6}{stats.moves / elapsed:>9.1f}{stats.plies / elapsed:>10.1f}"
            f"{percentile(lat, 0.5):>8.1f}{percentile(lat, 0.95):>8.1f}"
            f"{percentile(lat, 0.99):>8.1f}{percentile(settled, 0.99):>12.1f}"
            f"{max(lat, default=float('nan')):>8.1f}"
            f"{len(lat):>7}{stats.errors:>7}{cpu / elapsed:>10.0%}"
            f"{percentile(stats.lags, 0.99) * 1000:>12.1f} ms"
        )
    print(
        "latency: a client's move until every client of the game has its update; "
        f"settled: moves sent after the first {args.settle:g} s; "
        "server cpu: one core = 100% (bot worker included)"
    )
    if takeovers:
        print(
            f"takeover after kill -9 (until the survivor stores the next move, its "
            f"{TAKEOVER_BOT_DELAY:g} s bot delay included), {len(takeovers)} times: "
            + ", ".join(f"{t:.2f}" for t in takeovers)
            + f" s; median {percentile(takeovers, 0.5):.2f} s"
        )


if __name__ == "__main__":
    main()
