"""Dancing Dice's finite configuration: CFR, exploitability and external-sampling MCCFR run.

The research options (``ballroom.games.dancing_dice.research``) make two
couples roll one white and one coloured two-faced die each, with no re-roll;
``max_turns=1`` cuts the marathon off after one round, truncated, and
``zero_sum`` makes returns that ``exploitability`` accepts. The tree is a few
hundred states: a couple at endurance 1 loses the marathon by losing a dance
it does not Rock, so its one choice (which die dances first) matters.
"""

from __future__ import annotations

import numpy as np
import pyspiel
import pytest
from open_spiel.python import policy
from open_spiel.python.algorithms import cfr, exploitability, external_sampling_mccfr

from ballroom.interop.openspiel import openspiel_name

DANCING_DICE = openspiel_name("dancing-dice")

FINITE = {
    "players": 2,
    "endurance": 1,
    "research_faces": 2,
    "research_single_dice": True,
    "research_rerolls": False,
    "max_turns": 1,
    "zero_sum": True,
}


KEEP, A_FIRST, D_FIRST = 6, 70, 89
"""``keep``, ``first a b c`` (the white die's dances first), ``first d e f``."""


@pytest.mark.parametrize(
    ("rolled", "first", "returns"),
    [
        ((1, 1, 2, 2, 1), A_FIRST, [0.5, -0.5]),  # Boogie beats Tap-dance: seat 1 is out
        ((1, 1, 2, 1, 2), D_FIRST, [-0.5, 0.5]),  # seat 0 dances its 2 against a Boogie
        ((1, 1, 2, 1, 2), A_FIRST, [0.0, 0.0]),  # two ties: nobody out, cut off after a round
    ],
)
def test_returns_are_zero_sum_in_every_ending(
    rolled: tuple[int, ...], first: int, returns: list[float]
) -> None:
    """The Tango die, then each couple's white and coloured die; seat 1 dances white first."""
    game = pyspiel.load_game(DANCING_DICE, FINITE)
    assert game.get_type().utility == pyspiel.GameType.Utility.ZERO_SUM
    assert game.utility_sum() == 0.0
    assert (game.min_utility(), game.max_utility()) == (-0.5, 0.5)
    state = game.new_initial_state()
    for action in [face - 1 for face in rolled] + [KEEP, KEEP, first, A_FIRST]:
        state.apply_action(action)
    assert state.is_terminal() and state.returns() == returns


def test_zero_sum_is_a_flag() -> None:
    with pytest.raises(pyspiel.SpielError, match=r"parameter zero_sum\. Expected type: kBool"):
        pyspiel.load_game(DANCING_DICE, {**FINITE, "zero_sum": 1})


def test_cfr_and_exploitability_run_on_the_finite_configuration() -> None:
    game = pyspiel.load_game(DANCING_DICE, FINITE)
    uniform = exploitability.exploitability(game, policy.UniformRandomPolicy(game))
    solver = cfr.CFRSolver(game)
    for _ in range(4):
        solver.evaluate_and_update_policy()
    average = solver.average_policy()
    conv = exploitability.nash_conv(game, average)
    assert exploitability.exploitability(game, average) == pytest.approx(conv / 2)
    assert 0.0 <= conv / 2 < uniform / 2  # closer to equilibrium than uniform play


def test_external_sampling_mccfr_runs_on_the_finite_configuration() -> None:
    game = pyspiel.load_game(DANCING_DICE, FINITE)
    np.random.seed(5)  # OpenSpiel's MCCFR samples from numpy's global generator
    solver = external_sampling_mccfr.ExternalSamplingSolver(game)
    for _ in range(10):
        solver.iteration()
    assert exploitability.nash_conv(game, solver.average_policy()) >= 0.0


def test_openspiel_random_sim_test_passes_on_the_finite_configuration() -> None:
    game = pyspiel.load_game(DANCING_DICE, FINITE)
    pyspiel.random_sim_test(game, num_sims=5, serialize=True, verbose=False)
