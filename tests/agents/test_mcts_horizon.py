"""``horizon=0``: the game's evaluation is asked right after the move searched, no rollout.

For a game whose evaluation already weighs what is left of the turn (Dancing
Dice's weighs every die still to fall), a rollout would only add the noise
of one sample of those dice. Here the bet of ``test_mcts_halving`` is
evaluated by its exact chance of winning before the die is rolled: with
horizon 0 no die is ever rolled, and a handful of iterations finds the best bet.
"""

from __future__ import annotations

import pytest
from tests.agents.d20 import FACES
from tests.agents.test_mcts_halving import GUESS, THRESHOLDS, DieBet

from ballroom.agents import make_agent
from ballroom.agents.mcts import ISMCTSAgent
from ballroom.core.errors import InvalidOptionError
from ballroom.core.play import decision_for
from ballroom.core.state import State


class EvaluatedDieBet(DieBet):
    """The die bet, with its exact chance of winning as the evaluation; it notes every die
    face it was asked about (0 before the roll)."""

    def __init__(self, players: int, **options: object) -> None:
        super().__init__(players, **options)
        self.dice_seen: list[int] = []

    def evaluate(self, state: State) -> list[float]:
        die, threshold = state.die, state.threshold  # type: ignore[attr-defined]
        self.dice_seen.append(die)
        chance = (FACES + 1 - threshold) / FACES if not die else float(die >= threshold)
        return [chance, 1.0 - chance]


@pytest.mark.parametrize("below", ["rollout", "tree"])
def test_horizon_zero_evaluates_right_after_the_move(below: str) -> None:
    game = EvaluatedDieBet(2)
    agent = make_agent(game, 0, f"mcts:iterations=30,horizon=0,search=halving,below={below}", 3)
    assert isinstance(agent, ISMCTSAgent)
    assert agent.act(decision_for(game.new_state(), 0)) == THRESHOLDS.index(10)
    assert len(game.dice_seen) == agent.last_iterations
    assert set(game.dice_seen) == {0}


def test_a_tree_with_horizon_zero_evaluates_its_new_leaves() -> None:
    """The tree walks on through nodes it already holds; each new leaf is evaluated at once."""
    game = EvaluatedDieBet(2)
    make_agent(game, 0, "mcts:iterations=30,horizon=0", 3).act(decision_for(game.new_state(), 0))
    assert game.dice_seen == [0] * len(THRESHOLDS)


def test_horizon_one_rolls_the_die_before_evaluating() -> None:
    game = EvaluatedDieBet(2)
    agent = make_agent(game, 0, "mcts:iterations=30,horizon=1,search=halving", 3)
    agent.act(decision_for(game.new_state(), 0))
    assert game.dice_seen == []  # the bet's turn never ends: rolled out to the end


def test_without_evidence_horizon_zero_keeps_the_guess() -> None:
    """The evaluation ties every bet when told nothing about them: the prior's guess stays."""
    game = EvaluatedDieBet(2)
    game.evaluate = lambda state: [0.5, 0.5]  # type: ignore[method-assign]
    agent = make_agent(game, 0, "mcts:iterations=30,horizon=0,search=halving", 3)
    assert agent.act(decision_for(game.new_state(), 0)) == GUESS


def test_a_negative_horizon_is_refused() -> None:
    with pytest.raises(InvalidOptionError, match=r"mcts horizon must be an integer 0\.\.100"):
        make_agent(DieBet(2), 0, "mcts:horizon=-1", 0)
