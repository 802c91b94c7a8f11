"""End to end in Debian's headless Chromium: people in separate browsers, bots, replays.

Needs ``apt-get install -y chromium`` (Playwright's own browser downloads are
not used); the server runs as a real ``ballroom serve`` process.
"""

from __future__ import annotations

import json
import re
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Browser, Page, WebSocket, expect, sync_playwright
from playwright.sync_api import TimeoutError as PlaywrightTimeoutError

from server.support import http_json, server_process

CHROMIUM = "/usr/bin/chromium"
ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]


@pytest.fixture(scope="module")
def base(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    with server_process(tmp_path_factory.mktemp("e2e"), bot_delay=0.05) as (url, _):
        yield url


@pytest.fixture(scope="module")
def browser() -> Iterator[Browser]:
    if not Path(CHROMIUM).exists():
        raise RuntimeError("the browser tests need Debian's chromium: apt-get install -y chromium")
    with sync_playwright() as playwright:
        instance = playwright.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        yield instance
        instance.close()


def new_page(browser: Browser, errors: list[str]) -> Page:
    page = browser.new_context(viewport={"width": 1280, "height": 900}).new_page()
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.set_default_timeout(15000)
    return page


def status_of(page: Page) -> str:
    return page.locator("#status").inner_text()


def play_dancing_dice(pages: list[Page], seconds: float = 120) -> None:
    """Each page makes its move whenever it has one, until the game is over."""
    deadline = time.monotonic() + seconds
    turn = 0
    while not all("Game over" in status_of(page) for page in pages):
        assert time.monotonic() < deadline, "the game did not finish"
        turn += 1
        for page in pages:
            confirm = page.locator("#dd-confirm")
            try:
                if confirm.count():
                    if page.get_by_text("Re-roll?").count() and turn % 2:
                        page.locator("[data-die=b]").first.click(timeout=2000)
                    elif page.get_by_text("Arrange your two dances").count() and turn % 3 == 0:
                        page.locator("[data-row=first] [data-die]").first.click(timeout=2000)
                        page.locator("[data-row=second] [data-die]").first.click(timeout=2000)
                    confirm.click(timeout=2000)
            except PlaywrightTimeoutError:
                pass  # the screen moved on meanwhile
        pages[0].wait_for_timeout(60)


def test_two_browsers_play_dancing_dice_against_a_bot(base: str, browser: Browser) -> None:
    errors: list[str] = []
    host = new_page(browser, errors)
    host.goto(base + "/")
    host.select_option("#game-select", "dancing-dice")
    host.fill("#players", "3")
    host.dispatch_event("#players", "change")
    host.fill("[data-option=endurance]", "1")
    host.select_option("[data-seat='1']", "human")
    host.select_option("[data-seat='2']", "expert")
    host.click("#create")
    expect(host.locator(".seat-pill.mine")).to_contain_text("Andrew")
    path = host.evaluate("location.pathname")  # page.url misses pushState with Debian's chromium
    assert re.fullmatch(r"/g/\w+", path), path
    game_id = path.rsplit("/", 1)[1]

    guest = new_page(browser, errors)
    guest.goto(f"{base}/g/{game_id}?seat=1")
    expect(guest.locator(".seat-pill.mine")).to_contain_text("Barbara")
    guest.reload()
    expect(guest.locator(".seat-pill.mine")).to_contain_text("Barbara")
    expect(guest.locator("#my-dice, #dd-confirm").first).to_be_visible()

    frames: list[dict[str, Any]] = []
    watcher = new_page(browser, errors)

    def listen(socket: WebSocket) -> None:
        socket.on("framereceived", lambda payload: frames.append(json.loads(payload)))

    watcher.on("websocket", listen)
    watcher.goto(f"{base}/g/{game_id}")
    expect(watcher.locator("#status")).to_be_visible()
    assert watcher.locator(".seat-pill.mine").count() == 0

    play_dancing_dice([host, guest])
    for page in (host, guest, watcher):
        expect(page.locator("#status")).to_contain_text("Game over")
    expect(host.locator(".banner")).to_contain_text("Dance Champion")
    states = [f for f in frames if f["type"] == "state"]
    assert len(states) > 3 and all(f["seat"] is None for f in states)
    assert any(e["kind"] == "reveal" for f in states for e in f["events"])
    for frame in states:
        assert all(p["dice"] is None for p in frame["observation"]["players"])
        assert not any(e["kind"] in ("dice", "choice") for e in frame["events"])
    assert watcher.locator("#my-dice").count() == 0
    assert not errors, errors

    record = http_json("GET", f"{base}/api/games/{game_id}/record")
    host.click("#replay-link")
    slider = host.locator("#replay-slider")
    expect(host.locator("#replay-ply")).to_have_text(
        f"step {len(record['actions'])} of {len(record['actions'])}"
    )
    slider.evaluate("(el) => { el.value = 0; el.dispatchEvent(new Event('input')); }")
    expect(host.locator("#replay-ply")).to_have_text(f"step 0 of {len(record['actions'])}")
    assert host.locator("#log li").count() == 0
    for step in range(1, 4):
        host.click("#replay-next")
        expect(host.locator("#replay-ply")).to_have_text(f"step {step} of {len(record['actions'])}")
    slider.evaluate("(el) => { el.value = el.max; el.dispatchEvent(new Event('input')); }")
    expect(host.locator(".banner")).to_contain_text("Dance Champion")
    assert not errors, errors


def test_two_browsers_play_the_dance_against_a_bot(base: str, browser: Browser) -> None:
    created = http_json(
        "POST",
        base + "/api/games",
        {
            "game": "the-dance",
            "players": 3,
            "seats": ["human", "human", "heuristic"],
            "options": {"dawn": 1},
            "seed": 5,
        },
    )
    game_id = created["id"]
    errors: list[str] = []
    first = new_page(browser, errors)
    first.goto(base + "/")
    first.evaluate(
        "([id, token]) => localStorage.setItem(`ballroom:tokens:${id}`, JSON.stringify([token]))",
        [game_id, created["token"]],
    )
    first.goto(f"{base}/g/{game_id}")
    second = new_page(browser, errors)
    second.goto(f"{base}/g/{game_id}?seat=1")
    expect(second.locator(".seat-pill.mine")).to_have_count(1)
    expect(first.locator("#dance-board .hex")).to_have_count(91)
    expect(first.locator("#dance-board .sanctuary")).to_have_count(6)
    stepped = False
    deadline = time.monotonic() + 120
    while not all("Game over" in status_of(page) for page in (first, second)):
        assert time.monotonic() < deadline, "The Dance did not finish"
        for page in (first, second):
            target = page.locator("#dance-board .target")
            button = page.locator("#legal button.action").first
            try:
                if not stepped and target.count():
                    target.first.click(timeout=2000)  # a highlighted hex is a step
                    stepped = True
                elif button.count():
                    button.click(timeout=2000)
            except PlaywrightTimeoutError:
                pass  # the move went away (a bot or the other player moved first)
        first.wait_for_timeout(50)
    assert stepped, "the board offered a step to click"
    for page in (first, second):
        expect(page.locator("#status")).to_contain_text("Game over")
    assert first.locator("#log li").count() > 5
    assert not errors, errors


def test_hotseat_passes_the_device_and_can_undo(base: str, browser: Browser) -> None:
    errors: list[str] = []
    page = new_page(browser, errors)
    page.goto(base + "/")
    page.select_option("#game-select", "dancing-dice")
    page.fill("#players", "2")
    page.dispatch_event("#players", "change")
    page.select_option("[data-seat='1']", "human")
    page.check("#hotseat")
    page.click("#create")
    expect(page.locator("#curtain")).to_contain_text("Pass the device to Andrew")
    page.click("#curtain-ok")
    page.click("#dd-confirm")
    expect(page.locator("#curtain")).to_contain_text("Pass the device to Barbara")
    page.click("#curtain-ok")
    expect(page.locator("#status")).to_contain_text("Your move, Barbara")
    expect(page.locator(".seat-pill[data-seat='0']")).not_to_have_class(re.compile("acting"))
    page.click("#undo")  # takes back Andrew's secret re-roll choice
    expect(page.locator(".seat-pill[data-seat='0']")).to_have_class(re.compile("acting"))
    page.click("#dd-confirm")
    expect(page.locator("#curtain")).to_contain_text("Pass the device to Andrew")
    page.click("#curtain-ok")
    expect(page.locator("#status")).to_contain_text("Your move, Andrew")
    assert not errors, errors
