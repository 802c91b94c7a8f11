"""Golden games: a stored record and the public event log it must replay to.

Each game keeps its golden games in its own package folder,
``src/ballroom/games/<game>/golden/*.json`` (shipped in the wheel), as::

    {"record": {... the GameRecord, with the seats that played it ...},
     "covers": ["(Rock!)", ...],     # optional: text the log must show
     "winners": [0],
     "public_events": ["Round 1: the Tango dice show 6-4-6.", ...]}

``covers`` lists fragments of the log that the game was chosen to show (a
Tango scored, a Gala), so a regenerated game that no longer shows one fails
instead of quietly testing less.

A deliberate rules change rewrites them: ``pytest tests/test_golden.py
--regenerate-golden`` plays each record's seats again (same game, players,
options and seed, the bots' own seeded streams) and rewrites the files whose
content changed, listing them at the end of the run. A registered game with
no golden game gets a first one from its default seats, seed 1. Review the
diff, and say in the commit why the games changed.
"""

from __future__ import annotations

import importlib
import json
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

from ballroom.agents import make_agent
from ballroom.core.events import Event
from ballroom.core.game import Game, make_game
from ballroom.core.play import play_out
from ballroom.core.record import GameRecord, replay
from ballroom.core.state import CHANCE

REWRITTEN = pytest.StashKey[list[str]]()
"""The golden files ``--regenerate-golden`` rewrote in this run, for the summary."""
MAX_ACTIONS = 100_000
CONTEXT = 2
"""Events shown before the first difference, and after it on each side."""


def golden_dir(game: type[Game]) -> Path:
    """``golden/`` beside the game's package: ``ballroom/games/the_dance/golden``."""
    package = importlib.import_module(game.__module__.rpartition(".")[0])
    return Path(str(package.__file__)).parent / "golden"


def golden_files(game: type[Game]) -> list[Path]:
    folder = golden_dir(game)
    return sorted(folder.glob("*.json")) if folder.is_dir() else []


@dataclass(frozen=True, slots=True)
class Log:
    """A game's public events, each with the action that produced it."""

    events: list[str]
    actions: list[str]
    winners: list[int]


def public_log(record: GameRecord) -> Log:
    """Replay ``record`` (chance checked against its seed) and keep what everyone saw."""
    events: list[str] = []
    actions: list[str] = []
    number = 0

    def keep(batch: list[Event]) -> None:
        nonlocal number
        player, text = record.actions[number]
        number += 1
        who = "chance" if player == CHANCE else f"player {player}"
        for event in batch:
            if event.audience is None:
                events.append(event.text)
                actions.append(f"action {number} ({who}: {text!r})")

    state = replay(record, on_events=keep)
    assert state.is_terminal(), f"the record stops after {number} actions, before the game ends"
    return Log(events, actions, list(state.outcome().winners))


def first_difference(expected: list[str], log: Log) -> str | None:
    """A readable account of the first event that differs, or ``None`` if none does."""
    actual = log.events
    at = next(
        (i for i, (a, b) in enumerate(zip(expected, actual, strict=False)) if a != b),
        min(len(expected), len(actual)),
    )
    if at == len(expected) == len(actual):
        return None
    lines = [f"public event {at + 1} differs (expected {len(expected)}, got {len(actual)}):"]
    lines += [f"    {text}" for text in actual[max(0, at - CONTEXT) : at]]
    if at < len(actual):
        lines.append(f"  produced by {log.actions[at]}")
    lines += [f"  - {text}" for text in expected[at : at + CONTEXT + 1]] or ["  - (no more)"]
    lines += [f"  + {text}" for text in actual[at : at + CONTEXT + 1]] or ["  + (no more)"]
    return "\n".join(lines)


def play_again(record: GameRecord) -> GameRecord:
    """The game the record's seats play now: same game, players, options and seed."""
    if len(record.seats) != record.players:
        raise ValueError("a golden record must name the seat that played each player")
    return play_seats(
        make_game(record.game, record.players, **record.options), record.seats, record.seed
    )


def play_seats(game: Game, seats: tuple[str, ...], seed: int) -> GameRecord:
    state = game.new_state(seed)
    agents = [make_agent(game, seat, spec, seed) for seat, spec in enumerate(seats)]
    play_out(state, agents, max_actions=MAX_ACTIONS)
    assert state.is_terminal(), f"{game.id} did not end in {MAX_ACTIONS} actions"
    return GameRecord.of(state, seats)


def golden_text(record: GameRecord, covers: list[str]) -> str:
    """The file content for ``record``: pretty enough to diff, one value a line."""
    log = public_log(record)
    data: dict[str, Any] = {"record": record.to_json()}
    if covers:
        data["covers"] = covers
    data["winners"] = log.winners
    data["public_events"] = log.events
    return json.dumps(data, indent=0) + "\n"


def check(path: Path) -> None:
    """Fail, saying how, if the golden game at ``path`` no longer replays to its log."""
    data = json.loads(path.read_text(encoding="utf-8"))
    record = GameRecord.from_json(data["record"])
    log = public_log(record)
    difference = first_difference(data["public_events"], log)
    hint = "a deliberate rules change? pytest tests/test_golden.py --regenerate-golden"
    assert difference is None, f"{path.name}: {difference}\n({hint})"
    assert log.winners == data["winners"], (
        f"{path.name}: winners {log.winners}, not {data['winners']}"
    )
    missing = [text for text in data.get("covers", []) if not any(text in e for e in log.events)]
    assert not missing, (
        f"{path.name} no longer shows {', '.join(map(repr, missing))}; choose other seats or "
        "another seed in its record, regenerate, and check what it covers"
    )
