"""The Event Phase: the top event, its Season-gated sections, and the adjustment.

A section is resolved when its Season number is at most the current
Season; "also" adds it to those above, "instead" replaces the one just
above. Its keyword says who is affected: All (in player order), the
Scapegoat, the Lowest Exposure (every tied player), a district (whoever
controls it), or the board itself (an effect on blocks, done for the
scapegoat). Then the scapegoat raises one of the event's two seal
districts by its number and lowers the other by its own.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ballroom.core.actions import Action
from ballroom.core.flow import Step
from ballroom.core.zones import ZoneId
from ballroom.games.dominare.components import EventCard, Mode, Section
from ballroom.games.dominare.influence import controller
from ballroom.games.dominare.state import NOBODY
from ballroom.games.dominare.turn import CATALOG, RAISE, Phase

if TYPE_CHECKING:
    from ballroom.games.dominare.state import DominareState


def reveal_event(state: DominareState, seat: int) -> Step[Phase] | None:
    """The top event: the one a player looked at if any, else drawn by chance."""
    top = state.zones.zone("event-top").cards
    if top:
        event_revealed(state, top[-1])
        return None
    if not state.zones.zone("event-deck").size:
        return None
    return Step.chance(Phase.EVENT)


def event_revealed(state: DominareState, card: int) -> None:
    state.zones = state.zones.move(card, ZoneId("event"))
    state.say("event", f"The event is {CATALOG.event(card).name}.", {"card": card}, reveals=True)


def current(state: DominareState) -> EventCard | None:
    cards = state.zones.zone("event").cards
    return CATALOG.event(cards[-1]) if cards else None


INSTEAD = Mode.INSTEAD
"""Read off the enum once (``turn.OP_TASK``): every section is asked."""


def active_sections(event: EventCard, season: int) -> list[Section]:
    """The sections resolved in ``season``, top to bottom."""
    active: list[Section] = []
    for section in event.sections:
        if section.season > season:
            continue
        if section.mode is INSTEAD and active:
            active.pop()
        active.append(section)
    return active


def affected(state: DominareState, who: str) -> list[int]:
    """The players a section's keyword names, in player order."""
    if who in ("all",):
        return list(state.order)
    if who in ("scapegoat", "board"):
        return [state.order[0]]
    if who == "lowest-exposure":
        low = min(state.exposure)
        return [s for s in state.order if state.exposure[s] == low]
    holder = controller(state, CATALOG.district(who))
    return [] if holder == NOBODY else [holder]


def sections(state: DominareState, seat: int) -> None:
    """Queue every active section's operations for each affected player, in order."""
    event = current(state)
    if event is None:
        return
    queue = [
        (section.ability, s)
        for section in active_sections(event, state.season)
        for s in affected(state, section.who)
    ]
    for ability, s in reversed(queue):
        state.start(ability, s, 0, "event")


def adjust(state: DominareState, seat: int) -> Step[Phase] | None:
    if current(state) is None:
        return None
    return Step.seat(Phase.ADJUST, state.order[0])


def adjust_choices(state: DominareState, seat: int) -> list[Action]:
    event = current(state)
    assert event is not None
    return [RAISE(district) for district, _ in event.seals]


def play_adjust(state: DominareState, action: Action, seat: int) -> None:
    event = current(state)
    assert event is not None
    up = action["district"]
    for district, amount in event.seals:
        state.adjust_vp(district, amount if district == up else -amount)
    names = [CATALOG.districts[d].name for d, _ in event.seals]
    raised = CATALOG.districts[up].name
    lowered = next(n for n in names if n != raised)
    state.say("adjust", f"{state.name(seat)} raises {raised} and lowers {lowered}.")
    state.proceed()
