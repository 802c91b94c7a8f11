"""The Action Phase: two actions each in player order (three in Season 7), then any
bonus actions, and the end of the Season. Epic: an action on each agent's turn instead,
rank by rank (its own ability, a district ability or a basic ability).

An action is an agent ability (an unused face-up agent, an ability
numbered at most its rank), a district ability (a district the player
controls, once per Season per district), or a basic ability: gain one
crown, Inspire (influence in one block at the district's VP per token),
Rally, Recruit (draw two, keep one), Replace (never rank 7; exposure +1;
"when revealed" resolves) or Whitewash (Season + 2 crowns a point, up or
down).

Inspire and Whitewash are two decisions each: the block (or the way) as
the action, then how much at an ``amount`` step, an operation under way
like an ability's (``abilities.py``), so an action turn offers a move per
block rather than one per block and amount.
"""

from __future__ import annotations

from collections.abc import Iterator
from functools import cache, lru_cache
from typing import TYPE_CHECKING

from ballroom.core.actions import Action, Offer
from ballroom.core.flow import Step
from ballroom.core.zones import ZoneId
from ballroom.games.dominare import canvassing, conspiracy, faces, trading
from ballroom.games.dominare.components import DECK_SIZE, Board
from ballroom.games.dominare.influence import controllers, place
from ballroom.games.dominare.state import (
    AGENT_DECK,
    AGENT_DISCARD,
    DEALT_PILES,
    HANDS,
    SEASONS,
    pending,
)
from ballroom.games.dominare.turn import (
    ABILITY,
    AGENTS,
    CATALOG,
    CROWN,
    INSPIRE,
    MAX_BUY,
    MAX_RANKS,
    OP_TASK,
    RALLY,
    RECRUIT,
    REPLACE,
    SEAT_STEPS,
    TRADE,
    USE,
    WHITEWASH,
    Direction,
    Phase,
    Task,
    block_names,
    block_of,
    inspire_moves,
)

if TYPE_CHECKING:
    from ballroom.games.dominare.state import DominareState

ACTIONS, LAST_SEASON_ACTIONS = 2, 3
REPLACE_EXPOSURE = 1
NEVER_REPLACED = 7
RECRUIT_DRAW = 2


EVENT_TASKS = ((Task.EVENT, 0), (Task.SECTIONS, 0), (Task.ADJUST, 0))
SEASON_END_TASK = (Task.SEASON_END, 0)
ACTION_STEPS = SEAT_STEPS[Phase.ACTION]
"""Each seat's action step, by seat."""


def season_tasks(state: DominareState) -> tuple[tuple[Task, int], ...]:
    """After the player order: the event, canvassing rank by rank, the actions, the end."""
    actions = LAST_SEASON_ACTIONS if state.season == SEASONS else ACTIONS
    canvass, act = Task.CANVASS, Task.ACTION  # read off the enum once (``OP_TASK``)
    return (
        *EVENT_TASKS,
        *(
            (canvass, canvassing.canvass_task(seat, rank))
            for rank in range(1, state.season + 1)
            for seat in state.order
        ),
        *(action_tasks(state) if state.game.epic else ()),
        *((act, seat) for _ in range(0 if state.game.epic else actions) for seat in state.order),
        SEASON_END_TASK,
    )


def action_tasks(state: DominareState) -> tuple[tuple[Task, int], ...]:
    """Epic: an action for each agent, all rank 1 agents first, in player order."""
    act = Task.ACTION
    return tuple(
        (act, rank * 10 + seat) for rank in range(1, state.season + 1) for seat in state.order
    )


def action(state: DominareState, task: int) -> Step[Phase]:
    """A seat's action (Epic: the turn of its agent in rank ``task // 10``)."""
    state.epic_rank = task // 10
    return ACTION_STEPS[task % 10]


def usable_abilities(state: DominareState, seat: int, traits: str = "") -> list[Action]:
    """The agent abilities ``seat`` may use now (of agents with ``traits``, if given)."""
    return [move for moves in _usable_agents(state, seat, traits) for move in moves]


def _usable_agents(
    state: DominareState, seat: int, traits: str = "", only_rank: int = 0
) -> Iterator[tuple[Action, ...]]:
    """The ability moves of each agent ``seat`` may use now, agent by agent (of agents
    with ``traits``, or in ``only_rank``, if given)."""
    down, used = state.down[seat], state.used[seat]
    for rank, card in enumerate(state.ranks[seat], 1):
        if down[rank - 1] or used[rank - 1]:  # face down, or used this Season
            continue
        if (only_rank and rank != only_rank) or (
            traits and not _matches(state, seat, rank, traits)
        ):
            continue
        yield _agent_abilities(card, rank)


@cache
def _agent_abilities(card: int, rank: int) -> tuple[Action, ...]:
    """The ability moves of agent ``card`` in ``rank`` (its abilities numbered at most the
    rank), made once per card and rank: every action turn offers them."""
    abilities = AGENTS[card].abilities
    return tuple(
        ABILITY(rank, n) for n, ability in enumerate(abilities, 1) if ability.number <= rank
    )


def _matches(state: DominareState, seat: int, rank: int, traits: str) -> bool:
    """Whether the agent has one of ``traits`` (``a|b``) or, for ``not:a,b``, none of them."""
    mine = {t.value for t in state.traits(seat, rank)}
    if traits.startswith("not:"):
        return not mine & set(traits[4:].split(","))
    return bool(mine & set(traits.split("|")))


USES = tuple((USE(district),) for district in range(len(CATALOG.districts)))
"""Each district's ``use`` move, by district, as a part of an ``Offer``."""
GAIN_CROWN, RALLY_MOVE, RECRUIT_MOVE = (CROWN(),), (RALLY(),), (RECRUIT(),)
WHITEWASH_DOWN, WHITEWASH_UP = (WHITEWASH(Direction.DOWN),), (WHITEWASH(Direction.UP),)
"""The basic abilities' moves, each a part of an ``Offer``."""


def action_choices(state: DominareState, seat: int) -> Offer:
    """The seat's actions, in parts made once (``Offer``): each usable agent's abilities
    (Epic: the acting rank's alone), each district ability, the basic abilities."""
    offer = Offer(_usable_agents(state, seat, only_rank=state.epic_rank))
    add = offer.parts.append
    control = controllers(state)
    if seat in control:
        district_used = state.district_used
        for district, holder in enumerate(control):
            if holder == seat and not district_used[district]:
                add(USES[district])
    add(GAIN_CROWN)
    crowns = state.crowns[seat]
    vp = state.vp
    if crowns >= max(vp):  # every district's price (``inspire_price``) paid
        add(every_inspire(state.board))
    else:
        for district, moves in inspire_moves(state.board):
            if crowns >= vp[district]:
                add(moves)
    ranks = state.ranks[seat]
    dead = state.dead_ranks()
    if True in state.down[seat][dead:]:  # a face-down agent that can be flipped back
        add(RALLY_MOVE)
    piles = state.zones.zones
    if piles[AGENT_DECK].cards or piles[AGENT_DISCARD].cards:
        add(RECRUIT_MOVE)
    add(_replace_moves(dead + 1, min(len(ranks), NEVER_REPLACED - 1), piles[HANDS[seat]].cards))
    if crowns >= whitewash_price(state):
        add(WHITEWASH_UP)
        if state.exposure[seat]:
            add(WHITEWASH_DOWN)
    if state.game.anything_goes:
        add(trading.trade_moves(state, seat))
    return offer


@cache
def every_inspire(board: Board) -> tuple[Action, ...]:
    """Every ``inspire`` move of ``board``, in ``inspire_moves``' order, once per board: a
    seat that pays the dearest district's price may inspire anywhere."""
    return tuple(move for _, moves in inspire_moves(board) for move in moves)


REPLACES = tuple(
    tuple(REPLACE(rank, card) for card in range(DECK_SIZE)) for rank in range(1, MAX_RANKS + 1)
)
"""The ``replace`` move of each rank (from 1) and agent card, by rank and card."""


@lru_cache(maxsize=1 << 12)
def _replace_moves(first: int, last: int, hand: tuple[int, ...]) -> tuple[Action, ...]:
    """Replace moves of ranks ``first`` to ``last`` with each agent of ``hand``, once per
    ranks and hand."""
    return tuple(REPLACES[rank - 1][card] for rank in range(first, last + 1) for card in hand)


def inspire_price(state: DominareState, district: int) -> int:
    """Crowns per influence bought: the district's VP (never below 1, the track's lowest)."""
    return state.vp[district]


def whitewash_price(state: DominareState) -> int:
    return state.season + 2


def most_inspired(state: DominareState, seat: int, block: int) -> int:
    """The most influence ``seat`` can buy in ``block`` with one Inspire (rulebook l. 730-734,
    at most ``MAX_BUY``: ruling 4)."""
    price = inspire_price(state, state.board.blocks[block].district)
    return min(MAX_BUY, state.crowns[seat] // price)


def most_whitewashed(state: DominareState, seat: int, way: Direction) -> int:
    """The most exposure ``seat`` can move ``way`` with one Whitewash, never below zero
    (rulebook l. 780-782; at most ``MAX_BUY``: ruling 4)."""
    most = min(MAX_BUY, state.crowns[seat] // whitewash_price(state))
    return most if way is Direction.UP else min(most, state.exposure[seat])


def inspire(state: DominareState, seat: int, block: int, amount: int) -> None:
    """Buy ``amount`` influence in ``block`` at the district's price, all of it in that one
    block (rulebook l. 730-734)."""
    state.gain_crowns(seat, -amount * inspire_price(state, state.board.blocks[block].district))
    place(state, seat, block, amount)
    state.say(
        "inspire",
        f"{state.name(seat)} buys {amount} influence in {block_names(state.board)[block]}.",
    )


def whitewash(state: DominareState, seat: int, way: Direction, amount: int) -> None:
    """Move the seat's exposure ``amount`` points ``way`` at Season + 2 crowns a point
    (rulebook l. 782)."""
    state.gain_crowns(seat, -amount * whitewash_price(state))
    sign = 1 if way is Direction.UP else -1
    exposure = list(state.exposure)
    exposure[seat] = max(0, exposure[seat] + sign * amount)
    state.exposure = tuple(exposure)
    state.say(
        "whitewash", f"{state.name(seat)} whitewashes: their exposure {faces.by(sign * amount)}."
    )


def play_action(state: DominareState, action: Action, seat: int) -> None:
    family = action.family
    if family is TRADE:
        trading.open_trade(state, seat, action["player"] - 1)
        return
    state.traded = False
    if family is ABILITY:
        rank, number = action.values
        use_agent(state, seat, rank, number)
    elif family is USE:
        district = action["district"]
        state.district_used = tuple(u or d == district for d, u in enumerate(state.district_used))
        ability, told = district_ability(district)
        state.say("district", f"{state.name(seat)} uses the ability of {told}")
        state.start(ability, seat, 0, "use")
    elif family is CROWN:
        state.gain_crowns(seat, 1)
        state.say("crown", f"{state.name(seat)} gains one crown.")
    elif family is INSPIRE:
        block = state.board.blocks[block_of(state.board, action)].id
        state.ops = (pending(seat, 0, "inspire", where=block), *state.ops)
        state.push((OP_TASK, seat))
    elif family is RALLY:
        rally(state, seat, "")
    elif family is RECRUIT:
        recruit(state, seat, RECRUIT_DRAW, "")
    elif family is REPLACE:
        rank, card = action.values
        replace(state, seat, rank, card)
    else:
        state.ops = (pending(seat, 0, "whitewash", target=action["way"].value), *state.ops)
        state.push((OP_TASK, seat))
    state.proceed()


@cache
def district_ability(district: int) -> tuple[str, str]:
    """A district's ability and the words that tell it (its name and what it does), put
    into words once per district: every use of it tells them."""
    ability, _ = CATALOG.district_abilities[district]
    name = CATALOG.districts[district].name
    return ability, f"{name}: {faces.ability_text(CATALOG, ability)}"


def use_agent(state: DominareState, seat: int, rank: int, number: int) -> None:
    """The agent in ``rank`` uses its ``number``-th ability (and is used for the Season)."""
    state.set_rank(seat, rank, used=True)
    agent = state.agent_at(seat, rank)
    state.say("ability", f"{state.name(seat)} uses {agent.name}'s ability {number}.")
    state.start(agent.abilities[number - 1].name, seat, rank, "use")


def rally(state: DominareState, seat: int, traits: str) -> None:
    """Flip the seat's face-down agents (with ``traits``, if given) face up."""
    for rank in range(1, len(state.ranks[seat]) + 1):
        if not state.down[seat][rank - 1] or state.dead(seat, rank):
            continue
        if traits and not state.agent_at(seat, rank).traits & _trait_set(traits):
            continue
        state.set_rank(seat, rank, down=False)
    state.say("rally", f"{state.name(seat)} rallies.")


def _trait_set(traits: str) -> frozenset[object]:
    from ballroom.games.dominare.components import Trait

    return frozenset(Trait(t) for t in traits.split("|"))


def recruit(state: DominareState, seat: int, count: int, keep_only: str) -> None:
    """Draw ``count`` agents into the seat's dealt cards, then keep one."""
    state.recruit_filter = keep_only
    draw = Task.RECRUIT_DRAW  # read off the enum once (``OP_TASK``)
    state.push(*((draw, seat) for _ in range(count)), (Task.RECRUIT_KEEP, seat))
    state.say("recruit", f"{state.name(seat)} recruits from {count} agents.")


def replace(state: DominareState, seat: int, rank: int, card: int) -> None:
    old = state.ranks[seat][rank - 1]
    state.zones = state.zones.move(old, ZoneId("removed"))
    conspiracy.enter_rank(state, seat, card, rank)
    state.adjust_exposure(seat, REPLACE_EXPOSURE)
    state.say(
        "replace",
        f"{state.name(seat)} replaces {CATALOG.agent(old).name} with {CATALOG.agent(card).name} "
        f"in rank {rank}.",
        {"seat": seat, "card": card},
    )
    conspiracy.when_revealed(state, seat, rank)


def recruit_keep(state: DominareState, seat: int) -> Step[Phase] | None:
    return Step.seat(Phase.RECRUIT, seat) if state.zones[DEALT_PILES[seat]].size else None


def play_recruit_keep(state: DominareState, action: Action, seat: int) -> None:
    (card,) = action.values
    keep_only = state.recruit_filter
    to = HANDS[seat]
    if keep_only and not CATALOG.agent(card).traits & _trait_set(keep_only):
        to = AGENT_DISCARD
    state.zones = state.zones.move(card, to)
    state.zones = state.zones.pass_all({DEALT_PILES[seat]: AGENT_DISCARD})
    state.say("recruited", f"{state.name(seat)} adds an agent to their hand.")
    state.proceed()


def season_end(state: DominareState, seat: int) -> None:
    """Bonus actions owed, then the event discarded and the Season's effects over."""
    owed = [s for s in state.order if state.bonus[s]]
    if owed:
        who = owed[0]
        state.bonus = tuple(b - (s == who) for s, b in enumerate(state.bonus))
        state.push((Task.ACTION, who), (Task.SEASON_END, 0))
        return
    state.zones = state.zones.pass_all({ZoneId("event"): ZoneId("event-discard")})
    state.doubled = False
    if state.season < SEASONS:
        state.push((Task.SEASON, 0))
    else:
        state.say("end", "The seventh Season is over.")
