"""Search support for Dancing Dice: determinization and a rollout policy.

``determinize`` builds a full state from one seat's typed view: the other
couples' dice are rolled afresh, and the state's own random source is
seeded from ``rng`` so that future dice are unknown too. Nothing else of
the true state is used, so a search built on it cannot peek.

The unseen part is drawn from a model of the rivals, not uniformly: a rival
is assumed to choose like the expert bot. Once re-rolls are announced, a
rival's dice are drawn by rejection: roll six dice, let the expert choose
what to re-roll, and keep the sample only if that choice re-rolls as many
dice as the rival announced (a rival who kept everything probably rolled
well). Rivals' pending secret choices are the expert's choices for their
sampled dice.

Under research options (``research.py``), which the expert does not
play, a rival chooses uniformly among the moves the step offers, and its
dice are drawn as the options roll them.

Dice still to be rolled at a chance step are rebuilt in the order the state
rolls them, from the public count of dice still to roll, so that the next
die lands where it lands in the true game; a rival's dice already rolled are
rolled afresh. The order in which earlier couples were knocked out is not
observed either; it only affects places behind the winner, never
``returns()``.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache
from typing import TYPE_CHECKING

import numpy as np
import numpy.typing as npt

from ballroom.core.errors import InvalidOptionError
from ballroom.core.rng import Rng
from ballroom.core.state import CHANCE, Observation
from ballroom.games.dancing_dice.dance_values import TRIPLE_INDEX, TRIPLES
from ballroom.games.dancing_dice.expert import (
    SIDE_KEY_INDEX,
    arrangement_costs,
    first_dance,
    reroll_costs,
)
from ballroom.games.dancing_dice.game_play import Phase, dice_of, reroll_id
from ballroom.games.dancing_dice.judging import satisfactory_count
from ballroom.games.dancing_dice.preparation import DICE_PER_PLAYER
from ballroom.games.dancing_dice.state import DancingDiceState
from ballroom.games.dancing_dice.view import read

if TYPE_CHECKING:
    from ballroom.games.dancing_dice.game import DancingDice

SEED_BITS = 62


def _random_mask(rng: Rng, size: int) -> tuple[int, ...]:
    """A uniformly chosen set of ``size`` dice."""
    dice = list(range(DICE_PER_PLAYER))
    rng.shuffle(dice)
    return tuple(sorted(dice[:size]))


def determinize(game: DancingDice, observation: Observation, rng: Rng) -> DancingDiceState:
    """A state consistent with what ``observation``'s seat has seen; the rest from ``rng``."""
    view = read(observation)
    me = view.seat
    if me is None or view.private is None or not 0 <= me < game.players:
        raise InvalidOptionError(
            f"determinize needs one seat's observation (0..{game.players - 1}), not seat {me!r}"
        )
    floor, curtain = view.public, view.private
    state = game.new_state(rng.below(1 << SEED_BITS))
    phase = view.step.name
    state.round = floor.round
    state.endurance = [couple.endurance for couple in floor.couples]
    state.dancing = tuple(p for p, couple in enumerate(floor.couples) if couple.dancing)
    state.last_round = floor.last_round
    out = [p for p in range(game.players) if p not in state.dancing]
    last = [p for p in floor.winners or () if p not in state.dancing]
    state.eliminated = [group for group in ([p for p in out if p not in last], last) if group]
    state.tango_scored = False
    state.rerolls, state.arrangements = {}, {}
    state.announced = {
        p: couple.rerolled for p, couple in enumerate(floor.couples) if couple.rerolled is not None
    }
    dancers = state.dancing
    state.dice = [
        list(curtain.dice) if p == me else [0] * DICE_PER_PLAYER for p in range(game.players)
    ]
    state.pending = []
    state.tango = list(floor.tango if floor.tango is not None else floor.tango_rolled)
    choosing = view.step.seats
    rules = game.dice
    if phase in (Phase.TANGO, Phase.ROLL):
        if phase is Phase.TANGO:
            state.pending = list(rules.tango_rolls)
        state.pending += [(p, d) for p in dancers for d in rules.rolled]
        _skip_rolled(state, floor.dice_to_roll, me, rng)
    elif phase is Phase.REROLL:
        for p in dancers:
            if p == me:
                if curtain.reroll is not None:
                    state.rerolls[p] = curtain.reroll
                continue
            _roll_afresh(state, p, rules.rolled, rng)
            if p not in choosing:
                state.rerolls[p] = dice_of(_rival_choice(state, p, rng, arranging=False))
    elif phase is not Phase.OVER:
        for p in dancers:
            if p == me and curtain.reroll is not None:
                state.rerolls[p] = curtain.reroll
            elif p != me:
                _sample_rerolled_dice(state, p, state.announced[p], rng)
        if phase is Phase.REROLL_ROLL:
            state.pending = [(p, d) for p in dancers for d in rules.rerolled(state.rerolls[p])]
            _skip_rolled(state, floor.dice_to_roll, me, rng)
        else:
            for p in dancers:
                if p == me and curtain.first_row is not None:
                    state.arrangements[p] = curtain.first_row
                elif p != me and p not in choosing:
                    state.arrangements[p] = dice_of(_rival_choice(state, p, rng, arranging=True))
    state.step = view.step
    return state


def _skip_rolled(state: DancingDiceState, to_roll: int, me: int, rng: Rng) -> None:
    """Take the dice already rolled off the front of the queue; a rival's are rolled afresh.

    The Tango dice rolled so far and ``me``'s own dice are already in ``state``.
    """
    while len(state.pending) > to_roll:
        player, die = state.pending.pop(0)
        if player not in (me, CHANCE):
            _roll_afresh(state, player, (die,), rng)


def _roll_afresh(state: DancingDiceState, player: int, dice: Sequence[int], rng: Rng) -> None:
    """Roll ``player``'s ``dice`` (rolled dice, by their first place) as the game rolls them."""
    rules = state.game.dice
    for die, face in zip(dice, rng.rolls(len(dice), rules.faces), strict=True):
        for place in rules.filled(die):
            state.dice[player][place] = face


def _rival_choice(state: DancingDiceState, player: int, rng: Rng, *, arranging: bool) -> int:
    """The expert's choice with the rulebook's dice; under research options, which it does
    not play, a uniform one among the moves offered."""
    if state.game.dice.is_rulebook:
        return expert_action(state, player, arranging=arranging)
    return rng.choice(list(state.game.offers[Phase.ARRANGE if arranging else Phase.REROLL]))


REJECTION_TRIES = 30
"""Attempts to match a rival's announced re-roll count before settling for any sample."""


def _sample_rerolled_dice(state: DancingDiceState, player: int, announced: int, rng: Rng) -> None:
    """Dice and re-roll choice of a rival who announced ``announced`` re-rolled dice."""
    rules = state.game.dice
    if rules.is_rulebook:
        for _ in range(REJECTION_TRIES):
            _roll_afresh(state, player, rules.rolled, rng)
            choice = dice_of(expert_action(state, player, arranging=False))
            if len(choice) == announced:
                break
        else:
            choice = _random_mask(rng, announced)
    else:
        _roll_afresh(state, player, rules.rolled, rng)
        offered = [dice_of(action) for action in state.game.offers[Phase.REROLL]]
        choice = rng.choice([c for c in offered if len(rules.rerolled(c)) == announced])
    state.rerolls[player] = choice
    _roll_afresh(state, player, rules.rerolled(choice), rng)


def _mask_keys() -> npt.NDArray[np.int64]:
    """Side key of each (sorted triple, mask over its sorted positions): shape (56, 8)."""
    keys = np.zeros((len(TRIPLES), 8), dtype=np.int64)
    for t, triple in enumerate(TRIPLES):
        for mask in range(8):
            kept = tuple(face for i, face in enumerate(triple) if not mask >> i & 1)
            keys[t, mask] = SIDE_KEY_INDEX[(kept, 3 - len(kept))]
    return keys


MASK_KEYS = _mask_keys()


@lru_cache(maxsize=1024)
def best_rerolls(context: tuple[tuple[int, ...], int, int, int]) -> npt.NDArray[np.int64]:
    """The expert's best pair of side masks, ``8 * white + coloured``, per (white, coloured) triple."""
    table = reroll_costs(*context)
    grid = table[MASK_KEYS[:, :, None, None], MASK_KEYS[None, None, :, :]]
    flat = grid.transpose(0, 2, 1, 3).reshape(len(TRIPLES), len(TRIPLES), 64)
    best: npt.NDArray[np.int64] = flat.argmin(axis=2)
    return best


@lru_cache(maxsize=1024)
def _best_rows(context: tuple[tuple[int, ...], int, int, int]) -> npt.NDArray[np.int64]:
    """The expert's first row for each of the 3136 dice configurations, as ``first_dance``
    reads it."""
    best: npt.NDArray[np.int64] = arrangement_costs(*context).argmin(axis=1)
    return best


def rollout_action(state: DancingDiceState, player: int, rng: Rng) -> int:
    """The expert's choice (a uniform one under research options): rollouts vary by their
    dice, and a search's first guess at a move is the expert's."""
    return _rival_choice(state, player, rng, arranging=state.step.name is Phase.ARRANGE)


def expert_action(state: DancingDiceState, player: int, *, arranging: bool) -> int:
    """What the expert bot would choose for ``player``'s dice, from memoised tables."""
    dancers = len(state.dancing)
    context = (
        tuple(sorted(state.tango)),
        dancers - 1,
        satisfactory_count(dancers),
        state.endurance[player],
    )
    faces = state.dice[player]
    white = sorted(range(3), key=faces.__getitem__)
    coloured = sorted(range(3, 6), key=faces.__getitem__)
    config = (
        TRIPLE_INDEX[(faces[white[0]], faces[white[1]], faces[white[2]])],
        TRIPLE_INDEX[(faces[coloured[0]], faces[coloured[1]], faces[coloured[2]])],
    )
    if arranging:
        return first_dance(faces, int(_best_rows(context)[config[0] * len(TRIPLES) + config[1]]))
    masks = int(best_rerolls(context)[config])
    dice = [white[i] for i in range(3) if masks >> (3 + i) & 1]
    dice += [coloured[i] for i in range(3) if masks >> i & 1]
    return reroll_id(dice)
