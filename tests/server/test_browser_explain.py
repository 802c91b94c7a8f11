"""The learning aids in Chromium, as a newcomer meets them: the "what to do now" line,
a move's help on hover and focus, a "Why can't I…?" answer with its rulebook section,
and, once the game is played to the end by clicks, the end screen's score breakdown with
no stale "your move" text."""

from __future__ import annotations

import time
from typing import Any

import pytest
from playwright.sync_api import Browser, expect

from server.support import create_game, http_json
from server.test_browser import _open_seated, new_page


def test_a_game_played_to_the_end_with_the_aids(base: str, browser: Browser) -> None:
    created = create_game(
        base, "dancing-dice", players=2, seats=["human", "random"], options={"endurance": 1}, seed=4
    )
    errors: list[str] = []
    page = _open_seated(browser, base, created, errors)

    expect(page.locator("#prompt")).to_contain_text("Choose the dice to re-roll once")
    confirm = page.locator("#dd-confirm")
    expect(confirm).to_have_attribute(
        "title",
        "Keep all six dice as rolled and arrange them. "
        "After the first roll you may re-roll any number of dice "
        "once, announcing how many; no more than two rolls a round. "
        "(rulebook: GAME PLAY)",
    )
    confirm.focus()
    expect(page.locator("#move-help")).to_contain_text("Keep all six dice as rolled")

    page.click("#why-not summary")
    expect(page.locator("#why-family option")).to_have_count(3)
    page.select_option("#why-family", "first")
    page.click("#why-ask")
    answer = page.locator("#why-answer")
    expect(answer).to_contain_text("Arrange the dances is not part of this step")
    expect(answer).to_contain_text("(rulebook: GAME PLAY)")

    for _ in range(60):
        if page.locator("#result").count():
            break
        button = page.locator("#dd-confirm")
        if button.count() and button.is_enabled():
            button.click()
        page.wait_for_timeout(150)
    result = page.locator("#result")
    expect(result).to_be_visible()
    expect(page.locator("#outcome-decided")).to_contain_text("last couple dancing")
    expect(page.locator("#breakdown tbody tr")).to_have_count(2)
    expect(page.locator("#breakdown")).to_contain_text("Endurance")
    expect(page.locator("#prompt")).to_have_count(0)
    expect(page.locator("#why-not")).to_have_count(0)
    expect(page.locator("#actions")).not_to_contain_text("Nothing to do until it is your move")
    assert not errors, errors


@pytest.mark.parametrize(
    ("game", "players", "options", "bot", "parts"),
    [
        ("vampires-harvest", 3, {}, "random", ("Tribute:", "Blood (tie-break):")),
        ("dark-tales", 2, {"expansion": "cinderella"}, "random", ("Balls:", "Items (")),
        ("dominare", 3, {}, "random", ("Districts:", "Exposure")),
        ("the-dance", 2, {}, "heuristic", ("Plan:", "Symbols filled:")),
    ],
    ids=["vampires-harvest", "dark-tales-cinderella", "dominare", "the-dance"],
)
def test_every_end_screen_breaks_the_score_down(
    base: str,
    browser: Browser,
    game: str,
    players: int,
    options: dict[str, Any],
    bot: str,
    parts: tuple[str, ...],
) -> None:
    """Bots play a game to its end; a spectator reads each player's breakdown by the game's
    scoring rules and what decided it, with no stale text of play."""
    created = create_game(base, game, players=players, seats=[bot] * players, options=options)
    for _ in range(600):
        if http_json("GET", f"{base}/api/games/{created['id']}")["status"] != "playing":
            break
        time.sleep(0.2)
    errors: list[str] = []
    page = new_page(browser, errors)
    page.goto(f"{base}/g/{created['id']}")
    expect(page.locator("#breakdown tbody tr")).to_have_count(players)
    expect(page.locator("#outcome-decided")).not_to_be_empty()
    for part in parts:
        expect(page.locator("#breakdown")).to_contain_text(part)
    for stale in ("none yet", "· to play", "Nothing to do until it is your move"):
        expect(page.locator("#board")).not_to_contain_text(stale)
        expect(page.locator("#actions")).not_to_contain_text(stale)
    assert not errors, errors
