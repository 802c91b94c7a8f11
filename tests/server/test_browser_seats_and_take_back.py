"""The page says why a move cannot be taken back, instead of leaving the button out
silently (issue 28 §4); the lobby form makes a game open or private (issue 30 §4)."""

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
    join = {"join": created["join"]}
    other = http_json("POST", f"{base}/api/games/{created['id']}/seats/1/claim", join)["token"]
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


def test_the_lobby_form_makes_a_game_open_or_private(base: str, browser: Browser) -> None:
    """Private by default (not listed; a stranger's seat request is refused); the
    "Open game" box lists it, and anyone may take its free seat."""
    errors: list[str] = []
    page = new_page(browser, errors)
    made = {}
    for listed in (False, True):
        page.goto(base + "/")
        page.select_option("#game-select", "dancing-dice")
        page.select_option("[data-seat='1']", "human")
        if listed:
            page.check("#open")
        page.click("#create")
        expect(page.locator(".seat-pill.mine")).to_have_count(1)
        made[listed] = page.evaluate("location.pathname").rsplit("/", 1)[1]
    lobby = [entry["id"] for entry in http_json("GET", f"{base}/api/games")]
    assert made[True] in lobby and made[False] not in lobby
    stranger = new_page(browser, errors)
    stranger.goto(f"{base}/g/{made[False]}?seat=1")
    expect(stranger.locator("#toast")).to_contain_text("this game is private")
    expect(stranger.locator(".seat-pill.mine")).to_have_count(0)
    stranger.goto(f"{base}/g/{made[True]}?seat=1")
    expect(stranger.locator(".seat-pill.mine")).to_have_count(1)
    assert not errors, errors
