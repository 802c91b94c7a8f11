"""The rules by task and by step: which module plays each, in one table.

``HANDLERS`` runs an agenda task (returning the step it waits at, if any);
``CHOICES`` lists a seat's moves at a step; ``PLAYERS`` plays one. Chance
steps play by the task that waits: an agent card goes to the pile its task
draws for, an event to the table (or on top of the deck, for a look).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from ballroom.core.flow import Step
from ballroom.core.zones import ZoneId
from ballroom.games.dominare import (
    abilities,
    action_phase,
    canvassing,
    conspiracy,
    events_phase,
    setup,
    trading,
)
from ballroom.games.dominare.components import DECK_SIZE
from ballroom.games.dominare.turn import DRAW, EVENT, Phase, Task

if TYPE_CHECKING:
    from ballroom.core.actions import Action
    from ballroom.games.dominare.state import DominareState

Handler = Callable[["DominareState", int], "Step[Phase] | None"]
Choices = Callable[["DominareState", int], "list[Action]"]
Player = Callable[["DominareState", "Action", int], None]

HANDLERS: dict[Task, Handler] = {
    Task.DEAL: setup.deal,
    Task.LEARNING: setup.learning,
    Task.KEEP: setup.keep,
    Task.RETURN: setup.return_dealt,
    Task.SEASON: conspiracy.season,
    Task.DRAFT_PICK: setup.draft_pass,
    Task.DRAFT_END: setup.draft_end,
    Task.SELECT_DRAW: conspiracy.select_draw,
    Task.SELECT: conspiracy.select,
    Task.REVEAL: conspiracy.reveal,
    Task.REVEALED: conspiracy.revealed,
    Task.ORDER: conspiracy.order,
    Task.EVENT: events_phase.reveal_event,
    Task.SECTIONS: events_phase.sections,
    Task.ADJUST: events_phase.adjust,
    Task.CANVASS: canvassing.canvass,
    Task.ACTION: action_phase.action,
    Task.OP: abilities.op,
    Task.RECRUIT_DRAW: setup.deal,
    Task.RECRUIT_KEEP: action_phase.recruit_keep,
    Task.SEASON_END: action_phase.season_end,
    Task.BLIND_DRAW: setup.blind_draw,
    Task.BLIND_DISCARD: setup.discard_step,
    Task.BLIND_MERGE: setup.blind_merge,
}

CHOICES: dict[Phase, Choices] = {
    Phase.KEEP: setup.keep_choices,
    Phase.SELECT: conspiracy.select_choices,
    Phase.RECRUIT: setup.keep_choices,
    Phase.CANVASS: canvassing.canvass_choices,
    Phase.SPREAD: canvassing.spread_choices,
    Phase.ACTION: action_phase.action_choices,
    Phase.EXTRA: abilities.choices,
    Phase.BLOCK: abilities.choices,
    Phase.PLAYER: abilities.choices,
    Phase.DISTRICT: abilities.choices,
    Phase.AGENT: abilities.choices,
    Phase.SIGN: abilities.choices,
    Phase.SPEND: abilities.choices,
    Phase.AMOUNT: abilities.choices,
    Phase.ADJUST: events_phase.adjust_choices,
    Phase.DECK: setup.deck_choices,
    Phase.DISCARD: setup.discard_choices,
    Phase.OFFER: trading.offer_choices,
    Phase.TRADE: trading.answer_choices,
    Phase.HAND_OVER: trading.hand_over_choices,
}

DRAWN_TO = {
    Task.DEAL: "dealt",
    Task.RECRUIT_DRAW: "dealt",
    Task.SELECT_DRAW: "chosen",
}
"""Where the agent drawn for each task goes (the seat's own pile)."""


def chances(state: DominareState) -> list[tuple[Action, float]]:
    """The agent, event or starting conspiracy chance deals."""
    if state.step.name is Phase.CONSPIRACY:
        return setup.conspiracy_outcomes(state)
    return [(drawn(state, card), p) for card, p in state.zones.draw_outcomes(pile(state))]


def pile(state: DominareState) -> ZoneId:
    """The pile a chance draw takes its card from."""
    if state.step.name is Phase.EVENT:
        return ZoneId("event-deck")
    return ZoneId(f"deck-{state.blind_deck}") if state.blind_deck else ZoneId("agent-deck")


def drawn(state: DominareState, card: int) -> Action:
    """The chance move that draws ``card``."""
    return EVENT(card - DECK_SIZE) if state.step.name is Phase.EVENT else DRAW(card)


def play_draw(state: DominareState, action: Action, seat: int) -> None:
    assert state.pending is not None
    task, owner = state.pending
    card = action["agent"]
    to = "hand" if state.blind_deck else DRAWN_TO[task]
    state.zones = state.zones.move(card, ZoneId(to, owner))
    state.blind_deck = ""
    state.say("draw", f"{state.name(owner)} draws an agent.")
    state.proceed()


def play_event(state: DominareState, action: Action, seat: int) -> None:
    assert state.pending is not None
    card = action["event"] + DECK_SIZE
    if state.pending[0] is Task.OP:
        abilities.peeked(state, card)
    else:
        events_phase.event_revealed(state, card)
    state.proceed()


PLAYERS: dict[Phase, Player] = {
    Phase.DRAW: play_draw,
    Phase.EVENT: play_event,
    Phase.CONSPIRACY: setup.play_conspiracy,
    Phase.KEEP: setup.play_keep,
    Phase.SELECT: conspiracy.play_select,
    Phase.RECRUIT: action_phase.play_recruit_keep,
    Phase.CANVASS: canvassing.play_first,
    Phase.SPREAD: canvassing.play_spread,
    Phase.ACTION: action_phase.play_action,
    Phase.EXTRA: abilities.extra_played,
    Phase.BLOCK: abilities.play,
    Phase.PLAYER: abilities.play,
    Phase.DISTRICT: abilities.play,
    Phase.AGENT: abilities.play,
    Phase.SIGN: abilities.play,
    Phase.SPEND: abilities.play,
    Phase.AMOUNT: abilities.play,
    Phase.ADJUST: events_phase.play_adjust,
    Phase.DECK: setup.play_deck,
    Phase.DISCARD: setup.play_discard,
    Phase.OFFER: trading.play_offer,
    Phase.TRADE: trading.play_answer,
    Phase.HAND_OVER: trading.play_hand_over,
}
