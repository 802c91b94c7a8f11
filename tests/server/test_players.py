"""Real players on the socket and the API: stale moves, own-move undo, seat links, absent seats."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient
from starlette.testclient import WebSocketTestSession
from starlette.websockets import WebSocketDisconnect

from ballroom.server.app import ServerConfig, create_app
from server.support import created_in, hello, receive, send, until


def error_of(ws: WebSocketTestSession) -> str:
    message: str = until(ws, lambda f: f["type"] == "error")["message"]
    return message


def stored_ply(client: TestClient, game_id: str) -> int:
    ply: int = client.get(f"/api/games/{game_id}").json()["ply"]
    return ply


# -- stale and doubled moves --------------------------------------------------------


def test_a_move_made_at_an_old_ply_is_refused_and_changes_nothing(client: TestClient) -> None:
    created = created_in(
        client, game="the-dance", players=2, seats=["human", "human"], claim=[0, 1], seed=3
    )
    game_id = created["id"]
    with client.websocket_connect(f"/ws/{game_id}") as ws:
        first = hello(ws, [created["token"]], seats=2)[1]  # seat 1 chooses first (RULINGS 15)
        ply = first["ply"]
        send(ws, {"type": "move", "seat": 1, "action": first["legal"][0]["text"], "ply": ply})
        moved = until(ws, lambda f: f["type"] == "state" and f["seat"] == 0 and f["ply"] > ply)
        # The same click again (a double click) and seat 0 answering the screen it saw before.
        send(ws, {"type": "move", "seat": 1, "action": first["legal"][1]["text"], "ply": ply})
        assert error_of(ws) == (
            f"this move was made at ply {ply} but the game is at ply {ply + 1}; "
            "the game has moved on since: look at the new position and choose again"
        )
        send(ws, {"type": "move", "seat": 0, "action": moved["legal"][0]["text"], "ply": ply})
        assert f"made at ply {ply} but the game is at ply {ply + 1}" in error_of(ws)
        send(ws, {"type": "move", "seat": 0, "action": moved["legal"][0]["text"], "ply": ply + 7})
        assert f"made at ply {ply + 7} but the game is at ply {ply + 1}" in error_of(ws)
        send(ws, {"type": "move", "seat": 0, "action": moved["legal"][0]["text"], "ply": "1"})
        assert "'ply' must be the integer ply of the state you saw (now" in error_of(ws)
        assert stored_ply(client, game_id) == ply + 1
        # Without a ply (scripts written before it) a move is still taken.
        send(ws, {"type": "move", "seat": 0, "action": moved["legal"][0]["text"]})
        until(ws, lambda f: f["type"] == "state" and f["ply"] == ply + 2)
    assert stored_ply(client, game_id) == ply + 2


def test_other_seats_secret_choices_do_not_make_a_move_stale(client: TestClient) -> None:
    """In a simultaneous round the others' hidden choices change nothing a seat sees,
    so a person is not refused for being slower than a bot; her own second click is."""
    created = created_in(
        client, game="dancing-dice", players=3, seats=["human"] * 3, claim=[0, 1, 2], seed=2
    )
    with client.websocket_connect(f"/ws/{created['id']}") as ws:
        ply = hello(ws, [created["token"]], seats=3)[0]["ply"]
        send(ws, {"type": "move", "seat": 1, "action": "keep", "ply": ply})
        until(ws, lambda f: f["type"] == "state" and f["ply"] == ply + 1)
        send(ws, {"type": "move", "seat": 0, "action": "reroll a", "ply": ply})
        until(ws, lambda f: f["type"] == "state" and f["ply"] == ply + 2)
        send(ws, {"type": "move", "seat": 0, "action": "keep", "ply": ply})
        assert f"made at ply {ply} but the game is at ply {ply + 2}" in error_of(ws)
        send(ws, {"type": "move", "seat": 2, "action": "keep", "ply": ply})
        revealed = until(ws, lambda f: f["type"] == "state" and f["ply"] > ply + 2)
        assert revealed["observation"]["step"]["step"] == "arrange"
        send(ws, {"type": "move", "seat": 2, "action": "first a b c", "ply": ply})
        assert f"made at ply {ply} but the game is at ply {revealed['ply']}" in error_of(ws)


# -- hotseat undo: only one's own move ----------------------------------------------


def test_undo_takes_back_only_the_undoing_players_own_move(client: TestClient) -> None:
    created = created_in(
        client, game="dancing-dice", players=2, seats=["human", "human"], hotseat=True, seed=4
    )
    with client.websocket_connect(f"/ws/{created['id']}") as ws:
        start = hello(ws, [created["token"]], seats=2)[0]["ply"]
        send(ws, {"type": "move", "seat": 0, "action": "reroll a b", "ply": start})
        frames = {f["seat"]: f for f in (receive(ws) for _ in range(2))}
        assert frames[0]["undo"] and not frames[1]["undo"]
        # Barbara cannot take back Andrew's secret choice, made behind the curtain.
        send(ws, {"type": "undo", "seat": 1, "ply": start + 1})
        assert "nothing to undo for Barbara" in error_of(ws)
        send(ws, {"type": "undo", "ply": start + 1})
        assert "'seat' must be the integer seat you play; this connection holds [0, 1]" in (
            error_of(ws)
        )
        assert stored_ply(client, created["id"]) == start + 1
        send(ws, {"type": "undo", "seat": 0, "ply": start + 1})
        frames = {f["seat"]: f for f in (receive(ws) for _ in range(2))}
        assert frames[0]["ply"] == start and frames[0]["current"] == [0, 1]
        send(ws, {"type": "undo", "seat": 0, "ply": start + 1})  # the same click twice
        assert f"this undo was made at ply {start + 1} but the game is at ply {start}" in (
            error_of(ws)
        )
    assert stored_ply(client, created["id"]) == start


def test_undo_never_takes_back_another_persons_move_with_the_bots_after_it(
    client: TestClient,
) -> None:
    created = created_in(
        client,
        game="the-dance",
        players=3,
        seats=["human", "heuristic", "human"],
        hotseat=True,
        seed=3,
    )
    with client.websocket_connect(f"/ws/{created['id']}") as ws:
        # Avatars are chosen youngest to oldest (RULINGS 15): Player 3, the bot, then Player 1.
        first = hello(ws, [created["token"]], seats=2)[2]
        assert first["legal"]
        send(
            ws,
            {"type": "move", "seat": 2, "action": first["legal"][0]["text"], "ply": first["ply"]},
        )
        oldest = until(ws, lambda f: f["type"] == "state" and f["seat"] == 0 and bool(f["legal"]))
        assert oldest["ply"] == first["ply"] + 2, "Player 3, then the bot"
        assert not oldest["undo"]
        send(ws, {"type": "undo", "seat": 0, "ply": oldest["ply"]})
        assert "nothing to undo for Player 1" in error_of(ws)
        send(ws, {"type": "undo", "seat": 2, "ply": oldest["ply"]})
        back = until(ws, lambda f: f["type"] == "state" and f["seat"] == 2)
        assert back["reset"] and back["ply"] == first["ply"] and back["current"] == [2]


# -- seat links ---------------------------------------------------------------------


def test_a_seat_token_plays_from_two_devices_and_the_creator_can_reissue_it(
    tmp_path: Path,
) -> None:
    config = ServerConfig(data_dir=str(tmp_path), bot_delay=0.0, chosen_seeds=True)
    with TestClient(create_app(config)) as client:
        created = created_in(
            client, game="dancing-dice", players=2, seats=["human", "human"], seed=6
        )
        game_id, creator = created["id"], created["token"]
        join = {"join": created["join"]}
        old = client.post(f"/api/games/{game_id}/seats/1/claim", json=join).json()["token"]
        with (
            client.websocket_connect(f"/ws/{game_id}") as phone,
            client.websocket_connect(f"/ws/{game_id}") as laptop,
        ):
            seen = hello(phone, [old])[1]
            assert hello(laptop, [old])[1]["legal"] == seen["legal"] != []
            send(laptop, {"type": "move", "seat": 1, "action": "keep", "ply": seen["ply"]})
            moved = until(phone, lambda f: f["type"] == "state" and f["ply"] > seen["ply"])
            assert moved["ply"] == seen["ply"] + 1 and moved["legal"] == []

            link = f"/api/games/{game_id}/seats/1/link"
            refused = client.post(link, headers={"x-ballroom-token": old})
            assert refused.status_code == 403
            assert "only the game's creator" in refused.json()["detail"]
            assert client.post(link).status_code == 403
            response = client.post(link, headers={"x-ballroom-token": f"junk, {creator}"})
            assert response.status_code == 200, response.text
            new = response.json()["token"]
            assert new != old
            # Both devices held the seat by the old token: the server closes them.
            for ws in (phone, laptop):
                with pytest.raises(WebSocketDisconnect) as closed:
                    while True:
                        receive(ws)
                assert closed.value.code == 4001
                assert closed.value.reason == "Barbara's seat link was re-issued"
        with client.websocket_connect(f"/ws/{game_id}") as ws:
            assert set(hello(ws, [old])) == {None}
            assert "1 token(s) hold no seat of this game; you are watching" in error_of(ws)
        no_seat = client.post(
            f"/api/games/{game_id}/seats/5/link", headers={"x-ballroom-token": creator}
        )
        assert no_seat.status_code == 400
        assert no_seat.json()["detail"] == "seat must be 0..1, not 5"
    with TestClient(create_app(config)) as client, client.websocket_connect(f"/ws/{game_id}") as ws:
        assert hello(ws, [new])[1]["seat"] == 1  # survives a restart, and so does the creator
        again = client.post(
            f"/api/games/{game_id}/seats/1/link", headers={"x-ballroom-token": creator}
        )
        assert again.status_code == 200
        with pytest.raises(WebSocketDisconnect):
            while True:
                receive(ws)


# -- absent seats to bots -------------------------------------------------------------


def test_an_absent_players_seat_goes_to_a_bot_and_stays_there(tmp_path: Path) -> None:
    config = ServerConfig(
        data_dir=str(tmp_path), bot_delay=0.0, absent_after=0.5, chosen_seeds=True
    )
    with TestClient(create_app(config)) as client:
        created = created_in(
            client,
            game="dancing-dice",
            players=3,
            seats=["human"] * 3,
            claim=[],
            options={"endurance": 1},
            seed=11,
        )
        game_id, creator = created["id"], created["token"]
        join = {"join": created["join"]}
        andrew = client.post(f"/api/games/{game_id}/seats/0/claim", json=join).json()["token"]
        barbara = client.post(f"/api/games/{game_id}/seats/1/claim", json=join).json()["token"]
        url = f"/api/games/{game_id}/seats/{{}}/bot"

        def hand(seat: int, token: str | None, **body: Any) -> Any:
            headers = {"x-ballroom-token": token} if token else {}
            return client.post(url.format(seat), headers=headers, json=body or None)

        with client.websocket_connect(f"/ws/{game_id}") as ws:
            seat0 = hello(ws, [andrew])[0]
            assert seat0["meta"]["seats"][2]["away"] and not seat0["meta"]["seats"][0]["away"]
            # Cindy never came: the creator hands her seat over at once.
            assert hand(2, None).status_code == 403
            unknown = hand(2, creator, bot="nobody")
            assert unknown.status_code == 400 and "nobody" in unknown.json()["detail"]
            response = hand(2, creator)
            assert response.json() == {"seat": 2, "bot": "expert"}
            frame = until(ws, lambda f: f["type"] == "state" and f["meta"]["seats"][2]["handed"])
            assert frame["meta"]["seats"][2]["kind"] == "bot"
            assert [e["text"] for e in frame["events"]] == [
                "Cindy is away; the game's creator hands the seat to the expert bot."
            ]
            assert hand(2, creator).status_code == 400  # a bot plays it already

            with client.websocket_connect(f"/ws/{game_id}") as other:
                hello(other, [barbara])
                here = hand(1, creator)
                assert here.status_code == 400 and "Barbara is here (connected)" in here.text
            until(ws, lambda f: f["type"] == "state" and f["meta"]["seats"][1]["away"])
            early = hand(1, andrew)
            assert early.status_code == 403
            assert "Barbara has been away 0 s; a seated player may hand the seat to a bot " in (
                early.text
            )
            assert "after 0.5 s away (the game's creator at any time)" in early.text
            # Everyone hears when Barbara has been away long enough, without asking.
            idle = until(ws, lambda f: f["type"] == "state" and f["meta"]["seats"][1]["idle"])
            assert idle["meta"]["absent_after"] == 0.5
            assert hand(1, andrew, bot="random").json() == {"seat": 1, "bot": "random"}
            frame = until(ws, lambda f: f["type"] == "state" and f["meta"]["seats"][1]["handed"])
            assert frame["events"][0]["text"] == (
                "Barbara is away; Andrew hands the seat to the random bot."
            )
            ply = frame["ply"]
        stored = client.app.state.manager.store.load(game_id)  # type: ignore[attr-defined]
        assert [seat.spec for seat in stored.seats] == ["human", "random", "expert"]
    with TestClient(create_app(config)) as client, client.websocket_connect(f"/ws/{game_id}") as ws:
        view = hello(ws, [andrew])[0]
        assert [s["handed"] for s in view["meta"]["seats"]] == [False, True, True]
        texts = [e["text"] for e in view["events"]]
        assert texts.index(
            "Cindy is away; the game's creator hands the seat to the expert bot."
        ) < (texts.index("Barbara is away; Andrew hands the seat to the random bot."))
        assert view["ply"] >= ply
        # The bots play on for them: Andrew alone finishes the game.
        frame = view
        while frame["meta"]["status"] == "playing":
            if frame["legal"]:
                send(ws, {"type": "move", "action": frame["legal"][0]["text"], "ply": frame["ply"]})
            frame = until(ws, lambda f: f["type"] == "state")
        assert frame["meta"]["status"] == "over"


def test_only_the_creator_or_a_seated_player_may_hand_a_seat(client: TestClient) -> None:
    created = created_in(client, game="dancing-dice", players=2, seats=["human", "human"], seed=1)
    url = f"/api/games/{created['id']}/seats/1/bot"
    refused = client.post(url, headers={"x-ballroom-token": "not-a-token"})
    assert refused.status_code == 403
    assert refused.json()["detail"] == (
        "only the game's creator or a seated player may hand a seat to a bot"
    )
    assert client.post(url.replace("/1/", "/9/")).json()["detail"] == "seat must be 0..1, not 9"


# -- the lobby's list ----------------------------------------------------------------


def test_recent_games_say_who_plays_whose_move_it_is_and_how_old_they_are(
    client: TestClient,
) -> None:
    dice = created_in(
        client,
        game="dancing-dice",
        players=3,
        seats=["human", "expert", "human"],
        seed=2,
        open=True,
    )
    dance = created_in(
        client, game="the-dance", players=2, seats=["human", "random"], seed=3, open=True
    )
    with client.websocket_connect(f"/ws/{dance['id']}") as ws:
        hello(ws, [dance["token"]])
        send(ws, {"type": "resign", "seat": 0})
        until(ws, lambda f: f["type"] == "state" and f["meta"]["status"] == "resigned")
    listed = {entry["id"]: entry for entry in client.get("/api/games").json()}
    first, second = listed[dice["id"]], listed[dance["id"]]
    assert first["name"] == "Dancing Dice" and first["status"] == "playing"
    assert [(s["name"], s["kind"], s["bot"], s["claimed"]) for s in first["seats"]] == [
        ("Andrew", "human", None, True),
        ("Barbara", "bot", "expert", True),
        ("Cindy", "human", None, False),
    ]
    assert set(first["waiting"]) <= {"Andrew", "Barbara", "Cindy"} and first["waiting"]
    assert 0 <= first["age"] < 60 and first["created"]
    assert second["name"] == "The Dance" and second["status"] == "resigned"
    assert second["waiting"] == [] and second["seats"][1]["bot"] == "random"
