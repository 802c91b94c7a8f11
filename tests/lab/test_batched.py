"""The lab's batch path: taken by itself where it can play, from the engine's distribution."""

from __future__ import annotations

import math

import numpy as np
import pytest

from ballroom.games.dancing_dice import batch
from ballroom.games.dancing_dice.game import DancingDice
from ballroom.lab import batched
from ballroom.lab.runner import Backend, Workers, simulate
from ballroom.lab.simulate import SimulationSpec


@pytest.mark.parametrize(
    ("spec", "reason"),
    [
        (SimulationSpec("the-dance", ("random",) * 3), "the-dance has no batched simulation"),
        (
            SimulationSpec("dancing-dice", ("expert", "mcts:iterations=5")),
            "seat 2 is 'mcts:iterations=5'; the batch plays only random and expert",
        ),
        (
            SimulationSpec("dancing-dice", ("random", "expert:depth=2")),
            "seat 2 is 'expert:depth=2'",
        ),
    ],
)
def test_the_refusal_says_what_the_batch_cannot_play(spec: SimulationSpec, reason: str) -> None:
    assert (batched.refusal(spec) or "").startswith(reason)


def test_every_dancing_dice_option_is_played_by_the_batch_or_sent_to_the_engine(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    spec = SimulationSpec("dancing-dice", ("random", "expert"), {"endurance": 3})
    assert set(DancingDice.option_set.names()) <= batch.OPTIONS | set(batch.OFF)
    assert batched.refusal(spec) is None
    monkeypatch.setattr(batch, "OPTIONS", frozenset())  # as for an option the batch lacks
    assert batched.refusal(spec) == "the batch does not play the option endurance=3"
    summary = simulate(spec, 3)
    assert summary["path"] == "engine" and summary["path_reason"] == batched.refusal(spec)


def test_a_research_option_is_played_by_the_batch_only_when_off() -> None:
    off = SimulationSpec("dancing-dice", ("random", "expert"), {"research-faces": 6})
    assert batched.refusal(off) is None
    on = SimulationSpec("dancing-dice", ("random", "random"), {"research-faces": 3})
    assert batched.refusal(on) == "the batch does not play the option research-faces=3"
    summary = simulate(on, 3)
    assert summary["path"] == "engine" and summary["path_reason"] == batched.refusal(on)


CASES = [
    (("random",) * 4, {"endurance": 2}, None),
    (("expert", "random", "random"), {"endurance": 3}, None),
    (("random", "random", "random"), {"endurance": 3}, 3),
]


@pytest.mark.parametrize(("seats", "options", "max_turns"), CASES)
def test_batched_and_engine_summaries_agree_in_distribution(
    seats: tuple[str, ...], options: dict[str, int], max_turns: int | None
) -> None:
    spec = SimulationSpec("dancing-dice", seats, dict(options), seed=4, max_turns=max_turns)
    engine = simulate(spec, 400, engine=True)
    fast = simulate(spec, 40_000)
    assert (engine["path"], fast["path"], fast["path_reason"]) == ("engine", "batched", None)
    assert engine["path_reason"] == "the engine was asked for"
    assert engine.keys() == fast.keys()
    assert engine["by_feature"] == fast["by_feature"] == {}  # Dancing Dice has no seat features
    # Each statistic's spread over games, from a batch: the engine's is the same if they agree.
    sample = batch.simulate(seats, 40_000, seed=9, options=options, max_rounds=max_turns)
    done = sample.finished
    for key, spread, per in [
        ("unfinished", float(np.std(~done)), "games"),
        ("mean_rounds", float(np.std(sample.rounds[done])), "finished"),
        ("mean_actions", float(np.std(sample.actions[done])), "finished"),
    ]:
        error = spread * math.sqrt(1 / engine[per] + 1 / fast[per])
        scale = (engine["games"], fast["games"]) if key == "unfinished" else (1, 1)
        assert abs(engine[key] / scale[0] - fast[key] / scale[1]) <= 4 * error, key
    for seat in range(len(seats)):
        p = fast["win_rate"][seat]
        error = math.sqrt(p * (1 - p) * (1 / engine["finished"] + 1 / fast["finished"]))
        assert abs(engine["win_rate"][seat] - p) <= 4 * error, seat


def test_batched_runs_do_not_depend_on_the_workers(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(batched, "CHUNK_GAMES", 500)
    spec = SimulationSpec("dancing-dice", ("random", "random", "random"), {"endurance": 2}, 3)
    one, two = simulate(spec, 1_400, workers=1), simulate(spec, 1_400, workers=2)
    for summary in (one, two):
        del summary["seconds"], summary["games_per_second"], summary["workers"]
    assert one == two and one["games"] == 1_400 and one["path"] == "batched"


def test_batched_ray_and_local_runs_agree(
    ray_cluster: None, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(batched, "CHUNK_GAMES", 300)
    spec = SimulationSpec("dancing-dice", ("random", "random"), {"endurance": 2}, 5)
    with Workers(Backend("local", 1)) as local, Workers(Backend("ray", 2)) as remote:
        assert batched.run_batched(spec, 700, remote) == batched.run_batched(spec, 700, local)


def test_ctrl_c_keeps_the_chunks_played(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(batched, "CHUNK_GAMES", 200)
    spec = SimulationSpec("dancing-dice", ("random", "random"), {"endurance": 2}, 5)

    def press_ctrl_c(count: int) -> None:
        raise KeyboardInterrupt

    with Workers(Backend("local", 1)) as workers:
        stopped = batched.run_batched(spec, 1_000, workers, press_ctrl_c)
        whole = batched.run_batched(spec, 200, workers)
    assert stopped.interrupted and stopped.tally == whole.tally
