"""Saved results round-trip through Parquet and DuckDB; reports are built from a real run."""

from __future__ import annotations

import base64
import re
from pathlib import Path

import pytest

from ballroom.core.errors import InvalidOptionError
from ballroom.lab.report import analyse, render_html
from ballroom.lab.runner import Backend, Task, run_tasks
from ballroom.lab.simulate import GameResult, SimulationSpec
from ballroom.lab.stats import mean_interval, wilson
from ballroom.lab.store import read_results, write_results


@pytest.fixture(scope="module")
def dance_results() -> list[GameResult]:
    spec = SimulationSpec("the-dance", ("heuristic",) * 4, {}, seed=3)
    return run_tasks([Task(spec, i) for i in range(10)], Backend("local", 1)).results


@pytest.mark.parametrize("suffix", [".parquet", ".duckdb"])
def test_results_round_trip(tmp_path: Path, dance_results: list[GameResult], suffix: str) -> None:
    path = tmp_path / f"run{suffix}"
    meta = {"game": "the-dance", "seed": 3, "options": {}}
    write_results(path, dance_results, meta)
    loaded_meta, loaded = read_results(path)
    assert loaded == dance_results and loaded_meta == meta


def test_duckdb_file_answers_balance_questions(
    tmp_path: Path, dance_results: list[GameResult]
) -> None:
    import duckdb

    path = tmp_path / "run.duckdb"
    write_results(path, dance_results, {"game": "the-dance"})
    with duckdb.connect(str(path), read_only=True) as con:
        rows = con.sql(
            'SELECT feature_power, count(*), sum("return") FROM seats GROUP BY 1'
        ).fetchall()
        winners = con.sql("SELECT sum(len(winners)) FROM games").fetchall()[0][0]
    assert sum(row[1] for row in rows) == 4 * len(dance_results)
    assert sum(row[2] for row in rows) == pytest.approx(len(dance_results))
    assert winners >= len(dance_results)


def test_unknown_output_format_is_refused(tmp_path: Path) -> None:
    with pytest.raises(InvalidOptionError, match=r"\.parquet or \.duckdb file, not 'run\.csv'"):
        write_results(tmp_path / "run.csv", [], {})


def test_report_from_a_real_run_contains_its_plots(dance_results: list[GameResult]) -> None:
    analysis = analyse(dance_results)
    assert analysis.games == 10 and analysis.players == 4
    assert "plan" in analysis.by_feature and "power" in analysis.by_dealt
    page = render_html({"game": "the-dance", "seed": 3, "options": {}}, analysis)
    images = re.findall(r'<img alt="([^"]+)" src="data:image/png;base64,([^"]+)"', page)
    captions = [caption for caption, _ in images]
    assert captions[0] == "Win rate by seat (first-player advantage)"
    assert {"Win rate by power dealt", "Win rate by plan", "Game length distribution"} <= set(
        captions
    )
    for _, data in images:
        assert base64.b64decode(data).startswith(b"\x89PNG")
    assert "Summary" in page and "turns on average" in page


def test_powers_dealt_and_kept_are_reported_apart(dance_results: list[GameResult]) -> None:
    analysis = analyse(dance_results)
    assert "power" not in analysis.by_feature and "power_dealt" not in analysis.by_feature
    powers = analysis.by_dealt["power"]
    seats = 4 * len(dance_results)
    assert sum(g.dealt for g in powers) == 2 * seats, "two Powers drawn per seat"
    assert sum(g.kept for g in powers) == seats, "one of them kept"
    for g in powers:
        assert 0 <= g.kept <= g.dealt == g.rate.n
    never = [g.label for g in powers if g.kept == 0]
    assert never, "the heuristic returns some Power every time in this run"
    for line in analysis.findings:
        assert not any(f"power {label} looks weak" in line.lower() for label in never)
    assert any(f"never kept power {never[0]}" in line for line in analysis.findings)
    page = render_html({"game": "the-dance"}, analysis)
    table = page[page.index("By power dealt") :]
    assert (
        "<th>dealt</th><th>kept</th><th>kept when dealt</th><th>win rate given dealt</th>" in table
    )
    for g in powers:
        row = f"<tr><td>{g.label}</td><td>{g.dealt}</td><td>{g.kept}</td>"
        assert row in table


def test_findings_name_a_seat_that_wins_too_often() -> None:
    unfair = [
        GameResult(i, i, True, (1.0, 0.0), 5, 50, ({}, {}), ("bot", "bot"), (0, 1))
        for i in range(40)
    ]
    findings = analyse(unfair).findings
    assert any(
        line.startswith("Seat 1 wins 100.0%") and "more than the fair 50%" in line
        for line in findings
    )
    assert any(line.startswith("Seat 2 wins 0.0%") for line in findings)


def test_intervals() -> None:
    rate = wilson(50, 100)
    assert rate.value == 0.5 and 0.40 < rate.low < 0.41 and 0.59 < rate.high < 0.60
    assert wilson(0, 10).low == 0.0 and wilson(10, 10).high == pytest.approx(1.0)
    assert wilson(10, 10).low == pytest.approx(0.7225, abs=1e-4)
    assert not rate.excludes(0.5) and rate.excludes(0.3)
    lengths = mean_interval([4.0, 6.0, 5.0, 5.0])
    assert lengths.value == 5.0 and lengths.low < 5.0 < lengths.high
