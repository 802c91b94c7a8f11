"""``ballroom play vampires-harvest``: a person against bots in the terminal, seeing only
their own seat, then the record replayed."""

from __future__ import annotations

import re
from pathlib import Path

from typer.testing import CliRunner

from ballroom.cli import app
from ballroom.core.record import GameRecord, replay
from ballroom.games.vampires_harvest.components import Deck
from ballroom.games.vampires_harvest.turn import CATALOG

runner = CliRunner()
PLAY = ("play", "vampires-harvest", "--option", "two-player=closing-die")
BLOODSTONES = {CATALOG.cards[card].name for card in CATALOG.deck(Deck.BLOODSTONE)}


def test_a_person_plays_against_bots_to_the_end_then_replays(tmp_path: Path) -> None:
    path = tmp_path / "game.json"
    result = runner.invoke(
        app,
        [*PLAY, "--players", "2", "--seats", "human,random", "--seed", "3", "--save", str(path)],
        input="1\n" * 800,
        env={"COLUMNS": "200"},
    )
    assert result.exit_code == 0, result.output
    assert "Turn 12 of 12" in result.output and "The game ends after turn 12." in result.output
    assert "Your Bloodstones:" in result.output
    record = GameRecord.loads(path.read_text())
    assert replay(record).is_terminal()
    replayed = runner.invoke(app, ["replay", str(path)])
    assert replayed.exit_code == 0 and "verified" in replayed.output


def test_each_person_sees_only_their_own_seat() -> None:
    seats = "random,human,random"
    result = runner.invoke(
        app,
        ["play", "vampires-harvest", "--players", "3", "--seats", seats, "--seed", "5"],
        input="1\n" * 60 + "quit\n",
        env={"COLUMNS": "200"},
    )
    assert result.exit_code == 0, result.output
    assert "Player 2 (you)" in result.output and "Player 1 (you)" not in result.output
    # Their own Bloodstones by name; the others' only as a count, and their draws unnamed.
    assert re.search(r"Your Bloodstones: \w", result.output)
    lines = result.output.splitlines()
    assert any(line.startswith(f"Player 2 draws {name}") for line in lines for name in BLOODSTONES)
    for line in lines:
        for other in ("Player 1", "Player 3"):
            if line.startswith(f"{other} draws "):
                assert line.startswith(f"{other} draws a "), line
            if line.startswith(f"{other} chooses "):
                assert line == f"{other} chooses an Action card face down.", line
