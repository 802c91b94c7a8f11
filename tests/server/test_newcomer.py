"""Each game as a newcomer meets it in Chromium, from the lobby to the end screen.

A person creates the game against bots in the lobby's form, reads the "what to do
now" line, opens a card's full text, asks "Why can't I…?" once, plays to the end
by clicking what the page offers, and reads who won and why. Every text the page
showed on the way passes the word scan, the phone size does not overflow, and
axe-core finds nothing serious, in play and at the end (``newcomer.py``).
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import Any

import pytest
from playwright.sync_api import Browser, expect

from server.newcomer import (
    ask_why_not,
    at_both_sizes,
    from_the_lobby,
    play_to_the_end,
    read_a_card,
    read_the_end,
)


@dataclass(frozen=True)
class Newcomer:
    """One game's visit: its seats and options (the shortest game the rules allow, or a
    house rule that shortens it where random clicks would not end it), the card to read
    (None where the game has no cards), and what its end screen must break down."""

    name: str
    game: str
    seats: list[str]
    options: dict[str, Any] = field(default_factory=dict)
    card: str | None = ".tile[data-full]"
    breakdown: tuple[str, ...] = ()
    most_clicks: int = 400
    seed: int = 1


NEWCOMERS = [
    Newcomer(
        "dancing-dice",
        "dancing-dice",
        ["human", "random"],
        {"endurance": 2},
        card=None,
        breakdown=("Endurance",),
    ),
    Newcomer(
        "the-dance",
        "the-dance",
        ["human", "heuristic"],
        {"dawn": 2},
        breakdown=("Plan:", "Symbols filled:"),
    ),
    Newcomer(
        "vampires-harvest",
        "vampires-harvest",
        ["human", "random"],
        breakdown=("Tribute:", "Blood (tie-break):"),
    ),
    Newcomer(
        "dominare",
        "dominare",
        ["human", "random"],
        card=".dom-agent[data-full]",
        breakdown=("Districts:", "Exposure"),
        most_clicks=600,
    ),
    Newcomer("dark-tales", "dark-tales", ["human", "random"], breakdown=("Items (",)),
    Newcomer(
        "dark-tales-cinderella",
        "dark-tales",
        ["human", "random"],
        {"expansion": "cinderella"},
        breakdown=("Balls:", "Items ("),
    ),
]


@pytest.mark.parametrize("newcomer", NEWCOMERS, ids=[n.name for n in NEWCOMERS])
def test_a_newcomer_plays_a_whole_game(base: str, browser: Browser, newcomer: Newcomer) -> None:
    visit = from_the_lobby(
        browser, base, newcomer.game, newcomer.seats, newcomer.options, newcomer.seed
    )
    page = visit.page
    prompt = page.locator("#prompt")
    expect(prompt).to_be_visible()
    assert len(prompt.inner_text().split()) >= 3, prompt.inner_text()
    visit.read("first screen")
    if newcomer.card is not None:
        read_a_card(visit, page.locator(newcomer.card).first)
    answer = ask_why_not(visit)
    assert "(rulebook:" in answer, answer
    at_both_sizes(visit, newcomer.name, "in play")
    play_to_the_end(visit, random.Random(newcomer.name), newcomer.most_clicks)
    ending = read_the_end(visit, len(newcomer.seats))
    for part in newcomer.breakdown:
        assert part in ending, f"{part!r} not on the end screen:\n{ending}"
    at_both_sizes(visit, newcomer.name, "end")
    visit.assert_words()
    assert not visit.errors, visit.errors
