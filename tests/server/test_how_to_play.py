"""The "How to play" panels: one per game, each part naming its rulebook section,
served by the server, checked when read, and replaceable by a user's file."""

from __future__ import annotations

from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from ballroom.core.errors import ComponentError
from ballroom.core.game import games, get_game
from ballroom.server.how_to_play import how_to_play


@pytest.mark.parametrize("game_id", [game.id for game in games()])
def test_every_game_explains_its_goal_turn_and_scoring_with_rulebook_sections(
    game_id: str,
) -> None:
    panel = how_to_play(get_game(game_id))
    assert panel is not None
    titles = [section["title"] for section in panel["sections"]]
    assert titles[0] == "Goal"
    assert len(titles) >= 5
    for section in panel["sections"]:
        assert section["rule"].strip() and len(section["text"].split()) >= 10, section


def test_dark_tales_explains_the_cinderella_option_only_under_that_option() -> None:
    panel = how_to_play(get_game("dark-tales"))
    assert panel is not None
    cinderella = [s for s in panel["sections"] if s["option"] == "expansion"]
    assert {s["title"] for s in cinderella} >= {
        "Cinderella: the Ball at the Palace",
        "Cinderella: the final Ball",
        "Cinderella: tiles",
    }
    assert all("none" not in s["values"] for s in cinderella)
    assert all(s["option"] == "" for s in panel["sections"] if not s["title"].startswith("Cind"))


def test_the_server_serves_each_panel(client: TestClient) -> None:
    panel = client.get("/api/catalog/the-dance/how-to-play").json()
    assert panel["name"] == "The Dance"
    assert "the-dance.txt" in panel["rulebook"]
    unknown = client.get("/api/catalog/chess/how-to-play")
    assert unknown.status_code >= 400 and "chess" in unknown.text


def _override(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, text: str) -> None:
    folder = tmp_path / "dancing-dice"
    folder.mkdir()
    (folder / "how_to_play.toml").write_text(text, encoding="utf-8")
    monkeypatch.setenv("BALLROOM_DATA", str(tmp_path))


HEADER = 'reconstruction = "my group\'s words"\nrulebook = "the box"\n'


def test_a_users_file_replaces_the_shipped_panel(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    _override(
        tmp_path,
        monkeypatch,
        HEADER + '[[section]]\ntitle = "Goal"\nrule = "p. 1"\ntext = "Outlast everyone."\n',
    )
    panel = how_to_play(get_game("dancing-dice"))
    assert panel is not None
    assert [s["text"] for s in panel["sections"]] == ["Outlast everyone."]


@pytest.mark.parametrize(
    ("section", "message"),
    [
        ('option = "colour"\nvalues = ["red"]', "'colour' is not an option of dancing-dice"),
        ('option = "research-rerolls"\nvalues = ["maybe"]', "'maybe' is not a value of option"),
        ('option = "endurance"', "option and values go together"),
        ('rules = "p. 2"', "rules: unknown key"),
    ],
)
def test_a_wrong_section_is_refused_naming_what_is_allowed(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, section: str, message: str
) -> None:
    _override(
        tmp_path,
        monkeypatch,
        HEADER + '[[section]]\ntitle = "Goal"\nrule = "p. 1"\n'
        f'text = "Outlast everyone."\n{section}\n',
    )
    with pytest.raises(ComponentError, match=message):
        how_to_play(get_game("dancing-dice"))
