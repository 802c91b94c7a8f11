"""Dominare in the lab: simulate with the features its balance questions need (faction mix,
district strategy, player order, exposure's cost, each agent's worth), then report and sweep
over its options (small game counts)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from ballroom.agents import make_agent
from ballroom.cli import app
from ballroom.core.play import play_out
from ballroom.games.dominare import Dominare
from ballroom.games.dominare.chronicle import exposure_tier, faction_mix
from ballroom.games.dominare.components import Faction
from ballroom.games.dominare.scoring import exposure_penalties
from ballroom.games.dominare.state import SEASONS
from ballroom.games.dominare.turn import CATALOG

runner = CliRunner()
FEATURES = {
    "faction_mix",
    "district_focus",
    "districts_controlled",
    "first_place",
    "scapegoat_seasons",
    "exposure_tier",
    "exposure_lost",
    "agent_dealt",
    "agent",
}


def test_each_seats_features_tell_what_it_did() -> None:
    game = Dominare(3)
    agents = [make_agent(game, seat, "random", seat) for seat in range(3)]
    state = play_out(game.new_state(4), agents)
    features = state.seat_features()
    assert all(set(f) == FEATURES for f in features)
    # One scapegoat a Season, each seat placed once a Season.
    assert sum(int(f["scapegoat_seasons"]) for f in features) == SEASONS
    assert sorted(f["first_place"] for f in features) == ["1/3", "2/3", "3/3"]
    lost = exposure_penalties(state.exposure)
    for seat, f in enumerate(features):
        deeds = state.deeds[seat]
        assert len(deeds.places) == SEASONS
        assert set(state.ranks[seat]) <= set(deeds.recruited)
        assert f["exposure_lost"] == str(lost[seat])
        assert f["faction_mix"] == faction_mix(state.ranks[seat])
        played = set(f["agent"].split("+"))
        assert {CATALOG.agent(card).slug for card in state.ranks[seat]} <= played
        assert played <= set(f["agent_dealt"].split("+"))


def test_the_deeds_stay_out_of_every_observation() -> None:
    game = Dominare(2)
    agents = [make_agent(game, seat, "random", seat) for seat in range(2)]
    state = play_out(game.new_state(2), agents)
    assert state.deeds[0].recruited
    for seat in (0, 1, None):
        assert "deeds" not in repr(state.observation(seat))


def test_the_features_read_plainly() -> None:
    def card_of(faction: Faction) -> int:
        return next(c for c in range(len(CATALOG.cards)) if CATALOG.agent(c).faction is faction)

    senate, canals, church = (card_of(f) for f in (Faction.SENATE, Faction.CANALS, Faction.CHURCH))
    assert faction_mix((senate, canals, senate, church, canals)) == "canals+senate"
    assert faction_mix((senate, church)) == "church+senate"
    assert faction_mix(()) == "none"
    assert exposure_tier((3, 9, 5), 0) == "lowest"
    assert exposure_tier((3, 9, 5), 1) == "highest"
    assert exposure_tier((3, 9, 5), 2) == "middle"
    assert exposure_tier((4, 4), 1) == "lowest"


def test_simulate_prints_each_figure_then_report(tmp_path: Path) -> None:
    out = tmp_path / "dom.parquet"
    result = runner.invoke(
        app,
        [
            "simulate",
            "dominare",
            "--players",
            "2",
            "--seats",
            "random,random",
            "--games",
            "3",
            "--workers",
            "1",
            "--out",
            str(out),
            "--json",
        ],
    )
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert data["finished"] == 3 and data["mean_rounds"] == SEASONS
    # The agent pair is grouped by each agent held, with how often it was revealed.
    assert set(data["by_feature"]) | set(data["table_features"]) == FEATURES - {"agent"}
    held = data["by_feature"]["agent_dealt"]
    assert all("+" not in agent and 0 <= e["kept"] <= e["seats"] for agent, e in held.items())
    tiers = data["by_feature"]["exposure_tier"]
    assert set(tiers) <= {"lowest", "middle", "highest"}
    assert sum(entry["seats"] for entry in tiers.values()) == 6
    page = tmp_path / "r.html"
    result = runner.invoke(app, ["report", str(out), "--html", str(page)])
    assert result.exit_code == 0, result.output
    text = page.read_text()
    for caption in ("faction_mix", "district_focus", "first_place", "exposure_lost", "agent dealt"):
        assert f"Win rate by {caption}" in text


def test_sweep_over_the_agent_deals() -> None:
    result = runner.invoke(
        app,
        [
            "sweep",
            "dominare",
            "--option",
            "agents=standard,sole-authority",
            "--games",
            "2",
            "--players",
            "2",
            "--seats",
            "random,random",
            "--workers",
            "1",
            "--json",
        ],
    )
    assert result.exit_code == 0, result.output
    rows = json.loads(result.stdout)
    assert [r["variant"] for r in rows] == ["agents=standard", "agents=sole-authority"]
    assert all(r["games"] == 2 and sum(r["seat_win_rates"]) == pytest.approx(1.0) for r in rows)
