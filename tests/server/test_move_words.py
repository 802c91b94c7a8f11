"""Each legal move in a frame carries the game's words for it (``label``), which the page
shows on its buttons and card titles instead of the engine's text."""

from __future__ import annotations

from fastapi.testclient import TestClient

from ballroom.core.capabilities import describe_action
from ballroom.core.game import get_game
from server.support import hello


def test_moves_carry_the_games_words_for_them(client: TestClient) -> None:
    for game in ("dancing-dice", "vampires-harvest", "the-dance"):
        created = client.post(
            "/api/games",
            json={"game": game, "players": 2, "seats": ["human"] * 2, "hotseat": True},
        ).json()
        with client.websocket_connect(f"/ws/{created['id']}") as ws:
            frames = hello(ws, [created["token"]], seats=2)
        sample = get_game(game)(2)
        acting = [(seat, frame) for seat, frame in frames.items() if frame["legal"]]
        assert acting, game
        for _, frame in acting:
            for move in frame["legal"]:
                said = describe_action(sample, move["id"], frame["observation"])
                assert move["label"] == said, (game, move)
                assert move["label"] != move["text"] and move["label"][:1].isupper()
