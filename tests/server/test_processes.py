"""Several ``ballroom serve`` processes share the games through one PostgreSQL database.

Any process serves any game: a move made through one reaches the clients of
the others. The bots of a game are driven by the process holding its lease;
kill -9 that process mid-game and another takes the lease over within
seconds, its clients reconnect to a survivor, and every acknowledged move is
stored exactly once, at its ply.
"""

from __future__ import annotations

import json
import os
import signal
import subprocess
import time
import urllib.error
from collections.abc import Callable
from contextlib import ExitStack
from pathlib import Path
from typing import Any

import pytest
from sqlalchemy import text
from websockets.exceptions import InvalidMessage
from websockets.sync.client import ClientConnection, connect

from ballroom.agents import make_agent
from ballroom.core.play import decision_for
from ballroom.core.record import GameRecord
from ballroom.core.rng import derive_seed
from ballroom.core.state import CHANCE
from ballroom.server import storage
from ballroom.server.sync import LEASE_SPACE
from server.support import (
    create_game,
    free_port,
    http_json,
    serve_command,
    server_process,
    wait_until_up,
)

Frame = dict[str, Any]


def socket_of(stack: ExitStack, base: str, game_id: str, tokens: list[str]) -> ClientConnection:
    ws = stack.enter_context(connect(f"{base.replace('http', 'ws')}/ws/{game_id}"))
    ws.send(json.dumps({"type": "hello", "tokens": tokens}))
    return ws


def reconnect(
    stack: ExitStack, base: str, game_id: str, tokens: list[str], deadline: float
) -> ClientConnection:
    """``socket_of``, tried again until ``deadline``, as the page does: right after a
    worker is killed, the address may still hand a connection to its closing socket."""
    while True:
        try:
            return socket_of(stack, base, game_id, tokens)
        except (EOFError, OSError, InvalidMessage):
            assert time.monotonic() < deadline, "no worker took the reconnection"
            time.sleep(0.1)


def frame_until(
    ws: ClientConnection,
    wanted: Callable[[Frame], bool],
    acknowledged: list[tuple[int, str]] | None = None,
) -> Frame:
    """The next state frame that is ``wanted``. A move of ``acknowledged`` that the bots
    overtook (the game moved on before it came) is refused, and taken off the list."""
    while True:
        frame: Frame = json.loads(ws.recv(timeout=20))
        sent = [ply for ply, _ in acknowledged or []]
        if frame["type"] == "error" and acknowledged and frame["id"] in sent:
            assert "the game has moved on" in frame["message"], frame
            del acknowledged[len(sent) - 1 - sent[::-1].index(frame["id"])]
            continue
        assert frame["type"] != "error", (frame, acknowledged)
        if frame["type"] == "state" and wanted(frame):
            return frame


def stored_actions(url: str, game_id: str) -> tuple[tuple[int, str], ...]:
    engine = storage.make_engine(url)
    try:
        stored = storage.Store(engine).load(game_id)
    finally:
        engine.dispose()
    assert stored is not None
    return stored.record.actions


def test_a_move_through_one_process_reaches_the_clients_of_another(
    tmp_path: Path, postgres_url: str
) -> None:
    with (
        server_process(tmp_path / "a", db=postgres_url, bot_processes=0) as (a, _),
        server_process(tmp_path / "b", db=postgres_url, bot_processes=0) as (b, _),
        ExitStack() as stack,
    ):
        game = create_game(a, "dancing-dice", players=2, seats=["human", "human"], seed=5)
        first = socket_of(stack, a, game["id"], [game["token"]])
        frame_until(first, lambda f: f["seat"] == 0)
        # The second seat is taken through B: A's clients learn of it from B's write.
        second_token = http_json(
            "POST", f"{b}/api/games/{game['id']}/seats/1/claim", {"join": game["join"]}
        )["token"]
        claimed = frame_until(first, lambda f: f["meta"]["seats"][1]["claimed"])
        second = socket_of(stack, b, game["id"], [second_token])
        latest = {0: claimed, 1: frame_until(second, lambda f: True)}
        clients = {0: first, 1: second}
        for _ in range(12):
            mover = next(seat for seat, frame in latest.items() if frame["legal"])
            frame = latest[mover]
            move = frame["legal"][-1]["text"]
            clients[mover].send(
                json.dumps({"type": "move", "seat": mover, "action": move, "ply": frame["ply"]})
            )
            latest[mover] = frame_until(clients[mover], lambda f, p=frame["ply"]: f["ply"] > p)
            ply = latest[mover]["ply"]
            latest[1 - mover] = frame_until(clients[1 - mover], lambda f, p=ply: f["ply"] >= p)
            assert latest[1 - mover]["ply"] == ply
            assert latest[0]["current"] == latest[1]["current"]
        assert len(stored_actions(postgres_url, game["id"])) == latest[0]["ply"]


def bot_choices_hold(record: GameRecord, seats: list[str]) -> None:
    """Every bot action in ``record`` is the one its seat's bot makes at that ply: none was
    made twice or by a different process's different choice."""
    state = record.new_state()
    for ply, (player, move) in enumerate(record.actions):
        action = state.game.parse_action(move)
        if player != CHANCE and seats[player] != "human":
            agent = make_agent(
                state.game, player, seats[player], derive_seed(state.seed, "server-bot", ply)
            )
            assert agent.act(decision_for(state, player)) == action, f"ply {ply}"
        state.apply(action, player)


def send_move(player: ClientConnection, frame: Frame, acknowledged: list[tuple[int, str]]) -> None:
    """Play the seat's first legal move; noted as acknowledged once its frame has come."""
    move = frame["legal"][0]["text"]
    request = {"type": "move", "action": move, "ply": frame["ply"], "id": frame["ply"]}
    player.send(json.dumps(request))
    acknowledged.append((frame["ply"], move))


def play_to_the_end(player: ClientConnection, acknowledged: list[tuple[int, str]]) -> float:
    """Play seat 0 until the game ends; when the bots first moved after the start."""
    frame = frame_until(player, lambda f: f["seat"] == 0)
    bots_moved = None
    while frame["meta"]["status"] == "playing":
        if frame["legal"]:
            send_move(player, frame, acknowledged)
        ply = frame["ply"]
        frame = frame_until(player, lambda f, p=ply: f["ply"] > p, acknowledged)
        if bots_moved is None and frame["ply"] > ply + (1 if frame["legal"] else 0):
            bots_moved = time.monotonic()
    assert bots_moved is not None
    return bots_moved


def check_game(
    url: str,
    record: GameRecord,
    game_id: str,
    acknowledged: list[tuple[int, str]],
    seats: list[str],
) -> None:
    """Every acknowledged move is stored once, in order, at or after the ply it was made at
    (a seat's secret part of a simultaneous choice may follow the others' parts); the bots
    made their own choices."""
    assert record.actions == stored_actions(url, game_id)
    stored = [(ply, move) for ply, (seat, move) in enumerate(record.actions) if seat == 0]
    assert [move for _, move in stored] == [move for _, move in acknowledged]
    for (ply, _), (made_at, _) in zip(stored, acknowledged, strict=True):
        assert ply >= made_at
    bot_choices_hold(record, seats)


def test_kill_9_of_the_process_driving_the_bots_loses_nothing(
    tmp_path: Path, postgres_url: str
) -> None:
    seats = ["human", "expert", "random"]
    with (
        server_process(tmp_path / "b", db=postgres_url, bot_delay=0.05, bot_processes=0) as (b, _),
        ExitStack() as stack,
    ):
        a_server = server_process(tmp_path / "a", db=postgres_url, bot_delay=0.05, bot_processes=0)
        with a_server as (a, doomed):
            # Created through A: A holds its lease and drives its bots.
            game = create_game(a, "dancing-dice", players=3, seats=seats, seed=11)
            player = socket_of(stack, a, game["id"], [game["token"]])
            watcher = socket_of(stack, b, game["id"], [])
            acknowledged: list[tuple[int, str]] = []
            frame = frame_until(player, lambda f: bool(f["legal"]))
            while len(acknowledged) < 4:
                send_move(player, frame, acknowledged)
                frame = frame_until(
                    player, lambda f, p=frame["ply"]: f["ply"] > p and f["legal"], acknowledged
                )
                # B's spectator saw the bots' moves, which A made.
                frame_until(watcher, lambda f, p=frame["ply"]: f["ply"] >= p)
            send_move(player, frame, acknowledged)
            frame_until(player, lambda f, p=frame["ply"]: f["ply"] > p, acknowledged)
            doomed.kill()  # SIGKILL, with the bots about to move
            doomed.wait()
            killed_at = time.monotonic()
        player = socket_of(stack, b, game["id"], [game["token"]])  # the client reconnects to B
        assert play_to_the_end(player, acknowledged) - killed_at < 10
        assert frame_until(watcher, lambda f: f["meta"]["status"] != "playing")
        record = GameRecord.from_json(http_json("GET", f"{b}/api/games/{game['id']}/record"))
    check_game(postgres_url, record, game["id"], acknowledged, seats)


def lease_holder(url: str, game_id: str) -> int:
    """The process id of the server process holding ``game_id``'s lease."""
    engine = storage.make_engine(url)
    try:
        with engine.connect() as connection:
            names = connection.execute(
                text(
                    "SELECT a.application_name FROM pg_locks l "
                    "JOIN pg_stat_activity a ON a.pid = l.pid "
                    "WHERE l.locktype = 'advisory' AND l.granted AND l.classid = :space "
                    "AND l.objid = (hashtext(:id)::bigint & 4294967295)::oid"
                ),
                {"space": LEASE_SPACE, "id": game_id},
            ).all()
    finally:
        engine.dispose()
    assert len(names) == 1, names
    return int(names[0][0].split("-")[1])


def test_workers_behind_one_address_survive_kill_9_of_one(
    tmp_path: Path, postgres_url: str
) -> None:
    """``ballroom serve --workers 2``: two processes on one port; kill -9 the one driving
    a game's bots, and the game plays on through the same address."""
    seats = ["human", "random", "expert"]
    port = free_port()
    command = [*serve_command(port, tmp_path, postgres_url, 0.05, 0), "--workers", "2"]
    server = subprocess.Popen(command)
    base = f"http://127.0.0.1:{port}"
    try:
        wait_until_up(base, server)
        game = create_game(base, "dancing-dice", players=3, seats=seats, seed=12)
        acknowledged: list[tuple[int, str]] = []
        with ExitStack() as stack:
            player = socket_of(stack, base, game["id"], [game["token"]])
            frame = frame_until(player, lambda f: bool(f["legal"]))
            while len(acknowledged) < 3:
                send_move(player, frame, acknowledged)
                frame = frame_until(
                    player, lambda f, p=frame["ply"]: f["ply"] > p and f["legal"], acknowledged
                )
            send_move(player, frame, acknowledged)
            frame_until(player, lambda f, p=frame["ply"]: f["ply"] > p, acknowledged)
            doomed = lease_holder(postgres_url, game["id"])
            os.kill(doomed, signal.SIGKILL)
            killed_at = time.monotonic()
        with ExitStack() as stack:
            player = reconnect(stack, base, game["id"], [game["token"]], killed_at + 15)
            assert play_to_the_end(player, acknowledged) - killed_at < 15
        assert lease_holder(postgres_url, game["id"]) != doomed
        record = GameRecord.from_json(http_json("GET", f"{base}/api/games/{game['id']}/record"))
    finally:
        server.terminate()
        server.wait(30)
    check_game(postgres_url, record, game["id"], acknowledged, seats)


def test_a_seat_held_through_another_process_is_not_handed_to_a_bot(
    tmp_path: Path, postgres_url: str
) -> None:
    """The creator, on A, may hand an absent player's seat to a bot, but not the seat of a
    player connected to B; once that player leaves, the seat may go."""
    with (
        server_process(tmp_path / "a", db=postgres_url, bot_processes=0) as (a, _),
        server_process(tmp_path / "b", db=postgres_url, bot_processes=0) as (b, _),
    ):
        game = create_game(a, "dancing-dice", players=2, seats=["human", "human"], seed=6)
        url = f"/api/games/{game['id']}/seats/1"
        token = http_json("POST", f"{b}{url}/claim", {"join": game["join"]})["token"]
        creator = {"X-Ballroom-Token": game["token"]}
        with ExitStack() as stack:
            frame_until(socket_of(stack, b, game["id"], [token]), lambda f: f["seat"] == 1)
            with pytest.raises(urllib.error.HTTPError) as refused:
                http_json("POST", f"{a}{url}/bot", {}, creator)
            assert refused.value.code == 400
            assert "is here (connected)" in refused.value.read().decode()
        deadline = time.monotonic() + 10
        while True:  # B tells PostgreSQL that the seat is free once its socket has closed
            try:
                handed = http_json("POST", f"{a}{url}/bot", {}, creator)
                break
            except urllib.error.HTTPError:
                assert time.monotonic() < deadline
                time.sleep(0.1)
        assert handed == {"seat": 1, "bot": handed["bot"]}
        while http_json("GET", f"{b}/api/games/{game['id']}")["seats"][1]["kind"] != "bot":
            assert time.monotonic() < deadline, "B did not learn of the hand-over"
            time.sleep(0.05)
