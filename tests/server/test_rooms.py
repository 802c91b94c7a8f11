"""Rooms in memory: idle ones are evicted and come back; a resigning player hands over to a bot."""

from __future__ import annotations

import gc
import math
import time
from pathlib import Path
from typing import Any

from fastapi.testclient import TestClient
from typer.testing import CliRunner

from ballroom.cli import app as cli_app
from ballroom.core.record import GameRecord, replay
from ballroom.server.app import SERVER_GC_THRESHOLDS, ServerConfig, create_app
from ballroom.server.rooms import RoomManager
from server.support import hello, send, until


def manager_of(client: TestClient) -> RoomManager:
    manager: RoomManager = client.app.state.manager  # type: ignore[attr-defined]
    return manager


def evict(client: TestClient) -> list[str]:
    """Evict every idle room now, on the app's own event loop."""
    assert client.portal is not None
    evicted: list[str] = client.portal.call(manager_of(client).evict_idle, math.inf)
    return evicted


def until_idle(client: TestClient, game_id: str) -> None:
    """Wait until the server has seen every connection close and its bots have moved,
    which a loaded machine can take a while to do."""
    deadline = time.monotonic() + 30
    while (room := manager_of(client).rooms.get(game_id)) and (
        room.connections or room.bots_to_move() or (room.driver and not room.driver.done())
    ):
        assert time.monotonic() < deadline, "the room never fell idle"
        time.sleep(0.01)


def first_view(client: TestClient, game_id: str, tokens: list[str]) -> dict[str, Any]:
    with client.websocket_connect(f"/ws/{game_id}") as ws:
        return next(iter(hello(ws, tokens).values()))


def test_an_idle_room_is_evicted_and_reloads_to_the_same_state(client: TestClient) -> None:
    created = client.post(
        "/api/games",
        json={
            "game": "dancing-dice",
            "players": 3,
            "seats": ["human", "human", "expert"],
            "seed": 5,
        },
    ).json()
    game_id, token = created["id"], created["token"]
    with client.websocket_connect(f"/ws/{game_id}") as ws:
        state = hello(ws, [token])[0]
        send(ws, {"type": "move", "seat": 0, "action": state["legal"][-1]["text"]})
        until(ws, lambda f: f["type"] == "state" and f["ply"] > state["ply"])
        assert evict(client) == [], "a watched room stays"
    until_idle(client, game_id)
    before = first_view(client, game_id, [token])
    until_idle(client, game_id)
    assert game_id in evict(client)
    assert game_id not in manager_of(client).rooms
    after = first_view(client, game_id, [token])
    assert game_id in manager_of(client).rooms
    assert before == after and after["ply"] > state["ply"]


def test_a_game_with_bots_to_move_is_never_evicted(tmp_path: Path) -> None:
    config = ServerConfig(data_dir=str(tmp_path), bot_delay=60.0, evict_after=0.0)
    with TestClient(create_app(config)) as client:
        bots = client.post(
            "/api/games",
            json={"game": "dancing-dice", "players": 3, "seats": ["random"] * 3},
        ).json()["id"]
        humans = client.post(
            "/api/games",
            json={"game": "dancing-dice", "players": 3, "seats": ["human"] * 3},
        ).json()["id"]
        deadline = time.monotonic() + 10
        while humans in manager_of(client).rooms and time.monotonic() < deadline:
            time.sleep(0.1)
        assert humans not in manager_of(client).rooms, "the sweeper evicts an idle room"
        assert evict(client) == []
        assert bots in manager_of(client).rooms and manager_of(client).rooms[bots].bots_to_move()


def play_out(ws: Any, seat: int, frame: dict[str, Any]) -> dict[str, Any]:
    """Play ``seat`` from ``frame`` on with its first legal move until the game ends."""
    while True:
        if frame["meta"]["status"] != "playing":
            return frame
        if frame["legal"]:
            send(ws, {"type": "move", "seat": seat, "action": frame["legal"][0]["text"]})
        frame = until(ws, lambda f: f["type"] == "state" and f["seat"] == seat)


def test_a_resigning_player_hands_a_three_player_game_to_the_default_bot(
    tmp_path: Path,
) -> None:
    body = {
        "game": "dancing-dice",
        "players": 3,
        "seats": ["human", "human", "random"],
        "options": {"endurance": 1},
        "seed": 3,
    }
    config = ServerConfig(data_dir=str(tmp_path), bot_delay=0.0, chosen_seeds=True)
    with TestClient(create_app(config)) as client:
        created = client.post("/api/games", json=body).json()
        game_id, token = created["id"], created["token"]
        join = {"join": created["join"]}
        other = client.post(f"/api/games/{game_id}/seats/1/claim", json=join).json()["token"]
        with client.websocket_connect(f"/ws/{game_id}") as ws:
            hello(ws, [token])
            send(ws, {"type": "resign", "seat": 0})
            frame = until(ws, lambda f: f["type"] == "state" and f["meta"]["seats"][0]["resigned"])
            assert frame["meta"]["status"] == "playing" and frame["legal"] == []
            assert frame["meta"]["seats"][0]["kind"] == "bot"
            assert frame["meta"]["seats"][0]["bot"] == "expert"  # Dancing Dice's first bot
            assert [e["text"] for e in frame["events"]] == [
                "Andrew resigns; the expert bot plays the seat from now on."
            ]
            send(ws, {"type": "resign", "seat": 0})
            assert "has resigned already" in until(ws, lambda f: f["type"] == "error")["message"]
        with client.websocket_connect(f"/ws/{game_id}") as ws:
            last = play_out(ws, 1, hello(ws, [other])[1])
        assert last["meta"]["status"] == "over"
        result = last["meta"]["result"]
        assert result["resigned"] == [0] and result["ranking"][-1] == [0]
        assert 0 not in result["winners"]
        record = GameRecord.loads(client.get(f"/api/games/{game_id}/record").text)
        assert replay(record).is_terminal() and record.seats == ("expert", "human", "random")
    # A restarted server keeps the bot in the seat and the resignation in the log.
    with TestClient(create_app(config)) as client:
        view = first_view(client, game_id, [other])
        assert view["meta"]["seats"][0]["resigned"] and view["meta"]["seats"][0]["kind"] == "bot"
        texts = [event["text"] for event in view["events"]]
        assert texts.count("Andrew resigns; the expert bot plays the seat from now on.") == 1
        assert texts.index("Andrew resigns; the expert bot plays the seat from now on.") > 0
    path = tmp_path / "record.json"
    record.save(path)
    result = CliRunner().invoke(cli_app, ["replay", str(path)])
    assert result.exit_code == 0 and "replay exactly" in result.output


def test_resigning_a_two_player_game_still_ends_it(client: TestClient) -> None:
    created = client.post(
        "/api/games", json={"game": "dancing-dice", "players": 2, "seats": ["human", "expert"]}
    ).json()
    with client.websocket_connect(f"/ws/{created['id']}") as ws:
        hello(ws, [created["token"]])
        send(ws, {"type": "resign", "seat": 0})
        frame = until(ws, lambda f: f["type"] == "state" and f["meta"]["status"] != "playing")
    assert frame["meta"]["status"] == "resigned" and frame["meta"]["resigned"] == 0
    assert frame["meta"]["seats"][0]["kind"] == "human"
    assert frame["events"][-1]["text"] == "Andrew resigns; the game is over."


def test_the_server_tunes_the_garbage_collector(tmp_path: Path) -> None:
    """``ballroom serve`` freezes its start-up objects and collects seldom, so that
    full collections, which stop every game, stay short and rare."""
    frozen = gc.get_freeze_count()
    thresholds = gc.get_threshold()
    try:
        config = ServerConfig(data_dir=str(tmp_path), tune_gc=True)
        with TestClient(create_app(config)) as client:
            assert gc.get_freeze_count() > frozen
            assert gc.get_threshold() == SERVER_GC_THRESHOLDS
            assert client.get("/api/catalog").status_code == 200
    finally:
        gc.unfreeze()
        gc.set_threshold(*thresholds)
