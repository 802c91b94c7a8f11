"""Dark Tales as a newcomer meets it in Chromium, from the lobby to the end screen.

Two players (the fewest the rules allow, a random bot in the other seat), reduced
motion. The newcomer reads the "what to do now" line, reads a card's whole text,
asks why an item cannot be used, plays to the end by clicks only and reads the end
screen: each player's VP from the cards, the B Setting card's items (and with
Cinderella, the Balls), the winner and what decided it. Every screen passes the word
scan; each kind of step is checked at the phone's size for overflow and by axe at
both sizes (``newcomer.py``). ``test_newcomer_cinderella.py`` plays the same way with
the expansion.
"""

from __future__ import annotations

import random
import re
from typing import Any

from playwright.sync_api import Browser, expect
from playwright.sync_api import TimeoutError as PlaywrightTimeoutError

from server.newcomer import (
    MOVES,
    Visit,
    ask_why_not,
    at_both_sizes,
    checked_at_both_sizes,
    from_the_lobby,
    read_a_card,
    read_the_end,
)

PICTURED_AFTER = 12
"""The middle of the game, pictured with BALLROOM_SCREENSHOTS=1: after this many clicks,
cards in front of both players."""
MOST_CLICKS = 300
GENERIC = ("Your move", "Choose a move", "Nothing to do")
"""A "what to do now" line that says no more than these is not specific to its step."""


def step_of(visit: Visit) -> str:
    """The step as the status line names it ("Turn 3 · playing a card · deck: …")."""
    parts = visit.page.locator("#board").inner_text().split(" · ")
    return parts[1].strip() if len(parts) > 1 else ""


def play_by_clicks(visit: Visit, chooser: random.Random, name: str) -> dict[str, set[str]]:
    """Click any move the page offers until the end screen. Every screen is read by the
    word scan, and the first screen of each step is checked at both sizes. The "what to
    do now" lines seen, by step."""
    page = visit.page
    prompts: dict[str, set[str]] = {}
    checked: set[str] = set()
    pictured = False
    for _ in range(MOST_CLICKS):
        try:
            page.wait_for_function(
                f"() => document.querySelector('#result') || "
                f"(document.querySelectorAll({MOVES!r}).length "
                f"&& !document.querySelector('#actions.busy'))",
                timeout=20000,
            )
            if page.locator("#result").count():
                return prompts
            step = step_of(visit)
            prompts.setdefault(step, set()).add(page.locator("#prompt").inner_text())
            visit.read(f"click {visit.clicks}, {step}")
            if not pictured and visit.clicks >= PICTURED_AFTER:
                pictured = True
                page.evaluate("window.scrollTo(0, 0)")
                at_both_sizes(visit, name, "in play")
            elif step not in checked:
                checked.add(step)
                checked_at_both_sizes(visit, f"step {step}")
            moves = page.locator(MOVES)
            moves.nth(chooser.randrange(moves.count())).click(timeout=3000)
            visit.clicks += 1
        except PlaywrightTimeoutError:
            continue  # the screen moved on meanwhile (a bot moved)
    raise AssertionError(f"no end after {MOST_CLICKS} clicks")


def a_newcomer_plays(
    browser: Browser,
    base: str,
    name: str,
    options: dict[str, Any],
    seed: int,
    parts: tuple[str, ...],
) -> Visit:
    """The whole visit, with or without the expansion; the visit, for more checks."""
    visit = from_the_lobby(browser, base, "dark-tales", ["human", "random"], options, seed)
    page = visit.page
    prompt = page.locator("#prompt")
    expect(prompt).to_contain_text("card")
    visit.read("first screen")

    card = page.locator("#board .tile[data-full]").first
    title = (card.get_attribute("data-full") or "").split("\n")[0]
    text = read_a_card(visit, card, least_lines=2)
    assert title in text and "VP" in text, text

    answer = ask_why_not(visit, "Use an item")
    assert answer.startswith("Not now."), answer
    assert re.search(r"\(rulebook: \S.+\)", answer), answer

    checked_at_both_sizes(visit, "first screen")
    prompts = play_by_clicks(visit, random.Random(name), name)
    assert "playing a card" in prompts, sorted(prompts)
    for step, lines in prompts.items():
        for line in lines:
            assert len(line.split()) >= 4 and line not in GENERIC, f"{step}: {line!r}"
    assert all("card" in line for line in prompts["playing a card"]), prompts["playing a card"]

    ending = read_the_end(visit, 2)
    for part in parts:
        assert part in ending, f"{part!r} not on the end screen:\n{ending}"
    decided = page.locator("#outcome-decided").inner_text()
    assert re.search(r"Player [12]", decided), decided
    if "broken by" in decided:
        assert "items" in decided.lower(), decided
    page.evaluate("window.scrollTo(0, 0)")
    at_both_sizes(visit, name, "end")
    visit.assert_words()
    assert not visit.errors, visit.errors
    return visit


def test_a_newcomer_plays_dark_tales_to_the_end(base: str, browser: Browser) -> None:
    a_newcomer_plays(browser, base, "dark-tales", {}, 12, ("During play:", "Items ("))
