"""The learning aids in Chromium, as a newcomer meets them: the "what to do now" line,
a move's help on hover and focus, a "Why can't I…?" answer with its rulebook section,
and, once the game is played to the end by clicks, the end screen's score breakdown with
no stale "your move" text."""

from __future__ import annotations

from playwright.sync_api import Browser, expect

from server.support import create_game
from server.test_browser import _open_seated


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
        "keep all six dice as rolled and arrange them. "
        "After the first roll you may re-roll any number of dice "
        "once, announcing how many; no more than two rolls a round. "
        "(rulebook: GAME PLAY)",
    )
    confirm.focus()
    expect(page.locator("#move-help")).to_contain_text("keep all six dice as rolled")

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
