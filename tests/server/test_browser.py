"""End to end in Debian's headless Chromium: people in separate browsers, bots, replays.

Needs ``apt-get install -y chromium`` (Playwright's own browser downloads are
not used); the server runs as a real ``ballroom serve`` process.
"""

from __future__ import annotations

import json
import random
import re
import time
from fractions import Fraction
from typing import Any

import pytest
from playwright.sync_api import Browser, Page, WebSocket, expect
from playwright.sync_api import TimeoutError as PlaywrightTimeoutError
from websockets.sync.client import connect

from ballroom.agents import make_agent
from ballroom.core.game import make_game
from ballroom.core.play import decision_for
from ballroom.core.state import CHANCE
from ballroom.games.the_dance import powers
from ballroom.games.the_dance.powers import Power
from ballroom.games.the_dance.state import TheDanceState
from ballroom.games.the_dance.steps import Phase
from server.support import create_game, http_json


def new_page(browser: Browser, errors: list[str]) -> Page:
    page = browser.new_context(viewport={"width": 1280, "height": 900}).new_page()
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.set_default_timeout(15000)
    return page


def status_of(page: Page) -> str:
    return page.locator("#status").inner_text()


def click_one(page: Page, selector: str, chooser: random.Random) -> bool:
    """Click one of the elements ``selector`` finds, chosen by ``chooser``, if there are any
    and they are still there; whether a click landed."""
    moves = page.locator(selector)
    try:
        count = moves.count()
        if count:
            moves.nth(chooser.randrange(count)).click(timeout=2000)
            return True
    except PlaywrightTimeoutError:
        pass  # the screen moved on meanwhile
    return False


def play_dancing_dice(pages: list[Page], seconds: float = 120) -> None:
    """Each page makes its move whenever it has one, until the game is over."""
    deadline = time.monotonic() + seconds
    turn = 0
    while not all("Game over" in status_of(page) for page in pages):
        assert time.monotonic() < deadline, "the game did not finish"
        turn += 1
        for page in pages:
            confirm = page.locator("#dd-confirm")
            try:
                if confirm.count():
                    if page.get_by_text("Re-roll?").count() and turn % 2:
                        page.locator("[data-die=b]").first.click(timeout=2000)
                    elif page.get_by_text("Arrange your two dances").count() and turn % 3 == 0:
                        page.locator("[data-row=first] [data-die]").first.click(timeout=2000)
                        page.locator("[data-row=second] [data-die]").first.click(timeout=2000)
                    confirm.click(timeout=2000)
            except PlaywrightTimeoutError:
                pass  # the screen moved on meanwhile
        pages[0].wait_for_timeout(60)


def test_two_browsers_play_dancing_dice_against_a_bot(base: str, browser: Browser) -> None:
    errors: list[str] = []
    host = new_page(browser, errors)
    host.goto(base + "/")
    host.select_option("#game-select", "dancing-dice")
    host.fill("#players", "3")
    host.dispatch_event("#players", "change")
    host.fill("[data-option=endurance]", "1")
    host.select_option("[data-seat='1']", "human")
    host.select_option("[data-seat='2']", "expert")
    host.click("#create")
    expect(host.locator(".seat-pill.mine")).to_contain_text("Andrew")
    path = host.evaluate("location.pathname")  # page.url misses pushState with Debian's chromium
    assert re.fullmatch(r"/g/\w+", path), path
    game_id = path.rsplit("/", 1)[1]

    guest = new_page(browser, errors)
    guest.goto(f"{base}/g/{game_id}?seat=1")  # a private game: no seat without its key
    expect(guest.locator(".seat-pill.mine")).to_have_count(0)
    invite = host.locator("#share li[data-seat='1'] code.url").text_content() or ""
    assert invite.startswith(f"{base}/g/{game_id}?seat=1&join="), invite
    guest.goto(invite)
    expect(guest.locator(".seat-pill.mine")).to_contain_text("Barbara")
    guest.reload()
    expect(guest.locator(".seat-pill.mine")).to_contain_text("Barbara")
    expect(guest.locator("#my-dice, #dd-confirm").first).to_be_visible()

    frames: list[dict[str, Any]] = []
    watcher = new_page(browser, errors)

    def listen(socket: WebSocket) -> None:
        socket.on("framereceived", lambda payload: frames.append(json.loads(payload)))

    watcher.on("websocket", listen)
    watcher.goto(f"{base}/g/{game_id}")
    expect(watcher.locator("#status")).to_be_visible()
    assert watcher.locator(".seat-pill.mine").count() == 0

    play_dancing_dice([host, guest])
    for page in (host, guest, watcher):
        expect(page.locator("#status")).to_contain_text("Game over")
    expect(host.locator("#result")).to_contain_text(re.compile(r"wins!|share the win!"))
    expect(host.locator("#result .standings li")).to_have_count(
        len(http_json("GET", f"{base}/api/games/{game_id}")["result"]["ranking"])
    )
    states = [f for f in frames if f["type"] == "state"]
    assert len(states) > 3 and all(f["seat"] is None for f in states)
    assert any(e["kind"] == "reveal" for f in states for e in f["events"])
    for frame in states:
        assert frame["observation"]["private"] is None
        assert not any(e["kind"] in ("dice", "choice") for e in frame["events"])
    assert watcher.locator("#my-dice").count() == 0
    assert not errors, errors

    record = http_json("GET", f"{base}/api/games/{game_id}/record")
    host.click("#replay-link")
    slider = host.locator("#replay-slider")
    expect(host.locator("#replay-ply")).to_have_text(
        f"step {len(record['actions'])} of {len(record['actions'])}"
    )
    slider.evaluate("(el) => { el.value = 0; el.dispatchEvent(new Event('input')); }")
    expect(host.locator("#replay-ply")).to_have_text(f"step 0 of {len(record['actions'])}")
    assert host.locator("#log li").count() == 0
    for step in range(1, 4):
        host.click("#replay-next")
        expect(host.locator("#replay-ply")).to_have_text(f"step {step} of {len(record['actions'])}")
    slider.evaluate("(el) => { el.value = el.max; el.dispatchEvent(new Event('input')); }")
    expect(host.locator(".banner")).to_contain_text("Dance Champion")
    assert not errors, errors


def test_two_browsers_play_the_dance_against_a_bot(base: str, browser: Browser) -> None:
    created = create_game(
        base,
        "the-dance",
        players=3,
        seats=["human", "human", "heuristic"],
        options={"dawn": 1},
        seed=5,
    )
    game_id = created["id"]
    errors: list[str] = []
    first = _open_seated(browser, base, created, errors)
    second = new_page(browser, errors)
    second.goto(f"{base}/g/{game_id}?seat=1&join={created['join']}")
    expect(second.locator(".seat-pill.mine")).to_have_count(1)
    expect(first.locator("#dance-board .hex")).to_have_count(91)
    expect(first.locator("#dance-board .sanctuary")).to_have_count(6)
    stepped = False
    deadline = time.monotonic() + 120
    while not all("Game over" in status_of(page) for page in (first, second)):
        assert time.monotonic() < deadline, "The Dance did not finish"
        for page in (first, second):
            target = page.locator("#dance-board .target")
            button = page.locator("#confirm-target, #legal button.action").first
            try:
                if not stepped and target.count():
                    target.first.click(timeout=2000)  # a highlighted hex is a step
                    stepped = True
                elif button.count():
                    button.click(timeout=2000)
            except PlaywrightTimeoutError:
                pass  # the move went away (a bot or the other player moved first)
        first.wait_for_timeout(50)
    assert stepped, "the board offered a step to click"
    for page in (first, second):
        expect(page.locator("#status")).to_contain_text("Game over")
    assert first.locator("#log li").count() > 5
    assert not errors, errors


def test_hotseat_passes_the_device_and_can_undo(base: str, browser: Browser) -> None:
    errors: list[str] = []
    page = new_page(browser, errors)
    page.goto(base + "/")
    page.select_option("#game-select", "dancing-dice")
    page.fill("#players", "2")
    page.dispatch_event("#players", "change")
    page.select_option("[data-seat='1']", "human")
    page.check("#hotseat")
    page.click("#create")
    expect(page.locator("#curtain")).to_contain_text("Pass the device to Andrew")
    page.click("#curtain-ok")
    page.click("#dd-confirm")
    expect(page.locator("#curtain")).to_contain_text("Pass the device to Barbara")
    # Andrew still holds the device: he may take back his own secret choice.
    page.click("#curtain-undo")
    expect(page.locator("#curtain")).to_contain_text("Pass the device to Andrew")
    page.click("#curtain-ok")
    expect(page.locator("#status")).to_contain_text("Your move, Andrew")
    page.click("#dd-confirm")
    expect(page.locator("#curtain")).to_contain_text("Pass the device to Barbara")
    page.click("#curtain-ok")
    expect(page.locator("#status")).to_contain_text("Your move, Barbara")
    expect(page.locator(".seat-pill[data-seat='0']")).not_to_have_class(re.compile("acting"))
    # Barbara cannot take back Andrew's choice, made behind the curtain.
    expect(page.locator("#undo")).to_have_count(0)
    assert not errors, errors


# -- The Dance: odds with Tactician and Willpower, checked against the engine ------

Odds = tuple[Fraction, Fraction]  # (success, Domination)


def _settle(state: TheDanceState, action: int, player: int) -> Odds:
    """Play ``action`` and every later die and post-roll choice as well as possible."""
    for event in state.apply(action, player):
        if event.kind == "influence":
            return Fraction(int(event.data["success"])), Fraction(int(event.data["dominated"]))
    return _roll_odds(state)


def _roll_odds(state: TheDanceState) -> Odds:
    """Success first, then Domination: the engine's own dice and post-roll choices."""
    if state.phase == Phase.ROLL:
        results = [_settle(state.clone(), a, CHANCE) for a, _ in state.chance_outcomes()]
        return sum(r[0] for r in results) / 6, sum(r[1] for r in results) / 6
    assert state.phase == Phase.POST_ROLL, state.phase
    p = state.actor
    first_of_each = {}  # which Refreshment pays does not matter: one action per verb
    for a in state.legal_actions(p):
        first_of_each.setdefault(state.game.action_to_text(a).split()[0], a)
    return max(_settle(state.clone(), a, p) for a in first_of_each.values())


def _engine_odds(position: TheDanceState, domain: str) -> Odds:
    state = position.clone()
    p = state.actor
    state.apply(state.game.parse_action(f"domain {domain}"), p)
    if state.phase == Phase.REFRESHMENT:
        state.apply(state.game.parse_action("no-refreshment"), p)
    return _roll_odds(state)


def _find_effort(power: Power, options: dict[str, Any]) -> tuple[int, TheDanceState, list[str]]:
    """A seed and the moves (heuristic bots, keeping ``power`` when drawn) that bring
    a family holding ``power`` and two Refreshments to choose a Domain."""
    for seed in range(40):
        game = make_game("the-dance", 3, **options)
        state = game.new_state(seed)
        assert isinstance(state, TheDanceState)
        agents = [make_agent(game, p, "heuristic", seed) for p in range(3)]
        moves: list[str] = []
        keep = f"keep {power.id}"
        while not state.is_terminal() and len(state.history) < 1500:
            p = state.current_players()[0]
            if p == CHANCE:
                state.apply(state.sample_chance(), CHANCE)
                continue
            if state.phase == Phase.DOMAIN and power in state.powers[p] and state.hand_size[p] >= 2:
                return seed, state, moves
            texts = [game.action_to_text(a) for a in state.legal_actions(p)]
            text = (
                keep
                if keep in texts
                else game.action_to_text(agents[p].act(decision_for(state, p)))
            )
            moves.append(text)
            state.apply(game.parse_action(text), p)
    raise AssertionError("no seed brings that Power to an Influence roll")


def _replay_hotseat(
    base: str,
    seed: int,
    options: dict[str, Any],
    moves: list[str],
    game: str = "the-dance",
    players: int = 3,
) -> dict[str, Any]:
    """The same game on the server, every seat a person on one device, moved to the same point."""
    created = create_game(
        base,
        game,
        players=players,
        seats=["human"] * players,
        hotseat=True,
        seed=seed,
        options=options,
    )
    with connect(base.replace("http", "ws") + f"/ws/{created['id']}") as ws:
        ws.send(json.dumps({"type": "hello", "tokens": [created["token"]]}))
        frame: dict[str, Any] = {}
        for text in moves:
            while not frame.get("legal"):  # the seat whose move is due says so
                frame = json.loads(ws.recv(timeout=10))
                assert frame["type"] == "state", frame
            ws.send(json.dumps({"type": "move", "seat": frame["seat"], "action": text}))
            ply = frame["ply"]
            while frame["ply"] <= ply:
                frame = json.loads(ws.recv(timeout=10))
                assert frame["type"] == "state", frame
        while not frame.get("legal"):  # chance steps settle before a page opens on the game
            frame = json.loads(ws.recv(timeout=10))
            assert frame["type"] == "state", frame
    return created


def _open_seated(browser: Browser, base: str, created: dict[str, Any], errors: list[str]) -> Page:
    """A page on the created game holding its creator's seat token, as the browser keeps it."""
    page = new_page(browser, errors)
    page.goto(base + "/")
    page.evaluate(
        "([id, token]) => localStorage.setItem(`ballroom:tokens:${id}`, JSON.stringify([token]))",
        [created["id"], created["token"]],
    )
    page.goto(f"{base}/g/{created['id']}")
    return page


def _open_as(browser: Browser, base: str, created: dict[str, Any], errors: list[str]) -> Page:
    page = _open_seated(browser, base, created, errors)
    page.click("#curtain-ok")
    return page


@pytest.mark.parametrize(
    ("power", "options"),
    [(Power.TACTICIAN, {}), (Power.WILLPOWER, {"domination": "margin-three"})],
    ids=["tactician", "willpower-margin-three"],
)
def test_influence_odds_follow_the_engine(
    base: str, browser: Browser, power: Power, options: dict[str, Any]
) -> None:
    seed, position, moves = _find_effort(power, options)
    created = _replay_hotseat(base, seed, options, moves)
    errors: list[str] = []
    page = _open_as(browser, base, created, errors)
    lines = page.locator("#odds tr[data-domain]")
    # Under load the first odds table has come later than Playwright's default 5 s (one CI run).
    expect(lines.first).to_be_visible(timeout=15_000)
    p = position.actor
    assert lines.count() == len(position.legal_actions(p))
    name = "Tactician" if power is Power.TACTICIAN else "Willpower"
    expect(page.locator("#odds")).to_contain_text(f"with {name}")
    plain = position.clone()
    plain.powers[p] = [w for w in plain.powers[p] if w not in (Power.TACTICIAN, Power.WILLPOWER)]
    powers.settle(plain, p)
    gains = []
    for i in range(lines.count()):
        line = lines.nth(i)
        domain = line.get_attribute("data-domain")
        assert domain is not None
        shown = [
            float(line.get_attribute(f"data-{k}") or "nan")
            for k in ("success", "dominate", "best-success", "best-dominate")
        ]
        expected = [*_engine_odds(plain, domain), *_engine_odds(position, domain)]
        assert shown == pytest.approx([float(x) for x in expected], abs=1e-9), domain
        gains.append(expected[2] - expected[0])
    assert max(gains) > 0, "the position should show what the Power is worth"

    # The families' tables: the acting family's own cards face up, the others' face down.
    comp = position.comp
    mine = page.locator(f".family[data-family='{p}']")
    expect(mine.locator("[data-refreshment]")).to_have_count(position.hand_size[p])
    for k, count in enumerate(position.hand[p]):
        if count:
            expect(mine.locator(f"[data-refreshment='{comp.refreshments[k].slug}']")).to_have_count(
                count
            )
    assert mine.locator("[data-power]").evaluate_all(
        "(els) => els.map((e) => e.dataset.power)"
    ) == [Power(w).id for w in position.powers[p]]
    plan = comp.plans[position.plan[p]]
    expect(mine.locator(f"[data-plan='{plan.id}']")).to_have_count(1)
    seated = [comp.dancers[d].symbol for d in position.seated[p]]
    filled = sum(min(need, seated.count(colour)) for colour, need in enumerate(plan.needs))
    expect(mine.locator("[data-filled=yes]")).to_have_count(filled)
    for q in range(3):
        if q == p:
            continue
        theirs = page.locator(f".family[data-family='{q}']")
        expect(theirs.locator("[data-back=refreshment]")).to_have_count(position.hand_size[q])
        expect(theirs.locator("[data-refreshment], [data-plan]")).to_have_count(0)
        expect(theirs.locator("[data-power]")).to_have_count(len(position.revealed[q]))

    # A Dancer that is not a move shows her counter when tapped.
    target = comp.dancers[position.target]
    page.locator(f"#dance-board [data-dancer='{target.slug}']").click()
    expect(page.locator("#dancer-info")).to_contain_text(f"{target.name} (")
    expect(page.locator("#dancer-info")).to_contain_text("(negated)")

    assert not errors, errors


def test_hotseat_curtain_follows_undo(base: str, browser: Browser) -> None:
    """An undo that hands the move back to another person raises the curtain for her,
    also when the curtain is already up for someone else (undo from another tab)."""
    created = create_game(
        base, "the-dance", players=3, seats=["human", "heuristic", "human"], hotseat=True, seed=3
    )
    errors: list[str] = []
    page = _open_seated(browser, base, created, errors)
    curtain = page.locator("#curtain")
    # Avatars are chosen from the last seat back to the first (RULINGS 15).
    expect(curtain).to_contain_text("Pass the device to Player 3")
    page.click("#curtain-ok")
    page.locator("#legal button.action").first.click()  # then the bot, then Player 1
    expect(curtain).to_contain_text("Pass the device to Player 1")
    page.click("#curtain-undo")  # Player 3 takes back her move, and the bot's after it
    expect(curtain).to_be_visible()
    expect(curtain).to_contain_text("Pass the device to Player 3")
    page.click("#curtain-ok")
    expect(page.locator("#status")).to_contain_text("Your move, Player 3")

    page.locator("#legal button.action").first.click()
    expect(curtain).to_contain_text("Pass the device to Player 1")
    other = _open_seated(browser, base, created, errors)  # a second tab on the same device
    expect(other.locator("#curtain")).to_contain_text("Pass the device to Player 1")
    other.click("#curtain-undo")
    expect(curtain).to_contain_text("Pass the device to Player 3")
    page.click("#curtain-ok")
    expect(page.locator("#status")).to_contain_text("Your move, Player 3")

    watcher = new_page(browser, errors)  # no seat: no curtain, just the table
    watcher.goto(f"{base}/g/{created['id']}")
    expect(watcher.locator("#status")).to_contain_text("Waiting for Player 3")
    expect(watcher.locator("#curtain")).to_be_hidden()
    assert not errors, errors


def test_resigning_a_three_player_game_hands_the_seat_to_a_bot(base: str, browser: Browser) -> None:
    """In a 3-player game the resigning player's seat passes to a bot and the game goes on."""
    created = create_game(
        base,
        "dancing-dice",
        players=3,
        seats=["human", "expert", "expert"],
        options={"endurance": 2},
        seed=5,
    )
    errors: list[str] = []
    page = _open_seated(browser, base, created, errors)
    dialogs: list[str] = []

    def accept(dialog: Any) -> None:
        dialogs.append(dialog.message)
        dialog.accept()

    page.on("dialog", accept)
    page.click("#resign")
    pill = page.locator('.seat-pill[data-seat="0"]')
    expect(pill).to_contain_text("resigned · bot expert plays")
    expect(page.locator("#resign")).to_have_count(0)
    expect(page.locator("#status")).to_contain_text("Game over", timeout=60000)
    expect(page.locator("#status")).to_contain_text("(Andrew resigned.)")
    expect(page.locator("#status")).not_to_contain_text("Andrew wins")  # resigned ranks last
    assert dialogs == ["Resign as Andrew? A bot plays your seat from now on."]
    assert not errors, errors
