"""The learning aids in the server's frames and its why-not endpoint: the prompt and the
moves' help in each seat's frame, the outcome explained in a finished game's meta, and
why-not answers only for a seat one's token holds, from that seat's view."""

from __future__ import annotations

import json
from typing import Any

from fastapi.testclient import TestClient

from server.support import created_in, hello, send, until


def test_frames_carry_the_prompt_the_help_and_at_the_end_the_explanation(
    client: TestClient,
) -> None:
    created = created_in(
        client, game="dancing-dice", players=2, seats=["human", "random"], options={"endurance": 1}
    )
    game_id, token = created["id"], str(created["token"])
    with client.websocket_connect(f"/ws/{game_id}") as ws:
        frame: dict[str, Any] = hello(ws, [token])[0]
        prompts = set()
        for _ in range(200):
            if frame["meta"]["status"] != "playing":
                break
            if frame["legal"]:
                prompts.add(frame["aids"]["prompt"])
                assert all(move["help"]["section"] for move in frame["legal"])
                send(ws, {"type": "move", "action": frame["legal"][0]["text"], "ply": frame["ply"]})
            frame = until(
                ws,
                lambda f: (
                    f["type"] == "state" and (bool(f["legal"]) or f["meta"]["status"] != "playing")
                ),
            )
        assert frame["meta"]["status"] == "over"
        assert any(prompt.startswith("Choose the dice to re-roll") for prompt in prompts)
        explained = frame["meta"]["result"]["explained"]
        assert explained["section"] == "Ending the Game"
        assert explained["decided"] and len(explained["seats"]) == 2
        assert frame["aids"]["prompt"].startswith("The game is over")


def test_why_not_answers_only_a_seat_the_token_holds(client: TestClient) -> None:
    created = created_in(
        client, game="vampires-harvest", players=3, seats=["human", "random", "random"]
    )
    game_id, token = created["id"], str(created["token"])
    url = f"/api/games/{game_id}/why-not"
    assert client.get(url, params={"seat": 0}).status_code == 403
    assert (
        client.get(url, params={"seat": 1}, headers={"x-ballroom-token": token}).status_code == 403
    )
    menu = client.get(url, params={"seat": 0}, headers={"x-ballroom-token": token}).json()["menu"]
    assert {"family": "raise", "name": "Raise a Skill"}.items() <= next(
        entry for entry in menu if entry["family"] == "raise"
    ).items()
    assert all(entry["family"] not in ("roll", "draw", "first") for entry in menu)
    answer = client.get(
        url,
        params={"seat": 0, "family": "select", "params": json.dumps({"card": "area-4"})},
        headers={"x-ballroom-token": token},
    ).json()
    assert answer["offered"] is False and answer["section"]
    wrong = client.get(
        url,
        params={"seat": 0, "family": "select", "params": json.dumps({"card": "nowhere"})},
        headers={"x-ballroom-token": token},
    )
    assert wrong.status_code == 400 and "'nowhere' is not a card of select" in wrong.text
    not_json = client.get(
        url,
        params={"seat": 0, "family": "select", "params": "{"},
        headers={"x-ballroom-token": token},
    )
    assert not_json.status_code == 400 and "JSON object" in not_json.text
