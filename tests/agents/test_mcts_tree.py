"""``search=halving,below=tree`` on a two-step game where depth is what separates the moves.

Player 0 either stops (then wins on a d20 roll of 11 or more: 50%) or goes
on and picks one of eight paths; path 0 then wins on 9 or more (60%), every
other path never wins. The prior stops at the first decision, and what it
picks on the second is the test's parameter. A search that follows each
root move with the prior alone (``below=rollout``) can only see "go" as
good as the prior's path; the paired tree of the seat's own decisions finds
path 0 on evidence and credits "go" with it, and trying the bad paths on
the way never makes "go" look worse.
"""

from __future__ import annotations

from typing import ClassVar

import pytest
from tests.agents.d20 import FACES, D20Game

from ballroom.agents import make_agent
from ballroom.agents.mcts import MIN_PAIRED, ISMCTSAgent, _PairedNode
from ballroom.core.events import Event
from ballroom.core.game import Game
from ballroom.core.play import decision_for
from ballroom.core.rng import Rng
from ballroom.core.state import CHANCE, Observation, Outcome, State

STOP, GO = 0, 1
PATHS = 8
NEEDED = {"stop": 11, "path 0": 9}
"""The lowest winning face; the other paths need a face the die does not have."""


class DetourState(State):
    def __init__(self, game: Game, seed: int) -> None:
        super().__init__(game, seed)
        self.first = -1
        self.path = -1
        self.die = 0

    def current_players(self) -> tuple[int, ...]:
        if self.die:
            return ()
        if self.first < 0 or (self.first == GO and self.path < 0):
            return (0,)
        return (CHANCE,)

    def legal_actions(self, player: int | None = None) -> list[int]:
        if self.die:
            return []
        if self.first < 0:
            return [STOP, GO]
        if self.first == GO and self.path < 0:
            return list(range(PATHS))
        return list(range(FACES))

    def chance_outcomes(self) -> list[tuple[int, float]]:
        return [(face, 1 / FACES) for face in range(FACES)]

    def _apply(self, action: int, player: int) -> list[Event]:
        if player == CHANCE:
            self.die = action + 1
        elif self.first < 0:
            self.first = action
        else:
            self.path = action
        return []

    def outcome(self) -> Outcome:
        if self.first == STOP:
            needed = NEEDED["stop"]
        else:
            needed = NEEDED["path 0"] if self.path == 0 else FACES + 1
        won = self.die >= needed
        return Outcome.from_ranking(2, [(0,), (1,)] if won else [(1,), (0,)])

    def observation(self, player: int | None) -> Observation:
        return {"first": self.first, "path": self.path, "die": self.die}


class Detour(D20Game):
    id: ClassVar[str] = "detour"
    name: ClassVar[str] = "Detour"
    summary: ClassVar[str] = "Stop, or go on and pick a path; then roll a d20."
    prior_path = 0
    """The path the rollout hook picks."""

    def new_state(self, seed: int = 0) -> DetourState:
        return DetourState(self, seed)

    def determinize(self, observation: Observation, rng: Rng) -> DetourState:
        state = DetourState(self, rng.below(1 << 30))
        state.first, state.path, state.die = (
            observation["first"],
            observation["path"],
            observation["die"],
        )
        return state

    def rollout_action(self, state: State, player: int, rng: Rng) -> int:
        assert isinstance(state, DetourState)
        return STOP if state.first < 0 else self.prior_path


def first_move(prior_path: int, below: str, seed: int, iterations: int = 600) -> int:
    game = Detour(2)
    game.prior_path = prior_path
    spec = f"mcts:iterations={iterations},search=halving,below={below}"
    agent = make_agent(game, 0, spec, seed)
    assert isinstance(agent, ISMCTSAgent)
    move = agent.act(decision_for(game.new_state(), 0))
    assert agent.last_iterations <= iterations + 2, "one fork per root move at most past it"
    return move


@pytest.mark.parametrize("seed", range(4))
def test_trying_bad_follow_ups_does_not_sink_the_move_above_them(seed: int) -> None:
    """The prior's path 0 is the good one; a mean over the tree's tries (1 in 7 good) would
    put "go" near 30% and lose to "stop"; the tree credits "go" with its choice."""
    assert first_move(0, "tree", seed) == GO


@pytest.mark.parametrize("seed", range(4))
def test_the_tree_finds_a_follow_up_the_prior_misses(seed: int) -> None:
    """The prior walks path 3 (never wins): flat rollouts see "go" lose, the tree finds path 0.

    The lines walked before the node switched to path 0 still count for "go"
    (at 0%), so the tree needs a budget that outweighs them: at 600 rollouts
    they cancel the 10% edge."""
    assert first_move(3, "rollout", seed, 2000) == STOP
    assert first_move(3, "tree", seed, 2000) == GO


def test_a_node_keeps_its_incumbent_until_an_alternative_wins_on_evidence() -> None:
    node = _PairedNode(guess=3)
    for _ in range(MIN_PAIRED - 1):
        node.record(0, 1.0, z=1.0, margin=0.0)
    assert node.incumbent == 3, "too few samples"
    node.record(0, 1.0, z=1.0, margin=0.0)
    assert node.incumbent == 0
    assert node.paired == {}, "comparisons start afresh against the new incumbent"
    for difference in (1.0, -1.0, 1.0, -1.0, 1.0):
        node.record(5, difference, z=1.0, margin=0.0)
    assert node.incumbent == 0, "a mean of 0.2 within one standard error"
    wide = _PairedNode(guess=3)
    for _ in range(MIN_PAIRED + 2):
        wide.record(0, 0.5, z=1.0, margin=0.6)
    assert wide.incumbent == 3, "a margin it does not clear"


def test_alternatives_are_tried_in_turn() -> None:
    node = _PairedNode(guess=1)
    rng = Rng(0)
    tried = []
    for _ in range(3):
        other = node.next_alternative([0, 1, 2, 3], rng)
        node.record(other, 0.0, z=1.0, margin=0.0)
        tried.append(other)
    assert sorted(tried) == [0, 2, 3]
