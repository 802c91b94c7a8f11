"""Scoring: VP for districts and blocks controlled and for agents that give bonus VP, less
VP for exposure; ties by crowns.

The player(s) with the lowest exposure lose nothing; the player(s) with the
most lose one VP per three full points; everyone else one per five. The
most VP wins; a tie goes to the most crowns; a tie in both is shared.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ballroom.games.dominare.influence import controller
from ballroom.games.dominare.state import NOBODY
from ballroom.games.dominare.turn import CATALOG

if TYPE_CHECKING:
    from ballroom.games.dominare.state import DominareState

MOST_EXPOSED, OTHERS = 3, 5


def exposure_penalties(exposure: tuple[int, ...]) -> tuple[int, ...]:
    """VP each player loses for its exposure."""
    low, high = min(exposure), max(exposure)
    return tuple(
        0 if e == low else e // MOST_EXPOSED if e == high else e // OTHERS for e in exposure
    )


def control_vp(state: DominareState) -> tuple[int, ...]:
    """Each player's VP for the districts and blocks it controls and its agents' bonuses."""
    vp = [0] * state.game.players
    for district in range(len(state.vp)):
        holder = controller(state, district)
        if holder != NOBODY:
            vp[holder] += state.vp[district]
    for block, owner in enumerate(state.owners):
        if owner != NOBODY:
            vp[owner] += state.board.blocks[block].vp
    for seat, ranks in enumerate(state.ranks):
        vp[seat] += sum(CATALOG.agent(card).vp for card in ranks)
    return tuple(vp)


def scores(state: DominareState) -> tuple[int, ...]:
    penalties = exposure_penalties(state.exposure)
    return tuple(v - p for v, p in zip(control_vp(state), penalties, strict=True))


def ranking(state: DominareState) -> list[list[int]]:
    """Seats grouped best first by VP, then crowns."""
    keys = {s: (scores(state)[s], state.crowns[s]) for s in range(state.game.players)}
    groups: list[list[int]] = []
    for seat in sorted(keys, key=lambda s: keys[s], reverse=True):
        if groups and keys[groups[-1][0]] == keys[seat]:
            groups[-1].append(seat)
        else:
            groups.append([seat])
    return groups
