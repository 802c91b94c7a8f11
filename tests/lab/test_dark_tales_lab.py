"""Dark Tales in the lab: the features its balance questions need (the Setting pair, the VP
each card gains when played, how often the Balls decide the game), printed by simulate."""

from __future__ import annotations

import json

from typer.testing import CliRunner

from ballroom.cli import app
from ballroom.games.dark_tales.chronicle import ball_decided
from ballroom.games.dark_tales.position import Position, act

runner = CliRunner()


def test_simulate_prints_the_balance_features() -> None:
    result = runner.invoke(
        app,
        [
            "simulate",
            "dark-tales",
            "--option",
            "expansion=cinderella",
            "--seats",
            "heuristic,random",
            "--games",
            "3",
            "--workers",
            "1",
            "--json",
        ],
    )
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert data["finished"] == 3 and len(data["win_rate"]) == 2  # the win rate by seat
    features = data["by_feature"]
    assert "settings" in features
    assert sum(entry["seats"] for entry in features["settings"].values()) == 3  # first player
    # The Balls are the same for both seats of a game: counted by games, with no win rate.
    table = data["table_features"]
    assert {"balls", "ball_decides"} <= set(table) and not {"balls", "ball_decides"} & set(features)
    assert sum(entry["games"] for entry in table["ball_decides"].values()) == 3
    assert any(name.startswith("card_vp:") for name in features)


def test_a_card_is_worth_the_vp_its_play_gained_and_the_ball_may_decide_the_game() -> None:
    state = (
        Position(expansion="cinderella")
        .settings("the-battle-of-the-forgotten-lands", "the-armoury")  # Gold Coins score 0
        .hand(0, "old-sage-1", "secret-helper-1")
        .front(0, "noble-1")
        .middle("fairy-1", "ogre-1")
        .ball_card("dragon-1", "goblin-1")
        .hand(1, "queen")
        .empty_deck()
        .build()
    )
    act(state, "play old-sage-1")
    act(state, "play queen")
    act(state, "play secret-helper-1")
    act(state, "choose ogre-1")  # a Ball
    act(state, "best")  # the Noble and the Fairy dance: 2 VP
    assert state.is_terminal()  # Player 2 has no card left: the final Ball (no couple left)
    features = state.seat_features()
    assert features[0]["card_vp:Old Sage"] == "1" and features[1]["card_vp:Queen"] == "3"
    assert features[0]["card_vp:Secret Helper"] == "1"  # not the Ball's VP
    assert state.vp == (1 + 1 + 2, 3) and ball_decided(state)  # 2 to 3 without the Ball
    assert features[0]["ball_decides"] == features[1]["ball_decides"] == "yes"
