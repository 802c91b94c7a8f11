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
from itertools import product
from typing import TYPE_CHECKING

import numpy as np
import numpy.typing as npt

from ballroom.core.errors import InvalidOptionError
from ballroom.core.rng import Rng
from ballroom.core.state import CHANCE, Observation
from ballroom.games.dancing_dice.dance_values import TRIPLE_INDEX, TRIPLE_OF, TRIPLES
from ballroom.games.dancing_dice.expert import SIDE_KEY_INDEX, arrangement_costs, reroll_costs
from ballroom.games.dancing_dice.game_play import FIRST_ROWS, Phase, dice_of, first_id, reroll_id
from ballroom.games.dancing_dice.judging import satisfactory_count
from ballroom.games.dancing_dice.preparation import DICE_PER_PLAYER
from ballroom.games.dancing_dice.state import DancingDiceState
from ballroom.games.dancing_dice.view import DiceView, read

if TYPE_CHECKING:
    from ballroom.games.dancing_dice.game import DancingDice

SEED_BITS = 62


def _random_mask(rng: Rng, size: int) -> tuple[int, ...]:
    """A uniformly chosen set of ``size`` dice."""
    dice = list(range(DICE_PER_PLAYER))
    rng.shuffle(dice)
    return tuple(sorted(dice[:size]))


_last_read: list[tuple[Observation | None, DiceView | None]] = [(None, None)]
"""The observation last read, and its view: a search samples many worlds from one."""


def _read(observation: Observation) -> DiceView:
    """``read(observation)``, remembered for the same observation object (observations are
    made afresh for each decision and never changed)."""
    seen, view = _last_read[0]  # read whole, so another thread's search cannot mix them up
    if seen is observation and view is not None:
        return view
    view = read(observation)
    _last_read[0] = (observation, view)
    return view


def determinize(game: DancingDice, observation: Observation, rng: Rng) -> DancingDiceState:
    """A state consistent with what ``observation``'s seat has seen; the rest from ``rng``."""
    view = _read(observation)
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
    faces = rng.rolls(len(dice), rules.faces)
    own = state.dice[player]
    if rules.places is None:  # the rulebook's dice: one place each
        for die, face in zip(dice, faces, strict=True):
            own[die] = face
        return
    for die, face in zip(dice, faces, strict=True):
        for place in rules.filled(die):
            own[place] = face


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
    arranging = state.step.name is Phase.ARRANGE
    if state.game.dice.is_rulebook:
        return expert_action(state, player, arranging=arranging)
    return _rival_choice(state, player, rng, arranging=arranging)


def _side(faces: tuple[int, int, int]) -> tuple[tuple[int, ...], int]:
    """One side's three dice sorted by face (equal faces keep their order, as
    ``expert.table_order`` sorts them), and the index of their sorted faces in ``TRIPLES``."""
    order = tuple(sorted(range(3), key=faces.__getitem__))
    return order, TRIPLE_INDEX[tuple(sorted(faces))]


SIDES = tuple(_side((a, b, c)) for a, b, c in product(range(1, 7), repeat=3))
"""Per side's faces ``a, b, c`` (at ``36 * a + 6 * b + c - 43``): its order and triple."""
ORDERS = sorted({order for order, _ in SIDES})
"""The six orders of a side's dice."""
SIDE_ORDER = tuple(ORDERS.index(order) for order, _ in SIDES)
"""Per side's faces, as ``SIDES``: the index of its order in ``ORDERS``."""
SIDE_TRIPLE = tuple(triple for _, triple in SIDES)
"""Per side's faces, as ``SIDES``: the index of its sorted faces in ``TRIPLES``."""


def _first_ids(white: tuple[int, ...], coloured: tuple[int, ...]) -> tuple[int, ...]:
    """The ``first`` id for each of the tables' first rows, a couple's sides in these orders."""
    order = (*white, *(3 + die for die in coloured))
    return tuple(first_id(order[place] for place in row) for row in FIRST_ROWS)


def _reroll_ids(white: tuple[int, ...], coloured: tuple[int, ...]) -> tuple[int, ...]:
    """The ``reroll`` id for each pair of side masks ``8 * white + coloured`` of the tables,
    a couple's sides in these orders."""
    return tuple(
        reroll_id(
            [white[i] for i in range(3) if masks >> (3 + i) & 1]
            + [3 + coloured[i] for i in range(3) if masks >> i & 1]
        )
        for masks in range(64)
    )


FIRST_BY_ORDER = tuple(_first_ids(w, c) for w in ORDERS for c in ORDERS)
"""``FIRST_BY_ORDER[6 * white order + coloured order][row]``: the tables' first row as the
couple's own ``first`` action (what ``expert.first_dance`` works out)."""
REROLL_BY_ORDER = tuple(_reroll_ids(w, c) for w in ORDERS for c in ORDERS)
"""``REROLL_BY_ORDER[6 * white order + coloured order][masks]``: the tables' side masks as
the couple's own re-roll action."""


@lru_cache(maxsize=1024)
def _expert_rows(context: tuple[tuple[int, ...], int, int, int]) -> list[int]:
    """``_best_rows`` as a plain list (a rollout reads one entry per move)."""
    rows: list[int] = _best_rows(context).tolist()
    return rows


@lru_cache(maxsize=1024)
def _expert_masks(context: tuple[tuple[int, ...], int, int, int]) -> list[int]:
    """``best_rerolls`` as a plain list, by ``56 * white triple + coloured triple``."""
    masks: list[int] = best_rerolls(context).ravel().tolist()
    return masks


def expert_action(state: DancingDiceState, player: int, *, arranging: bool) -> int:
    """What the expert bot would choose for ``player``'s dice, from memoised tables."""
    dancers = len(state.dancing)
    a, b, c = state.tango
    context = (
        TRIPLES[TRIPLE_OF[36 * a + 6 * b + c - 43]],
        dancers - 1,
        satisfactory_count(dancers),
        state.endurance[player],
    )
    a, b, c, d, e, f = state.dice[player]
    white = 36 * a + 6 * b + c - 43
    coloured = 36 * d + 6 * e + f - 43
    dice_set = SIDE_TRIPLE[white] * len(TRIPLES) + SIDE_TRIPLE[coloured]
    orders = 6 * SIDE_ORDER[white] + SIDE_ORDER[coloured]
    if arranging:
        return FIRST_BY_ORDER[orders][_expert_rows(context)[dice_set]]
    return REROLL_BY_ORDER[orders][_expert_masks(context)[dice_set]]
