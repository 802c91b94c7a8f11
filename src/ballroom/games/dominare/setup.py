"""Set-up, the Seasons' frame and Drafting Agents.

Set-up: five crowns each; the youngest (seat 1) starts as the scapegoat,
player order running to the left; eight agents dealt to each player, who
keep three and shuffle the rest back ("Just Learning": a starting
conspiracy each, dealt at random; Sole Authority: fifteen dealt, eight
kept). The draft between Seasons 3 and 4: eight agents dealt to each
player, who keep one and pass the rest to the left until each has kept
five; the rest are discarded.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ballroom.core.actions import Action
from ballroom.core.flow import Step
from ballroom.core.zones import ZoneId
from ballroom.games.dominare.components import JUST_LEARNING
from ballroom.games.dominare.turn import CATALOG, CONSPIRACY, KEEP, Phase, Task

if TYPE_CHECKING:
    from ballroom.games.dominare.state import DominareState

DEALT, KEPT = 8, 3
SOLE_DEALT, SOLE_KEPT = 15, 8
DRAFT_DEALT, DRAFT_KEPT = 8, 5
DRAFT_SEASON = 4
"""The draft takes place before this Season."""


def agenda(state: DominareState) -> tuple[tuple[Task, int], ...]:
    """The tasks of set-up, then the first Season."""
    seats = range(state.game.players)
    if state.game.just_learning:
        return (*((Task.LEARNING, s) for s in seats), (Task.SEASON, 0))
    dealt, kept = (SOLE_DEALT, SOLE_KEPT) if state.game.sole_authority else (DEALT, KEPT)
    return (
        *((Task.DEAL, s) for _ in range(dealt) for s in seats),
        *((Task.KEEP, 0) for _ in range(kept)),
        (Task.RETURN, 0),
        (Task.SEASON, 0),
    )


# -- dealing ------------------------------------------------------------------


def deal(state: DominareState, seat: int) -> Step[Phase] | None:
    """Draw one agent into ``seat``'s dealt cards (chance), reshuffling the discards into
    the deck when it runs out; nothing when both are empty."""
    return draw_step(state)


def draw_step(state: DominareState) -> Step[Phase] | None:
    """The chance step drawing the deck's top agent (``None``: no agent is left)."""
    if not state.zones.zone("agent-deck").size:
        discard = ZoneId("agent-discard")
        if not state.zones[discard].size:
            return None
        state.zones = state.zones.pass_all({discard: ZoneId("agent-deck")})
        state.say("reshuffle", "The agent discards are shuffled into a new deck.")
    return Step.chance(Phase.DRAW)


def learning(state: DominareState, seat: int) -> Step[Phase] | None:
    return Step.chance(Phase.CONSPIRACY)


def conspiracy_outcomes(state: DominareState) -> list[tuple[Action, float]]:
    """The "Just Learning" conspiracies no seat has yet, equally likely."""
    free = [n for n, trio in enumerate(JUST_LEARNING, 1) if _trio_free(state, trio)]
    return [(CONSPIRACY(n), 1.0 / len(free)) for n in free]


def _trio_free(state: DominareState, trio: tuple[str, ...]) -> bool:
    return state.zones.locate(CATALOG.card_named(trio[0])) == ZoneId("agent-deck")


def play_conspiracy(state: DominareState, action: Action, seat: int) -> None:
    assert state.pending is not None
    owner = state.pending[1]
    for name in JUST_LEARNING[action["number"] - 1]:
        state.zones = state.zones.move(CATALOG.card_named(name), ZoneId("hand", owner))
    state.say("conspiracy", f"{state.name(owner)} takes a starting conspiracy.")
    state.proceed()


def keep(state: DominareState, seat: int) -> Step[Phase] | None:
    """Every seat with dealt agents keeps one, at once and in secret."""
    seats = [s for s in range(state.game.players) if state.zones.zone("dealt", s).size]
    return Step.secret(Phase.KEEP, seats) if seats else None


def keep_choices(state: DominareState, seat: int) -> list[Action]:
    return [KEEP(card) for card in state.zones.zone("dealt", seat).cards]


def play_keep(state: DominareState, action: Action, seat: int) -> None:
    state.zones = state.zones.move(action["agent"], ZoneId("hand", seat))
    state.say("keep", f"{state.name(seat)} keeps an agent.")
    after = state.step.after(seat)
    if after is not None:
        state.step = after
        return
    state.proceed()


def return_dealt(state: DominareState, seat: int) -> None:
    """The agents not kept at set-up are shuffled back into the deck."""
    moves = {ZoneId("dealt", s): ZoneId("agent-deck") for s in range(state.game.players)}
    state.zones = state.zones.pass_all(moves)


# -- the draft --------------------------------------------------------------------


def draft_pass(state: DominareState, seat: int) -> None:
    """Each seat passes the agents it holds in the draft to the left."""
    n = state.game.players
    state.zones = state.zones.pass_all(
        {ZoneId("dealt", s): ZoneId("dealt", (s + 1) % n) for s in range(n)}
    )
    state.say("pass", "Every player passes the rest of the draft to the left.", reveals=True)


def draft_end(state: DominareState, seat: int) -> None:
    """The agents no one chose are discarded."""
    moves = {ZoneId("dealt", s): ZoneId("agent-discard") for s in range(state.game.players)}
    state.zones = state.zones.pass_all(moves)


def draft_tasks(state: DominareState) -> tuple[tuple[Task, int], ...]:
    seats = range(state.game.players)
    picks: list[tuple[Task, int]] = []
    for number in range(DRAFT_KEPT):
        picks.append((Task.KEEP, 0))
        if number < DRAFT_KEPT - 1:
            picks.append((Task.DRAFT_PICK, 0))
    return (
        *((Task.DEAL, s) for _ in range(DRAFT_DEALT) for s in seats),
        *picks,
        (Task.DRAFT_END, 0),
    )
