"""How a marathon looks for each couple: the search's evaluation of a state.

With two couples dancing the rulebook's dice, a state in the middle of a
round is worth the couples' expected share of the win once the round is
judged, computed exactly over every die still to fall (``duel.py``): a
couple that has not yet chosen is taken to choose as the expert would, and
the round leaves the couples at endurances whose chances of winning are
known (``win_chances.py``). A search can then stop right after its own
choice, with no noisy rollout of the round's dice. Between rounds, the
chances of the endurances alone.

With more couples, or under research options, a round under way is played
out (by the rollout policy, with the state's own dice), and a couple's share
is then its endurance squared over the others': its chance grows faster than
its endurance, since it must outlast every rival.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache

import numpy as np

from ballroom.core.state import CHANCE
from ballroom.games.dancing_dice.determinize import expert_action, rollout_action
from ballroom.games.dancing_dice.duel import (
    ROUND_SHAPE,
    FloatArray,
    certain_spread,
    judged,
    spread_of_sides,
    ways_judged,
)
from ballroom.games.dancing_dice.expert import SIDE_KEY_INDEX, tables
from ballroom.games.dancing_dice.game_play import Phase, dice_of
from ballroom.games.dancing_dice.preparation import MAX_ENDURANCE
from ballroom.games.dancing_dice.state import DancingDiceState
from ballroom.games.dancing_dice.win_chances import WIN_CHANCES

ROUND_UNDER_WAY = (Phase.REROLL, Phase.REROLL_ROLL, Phase.ARRANGE)
"""The steps after which a round's first roll is known: what ``evaluate`` works out exactly."""


def evaluate(state: DancingDiceState) -> list[float]:
    """Each seat's estimated share of the win (see the module docstring)."""
    if state.step.name in ROUND_UNDER_WAY:
        if len(state.dancing) == 2 and state.game.dice.is_rulebook:
            return _judged_exactly(state)
        state = played_out(state)
    if state.is_terminal():
        return state.returns()
    if len(state.dancing) != 2 or not state.game.dice.is_rulebook:
        return endurance_shares(state)
    first, second = state.dancing
    return _shares(state, float(WIN_CHANCES[state.endurance[first], state.endurance[second]]))


def _judged_exactly(state: DancingDiceState) -> list[float]:
    """Two couples' shares once the round under way is judged, over every die still to fall."""
    first, second = state.dancing
    endurance = (state.endurance[first], state.endurance[second])
    tango = tuple(sorted(state.tango))
    rounds = judged(spread(state, first, tango), spread(state, second, tango))
    return _shares(state, float((rounds * shares_after(endurance)).sum()))


def _shares(state: DancingDiceState, first_share: float) -> list[float]:
    """Every seat's share when the first of two couples dancing has ``first_share``."""
    first, second = state.dancing
    shares = [0.0] * state.game.players
    shares[first], shares[second] = first_share, 1.0 - first_share
    return shares


def played_out(state: DancingDiceState) -> DancingDiceState:
    """A copy of ``state`` with its round played to the end: every couple still to choose
    chooses by the rollout policy, and the dice fall from the state's own random source."""
    state = state.clone()
    round_number = state.round
    while state.round == round_number and not state.is_terminal():
        player = state.current_players()[0]
        if player == CHANCE:
            state.run_chance()
        else:
            state.advance(rollout_action(state, player, state.rng), player)
    return state


@lru_cache(maxsize=MAX_ENDURANCE**2)
def shares_after(endurance: tuple[int, int]) -> FloatArray:
    """The first couple's win chance after each way a round between two couples at these
    endurances can be judged: ``duel.ROUND_SHAPE``."""
    result = np.zeros(ROUND_SHAPE)
    for index, left in ways_judged(endurance):
        result[index] = WIN_CHANCES[left]
    return result


def endurance_shares(state: DancingDiceState) -> list[float]:
    """Shares proportional to endurance squared, among the couples still dancing."""
    weights = [e * e if p in state.dancing else 0 for p, e in enumerate(state.endurance)]
    total = sum(weights)
    return [w / total for w in weights]


def spread(state: DancingDiceState, couple: int, tango: tuple[int, ...]) -> FloatArray:
    """The chances of ``couple``'s performances this round, from a round under way."""
    faces = state.dice[couple]
    if state.step.name is Phase.ARRANGE:
        first_row = state.arrangements.get(couple)
        if first_row is None:
            first_row = dice_of(expert_action(state, couple, arranging=True))
        return certain_spread(faces, first_row, tango)
    rolling: Sequence[int]
    if state.step.name is Phase.REROLL:
        chosen = state.rerolls.get(couple)
        rolling = (
            chosen if chosen is not None else dice_of(expert_action(state, couple, arranging=False))
        )
    else:
        rolling = [die for seat, die in state.pending if seat == couple]
    white = side_chances(faces, range(3), rolling)
    coloured = side_chances(faces, range(3, 6), rolling)
    return spread_of_sides(tango, state.endurance[couple], white, coloured)


def side_chances(faces: Sequence[int], side: range, rolling: Sequence[int]) -> FloatArray:
    """The chance of each triple one side's three dice end on, ``rolling`` rolled again."""
    kept = tuple(sorted(faces[die] for die in side if die not in rolling))
    chances: FloatArray = tables().transition[SIDE_KEY_INDEX[(kept, 3 - len(kept))]]
    return chances
