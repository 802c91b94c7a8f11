"""Dominare in Debian's Chromium: a two-player game played to the end by clicks against a
random bot (on a phone, after the first keep), and what the seat and a spectator see of
the hands."""

from __future__ import annotations

import random
import time
from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Browser, Page, expect

from ballroom.games.dominare.components import Side
from ballroom.games.dominare.turn import CATALOG
from server.support import create_game, http_json, server_process
from server.test_browser import _open_seated, click_one, new_page, status_of
from server.test_browser_views import PHONE, too_small


@pytest.fixture(scope="module")
def base(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """A real ``ballroom serve`` whose bots move at once (``--bot-delay 0``)."""
    with server_process(Path(tmp_path_factory.mktemp("dominare")), bot_delay=0.0) as (url, _):
        yield url


def play_by_clicks(page: Page, chooser: random.Random, seconds: float = 240) -> int:
    """Click one of the seat's moves (a button, a block or a card) whenever it has one,
    until the game is over; the number of clicks."""
    deadline = time.monotonic() + seconds
    clicks = 0
    while "Game over" not in status_of(page):
        assert time.monotonic() < deadline, "Dominare did not finish"
        clicks += click_one(page, "#legal button.action, .tile.pick", chooser)
        page.wait_for_timeout(20)
    return clicks


def hidden_from(page: Page) -> None:
    """No agent of a hand, a deal or a secret choice is drawn on ``page``."""
    for group in ("hand", "dealt"):
        expect(page.locator(f"[data-group^={group}-] [data-card]")).to_have_count(0)
    expect(page.locator("[data-chosen]")).to_have_count(0)


def test_a_two_player_game_is_played_to_the_end_by_clicks(base: str, browser: Browser) -> None:
    created = create_game(base, "dominare", players=2, seats=["human", "random"], seed=5)
    errors: list[str] = []
    page = _open_seated(browser, base, created, errors)
    watcher = new_page(browser, errors)
    watcher.goto(f"{base}/g/{created['id']}")
    for shown in (page, watcher):
        expect(shown.locator("#dom-season")).to_have_text("Set-up")
        expect(shown.locator("#dom-board [data-district]")).to_have_count(len(CATALOG.districts))
        expect(shown.locator("#dom-board [data-block]")).to_have_count(
            len(CATALOG.boards[Side.SMALL].blocks)
        )
        expect(shown.locator(".dom-player")).to_have_count(2)

    # The set-up deal: the seat sees its eight agents, and only backs of the bot's (which
    # may have kept one already).
    expect(page.locator("[data-group=dealt-0].face-up [data-card]")).to_have_count(8)
    expect(page.locator("[data-group=dealt-1].face-down [data-back=agent]").first).to_be_visible()
    expect(page.locator("[data-group$='-1'] [data-card]")).to_have_count(0)
    expect(watcher.locator("[data-group=dealt-0].face-down")).to_have_attribute("data-count", "8")
    hidden_from(watcher)

    # Keeping one: it moves to the seat's hand, face up for the seat alone.
    kept = page.locator("[data-group=dealt-0] .tile.pick").first
    name = kept.get_attribute("data-card")
    kept.click()
    expect(page.locator(f"[data-group=hand-0].face-up [data-card='{name}']")).to_have_count(1)
    expect(watcher.locator("[data-group=hand-0].face-down")).to_have_attribute("data-count", "1")
    hidden_from(watcher)

    page.set_viewport_size(PHONE)
    expect(page.locator("#legal button.action").first).to_be_visible()
    assert too_small(page) == []
    clicks = play_by_clicks(page, random.Random(2))
    assert clicks > 20
    assert http_json("GET", f"{base}/api/games/{created['id']}")["status"] == "over"
    expect(page.locator("#result")).to_be_visible()
    expect(page.locator("#dom-season")).to_have_text("Season 7 of 7")
    expect(page.locator("[data-player] [data-standing]")).to_have_count(2)
    hidden_from(watcher)
    assert not errors, errors


def test_a_person_inspires_by_clicking_a_block_then_an_amount(base: str, browser: Browser) -> None:
    """In the Action Phase a vacant block is clicked to Inspire there; how much is asked
    next, as buttons, and one influence bought makes the block the seat's."""
    created = create_game(base, "dominare", players=2, seats=["human", "random"], seed=7)
    errors: list[str] = []
    page = _open_seated(browser, base, created, errors)
    chooser = random.Random(3)
    vacant = page.locator(".dom-block.vacant.pick[data-action^='inspire ']")
    deadline = time.monotonic() + 120
    while not vacant.count():
        assert time.monotonic() < deadline, "no Inspire was offered"
        click_one(page, "#legal button.action:not([data-action^='inspire']), .tile.pick", chooser)
        page.wait_for_timeout(50)
    tile = vacant.first
    name = tile.get_attribute("data-block")
    tile.click()
    expect(page.locator("#dom-phase")).to_have_attribute("data-step", "amount")
    expect(page.locator("#dom-under-way")).to_contain_text(f"inspires in {name}")
    amount = page.locator("#legal button.action[data-action='amount 1']")
    expect(amount).to_contain_text(f"1 influence in {name}")
    amount.click()
    bought = page.locator(f"#dom-board [data-block='{name}']")
    expect(bought).to_have_attribute("data-owner", "0")
    expect(bought).to_have_attribute("data-influence", "1")
    assert not errors, errors
