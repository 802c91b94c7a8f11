"""Real players in Debian's Chromium: the lobby, double clicks, a dropped connection,
the keyboard, seat links on several devices, and absent players' seats."""

from __future__ import annotations

import json
import re
import subprocess
import time
from pathlib import Path
from typing import Any

from playwright.sync_api import Browser, Page, expect
from websockets.sync.client import connect

import ballroom
from ballroom.agents import make_agent
from ballroom.core.play import decision_for
from ballroom.core.state import CHANCE
from server.support import (
    create_game,
    free_port,
    http_json,
    serve_command,
    wait_until_up,
)
from server.test_browser import _open_seated, new_page


def meta_of(base: str, game_id: str) -> dict[str, Any]:
    meta: dict[str, Any] = http_json("GET", f"{base}/api/games/{game_id}")
    return meta


def wait_for_ply(base: str, game_id: str, ply: int) -> None:
    deadline = time.monotonic() + 10
    while meta_of(base, game_id)["ply"] < ply:
        assert time.monotonic() < deadline, f"the game did not reach ply {ply}"
        time.sleep(0.05)


def open_as_creator(
    browser: Browser, base: str, created: dict[str, Any], errors: list[str]
) -> Page:
    """A page holding the creator's token as the lobby keeps it: seat token and creator."""
    page = _open_seated(browser, base, created, errors)
    page.evaluate(
        "([id, token]) => localStorage.setItem(`ballroom:creator:${id}`, token)",
        [created["id"], created["token"]],
    )
    page.reload()
    return page


def accept_dialogs(page: Page) -> None:
    page.on("dialog", lambda dialog: dialog.accept())


def test_every_game_is_created_from_the_lobby_with_its_default_seats(
    base: str, browser: Browser
) -> None:
    """Each registered game, chosen after every other one (a seat choice that the
    last game offered and this one does not must not blank the seat)."""
    catalog = http_json("GET", base + "/api/catalog")
    errors: list[str] = []
    page = new_page(browser, errors)
    created = []
    for entry in catalog:
        page.goto(base + "/")
        for other in catalog:
            page.select_option("#game-select", other["id"])
            theirs = [bot for bot in other["bots"] if bot not in entry["bots"]]
            if theirs:
                page.select_option("[data-seat='1']", theirs[0])
        page.select_option("#game-select", entry["id"])
        players = int(page.input_value("#players"))
        default = entry["bots"][0] if entry["bots"] else "human"
        seats = page.locator("#seats-setup select").evaluate_all("(els) => els.map((e) => e.value)")
        assert seats == ["human"] + [default] * (players - 1), (entry["id"], seats)
        page.check("#open")  # listed in the lobby below
        page.click("#create")
        expect(page.locator(".game-title")).to_have_text(entry["name"])
        expect(page.locator(".seat-pill.mine")).to_have_count(1)
        created.append((entry, page.evaluate("location.pathname").rsplit("/", 1)[1]))
    assert not errors, errors

    # The lobby lists them with game, seats, status, whose move and age.
    page.goto(base + "/")
    for entry, game_id in created:
        row = page.locator(f".recent li[data-game='{game_id}']")
        expect(row).to_contain_text(entry["name"])
        expect(row.locator(".chip")).to_have_text("playing")
        names = entry["seat_names"]
        expect(row.locator(".recent-seats")).to_have_text(
            f"{names[0]}, {names[1]} (bot {entry['bots'][0]})"
        )
        expect(row.locator(".recent-turn")).to_contain_text(re.compile(r"to move|dice rolling"))
        expect(row.locator(".recent-turn")).to_contain_text("just now")
    assert not errors, errors


def _dance_until_a_step(seed: int) -> list[tuple[int, str]]:
    """Heuristic moves (seat, text) that bring a 2-player Dance to Player 1's steps."""
    state = ballroom.make("the-dance", players=2, seed=seed)
    game = state.game
    agents = [make_agent(game, p, "heuristic", seed) for p in range(2)]
    moves: list[tuple[int, str]] = []
    while True:
        p = state.current_players()[0]
        if p == CHANCE:
            state.apply(state.sample_chance(), CHANCE)
            continue
        texts = [game.action_to_text(a) for a in state.legal_actions(p)]
        if p == 0 and "step ne" in texts:
            return moves
        action = agents[p].act(decision_for(state, p))
        moves.append((p, game.action_to_text(action)))
        state.apply(action, p)


def test_a_double_click_on_a_step_takes_exactly_one_step(base: str, browser: Browser) -> None:
    """``step ne`` stays legal after one step here, so a second click would be a second step."""
    created = create_game(
        base, "the-dance", players=2, seats=["human", "human"], claim=[0, 1], seed=1
    )
    moves = _dance_until_a_step(1)
    with connect(base.replace("http", "ws") + f"/ws/{created['id']}") as ws:
        ws.send(json.dumps({"type": "hello", "tokens": [created["token"]]}))
        for seat, text in moves:
            ws.send(json.dumps({"type": "move", "seat": seat, "action": text}))
        wait_for_ply(base, created["id"], len(moves))
    before = meta_of(base, created["id"])["ply"]
    errors: list[str] = []
    page = _open_seated(browser, base, created, errors)
    page.dblclick("#legal button[data-action='step ne']")
    wait_for_ply(base, created["id"], before + 1)
    page.wait_for_timeout(500)  # time enough for a second move to arrive, were one sent
    mine = http_json(
        "GET",
        f"{base}/api/games/{created['id']}/record?seat=0",
        headers={"x-ballroom-token": created["token"]},
    )
    assert [text for ply, text in mine["moves"] if ply >= before] == ["step ne"]
    expect(page.locator("#legal button[data-action='step ne']")).to_be_enabled()
    assert not errors, errors


def test_a_dropped_connection_shows_refuses_clicks_and_reconnects(
    browser: Browser, tmp_path: Path
) -> None:
    """The server process stops and starts again on the same port, for real."""
    port = free_port()
    url = f"http://127.0.0.1:{port}"
    server = subprocess.Popen(serve_command(port, tmp_path))
    try:
        wait_until_up(url, server)
        created = create_game(url, "dancing-dice", players=2, seats=["human", "expert"], seed=3)
        errors: list[str] = []
        page = _open_seated(browser, url, created, errors)
        expect(page.locator("#dd-confirm")).to_be_visible()
        expect(page.locator(".seat-pill[data-seat='0'] .dot.on")).to_have_count(1)
        expect(page).to_have_title(re.compile(r"^Your move · Dancing Dice"))
        expect(page.locator("#announce")).to_have_text("Your move, Andrew.")
        expect(page.locator("#announce")).to_have_attribute("aria-live", "polite")

        server.terminate()
        server.wait(10)
        banner = page.locator("#connection")
        expect(banner).to_be_visible()
        expect(banner).to_have_text("Connection lost: reconnecting…")
        expect(banner).to_have_attribute("role", "status")
        expect(page.locator(".seat-pill .dot.unknown")).to_have_count(2)
        page.click("#dd-confirm")
        expect(page.locator("#toast")).to_contain_text(
            "Not connected: reconnecting… Nothing was sent"
        )

        server = subprocess.Popen(serve_command(port, tmp_path))
        wait_until_up(url, server)
        expect(banner).to_be_hidden(timeout=20000)
        expect(page.locator(".seat-pill[data-seat='0'] .dot.on")).to_have_count(1)
        ply = meta_of(url, created["id"])["ply"]
        page.click("#dd-confirm")
        wait_for_ply(url, created["id"], ply + 1)
        assert not errors, errors
    finally:
        server.terminate()
        server.wait(10)


FOCUS_SHOWS = """() => {
  const el = document.activeElement;
  const look = () => {
    const s = getComputedStyle(el);
    return [s.outlineStyle, s.outlineColor, s.boxShadow, s.borderColor].join("|");
  };
  const focused = look();
  el.blur();
  const plain = look();
  el.focus();
  return focused !== plain;
}"""
"""Whether the focused element looks different from itself unfocused."""


def test_every_move_is_reachable_by_keyboard(base: str, browser: Browser) -> None:
    # The last seat chooses its Avatar first (youngest to oldest, RULINGS 15): the human's.
    created = create_game(base, "the-dance", players=2, seats=["heuristic", "human"], seed=3)
    state = ballroom.make("the-dance", players=2, seed=3)
    while state.current_players()[0] == CHANCE:
        state.apply(state.sample_chance(), CHANCE)
    assert state.current_players() == (1,)
    legal = {state.game.action_to_text(a) for a in state.legal_actions(1)}
    errors: list[str] = []
    page = _open_seated(browser, base, created, errors)
    expect(page.locator("#legal button.action").first).to_be_visible()
    reached: set[str] = set()
    page.evaluate("document.activeElement.blur()")
    for _ in range(120):
        page.keyboard.press("Tab")
        action = page.evaluate("document.activeElement.dataset.action || null")
        if action in legal and action not in reached:
            reached.add(action)
            assert page.evaluate(FOCUS_SHOWS), f"focus on {action!r} is not visible"
        if reached == legal:
            break
    assert reached == legal
    ply = meta_of(base, created["id"])["ply"]
    page.keyboard.press("Enter")  # on the last one reached
    wait_for_ply(base, created["id"], ply + 1)
    assert not errors, errors


def test_a_seat_link_opens_the_seat_on_another_device_and_the_creator_can_reissue_it(
    base: str, browser: Browser
) -> None:
    created = create_game(
        base, "dancing-dice", players=3, seats=["human", "human", "expert"], seed=7
    )
    game_id = created["id"]
    errors: list[str] = []
    host = open_as_creator(browser, base, created, errors)
    share = host.locator("#share")
    expect(share).to_have_attribute("open", "")  # Barbara's seat is free
    guest = new_page(browser, errors)
    guest.goto(f"{base}/g/{game_id}?seat=1&join={created['join']}")
    expect(guest.locator(".seat-pill.mine")).to_contain_text("Barbara")
    expect(share).not_to_have_attribute("open", "")  # every seat is taken
    link = guest.locator("#my-seat-link").text_content() or ""
    assert link.startswith(f"{base}/g/{game_id}#tokens=")

    phone = new_page(browser, errors)  # a second device for Barbara, opened as often as she likes
    phone.goto(link)
    expect(phone.locator(".seat-pill.mine")).to_contain_text("Barbara")
    assert "#tokens" not in phone.evaluate("location.href")
    phone.click("#dd-confirm")
    expect(guest.locator("#dd-confirm")).to_have_count(0)  # the move shows on both devices
    expect(guest).to_have_title("Dancing Dice · ballroom")  # waiting for Andrew
    expect(host).to_have_title(re.compile(r"^Your move · "))

    host.click("#share summary")
    host.click("[data-reissue='1']")
    renewed = host.locator("[data-new-link='1']")
    expect(renewed).to_contain_text(f"{base}/g/{game_id}#tokens=")
    for device in (guest, phone):
        expect(device.locator(".seat-pill.mine")).to_have_count(0)
        expect(device.locator("#notice")).to_contain_text("Barbara's seat link was re-issued")
    laptop = new_page(browser, errors)
    laptop.goto(renewed.text_content() or "")
    expect(laptop.locator(".seat-pill.mine")).to_contain_text("Barbara")
    assert not errors, errors


def test_the_creator_hands_an_absent_players_seat_to_a_bot(base: str, browser: Browser) -> None:
    created = create_game(base, "dancing-dice", players=3, seats=["human"] * 3, seed=9)
    errors: list[str] = []
    host = open_as_creator(browser, base, created, errors)
    accept_dialogs(host)
    guest = new_page(browser, errors)
    guest.goto(f"{base}/g/{created['id']}?seat=1&join={created['join']}")
    expect(guest.locator(".seat-pill.mine")).to_contain_text("Barbara")
    # A seated player who did not create the game must wait out the absence.
    expect(guest.locator("#away")).to_contain_text("Cindy is away. If nobody takes the seat for")
    expect(guest.locator("#away [data-handover]")).to_have_count(0)
    expect(host.locator("#away [data-handover='1']")).to_have_count(0)  # Barbara is here
    host.click("#away [data-handover='2']")
    pill = host.locator(".seat-pill[data-seat='2']")
    expect(pill).to_contain_text("away · bot expert plays")
    expect(guest.locator("#log")).to_contain_text(
        "Cindy is away; Andrew hands the seat to the expert bot."
    )
    expect(host.locator("#away")).to_have_count(0)
    assert meta_of(base, created["id"])["seats"][2]["handed"]
    assert not errors, errors


def test_a_live_games_record_is_each_players_own_until_the_end(base: str, browser: Browser) -> None:
    """A spectator gets no download during play; a player gets their own view, no seed."""
    created = create_game(base, "dancing-dice", players=2, seats=["human", "random"], seed=31)
    errors: list[str] = []
    player = _open_seated(browser, base, created, errors)
    watcher = new_page(browser, errors)
    watcher.goto(f"{base}/g/{created['id']}")
    expect(watcher.locator("#replay-link")).to_be_visible()
    expect(watcher.locator("#download")).to_have_count(0)
    expect(watcher.locator("#replay-link").locator("..")).not_to_contain_text("null")
    expect(player.locator("#download")).to_have_text("Download my record")
    with player.expect_download() as mine:
        player.click("#download")
    view = json.loads(Path(mine.value.path()).read_text())
    assert view["format"] == "ballroom-seat-record/1" and view["seat"] == 0
    assert "seed" not in view and "actions" not in view

    player.on("dialog", lambda dialog: dialog.accept())
    player.click("#resign")
    for page in (player, watcher):
        expect(page.locator("#download")).to_have_text("Download record")
    with watcher.expect_download() as full:
        watcher.click("#download")
    assert json.loads(Path(full.value.path()).read_text())["seed"] == 31
    assert not errors, errors
