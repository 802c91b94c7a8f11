"""``search=halving`` on a one-die game where pairing is what separates the moves.

Player 0 names the lowest face of a twenty-sided die that wins (10, 11 or
12), then the die is rolled: the bets win 55%, 50% and 45% of the time.
Unpaired, a few hundred returns of such coins cannot rank the bets (the
standard error of a difference is about the 5% edge); paired on the same
die, "10" is never worse than "11" and better whenever a 10 is rolled, so
the same budget finds it. The rollout hook always bets 11: the prior's guess.
"""

from __future__ import annotations

from typing import ClassVar

import pytest
from tests.agents.d20 import FACES, D20Game

from ballroom.agents import make_agent
from ballroom.agents.mcts import ISMCTSAgent
from ballroom.core.events import Event
from ballroom.core.game import Game
from ballroom.core.play import decision_for
from ballroom.core.rng import Rng
from ballroom.core.state import CHANCE, Observation, Outcome, State

THRESHOLDS = (10, 11, 12)
GUESS = 1
"""The prior bets "11 or more"."""


class DieBetState(State):
    def __init__(self, game: Game, seed: int) -> None:
        super().__init__(game, seed)
        self.threshold = 0
        self.die = 0

    def current_players(self) -> tuple[int, ...]:
        if not self.threshold:
            return (0,)
        return () if self.die else (CHANCE,)

    def legal_actions(self, player: int | None = None) -> list[int]:
        if not self.threshold:
            return list(range(len(THRESHOLDS)))
        return [] if self.die else list(range(FACES))

    def chance_outcomes(self) -> list[tuple[int, float]]:
        return [(face, 1 / FACES) for face in range(FACES)]

    def _apply(self, action: int, player: int) -> list[Event]:
        if player == CHANCE:
            self.die = action + 1
        else:
            self.threshold = THRESHOLDS[action]
        return []

    def outcome(self) -> Outcome:
        won = self.die >= self.threshold
        return Outcome.from_ranking(2, [(0,), (1,)] if won else [(1,), (0,)])

    def observation(self, player: int | None) -> Observation:
        return {"you": player, "threshold": self.threshold, "die": self.die}


class DieBet(D20Game):
    id: ClassVar[str] = "die-bet"
    name: ClassVar[str] = "Die Bet"
    summary: ClassVar[str] = "Name the lowest winning face of a d20, then roll it."

    def new_state(self, seed: int = 0) -> DieBetState:
        return DieBetState(self, seed)

    def determinize(self, observation: Observation, rng: Rng) -> DieBetState:
        state = DieBetState(self, rng.below(1 << 30))
        state.threshold = observation["threshold"]
        state.die = observation["die"]
        return state

    def rollout_action(self, state: State, player: int, rng: Rng) -> int:
        return GUESS


@pytest.mark.parametrize("below", ["tree", "rollout"])
@pytest.mark.parametrize("seed", range(5))
def test_paired_rollouts_find_the_better_bet_on_a_small_budget(seed: int, below: str) -> None:
    game = DieBet(2)
    agent = make_agent(game, 0, f"mcts:iterations=600,search=halving,below={below}", seed)
    assert isinstance(agent, ISMCTSAgent)
    assert agent.act(decision_for(game.new_state(), 0)) == 0
    assert agent.last_iterations <= 600


def test_halving_keeps_the_guess_without_enough_evidence() -> None:
    """A rolled 10 is the only evidence for "10"; ``z`` asks for more than it can give."""
    game = DieBet(2)
    agent = make_agent(game, 0, "mcts:iterations=600,search=halving,z=50", 0)
    assert agent.act(decision_for(game.new_state(), 0)) == GUESS
