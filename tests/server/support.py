"""Helpers for the server tests: servers in a thread or a process, socket conversations."""

from __future__ import annotations

import json
import os
import shutil
import socket
import subprocess
import sys
import time
import urllib.request
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from starlette.testclient import TestClient, WebSocketTestSession

State = dict[str, Any]


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port: int = sock.getsockname()[1]
        return port


def send(ws: WebSocketTestSession, payload: dict[str, Any]) -> None:
    ws.send_text(json.dumps(payload))


def receive(ws: WebSocketTestSession) -> dict[str, Any]:
    frame: dict[str, Any] = json.loads(ws.receive_text())
    return frame


def until(
    ws: WebSocketTestSession, predicate: Callable[[dict[str, Any]], bool], limit: int = 500
) -> dict[str, Any]:
    """Read frames until one satisfies ``predicate``."""
    for _ in range(limit):
        frame = receive(ws)
        if predicate(frame):
            return frame
    raise AssertionError("no frame matched within the limit")


def hello(ws: WebSocketTestSession, tokens: list[str], seats: int = 1) -> dict[int | None, State]:
    """Say hello and collect the first state frame of each seat held."""
    send(ws, {"type": "hello", "tokens": tokens})
    states: dict[int | None, State] = {}
    while len(states) < seats:
        frame = receive(ws)
        assert frame["type"] == "state", frame
        states[frame["seat"]] = frame
    return states


def serve_command(
    port: int,
    data_dir: Path,
    db: str | None = None,
    bot_delay: float = 0.0,
    bot_processes: int | None = None,
) -> list[str]:
    """``ballroom serve`` for a test: tests choose their games' seeds, for known deals."""
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
        "--chosen-seeds",
    ]
    if bot_processes is not None:
        command += ["--bot-processes", str(bot_processes)]
    return command + (["--db", db] if db else [])


def wait_until_up(base: str, process: subprocess.Popen[bytes], timeout: float = 60.0) -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if process.poll() is not None:
            raise RuntimeError(f"the server exited with {process.returncode}")
        try:
            urllib.request.urlopen(base + "/api/catalog", timeout=1).read()
            return
        except OSError:
            time.sleep(0.05)
    raise RuntimeError("the server did not come up")


@contextmanager
def server_process(
    data_dir: Path,
    bot_delay: float = 0.0,
    db: str | None = None,
    bot_processes: int | None = None,
) -> Iterator[tuple[str, subprocess.Popen[bytes]]]:
    """A real ``ballroom serve`` process on a free loopback port (its games in ``db``,
    or in SQLite under ``data_dir``; bots in threads with ``bot_processes=0``)."""
    port = free_port()
    command = serve_command(port, data_dir, db, bot_delay, bot_processes)
    process = subprocess.Popen(command)
    base = f"http://127.0.0.1:{port}"
    try:
        wait_until_up(base, process)
        yield base, process
    finally:
        if process.poll() is None:
            process.terminate()
            process.wait(10)


def http_json(
    method: str, url: str, body: object = None, headers: dict[str, str] | None = None
) -> Any:
    data = json.dumps(body).encode() if body is not None else None
    request = urllib.request.Request(url, data=data, method=method, headers=headers or {})
    if data is not None:
        request.add_header("content-type", "application/json")
    with urllib.request.urlopen(request, timeout=10) as response:
        return json.loads(response.read())


def created_in(client: TestClient, **body: Any) -> dict[str, Any]:
    """Create a game through a test client (``POST /api/games``); the server's answer."""
    response = client.post("/api/games", json=body)
    assert response.status_code == 200, response.text
    created: dict[str, Any] = response.json()
    return created


def create_game(base: str, game: str, **fields: Any) -> Any:
    """Create a game on the server at ``base`` (``POST /api/games``); the server's answer."""
    return http_json("POST", base + "/api/games", {"game": game, **fields})


# -- PostgreSQL ------------------------------------------------------------------


def postgres_bin() -> Path | None:
    """The folder of Debian's PostgreSQL server binaries, newest version first."""
    root = Path("/usr/lib/postgresql")
    versions = sorted(
        root.glob("*/bin/initdb"), key=lambda p: int(p.parent.parent.name), reverse=True
    )
    if versions:
        return versions[0].parent
    found = shutil.which("initdb")
    return Path(found).parent if found else None


@contextmanager
def postgres_cluster(base: Path) -> Iterator[str]:
    """A throwaway PostgreSQL cluster on a free port; yields its SQLAlchemy URL.

    PostgreSQL refuses to run as root, so as root the cluster runs as the
    ``postgres`` system user that Debian's package creates.
    """
    binaries = postgres_bin()
    if binaries is None:
        raise RuntimeError(
            "PostgreSQL is not installed: apt-get install -y postgresql "
            "(or set BALLROOM_TEST_POSTGRES_URL to a server the tests may use)"
        )
    prefix = ["runuser", "-u", "postgres", "--"] if os.geteuid() == 0 else []
    base.mkdir(parents=True, exist_ok=True)
    if os.geteuid() == 0:
        shutil.chown(base, "postgres")
    data = base / "data"
    port = free_port()
    run = lambda *args: subprocess.run([*prefix, *args], check=True, capture_output=True)  # noqa: E731
    run(str(binaries / "initdb"), "-D", str(data), "-A", "trust", "-U", "ballroom", "--no-sync")
    run(
        str(binaries / "pg_ctl"),
        "-D",
        str(data),
        "-l",
        str(base / "log"),
        "-w",
        "-o",
        f"-p {port} -k {base} -c listen_addresses=127.0.0.1 -c fsync=off",
        "start",
    )
    try:
        yield f"postgresql+psycopg://ballroom@127.0.0.1:{port}/postgres"
    finally:
        run(str(binaries / "pg_ctl"), "-D", str(data), "-m", "immediate", "stop")
