"""ballroom tune end to end, on tiny budgets: candidates played on their own data,
refused ones recorded with the rule, held-out seeds apart, a stopped run resumed."""

from __future__ import annotations

import json
from pathlib import Path

import optuna
import pytest
from optuna.distributions import BaseDistribution, IntDistribution
from optuna.trial import TrialState, create_trial
from typer.testing import CliRunner

from ballroom.cli import app
from ballroom.core.errors import InvalidOptionError
from ballroom.lab.runner import Backend, Checkpoint, Task
from ballroom.lab.tune import (
    HOLDOUT_START,
    REJECTED,
    TOTAL,
    Evaluation,
    Settings,
    Tuner,
    sensitivity,
    warnings,
)
from ballroom.lab.tune_play import candidate_key, data_files, play_candidate, write_candidate
from ballroom.lab.tune_space import Space, Tunable, parse_space
from ballroom.lab.tune_target import parse_target

GAME = "vampires-harvest"
HOMAGE_COST = 'early["Homage at Elysium"].cost'
DEBT_REWARD = 'early["Debt of Honour"].reward[0].amount'
SPACE = f"""
usage = "opportunity_dealt"
[[number]]
file = "opportunities.toml"
path = '{HOMAGE_COST}'
low = 0
high = 9
[[number]]
file = "opportunities.toml"
path = '{DEBT_REWARD}'
low = 1
high = 3
"""
runner = CliRunner()


def space() -> Space:
    return parse_space(SPACE, GAME, data_files(GAME), "space.toml")


def settings(trials: int = 2, seed: int = 0) -> Settings:
    return Settings(
        space=space(),
        targets=(parse_target("first-player within 5"),),
        seats=("heuristic", "heuristic"),
        seed=seed,
        trials=trials,
        games=3,
        holdout=3,
    )


def test_the_players_read_the_candidates_data_not_the_shipped_one(tmp_path: Path) -> None:
    """A renamed card shows in the seat features of games played on the candidate."""
    shipped = data_files(GAME)["opportunities.toml"].read_text(encoding="utf-8")
    renamed = shipped.replace('"Tithe to the Prince"', '"Tithe to the Regent"')
    write_candidate(GAME, tmp_path, {"opportunities.toml": renamed})
    spec = settings().spec()
    checkpoint = Checkpoint(tmp_path / "games.jsonl", {"test": 1})
    results = play_candidate(tmp_path, [Task(spec, i) for i in range(4)], Backend(), checkpoint)
    taken = {
        card
        for result in results.results
        for features in result.features
        for card in features["opportunity_dealt"].split("+")
    }
    assert "tithe-to-the-regent" in taken and "tithe-to-the-prince" not in taken


def test_a_candidate_the_game_refuses_is_recorded_with_its_rule_and_never_played(
    tmp_path: Path,
) -> None:
    tuner = Tuner(settings(trials=2), tmp_path, Backend())
    study = tuner.study()
    homage, debt = tuner.space.numbers
    study.enqueue_trial({homage.name: 0, debt.name: 2})  # after the data as it is
    assert tuner.search(study) is False
    trials = study.get_trials()
    assert [t.state for t in trials] == [TrialState.COMPLETE, TrialState.FAIL]
    refusal = trials[1].user_attrs[REJECTED]
    assert "Homage at Elysium" in refusal and "cost" in refusal and "found 0" in refusal
    key = candidate_key({homage.name: 0.0, debt.name: 2.0})
    assert not list((tmp_path / "games").glob(f"{key}-*"))
    assert len(tuner.finished(study)) == 2  # a refusal spends the budget: no endless loop


def test_held_out_games_are_seeded_apart_from_every_search_game(tmp_path: Path) -> None:
    outcome = Tuner(settings(trials=2), tmp_path, Backend()).run()
    search_seeds = set()
    for path in (tmp_path / "games").glob("*-search.jsonl"):
        lines = path.read_text(encoding="utf-8").splitlines()[1:]
        search_seeds |= {json.loads(line)["seed"] for line in lines}
    held = {r.seed for r in outcome.before.results} | {r.seed for r in outcome.after.results}
    assert len(search_seeds) == 3 and len(held) == 3  # same seeds for every candidate
    assert not search_seeds & held
    assert {r.index for r in outcome.before.results} == set(range(HOLDOUT_START, HOLDOUT_START + 3))
    assert outcome.diff == "" or outcome.changed  # a diff only when a number changed


def test_a_stopped_search_resumes_keeping_what_it_played(tmp_path: Path) -> None:
    first = Tuner(settings(trials=2), tmp_path, Backend())
    study = first.study()
    first.search(study)
    played = sorted(p.name for p in (tmp_path / "games").glob("*.jsonl"))
    stamps = {p.name: p.stat().st_mtime_ns for p in (tmp_path / "games").glob("*.jsonl")}
    # A run killed while playing a candidate leaves it running in the study.
    homage, debt = first.space.numbers
    killed = study.ask(first._distributions())
    killed_params = dict(killed.params)
    again = Tuner(settings(trials=3), tmp_path, Backend())
    resumed = again.study()
    assert resumed.get_trials()[killed.number].state is TrialState.FAIL
    again.search(resumed)
    trials = resumed.get_trials(states=(TrialState.COMPLETE,))
    assert len(trials) == 3 and trials[2].params == killed_params  # played again first
    for name in played:  # candidates played before were not played again
        assert (tmp_path / "games" / name).stat().st_mtime_ns == stamps[name]
    assert {homage.name, debt.name} == set(trials[2].params)


def test_a_different_run_in_the_same_folder_is_refused(tmp_path: Path) -> None:
    Tuner(settings(trials=1), tmp_path, Backend()).study()
    with pytest.raises(InvalidOptionError, match="holds a different tuning run"):
        Tuner(settings(trials=1, seed=5), tmp_path, Backend()).study()


def test_sensitivity_finds_the_number_that_moves_the_target() -> None:
    """The target moves 3 per unit of ``a`` (plus a little noise) and not with ``b``."""
    numbers = tuple(Tunable("f", (name,), 0, 9, 0, True, None) for name in ("a", "b"))
    target = parse_target("turns in 1..2")
    distributions: dict[str, BaseDistribution] = {n.name: IntDistribution(0, 9) for n in numbers}
    trials = [
        create_trial(
            params={"f:a": a, "f:b": b},
            distributions=distributions,
            value=3.0 * a,
            user_attrs={
                f"headline:{target.text}": 3.0 * a + (0.5 if (a + 2 * b) % 3 else -0.5),
                f"headline:{TOTAL}": 3.0 * a,
            },
        )
        for a in range(5)
        for b in range(3)
    ]
    slopes, note = sensitivity(Space("g", numbers, {}), [target], trials[:4])
    assert not slopes and "needs at least 5" in note
    slopes, _ = sensitivity(Space("g", numbers, {}), [target], trials)
    by = {(s.number, s.target): s for s in slopes}
    a, b = by[("f:a", target.text)], by[("f:b", target.text)]
    assert a.low < 3.0 < a.high and a.clear
    assert b.low < 0.0 < b.high and not b.clear
    assert by[("f:a", TOTAL)].per_unit == pytest.approx(3.0)


def test_the_command_tunes_and_reports(tmp_path: Path) -> None:
    space_file = tmp_path / "space.toml"
    space_file.write_text(SPACE.replace("low = 0", "low = 4"), encoding="utf-8")
    out = tmp_path / "out"
    args = ["tune", GAME, "--space", str(space_file), "--players", "2", "--workers", "1"]
    small = ["--trials", "2", "--games", "3", "--holdout", "3", "--out", str(out)]
    result = runner.invoke(app, [*args, "-t", "first-player within 5", *small, "--json"])
    assert result.exit_code == 0, result.output
    summary = json.loads(result.stdout.splitlines()[-1])
    assert summary["trials"] == 2 and summary["holdout_indices"] == [
        HOLDOUT_START,
        HOLDOUT_START + 3,
    ]
    assert (out / "report.html").read_text(encoding="utf-8").startswith("<!doctype html>")
    assert (out / "tuned" / GAME / "opportunities.toml").is_file()
    page = (out / "report.html").read_text(encoding="utf-8")
    assert "Tuning report: Vampire&#x27;s Harvest" in page and "vampires-harvest" not in page
    bad = runner.invoke(app, [*args, "-t", "first player within 5", *small])
    assert bad.exit_code == 2 and "cannot read target 'first player within 5'" in bad.output
    none = runner.invoke(app, [*args, *small])
    assert none.exit_code == 2 and "--target" in none.output


def test_optuna_is_the_search(tmp_path: Path) -> None:
    """The study is Optuna's, in SQLite under --out, so a designer can open it."""
    Tuner(settings(trials=1), tmp_path, Backend()).study()
    study = optuna.load_study(study_name="tune", storage=f"sqlite:///{tmp_path / 'tune.db'}")
    assert study.get_trials()[0].state is TrialState.WAITING  # the data as it is, queued


def test_on_ray_the_players_read_the_candidates_data_too(ray_cluster: None, tmp_path: Path) -> None:
    shipped = data_files(GAME)["opportunities.toml"].read_text(encoding="utf-8")
    renamed = shipped.replace('"Tithe to the Prince"', '"Tithe to the Regent"')
    write_candidate(GAME, tmp_path, {"opportunities.toml": renamed})
    spec = settings().spec()
    tasks = [Task(spec, i) for i in range(4)]
    checkpoint = Checkpoint(tmp_path / "games.jsonl", {"test": 1})
    remote = play_candidate(tmp_path, tasks, Backend("ray", 2), checkpoint).results
    local = play_candidate(
        tmp_path, tasks, Backend(), Checkpoint(tmp_path / "local.jsonl", {"test": 1})
    ).results
    assert remote == local
    assert any("tithe-to-the-regent" in f["opportunity_dealt"] for r in remote for f in r.features)


def test_the_warnings_name_cards_whose_balance_the_bots_decide() -> None:
    """A card the bots rarely play, or play far more or less once tuned, is named."""
    run = settings()
    homage_item, debt_item = "homage-at-elysium", "debt-of-honour"
    before = Evaluation({}, [], [], {homage_item: 0.02, debt_item: 0.12})
    after = Evaluation({}, [], [], {homage_item: 0.03, debt_item: 0.30})
    lines = warnings(run.space, run, before, after)
    assert lines[0].startswith("Every game was played by heuristic")
    assert any("Homage at Elysium in 2% of seats before and 3% after" in line for line in lines), (
        lines
    )
    assert any("Debt of Honour far more after tuning (12% -> 30%" in line for line in lines)
    assert not any(homage_item in line or debt_item in line for line in lines)
    steady = Evaluation({}, [], [], {homage_item: 0.2, debt_item: 0.12})
    assert len(warnings(run.space, run, steady, steady)) == 1
