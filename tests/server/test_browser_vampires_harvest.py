"""Vampire's Harvest in Debian's Chromium: a two-player game played to the end by clicks
against a bot on a phone, then replayed; what a spectator and the other seat see; hotseat
and undo."""

from __future__ import annotations

import random
import re
import time
from typing import Any

from playwright.sync_api import Browser, Page, expect
from playwright.sync_api import TimeoutError as PlaywrightTimeoutError

import ballroom
from ballroom.core.state import CHANCE
from ballroom.games.vampires_harvest.state import HarvestState
from ballroom.games.vampires_harvest.turn import CATALOG
from server.support import create_game, http_json
from server.test_browser import _open_seated, click_one, new_page, status_of
from server.test_browser_views import PHONE, too_small

OPTIONS = {"two-player": "closing-die"}


def play_by_clicks(page: Page, chooser: random.Random, seconds: float = 300) -> int:
    """Click one of the seat's moves (a button or a card tile) whenever it has one, until
    the game is over; the number of clicks."""
    deadline = time.monotonic() + seconds
    clicks = 0
    while "Game over" not in status_of(page):
        assert time.monotonic() < deadline, "Vampire's Harvest did not finish"
        clicks += click_one(page, "#legal button.action, #board .tile.pick", chooser)
        page.wait_for_timeout(30)
    return clicks


def test_a_two_player_game_is_played_to_the_end_by_clicks_and_replayed(
    base: str, browser: Browser
) -> None:
    created = create_game(
        base,
        "vampires-harvest",
        players=2,
        seats=["human", "heuristic"],
        options=OPTIONS,
        seed=11,
    )
    errors: list[str] = []
    page = _open_seated(browser, base, created, errors)
    expect(page.locator("#vh-pool")).to_be_visible()
    expect(page.locator("#vh-areas [data-row^=area-]")).to_have_count(2)
    expect(page.locator(".vh-player")).to_have_count(2)
    expect(page.locator("#vh-tracks [data-track]")).to_have_count(3)
    expect(page.locator("[data-group=hand-0].face-up [data-card]")).to_have_count(1)
    expect(page.locator("[data-group=hand-1].face-down [data-back=bloodstone]")).to_have_count(1)
    page.set_viewport_size(PHONE)
    expect(page.locator("#legal button.action").first).to_be_visible()
    assert too_small(page) == []
    clicks = play_by_clicks(page, random.Random(3))
    assert clicks > 12
    meta = http_json("GET", f"{base}/api/games/{created['id']}")
    assert meta["status"] == "over"
    expect(page.locator("#result")).to_be_visible()
    expect(page.locator("#vh-turn")).to_have_text("Turn 12 of 12")
    assert not errors, errors

    record = http_json("GET", f"{base}/api/games/{created['id']}/record")
    total = len(record["actions"])
    page.click("#replay-link")
    expect(page.locator("#replay-ply")).to_have_text(f"step {total} of {total}")
    page.locator("#replay-slider").evaluate(
        "(el) => { el.value = 0; el.dispatchEvent(new Event('input')); }"
    )
    expect(page.locator("#replay-ply")).to_have_text(f"step 0 of {total}")
    expect(page.locator("#vh-turn")).to_have_text("Turn 1 of 12")
    for step in range(1, 4):
        page.click("#replay-next")
        expect(page.locator("#replay-ply")).to_have_text(f"step {step} of {total}")
    assert not errors, errors


def _dealt(seed: int) -> HarvestState:
    """The server's game at its first decision, played here from the same seed."""
    state = ballroom.make("vampires-harvest", players=2, seed=seed, **OPTIONS)
    assert isinstance(state, HarvestState)
    while state.is_chance_node():
        state.apply(state.sample_chance(), CHANCE)
    return state


def _hand(state: HarvestState, seat: int) -> list[str]:
    return [CATALOG.cards[card].text for card in state.zones.zone("hand", seat).cards]


def test_a_spectator_and_the_other_seat_see_no_hidden_card(base: str, browser: Browser) -> None:
    seed = 21
    created = create_game(
        base, "vampires-harvest", players=2, seats=["human", "human"], options=OPTIONS, seed=seed
    )
    errors: list[str] = []
    first = _open_seated(browser, base, created, errors)
    second = new_page(browser, errors)
    second.goto(f"{base}/g/{created['id']}?seat=1&join={created['join']}")
    expect(second.locator(".seat-pill.mine")).to_have_count(1)
    watcher = new_page(browser, errors)
    watcher.goto(f"{base}/g/{created['id']}")
    expect(watcher.locator("#vh-pool")).to_be_visible()

    state = _dealt(seed)
    hands = [_hand(state, 0), _hand(state, 1)]
    assert all(hands), hands
    pages: dict[Any, Page] = {0: first, 1: second, None: watcher}

    def check_hands() -> None:
        for seat, page in pages.items():
            for owner in (0, 1):
                group = page.locator(f"[data-group=hand-{owner}]")
                expect(group).to_have_attribute("data-count", str(len(hands[owner])))
                shown = page.locator(f"[data-card='{hands[owner][0]}']")
                expect(shown).to_have_count(1 if owner == seat else 0)
            assert page.locator(".vh-chosen").count() <= (1 if seat is not None else 0)

    check_hands()
    # Through the Prepare phase by its cheapest moves, to the secret Action choice.
    deadline = time.monotonic() + 60
    while not first.locator("#legal [data-action^='select ']").count():
        assert time.monotonic() < deadline, "the Actions were never chosen"
        for page in (first, second):
            button = page.locator("#legal [data-action=pass], #legal [data-action=done]").first
            try:
                if button.count():
                    button.click(timeout=2000)
            except PlaywrightTimeoutError:
                pass
        first.wait_for_timeout(50)
    first.locator("#legal [data-action='select harvest']").click()
    expect(first.locator(".vh-chosen")).to_contain_text("Harvest")
    for page in (second, watcher):
        ready = page.locator(".vh-player[data-player='0'] .vh-ready")
        expect(ready).to_contain_text("chosen")
        expect(page.locator("[data-revealed]")).to_have_count(0)
        expect(page.locator(".vh-chosen")).to_have_count(0)
    check_hands()
    second.locator("#legal [data-action='select train']").click()
    for page in pages.values():
        expect(page.locator(".vh-player[data-player='0'] [data-revealed]")).to_have_attribute(
            "data-revealed", "harvest"
        )
    assert not errors, errors


def test_hotseat_passes_the_device_and_can_undo(base: str, browser: Browser) -> None:
    created = create_game(
        base,
        "vampires-harvest",
        players=2,
        seats=["human", "human"],
        hotseat=True,
        options=OPTIONS,
        seed=4,
    )
    meta = http_json("GET", f"{base}/api/games/{created['id']}")
    names = [seat["name"] for seat in meta["seats"]]
    errors: list[str] = []
    page = _open_seated(browser, base, created, errors)
    curtain = page.locator("#curtain")
    expect(curtain).to_contain_text("Pass the device to")
    first = next(name for name in names if name in curtain.inner_text())
    other = next(name for name in names if name != first)
    page.click("#curtain-ok")
    page.locator("#legal button.action").first.click()
    expect(curtain).to_contain_text(f"Pass the device to {other}")
    page.click("#curtain-undo")
    expect(curtain).to_contain_text(f"Pass the device to {first}")
    page.click("#curtain-ok")
    expect(page.locator("#status")).to_contain_text(f"Your move, {first}")
    assert http_json("GET", f"{base}/api/games/{created['id']}")["ply"] == meta["ply"]
    assert not errors, errors


def _click_first(page: Page, selector: str) -> bool:
    """Click the first element ``selector`` finds, if it is there (and stays); whether it was."""
    found = page.locator(selector).first
    try:
        if found.count():
            found.click(timeout=2000)
            return True
    except PlaywrightTimeoutError:
        pass  # the screen moved on meanwhile
    return False


def test_a_blood_fury_reroll_offers_every_pick_of_the_dice_by_face(
    base: str, browser: Browser
) -> None:
    """The seat raises Blood Fury to 1 and then Speed, goes where an Enemy waits and fights
    in Blood Fury until it may reroll; every pick of its dice (1s stay below level 3) is a
    button in words (seed 9: a 6, a 4 and a 2, seven picks)."""
    created = create_game(
        base, "vampires-harvest", players=2, seats=["human", "heuristic"], options=OPTIONS, seed=9
    )
    errors: list[str] = []
    page = _open_seated(browser, base, created, errors)
    expect(page.locator("#vh-pool")).to_be_visible()
    rerolls = page.locator("#legal button.action[data-action^='reroll ']")
    deadline = time.monotonic() + 240
    while not rerolls.count():
        assert time.monotonic() < deadline, "no Blood Fury reroll was reached"
        assert "Game over" not in status_of(page), "no Blood Fury reroll was reached"
        level = page.locator(".vh-player.me [data-skill='Blood Fury']").inner_text()
        slay_areas = [
            a for a in (1, 2) if page.locator(f"[data-row=area-{a}] .vh-card.slay").count()
        ]
        wanted = [
            *(["raise blood-fury"] if level.endswith(" 0") else []),
            "raise speed",
            "done",
            "pass",
            *(f"select area-{a}" for a in slay_areas),
            "select harvest",
        ]
        preferred = [
            *(f"#legal [data-action='{action}']" for action in wanted),
            "#board .tile.pick.slay",
            "#legal [data-action='attempt fury']",
            "#legal [data-action='attempt decline']",
            "#legal button.action, #board .tile.pick",
        ]
        next((selector for selector in preferred if _click_first(page, selector)), None)
        page.wait_for_timeout(50)
    faces = [int(t) for t in page.locator("#vh-dice svg.die title").all_text_contents()]
    counts = [faces.count(face) for face in range(2, 7)]  # 1s are rerollable from level 3
    picks = 1
    for n in counts:
        picks *= n + 1
    expect(rerolls).to_have_count(picks - 1)
    words = re.compile(r"^reroll (one|two|three|four|five) [1-6]s?((, | and )\w+ [1-6]s?)*$")
    for button in rerolls.all():
        action = button.get_attribute("data-action") or ""
        assert words.match(action), action
        assert button.inner_text().startswith(f"Reroll {action.removeprefix('reroll ')}")
    single = rerolls.first.get_attribute("data-action") or ""
    rerolls.first.click()
    expect(page.locator("#log")).to_contain_text(f"Blood to {single}.")
    assert not errors, errors
