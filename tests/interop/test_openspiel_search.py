"""OpenSpiel's ``MCTSBot`` sees hidden information through the adapter; ballroom's ``mcts`` does not."""

from __future__ import annotations

from typing import Any

import numpy as np
import pyspiel
from open_spiel.python.algorithms import mcts

from ballroom.agents.mcts import MCTS
from ballroom.core.agent import Decision
from ballroom.core.rng import Rng
from ballroom.games.dancing_dice.position import Look
from ballroom.interop.openspiel import BallroomState, _Held

SMALL_DANCING_DICE = {"players": 2, "endurance": 1}


def _first_decision(game: Any, seed: int) -> Any:
    """Seat 0's re-roll decision of a game whose dice come from ``seed``."""
    rng = np.random.RandomState(seed)
    state = game.new_initial_state()
    while state.is_chance_node():
        outcomes, weights = zip(*state.chance_outcomes(), strict=True)
        state.apply_action(int(rng.choice(outcomes, p=weights)))
    return state


def _with_other_hidden_part(game: Any, state: Any, seed: int) -> Any:
    """The same position for seat 0, with seat 1's dice resampled."""
    engine = state.engine
    twin = BallroomState(game)
    twin.held = _Held(engine.game.determinize(engine.observation(0), Rng(seed)))
    assert twin.engine.observation(0) == engine.observation(0)
    return twin


def _openspiel_move(game: Any, state: Any, seed: int) -> int:
    rng = np.random.RandomState(seed)
    bot = mcts.MCTSBot(game, 2.0, 60, mcts.RandomRolloutEvaluator(1, rng), random_state=rng)
    return int(bot.step(state))


def _ballroom_move(state: Any, seed: int) -> int:
    engine = state.engine
    agent = MCTS.make(engine.game, 0, Rng(seed), {"iterations": "60"})
    decision = Decision(engine.game, 0, engine.observation(0), engine.legal_actions(0))
    return agent.act(decision)


def test_mcts_bot_reads_hidden_dice_and_ballroom_mcts_does_not() -> None:
    game = pyspiel.load_game("python_ballroom_dancing_dice", SMALL_DANCING_DICE)
    openspiel_changed = False
    for seed in range(6):
        state = _first_decision(game, seed)
        twins = [_with_other_hidden_part(game, state, seed=s) for s in (100, 200)]
        assert Look(twins[0].engine).dice(1) != Look(twins[1].engine).dice(1)
        assert _ballroom_move(twins[0], seed) == _ballroom_move(twins[1], seed)
        openspiel_changed |= _openspiel_move(game, twins[0], seed) != _openspiel_move(
            game, twins[1], seed
        )
    assert openspiel_changed
