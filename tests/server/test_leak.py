"""No frame sent to seat A carries anything of seat B's secrets.

For many random games (every seat a person with its own socket, moves chosen
at random), every frame each socket received is checked against the engine:
wherever seat B's observation differs from the spectator's (B's secrets), A's
frame must show the spectator's value, and no private event of B's may reach A.
"""

from __future__ import annotations

import json
import random
from typing import Any

import pytest
from fastapi.testclient import TestClient

from ballroom.core.record import GameRecord
from server.support import hello, send, until

Path = tuple[object, ...]


def leaves(value: Any, path: Path = ()) -> dict[Path, Any]:
    if isinstance(value, dict):
        return {k: v for key, item in value.items() for k, v in leaves(item, (*path, key)).items()}
    if isinstance(value, list):
        return {k: v for i, item in enumerate(value) for k, v in leaves(item, (*path, i)).items()}
    return {path: value}


def secrets_of(seat_view: dict[str, Any], public: dict[str, Any]) -> dict[Path, Any]:
    """The leaves where a seat's observation says more than the spectator's."""
    mine, shown = leaves(seat_view), leaves(public)
    return {path: value for path, value in mine.items() if shown.get(path, "<absent>") != value}


def play_randomly(
    client: TestClient, game: str, players: int, options: dict[str, Any], seed: int
) -> tuple[str, dict[int, list[dict[str, Any]]]]:
    created = client.post(
        "/api/games",
        json={"game": game, "players": players, "options": options, "seed": seed, "claim": [0]},
    ).json()
    game_id = created["id"]
    tokens = [created["token"]] + [
        client.post(f"/api/games/{game_id}/seats/{s}/claim", json={"join": created["join"]}).json()[
            "token"
        ]
        for s in range(1, players)
    ]
    chooser = random.Random(seed)
    received: dict[int, list[dict[str, Any]]] = {s: [] for s in range(players)}
    sockets = [client.websocket_connect(f"/ws/{game_id}") for _ in range(players)]
    opened = [ws.__enter__() for ws in sockets]
    try:
        latest = {}
        for seat, ws in enumerate(opened):
            latest[seat] = hello(ws, [tokens[seat]])[seat]
            received[seat].append(latest[seat])
        for _ in range(3000):
            if latest[0]["meta"]["status"] != "playing":
                break
            acting = [s for s in range(players) if latest[s]["legal"]]
            assert acting, "somebody must be able to move"
            seat = chooser.choice(acting)
            action = chooser.choice(latest[seat]["legal"])["text"]
            send(opened[seat], {"type": "move", "seat": seat, "action": action})
            ply = latest[seat]["ply"]
            for s, ws in enumerate(opened):
                frame = until(ws, lambda f, p=ply: f["type"] == "state" and f["ply"] > p)
                received[s].append(frame)
                latest[s] = frame
        assert latest[0]["meta"]["status"] == "over"
    finally:
        for ws in sockets:
            ws.__exit__(None, None, None)
    return game_id, received


CASES = (
    [("dancing-dice", 2 + seed % 3, {"endurance": 1 + seed % 2}, seed) for seed in range(20)]
    + [("the-dance", 2 + seed % 3, {"dawn": 1 + seed % 2}, seed) for seed in range(6)]
    + [("vampires-harvest", 2 + seed % 2, {}, seed) for seed in range(2)]
)


@pytest.mark.parametrize(("game", "players", "options", "seed"), CASES)
def test_no_frame_carries_another_seats_secrets(
    client: TestClient, game: str, players: int, options: dict[str, Any], seed: int
) -> None:
    game_id, received = play_randomly(client, game, players, options, seed)
    record = GameRecord.from_json(client.get(f"/api/games/{game_id}/record").json())
    state = record.new_state()
    views: dict[int, dict[str, Any]] = {}
    private: dict[int, set[str]] = {s: set() for s in range(players)}
    seen_by: dict[int, set[str]] = {s: set() for s in range(players)}

    def snapshot() -> dict[str, Any]:
        public = state.observation(None)
        return {"public": public, **{str(s): state.observation(s) for s in range(players)}}

    views[0] = snapshot()
    for ply, (player, text) in enumerate(record.actions, start=1):
        for event in state.apply(state.game.parse_action(text), player):
            for s in range(players):
                if event.visible_to(s):
                    seen_by[s].add(json.dumps(event.to_json()))
                elif event.audience is not None:
                    private[s].add(json.dumps(event.to_json()))
        views[ply] = snapshot()
    checked = 0
    for seat, frames in received.items():
        for frame in frames:
            at = views[frame["ply"]]
            assert frame["observation"] == at[str(seat)]
            for other in range(players):
                if other == seat:
                    continue
                own = secrets_of(at[str(seat)], at["public"])
                theirs = secrets_of(at[str(other)], at["public"])
                shown = leaves(frame["observation"])
                for path in theirs.keys() - own.keys():
                    assert shown.get(path, "<absent>") == leaves(at["public"]).get(
                        path, "<absent>"
                    ), path
                    checked += 1
            for event in frame["events"]:
                assert json.dumps(event) in seen_by[seat], event
                assert json.dumps(event) not in private[seat] - seen_by[seat]
    assert checked > 0, "the game must have had secrets to keep"
