"""Tournaments rotate seats and rank bots; sweeps compare rule variants on the same seeds."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from ballroom.cli import app
from ballroom.core.errors import InvalidOptionError
from ballroom.lab.runner import Backend, run_tasks
from ballroom.lab.sweep import variants
from ballroom.lab.tournament import rotated, standings, tournament_tasks

runner = CliRunner()


def test_rotation_seats_every_bot_everywhere() -> None:
    bots = ["a", "b", "c"]
    seatings = [rotated(bots, i) for i in range(3)]
    for seat in range(3):
        assert sorted(s[seat] for s in seatings) == bots
    assert rotated(bots, 3) == rotated(bots, 0)


def test_expert_outrates_random_at_dancing_dice() -> None:
    tasks = tournament_tasks(
        "dancing-dice", ["random", "expert", "random"], 24, options={"endurance": 3}, seed=1
    )
    assert tasks[1].spec.seats == ("expert", "random", "random")
    table = standings(run_tasks(tasks, Backend("local", 1)).results)
    assert [s.bot for s in table] == ["expert", "random"]
    expert, rand = table
    assert expert.seats_played == 24 and rand.seats_played == 48
    assert expert.win_rate.low > rand.win_rate.high  # clearly separated, not just ordered
    assert expert.mu > rand.mu and expert.mean_place.value < rand.mean_place.value


def test_tournament_needs_two_seats() -> None:
    with pytest.raises(InvalidOptionError, match="at least two seats"):
        tournament_tasks("dancing-dice", ["expert"], 4)


def test_tournament_command_json_and_saved_results(tmp_path: Path) -> None:
    out = tmp_path / "t.parquet"
    args = [
        "tournament",
        "dancing-dice",
        "--seats",
        "expert,random",
        "--games",
        "8",
        "--workers",
        "1",
        "-o",
        "endurance=2",
        "--out",
        str(out),
        "--json",
    ]
    result = runner.invoke(app, args)
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert data["played"] == 8 and [s["bot"] for s in data["standings"]] == ["expert", "random"]
    low, high = data["standings"][0]["win_rate_ci"]
    assert low <= data["standings"][0]["win_rate"] <= high
    assert out.exists() and not (tmp_path / "t.parquet.progress.jsonl").exists()
    report = tmp_path / "r.html"
    result = runner.invoke(app, ["report", str(out), "--html", str(report)])
    assert result.exit_code == 0, result.output
    assert "Win rate by bot" in report.read_text()


def test_simulate_out_resumes_and_extends(tmp_path: Path) -> None:
    out = tmp_path / "s.duckdb"
    base = [
        "simulate",
        "dancing-dice",
        "--seats",
        "expert,random",
        "-o",
        "endurance=2",
        "--workers",
        "1",
        "--out",
        str(out),
        "--json",
    ]
    first = runner.invoke(app, [*base, "--games", "6"])
    assert first.exit_code == 0, first.output
    more = runner.invoke(app, [*base, "--games", "10"])
    assert more.exit_code == 0, more.output
    assert "resumed: 6 games were already played" in more.stderr
    fresh = runner.invoke(
        app,
        [
            "simulate",
            "dancing-dice",
            "--seats",
            "expert,random",
            "-o",
            "endurance=2",
            "--workers",
            "2",
            "--games",
            "10",
            "--engine",  # without --out the batch would play: another stream of dice
            "--json",
        ],
    )
    assert json.loads(more.stdout)["wins"] == json.loads(fresh.stdout)["wins"]
    assert json.loads(more.stdout)["path_reason"].startswith("--out")


def test_sweep_variants_and_command() -> None:
    names, combos = variants("the-dance", ["domination=natural-one,margin-three"])
    assert names == ["domination"] and [c["domination"] for c in combos] == [
        "natural-one",
        "margin-three",
    ]
    with pytest.raises(InvalidOptionError, match="name=value1,value2"):
        variants("the-dance", ["domination"])
    with pytest.raises(InvalidOptionError):
        variants("the-dance", ["domination=natural-one,sudden-death"])
    result = runner.invoke(
        app,
        [
            "sweep",
            "the-dance",
            "--option",
            "domination=natural-one,margin-three",
            "--games",
            "3",
            "--seats",
            "heuristic,heuristic,heuristic",
            "--workers",
            "1",
            "--json",
        ],
    )
    assert result.exit_code == 0, result.output
    rows = json.loads(result.stdout)
    assert [r["variant"] for r in rows] == ["domination=natural-one", "domination=margin-three"]
    assert all(r["games"] == 3 and sum(r["seat_win_rates"]) == pytest.approx(1.0) for r in rows)
