"""Several ``ballroom serve`` processes share the games through one PostgreSQL database.

Any process serves any game: a move made through one reaches the clients of
the others. The bots of a game are driven by the process holding its lease;
kill -9 that process mid-game and another takes the lease over within
seconds, its clients reconnect to a survivor, and every acknowledged move is
stored exactly once, at its ply.
"""

from __future__ import annotations

import json
import time
from collections.abc import Callable
from contextlib import ExitStack
from pathlib import Path
from typing import Any

from websockets.sync.client import ClientConnection, connect

from ballroom.agents import make_agent
from ballroom.core.play import decision_for
from ballroom.core.record import GameRecord
from ballroom.core.rng import derive_seed
from ballroom.core.state import CHANCE
from ballroom.server import storage
from server.support import create_game, http_json, server_process

Frame = dict[str, Any]


def socket_of(stack: ExitStack, base: str, game_id: str, tokens: list[str]) -> ClientConnection:
    ws = stack.enter_context(connect(f"{base.replace('http', 'ws')}/ws/{game_id}"))
    ws.send(json.dumps({"type": "hello", "tokens": tokens}))
    return ws


def frame_until(ws: ClientConnection, wanted: Callable[[Frame], bool]) -> Frame:
    while True:
        frame: Frame = json.loads(ws.recv(timeout=20))
        assert frame["type"] != "error", frame
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
    for ply, (player, text) in enumerate(record.actions):
        action = state.game.parse_action(text)
        if player != CHANCE and seats[player] != "human":
            agent = make_agent(
                state.game, player, seats[player], derive_seed(state.seed, "server-bot", ply)
            )
            assert agent.act(decision_for(state, player)) == action, f"ply {ply}"
        state.apply(action, player)


def test_kill_9_of_the_process_driving_the_bots_loses_nothing(
    tmp_path: Path, postgres_url: str
) -> None:
    seats = ["human", "expert", "random"]
    with (
        server_process(tmp_path / "b", db=postgres_url, bot_delay=0.05, bot_processes=0) as (b, _),
        ExitStack() as stack,
    ):
        with server_process(tmp_path / "a", db=postgres_url, bot_delay=0.05, bot_processes=0) as (
            a,
            doomed,
        ):
            game = create_game(
                a, "dancing-dice", players=3, seats=seats, seed=11
            )  # created through A: A holds its lease and drives its bots
            player = socket_of(stack, a, game["id"], [game["token"]])
            watcher = socket_of(stack, b, game["id"], [])
            acknowledged: list[tuple[int, str]] = []
            frame = frame_until(player, lambda f: bool(f["legal"]))
            while len(acknowledged) < 4:
                move = frame["legal"][0]["text"]
                player.send(json.dumps({"type": "move", "action": move, "ply": frame["ply"]}))
                acknowledged.append((frame["ply"], move))
                frame = frame_until(player, lambda f, p=frame["ply"]: f["ply"] > p and f["legal"])
                # B's spectator saw the bots' moves, which A made.
                frame_until(watcher, lambda f, p=frame["ply"]: f["ply"] >= p)
            move = frame["legal"][0]["text"]
            player.send(json.dumps({"type": "move", "action": move, "ply": frame["ply"]}))
            acknowledged.append((frame["ply"], move))
            frame_until(player, lambda f, p=frame["ply"]: f["ply"] > p)
            doomed.kill()  # SIGKILL, with the bots about to move
            doomed.wait()
            killed_at = time.monotonic()
        player = socket_of(stack, b, game["id"], [game["token"]])  # the client reconnects to B
        frame = frame_until(player, lambda f: f["seat"] == 0)
        taken_over = None
        while frame["meta"]["status"] == "playing":
            if frame["legal"]:
                taken_over = taken_over or time.monotonic()
                move = frame["legal"][0]["text"]
                player.send(json.dumps({"type": "move", "action": move, "ply": frame["ply"]}))
                acknowledged.append((frame["ply"], move))
            frame = frame_until(player, lambda f, p=frame["ply"]: f["ply"] > p)
        assert taken_over is not None and taken_over - killed_at < 10
        assert frame_until(watcher, lambda f: f["meta"]["status"] != "playing")
        record = GameRecord.from_json(http_json("GET", f"{b}/api/games/{game['id']}/record"))
    assert record.actions == stored_actions(postgres_url, game["id"])
    for ply, move in acknowledged:
        assert record.actions[ply] == (0, move), f"ply {ply}"
    assert [p for p, (seat, _) in enumerate(record.actions) if seat == 0] == [
        p for p, _ in acknowledged
    ]
    bot_choices_hold(record, seats)
