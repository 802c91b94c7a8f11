"""Seats meant for friends (issue 30 §4): a game is private, its free seats taken
through its join links only, or open, listed in the lobby for anyone."""

from __future__ import annotations

from fastapi.testclient import TestClient

from server.support import created_in, hello, send, until


def test_a_private_games_free_seat_needs_its_join_key_and_the_lobby_does_not_list_it(
    client: TestClient,
) -> None:
    created = created_in(client, game="dancing-dice", players=3, seats=["human", "human", "expert"])
    game_id, key = created["id"], created["join"]
    assert isinstance(key, str) and len(key) >= 16
    assert client.get("/api/games").json() == [], "a private game is not listed"
    assert client.get(f"/api/games/{game_id}").json()["open"] is False

    stranger = client.post(f"/api/games/{game_id}/seats/1/claim")
    assert stranger.status_code == 403
    assert "this game is private" in stranger.json()["detail"]
    guessed = client.post(f"/api/games/{game_id}/seats/1/claim", json={"join": "guess"})
    assert guessed.status_code == 403 and "does not match" in guessed.json()["detail"]
    assert not client.get(f"/api/games/{game_id}").json()["seats"][1]["claimed"]

    friend = client.post(f"/api/games/{game_id}/seats/1/claim", json={"join": key})
    assert friend.status_code == 200, friend.text
    assert client.get(f"/api/games/{game_id}").json()["seats"][1]["claimed"]


def test_seated_players_are_sent_the_join_key_and_spectators_are_not(client: TestClient) -> None:
    created = created_in(client, game="dancing-dice", players=2, seats=["human", "human"])
    game_id = created["id"]
    with client.websocket_connect(f"/ws/{game_id}") as seated:
        assert hello(seated, [created["token"]])[0]["join"] == created["join"]
    with client.websocket_connect(f"/ws/{game_id}") as watcher:
        frame = hello(watcher, [])[None]
        assert frame["join"] is None
        assert created["join"] not in str(frame)


def test_an_open_game_is_listed_and_anyone_may_take_its_free_seat(client: TestClient) -> None:
    private = created_in(client, game="dancing-dice", players=2, seats=["human", "human"])
    created = created_in(
        client, game="dancing-dice", players=2, seats=["human", "human"], open=True
    )
    assert created["join"] is None
    listed = client.get("/api/games").json()
    assert [entry["id"] for entry in listed] == [created["id"]]
    assert private["id"] not in str(listed)
    assert client.get(f"/api/games/{created['id']}").json()["open"] is True
    taken = client.post(f"/api/games/{created['id']}/seats/1/claim")
    assert taken.status_code == 200, taken.text


def test_a_rematch_of_a_private_game_is_private_with_a_new_key(client: TestClient) -> None:
    created = created_in(
        client, game="dancing-dice", players=2, seats=["human", "random"], options={"endurance": 1}
    )
    game_id = created["id"]
    with client.websocket_connect(f"/ws/{game_id}") as ws:
        hello(ws, [created["token"]])
        send(ws, {"type": "resign", "seat": 0})
        until(ws, lambda f: f["type"] == "state" and f["meta"]["status"] == "resigned")
    again = client.post(
        f"/api/games/{game_id}/rematch", headers={"x-ballroom-token": created["token"]}
    )
    assert again.status_code == 200, again.text
    rematch = client.get(f"/api/games/{again.json()['id']}").json()
    assert rematch["open"] is False
    assert client.get("/api/games").json() == []
