"""Search support for Dancing Dice: determinization, a state evaluation, a rollout policy.

``determinize`` builds a full state from one seat's observation: the other
dancers' dice are rolled afresh (every face the observer has not seen is
uniform: rolls and re-rolls are independent fair dice), their pending secret
choices are drawn uniformly, and the state's own random source is seeded
from ``rng`` so that future dice are unknown too. Nothing else of the true
state is used, so a search built on it cannot peek.

Dice still to be rolled at a chance node are rebuilt in a canonical order;
since every roll is an independent fair die, the distribution of what
follows is the same. The order in which earlier dancers were knocked out is
not observed either; it only affects places behind the winner, never
``returns()``.
"""

from __future__ import annotations

from functools import lru_cache
from typing import TYPE_CHECKING, Any

from ballroom.core.errors import InvalidOptionError
from ballroom.core.rng import Rng
from ballroom.core.state import CHANCE, Observation
from ballroom.games.dancing_dice import actions
from ballroom.games.dancing_dice.bots import (
    TRIPLE_INDEX,
    TRIPLES,
    _side_key,
    arrangement_costs,
    reroll_costs,
)
from ballroom.games.dancing_dice.rules import DICE_PER_PLAYER, satisfactory_count
from ballroom.games.dancing_dice.state import TANGO_DICE, DancingDiceState, Phase

if TYPE_CHECKING:
    from ballroom.games.dancing_dice.game import DancingDice

SEED_BITS = 62


def _random_mask(rng: Rng, size: int) -> list[int]:
    """A uniformly chosen set of ``size`` dice."""
    dice = list(range(DICE_PER_PLAYER))
    rng.shuffle(dice)
    return sorted(dice[:size])


def determinize(game: DancingDice, observation: Observation, rng: Rng) -> DancingDiceState:
    """A state consistent with what ``observation``'s seat has seen; the rest from ``rng``."""
    me = observation.get("you")
    if not isinstance(me, int) or not 0 <= me < game.players:
        raise InvalidOptionError(
            f"determinize needs one seat's observation (0..{game.players - 1}), not you={me!r}"
        )
    seats: list[dict[str, Any]] = observation["players"]
    state = game.new_state(rng.below(1 << SEED_BITS))
    phase = Phase(observation["phase"])
    state.round = observation["round"]
    state.endurance = [seat["endurance"] for seat in seats]
    state.active = [seat["dancing"] for seat in seats]
    state.last_round = observation["last_round"]
    out = [p for p in range(game.players) if not state.active[p]]
    state.eliminated = [out] if out else []
    state.tango_scored = False
    state.phase = phase
    state.rerolls.clear()
    state.arrangements.clear()
    state.announced = {p: seat["rerolled"] for p, seat in enumerate(seats) if seat["rerolled"] is not None}
    my_dice: list[int] = list(seats[me]["dice"])
    dancers = state.dancers()
    state.dice = [list(my_dice) if p == me else [0] * DICE_PER_PLAYER for p in range(game.players)]
    state.pending = []
    tango = observation["tango"]
    state.tango = list(tango) if tango is not None else []
    if phase is Phase.OVER:
        return state
    if phase in (Phase.TANGO, Phase.ROLL):
        if phase is Phase.TANGO:
            state.pending = [(CHANCE, d) for d in range(TANGO_DICE)]
        for p in dancers:
            if p == me:
                state.pending += [(p, d) for d in range(DICE_PER_PLAYER) if my_dice[d] == 0]
            elif p < me and state.active[me]:
                state.dice[p] = [rng.roll() for _ in range(DICE_PER_PLAYER)]
            else:
                state.pending += [(p, d) for d in range(DICE_PER_PLAYER)]
        if not state.pending:
            state.phase = Phase.REROLL
        return state
    for p in dancers:
        if p != me:
            state.dice[p] = [rng.roll() for _ in range(DICE_PER_PLAYER)]
    if phase is Phase.REROLL:
        for p in dancers:
            if p == me and observation.get("my_reroll") is not None:
                state.rerolls[p] = observation["my_reroll"]
            elif p != me and seats[p]["ready"]:
                state.rerolls[p] = rng.choice(actions.REROLL_ACTIONS)
        return state
    for p in dancers:
        if p == me:
            state.rerolls[p] = observation["my_reroll"]
        else:
            state.rerolls[p] = actions.reroll(_random_mask(rng, state.announced[p]))
    if phase is Phase.REROLL_ROLL:
        state.pending = [(p, d) for p in dancers for d in actions.reroll_dice(state.rerolls[p])]
        return state
    for p in dancers:
        if p == me and observation.get("my_first_row") is not None:
            state.arrangements[p] = actions.arrange(observation["my_first_row"])
        elif p != me and seats[p]["ready"]:
            state.arrangements[p] = rng.choice(actions.ARRANGE_ACTIONS)
    return state


def evaluate(state: DancingDiceState) -> list[float]:
    """Estimated share of the win per seat, from endurance alone.

    A dancer's chance grows faster than her endurance (she must outlast
    every rival), so shares are proportional to endurance squared.
    """
    if state.is_terminal():
        return state.returns()
    weights = [e * e if alive else 0 for e, alive in zip(state.endurance, state.active, strict=True)]
    total = sum(weights)
    return [w / total for w in weights]


@lru_cache(maxsize=1 << 16)
def _expert_choice(
    context: tuple[tuple[int, ...], int, int, int], faces: tuple[int, ...], arranging: bool
) -> int:
    """The expert bot's choice for these dice, memoised: rollouts meet the same dice often."""
    if arranging:
        config = TRIPLE_INDEX[tuple(sorted(faces[:3]))] * len(TRIPLES) + TRIPLE_INDEX[
            tuple(sorted(faces[3:]))
        ]
        return actions.ARRANGE_BASE + int(arrangement_costs(*context)[config].argmin())
    table = reroll_costs(*context)
    best_action, best_cost = actions.REROLL_BASE, float("inf")
    for action in actions.REROLL_ACTIONS:
        rerolled = actions.reroll_dice(action)
        cost = float(
            table[_side_key(list(faces), range(3), rerolled), _side_key(list(faces), range(3, 6), rerolled)]
        )
        if cost < best_cost - 1e-12:
            best_action, best_cost = action, cost
    return best_action


def rollout_action(state: DancingDiceState, player: int, rng: Rng) -> int:
    """The expert's choice, with a random one now and then to keep rollouts varied."""
    if rng.below(10) == 0:
        return rng.choice(state.legal_actions(player))
    dancers = len(state.dancers())
    context = (
        tuple(sorted(state.tango)),
        dancers - 1,
        satisfactory_count(dancers),
        state.endurance[player],
    )
    return _expert_choice(context, tuple(state.dice[player]), state.phase is Phase.ARRANGE)
