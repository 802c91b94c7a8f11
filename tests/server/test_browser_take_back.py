"""The page says why a move cannot be taken back, instead of leaving the button out
silently (issue 28 §4)."""

from __future__ import annotations

import json
from typing import Any

from playwright.sync_api import Browser, expect
from websockets.sync.client import connect

from server.support import create_game, http_json
from server.test_browser import _open_seated, new_page
from server.test_take_back import first_reveal


def test_the_page_says_why_a_revealing_move_cannot_be_taken_back(
    base: str, browser: Browser
) -> None:
    seed, moves, told = first_reveal("vampires-harvest", {"encounter"})
    seat = moves[-1][0]
    created = create_game(base, "vampires-harvest", players=2, seats=["human", "human"], seed=seed)
    other = http_json("POST", f"{base}/api/games/{created['id']}/seats/1/claim", {})["token"]
    tokens = {0: created["token"], 1: other}
    with connect(base.replace("http", "ws", 1) + f"/ws/{created['id']}") as ws:
        ws.send(json.dumps({"type": "hello", "tokens": [tokens[0], tokens[1]]}))
        ply = max(json.loads(ws.recv(timeout=10))["ply"] for _ in tokens)
        for player, text in moves:
            ws.send(json.dumps({"type": "move", "seat": player, "action": text}))
            while True:
                frame: dict[str, Any] = json.loads(ws.recv(timeout=10))
                assert frame["type"] == "state", frame
                if frame["seat"] == player and frame["ply"] > ply:
                    ply = frame["ply"]
                    break
    errors: list[str] = []
    page = _open_seated(browser, base, {"id": created["id"], "token": tokens[seat]}, errors)
    expect(page.locator("#undo-refused")).to_contain_text(
        f"Your move showed what was hidden ({told.rstrip('.')})"
    )
    expect(page.locator("#undo")).to_have_count(0)
    watcher = new_page(browser, errors)
    watcher.goto(f"{base}/g/{created['id']}")
    expect(watcher.locator("#resign")).to_have_count(0)  # a spectator is shown no controls
    expect(watcher.locator("#undo-refused")).to_have_count(0)
    assert not errors, errors
