"""kill -9 the server mid-game, start it again: every game carries on exactly.

Each accepted action was committed before anyone heard of it, bots choose
with seeds derived from (game seed, ply), and chance comes from the state's
own seeded source, so the restarted server plays the very game the first
one would have played.
"""

from __future__ import annotations

import json
import time
from dataclasses import replace
from pathlib import Path
from typing import Any

from fastapi.testclient import TestClient
from websockets.sync.client import ClientConnection, connect

from ballroom.agents import make_agent
from ballroom.core.game import make
from ballroom.core.play import decision_for
from ballroom.core.record import GameRecord
from ballroom.core.rng import derive_seed
from ballroom.core.state import CHANCE
from ballroom.server import storage
from ballroom.server.app import ServerConfig, create_app
from server.support import create_game, http_json, server_process


def uninterrupted(record: GameRecord, seats: list[str]) -> GameRecord:
    """The whole game a bots-only table plays from ``record``'s set-up."""
    state = record.new_state()
    while not state.is_terminal():
        player = state.current_players()[0]
        if player == CHANCE:
            state.apply(state.sample_chance(), CHANCE)
            continue
        agent = make_agent(
            state.game,
            player,
            seats[player],
            derive_seed(state.seed, "server-bot", len(state.history)),
        )
        state.apply(agent.act(decision_for(state, player)), player)
    return state.record()


def frame_until(ws: ClientConnection, wanted: Any) -> dict[str, Any]:
    while True:
        frame: dict[str, Any] = json.loads(ws.recv(timeout=20))
        if wanted(frame):
            return frame


def test_a_killed_server_resumes_every_game_exactly(tmp_path: Path) -> None:
    with server_process(tmp_path, bot_delay=0.01) as (base, process):
        ws_base = base.replace("http", "ws")
        human = create_game(
            base,
            "dancing-dice",
            players=3,
            seats=["human", "expert", "random"],
            options={"endurance": 2},
            seed=77,
        )
        bots = create_game(
            base,
            "dancing-dice",
            players=3,
            seats=["expert", "random", "expert"],
            options={"endurance": 4},
            seed=78,
        )
        with connect(f"{ws_base}/ws/{human['id']}") as ws:
            ws.send(json.dumps({"type": "hello", "tokens": [human["token"]]}))
            frame = frame_until(ws, lambda f: f["type"] == "state" and f["legal"])
            ws.send(json.dumps({"type": "move", "seat": 0, "action": "reroll a"}))
            before = frame_until(
                ws,
                lambda f: f["type"] == "state" and f["current"] == [0] and f["ply"] > frame["ply"],
            )
        deadline = time.monotonic() + 20
        while http_json("GET", f"{base}/api/games/{bots['id']}")["ply"] < 60:
            assert time.monotonic() < deadline
            time.sleep(0.02)
        process.kill()  # SIGKILL: no shutdown handlers run
        process.wait()
    with server_process(tmp_path, bot_delay=0.0) as (base, _):
        ws_base = base.replace("http", "ws")
        with connect(f"{ws_base}/ws/{human['id']}") as ws:
            ws.send(json.dumps({"type": "hello", "tokens": [human["token"]]}))
            after = frame_until(ws, lambda f: f["type"] == "state")
            assert (after["ply"], after["observation"], after["legal"]) == (
                before["ply"],
                before["observation"],
                before["legal"],
            )
            while after["meta"]["status"] == "playing":
                if after["legal"]:
                    ws.send(
                        json.dumps({"type": "move", "seat": 0, "action": after["legal"][0]["text"]})
                    )
                after = frame_until(ws, lambda f: f["type"] == "state")
        assert after["meta"]["status"] == "over"
        deadline = time.monotonic() + 60
        while http_json("GET", f"{base}/api/games/{bots['id']}")["status"] == "playing":
            assert time.monotonic() < deadline, "the bots' game did not carry on after the restart"
            time.sleep(0.05)
        finished = GameRecord.from_json(http_json("GET", f"{base}/api/games/{bots['id']}/record"))
        assert finished.actions == uninterrupted(finished, ["expert", "random", "expert"]).actions


def test_a_game_recorded_under_older_rules_does_not_stop_the_server(tmp_path: Path) -> None:
    """A live game stored under a rules version this engine no longer plays is left as
    stored when the server starts: the other games resume, and opening that one says why."""
    config = ServerConfig(data_dir=str(tmp_path), bot_delay=0.0, chosen_seeds=True)
    with TestClient(create_app(config)) as client:
        body = {"game": "dancing-dice", "players": 2, "seats": ["human", "human"], "seed": 3}
        current = client.post("/api/games", json=body).json()["id"]
    engine = storage.make_engine(storage.default_sqlite_url(tmp_path))
    record = GameRecord.of(make("dancing-dice", 2, seed=4))
    storage.Store(engine).write(
        storage.create_game,
        "older",
        replace(record, version="0"),
        [("human", None)] * 2,
        hotseat=False,
    )
    engine.dispose()
    with TestClient(create_app(config)) as client:
        refused = client.get("/api/games/older")
        assert refused.status_code == 400
        assert "rules version '0'" in refused.json()["detail"]
        assert client.get(f"/api/games/{current}").json()["status"] == "playing"
