"""The page shell in Chromium: How to play panels, the whole filterable log,
replay viewpoints, the phone layout without overflow, axe-core's verdict and
the keyboard, on every game's lobby, live page and replay."""

from __future__ import annotations

import json
import time
from typing import Any

import pytest
from playwright.sync_api import Browser, Page, expect
from playwright.sync_api import TimeoutError as PlaywrightTimeoutError
from websockets.sync.client import connect

from server.newcomer import PHONE, overflow, serious_violations
from server.support import create_game, http_json
from server.test_browser import _open_seated, new_page


def _seated_game(browser: Browser, base: str, game: str, errors: list[str], **fields: Any) -> Page:
    created = create_game(base, game, **fields)
    page = _open_seated(browser, base, created, errors)
    page.wait_for_selector("#board *")
    return page


def test_how_to_play_opens_from_the_lobby_for_the_chosen_game_and_options(
    base: str, browser: Browser
) -> None:
    errors: list[str] = []
    page = new_page(browser, errors)
    page.goto(base + "/")
    page.select_option("#game-select", "dark-tales")
    page.click("#how-to-play-open")
    dialog = page.locator("#how-to-play")
    expect(dialog.locator("h2")).to_have_text("How to play Dark Tales")
    expect(dialog.locator("h3").first).to_have_text("Goal")
    expect(dialog.locator("[data-option=expansion]")).to_have_count(0)
    expect(dialog.locator(".htp-rule").first).to_contain_text("RULINGS.md Dark Tales")
    page.keyboard.press("Escape")
    expect(dialog).to_have_count(0)
    page.select_option("[data-option=expansion]", "cinderella")
    page.click("#how-to-play-open")
    expect(dialog.locator("h3", has_text="Cinderella: the final Ball")).to_have_count(1)
    expect(dialog.locator("h3", has_text="Cinderella: shorter game")).to_have_count(0)
    expect(page.locator("#how-to-play-close")).to_be_focused()
    page.click("#how-to-play-close")
    expect(dialog).to_have_count(0)
    assert not errors


def test_how_to_play_opens_from_each_game_page(base: str, browser: Browser) -> None:
    errors: list[str] = []
    page = _seated_game(
        browser,
        base,
        "dark-tales",
        errors,
        players=2,
        seats=["human", "random"],
        options={"expansion": "cinderella-shorter"},
    )
    page.click("#how-to-play-open")
    dialog = page.locator("#how-to-play")
    expect(dialog.locator("h3", has_text="Cinderella: shorter game")).to_have_count(1)
    page.keyboard.press("Escape")
    for game, name in [
        ("the-dance", "The Dance"),
        ("dominare", "Dominare"),
        ("vampires-harvest", "Vampire's Harvest"),
        ("dancing-dice", "Dancing Dice"),
    ]:
        page = _seated_game(
            browser,
            base,
            game,
            errors,
            players=3 if game != "dancing-dice" else 2,
            seats=["human"] + ["random"] * (2 if game != "dancing-dice" else 1),
        )
        page.click("#how-to-play-open")
        expect(page.locator("#how-to-play h2")).to_have_text(f"How to play {name}")
        page.context.close()
    assert not errors


def _finished(base: str, game: str, players: int, **fields: Any) -> dict[str, Any]:
    """A game played to its end by random bots, with its full public log."""
    created = create_game(base, game, players=players, seats=["random"] * players, **fields)
    deadline = time.monotonic() + 90
    while http_json("GET", f"{base}/api/games/{created['id']}")["status"] == "playing":
        assert time.monotonic() < deadline, "the bots did not finish"
        time.sleep(0.3)
    total = http_json("GET", f"{base}/api/games/{created['id']}/replay?ply=0")["total"]
    frame = http_json("GET", f"{base}/api/games/{created['id']}/replay?ply={total}")
    return {"id": created["id"], "total": total, "events": frame["events"], "meta": frame["meta"]}


def test_the_log_holds_the_whole_game_and_filters_it(base: str, browser: Browser) -> None:
    # A seed whose game logs well over 200 public entries (random games run 170-230).
    game = _finished(base, "dark-tales", 3, seed=2)
    texts = [event["text"] for event in game["events"]]
    assert len(texts) > 200
    errors: list[str] = []
    page = new_page(browser, errors)
    for path in (f"/g/{game['id']}", f"/r/{game['id']}"):
        page.goto(base + path)
        expect(page.locator("#log li")).to_have_count(len(texts))
        assert page.locator("#log li").all_inner_texts() == texts
        expect(page.locator("#log-count")).to_have_text(f"{len(texts)} entries")
    name = game["meta"]["seats"][1]["name"]
    page.select_option("#log-player", "1")
    shown = page.locator("#log li:not([hidden])").all_inner_texts()
    assert shown and all(name in text for text in shown)
    assert len(shown) == sum(name in text for text in texts)
    page.fill("#log-search", "plays")
    shown = page.locator("#log li:not([hidden])").all_inner_texts()
    assert shown == [t for t in texts if name in t and "plays" in t.lower()]
    expect(page.locator("#log-count")).to_have_text(f"{len(shown)} of {len(texts)} entries")
    page.select_option("#log-player", "")
    page.fill("#log-search", "")
    page.select_option("#log-kind", "score")
    kinds = [event["kind"] for event in game["events"]]
    expect(page.locator("#log li:not([hidden])")).to_have_count(kinds.count("score"))
    assert not errors


def test_a_finished_replay_switches_to_any_seat_or_the_full_table(
    base: str, browser: Browser
) -> None:
    game = _finished(base, "dancing-dice", 2, options={"endurance": 2})
    errors: list[str] = []
    page = new_page(browser, errors)
    page.goto(f"{base}/r/{game['id']}")
    expect(page.locator("#replay-view")).to_have_text("Public view")
    public = page.locator("#log li").all_inner_texts()
    seat_frames = [
        http_json("GET", f"{base}/api/games/{game['id']}/replay?ply={game['total']}&seat={s}")
        for s in (0, 1)
    ]
    for seat, frame in enumerate(seat_frames):
        page.select_option("#replay-viewpoint", str(seat))
        expect(page.locator("#replay-view")).to_have_text(
            f"As {game['meta']['seats'][seat]['name']}"
        )
        expect(page.locator("#log li")).to_have_count(len(frame["events"]))
        assert page.locator("#log li").all_inner_texts() == [e["text"] for e in frame["events"]]
    page.select_option("#replay-viewpoint", "table")
    expect(page.locator("#replay-view")).to_contain_text("Full table")
    expect(page.locator("#log li.secret").first).to_contain_text("secret, seen by")
    assert page.locator("#log li").count() > len(public)
    page.click("#replay-prev")
    expect(page.locator("#replay-ply")).to_have_text(f"step {game['total'] - 1} of {game['total']}")
    expect(page.locator("#replay-view")).to_contain_text("Full table")
    assert not errors


GAMES = {  # each game with a person in seat 1 and bots in the others
    "dancing-dice": ["human", "expert"],
    "dark-tales": ["human", "random", "random"],
    "the-dance": ["human", "random", "random"],
    "vampires-harvest": ["human", "random", "random"],
    "dominare": ["human", "random", "random"],
}


def _play_a_little(page: Page, moves: int) -> None:
    """Make `moves` moves by clicking the first move offered, as a newcomer might."""
    for _ in range(moves):
        move = page.locator("#actions #legal button, #board .pick").first
        try:
            move.wait_for(timeout=8000)
            move.click(timeout=3000)
            page.wait_for_function("() => !document.querySelector('#actions.busy')", timeout=8000)
        except PlaywrightTimeoutError:
            return


def _accessible(page: Page, where: str) -> None:
    violations = serious_violations(page)
    assert violations == [], f"{where}: " + "\n".join(violations)


@pytest.mark.parametrize("size", [PHONE, {"width": 1280, "height": 800}], ids=["phone", "desk"])
def test_every_page_fits_the_screen_and_passes_axe(
    base: str, browser: Browser, size: dict[str, int]
) -> None:
    """Lobby (with each game chosen and its How to play open), each game's live
    page in play, and its replay: nothing sticks out sideways on a phone, and
    axe-core finds no serious or critical violation."""
    phone = size == PHONE
    errors: list[str] = []
    # axe reads the settled page: a card still fading in would fail contrast for a moment.
    page = browser.new_context(viewport=size, reduced_motion="reduce").new_page()
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.goto(base + "/")
    for game in GAMES:
        page.select_option("#game-select", game)
        assert not phone or overflow(page) == [], f"lobby with {game}"
    _accessible(page, "lobby")
    page.click("#how-to-play-open")
    assert not phone or overflow(page) == [], "How to play"
    _accessible(page, "How to play")
    page.keyboard.press("Escape")
    for game, seats in GAMES.items():
        created = create_game(base, game, players=len(seats), seats=seats)
        page.goto(base + "/")
        page.evaluate(
            "([id, token]) => localStorage.setItem(`ballroom:tokens:${id}`, JSON.stringify([token]))",
            [created["id"], created["token"]],
        )
        page.goto(f"{base}/g/{created['id']}")
        page.wait_for_selector("#board *")
        _play_a_little(page, 4)
        assert not phone or overflow(page) == [], f"{game}, live"
        _accessible(page, f"{game}, live")
        page.goto(f"{base}/r/{created['id']}")
        expect(page.locator("#replay-ply")).to_contain_text("step")
        assert not phone or overflow(page) == [], f"{game}, replay"
        _accessible(page, f"{game}, replay")
    assert not errors


def _legal_moves(base: str, created: dict[str, Any]) -> list[str]:
    """The moves the server offers the created game's seat, once it is that seat's turn."""
    with connect(base.replace("http", "ws") + f"/ws/{created['id']}") as ws:
        ws.send(json.dumps({"type": "hello", "tokens": [created["token"]]}))
        frame: dict[str, Any] = {}
        while not frame.get("legal"):
            frame = json.loads(ws.recv(timeout=20))
    return [move["text"] for move in frame["legal"]]


FOCUSABLE = """(el) => !el.closest("[inert]") && el.getClientRects().length > 0
  && (["BUTTON", "A", "INPUT", "SELECT", "SUMMARY"].includes(el.tagName) || el.tabIndex >= 0)"""


@pytest.mark.parametrize("game", list(GAMES))
def test_every_move_is_reachable_and_playable_by_keyboard(
    base: str, browser: Browser, game: str
) -> None:
    """Each move the server offers has a control that takes keyboard focus (where
    the view names moves by data-action), and the game advances by Tab and Enter alone."""
    errors: list[str] = []
    created = create_game(base, game, players=len(GAMES[game]), seats=GAMES[game])
    legal = _legal_moves(base, created)
    page = _open_seated(browser, base, created, errors)
    page.wait_for_selector("#board *")
    named = page.locator("#board [data-action], #actions [data-action]")
    # A family the view names by data-action has a control for each of its moves; a move
    # a view composes from parts (Dancing Dice's dice to re-roll) is played by Tab below.
    families = {
        text.split()[0] for text in named.evaluate_all("els => els.map(e => e.dataset.action)")
    }
    if named.count():
        for text in (text for text in legal if text.split()[0] in families):
            controls = page.locator(f"[data-action={json.dumps(text)}]")
            assert any(controls.nth(i).evaluate(FOCUSABLE) for i in range(controls.count())), (
                f"{game}: no keyboard control for {text!r}"
            )
    ply = http_json("GET", f"{base}/api/games/{created['id']}")["ply"]
    page.locator("body").focus()
    for _ in range(150):
        page.keyboard.press("Tab")
        inside = page.evaluate(
            """() => Boolean(document.activeElement?.closest("#board, #actions"))
              && !document.activeElement.closest("#dance-board")"""
        )
        if not inside:
            continue
        page.keyboard.press("Enter")
        page.wait_for_timeout(150)
        if http_json("GET", f"{base}/api/games/{created['id']}")["ply"] > ply:
            break
    else:
        raise AssertionError(f"{game}: Tab and Enter made no move")
    assert not errors


RUNNING = """() => document.getAnimations().filter((a) => a.playState === "running"
  && !(a instanceof CSSTransition) && !(a instanceof CSSAnimation)).length"""
ANIMATED = """(selector) => document.getAnimations().some(
  (a) => a.playState === "running" && a.effect?.target?.matches?.(selector))"""


def test_moves_animate_briefly_skippably_and_not_under_reduced_motion(
    base: str, browser: Browser
) -> None:
    errors: list[str] = []
    # Dancing Dice: a roll turns the dice; a new log entry flashes; a key press ends both.
    created = create_game(base, "dancing-dice", players=2, seats=["human", "expert"])
    page = _open_seated(browser, base, created, errors)
    dice = page.locator(".die-btn")
    expect(dice).to_have_count(6)
    for i in range(6):  # re-roll them all: some face changes
        dice.nth(i).click()
    page.click("#dd-confirm")
    page.wait_for_function(ANIMATED, arg="svg.die", timeout=15000)
    page.wait_for_function(ANIMATED, arg="#log li", timeout=15000)
    page.keyboard.press("Shift")
    assert page.evaluate(RUNNING) == 0
    # Dark Tales: the card played leaves the hand and glides to its place.
    created = create_game(base, "dark-tales", players=2, seats=["human", "random"])
    page = _open_seated(browser, base, created, errors)
    page.locator("#table .pick[data-card]").first.click()
    page.wait_for_function(ANIMATED, arg="[data-card]", timeout=15000)
    # Asked for reduced motion, nothing moves, and the switch says why it is off.
    quiet = browser.new_context(viewport={"width": 1280, "height": 800}, reduced_motion="reduce")
    page = quiet.new_page()
    page.on("pageerror", lambda error: errors.append(str(error)))
    created = create_game(base, "dancing-dice", players=2, seats=["human", "expert"])
    page.goto(base + "/")
    page.evaluate(
        "([id, token]) => localStorage.setItem(`ballroom:tokens:${id}`, JSON.stringify([token]))",
        [created["id"], created["token"]],
    )
    page.goto(f"{base}/g/{created['id']}")
    expect(page.locator("#motion-switch")).to_be_disabled()
    ply = http_json("GET", f"{base}/api/games/{created['id']}")["ply"]
    page.evaluate(
        """() => { window.seen = 0; new MutationObserver(() => {
             window.seen += document.getAnimations().filter((a) => a.playState === "running"
               && !(a instanceof CSSTransition) && !(a instanceof CSSAnimation)).length;
           }).observe(document.body, { subtree: true, childList: true }); }"""
    )
    page.locator(".die-btn").first.click()
    page.click("#dd-confirm")
    page.wait_for_function("() => document.querySelectorAll('#log li').length > 2")
    assert http_json("GET", f"{base}/api/games/{created['id']}")["ply"] > ply
    assert page.evaluate("window.seen") == 0
    quiet.close()
    assert not errors


def test_on_a_phone_the_moves_stay_beside_the_cards_they_are_about(
    base: str, browser: Browser
) -> None:
    errors: list[str] = []
    created = create_game(base, "dark-tales", players=3, seats=["human", "random", "random"])
    page = browser.new_context(viewport=PHONE).new_page()
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.goto(base + "/")
    page.evaluate(
        "([id, token]) => localStorage.setItem(`ballroom:tokens:${id}`, JSON.stringify([token]))",
        [created["id"], created["token"]],
    )
    page.goto(f"{base}/g/{created['id']}")
    expect(page.locator("#legal button").first).to_be_visible()
    for where in ("#table .pick[data-card]", ".game-grid .main-col > :first-child"):
        page.locator(where).first.scroll_into_view_if_needed()
        cards = page.locator(where).first.bounding_box()
        moves = page.locator("#legal button").first.bounding_box()
        assert cards is not None and moves is not None
        assert cards["y"] >= 0 and 0 <= moves["y"] <= PHONE["height"] - moves["height"], where
    assert not errors
