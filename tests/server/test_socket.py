"""The socket: refused requests change nothing, junk never hurts, hotseat undo, full games."""

from __future__ import annotations

import json
import threading
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from starlette.testclient import WebSocketTestSession
from websockets.exceptions import ConnectionClosed
from websockets.sync.client import connect

from ballroom.server.app import MAX_FRAME, MAX_SOCKET_MESSAGE, ServerConfig, create_app
from server.support import create_game, hello, receive, send, server_process, until


def new_game(client: TestClient, **body: Any) -> tuple[str, str]:
    created = client.post("/api/games", json=body).json()
    return str(created["id"]), str(created["token"])


def error_of(ws: WebSocketTestSession) -> str:
    frame = receive(ws)
    assert frame["type"] == "error", frame
    message: str = frame["message"]
    return message


def snapshot(client: TestClient, game_id: str) -> tuple[int, Any]:
    """The stored ply and the public observation: what a refused request must not change."""
    meta = client.get(f"/api/games/{game_id}").json()
    frame = client.get(f"/api/games/{game_id}/replay", params={"ply": meta["ply"]}).json()
    return meta["ply"], frame["observation"]


def test_refused_requests_get_a_clear_error_and_change_nothing(client: TestClient) -> None:
    game_id, token = new_game(
        client,
        game="dancing-dice",
        players=3,
        seats=["human", "human", "human"],
        claim=[0],
        seed=9,
        open=True,
    )
    other = client.post(f"/api/games/{game_id}/seats/1/claim").json()["token"]
    before = snapshot(client, game_id)
    with client.websocket_connect(f"/ws/{game_id}") as ws:
        send(ws, {"type": "move", "seat": 0, "action": "keep"})
        assert 'say {"type": "hello"' in error_of(ws)
        state = hello(ws, [token, "not-a-token"])[0]
        assert "1 token(s) hold no seat" in error_of(ws)
        assert [a["text"] for a in state["legal"]][:2] == ["keep", "reroll a"]
        refusals = [
            (
                {"type": "move", "seat": 0, "action": "first a b c"},
                "is not legal now; legal: keep, reroll a",
            ),
            ({"type": "move", "seat": 0, "action": "dance wildly"}, "cannot read 'dance wildly'"),
            ({"type": "move", "seat": 0, "action": 9999}, "out of range 0..89"),
            ({"type": "move", "seat": 0, "action": ["keep"]}, "'action' must be an action's text"),
            ({"type": "move", "seat": 0, "action": "x" * 300}, "longer than 200 characters"),
            (
                {"type": "move", "seat": 1, "action": "keep"},
                "seat 1 is not yours; this connection holds seats: 0",
            ),
            ({"type": "move", "seat": "0", "action": "keep"}, "'seat' must be the integer seat"),
            ({"type": "move", "seat": 7, "action": "keep"}, "seat 7 is not yours"),
            (
                {"type": "undo"},
                "nothing to undo for Andrew: a player takes back only their own last move",
            ),
            ({"type": "hello", "tokens": []}, "already said hello"),
            ({"type": "shout"}, "unknown message type 'shout'; allowed: hello, move"),
            ({"action": "keep"}, "unknown message type None"),
        ]
        for payload, message in refusals:
            send(ws, payload)
            assert message in error_of(ws), payload
        for raw, message in [
            ("{", "not valid JSON"),
            ("[1, 2]", "must be a JSON object"),
            (json.dumps({"type": "move", "action": "k" * 5000}), "message too large"),
        ]:
            ws.send_text(raw)
            assert message in error_of(ws)
        ws.send_bytes(b"\x00\x01")
        assert "not binary" in error_of(ws)
        send(ws, {"type": "ping", "id": 42})
        assert receive(ws) == {"type": "pong", "id": 42}
        send(ws, {"type": "move", "seat": 0, "action": "keep", "id": "m1"})
        frame = until(ws, lambda f: f["type"] == "state")
        assert frame["current"] == [1, 2] and frame["legal"] == []
        send(ws, {"type": "move", "seat": 0, "action": "keep", "id": "m2"})
        error = receive(ws)
        assert error == {
            "type": "error",
            "message": "it is not Andrew's turn; waiting for Barbara, Cindy",
            "id": "m2",
        }
    after_one_move = snapshot(client, game_id)
    assert after_one_move[0] == before[0] + 1
    with client.websocket_connect(f"/ws/{game_id}") as ws:
        hello(ws, [other])
        send(ws, {"type": "resign", "seat": 0})
        assert "seat 0 is not yours" in error_of(ws)
    assert snapshot(client, game_id) == after_one_move


def test_an_unknown_game_is_refused_on_the_socket(client: TestClient) -> None:
    with client.websocket_connect("/ws/nosuchgame") as ws:
        assert "there is no game 'nosuchgame'" in error_of(ws)


frames = st.one_of(
    st.text(max_size=300),
    st.binary(max_size=100),
    st.dictionaries(
        st.sampled_from(["type", "seat", "action", "tokens", "id"]),
        st.one_of(
            st.sampled_from(["hello", "move", "undo", "resign", "ping", "keep", "first a b c"]),
            st.integers(-5, 200),
            st.none(),
            st.lists(st.text(max_size=5), max_size=3),
            st.floats(allow_nan=True),
        ),
    ),
)


@pytest.fixture(scope="module")
def junk_target(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[TestClient, str, str]]:
    """One server and one game shared by every junk example (hypothesis reuses it)."""
    app = create_app(ServerConfig(data_dir=str(tmp_path_factory.mktemp("junk")), bot_delay=0.0))
    with TestClient(app) as client:
        game_id, token = new_game(
            client, game="dancing-dice", players=2, seats=["human", "human"], claim=[0, 1]
        )
        yield client, game_id, token


@settings(max_examples=60, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(junk=st.lists(frames, min_size=1, max_size=8))
def test_junk_frames_never_hurt_the_server(
    junk_target: tuple[TestClient, str, str], junk: list[object]
) -> None:
    """Whatever arrives, the server answers, nothing moves, and the seats still play."""
    client, game_id, token = junk_target
    before = snapshot(client, game_id)
    with client.websocket_connect(f"/ws/{game_id}") as ws:
        for frame in junk:
            if isinstance(frame, bytes):
                ws.send_bytes(frame)
            elif isinstance(frame, str):
                ws.send_text(frame)
            else:
                ws.send_text(json.dumps(frame))
        send(ws, {"type": "ping", "id": "alive"})
        until(ws, lambda f: f.get("id") == "alive")
    assert snapshot(client, game_id) == before
    with client.websocket_connect(f"/ws/{game_id}") as ws:
        states = hello(ws, [token], seats=2)
        assert states[0]["ply"] == before[0]


def test_hotseat_undo_takes_back_a_secret_choice_until_something_is_revealed(
    client: TestClient,
) -> None:
    game_id, token = new_game(
        client,
        game="dancing-dice",
        players=3,
        seats=["human", "human", "human"],
        hotseat=True,
        seed=4,
    )
    with client.websocket_connect(f"/ws/{game_id}") as ws:
        states = hello(ws, [token], seats=3)
        assert set(states) == {0, 1, 2} and not states[0]["undo"]
        start = states[0]["ply"]
        send(ws, {"type": "move", "seat": 0, "action": "reroll a b"})
        frames = {f["seat"]: f for f in (receive(ws) for _ in range(3))}
        assert frames[0]["undo"] and frames[0]["ply"] == start + 1
        assert (
            frames[1]["observation"]["seat"] == 1
        )  # its own view: seat 0's dice have no place in it
        send(ws, {"type": "move", "seat": 1, "action": "keep"})
        frames = {f["seat"]: f for f in (receive(ws) for _ in range(3))}
        assert frames[1]["undo"] and not frames[0]["undo"], "only the last mover may undo"
        send(ws, {"type": "undo", "seat": 0})
        assert "nothing to undo for Andrew" in until(ws, lambda f: f["type"] == "error")["message"]
        send(ws, {"type": "undo", "seat": 1})
        frames = {f["seat"]: f for f in (receive(ws) for _ in range(3))}
        assert frames[0]["reset"] and frames[0]["ply"] == start + 1
        assert frames[0]["current"] == [1, 2]
        send(ws, {"type": "undo", "seat": 0})
        frames = {f["seat"]: f for f in (receive(ws) for _ in range(3))}
        assert frames[0]["ply"] == start and frames[0]["current"] == [0, 1, 2]
        assert frames[0]["observation"]["private"]["reroll"] is None
        for seat in (0, 1, 2):
            send(ws, {"type": "move", "seat": seat, "action": "keep"})
        frame = until(
            ws,
            lambda f: (
                f["type"] == "state"
                and f["observation"]["step"]["step"] == "arrange"
                and f["seat"] == 0
            ),
        )
        assert not frame["undo"], "the re-roll announcement revealed everyone's choice"
        send(ws, {"type": "undo", "seat": 0})
        assert "nothing to undo" in until(ws, lambda f: f["type"] == "error")["message"]
    meta = client.get(f"/api/games/{game_id}").json()
    stored = client.app.state.manager.store.load(game_id)  # type: ignore[attr-defined]
    assert meta["ply"] == len(stored.record.actions)


def play_seat(
    ws: WebSocketTestSession, first: dict[str, Any], refusals: list[str]
) -> dict[str, Any]:
    """Play one seat as a person would: answer each frame that offers moves with the last
    one, tagged with the ply it was chosen at, until the game is over.

    Frames of other seats' moves can still be queued behind a move this seat has sent,
    so a move chosen from such a frame may come too late; the server refuses it as stale
    (collected in ``refusals``) and the next frame is answered instead.
    """
    frame = first
    while frame["meta"]["status"] == "playing":
        if frame["legal"]:
            move = {"type": "move", "seat": frame["seat"], "action": frame["legal"][-1]["text"]}
            send(ws, move | {"ply": frame["ply"]})
        frame = receive(ws)
        while frame["type"] != "state":
            assert frame["type"] == "error", frame
            refusals.append(frame["message"])
            frame = receive(ws)
    return frame


def test_two_players_and_a_bot_play_to_the_end_and_spectators_follow(client: TestClient) -> None:
    """Two people, each at their own screen, and an expert bot finish a game; a spectator
    sees the end. Each person plays on a thread of their own, so neither waits on the other."""
    game_id, token = new_game(
        client,
        game="dancing-dice",
        players=3,
        seats=["human", "human", "expert"],
        options={"endurance": 2},
        seed=21,
        open=True,
    )
    other = client.post(f"/api/games/{game_id}/seats/1/claim").json()["token"]
    with (
        client.websocket_connect(f"/ws/{game_id}") as one,
        client.websocket_connect(f"/ws/{game_id}") as two,
        client.websocket_connect(f"/ws/{game_id}") as watcher,
    ):
        firsts = {0: hello(one, [token])[0], 1: hello(two, [other])[1]}
        hello(watcher, [])
        finals: dict[int, dict[str, Any]] = {}
        refusals: list[str] = []
        players = [
            threading.Thread(
                target=lambda seat=seat, ws=ws: finals.update(
                    {seat: play_seat(ws, firsts[seat], refusals)}
                ),
                daemon=True,
            )
            for seat, ws in ((0, one), (1, two))
        ]
        for player in players:
            player.start()
        for player in players:
            player.join(timeout=120)
        assert sorted(finals) == [0, 1], "a player never saw the game end"
        assert all(frame["meta"]["status"] == "over" for frame in finals.values())
        assert all("the game has moved on since" in message for message in refusals), refusals
        final = until(watcher, lambda f: f["type"] == "state" and f["meta"]["status"] == "over")
        assert final["seat"] is None and final["legal"] == []
        assert final["observation"]["public"]["winners"] == final["meta"]["result"]["winners"]
        assert any(e["kind"] == "game-over" for e in final["events"])


def test_the_app_plays_and_resumes_on_postgresql(postgres_url: str) -> None:
    """The same server on PostgreSQL: a game is played, then a new app resumes it."""
    config = ServerConfig(db_url=postgres_url, bot_delay=0.0)
    with TestClient(create_app(config)) as client:
        game_id, token = new_game(
            client, game="dancing-dice", players=2, seats=["human", "expert"], seed=8
        )
        with client.websocket_connect(f"/ws/{game_id}") as ws:
            state = hello(ws, [token])[0]
            send(ws, {"type": "move", "seat": 0, "action": "reroll a b c"})
            before = until(
                ws,
                lambda f: (
                    f["type"] == "state"
                    and f["observation"]["step"]["step"] == "arrange"
                    and f["current"] == [0]
                ),
            )
    with TestClient(create_app(config)) as client, client.websocket_connect(f"/ws/{game_id}") as ws:
        after = hello(ws, [token])[0]
        assert (after["ply"], after["observation"]) == (before["ply"], before["observation"])
        assert after["ply"] > state["ply"]
        stored = client.app.state.manager.store.load(game_id)  # type: ignore[attr-defined]
        assert len(stored.record.actions) == after["ply"]


def test_an_oversized_frame_is_answered_on_a_real_server_and_the_game_goes_on(
    tmp_path: Path,
) -> None:
    """Through uvicorn: a frame far over the frame limit gets an error naming the limit.

    Only a message over ``MAX_SOCKET_MESSAGE`` (which uvicorn would have to
    buffer whole) closes the socket, with code 1009 and a reason naming it.
    """
    with server_process(tmp_path) as (base, _process):
        created = create_game(base, "dancing-dice", players=2, seed=4)
        url = base.replace("http", "ws") + f"/ws/{created['id']}"
        with connect(url, max_size=None) as ws:
            ws.send(json.dumps({"type": "hello", "tokens": [created["token"]]}))
            state = json.loads(ws.recv(timeout=10))
            huge = json.dumps({"type": "move", "seat": 0, "action": "k" * 100_000})
            ws.send(huge)
            error = json.loads(ws.recv(timeout=10))
            assert error["type"] == "error"
            assert error["message"] == (
                f"message too large: {len(huge)} bytes; at most {MAX_FRAME} bytes"
            )
            ws.send(json.dumps({"type": "move", "seat": 0, "action": state["legal"][0]["text"]}))
            moved = json.loads(ws.recv(timeout=10))
            assert moved["type"] == "state" and moved["ply"] > state["ply"]
            # Only the frame's header, declaring a payload over the limit: were the whole
            # megabyte sent, the server's close would meet unread data and reset the
            # connection, and the reset can discard the close frame before it is read.
            length = MAX_SOCKET_MESSAGE + 1
            ws.socket.sendall(bytes([0x81, 0x80 | 127]) + length.to_bytes(8, "big") + bytes(4))
            with pytest.raises(ConnectionClosed):
                ws.recv(timeout=10)
            assert ws.close_code == 1009
            assert ws.close_reason is not None and str(MAX_SOCKET_MESSAGE) in ws.close_reason
