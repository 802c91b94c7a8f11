"""The Canvassing Phase: income, then influence, rank by rank in player order.

An agent's influence (plus one when networking: a face-up neighbour in
the ranks shares a trait; never for Nobility) goes on one block of its
home district (the Swamp: any of its three districts; Culture: anywhere;
Nobility never canvasses). Spreading: each further block costs a crown and
must be adjacent to the first block, in at most one district besides the
first's (a first block in the Canals spreads into any district it touches:
the sample turn). Shadowmen ignore adjacency when spreading, and place
their first influence outside the Swamp for a crown.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache, lru_cache
from typing import TYPE_CHECKING

from ballroom.core.actions import Action
from ballroom.core.flow import Step
from ballroom.games.dominare.components import CANALS, Board, Faction
from ballroom.games.dominare.influence import board_blocks_in, place
from ballroom.games.dominare.state import NOBODY, Canvass, crowns, ranks_traits
from ballroom.games.dominare.turn import (
    AGENTS,
    CATALOG,
    DONE,
    SEAT_STEPS,
    Phase,
    block_names,
    block_of,
    place_moves,
)

if TYPE_CHECKING:
    from ballroom.games.dominare.state import DominareState


CANVASS_STEPS, SPREAD_STEPS = SEAT_STEPS[Phase.CANVASS], SEAT_STEPS[Phase.SPREAD]
"""Each seat's step choosing its first block, and spreading: one per canvassing agent and
influence, read off the module rather than the enums."""
SHADOWMEN, NOBILITY = Faction.SHADOWMEN, Faction.NOBILITY


def influence(state: DominareState, seat: int, rank: int) -> int:
    """The influence the agent in ``rank`` places when canvassing (0 when face down)."""
    if not 0 < rank <= len(state.ranks[seat]):
        return 0
    return _influences(state.ranks[seat], state.down[seat])[rank - 1]


@lru_cache(maxsize=1 << 14)
def _influences(cards: tuple[int, ...], down: tuple[bool, ...]) -> tuple[int, ...]:
    """Each rank's ``influence`` for one seat's ranks ``cards`` with ``down`` face down:
    none face down or for Nobility, one more when networking (a face-up neighbour shares a
    trait); worked out once per such ranks, as every agent canvasses each Season."""
    traits = ranks_traits(cards, down)
    last = len(cards) - 1
    found = []
    for index, card in enumerate(cards):
        agent = CATALOG.agent(card)
        if down[index] or agent.faction is NOBILITY:
            found.append(0)
            continue
        mine = traits[index]
        near = (index - 1, index + 1)
        networked = any(mine & traits[other] for other in near if 0 <= other <= last)
        found.append(agent.influence + networked)
    return tuple(found)


def canvass_task(seat: int, rank: int) -> int:
    """The argument of the task canvassing ``seat``'s agent in ``rank``."""
    return rank * 10 + seat


def canvass(state: DominareState, task: int) -> Step[Phase] | None:
    """The agent in the rank being canvassed collects its income, then places influence."""
    seat, rank = task % 10, task // 10
    cards, down = state.ranks[seat], state.down[seat]
    if not 0 < rank <= len(cards) or down[rank - 1]:  # no agent there, or face down
        return None
    agent = AGENTS[cards[rank - 1]]
    if agent.income:
        state.gain_crowns(seat, agent.income)
        state.say("income", f"{agent.name} brings {state.name(seat)} {crowns(agent.income)}.")
    amount = _influences(cards, down)[rank - 1]
    if not amount:
        return None
    state.canvass = canvass_record(seat, rank, amount)
    return CANVASS_STEPS[seat]


@lru_cache(maxsize=1 << 12)
def canvass_record(
    seat: int, rank: int, left: int, first: int = NOBODY, placed: tuple[tuple[int, int], ...] = ()
) -> Canvass:
    """The ``Canvass`` of these fields, one value for equal fields: a frozen record costs
    more to make than to look up, and the agents canvass with a few amounts each Season."""
    return Canvass(seat, rank, left, first, placed)


@cache
def _outside(board: Board, where: str) -> tuple[int, ...]:
    """The blocks outside those ``where`` names, in order, worked out once per board: a
    Shadowmen agent may start there for a crown."""
    inside = set(board_blocks_in(board, where))
    return tuple(b for b in range(len(board.blocks)) if b not in inside)


def canvass_choices(state: DominareState, seat: int) -> Sequence[Action]:
    faction = _faction(state, _work(state))
    paying = faction is SHADOWMEN and state.crowns[seat] >= 1
    return _first_moves(state.board, faction, paying)


@cache
def _first_moves(board: Board, faction: Faction, paying: bool) -> tuple[Action, ...]:
    """The ``place`` moves of the first blocks, in block order: the home's, and when
    ``paying`` a crown (Shadowmen) the rest; made once per board, faction and either."""
    blocks = {*board_blocks_in(board, faction.home)}
    if paying:
        blocks.update(_outside(board, faction.home))
    moves = place_moves(board)
    return tuple(moves[b] for b in sorted(blocks))


@cache
def _home(board: Board, faction: Faction) -> frozenset[int]:
    """The blocks ``faction`` canvasses for free, once per board and faction."""
    return frozenset(board_blocks_in(board, faction.home))


def play_first(state: DominareState, action: Action, seat: int) -> None:
    work = _work(state)
    block = block_of(state.board, action)
    if block not in _home(state.board, _faction(state, work)):
        state.gain_crowns(seat, -1)  # a Shadowmen agent starting outside the Swamp
    _go_on(state, seat, work.rank, work.left - 1, block, ((block, 1),))


def spread_blocks(
    board: Board, first: int, used: tuple[int, ...], paying: bool, anywhere: bool
) -> list[int]:
    """The blocks the next influence may go on: those already ``used``, and (when
    ``paying`` a crown) a new block the spreading rules allow after a ``first`` block
    (``anywhere``: Shadowmen)."""
    if not paying:
        return list(used)
    if anywhere:
        return list(range(len(board.blocks)))
    first_district = board.blocks[first].district
    others = {board.blocks[b].district for b in used} - {first_district}
    canal_first = CATALOG.districts[first_district].id == CANALS
    allowed = []
    for block in board.adjacent[first]:
        district = board.blocks[block].district
        if district == first_district or canal_first or not others or district in others:
            allowed.append(block)
    return sorted({*used, *allowed})


def spread_choices(state: DominareState, seat: int) -> Sequence[Action]:
    work = _work(state)
    paying = state.crowns[seat] >= 1
    anywhere = paying and _faction(state, work) is SHADOWMEN
    used, _ = zip(*work.placed, strict=True)
    return _spread_moves(state.board, work.first, used, paying, anywhere)


@lru_cache(maxsize=1 << 12)
def _spread_moves(
    board: Board, first: int, used: tuple[int, ...], paying: bool, anywhere: bool
) -> tuple[Action, ...]:
    """``spread_blocks``' ``place`` moves and ``done``, made once per board, first block
    and blocks used: an agent spreads one influence at a time."""
    moves = place_moves(board)
    return (*(moves[b] for b in spread_blocks(board, first, used, paying, anywhere)), DONE())


def play_spread(state: DominareState, action: Action, seat: int) -> None:
    work = _work(state)
    if action.family is DONE:
        _place_all(state, seat, work.left, work.placed)
        return
    block = block_of(state.board, action)
    spread = dict(work.placed)
    if block not in spread:
        state.gain_crowns(seat, -1)
    spread[block] = spread.get(block, 0) + 1
    _go_on(state, seat, work.rank, work.left - 1, work.first, tuple(spread.items()))


def _go_on(
    state: DominareState,
    seat: int,
    rank: int,
    left: int,
    first: int,
    placed: tuple[tuple[int, int], ...],
) -> None:
    """Ask for the next influence (the agent's ``Canvass`` as it stands now), or place them
    all when none is left to spread."""
    if left and (state.crowns[seat] >= 1 or len(placed) > 1):  # spread on
        state.canvass = canvass_record(seat, rank, left, first, placed)
        state.step = SPREAD_STEPS[seat]
    else:
        _place_all(state, seat, left, placed)


def _place_all(
    state: DominareState, seat: int, left: int, placed: tuple[tuple[int, int], ...]
) -> None:
    """The influence ``placed`` where it was spread, what is ``left`` on the first block
    (the first placed)."""
    (first, on_first), *spread = placed
    names = block_names(state.board)
    who = state.name(seat)
    for block, amount in ((first, on_first + left), *spread):
        place(state, seat, block, amount)
        state.say(
            "place",
            f"{who} places {amount} influence in {names[block]}.",
            {"seat": seat, "block": block, "amount": amount},
        )
    state.canvass = None
    state.proceed()


def _work(state: DominareState) -> Canvass:
    assert state.canvass is not None
    return state.canvass


def _faction(state: DominareState, work: Canvass) -> Faction:
    """The faction of the agent canvassing."""
    return AGENTS[state.ranks[work.seat][work.rank - 1]].faction
