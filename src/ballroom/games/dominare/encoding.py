"""A fixed-shape tensor encoding of a Dominare observation, for learners.

Built from ``observation(seat)`` alone, so it carries exactly what that seat
may see. Seats are rotated so that the observing seat comes first (a
spectator sees them in seat order); every value lies in [0, 1].

=============  =====================  ==========================================
block          size                   contents
=============  =====================  ==========================================
step           one per phase          one-hot over the phases
header         2                      seated, Season / 7
districts      2 per district         VP / 10, controlled by me
seats          5 per seat (6 seats)   present, to decide now, crowns / 50,
                                      exposure / 50, place in player order / 6
blocks         3 per block (large)    vacant, mine, influence / 10
cards          3 per agent card       in my hand, in my ranks face up, in any
                                      rank face down
=============  =====================  ==========================================
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import numpy as np
import numpy.typing as npt

from ballroom.core.state import Observation, State
from ballroom.core.view import View
from ballroom.games.dominare.components import DECK_SIZE, Side
from ballroom.games.dominare.state import NOBODY, DominareState, Shown
from ballroom.games.dominare.turn import BLOCK_NUMBER, CATALOG, MAX_PLAYERS, Phase
from ballroom.games.dominare.view import read

if TYPE_CHECKING:
    from ballroom.games.dominare.game import Dominare

PHASES = tuple(Phase)
DISTRICTS = len(CATALOG.districts)
SEAT_SIZE = 5
BLOCKS = len(CATALOG.boards[Side.LARGE].blocks)
SIZE = len(PHASES) + 2 + 2 * DISTRICTS + MAX_PLAYERS * SEAT_SIZE + 3 * BLOCKS + 3 * DECK_SIZE


def _unit(value: float, top: float) -> float:
    return min(1.0, max(0.0, value / top))


def shape(game: Dominare) -> tuple[int, ...]:
    return (SIZE,)


def encode_observation(game: Dominare, observation: Observation) -> npt.NDArray[np.float32]:
    return encode_view(read(observation), game.players, _blocks(game))


def encode_state(
    game: Dominare, state: State, seat: int | None, padded: bool = False
) -> npt.NDArray[np.float32]:
    """The seat's typed view encoded without its JSON form (every table size is laid out
    for six seats, so ``padded`` changes nothing)."""
    assert isinstance(state, DominareState)
    return encode_view(state.view(seat), game.players, _blocks(game))


def _blocks(game: Dominare) -> tuple[str, ...]:
    """The names of the board's blocks, in the order of the view's influence."""
    return tuple(block.id for block in game.board.blocks)


def encode_view(
    view: View[Phase, Shown, None], players: int, blocks: tuple[str, ...]
) -> npt.NDArray[np.float32]:
    """``encode`` of the typed view the observation is written from."""
    table = view.public
    out = np.zeros(SIZE, dtype=np.float32)
    at = 0
    out[at + PHASES.index(view.step.name)] = 1.0
    at += len(PHASES)
    out[at : at + 2] = (view.seat is not None, table.season / 7)
    at += 2
    me = view.seat if view.seat is not None else NOBODY
    for district, vp in enumerate(table.vp):
        out[at + 2 * district] = _unit(vp, CATALOG.vp_highest)
    at += 2 * DISTRICTS
    first = max(me, 0)
    for place in range(players):
        seat = (first + place) % players
        base = at + place * SEAT_SIZE
        out[base : base + SEAT_SIZE] = (
            1.0,
            float(seat in view.step.seats),
            _unit(table.crowns[seat], 50),
            _unit(table.exposure[seat], 50),
            table.order.index(seat) / MAX_PLAYERS,
        )
    at += MAX_PLAYERS * SEAT_SIZE
    for block, name in enumerate(blocks):
        base = at + 3 * BLOCK_NUMBER[name]
        owner = table.owners[block]
        out[base : base + 3] = (
            owner == NOBODY,
            owner == me != NOBODY,
            _unit(table.tokens[block], 10),
        )
    at += 3 * BLOCKS
    if me != NOBODY:
        for card in view.zones.zone("hand", me).cards or ():
            out[at + 3 * card] = 1.0
    for seat, ranks in enumerate(table.ranks):
        for rank, card in enumerate(ranks):
            if table.down[seat][rank]:
                out[at + 3 * card + 2] = 1.0
            elif seat == me:
                out[at + 3 * card + 1] = 1.0
    return out
