"""Vampire's Harvest in the lab: simulate with the features its balance questions need,
then report, tournament and sweep over its options (small game counts)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from ballroom.agents import make_agent
from ballroom.cli import app
from ballroom.core.play import play_out
from ballroom.games.vampires_harvest import VampiresHarvest
from ballroom.games.vampires_harvest.chronicle import action_mix, skill_build
from ballroom.games.vampires_harvest.turn import ActionCard

runner = CliRunner()
FEATURES = {
    "first_action",
    "action_mix",
    "skill_build",
    "first_initiative",
    "auctions_won",
    "opportunity_dealt",
    "opportunity",
}


def test_each_seats_features_tell_what_it_did() -> None:
    game = VampiresHarvest(3)
    agents = [make_agent(game, seat, "heuristic", seat) for seat in range(3)]
    state = play_out(game.new_state(1), agents)
    features = state.seat_features()
    assert all(set(f) == FEATURES for f in features)
    assert [f["first_initiative"] for f in features].count("yes") == 1
    for seat, f in enumerate(features):
        assert len(state.deeds[seat].actions) == 12
        assert f["skill_build"] == skill_build(state.skills[seat])
        met = set(f["opportunity"].split("+")) - {"none"}
        assert met <= set(f["opportunity_dealt"].split("+"))


def test_the_features_read_plainly() -> None:
    assert skill_build((0, 0, 0, 0)) == "none"
    assert skill_build((2, 3, 1, 3)) == "speed+glamour"
    cards = (ActionCard.AREA_1, ActionCard.HARVEST, ActionCard.AREA_2, ActionCard.TRAIN)
    assert action_mix(cards) == "area+harvest"
    assert action_mix(()) == "none"


def test_simulate_then_report(tmp_path: Path) -> None:
    out = tmp_path / "vh.parquet"
    result = runner.invoke(
        app,
        [
            "simulate",
            "vampires-harvest",
            "--players",
            "2",
            "--seats",
            "heuristic,random",
            "--games",
            "4",
            "--workers",
            "1",
            "--out",
            str(out),
            "--json",
        ],
    )
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert data["finished"] == 4 and data["mean_rounds"] == 12
    # The Opportunity pair is grouped by each card dealt, with how often it was met.
    assert set(data["by_feature"]) | set(data["table_features"]) == FEATURES - {"opportunity"}
    dealt = data["by_feature"]["opportunity_dealt"]
    assert all("+" not in card and 0 <= e["kept"] <= e["seats"] for card, e in dealt.items())
    page = tmp_path / "r.html"
    result = runner.invoke(app, ["report", str(out), "--html", str(page)])
    assert result.exit_code == 0, result.output
    text = page.read_text()
    for caption in ("skill_build", "first_initiative", "action_mix", "opportunity dealt"):
        assert f"Win rate by {caption}" in text


def test_tournament() -> None:
    result = runner.invoke(
        app,
        [
            "tournament",
            "vampires-harvest",
            "--seats",
            "heuristic,random",
            "--games",
            "4",
            "--workers",
            "1",
            "--json",
        ],
    )
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert data["played"] == 4
    assert [s["bot"] for s in data["standings"]] == ["heuristic", "random"]


def test_sweep_over_the_two_player_rules() -> None:
    result = runner.invoke(
        app,
        [
            "sweep",
            "vampires-harvest",
            "--option",
            "two-player=closing-die,one-area",
            "--games",
            "2",
            "--seats",
            "heuristic,heuristic",
            "--workers",
            "1",
            "--json",
        ],
    )
    assert result.exit_code == 0, result.output
    rows = json.loads(result.stdout)
    assert [r["variant"] for r in rows] == ["two-player=closing-die", "two-player=one-area"]
    assert all(r["games"] == 2 and sum(r["seat_win_rates"]) == pytest.approx(1.0) for r in rows)
