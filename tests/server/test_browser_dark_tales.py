"""Dark Tales with Cinderella in Debian's Chromium: a two-player game played to the end by
clicks against a random bot on a phone, watched by a spectator who sees no card in any
hand and no tile's hidden side, while the seat sees its own hand and its own tiles' other
sides, and everyone the side the tile pile's top shows; and at a Ball, the couples a
player picks and those the engine's best pairing forms, shown to the seats and the
spectator."""

from __future__ import annotations

import random
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Browser, Page, expect

import ballroom
from ballroom.core.state import CHANCE
from ballroom.games.dark_tales import ball
from ballroom.games.dark_tales.state import DarkTalesState
from ballroom.games.dark_tales.turn import CATALOG, Phase
from server.support import create_game, http_json, server_process
from server.test_browser import (
    _open_as,
    _open_seated,
    _replay_hotseat,
    click_one,
    new_page,
    status_of,
)
from server.test_browser_views import PHONE, too_small

OPTIONS = {"expansion": "cinderella"}
SEED = 7

SEEN = """() => {
  const count = (selector) => document.querySelectorAll(selector).length;
  return {
    hands: [0, 1].map((s) => count(`[data-group=hand-${s}] [data-card]`)),
    backs: [0, 1].map((s) => count(`[data-group=hand-${s}] [data-back]`)),
    shown: [0, 1].map((s) => count(`[data-group=tiles-${s}] [data-face]:not([data-hidden-side])`)),
    hidden: [0, 1].map((s) => count(`[data-group=tiles-${s}] [data-hidden-side]`)),
  };
}"""
"""What a page shows of the hands and tiles, read in one go (a frame may redraw it)."""


@pytest.fixture(scope="module")
def base(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """A real ``ballroom serve`` whose bots move at once (``--bot-delay 0``)."""
    with server_process(Path(tmp_path_factory.mktemp("dark-tales")), bot_delay=0.0) as (url, _):
        yield url


def _dealt(seed: int) -> DarkTalesState:
    """The server's game at its first decision, played here from the same seed."""
    state = ballroom.make("dark-tales", players=2, seed=seed, **OPTIONS)
    assert isinstance(state, DarkTalesState)
    while state.is_chance_node():
        state.apply(state.sample_chance(), CHANCE)
    return state


def _hand(state: DarkTalesState, seat: int) -> list[str]:
    return [CATALOG.cards[card].text for card in state.zones.zone("hand", seat).cards]


def check_secrets(seat: Page, watcher: Page) -> int:
    """The seat sees its hand and the other side of each of its tiles, and nothing hidden of
    the bot's; the spectator sees no hand's card and no tile's hidden side. The number of
    the seat's tiles."""
    mine: dict[str, Any] = seat.evaluate(SEEN)
    assert mine["backs"][0] == 0 and mine["hands"][1] == 0, mine
    assert mine["hidden"] == [mine["shown"][0], 0], mine
    seen: dict[str, Any] = watcher.evaluate(SEEN)
    assert seen["hands"] == [0, 0] and seen["hidden"] == [0, 0], seen
    return int(mine["shown"][0])


def play_by_clicks(page: Page, watcher: Page, chooser: random.Random, seconds: float = 240) -> int:
    """Click one of the seat's moves (a button or a card or tile) whenever it has one, until
    the game is over, checking what each page shows of the secrets; the most tiles the seat
    held."""
    deadline = time.monotonic() + seconds
    most_tiles = 0
    while "Game over" not in status_of(page):
        assert time.monotonic() < deadline, "Dark Tales did not finish"
        most_tiles = max(most_tiles, check_secrets(page, watcher))
        click_one(page, "#legal button.action, #board .tile.pick", chooser)
        page.wait_for_timeout(30)
    return most_tiles


def test_a_cinderella_game_is_played_to_the_end_by_clicks_and_keeps_its_secrets(
    base: str, browser: Browser
) -> None:
    created = create_game(
        base, "dark-tales", players=2, seats=["human", "random"], options=OPTIONS, seed=SEED
    )
    errors: list[str] = []
    page = _open_seated(browser, base, created, errors)
    watcher = new_page(browser, errors)
    watcher.goto(f"{base}/g/{created['id']}")
    for each in (page, watcher):
        expect(each.locator("#dt-a-card")).to_be_visible()
        expect(each.locator("#dt-b-card")).to_be_visible()
        expect(each.locator("#dt-clock")).to_have_attribute("data-clock", "day")
        expect(each.locator("[data-row=ball]")).to_have_count(1)
        expect(each.locator("[data-row=clock] [data-card]")).to_have_count(2)
        expect(each.locator(".dt-player")).to_have_count(2)
        # The pile lies unframed side up: its top's side is everyone's to see.
        expect(each.locator("#dt-pile-top")).to_have_attribute("data-face", str(_dealt(SEED).top))

    hands = [_hand(_dealt(SEED), 0), _hand(_dealt(SEED), 1)]
    assert len(hands[0]) == 4 and len(hands[1]) == 3, hands
    for seat, each in ((0, page), (None, watcher)):
        for owner in (0, 1):
            group = each.locator(f"[data-group=hand-{owner}]")
            expect(group).to_have_attribute("data-count", str(len(hands[owner])))
            for text in hands[owner]:
                expect(each.locator(f"[data-card='{text}']")).to_have_count(
                    1 if owner == seat else 0
                )
    expect(page.locator("[data-group=hand-0].face-up [data-card]")).to_have_count(4)
    expect(watcher.locator("[data-group=hand-0].face-down [data-back]")).to_have_count(4)
    expect(watcher.locator("#legal")).to_have_count(0)

    page.set_viewport_size(PHONE)
    expect(page.locator("#legal button.action, #board .tile.pick").first).to_be_visible()
    assert too_small(page) == []
    most_tiles = play_by_clicks(page, watcher, random.Random(5))
    assert most_tiles > 0, "the seat never held a tile: choose another seed"
    meta = http_json("GET", f"{base}/api/games/{created['id']}")
    assert meta["status"] == "over"
    expect(page.locator("#result")).to_be_visible()
    check_secrets(page, watcher)
    assert not errors, errors


Couple = tuple[int, int]


def _find_ball() -> tuple[int, list[str], int, Couple, list[Couple]]:
    """A seed and the moves (seeded random ones) that bring a Ball during the game to a seat
    that may form a couple outside the engine's best pairing, and still couples after it,
    the other player deciding next: the seed, the moves, the seat, that couple, and the
    best pairing of the rest."""
    for seed in range(100):
        state = ballroom.make("dark-tales", players=2, seed=seed, **OPTIONS)
        assert isinstance(state, DarkTalesState)
        chooser = random.Random(seed)
        moves: list[str] = []
        while not state.is_terminal():
            if state.is_chance_node():
                state.apply(state.sample_chance(), CHANCE)
                continue
            (seat,) = state.current_players()
            if state.step.name is Phase.DANCE and state.balls and not state.dancing:
                offered = ball.best(state, seat)
                for pick in (c for c in ball.allowed(state, seat) if c not in offered):
                    after = state.clone()
                    after.apply(after.game.parse_action(_couple(pick)), seat)
                    if after.dancer != seat or not ball.best(after, seat):
                        continue
                    rest = ball.best(after, seat)
                    after.apply(after.game.parse_action("best"), seat)
                    if after.current_players() == (1 - seat,):  # the device passes on then
                        return seed, moves, seat, pick, rest
            action = chooser.choice(state.legal_actions(seat))
            moves.append(state.game.action_to_text(action))
            state.apply(action, seat)
    raise AssertionError("no seed brings a Ball with a choice of couples")


def _couple(couple: Couple) -> str:
    male, female = (CATALOG.cards[card].text for card in couple)
    return f"couple {male} {female}"


def _shown(couple: Couple) -> str:
    """The selector of a couple on the page."""
    male, female = (CATALOG.cards[card].text for card in couple)
    return f"[data-couple='{male} {female}']"


def test_couples_picked_and_offered_at_a_ball_are_shown_to_everyone(
    base: str, browser: Browser
) -> None:
    seed, moves, seat, pick, offered = _find_ball()
    created = _replay_hotseat(base, seed, OPTIONS, moves, game="dark-tales", players=2)
    errors: list[str] = []
    page = _open_as(browser, base, created, errors)
    watcher = new_page(browser, errors)
    watcher.goto(f"{base}/g/{created['id']}")
    row = f"[data-row=couples-{seat}]"
    expect(page.locator(f"{row} [data-couple]")).to_have_count(0)

    page.locator(f"#legal button.action[data-action='{_couple(pick)}']").click()
    for each in (page, watcher):  # the player's own pick, not the engine's offer
        expect(each.locator(f"{row} {_shown(pick)} [data-card]")).to_have_count(2)
        expect(each.locator(f"{row} [data-couple]")).to_have_count(1)

    page.locator("#legal button.action[data-action='best']").click()
    page.click("#curtain-ok")  # the device passes to the other player, who sees them too
    for each in (watcher, page):  # then the best pairing of the rest, as the engine offered it
        expect(each.locator(f"{row} [data-couple]")).to_have_count(1 + len(offered))
        for couple in (pick, *offered):
            expect(each.locator(f"{row} {_shown(couple)}")).to_have_count(1)
        expect(each.locator("#log")).to_contain_text("dances with")
    assert not errors, errors
