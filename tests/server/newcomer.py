"""A newcomer's visit to a game in Chromium, in steps the per-game tests share.

From the lobby a person creates a game against bots, reads the "what to do now"
line, opens a card's full text, asks "Why can't I…?" once, plays to the end by
clicking the moves the page offers, and reads the end screen. On the way every
text the page shows (its words as drawn, tooltips, labels, SVG titles) goes
through the same scan as the engine's texts (``tests/test_words.py``), so words
the JavaScript views compose are held to the same standard; the phone size must
not overflow sideways, and axe-core must find nothing serious.
"""

from __future__ import annotations

import json
import os
import random
import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from playwright.sync_api import Browser, Locator, Page, expect
from playwright.sync_api import TimeoutError as PlaywrightTimeoutError
from tests.test_words import Scan, data_ids

from ballroom.core.game import Game, games

PHONE = {"width": 390, "height": 844}
DESK = {"width": 1280, "height": 800}
SCREENSHOTS = Path(__file__).resolve().parents[2] / "docs" / "screenshots"
"""Where ``BALLROOM_SCREENSHOTS=1`` writes each game's page at both sizes."""

MOVES = (
    "#actions #legal button:enabled, #actions button.action:enabled, #actions .pick, "
    "#board .pick, #board [data-action], #actions [data-action], #dd-confirm:enabled, #confirm-target"
)
"""The controls that make (or build) a move, in every game's page."""
STALE = ("Nothing to do until it is your move", "· to play", "none yet", "Event none")
"""Words of play that must be gone once the game is over."""

BADGE = re.compile(r"[+\u2212-]\d+")
"""A mark on the board alone (a block's bonus, influence just placed)."""

PAGE_TEXTS = """() => {
  const skip = (el) => el.closest("#share, code, script, style, .url, #log-search");
  const texts = [];
  const links = new Set((document.getElementById("share")?.innerText || "").split("\\n"));
  for (const id of ["create-form", "table"]) {
    const el = document.getElementById(id);
    if (el) texts.push(...el.innerText.split("\\n").filter((line) => !links.has(line)));
  }
  for (const el of document.querySelectorAll("#app [title], #app [aria-label]")) {
    if (skip(el)) continue;
    for (const name of ["title", "aria-label"]) {
      if (el.getAttribute(name)) texts.push(el.getAttribute(name));
    }
  }
  for (const el of document.querySelectorAll("#app svg title")) texts.push(el.textContent);
  for (const el of document.querySelectorAll("#app select option")) texts.push(el.textContent);
  return texts.map((t) => t.trim()).filter(Boolean);
}"""


@dataclass
class Visit:
    """One newcomer's game: the page, the scan of all it showed, and what went wrong."""

    game: Game
    page: Page
    scan: Scan
    errors: list[str] = field(default_factory=list)
    clicks: int = 0
    seen: set[str] = field(default_factory=set)

    def read(self, where: str) -> None:
        """Scan every text the page shows now that it has not shown before."""
        for text in self.page.evaluate(PAGE_TEXTS):
            if BADGE.fullmatch(text):
                continue  # a badge on the board ("+2" influence just placed), not a sentence
            if text not in self.seen:
                self.seen.add(text)
                self.scan.text(where, text)

    def assert_words(self) -> None:
        assert not self.scan.found, self.scan.report()


def game_class(game_id: str) -> type[Game]:
    return next(g for g in games() if g.id == game_id)


def from_the_lobby(
    browser: Browser,
    base: str,
    game_id: str,
    seats: list[str],
    options: dict[str, Any],
    seed: int,
) -> Visit:
    """Create the game in the lobby's form, as a person would: the game, the number of
    players, each option and seat, then "Create game"; the page that opens. The game is
    dealt from ``seed``."""
    errors: list[str] = []
    context = browser.new_context(viewport=DESK, reduced_motion="reduce")
    page = context.new_page()
    page.set_default_timeout(15000)
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.goto(base + "/")
    page.select_option("#game-select", game_id)
    page.fill("#players", str(len(seats)))
    page.dispatch_event("#players", "change")
    for name, value in options.items():
        control = page.locator(f'[data-option="{name}"]')
        if isinstance(value, bool):
            control.set_checked(value)
        elif control.evaluate("el => el.tagName") == "SELECT":
            control.select_option(str(value))
        else:
            control.fill(str(value))
    for seat, kind in enumerate(seats):
        page.select_option(f'[data-seat="{seat}"]', kind)
    # The deal is the test's choice (the test server takes chosen seeds), so that every
    # run meets the same game; the form itself has no seed.
    page.route(
        "**/api/games",
        lambda route: (
            route.continue_(post_data=json.dumps({**route.request.post_data_json, "seed": seed}))
            if route.request.method == "POST"
            else route.continue_()
        ),
    )
    game = game_class(game_id)(len(seats), **options)
    visit = Visit(game, page, Scan(data_ids(game)), errors)
    visit.read("lobby")
    page.click("#create")
    page.wait_for_url("**/g/*")
    page.wait_for_selector("#board *")
    return visit


def read_a_card(visit: Visit, card: Locator, least_lines: int = 1) -> str:
    """Hover ``card``: its whole text (its ``data-full``, of at least ``least_lines``
    lines) opens at the foot of the screen, and closes when the mouse leaves; the text."""
    page = visit.page
    card.hover()
    box = page.locator("#card-text")
    expect(box).to_be_visible()
    full = card.get_attribute("data-full") or ""
    lines = [line.strip() for line in full.split("\n") if line.strip()]
    assert len(lines) >= least_lines, full
    for line in lines:
        expect(box).to_contain_text(line)
    text = box.inner_text()
    visit.read("a card's full text")
    page.mouse.move(1, 1)
    expect(box).to_be_hidden()
    return text


def ask_why_not(visit: Visit, family: str | None = None) -> str:
    """Open "Why can't I…?", ask about the move named ``family`` (else the first the list
    offers, and its first choice where it asks which one), close it again, and return
    the answer, which cites the rulebook."""
    page = visit.page
    page.click("#why-not summary")
    if family is None:
        first = page.locator("#why-family option").first.get_attribute("value")
        assert first is not None
        page.select_option("#why-family", first)
        if page.locator("#why-param:not(.hidden) option").count():
            page.select_option("#why-param", index=0)
    else:
        page.locator("#why-family option", has_text=family).first.wait_for(state="attached")
        page.select_option("#why-family", label=family)
    page.click("#why-ask")
    answer = page.locator("#why-answer")
    expect(answer).to_contain_text("rulebook:")
    visit.read("why not")
    text = answer.inner_text()
    page.click("#why-not summary")
    return text


def play_to_the_end(visit: Visit, chooser: random.Random, most_clicks: int) -> None:
    """Click the moves the page offers, one at a time, until the end screen shows;
    each screen between is read by the scan."""
    page = visit.page
    for _ in range(most_clicks):
        assert not visit.errors, visit.errors
        if page.locator("#result").count():
            return
        moves = page.locator(MOVES)
        try:
            page.wait_for_function(
                f"() => document.querySelector('#result') || "
                f"document.querySelectorAll({MOVES!r}).length",
                timeout=20000,
            )
            if page.locator("#result").count():
                return
            count = moves.count()
            if not count:
                continue
            moves.nth(chooser.randrange(count)).click(timeout=3000)
            visit.clicks += 1
            page.wait_for_function("() => !document.querySelector('#actions.busy')", timeout=10000)
        except PlaywrightTimeoutError:
            continue  # the screen moved on meanwhile (a bot moved, an animation ended)
        if visit.clicks % 7 == 1:
            visit.read(f"in play, click {visit.clicks}")
    raise AssertionError(f"{visit.game.id}: no end after {most_clicks} clicks")


def read_the_end(visit: Visit, players: int) -> str:
    """The end screen: who won and each player's score broken down, and no words of
    play left over; its text."""
    page = visit.page
    expect(page.locator("#result")).to_be_visible()
    expect(page.locator("#breakdown tbody tr")).to_have_count(players)
    expect(page.locator("#outcome-decided")).not_to_be_empty()
    for stale in STALE:
        expect(page.locator("#board")).not_to_contain_text(stale)
        expect(page.locator("#actions")).not_to_contain_text(stale)
    visit.read("end screen")
    return page.locator("#result").inner_text() + "\n" + page.locator("#outcome").inner_text()


def overflow(page: Page) -> list[str]:
    """What sticks out sideways: the document wider than the screen, or any shown
    element wider than it, named."""
    found: list[str] = page.evaluate(
        """() => {
          const width = window.innerWidth;
          const out = [];
          if (document.documentElement.scrollWidth > width) {
            out.push(`document ${document.documentElement.scrollWidth}px`);
          }
          for (const el of document.body.querySelectorAll("*")) {
            const r = el.getBoundingClientRect();
            if (r.width > width + 0.5) {
              out.push(`${el.tagName.toLowerCase()}#${el.id}.${el.getAttribute("class")} ${Math.round(r.width)}px`);
            }
          }
          return out;
        }"""
    )
    return found


AXE = Path(__file__).resolve().parents[2] / ".cache/npm/node_modules/axe-core/axe.min.js"


def serious_violations(page: Page) -> list[str]:
    """axe-core's serious and critical findings on the page as it stands, named."""
    if not AXE.is_file():
        raise RuntimeError(f"the browser tests need axe-core at {AXE}: run `make web-deps`")
    page.add_script_tag(path=str(AXE))
    found: list[str] = page.evaluate(
        """async () => (await axe.run(document, { resultTypes: ["violations"] })).violations
          .filter((v) => ["serious", "critical"].includes(v.impact))
          .map((v) => `${v.impact} ${v.id}: ${v.nodes.slice(0, 4).map((n) => n.target.join(" "))
            .join(" | ")}`)"""
    )
    return found


def checked_at_both_sizes(visit: Visit, where: str) -> None:
    """The page as it stands, at the phone's size and the desk's: nothing sticks out
    sideways on the phone, and axe finds nothing serious at either."""
    page = visit.page
    for size_name, size in (("phone", PHONE), ("desktop", DESK)):
        page.set_viewport_size(size)
        page.wait_for_timeout(100)
        if size == PHONE:
            assert overflow(page) == [], f"{where}, phone: {overflow(page)}"
        violations = serious_violations(page)
        assert violations == [], f"{where}, {size_name}: " + "\n".join(violations)


def at_both_sizes(visit: Visit, name: str, moment: str) -> None:
    """``checked_at_both_sizes``, and with BALLROOM_SCREENSHOTS=1 a picture at each size
    saved to docs/screenshots (``name``, with "-end" for the end screen)."""
    checked_at_both_sizes(visit, f"{name}, {moment}")
    if not os.environ.get("BALLROOM_SCREENSHOTS"):
        return
    page = visit.page
    slug = name + ("-end" if moment == "end" else "")
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    for size_name, size in (("phone", PHONE), ("desktop", DESK)):
        page.set_viewport_size(size)
        page.evaluate("window.scrollTo(0, 0)")
        page.screenshot(path=str(SCREENSHOTS / f"{slug}-{size_name}.png"))
