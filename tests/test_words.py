"""Every registered game speaks to players in words: random games scanned for engine words.

Random games of every game (random options, both player counts) are played,
and everything a player reads is scanned: every event's sentence (private
ones too), every legal move's words (``describe_action``, which the page's
buttons and the terminal's menu show), the notes on moves (hints), what the
game prints on its components (``components_json``: names and texts, not
the ids a client looks cards up by) and the terminal's picture of each
seat's view. A text fails where it shows a raw id (any id the game's data
defines: an action's parameter, a card's id, a zone), a kebab-case or
snake_case token, notation (``2+``, ``≤``, ``+2``, ``->``), a doubled word
("roll roll"), "a" before a vowel ("a Extortion"), one of a plural ("1
Successes"), or a menu line or sentence that does not begin as words do.
Two legal moves with the same words fail too: a player could not tell them
apart.
"""

from __future__ import annotations

import json
import random
import re
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any

import pytest
from tests.random_games import GAME_CLASSES, player_counts, random_options

from ballroom.core.capabilities import (
    ShowsComponents,
    StructuresActions,
    describe_action,
    move_hints,
    offers,
    render,
)
from ballroom.core.game import Game
from ballroom.core.state import CHANCE, State

GAMES = 200
"""Random games in all, shared out over the registered games."""
MOST_ACTIONS = 400
"""A random game is cut after this many actions: its early and middle game are scanned
(The Dance's random walks rarely end)."""
SCANNED_EVERY = 7
"""Every seventh decision has its moves, hints and terminal picture scanned (every event
is); moves and pictures repeat, and each costs more than an event."""

KEBAB = re.compile(r"\b[a-z0-9]+(?:[-_][a-z0-9]+)+\b")
"""A token like ``city-watchman-1`` or ``skill_points`` (letters joined by - or _)."""
ENGLISH_HYPHENED = re.compile(
    r"face-up|face-down|tie-break|cha-cha|re-\w+|\d+(?:-\d+)+|(?:north|south)-(?:east|west)|\w+-pip"
)
"""Hyphened words of English or of the games' own (a Cha-cha-cha, to re-roll), and scores."""
NOTATION = [
    (re.compile(r"\d\+"), "'n+' for 'n or more'"),
    (re.compile(r"[≤≥→⇒]|->|=>|<=|>="), "a symbol for words"),
    (re.compile(r"(?:^|[\s(])[+\-]\d"), "a signed number for gain or loss"),
    (re.compile(r"\b(?:None|True|False)\b"), "a programmer's value"),
    (re.compile(r"[{}\[\]]"), "a bracket of data"),
    (re.compile(r"\b[A-Z][a-z]+\.[A-Z_]+\b"), "an enum's name"),
    (re.compile(r"\b([A-Za-z]+) \1\b", re.IGNORECASE), "a doubled word"),
    (
        re.compile(r"(?:\ba|^A) (?!one\b|use|uni|eu|once\b|U\b)[AEIOUaeiou]\w*"),
        "'a' before a vowel",
    ),
    (
        re.compile(r"(?:^|[^\w\s] ?|\b[a-z]+ )1 (?!\w*(?:ss|us|is)\b)[A-Za-z]+s\b"),
        "a plural after 1",
    ),
]
LINE_START = re.compile(r"^[\"'(]?[A-Z0-9]")
"""A menu line or a sentence begins with a capital or a digit."""
RICH_MARKUP = re.compile(r"\[/?[a-z0-9_ #.]*\]")
"""The terminal's colours and styles (``[bold]``, ``[grey42]``, ``[/]``)."""
BOARD_GLYPHS = re.compile(r"[→←↑↓↗↘↖↙]")
"""Arrows drawn on a board picture (The Dance's dance floor), not words."""
FACE_FIELDS_SKIPPED = frozenset(
    {
        "text",
        "id",
        "kind",
        "deck",
        "type",
        "faction",
        "goes",
        "key",
        "item",
        "lasts",
        "moment",
        "who",
        "district",
    }
)
"""Fields of components_json a client looks things up by, never shows as words."""


@dataclass
class Scan:
    """Offences found, each text once, with where it was read."""

    ids: frozenset[str]
    found: dict[str, str] = field(default_factory=dict)

    def text(self, where: str, text: str, sentence: bool = False) -> None:
        """Scan ``text``; ``sentence``: it must also begin as a sentence or menu line does."""
        key = f"{where}: {text}"
        if key in self.found or not text:
            return
        for problem in self.problems(text, sentence):
            self.found[key] = problem
            return

    def problems(self, text: str, sentence: bool) -> Iterator[str]:
        for token in KEBAB.findall(text):
            if not ENGLISH_HYPHENED.fullmatch(token):
                yield f"raw token {token!r}"
        for word in re.findall(r"[a-z][a-z0-9]*(?:[-/][a-z0-9]+)*", text):
            if word in self.ids:
                yield f"raw id {word!r}"
        for pattern, problem in NOTATION:
            match = pattern.search(text)
            if match:
                yield f"{problem}: {match.group(0)!r}"
        if sentence and not LINE_START.match(text):
            yield "does not begin with a capital"

    def report(self) -> str:
        lines = [f"{key}\n    ({problem})" for key, problem in list(self.found.items())[:40]]
        return f"{len(self.found)} texts with engine words:\n" + "\n".join(lines)


def data_ids(game: Game) -> frozenset[str]:
    """Every id the game's data defines that is no English word: its actions' parameter
    values and its components' ids (those with a - or a digit; single words are the
    kebab scan's business only where they are joined)."""
    found: set[str] = set()
    if offers(type(game), StructuresActions):
        for action in range(game.num_distinct_actions):
            params = game.action_json(action)["params"]  # type: ignore[attr-defined]
            found.update(str(v) for v in params.values())
    if offers(type(game), ShowsComponents):
        found.update(_face_ids(game.components_json()))  # type: ignore[attr-defined]
    return frozenset(i for i in found if re.search(r"[-\d/]", i) and re.search(r"[a-z]", i))


def _face_ids(value: Any) -> Iterator[str]:
    if isinstance(value, dict):
        for key, inner in value.items():
            if key == "text" and isinstance(inner, str):
                yield inner
            else:
                yield from _face_ids(inner)
    elif isinstance(value, list):
        for inner in value:
            yield from _face_ids(inner)


def face_texts(value: Any, path: str = "") -> Iterator[tuple[str, str]]:
    """The words components_json shows: every string but the lookup fields."""
    if isinstance(value, dict):
        for key, inner in value.items():
            if key not in FACE_FIELDS_SKIPPED:
                yield from face_texts(inner, f"{path}.{key}")
    elif isinstance(value, list):
        for inner in value:
            yield from face_texts(inner, path)
    elif isinstance(value, str):
        yield path, value


def hint_texts(value: Any) -> Iterator[str]:
    if isinstance(value, dict):
        for key, inner in value.items():
            if key != "kind":
                yield from hint_texts(inner)
    elif isinstance(value, list):
        for inner in value:
            yield from hint_texts(inner)
    elif isinstance(value, str):
        yield value


def zone_ids(observation: Any) -> Iterator[str]:
    zones = observation.get("zones") if isinstance(observation, dict) else None
    if isinstance(zones, dict):
        for zone in zones.get("zones", ()):
            name = str(zone.get("zone", ""))
            yield name
            yield name.partition("/")[0]


def scan_decision(scan: Scan, game: Game, state: State, seat: int) -> None:
    """The seat's moves, their notes, and the terminal's picture of its view."""
    observation = state.observation(seat)
    legal = state.legal_actions(seat)
    words: dict[str, int] = {}
    for action in legal:
        label = describe_action(game, action, observation)
        scan.text("move", label, sentence=True)
        if label in words:
            other = game.action_to_text(words[label])
            scan.found.setdefault(
                f"move: {label}", f"two moves read the same: {other!r} and its twin"
            )
        words[label] = action
    for action, hint in move_hints(game, observation, legal).items():
        for text in hint_texts(hint):
            if re.search(r"[A-Za-z]", text):
                scan.text(f"hint on {game.action_to_text(action)}", text)
    scan_picture(scan, render(game, observation))


def scan_picture(scan: Scan, picture: str) -> None:
    """The terminal's picture, line by line (a game without one prints its JSON: skipped)."""
    if picture.lstrip().startswith("{"):
        return
    for line in BOARD_GLYPHS.sub("", RICH_MARKUP.sub("", picture)).splitlines():
        scan.text("terminal", line.strip())


def scan_game(game_class: type[Game], games: int, chooser: random.Random) -> Scan:
    game = game_class(player_counts(game_class)[0])
    scan = Scan(data_ids(game))
    if offers(game_class, ShowsComponents):
        for where, text in face_texts(game.components_json()):  # type: ignore[attr-defined]
            scan.text(f"face{where}", text)
    for number in range(games):
        players = player_counts(game_class)[number % len(player_counts(game_class))]
        game = game_class(players, **random_options(game_class, chooser))
        state = game.new_state(seed=chooser.randrange(1 << 30))
        scan.ids = scan.ids | frozenset(
            i for i in zone_ids(state.observation(None)) if re.search(r"[-\d/]", i)
        )
        decisions = 0
        for _ in range(MOST_ACTIONS):
            if state.is_terminal():
                break
            seat = chooser.choice(state.current_players())
            if seat == CHANCE:
                action = state.sample_chance()
            else:
                decisions += 1
                if decisions % SCANNED_EVERY == 1:
                    scan_decision(scan, game, state, seat)
                action = chooser.choice(state.legal_actions(seat))
            for event in state.apply(action, seat):
                scan.text(f"event {event.kind}", event.text, sentence=True)
        for seat in (None, *range(players)):
            scan_picture(scan, render(game, state.observation(seat)))
    return scan


@pytest.mark.parametrize("game_class", GAME_CLASSES, ids=lambda g: g.id)
def test_every_text_a_player_reads_is_in_words(game_class: type[Game]) -> None:
    games = -(-GAMES // len(GAME_CLASSES))
    scan = scan_game(game_class, games, random.Random(f"words {game_class.id}"))
    assert not scan.found, scan.report()


@pytest.mark.parametrize(
    ("text", "problem"),
    [
        ("Keep city-watchman-1.", "raw token"),
        ("rank 2+: flip 1 (highest) in next-in-order", "'n+'"),
        ("Reroll every die with roll roll ≤ 4.", "doubled"),
        ("Alice plays a Extortion.", "'a' before a vowel"),
        ("1 Successes kept.", "plural after 1"),
        ("Alice takes 2 gold-coin.", "raw token"),
        ("Gain skill-points +2.", "raw token"),
        ("broker 1", "capital"),
        ("Bid on Area 1 with Step.SELECT.", "enum"),
    ],
)
def test_the_scan_finds_engine_words(text: str, problem: str) -> None:
    found = list(Scan(frozenset({"area-1"})).problems(text, sentence=True))
    assert any(problem in p for p in found), found


@pytest.mark.parametrize(
    "text",
    [
        "Alice takes 2 Gold Coins and an Extortion card.",
        "Round 1: the Tango dice show 6-4-6.",
        "1 Success kept; Bob plays a face-down card.",
        "Rank 2 or more: flip the highest Agent in the next district in order.",
    ],
)
def test_the_scan_passes_words(text: str) -> None:
    assert list(Scan(frozenset({"area-1"})).problems(text, sentence=True)) == []


def test_the_scan_reads_components_text_not_lookup_ids() -> None:
    faces = {"cards": [{"id": 1, "text": "king-1", "name": "King", "says": "take 1 Gold Coin"}]}
    assert list(face_texts(faces)) == [(".cards.name", "King"), (".cards.says", "take 1 Gold Coin")]
    assert list(_face_ids(faces)) == ["king-1"]
    assert json.dumps(faces)
