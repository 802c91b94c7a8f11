"""Dominare as a newcomer meets it in Chromium, from the lobby to the end screen.

Two players (the fewest the rules allow, a random bot in the other seat), reduced
motion. The newcomer reads the set-up's "what to do now" line, reads an agent
card's whole text, asks why Inspire is not offered in the draft, then plays the
seven Seasons by clicks only, a highlighted block on the map whenever the page
offers one (canvassing, spreading, Inspire), and reads the end screen: each
player's VP from districts, blocks, agents and exposure, the winner and what
decided it. Every screen passes the word scan; each kind of step is checked at the
phone's size for overflow and by axe at both sizes (``newcomer.py``).
"""

from __future__ import annotations

import random
import re

from playwright.sync_api import Browser, Locator, expect
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

MAP_TARGETS = "#board .dom-map .legal[data-action]"
"""The blocks and districts the map highlights as legal targets."""
PICTURED_AFTER = 40
"""The middle of the game, pictured with BALLROOM_SCREENSHOTS=1: the first Action Phase
after this many clicks, its map filled."""
SEED = 11
"""The deal: every run meets the same game."""
MOST_CLICKS = 500
STEP_WORDS = {
    "keep": ("draft", "agent"),
    "select": ("agent", "rank"),
    "canvass": ("influence", "block"),
    "spread": ("influence", "block"),
    "action": ("action",),
}
"""Words the "what to do now" line must hold at a step: it says what this step asks."""


def click(target: Locator) -> None:
    """Click a move; a district on the map by its name at the top of its frame, as a
    person would (its middle holds its blocks, themselves targets in the Action Phase)."""
    district = "dom-district" in (target.get_attribute("class") or "")
    hub = "dom-hub" in (target.get_attribute("class") or "")
    if district and not hub:
        box = target.bounding_box()
        assert box is not None
        target.click(position={"x": box["width"] / 2, "y": 12}, timeout=3000)
    else:
        target.click(timeout=3000)


def step_of(visit: Visit) -> str:
    return visit.page.locator("#legal").get_attribute("data-step") or ""


def play_by_clicks(
    visit: Visit, chooser: random.Random, name: str
) -> tuple[dict[str, set[str]], set[str]]:
    """Click until the end screen: a highlighted map target whenever the map offers one,
    else any move the page offers. Every screen is read by the word scan, and the first
    screen of each step is checked at both sizes. The "what to do now" lines seen, by step,
    and the steps where a move was clicked on the map."""
    page = visit.page
    prompts: dict[str, set[str]] = {}
    checked: set[str] = set()
    pictured = False
    on_the_map: set[str] = set()
    for _ in range(MOST_CLICKS):
        try:
            page.wait_for_function(
                f"() => document.querySelector('#result') || "
                f"(document.querySelectorAll({MOVES!r}).length "
                f"&& !document.querySelector('#actions.busy'))",
                timeout=20000,
            )
            if page.locator("#result").count():
                return prompts, on_the_map
            step = step_of(visit)
            prompts.setdefault(step, set()).add(page.locator("#prompt").inner_text())
            visit.read(f"click {visit.clicks}, {step}")
            if not pictured and step == "action" and visit.clicks >= PICTURED_AFTER:
                pictured = True
                page.evaluate("window.scrollTo(0, 0)")
                at_both_sizes(visit, name, "in play")
            elif step not in checked:
                checked.add(step)
                checked_at_both_sizes(visit, f"step {step}")
            on_map = page.locator(MAP_TARGETS)
            if on_map.count():
                on_the_map.add(step)
            moves = on_map if on_map.count() else page.locator(MOVES)
            click(moves.nth(chooser.randrange(moves.count())))
            visit.clicks += 1
        except PlaywrightTimeoutError:
            continue  # the screen moved on meanwhile (a bot moved)
    raise AssertionError(f"no end after {MOST_CLICKS} clicks")


def test_a_newcomer_plays_dominare_to_the_end(base: str, browser: Browser) -> None:
    visit = from_the_lobby(browser, base, "dominare", ["human", "random"], {}, SEED)
    page = visit.page
    prompt = page.locator("#prompt")
    expect(prompt).to_contain_text("draft")
    visit.read("first screen")

    card = page.locator("#actions .dom-agent[data-full]").first
    name = (card.get_attribute("data-full") or "").split("\n")[0]
    text = read_a_card(visit, card, least_lines=3)
    assert name in text and "Influence" in text and "rank" in text, text

    answer = ask_why_not(visit, "Inspire")
    assert answer.startswith("Not now."), answer
    assert re.search(r"\(rulebook: [A-Z][A-Z :]+\)", answer), answer

    checked_at_both_sizes(visit, "first screen")
    prompts, on_the_map = play_by_clicks(visit, random.Random("dominare"), "dominare")
    assert "canvass" in on_the_map, on_the_map
    for step, words in STEP_WORDS.items():
        assert step in prompts, f"never reached step {step}: {sorted(prompts)}"
        for line in prompts[step]:
            assert any(word in line.lower() for word in words), f"{step}: {line!r}"
    assert visit.clicks >= 20, visit.clicks

    ending = read_the_end(visit, 2)
    for part in ("Districts:", "Blocks:", "Agents:", "Exposure ", "VP lost"):
        assert part in ending, f"{part!r} not on the end screen:\n{ending}"
    decided = page.locator("#outcome-decided").inner_text()
    assert re.search(r"Player [12]", decided), decided
    if "tie" in decided.lower():
        assert "crowns" in decided.lower(), decided
    page.evaluate("window.scrollTo(0, 0)")
    at_both_sizes(visit, "dominare", "end")
    visit.assert_words()
    assert not visit.errors, visit.errors
