"""Setup and the Prepare phase: the turn marker, Initiative, the Blood Pool, the Event,
Power Broker auctions and Skill upgrades.

Setup (turn 1) deals one Bloodstone to each player and two Early
Opportunities to each Area, chance picks the first Initiative holder, and
then the turn's Prepare steps 1C-1F stand for Setup 6-9. Every later turn
begins with 1A (the turn marker) and 1B (Initiative passes to the right,
that is to the previous seat, seats being numbered clockwise).
"""

from __future__ import annotations

from functools import cache
from typing import TYPE_CHECKING

from ballroom.core import effects as fx
from ballroom.core.flow import Step
from ballroom.games.vampires_harvest import cards, chronicle
from ballroom.games.vampires_harvest.components import MAX_LEVEL, Deck, Lasts, Moment
from ballroom.games.vampires_harvest.faces import SKILL_WORDS
from ballroom.games.vampires_harvest.state import (
    HAND,
    OPPORTUNITIES_PER_AREA,
    Auction,
    HarvestState,
)
from ballroom.games.vampires_harvest.turn import (
    BID,
    BROKER,
    CATALOG,
    DONE,
    MAX_BID,
    NO_MOVE,
    PASS,
    RAISE,
    STONE,
    STONES,
    Phase,
    Skill,
    Task,
)

if TYPE_CHECKING:
    from ballroom.core.actions import Action

Agenda = tuple[tuple[Task, int], ...]


def setup_agenda(state: HarvestState) -> Agenda:
    """Setup 1-9, then the first turn's actions."""
    seats = range(state.game.players)
    deals = [(Task.DEAL_BLOODSTONE, seat) for seat in seats]
    areas = range(1, state.areas + 1)
    deals += [(Task.DEAL_OPPORTUNITY, a) for a in areas for _ in range(OPPORTUNITIES_PER_AREA)]
    return (*deals, (Task.FIRST_INITIATIVE, 0), *turn_agenda(state, first=True))


def turn_agenda(state: HarvestState, *, first: bool) -> Agenda:
    """One turn: Prepare (1A-1F; Setup 5-9 on turn 1), Select Actions, and the reveal,
    which queues the resolutions."""
    begin = () if first else ((Task.ADVANCE_TURN, 0), (Task.PASS_INITIATIVE, 0))
    dice = ((Task.POOL_DIE, 0),) * state.game.players
    closing = ((Task.CLOSING_DIE, 0),) if state.two_player else ()
    rest = (Task.EVENT, Task.BROKER, Task.SKILLS, Task.SELECT, Task.REVEAL, Task.END_TURN)
    return (*begin, *dice, *closing, *((task, 0) for task in rest))


# -- tasks ----------------------------------------------------------------------


def deal_bloodstone(state: HarvestState, seat: int) -> Step[Phase] | None:
    return cards.draw_step(state, Deck.BLOODSTONE)


def deal_opportunity(state: HarvestState, area: int) -> Step[Phase] | None:
    return cards.draw_step(state, state.current_deck())


def first_initiative(state: HarvestState, _: int) -> Step[Phase] | None:
    return Step.chance(Phase.FIRST)


def advance_turn(state: HarvestState, _: int) -> None:
    state.turn += 1
    turn = state.turn
    state.say("turn", lambda d: f"Turn {d['turn']} begins.", {"turn": turn})


def pass_initiative(state: HarvestState, _: int) -> None:
    state.initiative = (state.initiative - 1) % state.game.players
    who = state.name(state.initiative)
    state.say("initiative", f"The Initiative marker passes right, to {who}.")


def roll_die(state: HarvestState, _: int) -> Step[Phase] | None:
    return Step.chance(Phase.ROLL)


def reveal_event(state: HarvestState, _: int) -> Step[Phase] | None:
    return cards.draw_step(state, Deck.EVENT)


def event_revealed(state: HarvestState, card: int) -> None:
    """1D: a one-time Event acts at once for every player; one for the turn may close an Area."""
    event = CATALOG.cards[card]
    state.say("event", f"Event: {event.name}. {event.says}", {"card": card})
    if event.lasts is Lasts.ONE_TIME:
        for seat in state.order():
            state.run_ability(card, seat, "revealed")
    if (
        event.closes is not None
        and event.closes <= state.areas
        and event.closes not in state.closed
    ):
        state.closed = (*state.closed, event.closes)


def pool_rolled(state: HarvestState, face: int) -> None:
    state.pool += face
    state.say("pool", lambda d: f"{d['face']} Blood flows into the Pool.", {"face": face})


def closing_rolled(state: HarvestState, face: int) -> None:
    """Two-player option (RULINGS 1): a 1 closes Area 1, a 2 closes Area 2 for the turn."""
    if face in (1, 2) and face not in state.closed:
        state.closed = (*state.closed, face)
        state.say("closed", f"The closing die shows {face}: Area {face} is closed this turn.")
    else:
        state.say("closed", f"The closing die shows {face}: every Area is open.")


def first_player(state: HarvestState, seat: int) -> None:
    state.initiative = seat
    chronicle.note(state, seat, first_initiative=True)
    state.say("initiative", f"{state.name(seat)} starts with the Initiative marker.")


# -- Power Broker ------------------------------------------------------------------


def broker(state: HarvestState, _: int) -> Step[Phase] | None:
    """1E: each player still holding Power Broker may play it, in Initiative order."""
    holders = [seat for seat in state.order() if not state.broker_used[seat]]
    return Step.each(Phase.BROKER, holders) if holders else None


OPENINGS = tuple(BROKER(bid) for bid in range(1, MAX_BID + 1))
"""Every opening bid, made once (a seat is offered one per Blood it owns)."""
RAISES = tuple(BID(bid) for bid in range(1, MAX_BID + 1))


def broker_choices(state: HarvestState, seat: int) -> list[Action]:
    top = min(state.blood[seat], MAX_BID)
    return [*OPENINGS[:top], NO_MOVE[PASS]]


def play_broker(state: HarvestState, action: Action, seat: int) -> None:
    if action.family is PASS:
        after = state.step.after(seat)
        if after is not None:
            state.step = after
            return
        state.proceed()
        return
    used = list(state.broker_used)
    used[seat] = True
    state.broker_used = tuple(used)
    bid = action["blood"]
    n = state.game.players
    bidders = tuple((seat + i) % n for i in range(n))
    state.auction = Auction(bid, seat, bidders)
    state.say("broker", f"{state.name(seat)} plays Power Broker and bids {bid} Blood.")
    state.step = Step.seat(Phase.AUCTION, _next_bidder(state, seat))


def _next_bidder(state: HarvestState, after: int) -> int:
    auction = state.auction
    assert auction is not None
    n = state.game.players
    for i in range(1, n + 1):
        seat = (after + i) % n
        if seat in auction.bidders and seat != auction.leader:
            return seat
    return auction.leader


def auction_choices(state: HarvestState, seat: int) -> list[Action]:
    assert state.auction is not None
    top = min(state.blood[seat], MAX_BID)
    return [*RAISES[state.auction.bid : top], NO_MOVE[PASS]]


def play_auction(state: HarvestState, action: Action, seat: int) -> None:
    """Raise or drop out; the last bidder in pays and takes the Initiative for the turn."""
    auction = state.auction
    assert auction is not None
    if action.family is PASS:
        bidders = tuple(s for s in auction.bidders if s != seat)
        auction = Auction(auction.bid, auction.leader, bidders)
        state.say("auction", f"{state.name(seat)} drops out.")
    else:
        (bid,) = action.values
        auction = Auction(bid, seat, auction.bidders)
        state.say("auction", f"{state.name(seat)} bids {bid} Blood.")
    state.auction = auction
    if auction.bidders == (auction.leader,):
        winner = auction.leader
        state.gain_blood(winner, -auction.bid)
        state.initiative = winner
        state.initiative_locked = True
        state.auction = None
        chronicle.note(state, winner, auctions_won=state.deeds[winner].auctions_won + 1)
        state.say(
            "auction",
            f"{state.name(winner)} pays {auction.bid} Blood and takes the Initiative marker.",
        )
        state.proceed()
        return
    state.step = Step.seat(Phase.AUCTION, _next_bidder(state, seat))


# -- Skills -----------------------------------------------------------------------


def skills(state: HarvestState, _: int) -> Step[Phase]:
    """1F (Setup 9): each player in Initiative order raises Skills and may play a
    Prepare Bloodstone; every player meets this step, whatever it holds."""
    return Step.each(Phase.SKILLS, state.order())


STONE_PLAYS = tuple(
    (card.moment, None if card.moment is None else CATALOG.effects.abilities[card.ability or ""])
    for card in CATALOG.cards
)
"""Each card's moment (``None`` but for a Bloodstone) and, for a Bloodstone, its ability."""


def playable_stones(state: HarvestState, seat: int, moment: Moment) -> list[int]:
    """The Bloodstones in ``seat``'s hand it may play at ``moment`` now."""
    found = []
    for card in state.zones[HAND[seat]].cards:
        at, ability = STONE_PLAYS[card]
        if at is moment and ability is not None:
            conditions = ability.conditions
            if not conditions or fx.holds(state, seat, ability.name, conditions):
                found.append(card)
    return found


SKILL_RAISES = tuple(RAISE(skill) for skill in Skill)
"""Each Skill's raise, in the order a seat's levels list the Skills."""


def skill_choices(state: HarvestState, seat: int) -> list[Action]:
    raises = skill_raises(state.skill_points[seat], state.skills[seat])
    stones = [STONES[card] for card in playable_stones(state, seat, Moment.PREPARE)]
    return [*raises, *stones, NO_MOVE[DONE]]


@cache
def skill_raises(points: int, levels: tuple[int, ...]) -> tuple[Action, ...]:
    """The raises ``points`` Skill Points buy from ``levels`` (one level up, for the level
    reached), worked out once for each: every seat is asked at every Prepare phase."""
    return tuple(
        move
        for move, level in zip(SKILL_RAISES, levels, strict=True)
        if level < MAX_LEVEL and points >= level + 1
    )


def play_stone(state: HarvestState, card: int, seat: int, moment: Moment) -> None:
    """Play a Bloodstone: shown to all, discarded, its ability done."""
    state.zones = state.zones.move(card, cards.discard_of(card))
    stone = CATALOG.cards[card]
    state.say(
        "bloodstone",
        f"{state.name(seat)} plays {stone.name}: {stone.says}",
        {"card": card},
        reveals=True,
    )
    state.run_ability(card, seat, moment.value)


def play_skills(state: HarvestState, action: Action, seat: int) -> None:
    if action.family is RAISE:
        (skill,) = action.values
        level = state.level(seat, skill) + 1
        state.gain_points(seat, -level)
        state.raise_skill(seat, skill)
        state.say("skill", f"{state.name(seat)} raises {SKILL_WORDS[skill]} to {level}.")
        return
    if action.family is STONE:
        (card,) = action.values
        play_stone(state, card, seat, Moment.PREPARE)
        return
    after = state.step.after(seat)
    if after is not None:
        state.step = after
        return
    state.proceed()
