"""Anything Goes: binding immediate trades of crowns and agents in hand.

On its action turn, before acting, a player may open one trade with
another player: it offers crowns and an agent from its hand and asks for
crowns and an agent (which one is the other's choice), then proposes it or
withdraws ("done"). The other player sees what is offered (the agent
offered is shown to it alone) and accepts or declines; an accepted trade is
carried out at once. Promises of future actions are left to the players.
Agents in the ranks, exposure and influence are never traded.
"""

from __future__ import annotations

from dataclasses import replace
from functools import cache

from ballroom.core import words
from ballroom.core.actions import Action
from ballroom.core.flow import Step
from ballroom.core.zones import ZoneId
from ballroom.games.dominare.state import DominareState, Trade
from ballroom.games.dominare.turn import (
    ANSWER,
    ASK_AGENT,
    ASK_CROWNS,
    DONE,
    GIVE_AGENT,
    GIVE_CROWNS,
    MAX_TRADE,
    PROPOSE,
    TRADE,
    Answer,
    Phase,
)


def trade_moves(state: DominareState, seat: int) -> tuple[Action, ...]:
    if not state.game.anything_goes or state.traded:
        return ()
    return _trades(state.game.players, seat)


@cache
def _trades(players: int, seat: int) -> tuple[Action, ...]:
    """The ``trade`` moves of ``seat`` among ``players``, made once: every action turn of
    Anything Goes offers them."""
    return tuple(TRADE(other + 1) for other in range(players) if other != seat)


def open_trade(state: DominareState, seat: int, other: int) -> None:
    assert state.pending is not None
    state.trade = Trade(seat, other, state.pending[1])
    state.traded = True
    state.say("trade", f"{state.name(seat)} opens a trade with {state.name(other)}.")
    state.step = Step.seat(Phase.OFFER, seat)


def _trade(state: DominareState) -> Trade:
    assert state.trade is not None
    return state.trade


def offer_choices(state: DominareState, seat: int) -> list[Action]:
    trade = _trade(state)
    moves: list[Action] = [PROPOSE(), DONE()]
    can_give = state.crowns[seat] - trade.give_crowns
    moves += [GIVE_CROWNS(n) for n in range(1, min(MAX_TRADE, can_give) + 1)]
    moves += [ASK_CROWNS(n) for n in range(1, MAX_TRADE + 1) if trade.ask_crowns + n <= 99]
    if not trade.give_agent:
        moves += [GIVE_AGENT(card) for card in state.zones.zone("hand", seat).cards]
    if not trade.ask_agent:
        moves.append(ASK_AGENT())
    return moves


def play_offer(state: DominareState, action: Action, seat: int) -> None:
    trade = _trade(state)
    family = action.family
    if family is GIVE_CROWNS:
        state.trade = replace(trade, give_crowns=trade.give_crowns + action["crowns"])
    elif family is ASK_CROWNS:
        state.trade = replace(trade, ask_crowns=trade.ask_crowns + action["crowns"])
    elif family is GIVE_AGENT:
        state.zones = state.zones.move(action["agent"], ZoneId("offer", seat))
        state.trade = replace(trade, give_agent=True)
    elif family is ASK_AGENT:
        state.trade = replace(trade, ask_agent=True)
    elif family is PROPOSE:
        state.trade = replace(trade, proposed=True)
        offered = state.zones.zone("offer", seat).cards
        if offered:
            state.zones = state.zones.show(offered[0], [trade.other])
        state.say(
            "propose",
            f"{state.name(seat)} offers {state.name(trade.other)} {words.count(trade.give_crowns, 'crown')}"
            f"{' and an agent' if trade.give_agent else ''} for {words.count(trade.ask_crowns, 'crown')}"
            f"{' and an agent' if trade.ask_agent else ''}.",
            reveals=trade.give_agent,
        )
        state.step = Step.seat(Phase.TRADE, trade.other)
        return
    else:
        _close(state, "withdraws the offer")
        return
    state.step = Step.seat(Phase.OFFER, seat)


def answer_choices(state: DominareState, seat: int) -> list[Action]:
    trade = _trade(state)
    can = state.crowns[seat] >= trade.ask_crowns and (
        not trade.ask_agent or bool(state.zones.zone("hand", seat).size)
    )
    return [ANSWER(Answer.YES), ANSWER(Answer.NO)] if can else [ANSWER(Answer.NO)]


def play_answer(state: DominareState, action: Action, seat: int) -> None:
    trade = _trade(state)
    if action["answer"] is Answer.NO:
        _close(state, "declines")
        return
    if trade.ask_agent:
        state.step = Step.seat(Phase.HAND_OVER, seat)
        return
    _carry_out(state, None)


def hand_over_choices(state: DominareState, seat: int) -> list[Action]:
    return [GIVE_AGENT(card) for card in state.zones.zone("hand", seat).cards]


def play_hand_over(state: DominareState, action: Action, seat: int) -> None:
    _carry_out(state, action["agent"])


def _carry_out(state: DominareState, asked: int | None) -> None:
    trade = _trade(state)
    giver, taker = trade.offerer, trade.other
    state.gain_crowns(giver, -trade.give_crowns)
    state.gain_crowns(taker, trade.give_crowns)
    state.gain_crowns(taker, -trade.ask_crowns)
    state.gain_crowns(giver, trade.ask_crowns)
    for card in state.zones.zone("offer", giver).cards:
        state.zones = state.zones.move(card, ZoneId("hand", taker))
    if asked is not None:
        state.zones = state.zones.move(asked, ZoneId("hand", giver))
    state.say(
        "traded",
        f"{state.name(taker)} accepts {state.name(giver)}'s offer.",
        reveals=asked is not None,
    )
    _close(state, "")


def _close(state: DominareState, why: str) -> None:
    """The trade is over (its agent back in hand if it was not taken); the offerer acts."""
    from ballroom.games.dominare.turn import Task

    trade = _trade(state)
    for card in state.zones.zone("offer", trade.offerer).cards:
        state.zones = state.zones.move(card, ZoneId("hand", trade.offerer))
    if why:
        who = trade.offerer if why.startswith("withdraws") else trade.other
        state.say("trade", f"{state.name(who)} {why}.")
    state.trade = None
    state.push((Task.ACTION, trade.task))
    state.proceed()
