"""Every registered game's golden games replay to their stored public event logs.

Any change to the rules, the data files or the action encoding that alters a
golden game shows here, with the first differing event. If the change is
intended, rewrite them with ``pytest tests/test_golden.py --regenerate-golden``
(see ``tests/golden.py``) and say why in the commit.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path

import pytest
from tests.examples import EXAMPLE_GAMES, registered
from tests.golden import (
    REWRITTEN,
    check,
    first_difference,
    golden_dir,
    golden_files,
    golden_text,
    play_again,
    play_seats,
    public_log,
)

from ballroom.core.game import Game, games
from ballroom.core.record import GameRecord

GAMES = [*games(), *EXAMPLE_GAMES]
"""Every registered game, and the example games (registered for each test below)."""
GOLDEN = [(game, path) for game in GAMES for path in golden_files(game)]


@pytest.fixture(autouse=True)
def examples_registered() -> Iterator[None]:
    """The example games replay by id, as a registered game's records do."""
    with registered(*EXAMPLE_GAMES):
        yield


def regenerate(config: pytest.Config, path: Path, record: GameRecord, covers: list[str]) -> None:
    """Write ``path`` for ``record`` if its content changed, and note it for the summary."""
    text = golden_text(record, covers)
    old = path.read_text(encoding="utf-8") if path.exists() else None
    if text != old:
        path.parent.mkdir(exist_ok=True)
        path.write_text(text, encoding="utf-8")
        config.stash.setdefault(REWRITTEN, []).append(f"{record.game}: {path.name}")


@pytest.mark.parametrize("game", GAMES, ids=lambda g: g.id)
def test_every_game_has_a_golden_game_in_its_folder(
    game: type[Game], request: pytest.FixtureRequest
) -> None:
    if not golden_files(game) and request.config.getoption("regenerate_golden"):
        seats = tuple(game.default_seats())
        record = play_seats(game(len(seats)), seats, seed=1)
        regenerate(request.config, golden_dir(game) / f"{game.id}-seed1.json", record, [])
    assert golden_files(game), (
        f"{game.id} has no golden game: add one to {golden_dir(game)} "
        "(pytest tests/test_golden.py --regenerate-golden writes a first one)"
    )


@pytest.mark.parametrize(
    ("game", "path"), GOLDEN, ids=[f"{game.id}/{path.name}" for game, path in GOLDEN]
)
def test_golden_game_replays_to_its_public_events(
    game: type[Game], path: Path, request: pytest.FixtureRequest
) -> None:
    data = json.loads(path.read_text(encoding="utf-8"))
    record = GameRecord.from_json(data["record"])
    assert record.game == game.id, f"{path} in {game.id}'s folder records a game of {record.game}"
    if request.config.getoption("regenerate_golden"):
        regenerate(request.config, path, play_again(record), data.get("covers", []))
    check(path)


def test_the_first_differing_event_is_shown_with_its_action() -> None:
    path = golden_files(GAMES[0])[0]
    log = public_log(GameRecord.from_json(json.loads(path.read_text(encoding="utf-8"))["record"]))
    expected = list(log.events)
    assert first_difference(expected, log) is None
    expected[5] = "Something else happened."
    shown = first_difference(expected, log)
    assert shown is not None
    lines = shown.splitlines()
    assert lines[0] == f"public event 6 differs (expected {len(expected)}, got {len(log.events)}):"
    assert lines[1:3] == [f"    {log.events[3]}", f"    {log.events[4]}"]
    assert lines[3] == f"  produced by {log.actions[5]}"
    assert lines[4] == "  - Something else happened."
    assert f"  + {log.events[5]}" in lines
    shorter = first_difference(expected[:5], log)
    assert shorter is not None and "  - (no more)" in shorter.splitlines()
