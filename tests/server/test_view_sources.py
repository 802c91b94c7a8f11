"""The game views read moves by their structured form: none parses action text.

A static check over every ``games/*/web/*.js``: the text of a move stays a
label, a title and what is sent back, never what a view reads to find out
what a move is (its family and parameters come with it in each frame).
"""

from __future__ import annotations

import re
from pathlib import Path

import ballroom.games

GAMES = Path(next(iter(ballroom.games.__path__)))
METHODS = "split|slice|substr|substring|startsWith|endsWith|match|matchAll|replace|indexOf|includes|charAt|trim"
PARSES = (
    re.compile(rf"\btext\s*\??\.\s*(?:{METHODS})\s*\("),  # a.text.split(" "), text.slice(7)
    re.compile(r"\.text\s*[!=]==?"),  # a.text === `first ${letters}`
    re.compile(r"[!=]==?\s*\w+\.text\b"),
    re.compile(r"\.map\(\s*\(?\s*\w+\s*\)?\s*=>\s*\w+\.text\s*\)"),  # legal.map((a) => a.text)
    re.compile(r"\.(?:startsWith|endsWith)\s*\("),  # t.startsWith(`avatar `): a move by its prefix
)


def parses(source: str) -> list[str]:
    """The lines of ``source`` that read an action's text."""
    return [line.strip() for line in source.splitlines() if any(p.search(line) for p in PARSES)]


def test_the_check_catches_the_parses_the_views_once_had() -> None:
    old = [
        'const [verb, arg, dir] = text.split(" ");',
        'obs.phase === "domain" ? a.text.slice(7) : a.text',
        'const needsConfirm = (text, hints) => TARGETED.includes(text.split(" ")[0]);',
        "legal.filter((t) => t.startsWith(`${verb} `));",
        "const note = ctx.msg.legal.find((a) => a.text === text)?.hint;",
        "const legal = msg.legal.map((a) => a.text);",
    ]
    assert all(parses(line) for line in old)
    assert not parses('find(legal, "first", { dice: letters }); ctx.move(choice.text);')


def test_no_game_view_parses_action_text() -> None:
    views = sorted(GAMES.glob("*/web/*.js"))
    assert {view.parent.parent.name for view in views} >= {
        "the_dance",
        "dancing_dice",
        "vampires_harvest",
    }
    found = {
        str(view.relative_to(GAMES)): lines
        for view in views
        if (lines := parses(view.read_text(encoding="utf-8")))
    }
    assert found == {}, "views must read moves by family and params, not by text"
