"""A click's round trip in the browser, for every game: from the click on a move to
the page drawing the state the server sent back.

A real ``ballroom serve`` (SQLite, bots without a pause) and Debian's Chromium. In
each game a person (this script) plays against a bot by clicking one of the moves
the page offers, chosen at random; a click that sends a move (the page turns busy)
is timed in the page itself, from just before the click until the page is no longer
busy and has drawn the next frame. Clicks that only prepare a move (a die picked,
a target shown with its odds) are not counted. A finished game is replaced by a new
one until ``--clicks`` moves are timed per game.

    .venv/bin/python benchmarks/bench_click_round_trip.py --clicks 60
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import sys
import tempfile
import urllib.request
from pathlib import Path
from typing import Any

from playwright.sync_api import Page, sync_playwright
from playwright.sync_api import TimeoutError as PlaywrightTimeoutError

sys.path.insert(0, str(Path(__file__).resolve().parent))
from load_server import server

CHROMIUM = "/usr/bin/chromium"
ARGS = ["--headless", "--no-sandbox", "--disable-gpu"]
GAMES: list[tuple[str, str, dict[str, Any]]] = [
    ("Dancing Dice", "dancing-dice", {}),
    ("The Dance", "the-dance", {}),
    ("Vampire's Harvest", "vampires-harvest", {}),
    ("Dominare", "dominare", {}),
    ("Dark Tales", "dark-tales", {}),
    ("Dark Tales + Cinderella", "dark-tales", {"expansion": "cinderella"}),
]
MOVES = (
    "#actions #legal button:enabled, #actions .pick, #board .pick, #board [data-action], "
    "#actions [data-action], #dd-confirm:enabled, #confirm-target"
)
TIMED_CLICK = """async ([selector, index]) => {
  const el = document.querySelectorAll(selector)[index];
  const actions = document.getElementById("actions");
  if (!el) return null;
  const start = performance.now();
  el.dispatchEvent(new MouseEvent("click", { bubbles: true }));
  if (!actions.classList.contains("busy")) return null;  // no move sent
  await new Promise((resolve) => {
    const watch = new MutationObserver(() => {
      if (!actions.classList.contains("busy")) { watch.disconnect(); resolve(); }
    });
    watch.observe(actions, { attributes: true, attributeFilter: ["class"] });
  });
  await new Promise((resolve) => requestAnimationFrame(() => resolve()));
  return performance.now() - start;
}"""


def create(base: str, game: str, options: dict[str, Any]) -> dict[str, Any]:
    body = json.dumps(
        {"game": game, "players": 2, "options": options, "seats": ["human", "random"]}
    )
    request = urllib.request.Request(
        base + "/api/games", body.encode(), {"content-type": "application/json"}
    )
    with urllib.request.urlopen(request) as response:
        created: dict[str, Any] = json.load(response)
    return created


def open_game(page: Page, base: str, created: dict[str, Any]) -> None:
    page.goto(base + "/")
    page.evaluate(
        "([id, token]) => localStorage.setItem(`ballroom:tokens:${id}`, JSON.stringify([token]))",
        [created["id"], created["token"]],
    )
    page.goto(f"{base}/g/{created['id']}")
    page.wait_for_selector("#board *")


def time_clicks(
    page: Page, base: str, game: str, options: dict[str, Any], clicks: int
) -> list[float]:
    chooser = random.Random(game)
    timed: list[float] = []
    open_game(page, base, create(base, game, options))
    while len(timed) < clicks:
        if page.locator("#result").count():
            open_game(page, base, create(base, game, options))
        try:
            page.wait_for_function(
                f"() => document.querySelector('#result') || "
                f"(document.querySelectorAll({MOVES!r}).length && "
                "!document.querySelector('#actions.busy'))",
                timeout=20000,
            )
        except PlaywrightTimeoutError:
            continue  # a bot is slow; look again
        count = page.locator(MOVES).count()
        if not count or page.locator("#result").count():
            continue
        elapsed = page.evaluate(TIMED_CLICK, [MOVES, chooser.randrange(count)])
        if elapsed is not None:
            timed.append(elapsed)
    return timed


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--clicks", type=int, default=60, help="timed moves per game")
    args = parser.parse_args()
    print(f"{'game':<26}{'clicks':>7}{'p50 ms':>9}{'p90 ms':>9}{'max ms':>9}")
    with (
        tempfile.TemporaryDirectory() as data,
        server(Path(data), None) as (base, _),
        sync_playwright() as playwright,
    ):
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        for name, game, options in GAMES:
            page = browser.new_context(viewport={"width": 1280, "height": 800}).new_page()
            times = sorted(time_clicks(page, base, game, options, args.clicks))
            p90 = times[int(0.9 * (len(times) - 1))]
            print(
                f"{name:<26}{len(times):>7}{statistics.median(times):>9.1f}"
                f"{p90:>9.1f}{times[-1]:>9.1f}"
            )
            page.context.close()
        browser.close()


if __name__ == "__main__":
    main()
