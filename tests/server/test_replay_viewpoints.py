"""Replay viewpoints: once a game is over its whole record is public, so its
replay may be watched through any seat or the full table; during play only
through a seat one holds."""

from __future__ import annotations

import time
from typing import Any

from fastapi.testclient import TestClient

from server.support import created_in


def _frame(client: TestClient, game_id: str, **params: object) -> dict[str, Any]:
    response = client.get(f"/api/games/{game_id}/replay", params=params)
    assert response.status_code == 200, response.text
    frame: dict[str, Any] = response.json()
    return frame


def test_a_finished_game_replays_through_any_seat_and_the_full_table(client: TestClient) -> None:
    created = created_in(
        client, game="dancing-dice", players=2, seats=["random", "random"], options={"endurance": 1}
    )
    game_id = created["id"]
    deadline = time.monotonic() + 30
    while client.get(f"/api/games/{game_id}").json()["status"] == "playing":
        assert time.monotonic() < deadline, "the bots did not finish"
        time.sleep(0.05)
    total = _frame(client, game_id)["total"]
    public = _frame(client, game_id, ply=total)
    seats = [_frame(client, game_id, ply=total, seat=seat) for seat in (0, 1)]
    table = _frame(client, game_id, ply=total, table="true")
    dice = [[e for e in frame["events"] if e["kind"] == "dice"] for frame in seats]
    assert dice[0] and dice[1] and dice[0] != dice[1]
    assert not [e for e in public["events"] if e["kind"] == "dice"]
    secret = [e for e in table["events"] if "seen_by" in e]
    assert [e for e in secret if e["kind"] == "dice" and e["seen_by"] == [0]] == [
        {**e, "seen_by": [0]} for e in dice[0]
    ]
    assert len(table["events"]) > len(public["events"])
    assert seats[0]["observation"]["private"] is not None
    wrong = client.get(f"/api/games/{game_id}/replay", params={"ply": 0, "seat": 2})
    assert wrong.status_code == 400 and "seat must be 0..1, not 2" in wrong.text


def test_during_play_neither_another_seat_nor_the_full_table_is_shown(client: TestClient) -> None:
    created = created_in(client, game="dancing-dice", players=2, seats=["human", "random"])
    game_id = created["id"]
    other = client.get(f"/api/games/{game_id}/replay", params={"ply": 0, "seat": 1})
    assert other.status_code == 403
    table = client.get(f"/api/games/{game_id}/replay", params={"ply": 0, "table": "true"})
    assert table.status_code == 403 and "once the game is over" in table.text
