"""Python agents (objects with ``act(decision)``) beside bot specs in the lab and tournaments."""

from __future__ import annotations

import threading
from typing import Any

import pytest

from ballroom.core.agent import Decision
from ballroom.core.errors import InvalidOptionError
from ballroom.core.game import Game
from ballroom.core.rng import Rng
from ballroom.lab.batched import refusal
from ballroom.lab.runner import Backend, Task, run_tasks, simulate
from ballroom.lab.simulate import SimulationSpec, play_one
from ballroom.lab.tournament import standings, tournament, tournament_tasks

SMALL = {"endurance": 2}


class Lowest:
    """Plays its lowest legal action; counts the games it is told of (picklable)."""

    def __init__(self, name: str = "lowest") -> None:
        self.name = name
        self.games: list[tuple[int, int]] = []

    def new_game(self, game: Game, seat: int, seed: int) -> None:
        self.games.append((seat, seed))

    def act(self, decision: Decision) -> int:
        return min(decision.legal_actions)


class Drawing:
    """Draws among the legal actions from a stream seeded by each game (picklable)."""

    name = "drawing"

    def __init__(self) -> None:
        self.rng = Rng(0)

    def new_game(self, game: Game, seat: int, seed: int) -> None:
        self.rng = Rng(seed + seat)

    def act(self, decision: Decision) -> int:
        return self.rng.choice(list(decision.legal_actions))


class Locked(Lowest):
    """Holds a lock, which pickle refuses."""

    def __init__(self) -> None:
        super().__init__("locked")
        self.lock = threading.Lock()


def test_a_python_agent_plays_a_simulation_and_is_named_in_its_results() -> None:
    agent = Lowest()
    spec = SimulationSpec("dancing-dice", (agent, "random"), dict(SMALL), seed=3)
    result = play_one(spec, 0)
    assert result.finished and result.seats == ("lowest", "random")
    assert '"lowest"' in result.record
    assert agent.games == [(0, result.seed)]
    summary = simulate(spec, 4)
    assert summary["seats"] == ["lowest", "random"] and summary["path"] == "engine"
    assert summary["finished"] == 4


def test_the_batch_refuses_a_python_agent_by_seat() -> None:
    spec = SimulationSpec("dancing-dice", ("random", Lowest()), dict(SMALL))
    assert refusal(spec) == "seat 2 is a Python agent; the batch plays only random and expert"


def test_a_seeded_python_agent_gives_the_same_results_on_two_workers() -> None:
    spec = SimulationSpec("dancing-dice", (Drawing(), "random"), dict(SMALL), seed=5)
    tasks = [Task(spec, index) for index in range(6)]
    one = run_tasks(tasks, Backend("local", 1)).results
    two = run_tasks(tasks, Backend("local", 2)).results
    assert [r.returns for r in one] == [r.returns for r in two]
    assert [r.record for r in one] == [r.record for r in two]


def test_an_agent_that_does_not_pickle_is_refused_for_workers_by_seat() -> None:
    spec = SimulationSpec("dancing-dice", ("random", Locked()), dict(SMALL))
    tasks = [Task(spec, index) for index in range(2)]
    with pytest.raises(InvalidOptionError, match=r"seat 1's agent 'locked' cannot be sent"):
        run_tasks(tasks, Backend("local", 2))
    assert len(run_tasks(tasks, Backend("local", 1)).results) == 2


def test_a_tournament_rotates_python_agents_with_bots() -> None:
    table = tournament("dancing-dice", [Lowest(), "expert", Drawing()], 6, options=dict(SMALL))
    assert {row.bot for row in table} == {"lowest", "expert", "drawing"}
    assert all(row.seats_played == 6 for row in table)
    tasks = tournament_tasks("dancing-dice", [Lowest(), "random"], 2, options=dict(SMALL))
    assert [task.spec.labels for task in tasks] == [("lowest", "random"), ("random", "lowest")]


def test_two_agents_with_one_name_are_refused() -> None:
    with pytest.raises(InvalidOptionError, match="two different agents are both named 'lowest'"):
        tournament_tasks("dancing-dice", [Lowest(), Lowest()], 2, options=dict(SMALL))
    one = Lowest()
    tasks = tournament_tasks("dancing-dice", [one, one], 2, options=dict(SMALL))
    assert standings(run_tasks(tasks, Backend("local", 1)).results)[0].seats_played == 4


def test_a_seat_that_is_no_agent_is_refused_naming_the_bots() -> None:
    spec: Any = SimulationSpec("dancing-dice", ("random", object()), dict(SMALL))
    with pytest.raises(InvalidOptionError, match=r"an agent with an act\(decision\) method"):
        spec.validate()
