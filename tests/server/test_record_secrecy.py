"""A live game's seed and secrets never leave the server; a finished game's record is public.

The seed foretells every die and card, and other seats' actions name their
secret choices, so while a game is played nobody gets the full record: a
seated player may download what their seat has seen, a spectator nothing.
Every HTTP answer and socket frame of a live game is searched for the seed.
"""

from __future__ import annotations

import json
from typing import Any

import pytest
from fastapi.testclient import TestClient
from starlette.testclient import WebSocketTestSession

from ballroom.core.game import games
from ballroom.core.record import GameRecord, replay
from server.support import hello, send, until

SEED = 987_654_321_987
"""Long enough that finding its digits in an answer cannot be chance."""


def new_game(client: TestClient, game: str, players: int) -> tuple[str, list[str]]:
    created = client.post(
        "/api/games", json={"game": game, "players": players, "seed": SEED, "claim": [0]}
    ).json()
    game_id = created["id"]
    tokens = [created["token"]] + [
        client.post(f"/api/games/{game_id}/seats/{s}/claim", json={"join": created["join"]}).json()[
            "token"
        ]
        for s in range(1, players)
    ]
    return game_id, tokens


def move(ws: WebSocketTestSession, states: dict[Any, dict[str, Any]], seat: int, text: str) -> None:
    """Play ``text`` for ``seat`` on a socket holding every seat; ``states`` gets the new frames."""
    send(ws, {"type": "move", "seat": seat, "action": text})
    ply = states[seat]["ply"]
    for s in list(states):
        states[s] = until(ws, lambda f, s=s: f.get("seat") == s and f["ply"] > ply)


def everything_sent(client: TestClient, game_id: str, tokens: list[str]) -> list[str]:
    """Every answer anyone may get about a live game: HTTP, as each seat and as a spectator."""
    texts = [
        client.get("/api/games").text,
        client.get(f"/api/games/{game_id}").text,
        client.get(f"/api/games/{game_id}/record").text,
        client.get(f"/api/games/{game_id}/replay", params={"ply": 0}).text,
    ]
    for seat, token in enumerate(tokens):
        mine = {"x-ballroom-token": token}
        ply = client.get(f"/api/games/{game_id}").json()["ply"]
        texts.append(client.get(f"/api/games/{game_id}/record", headers=mine).text)
        texts.append(
            client.get(
                f"/api/games/{game_id}/replay", params={"ply": ply, "seat": seat}, headers=mine
            ).text
        )
    texts.append(
        client.post(f"/api/games/{game_id}/rematch", headers={"x-ballroom-token": tokens[0]}).text
    )
    return texts


@pytest.mark.parametrize("game", [g.id for g in games()])
def test_no_answer_about_a_live_game_carries_its_seed(client: TestClient, game: str) -> None:
    game_id, tokens = new_game(client, game, 2)
    frames: list[str] = []
    with client.websocket_connect(f"/ws/{game_id}") as ws:
        states = hello(ws, tokens, seats=2)
        frames += [json.dumps(frame) for frame in states.values()]
        for _ in range(6):
            seat = next((s for s, f in states.items() if f["legal"]), None)
            if seat is None:
                break
            move(ws, states, seat, states[seat]["legal"][0]["text"])
            frames += [json.dumps(frame) for frame in states.values()]
    assert client.get(f"/api/games/{game_id}").json()["status"] == "playing"
    for text in everything_sent(client, game_id, tokens) + frames:
        assert str(SEED) not in text


def test_only_a_seat_may_download_its_own_view_until_the_end(client: TestClient) -> None:
    game_id, (andrew, barbara) = new_game(client, "dancing-dice", 2)
    with client.websocket_connect(f"/ws/{game_id}") as ws:
        hello(ws, [andrew, barbara], seats=2)
        send(ws, {"type": "move", "seat": 0, "action": "reroll a b"})
        until(ws, lambda f: f.get("seat") == 1 and f["ply"] > 0 and f["current"] == [1])
    refused = client.get(f"/api/games/{game_id}/record")
    assert refused.status_code == 403 and "published when it ends" in refused.json()["detail"]
    wrong = client.get(f"/api/games/{game_id}/record", headers={"x-ballroom-token": "nope"})
    assert wrong.status_code == 403
    other = client.get(
        f"/api/games/{game_id}/record", params={"seat": 1}, headers={"x-ballroom-token": andrew}
    )
    assert other.status_code == 403 and "does not hold seat 1" in other.json()["detail"]

    mine = client.get(f"/api/games/{game_id}/record", headers={"x-ballroom-token": andrew})
    assert mine.status_code == 200 and "seat1.json" in mine.headers["content-disposition"]
    view: dict[str, Any] = mine.json()
    assert view["format"] == "ballroom-seat-record/1" and view["seat"] == 0
    assert "seed" not in view and "actions" not in view
    assert [text for _, text in view["moves"]] == ["reroll a b"]
    texts = [event["text"] for event in view["log"]]
    assert any(text.startswith("Your dice:") for text in texts)
    assert view["observation"]["seat"] == 0  # its own view: the others' dice have no place in it
    theirs = client.get(f"/api/games/{game_id}/record", headers={"x-ballroom-token": barbara})
    assert theirs.json()["moves"] == [] and theirs.json()["log"] != view["log"]

    with client.websocket_connect(f"/ws/{game_id}") as ws:
        hello(ws, [andrew, barbara], seats=2)
        send(ws, {"type": "resign", "seat": 1})
        until(ws, lambda f: f["type"] == "state" and f["meta"]["status"] == "resigned")
    record = GameRecord.loads(client.get(f"/api/games/{game_id}/record").text)
    assert record.seed == SEED and replay(record).history


def test_a_seats_replay_shows_what_it_was_sent_live(client: TestClient) -> None:
    """Replays are built like live frames, so the twins' proof covers them too."""
    game_id, tokens = new_game(client, "the-dance", 2)
    live: dict[int, dict[str, Any]] = {}
    with client.websocket_connect(f"/ws/{game_id}") as ws:
        states = hello(ws, tokens, seats=2)
        live[states[1]["ply"]] = states[1]
        for _ in range(12):
            seat = next(s for s, f in states.items() if f["legal"])
            move(ws, states, seat, states[seat]["legal"][-1]["text"])
            live[states[1]["ply"]] = states[1]
    for ply, frame in live.items():
        replayed = client.get(
            f"/api/games/{game_id}/replay",
            params={"ply": ply, "seat": 1},
            headers={"x-ballroom-token": tokens[1]},
        ).json()
        assert replayed["observation"] == frame["observation"]
        assert replayed["current"] == frame["current"]
