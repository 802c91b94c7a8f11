"""The game views as a newcomer meets them in Chromium, on a 390x844 phone.

The Dance: family names everywhere, two-letter Avatar marks, a visible lily,
the engine's odds on each target with a way back before the roll, touch
targets of at least 44 px and a winner banner with the standings. Dancing
Dice: pure and mixed explained beside the arrangement, a Rock flagged as it
forms, the Tango in view, and keyboard focus kept on a toggled die.
"""

from __future__ import annotations

import re
from collections import Counter
from typing import Any

from playwright.sync_api import Browser, Page, expect

import ballroom
from ballroom.agents import make_agent
from ballroom.core.game import make_game
from ballroom.core.play import decision_for
from ballroom.core.state import CHANCE
from ballroom.games.dancing_dice.state import DancingDiceState
from ballroom.games.the_dance import actions as ac
from ballroom.games.the_dance.state import TheDanceState
from ballroom.games.the_dance.steps import Phase
from server.support import create_game, http_json
from server.test_browser import _open_as, _open_seated, _replay_hotseat, new_page

PHONE = {"width": 390, "height": 844}
CLICKABLE = ", ".join(
    f"{area} {what}"
    for area in ("#board", "#actions")
    for what in ("button", "a[href]", "summary", "input", "[role=button]")
)


def too_small(page: Page) -> list[str]:
    """Every clickable control of the view under 44x44 CSS pixels, named."""
    found: list[str] = page.locator(CLICKABLE).evaluate_all(
        """(els) => els.filter((e) => e.getClientRects().length).map((e) => {
            const r = e.getBoundingClientRect();
            return r.width < 44 || r.height < 44
              ? `${e.tagName} ${e.id || e.dataset.action || e.dataset.dancer || e.textContent.trim()}`
                + ` ${Math.round(r.width)}x${Math.round(r.height)}` : null;
          }).filter(Boolean)"""
    )
    return found


def _find_targets(options: dict[str, Any]) -> tuple[int, TheDanceState, list[str]]:
    """A seed and heuristic moves that bring a family to an Influence step
    where it may Influence a Dancer and Foil an Avatar."""
    for seed in range(40):
        game = make_game("the-dance", 3, **options)
        state = game.new_state(seed)
        assert isinstance(state, TheDanceState)
        agents = [make_agent(game, p, "heuristic", seed) for p in range(3)]
        moves: list[str] = []
        while not state.is_terminal() and len(state.history) < 1500:
            p = state.current_players()[0]
            if p == CHANCE:
                state.apply(state.sample_chance(), CHANCE)
                continue
            texts = [ac.TEXTS[a] for a in state.legal_actions(p)]
            if state.phase == Phase.INFLUENCE and {"influence", "foil"} <= {
                t.split()[0] for t in texts
            }:
                return seed, state, moves
            text = ac.TEXTS[agents[p].act(decision_for(state, p))]
            moves.append(text)
            state.apply(ac.parse(text), p)
    raise AssertionError("no seed brings a family to both an Influence and a Foil")


def _contrast(page: Page, selector: str) -> list[float]:
    """WCAG contrast of each element's border against its card's background."""
    ratios: list[float] = page.locator(selector).evaluate_all(
        """(els) => els.map((e) => {
            const lum = (css) => {
              const [r, g, b] = css.match(/[\\d.]+/g).slice(0, 3).map((v) => {
                const c = Number(v) / 255;
                return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
              });
              return 0.2126 * r + 0.7152 * g + 0.0722 * b;
            };
            const edge = lum(getComputedStyle(e).borderTopColor);
            const card = lum(getComputedStyle(e.closest(".tile")).backgroundColor);
            return (Math.max(edge, card) + 0.05) / (Math.min(edge, card) + 0.05);
          })"""
    )
    return ratios


def test_the_dance_on_a_phone(base: str, browser: Browser) -> None:
    options = {"scenario": "arrogance"}  # every Plan face up: the lily is on some card
    seed, position, moves = _find_targets(options)
    created = _replay_hotseat(base, seed, options, moves)
    errors: list[str] = []
    page = _open_as(browser, base, created, errors)
    page.set_viewport_size(PHONE)
    p = position.actor
    meta = http_json("GET", f"{base}/api/games/{created['id']}")
    names = [seat["name"] for seat in meta["seats"]]
    comp = position.comp

    # One naming: the families, on the status line, the seat pills and the tables.
    assert names == [f"the {comp.avatars[a].family} family" for a in position.avatar_of]
    expect(page.locator("#status")).to_have_text(f"Your move, {names[p]}.")
    for q, name in enumerate(names):
        expect(page.locator(f".seat-pill[data-seat='{q}']")).to_contain_text(name)
        expect(page.locator(f".family[data-family='{q}'] .family-head strong")).to_contain_text(
            name
        )
    expect(page.locator("#log li").last).to_contain_text(re.compile(r"^The \w+ family "))

    # Avatar tokens: two letters each, all different, in the family's colour.
    tokens = page.locator("#dance-board .avatar")
    expect(tokens).to_have_count(3)
    marks = tokens.locator(".avatar-label").evaluate_all("(els) => els.map((e) => e.textContent)")
    assert len(set(marks)) == 3 and all(len(m) == 2 for m in marks), marks
    fills = tokens.locator("rect").evaluate_all("(els) => els.map((e) => e.getAttribute('fill'))")
    assert len(set(fills)) == 3, fills

    # The lily stands out on a Plan card like every other symbol.
    expect(page.locator(".plan [data-symbol=lily]").first).to_be_visible()
    assert min(_contrast(page, ".plan [data-symbol]")) >= 3

    # The whole floor fits the phone's width; zoomed in, every hex is a full touch target.
    assert page.locator("#dance-board").bounding_box()["width"] <= PHONE["width"]  # type: ignore[index]
    page.click("#board-zoom")
    assert too_small(page) == []

    # Each target's odds are the engine's; choosing one asks before anything is sent.
    notes = position.game.move_hints(position.observation(p), position.legal_actions(p))
    dancer = next(t for t in map(ac.TEXTS.__getitem__, notes) if t.startswith("influence "))
    foil = next(t for t in map(ac.TEXTS.__getitem__, notes) if t.startswith("foil "))
    for text in (dancer, foil):
        hint = notes[ac.parse(text)]
        best = max(row["best_success"] for row in hint["domains"])
        expect(page.locator(f"#legal [data-action='{text}']")).to_contain_text(
            f"up to {round(best * 100)}%"
        )
    page.locator(f"#dance-board [data-dancer='{dancer.split()[1]}']").click()
    for text in (dancer, foil):
        if text == foil:
            page.locator(f"#legal [data-action='{foil}']").click()
        rows = page.locator(f"#odds[data-target='{text}'] tr[data-domain]")
        hint = notes[ac.parse(text)]
        expect(rows).to_have_count(len(hint["domains"]))
        for i, want in enumerate(hint["domains"]):
            row = rows.nth(i)
            assert row.get_attribute("data-domain") == want["domain"]
            shown = [
                float(row.get_attribute(f"data-{k}") or "nan") for k in ("success", "dominate")
            ]
            assert shown == [want["success"], want["dominate"]], want
            expect(row).to_contain_text(f"needs {want['need']} or less")
        if text == foil:
            assert all(d["dominate"] == 0 for d in hint["domains"])
        assert too_small(page) == []
        page.click("#back-target")
        expect(page.locator("#odds")).to_have_count(0)
        expect(page.locator("#legal")).to_be_visible()
    assert http_json("GET", f"{base}/api/games/{created['id']}")["ply"] == meta["ply"]
    page.locator(f"#legal [data-action='{dancer}']").click()
    page.click("#confirm-target")
    expect(page.locator(".dance-head")).to_contain_text("domain")
    expect(page.locator("#odds tr[data-domain]")).to_have_count(
        len(notes[ac.parse(dancer)]["domains"])
    )
    assert http_json("GET", f"{base}/api/games/{created['id']}")["ply"] == meta["ply"] + 1
    assert too_small(page) == []
    assert not errors, errors


def test_the_dance_game_over_banner_names_the_families(base: str, browser: Browser) -> None:
    created = create_game(
        base, "the-dance", players=3, seats=["heuristic"] * 3, options={"dawn": 1}, seed=5
    )
    errors: list[str] = []
    page = new_page(browser, errors)
    page.goto(f"{base}/g/{created['id']}")
    expect(page.locator("#status")).to_contain_text("Game over", timeout=30000)
    meta = http_json("GET", f"{base}/api/games/{created['id']}")
    name = [seat["name"] for seat in meta["seats"]]
    ranking = meta["result"]["ranking"]
    winners = " and ".join(name[p] for p in meta["result"]["winners"])
    assert all(re.fullmatch(r"the \w+ family", n) for n in name), name
    banner = page.locator("#result")
    expect(banner).to_contain_text(winners[0].upper() + winners[1:])
    expect(banner.locator(".standings li")).to_have_count(len(ranking))
    for place, group in enumerate(ranking):
        expect(banner.locator(".standings li").nth(place)).to_contain_text(
            ", ".join(name[p] for p in group)
        )
    expect(page.locator("#status")).to_contain_text(winners)
    expect(page.locator("#log")).to_contain_text(winners)
    assert not errors, errors


def _rock_seed() -> int:
    """A seed whose first roll gives seat 0 dice that pair up into a Rock (two equal rows)."""
    for seed in range(1000):
        state = ballroom.make("dancing-dice", players=2, seed=seed)
        while state.is_chance_node():
            state.apply(state.sample_chance(), CHANCE)
        assert isinstance(state, DancingDiceState)
        counts = Counter(state.dice[0])
        if len(counts) > 1 and all(n % 2 == 0 for n in counts.values()):
            return seed
    raise AssertionError("no seed deals a Rock")


def _arrangement_notes(seed: int) -> dict[str, Any]:
    """Seat 0's notes on each arrangement, as the engine computes them from its dice."""
    state = ballroom.make("dancing-dice", players=2, seed=seed)
    while state.is_chance_node():
        state.apply(state.sample_chance(), CHANCE)
    for seat in (0, 1):
        state.apply_text("keep", seat)
    while state.is_chance_node():
        state.apply(state.sample_chance(), CHANCE)
    notes = state.game.move_hints(state.observation(0), state.legal_actions(0))
    return {state.game.action_to_text(a): note for a, note in notes.items()}


def _check_arrangement(page: Page, notes: dict[str, Any], target: str, shown: str = "a b c") -> str:
    """Swap dice from the ``shown`` first row to ``target``, then check what the view says."""
    now, goal = shown.split(), target.split()
    for a, b in zip(
        [d for d in now if d not in goal], [d for d in goal if d not in now], strict=True
    ):
        page.click(f"[data-row=first] [data-die={a}]")
        page.click(f"[data-row=second] [data-die={b}]")
    expect(page.locator("[data-row=first] [data-die]")).to_have_count(3)
    assert sorted(
        page.locator("[data-row=first] [data-die]").evaluate_all(
            "(els) => els.map((e) => e.dataset.die)"
        )
    ) == sorted(goal)
    note = notes[f"first {target}"]
    for i, dance_note in enumerate(note["dances"]):
        line = page.locator(f"#dd-explain li[data-dance='{i}']")
        expect(line).to_contain_text(dance_note["name"])
        expect(line).to_have_attribute("data-pure", "yes" if dance_note["pure"] else "no")
        if not note["gala"]:
            expect(line).to_contain_text(
                "pure (all of one kind)" if dance_note["pure"] else "mixed"
            )
    flag = page.locator("#dd-flag")
    if note["gala"] or note["rock"]:
        expect(flag).to_contain_text("Gala!" if note["gala"] else "Rock!")
    else:
        expect(flag).to_have_count(0)
    return target


def test_dancing_dice_for_a_newcomer_on_a_phone(base: str, browser: Browser) -> None:
    seed = _rock_seed()
    created = create_game(base, "dancing-dice", players=2, seats=["human", "expert"], seed=seed)
    errors: list[str] = []
    page = _open_seated(browser, base, created, errors)
    page.set_viewport_size(PHONE)
    expect(page.get_by_text("Re-roll?")).to_be_visible()
    assert too_small(page) == []

    # Keyboard: the toggled die keeps focus, and Tab goes on to the next die.
    die = page.locator(".dd-choose [data-die=a]")
    die.focus()
    for key, die_letter, pressed in (
        ("Space", "a", "true"),
        ("Space", "a", "false"),
        ("Tab", "b", "false"),
        ("Enter", "b", "true"),
        ("Enter", "b", "false"),
    ):
        page.keyboard.press(key)
        expect(page.locator(f".dd-choose [data-die={die_letter}]")).to_have_attribute(
            "aria-pressed", pressed
        )
        assert page.evaluate("document.activeElement.dataset.die") == die_letter, key
    page.click("#dd-confirm")  # keep every die

    # Arranging: each dance explained from the engine's notes, the Rock flagged as it forms.
    notes = _arrangement_notes(seed)
    expect(page.get_by_text("Arrange your two dances")).to_be_visible()
    # Retried until it holds: the bot's own moves redraw the screen meanwhile.
    expect(page.locator("#dd-tango-here")).to_be_in_viewport(ratio=1)
    assert too_small(page) == []
    shown = _check_arrangement(page, notes, "a b c")
    shown = _check_arrangement(page, notes, "b c d", shown)  # the first swap: a for d
    rock = next(text[6:] for text, note in notes.items() if note["rock"])
    shown = _check_arrangement(page, notes, rock, shown)
    expect(page.locator("#dd-flag")).to_contain_text("Rock!")
    # One swap away from the Rock, the flag goes.
    broken = next(
        t[6:]
        for t, n in notes.items()
        if not n["rock"] and len(set(t[6:].split()) - set(rock.split())) == 1
    )
    _check_arrangement(page, notes, broken, shown)
    expect(page.locator("#dd-flag")).to_have_count(0)
    assert not errors, errors
