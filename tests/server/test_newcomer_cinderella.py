"""Dark Tales with the Cinderella expansion as a newcomer meets it in Chromium.

The same visit as ``test_newcomer_dark_tales.py`` (two players, a random bot, reduced
motion, clicks only, the word scan on every screen, phone overflow and axe at each
kind of step), with the expansion chosen in the lobby: the end screen also counts
the VP from the Balls at the Palace, and the tiles and couples the expansion adds
pass the same checks on the way.
"""

from __future__ import annotations

from playwright.sync_api import Browser

from server.test_newcomer_dark_tales import a_newcomer_plays


def test_a_newcomer_plays_dark_tales_with_cinderella_to_the_end(
    base: str, browser: Browser
) -> None:
    visit = a_newcomer_plays(
        browser,
        base,
        "dark-tales-cinderella",
        {"expansion": "cinderella"},
        13,
        ("During play:", "Items (", "Balls:"),
    )
    ending = visit.page.locator("#outcome").inner_text()
    assert "final Ball" in ending and "Final Ball at the Palace" in ending, ending
