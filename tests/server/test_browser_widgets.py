"""The shared widgets (``static/widgets.js``) drawn in Debian's headless Chromium.

Each widget is rendered on a blank page that loads the server's own static
files (served to the page from the package, no server process): a die, a
track, a card and its back, a hand face up for its owner and as backs with a
count for the others, a face-up row with an empty place, a tableau, a score
track that goes round, and a card that makes a move when picked.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Browser, Page, Route, expect

import ballroom.server

STATIC = Path(next(iter(ballroom.server.__path__))) / "static"
ORIGIN = "http://widgets.test"
PAGE = """<!doctype html><html><head><link rel="stylesheet" href="/static/app.css"></head>
<body><div id="board"></div><script type="module">
import * as widgets from "/static/widgets.js";
import { h } from "/static/ui.js";
window.widgets = widgets;
window.h = h;
window.picked = [];
window.show = (name, node) => {
  const box = h("section", { "data-widget": name }, node);
  document.getElementById("board").append(box);
};
document.body.dataset.ready = "yes";
</script></body></html>"""


def serve(route: Route) -> None:
    """The blank page, and the package's static files under ``/static/``."""
    path = route.request.url.removeprefix(ORIGIN)
    if path == "/":
        route.fulfill(body=PAGE, content_type="text/html")
        return
    file = STATIC / path.removeprefix("/static/")
    if not path.startswith("/static/") or not file.is_file():
        route.fulfill(status=404, body=f"no {path}")
        return
    kind = {".js": "text/javascript", ".css": "text/css"}.get(file.suffix, "text/plain")
    route.fulfill(body=file.read_text(encoding="utf-8"), content_type=kind)


@pytest.fixture
def page(browser: Browser) -> Iterator[Page]:
    """A blank page with the widgets loaded as ``window.widgets``; no script error allowed."""
    errors: list[str] = []
    context = browser.new_context(viewport={"width": 1024, "height": 800})
    context.route(f"{ORIGIN}/**", serve)
    page = context.new_page()
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.set_default_timeout(15000)
    page.goto(f"{ORIGIN}/")
    expect(page.locator("body[data-ready=yes]")).to_have_count(1)
    yield page
    context.close()
    assert not errors, errors


def draw(page: Page, name: str, script: str) -> None:
    """Run ``script`` (a JS expression over ``widgets`` and ``h``) and show its node as ``name``."""
    page.evaluate(f"() => show({name!r}, (({{ widgets, h }}) => {script})(window))")


def widget(page: Page, name: str) -> str:
    return f"[data-widget={name}]"


def test_a_die_shows_its_pips_or_a_question_mark(page: Page) -> None:
    draw(page, "five", "widgets.die(5)")
    draw(page, "hidden", "widgets.die(0)")
    expect(page.locator(f"{widget(page, 'five')} circle")).to_have_count(5)
    expect(page.locator(f"{widget(page, 'hidden')} circle")).to_have_count(0)
    expect(page.locator(f"{widget(page, 'hidden')} text")).to_have_text("?")


def test_a_track_marks_its_filled_boxes(page: Page) -> None:
    draw(
        page,
        "track",
        'h("div", {}, widgets.track(6, { cls: "box", on: (i) => i < 2, label: (i) => String(i + 1) }))',
    )
    boxes = page.locator(f"{widget(page, 'track')} span.box")
    expect(boxes).to_have_count(6)
    expect(boxes).to_have_text(["1", "2", "3", "4", "5", "6"])
    expect(page.locator(f"{widget(page, 'track')} span.box.on")).to_have_count(2)


def test_a_card_shows_its_name_and_text_and_its_back_only_its_kind(page: Page) -> None:
    draw(page, "card", 'widgets.card("agent", "The Spymaster", "Look at a hand.")')
    draw(page, "back", 'widgets.cardBack("agent", "a hidden agent")')
    card = page.locator(f"{widget(page, 'card')} .tile.agent")
    expect(card.locator("strong")).to_have_text("The Spymaster")
    expect(card.locator("small")).to_have_text("Look at a hand.")
    back = page.locator(f"{widget(page, 'back')} [data-back=agent]")
    expect(back).to_have_attribute("title", "a hidden agent")
    expect(back).not_to_contain_text("Spymaster")
    assert back.bounding_box() is not None


def test_a_hand_is_face_up_for_its_owner_and_backs_with_a_count_for_the_others(
    page: Page,
) -> None:
    cards = '["Ace", "Queen", "Nine"].map((n) => widgets.card("playing", n, "a card"))'
    draw(page, "mine", f'widgets.heldHand("Hand", {{ cards: {cards}, name: "hand" }})')
    draw(page, "theirs", 'widgets.heldHand("Hand", { count: 3, back: "playing", name: "hand" })')
    draw(page, "empty", 'widgets.heldHand("Hand", { count: 0 })')
    mine = page.locator(widget(page, "mine"))
    expect(mine.locator(".group.face-up[data-count='3']")).to_have_count(1)
    expect(mine.locator(".group-label")).to_have_text("Hand (3)")
    expect(mine.locator(".tile.playing strong")).to_have_text(["Ace", "Queen", "Nine"])
    theirs = page.locator(widget(page, "theirs"))
    expect(theirs.locator(".group.face-down[data-count='3']")).to_have_count(1)
    expect(theirs.locator(".group-label")).to_have_text("Hand (3)")
    expect(theirs.locator("[data-back=playing]")).to_have_count(3)
    expect(theirs.locator("strong")).to_have_count(0)
    expect(page.locator(widget(page, "empty"))).to_contain_text("Hand (0)none")


def test_a_face_up_row_keeps_each_card_in_its_place_and_shows_an_empty_one(page: Page) -> None:
    draw(
        page,
        "row",
        'widgets.faceUpRow("Market", [widgets.card("good", "Wine", "2 coins"), null,'
        ' widgets.card("good", "Silk", "3 coins")], "market")',
    )
    row = page.locator(f"{widget(page, 'row')} [data-row=market]")
    expect(row.locator(".group-label")).to_have_text("Market")
    expect(row.locator(".slot")).to_have_count(3)
    expect(row.locator("[data-slot='0'] strong")).to_have_text("Wine")
    expect(row.locator("[data-slot='1']")).to_have_class("slot empty")
    expect(row.locator("[data-slot='2'] strong")).to_have_text("Silk")
    box = row.locator("[data-slot='1']").bounding_box()
    assert box is not None and box["width"] > 10, "an empty place takes room in the row"


def test_a_tableau_shows_a_seats_cards_in_labelled_columns(page: Page) -> None:
    draw(
        page,
        "tableau",
        'widgets.tableau("Player 2", [["Nobles", [widgets.card("noble", "Duke", "+3"),'
        ' widgets.card("noble", "Count", "+2")]], ["Clergy", []]], "p2")',
    )
    table = page.locator(f"{widget(page, 'tableau')} [data-tableau=p2]")
    expect(table.locator(".group-label")).to_have_text("Player 2")
    expect(table.locator("[data-column=Nobles] small.muted")).to_have_text("Nobles (2)")
    expect(table.locator("[data-column=Nobles] strong")).to_have_text(["Duke", "Count"])
    expect(table.locator("[data-column=Clergy] small.muted")).to_have_text("Clergy (0)")


def test_a_score_track_puts_each_marker_in_its_box_and_goes_round(page: Page) -> None:
    draw(
        page,
        "score",
        'widgets.scoreTrack([3, 0, 23], { length: 20, names: ["Ann", "Bo", "Cy"],'
        ' colours: ["#b3203a", null, "#2a7fc1"] })',
    )
    track = page.locator(widget(page, "score"))
    expect(track.locator(".score-box")).to_have_count(20)
    box3 = track.locator("[data-box='3'] .marker")
    expect(box3).to_have_count(2)  # Ann on 3, and Cy on 23: one lap and three
    expect(track.locator("[data-seat='0']")).to_have_attribute("title", "Ann: 3")
    expect(track.locator("[data-seat='2']")).to_have_attribute("title", "Cy: 23")
    expect(track.locator("[data-seat='2']")).to_have_text("+20")
    expect(track.locator("[data-box='0'] [data-seat='1']")).to_have_attribute("title", "Bo: 0")


def test_a_picked_card_plays_its_move_by_click_and_by_enter(page: Page) -> None:
    draw(
        page,
        "pick",
        'h("div", {}, widgets.pick(widgets.card("good", "Wine", "2 coins"),'
        ' { text: "buy wine", family: "buy", params: { good: "wine" } },'
        " (move) => window.picked.push(move.family)),"
        ' widgets.pick(widgets.card("good", "Silk", "3 coins"), undefined, () => {}))',
    )
    wine = page.locator(f"{widget(page, 'pick')} [data-action='buy wine']")
    expect(wine).to_have_attribute("role", "button")
    wine.click()
    wine.focus()
    page.keyboard.press("Enter")
    assert page.evaluate("window.picked") == ["buy", "buy"]
    expect(page.locator(f"{widget(page, 'pick')} .tile.pick")).to_have_count(1)
