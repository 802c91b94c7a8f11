"""Influence: the struggle for control of blocks and districts.

A block holds the influence of one player at most: influence placed on a
rival's block destroys the rival's in pairs until one colour remains. A
player controls a district by controlling more of its blocks than any other
player; a tie for the most controls nothing.
"""

from __future__ import annotations

from functools import cache
from typing import TYPE_CHECKING

from ballroom.games.dominare.components import SWAMP, Board
from ballroom.games.dominare.state import NOBODY
from ballroom.games.dominare.turn import CATALOG

if TYPE_CHECKING:
    from ballroom.games.dominare.state import DominareState


def place(state: DominareState, seat: int, block: int, amount: int) -> None:
    """``amount`` of ``seat``'s influence placed on ``block``: added to its own, or the
    rival tokens removed in pairs with it until one colour remains."""
    owner, tokens = state.owners[block], state.tokens[block]
    if owner in (NOBODY, seat):
        owner, tokens = seat, tokens + amount
    elif amount > tokens:
        owner, tokens = seat, amount - tokens
    else:
        tokens -= amount
    _set(state, block, owner if tokens else NOBODY, tokens)


def remove(state: DominareState, block: int, amount: int) -> int:
    """Up to ``amount`` influence removed from ``block``; how many were."""
    taken = min(amount, state.tokens[block])
    left = state.tokens[block] - taken
    _set(state, block, state.owners[block] if left else NOBODY, left)
    return taken


def _set(state: DominareState, block: int, owner: int, tokens: int) -> None:
    """The block's owner and tokens; who controls the districts, if counted for the owners
    before, counted again for this block's district alone (no other can change hands).
    The owners stay the same tuple while the block's owner stays (most placements), so
    that what was counted for them still holds."""
    counts = list(state.tokens)
    counts[block] = tokens
    state.tokens = tuple(counts)
    before = state.owners
    if before[block] == owner:
        return
    changed = list(before)
    changed[block] = owner
    owners = state.owners = tuple(changed)
    counted = state.counted_control
    if counted is not None and counted[0] is before:
        board = state.board
        district = board.blocks[block].district
        control = list(counted[1])
        span = district_spans(board)[district]
        control[district] = _counted(owners[span], range(state.game.players))
        state.counted_control = (owners, tuple(control))


def controller(state: DominareState, district: int) -> int:
    """Who controls ``district``: the most blocks controlled, alone (else ``NOBODY``)."""
    return controllers(state)[district]


def controllers(state: DominareState) -> tuple[int, ...]:
    """Who controls each district, as ``controller`` says, counted once and kept as the
    blocks change (``DominareState.counted_control``)."""
    counted = state.counted_control
    owners = state.owners
    if counted is None or counted[0] is not owners:
        seats = range(state.game.players)
        control = tuple(_counted(owners[span], seats) for span in district_spans(state.board))
        counted = state.counted_control = (owners, control)
    return counted[1]


def _counted(owners: tuple[int, ...], seats: range) -> int:
    """Who controls a district whose blocks' ``owners`` these are: the one seat of ``seats``
    holding the most, if any holds one."""
    held = list(map(owners.count, seats))
    best = max(held)
    return held.index(best) if best and held.count(best) == 1 else NOBODY


@cache
def district_spans(board: Board) -> tuple[slice, ...]:
    """Each district's blocks as a slice of the blocks (a district's blocks follow on, on
    either side), once per board: who controls a district is counted on its slice of the
    owners."""
    spans = []
    for blocks in board.district_blocks:
        if blocks != tuple(range(blocks[0], blocks[-1] + 1)):
            raise ValueError(f"the blocks of a district must follow on, not {blocks}")
        spans.append(slice(blocks[0], blocks[-1] + 1))
    return tuple(spans)


def districts_named(where: str) -> list[int]:
    """The districts an ability's ``where`` names: one district, ``swamp`` (each Swamp
    district), ``any``/``every``/``chosen`` (all), or ``not:<district>`` (all but one)."""
    everything = list(range(len(CATALOG.districts)))
    if where.startswith("not:"):
        return [d for d in everything if CATALOG.districts[d].id != where[4:]]
    if where == SWAMP:
        return [d for d in everything if CATALOG.districts[d].swamp]
    if where in ("any", "every", "chosen", ""):
        return everything
    return [CATALOG.district(where)]


def blocks_in(state: DominareState, where: str) -> tuple[int, ...]:
    """Every block of the districts ``where`` names."""
    return board_blocks_in(state.board, where)


@cache
def board_blocks_in(board: Board, where: str) -> tuple[int, ...]:
    """``blocks_in`` on ``board``, worked out once per place named: every canvassing agent
    and many abilities ask for the blocks of their districts."""
    return tuple(b for d in districts_named(where) for b in board.district_blocks[d])
