"""Malformed frames and uploads get a clear answer; the connection, the server and the games go on."""

from __future__ import annotations

import json
import random
import threading
import time
import urllib.error
import urllib.request
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from ballroom.core.game import make_game
from ballroom.core.record import GameRecord
from ballroom.core.state import CHANCE
from server.support import hello, receive, send, server_process, until


def new_game(client: TestClient) -> tuple[str, str]:
    created = client.post(
        "/api/games", json={"game": "dancing-dice", "players": 2, "seats": ["human", "random"]}
    ).json()
    return created["id"], created["token"]


@pytest.mark.parametrize(
    ("frame", "answer"),
    [
        ("[" * 2040 + "]" * 2040, "not valid JSON"),
        ('{"type": "ping", "id": ' + "[" * 1500 + "]" * 1500 + "}", "depth limit"),
        ('{"type": "ping", "id": "\\ud800"}', "not valid JSON"),
        ('{"type": "move", "seat": 0, "action": "\\udfff"}', "not valid JSON"),
        ('{"type": "hello", "tokens": ["\\ud83d"]}', "not valid JSON"),
        ('{"type": "ping", "id": 18446744073709551616}', None),
        ('{"type": "ping", "id": -340282366920938463463374607431768211456}', None),
        ('{"type": "ping", "id": 9007199254740993}', None),
        ('{"type": "move", "seat": 18446744073709551616, "action": "keep"}', "'seat' must be"),
        ('{"type": "move", "seat": 0, "action": 18446744073709551616}', "'action' must be"),
    ],
)
def test_hostile_frames_are_answered_and_the_connection_stays(
    client: TestClient, frame: str, answer: str | None
) -> None:
    game_id, token = new_game(client)
    with client.websocket_connect(f"/ws/{game_id}") as ws:
        hello(ws, [token])
        ws.send_text(frame)
        reply = receive(ws)
        if answer is None:  # a ping whose id cannot be echoed safely is answered without it
            assert reply == {"type": "pong", "id": None}
        else:
            assert reply["type"] == "error" and answer in reply["message"], reply
        send(ws, {"type": "ping", "id": "still here"})
        assert until(ws, lambda f: f["type"] == "pong")["id"] == "still here"


def test_odd_but_valid_text_is_echoed_or_refused_plainly(client: TestClient) -> None:
    game_id, token = new_game(client)
    with client.websocket_connect(f"/ws/{game_id}") as ws:
        send(ws, {"type": "hello", "tokens": [token, "\u0000\u202e🂡\U0010ffff"]})
        frames = [receive(ws), receive(ws)]
        error = next(f for f in frames if f["type"] == "error")
        assert "1 token(s) hold no seat" in error["message"]
        send(ws, {"type": "ping", "id": "\u0000🂡\u202e"})
        assert until(ws, lambda f: f["type"] == "pong")["id"] == "\u0000🂡\u202e"
        send(ws, {"type": "move", "seat": 0, "action": "🂡\u0000"})
        assert "🂡" in until(ws, lambda f: f["type"] == "error")["message"]


def test_an_upload_with_a_seed_out_of_range_is_refused_with_the_reason(client: TestClient) -> None:
    record = GameRecord.of(make_game("dancing-dice", 2).new_state(1)).to_json()
    for seed in (2**63, 2**64 + 5, -1):
        refused = client.post("/api/records", content=json.dumps({**record, "seed": seed}))
        assert refused.status_code == 400, refused.text
        assert "field 'seed' must be 0.." in refused.json()["detail"]
    assert client.get("/api/games").json() == []


def test_a_rematch_waits_for_the_end_of_the_game(client: TestClient) -> None:
    game_id, token = new_game(client)
    refused = client.post(f"/api/games/{game_id}/rematch", headers={"x-ballroom-token": token})
    assert refused.status_code == 400 and "still being played" in refused.json()["detail"]
    assert client.get(f"/api/games/{game_id}").json()["rematch"] is None


def endless_dance(actions: int) -> GameRecord:
    """A long, legal record: The Dance with no dawn, where nobody ever seats a Dancer."""
    chooser = random.Random(5)
    game = make_game("the-dance", 6, dawn=0)
    state = game.new_state(5)
    while len(state.history) < actions:
        if state.is_chance_node():
            state.apply(state.sample_chance(), CHANCE)
            continue
        seat = chooser.choice(sorted(state.current_players()))
        legal = state.legal_actions(seat)
        idle = [a for a in legal if not game.action_to_text(a).startswith("seat")]
        state.apply(chooser.choice(idle or legal), seat)
    return state.record()


def test_a_long_upload_does_not_hold_up_other_requests(tmp_path: Path) -> None:
    """While a long record is read and replayed, the server answers others at once."""
    body = endless_dance(60_000).dumps().encode()
    waits: list[float] = []
    with server_process(tmp_path) as (base, _):
        urllib.request.urlopen(base + "/api/games", timeout=60).read()  # its first answer warms up
        request = urllib.request.Request(base + "/api/records", data=body, method="POST")
        uploading = threading.Thread(target=lambda: urllib.request.urlopen(request, timeout=60))
        started = time.perf_counter()
        uploading.start()
        while uploading.is_alive():
            asked = time.perf_counter()
            with urllib.request.urlopen(base + "/api/games", timeout=60) as response:
                assert response.status == 200
            waits.append(time.perf_counter() - asked)
        took = time.perf_counter() - started
        with urllib.request.urlopen(base + "/api/games", timeout=10) as response:
            assert [game["status"] for game in json.loads(response.read())] == ["uploaded"]
    assert took > 0.5, "the upload must take long enough to tell"
    assert max(waits) < took / 3, (
        f"a request waited {max(waits):.2f} s of the upload's {took:.2f} s"
    )
