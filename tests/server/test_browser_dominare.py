"""Dominare in Debian's Chromium, as a newcomer plays it: the map of Tempest drawn from
the board data, blocks clicked on it, the legal targets highlighted (checked against the
moves the server sent), where a canvassing agent's influence went, the Action Phase's
targets grouped by action and district, the cards of a decision beside its buttons, a
game to the end by clicks on a phone without sideways scrolling, and what the seat and a
spectator see of the hands."""

from __future__ import annotations

import json
import random
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Browser, Page, WebSocket, expect

from ballroom.games.dominare.components import Side
from ballroom.games.dominare.turn import CATALOG
from server.support import create_game, http_json, server_process
from server.test_browser import click_one, new_page, status_of
from server.test_browser_views import PHONE, too_small

MAP_BLOCK = "#dom-board .dom-block.legal"
ON_MAP = f"{MAP_BLOCK}, #dom-board .dom-district.legal"
BUTTON = "#legal button.action:visible"


@pytest.fixture(scope="module")
def base(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """A real ``ballroom serve`` whose bots move at once (``--bot-delay 0``)."""
    with server_process(Path(tmp_path_factory.mktemp("dominare")), bot_delay=0.0) as (url, _):
        yield url


class Seated:
    """A page holding the creator's seat, and the last legal moves the server sent it."""

    def __init__(self, browser: Browser, base: str, created: dict[str, Any], errors: list[str]):
        self.legal: list[dict[str, Any]] = []
        self.page = new_page(browser, errors)
        # Still cards, so that where a card lies can be measured while the shell would glide it.
        self.page.emulate_media(reduced_motion="reduce")
        self.page.on("websocket", self.listen)
        self.page.goto(base + "/")
        self.page.evaluate(
            "([id, token]) => localStorage.setItem(`ballroom:tokens:${id}`, JSON.stringify([token]))",
            [created["id"], created["token"]],
        )
        self.page.goto(f"{base}/g/{created['id']}")

    def listen(self, socket: WebSocket) -> None:
        socket.on("framereceived", self.heard)

    def heard(self, frame: str | bytes) -> None:
        message = json.loads(frame)
        if message.get("type") == "state" and message.get("seat") == 0:
            self.legal = message["legal"]

    def step(self) -> str | None:
        return self.page.locator("#dom-phase").get_attribute("data-step")

    def block_targets(self) -> set[str]:
        """The blocks the server's legal moves name."""
        return {move["params"]["block"] for move in self.legal if "block" in move["params"]}

    def district_targets(self) -> set[str]:
        """The districts the server's legal moves name, each by one move."""
        named = [move["params"]["district"] for move in self.legal if "district" in move["params"]]
        return {district for district in named if named.count(district) == 1}

    def highlighted_districts(self) -> set[str]:
        return set(
            self.page.locator("#dom-board .dom-district.legal").evaluate_all(
                "(els) => els.map((e) => e.dataset.district)"
            )
        )

    def highlighted(self) -> set[str]:
        return set(
            self.page.locator(MAP_BLOCK).evaluate_all("(els) => els.map((e) => e.dataset.block)")
        )

    def map_agrees(self) -> bool:
        """Whether the map highlights exactly the blocks and districts the server offers
        (asked again after a pause, as the frame and the page may be a moment apart)."""
        for _ in range(3):
            if (self.highlighted(), self.highlighted_districts()) == (
                self.block_targets(),
                self.district_targets(),
            ):
                return True
            self.page.wait_for_timeout(300)
        return False

    def play_until(self, wanted: str, chooser: random.Random, seconds: float = 120) -> None:
        """Clicks the seat's moves (a button where there is one, else a block) until it is
        to act in step ``wanted``."""
        deadline = time.monotonic() + seconds
        while not (self.step() == wanted and self.page.locator(BUTTON + ", " + MAP_BLOCK).count()):
            assert time.monotonic() < deadline, f"never reached {wanted}"
            if not click_one(self.page, BUTTON, chooser):
                click_one(self.page, MAP_BLOCK, chooser)
            self.page.wait_for_timeout(30)


def watch_for_mark(page: Page, block: str) -> None:
    """From now on, ``window.markSeen`` turns true once the map marks ``block`` as just changed."""
    page.evaluate(
        """(block) => {
            window.markSeen = false;
            window.markWatch?.disconnect();
            const look = () => {
                const found = `#dom-board [data-block='${block}'][data-fresh]`;
                if (document.querySelector(found)) window.markSeen = true;
            };
            window.markWatch = new MutationObserver(look);
            window.markWatch.observe(document.body, { subtree: true, childList: true, attributes: true });
        }""",
        block,
    )


def overflow(page: Page) -> int:
    """How many CSS pixels the page is wider than its viewport."""
    width: int = page.evaluate("document.documentElement.scrollWidth - window.innerWidth")
    return width


def hidden_from(page: Page) -> None:
    """No agent of a hand, a deal or a secret choice is drawn on ``page``."""
    for group in ("hand", "dealt"):
        expect(page.locator(f"[data-group^={group}-] [data-card]")).to_have_count(0)
    expect(page.locator("[data-chosen]")).to_have_count(0)
    expect(page.locator("#legal [data-card]")).to_have_count(0)


def test_a_two_player_game_is_played_to_the_end_by_clicks(base: str, browser: Browser) -> None:
    created = create_game(base, "dominare", players=2, seats=["human", "random"], seed=5)
    errors: list[str] = []
    seated = Seated(browser, base, created, errors)
    page = seated.page
    watcher = new_page(browser, errors)
    watcher.goto(f"{base}/g/{created['id']}")
    board = CATALOG.boards[Side.SMALL]
    for shown in (page, watcher):
        expect(shown.locator("#dom-season")).to_have_text("Set-up")
        expect(shown.locator("#dom-board svg [data-district]")).to_have_count(
            len(CATALOG.districts)
        )
        expect(shown.locator("#dom-board svg [data-block]")).to_have_count(len(board.blocks))
        expect(shown.locator("#dom-board svg circle.dom-water")).to_have_count(1)
        expect(shown.locator(".dom-player")).to_have_count(2)

    # The set-up deal: the seat's eight agents as cards, each with its Keep button right
    # below it; only backs of the bot's.
    choices = page.locator("#legal .dom-choice")
    expect(choices).to_have_count(8)
    first = choices.first
    card, keep = first.locator("[data-card]"), first.locator("button.action")
    expect(card.locator(".dom-seal")).to_be_visible()
    expect(card.locator(".dom-abilities li").first).to_be_visible()
    card_box, keep_box = card.bounding_box(), keep.bounding_box()
    assert card_box and keep_box
    below = keep_box["y"] - (card_box["y"] + card_box["height"])
    assert -1 < below < 40, below  # right below it, to the subpixel
    expect(page.locator("[data-group=dealt-1].face-down [data-back=agent]").first).to_be_visible()
    expect(page.locator("[data-group$='-1'] [data-card]")).to_have_count(0)
    expect(watcher.locator("[data-group=dealt-0].face-down")).to_have_attribute("data-count", "8")
    hidden_from(watcher)

    # Keeping one: it moves to the seat's hand, face up for the seat alone.
    name = card.get_attribute("data-card")
    expect(keep).to_contain_text(f"Keep {CATALOG.agent(CATALOG.card_texts.index(name)).name}")
    keep.click()
    expect(page.locator(f"[data-group=hand-0].face-up [data-card='{name}']")).to_have_count(1)
    expect(watcher.locator("[data-group=hand-0].face-down")).to_have_attribute("data-count", "1")
    hidden_from(watcher)

    page.set_viewport_size(PHONE)
    expect(page.locator(BUTTON).first).to_be_visible()
    assert too_small(page) == []
    assert overflow(page) == 0
    chooser = random.Random(2)
    deadline = time.monotonic() + 240
    on_map = clicks = 0
    while "Game over" not in status_of(page):
        assert time.monotonic() < deadline, "Dominare did not finish"
        if page.locator(ON_MAP).count() and chooser.random() < 0.7:
            on_map += click_one(page, ON_MAP, chooser)
        else:
            clicks += click_one(page, BUTTON, chooser)
        if (on_map + clicks) % 15 == 0:
            assert overflow(page) == 0, seated.step()
            assert too_small(page) == [], seated.step()
            assert seated.map_agrees(), seated.step()
        page.wait_for_timeout(20)
    assert on_map > 10 and clicks > 10, (on_map, clicks)
    assert http_json("GET", f"{base}/api/games/{created['id']}")["status"] == "over"
    expect(page.locator("#result")).to_be_visible()
    expect(page.locator("#dom-season")).to_have_text("Season 7 of 7")
    expect(page.locator("[data-player] [data-standing]")).to_have_count(2)
    assert overflow(page) == 0
    hidden_from(watcher)
    assert not errors, errors


def test_the_map_highlights_the_legal_blocks_and_shows_where_influence_went(
    base: str, browser: Browser
) -> None:
    """Canvassing: exactly the blocks the server offers are highlighted; a block clicked
    is marked at once with the influence it got, and each block spread to as well."""
    created = create_game(base, "dominare", players=2, seats=["human", "random"], seed=11)
    errors: list[str] = []
    seated = Seated(browser, base, created, errors)
    page = seated.page
    chooser = random.Random(5)
    spread = None
    while spread is None:
        seated.play_until("canvass", chooser)
        expect(page.locator(MAP_BLOCK).first).to_be_visible()
        assert seated.highlighted() == seated.block_targets() != set()
        expect(page.locator("#legal .dom-block-list button.action")).to_have_count(
            len(seated.block_targets())
        )
        first = sorted(seated.highlighted())[0]
        watch_for_mark(page, first)
        page.locator(f"{MAP_BLOCK}[data-block='{first}']").click()
        # The mark comes with the server's answer (give a loaded machine time for it); where
        # the placement ends the season the board starts afresh at once, so the page is
        # watched for the mark rather than polled.
        page.wait_for_function("() => window.markSeen", timeout=15000)
        page.wait_for_timeout(100)
        if seated.step() == "spread":
            assert seated.highlighted() == seated.block_targets()
            expect(page.locator("#dom-under-way")).to_contain_text("canvasses: placed")
            spread = sorted(seated.highlighted() - {first})[0]
    page.locator(f"{MAP_BLOCK}[data-block='{spread}']").click()
    # Marked while the agent still canvasses (+1, the server's list of placements) and
    # after (what the board gained since the seat's move).
    for block in (spread, first):
        expect(page.locator(f"#dom-board [data-block='{block}'][data-fresh]")).to_have_count(
            1, timeout=15000
        )
    assert not errors, errors


def test_the_action_phase_groups_its_targets_and_inspires_by_a_click_on_the_map(
    base: str, browser: Browser
) -> None:
    """The Action Phase: its moves under headings by action, the Inspire targets by
    district (as many as the map highlights, as many as the server offers); a vacant
    block clicked on the map, how much asked next, and one influence bought makes the
    block the seat's."""
    created = create_game(base, "dominare", players=2, seats=["human", "random"], seed=7)
    errors: list[str] = []
    seated = Seated(browser, base, created, errors)
    page = seated.page
    seated.play_until("action", random.Random(3))
    inspire = [m for m in seated.legal if m["family"] == "inspire"]
    assert inspire
    headings = page.locator("#legal .dom-group h3").all_inner_texts()
    assert any(text.startswith("Inspire") for text in headings), headings
    assert any(text.startswith("Basic") for text in headings), headings
    rows = page.locator("#legal .dom-block-row")
    districts = {
        block.district
        for block in CATALOG.boards[Side.SMALL].blocks
        if block.id in {m["params"]["block"] for m in inspire}
    }
    expect(rows).to_have_count(len(districts))
    expect(page.locator("#legal .dom-block-list button.action")).to_have_count(len(inspire))
    assert seated.highlighted() == {m["params"]["block"] for m in inspire}
    assert seated.highlighted_districts() == seated.district_targets()

    vacant = page.locator(f"{MAP_BLOCK}.vacant[data-action^='inspire ']")
    expect(vacant.first).to_be_visible()
    tile = vacant.first
    name = tile.get_attribute("data-block")
    tile.click()
    expect(page.locator("#dom-phase")).to_have_attribute("data-step", "amount")
    amount = page.locator("#legal button.action[data-action='amount 1']")
    expect(amount).to_contain_text("1 influence in")
    amount.click()
    bought = page.locator(f"#dom-board [data-block='{name}']")
    expect(bought).to_have_attribute("data-owner", "0")
    expect(bought).to_have_attribute("data-influence", "1")
    expect(bought).to_have_attribute("data-fresh", "new")
    assert not errors, errors


def test_the_large_side_is_drawn_and_fits_a_phone(base: str, browser: Browser) -> None:
    """Five players get the large side (the auto side): its map from its own data, every
    block and district on it, and on a phone the map as wide as the screen and no wider."""
    created = create_game(base, "dominare", players=5, seats=["human"] + ["random"] * 4, seed=2)
    errors: list[str] = []
    page = Seated(browser, base, created, errors).page
    board = CATALOG.boards[Side.LARGE]
    expect(page.locator("#dom-board")).to_have_attribute("data-side", "large")
    expect(page.locator("#dom-board svg [data-block]")).to_have_count(len(board.blocks))
    expect(page.locator("#dom-board svg g.dom-district")).to_have_count(len(CATALOG.districts))
    page.set_viewport_size(PHONE)
    expect(page.locator(BUTTON).first).to_be_visible()
    assert overflow(page) == 0
    width = page.locator("#dom-board svg").evaluate("(svg) => svg.getBoundingClientRect().width")
    assert 300 < width <= PHONE["width"], width
    assert not errors, errors
