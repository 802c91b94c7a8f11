"""What the state frames add for the game views: seat names by family, hints on the seat's own
moves, each move's structured form."""

from __future__ import annotations

from typing import Any

import orjson
from fastapi.testclient import TestClient

from ballroom.core.capabilities import StructuresActions
from ballroom.core.game import get_game, make_game
from ballroom.core.state import CHANCE
from ballroom.server.moves import move_list
from server.support import hello, send, until


def test_the_dance_names_seats_by_family_once_chosen(client: TestClient) -> None:
    created = client.post(
        "/api/games",
        json={"game": "the-dance", "players": 2, "seats": ["human", "human"], "hotseat": True},
    ).json()
    game_id = created["id"]
    names = [seat["name"] for seat in client.get(f"/api/games/{game_id}").json()["seats"]]
    assert names == ["Player 1", "Player 2"]  # before the Avatars are chosen
    with client.websocket_connect(f"/ws/{game_id}") as ws:
        frames = hello(ws, [created["token"]], seats=2)
        chooser = next(seat for seat, frame in frames.items() if frame["legal"])
        assert chooser is not None
        send(ws, {"type": "move", "seat": chooser, "action": "avatar thorne-balaz"})
        frame = until(ws, lambda f: f["type"] == "state" and f["ply"] == 1)
        send(ws, {"type": "move", "seat": chooser, "action": "avatar thorne-balaz"})
        refused = until(ws, lambda f: f["type"] == "error")["message"]
        assert refused.startswith("it is not the Balaz family's turn; waiting for Player")
    names = [seat["name"] for seat in frame["meta"]["seats"]]
    assert names[chooser] == "the Balaz family"
    assert names[1 - chooser] == f"Player {2 - chooser}"
    log = [event["text"] for event in frame["events"]]
    assert log == [f"Player {chooser + 1} plays Thorne Balaz of the Balaz family."]


def _hinted(frame: dict[str, Any]) -> list[str]:
    return [move["text"] for move in frame["legal"] if "hint" in move]


def test_hints_ride_on_the_acting_seat_moves_only(client: TestClient) -> None:
    created = client.post(
        "/api/games",
        json={
            "game": "dancing-dice",
            "players": 2,
            "seats": ["human", "human"],
            "claim": [0],
            "seed": 3,
        },
    ).json()
    game_id = created["id"]
    join = {"join": created["join"]}
    other = client.post(f"/api/games/{game_id}/seats/1/claim", json=join).json()["token"]
    with (
        client.websocket_connect(f"/ws/{game_id}") as first,
        client.websocket_connect(f"/ws/{game_id}") as second,
        client.websocket_connect(f"/ws/{game_id}") as watcher,
    ):
        start = hello(first, [created["token"]])[0]
        assert start["legal"] and _hinted(start) == []  # re-rolling: nothing to say
        hello(second, [other])
        hello(watcher, [])
        send(first, {"type": "move", "seat": 0, "action": "keep"})
        waiting = until(first, lambda f: f["type"] == "state" and f["ply"] > start["ply"])
        assert waiting["legal"] == []
        send(second, {"type": "move", "seat": 1, "action": "keep"})
        mine = until(first, lambda f: f["type"] == "state" and f["legal"])
        public = until(watcher, lambda f: f["type"] == "state" and f["ply"] == mine["ply"])
    assert len(_hinted(mine)) == 20  # every "first ..." move says what it scores
    hint = mine["legal"][0]["hint"]
    assert set(hint) == {"dances", "rock", "gala"}
    assert public["legal"] == []


def test_moves_carry_their_structured_form_in_both_games(client: TestClient) -> None:
    for game, players in (("the-dance", 2), ("dancing-dice", 2)):
        created = client.post(
            "/api/games",
            json={"game": game, "players": players, "seats": ["human"] * players, "hotseat": True},
        ).json()
        with client.websocket_connect(f"/ws/{created['id']}") as ws:
            frames = hello(ws, [created["token"]], seats=players)
        sample = get_game(game)(players)
        assert isinstance(sample, StructuresActions)
        moves = [move for frame in frames.values() for move in frame["legal"]]
        assert moves, game
        for move in moves:
            structured = sample.action_json(move["id"])
            assert move["family"] == structured["family"] and move["params"] == structured["params"]
            assert move["text"] == structured["text"]
        if game == "the-dance":
            assert {move["family"] for move in moves} == {"avatar"}
            assert all(set(move["params"]) == {"avatar"} for move in moves)
        else:
            assert {"keep", "reroll"} <= {move["family"] for move in moves}
            reroll = next(move for move in moves if move["text"] == "reroll a c")
            assert reroll["params"] == {"dice": "a c"}


def test_rooms_of_one_configuration_share_one_listing_of_moves() -> None:
    """Texts, forms and encoded entries are worked out once per rules and options."""
    first = move_list(make_game("dancing-dice", 3, endurance=3))
    assert move_list(make_game("dancing-dice", 3, endurance=3)) is first
    assert move_list(make_game("dancing-dice", 3, endurance=4)) is not first
    assert move_list(make_game("dancing-dice", 4, endurance=3)) is not first
    game = make_game("dancing-dice", 3, endurance=3)
    state = game.new_state(1)
    while state.is_chance_node():
        state.apply(state.sample_chance(), CHANCE)
    for action in state.legal_actions(state.current_players()[0]):
        move = orjson.loads(first.entry(action))
        assert (
            move
            == first.move(action)
            == {"id": action, "text": game.action_to_text(action)}
            | {key: value for key, value in move.items() if key in ("family", "params")}
            | {"help": game.move_help(action)}
        )
        assert move["family"] and move["params"] is not None
