"""One game must not stall the server: bot seats are checked against their declarations
and the server's cap, a slow search in one game does not hold up another game's bot,
and the bot workers die with the server."""

from __future__ import annotations

import os
import signal
import subprocess
import time
from collections.abc import Callable
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

import ballroom
from ballroom.core.game import make_game
from ballroom.core.play import past_cap
from ballroom.core.record import GameRecord
from ballroom.core.rng import Rng
from ballroom.core.state import CHANCE
from ballroom.games.the_dance import TheDance
from ballroom.server.app import ServerConfig, create_app
from ballroom.server.rooms import Room
from ballroom.server.storage import CUT_OFF, PLAYING, StoredGame, StoredSeat
from server.support import create_game, free_port, http_json, serve_command, wait_until_up


def wait_for(check: Callable[[], bool], seconds: float, what: str) -> float:
    """Poll ``check`` until it holds; the seconds it took."""
    started = time.monotonic()
    while not check():
        assert time.monotonic() - started < seconds, f"{what} took over {seconds} s"
        time.sleep(0.02)
    return time.monotonic() - started


def test_bot_seats_are_checked_against_their_declaration_and_the_servers_cap(
    tmp_path: Path,
) -> None:
    config = ServerConfig(data_dir=str(tmp_path), bot_delay=0.0, bot_ms_max=1000)
    with TestClient(create_app(config)) as client:
        refused = [
            ("mcts:ms=1e9", "mcts ms must be a number 1..60000, not '1e9'"),
            ("mcts:iterations=1e12", "mcts iterations must be an integer 1..1000000, not '1e12'"),
            ("expert:depth=3", "the expert bot has no parameter depth; allowed: none"),
            (
                "mcts:ms=1500",
                "seat 1 (mcts:ms=1500) asks for 1500 ms a move; "
                "this server allows at most 1000 ms (ballroom serve --bot-ms-max)",
            ),
        ]
        for spec, message in refused:
            body = {"game": "dancing-dice", "players": 2, "seats": ["human", spec]}
            response = client.post("/api/games", json=body)
            assert response.status_code == 400, spec
            assert response.json()["detail"].startswith(message), response.text
        assert client.get("/api/games").json() == []
        body = {
            "game": "dancing-dice",
            "players": 2,
            "seats": ["human", "mcts:ms=1000,iterations=5"],
        }
        assert client.post("/api/games", json=body).status_code == 200

        catalog = client.get("/api/catalog").json()
        dice = next(entry for entry in catalog if entry["id"] == "dancing-dice")
        details: dict[str, Any] = {bot["name"]: bot for bot in dice["bot_details"]}
        assert list(details) == dice["bots"] == ["expert", "random", "mcts"]
        assert not details["expert"]["searches"] and details["mcts"]["searches"]
        ms = next(param for param in details["mcts"]["params"] if param["name"] == "ms")
        assert (ms["kind"], ms["default"], ms["minimum"], ms["maximum"]) == (
            "number",
            None,
            1,
            60000,
        )


def test_a_slow_search_in_one_game_does_not_hold_up_another_games_bot(tmp_path: Path) -> None:
    """One worker process for searches, as a small server has: a capped but long search
    fills it, and a game of quick bots still plays at full speed meanwhile."""
    cap = 2.0
    config = ServerConfig(
        data_dir=str(tmp_path), bot_delay=0.0, bot_processes=1, bot_ms_max=cap * 1000
    )
    with TestClient(create_app(config)) as client:

        def start(seats: list[str], endurance: int) -> str:
            body = {"game": "dancing-dice", "players": 2, "seats": seats, "seed": 4}
            body["options"] = {"endurance": endurance}
            game_id: str = client.post("/api/games", json=body).json()["id"]
            return game_id

        def meta(game_id: str) -> dict[str, Any]:
            found: dict[str, Any] = client.get(f"/api/games/{game_id}").json()
            return found

        warm = start(["random", "random"], 1)
        wait_for(lambda: meta(warm)["status"] == "over", 60, "starting the bot workers")

        slow = start(["mcts:iterations=1000000"] * 2, 10)
        opening = meta(slow)["ply"]
        time.sleep(0.3)  # the search is under way
        quick = start(["random", "random"], 1)
        took = wait_for(lambda: meta(quick)["status"] == "over", 30, "the quick bots' game")
        assert took < 1.5, f"the quick bots waited behind the search: {took:.2f} s"
        assert meta(slow)["ply"] == opening, "the search was still thinking all along"
        moved = wait_for(lambda: meta(slow)["ply"] > opening, cap + 10, "the capped search")
        assert moved < cap + 5


def test_a_bot_worker_killed_mid_think_is_replaced_and_its_game_finishes(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    """kill -9 of the one search worker while a seat thinks: the pool starts a new
    worker and the same decision (its seed comes from the ply) is asked again."""
    config = ServerConfig(data_dir=str(tmp_path), bot_delay=0.0, bot_processes=1)
    with TestClient(create_app(config)) as client:
        pool = client.app.state.manager.bots
        body = {
            "game": "dancing-dice",
            "players": 2,
            "seats": ["mcts:ms=300", "random"],
            "options": {"endurance": 1},
        }
        game_id: str = client.post("/api/games", json=body).json()["id"]

        def meta() -> dict[str, Any]:
            found: dict[str, Any] = client.get(f"/api/games/{game_id}").json()
            return found

        opening = meta()["ply"]
        wait_for(lambda: meta()["ply"] > opening, 60, "the first search (workers starting)")
        wait_for(lambda: game_id in pool._running, 30, "the next search")
        time.sleep(0.1)  # well inside its 300 ms
        workers = list(pool.search._processes)
        assert len(workers) == 1
        os.kill(workers[0], signal.SIGKILL)
        wait_for(lambda: meta()["status"] == "over", 90, "the game after its worker died")
        assert list(pool.search._processes) != workers, "the dead worker was replaced"
    assert "a bot worker died at ply" in caplog.text and "asking again" in caplog.text


def process_table() -> dict[int, tuple[int, str]]:
    """Every live process: its parent and its command line (zombies count as gone)."""
    table: dict[int, tuple[int, str]] = {}
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            fields = (entry / "stat").read_text().rsplit(")", 1)[1].split()
            command = (entry / "cmdline").read_bytes().replace(b"\0", b" ").decode()
        except OSError:
            continue
        if fields[0] != "Z":
            table[int(entry.name)] = (int(fields[1]), command)
    return table


def descendants(pid: int) -> dict[int, str]:
    table = process_table()
    found: dict[int, str] = {}
    parents = [pid]
    while parents:
        parent = parents.pop()
        for child, (ppid, command) in table.items():
            if ppid == parent and child not in found:
                found[child] = command
                parents.append(child)
    return found


def test_bot_workers_and_the_writer_exit_when_the_server_is_killed(
    tmp_path: Path, postgres_url: str
) -> None:
    """On PostgreSQL the server has three children: a search worker, the quick lane's
    worker and the database writer; SIGKILL to the server ends all three."""
    port = free_port()
    base = f"http://127.0.0.1:{port}"
    command = serve_command(port, tmp_path, db=postgres_url)
    server = subprocess.Popen([*command, "--bot-processes", "1"])
    workers: dict[int, str] = {}
    try:
        wait_until_up(base, server)
        # A game a search and a quick bot play to the end: both lanes' workers are up.
        seats = ["mcts:iterations=10", "random"]
        done = create_game(base, "dancing-dice", players=2, seats=seats, options={"endurance": 1})
        url = f"{base}/api/games/{done['id']}"
        wait_for(lambda: http_json("GET", url)["status"] == "over", 60, "starting the workers")
        seats = ["mcts:iterations=1000000", "random"]
        create_game(base, "dancing-dice", players=2, seats=seats)
        time.sleep(0.5)  # a worker is deep in a search, the other waits for work
        workers = descendants(server.pid)
        assert sum("spawn_main" in command for command in workers.values()) == 3, workers
        server.kill()  # SIGKILL: no shutdown code runs
        server.wait()
        wait_for(
            lambda: not set(workers) & set(process_table()),
            5,
            "the workers' exit after the server's",
        )
    finally:
        if server.poll() is None:
            server.kill()
            server.wait()
        for pid in set(workers) & set(process_table()):
            os.kill(pid, signal.SIGKILL)


def test_bots_alone_are_cut_off_past_the_turn_cap_without_a_winner(client: TestClient) -> None:
    """The Dance sets no turn limit, so a table of random bots might never end: the server
    cuts it off past ``TheDance.turn_cap``, as the lab does, unfinished and with no winner,
    and then the whole record may be downloaded."""
    body = {"game": "the-dance", "players": 2, "seats": ["random", "random"], "seed": 5}
    game_id = client.post("/api/games", json=body).json()["id"]
    wait_for(
        lambda: client.get(f"/api/games/{game_id}").json()["status"] != "playing",
        120,
        "a table of random bots in The Dance reaching the turn cap",
    )
    meta = client.get(f"/api/games/{game_id}").json()
    assert meta["status"] == "cut-off" and meta["result"] is None
    record = client.get(f"/api/games/{game_id}/record").json()
    state = ballroom.replay(GameRecord.from_json(record))
    assert not state.is_terminal() and state.turns() == TheDance.turn_cap + 1


def test_a_table_with_a_person_is_never_cut_off() -> None:
    """The cap is for bots alone: a person plays on for as long as the rules allow."""
    start = make_game("the-dance", 2).new_state(5)
    tables = {
        (StoredSeat(0, "human", "a"), StoredSeat(1, "random", None)): PLAYING,
        (StoredSeat(0, "random", None), StoredSeat(1, "random", None)): CUT_OFF,
    }
    for seats, status in tables.items():
        stored = StoredGame(
            "t", GameRecord.of(start), seats, False, PLAYING, None, None, datetime.now(UTC)
        )
        room, rng = Room(stored, 0.0), Rng(1)
        while not past_cap(room.state, TheDance.turn_cap):
            player = room.state.current_players()[0]
            legal = room.state.legal_actions(player)
            room.state.apply(
                room.state.sample_chance() if player == CHANCE else rng.choice(legal), player
            )
        assert room.final_status() == status
