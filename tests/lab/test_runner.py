"""Runs give the same games whatever the workers or backend, and resume without gaps or repeats."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from ballroom.core.errors import InvalidOptionError
from ballroom.core.record import GameRecord, replay
from ballroom.lab.runner import Backend, Checkpoint, Task, Workers, run_tasks
from ballroom.lab.simulate import GameResult, SimulationSpec, play_one, summarize

GAMES = 12


def tasks(spec: SimulationSpec, games: int = GAMES) -> list[Task]:
    return [Task(spec, index) for index in range(games)]


def test_results_do_not_depend_on_worker_count(quick_spec: SimulationSpec) -> None:
    one = run_tasks(tasks(quick_spec), Backend("local", 1)).results
    two = run_tasks(tasks(quick_spec), Backend("local", 2)).results
    assert one == two
    assert [r.index for r in one] == list(range(GAMES))
    assert len({r.seed for r in one}) == GAMES


def test_workers_start_once_for_every_lot_of_tasks_in_a_run(quick_spec: SimulationSpec) -> None:
    with Workers(Backend("local", 2)) as workers:
        first = run_tasks(tasks(quick_spec, 4), workers).results
        pool = workers.pool()
        second = run_tasks(tasks(quick_spec, 4), workers).results
        assert workers.pool() is pool  # as a sweep plays its variants
    assert first == second == run_tasks(tasks(quick_spec, 4), Backend("local", 1)).results


def test_ray_and_local_runs_agree(ray_cluster: None, quick_spec: SimulationSpec) -> None:
    local = run_tasks(tasks(quick_spec, 6), Backend("local", 1)).results
    remote = run_tasks(tasks(quick_spec, 6), Backend("ray", 2)).results
    assert remote == local


def test_every_result_carries_a_record_that_replays(quick_spec: SimulationSpec) -> None:
    result = play_one(quick_spec, 3)
    state = replay(GameRecord.loads(result.record))
    assert state.is_terminal() and tuple(state.returns()) == result.returns
    assert result.seats == quick_spec.seats and sorted(result.ranks)[0] == 0


def test_games_past_the_turn_cap_are_unfinished_with_no_winner() -> None:
    """RULINGS 16: The Dance has no turn limit; its cap cuts a game off, never with a winner."""
    spec = SimulationSpec("the-dance", ("random", "random"), seed=2, max_turns=3)
    result = play_one(spec, 0)
    assert (result.finished, result.turns, result.returns) == (False, 4, (0.0, 0.0))
    summary = summarize(spec, [result], 1.0)
    assert (summary["unfinished"], summary["wins"]) == (1, [0.0, 0.0])
    # Without max_turns, a run takes the game's own cap; a game that always ends has none.
    for game, cap in (("the-dance", 200), ("dancing-dice", None)):
        default = SimulationSpec(game, ("random", "random"))
        assert default.turn_cap(default.make_game()) == cap


class StopAfter:
    """Progress callback that presses Ctrl-C after ``limit`` finished games."""

    def __init__(self, limit: int) -> None:
        self.limit = limit
        self.seen = 0

    def __call__(self, count: int) -> None:
        self.seen += count
        if self.seen >= self.limit:
            raise KeyboardInterrupt


@pytest.mark.parametrize("workers", [1, 2])
def test_interrupted_run_resumes_without_losing_or_repeating_games(
    tmp_path: Path, quick_spec: SimulationSpec, workers: int
) -> None:
    checkpoint = Checkpoint(tmp_path / "run.progress.jsonl", {"run": "quick"})
    stopped = run_tasks(
        tasks(quick_spec),
        Backend("local", workers),
        checkpoint=checkpoint,
        on_progress=StopAfter(5),
    )
    assert stopped.interrupted and 5 <= len(stopped.results) < GAMES
    kept = {r.index for r in stopped.results}
    played: list[int] = []
    resumed = run_tasks(
        tasks(quick_spec),
        Backend("local", workers),
        checkpoint=checkpoint,
        on_progress=played.append,
    )
    assert not resumed.interrupted and resumed.resumed == len(kept)
    assert sum(played) == GAMES  # the resumed games are reported once, then each new one
    assert resumed.results == run_tasks(tasks(quick_spec), Backend("local", 1)).results
    lines = (tmp_path / "run.progress.jsonl").read_text().splitlines()
    assert len(lines) == 1 + GAMES  # header + each game exactly once


def test_a_torn_last_line_is_played_again(tmp_path: Path, quick_spec: SimulationSpec) -> None:
    path = tmp_path / "run.progress.jsonl"
    checkpoint = Checkpoint(path, {"run": "quick"})
    run_tasks(tasks(quick_spec, 4), Backend("local", 1), checkpoint=checkpoint)
    text = path.read_text()
    path.write_text(text[: len(text) - 40])  # killed in the middle of writing game 3
    outcome = run_tasks(tasks(quick_spec, 4), Backend("local", 1), checkpoint=checkpoint)
    assert outcome.resumed == 3 and [r.index for r in outcome.results] == [0, 1, 2, 3]
    assert all(isinstance(r, GameResult) for r in outcome.results)
    assert len(path.read_text().splitlines()) == 5


def test_a_checkpoint_of_another_run_is_refused(tmp_path: Path, quick_spec: SimulationSpec) -> None:
    path = tmp_path / "run.progress.jsonl"
    run_tasks(tasks(quick_spec, 2), Backend("local", 1), checkpoint=Checkpoint(path, {"seed": 1}))
    with pytest.raises(InvalidOptionError, match="holds a different run"):
        run_tasks(
            tasks(quick_spec, 2), Backend("local", 1), checkpoint=Checkpoint(path, {"seed": 2})
        )
    assert json.loads(path.read_text().splitlines()[0])["seed"] == 1


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"name": "slurm"}, "unknown backend 'slurm'; allowed: local, ray"),
        ({"workers": 0}, "workers must be at least 1"),
        ({"address": "auto"}, "--address only applies to --backend ray"),
    ],
)
def test_bad_backends_are_named(kwargs: dict[str, object], message: str) -> None:
    with pytest.raises(InvalidOptionError, match=message):
        Backend(**kwargs)  # type: ignore[arg-type]
