"""Set-up, the Seasons' frame and Drafting Agents.

Set-up: five crowns each; the youngest (seat 1) starts as the scapegoat,
player order running to the left; eight agents dealt to each player, who
keep three and shuffle the rest back ("Just Learning": a starting
conspiracy each, dealt at random; Sole Authority: fifteen dealt, eight
kept; Semi-Blind Draw: two at a time from separate faction decks to ten,
two discarded). The draft between Seasons 3 and 4: eight agents dealt to each
player, who keep one and pass the rest to the left until each has kept
five; the rest are discarded.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ballroom.core.actions import Action
from ballroom.core.flow import Step
from ballroom.core.zones import ZoneId
from ballroom.games.dominare import faces
from ballroom.games.dominare.components import DECK_SIZE, JUST_LEARNING
from ballroom.games.dominare.state import AGENT_DECK, AGENT_DISCARD, DEALT_PILES, HANDS
from ballroom.games.dominare.turn import (
    CATALOG,
    CONSPIRACY,
    DECK,
    DISCARD,
    DRAW_STEP,
    FACTION_DECKS,
    KEEP,
    Phase,
    Task,
)
from ballroom.games.dominare.turn import faction_deck as faction_deck  # noqa: PLC0414 (re-exported)

if TYPE_CHECKING:
    from ballroom.games.dominare.state import DominareState

DEALT, KEPT = 8, 3
SOLE_DEALT, SOLE_KEPT = 15, 8
DRAFT_DEALT, DRAFT_KEPT = 8, 5
DRAFT_SEASON = 4
"""The draft takes place before this Season."""
BLIND_HAND, BLIND_TURN_DRAWS, BLIND_DISCARDS = 10, 2, 2


def agenda(state: DominareState) -> tuple[tuple[Task, int], ...]:
    """The tasks of set-up, then the first Season."""
    seats = range(state.game.players)
    if state.game.just_learning:
        return (*((Task.LEARNING, s) for s in seats), (Task.SEASON, 0))
    if state.game.semi_blind:
        return (*blind_agenda(state), (Task.SEASON, 0))
    dealt, kept = (SOLE_DEALT, SOLE_KEPT) if state.game.sole_authority else (DEALT, KEPT)
    deal = Task.DEAL  # read off the enum once (``turn.OP_TASK``)
    return (
        *((deal, s) for _ in range(dealt) for s in seats),
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
    if state.blind_deck:
        return DRAW_STEP
    piles = state.zones.zones
    if not piles[AGENT_DECK].cards:
        if not piles[AGENT_DISCARD].cards:
            return None
        state.zones = state.zones.pass_all({AGENT_DISCARD: AGENT_DECK})
        state.say("reshuffle", "The agent discards are shuffled into a new deck.")
    return DRAW_STEP


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
    zones = state.zones
    seats = [s for s in range(state.game.players) if zones[DEALT_PILES[s]].size]
    return Step.secret(Phase.KEEP, seats) if seats else None


KEEPS = tuple(KEEP(card) for card in range(DECK_SIZE))
"""The ``keep`` move of each agent card, by card."""


def keep_choices(state: DominareState, seat: int) -> list[Action]:
    return [KEEPS[card] for card in state.zones[DEALT_PILES[seat]].cards]


def play_keep(state: DominareState, action: Action, seat: int) -> None:
    state.zones = state.zones.move(action.values[0], HANDS[seat])
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
    deal = Task.DEAL  # read off the enum once (``turn.OP_TASK``)
    return (
        *((deal, s) for _ in range(DRAFT_DEALT) for s in seats),
        *picks,
        (Task.DRAFT_END, 0),
    )


# -- Semi-Blind Draw ----------------------------------------------------------------


def blind_agenda(state: DominareState) -> tuple[tuple[Task, int], ...]:
    """Two draws from separate decks per turn, from the scapegoat clockwise, to ten cards
    each; then two discards each; then one deck of everything left."""
    rounds = BLIND_HAND // BLIND_TURN_DRAWS
    return (
        *(
            (Task.BLIND_DRAW, seat)
            for _ in range(rounds)
            for seat in state.order
            for _ in range(BLIND_TURN_DRAWS)
        ),
        *((Task.BLIND_DISCARD, 0) for _ in range(BLIND_DISCARDS)),
        (Task.BLIND_MERGE, 0),
    )


def blind_draw(state: DominareState, seat: int) -> Step[Phase] | None:
    """The seat chooses a deck (not the one it just drew from this turn) to draw from."""
    if not blind_decks(state, seat):
        return None
    state.blind_deck = ""
    return Step.seat(Phase.DECK, seat)


def blind_decks(state: DominareState, seat: int) -> list[str]:
    drawn = state.zones.zone("hand", seat).size
    last = state.blind_last if drawn % BLIND_TURN_DRAWS else ""
    return [d for d in FACTION_DECKS if d != last and state.zones.zone(f"deck-{d}").size]


def deck_choices(state: DominareState, seat: int) -> list[Action]:
    return [DECK(FACTION_DECKS.index(d)) for d in blind_decks(state, seat)]


def play_deck(state: DominareState, action: Action, seat: int) -> None:
    state.blind_deck = state.blind_last = FACTION_DECKS[action["deck"]]
    state.say(
        "deck", f"{state.name(seat)} draws from the {faces.deck_words(state.blind_deck)} deck."
    )
    state.push((Task.DEAL, seat))
    state.proceed()


def discard_step(state: DominareState, seat: int) -> Step[Phase] | None:
    seats = [s for s in range(state.game.players) if state.zones.zone("hand", s).size]
    return Step.secret(Phase.DISCARD, seats) if seats else None


def discard_choices(state: DominareState, seat: int) -> list[Action]:
    return [DISCARD(card) for card in state.zones.zone("hand", seat).cards]


def play_discard(state: DominareState, action: Action, seat: int) -> None:
    state.zones = state.zones.move(action["agent"], ZoneId("agent-discard"))
    state.say("discard", f"{state.name(seat)} discards an agent.")
    after = state.step.after(seat)
    if after is not None:
        state.step = after
        return
    state.proceed()


def blind_merge(state: DominareState, seat: int) -> None:
    """Every unused agent shuffled into a single deck."""
    moves = {ZoneId(f"deck-{d}"): ZoneId("agent-deck") for d in FACTION_DECKS}
    moves[ZoneId("agent-discard")] = ZoneId("agent-deck")
    state.zones = state.zones.pass_all(moves)
    state.blind_deck = ""
