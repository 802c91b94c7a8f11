"""Search hook: the ``mcts`` bot's rollout policy (``HasRolloutPolicy``).

Uniform moves, but for a Blood Fury reroll: a reroll may pick any of the
dice, so the picks that throw away hits far outnumber the one that rolls
every miss again, and a uniform pick would make every fight in Blood Fury
look worse than it is. A rollout rerolls every miss it may while the seat
lacks hits, and stops once it has them or has no miss left to roll.
"""

from __future__ import annotations

from ballroom.core.actions import Action
from ballroom.core.rng import Rng
from ballroom.games.vampires_harvest import attempts
from ballroom.games.vampires_harvest.state import HarvestState
from ballroom.games.vampires_harvest.turn import CODEC, REROLL, STOP, Phase


def rollout_action(state: HarvestState, player: int, rng: Rng) -> int:
    if state.step.name is Phase.REROLL:
        return CODEC.encode(fury_reroll(state, player))
    legal = state.legal_actions(player)
    return legal[rng.below(len(legal))]


def fury_reroll(state: HarvestState, seat: int) -> Action:
    """Every miss the seat may reroll while it lacks hits; else stop."""
    if attempts.hits(state, seat) >= attempts.strength(state, seat):
        return STOP()
    need = attempts.hit_number(state, seat)
    misses = tuple(face for face in attempts.rerollable(state, seat) if face < need)
    return REROLL(misses) if misses else STOP()
