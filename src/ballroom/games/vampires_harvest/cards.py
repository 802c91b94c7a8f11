"""Drawing cards, refreshing exhausted decks, and what card abilities do to the table.

Every pile is drawn by chance (its order is unknown to all). When a deck is
exhausted its discard pile is shuffled to refresh it (the rulebook says so
of the Opportunity and Seduction decks; the Event and Bloodstone decks do
the same). Where a draw goes is decided by the task that asked for it.
"""

from __future__ import annotations

from dataclasses import replace
from functools import cache
from typing import TYPE_CHECKING

from ballroom.core import effects as fx
from ballroom.core.errors import EffectError
from ballroom.core.flow import Step
from ballroom.core.zones import Visibility, ZoneId
from ballroom.games.vampires_harvest import faces
from ballroom.games.vampires_harvest.components import Deck
from ballroom.games.vampires_harvest.state import (
    AREA,
    DRAWN,
    ENCOUNTER,
    EVENT,
    HAND,
    opportunity_deck,
    zone_id,
)
from ballroom.games.vampires_harvest.turn import (
    CATALOG,
    CODEC,
    DRAW,
    MAX_PLAYERS,
    Phase,
    Task,
    Track,
)

if TYPE_CHECKING:
    from ballroom.core.actions import Action
    from ballroom.games.vampires_harvest.state import HarvestState

PILES = {
    deck: (zone_id(f"{deck.value}-deck"), zone_id(f"{deck.value}-discard"))
    for deck in (Deck.EARLY, Deck.LATE, Deck.EVENT, Deck.SEDUCTION, Deck.BLOODSTONE)
}
"""Each deck's draw pile and discard pile."""
DISCARDS = {
    card: PILES[found.deck][1] for card, found in enumerate(CATALOG.cards) if found.deck in PILES
}
"""The discard pile of every card that is ever discarded (a Trainer Skill never is)."""


def discard_of(card: int) -> ZoneId:
    """The discard pile a card goes to."""
    return DISCARDS[card]


def discard_all(state: HarvestState, sources: tuple[ZoneId, ...]) -> None:
    """Every card of ``sources``, in order, onto its discard pile, as one move after another
    would put them there; in one pass where all go to one pile that nobody sees (a Chance
    Encounter's cards are all of the turn's deck, a seduction's all Seduction cards): a
    seat that saw a source's cards go remembers them in the pile, and one that did not
    see them now places in the pile what it placed in the source, either way."""
    zones = state.zones
    held = [card for source in sources for card in zones[source].cards]
    piles = {DISCARDS[card] for card in held}
    if len(piles) == 1 and zones[pile := next(iter(piles))].visibility is Visibility.NOBODY:
        state.zones = zones.pass_all({source: pile for source in sources if zones[source].size})
        return
    for card in held:
        state.zones = state.zones.move(card, DISCARDS[card])


def draw_step(state: HarvestState, deck: Deck) -> Step[Phase] | None:
    """The chance step drawing from ``deck``, refreshed from its discards if exhausted;
    ``None`` when both are empty (nothing is drawn)."""
    pile, discard = PILES[deck]
    if not state.zones[pile].size and state.zones[discard].size:
        state.zones = state.zones.pass_all({discard: pile})
        state.say(
            "reshuffle", f"The {faces.DECK_WORDS[deck]} discards are shuffled into a new deck."
        )
    if not state.zones[pile].size:
        state.say("exhausted", f"The {faces.DECK_WORDS[deck]} deck and its discards are empty.")
        return None
    return Step.chance(Phase.DRAW)


DRAWN_FROM = {
    Task.DEAL_BLOODSTONE: Deck.BLOODSTONE,
    Task.BLOODSTONE_REWARD: Deck.BLOODSTONE,
    Task.EVENT: Deck.EVENT,
    Task.SEDUCE_DRAW: Deck.SEDUCTION,
}
"""The deck each drawing task draws from, but for the Opportunity deck of the turn."""


def drawing_from(state: HarvestState) -> Deck:
    """The deck the pending draw is from."""
    assert state.pending is not None
    deck = DRAWN_FROM.get(state.pending[0])
    return opportunity_deck(state.turn) if deck is None else deck


DRAWS = tuple(DRAW(card) for card in range(len(CATALOG.cards)))
"""The draw of each card, by id: a draw lists every card of its pile."""


DRAW_IDS = tuple(CODEC.encode(draw) for draw in DRAWS)
"""The id of each card's draw, rising with the card (a family's ids follow its values):
the cards of a pile in order are its draws in order."""
assert list(DRAW_IDS) == sorted(DRAW_IDS)


def draw_outcomes(state: HarvestState) -> list[tuple[Action, float]]:
    pile = PILES[drawing_from(state)][0]
    return [(DRAWS[card], p) for card, p in state.zones.draw_outcomes(pile)]


def draw_pile(state: HarvestState) -> tuple[int, ...]:
    """The cards of the pile the pending draw is from, each equally likely."""
    return state.zones[PILES[drawing_from(state)][0]].cards


def draw_ids(state: HarvestState) -> list[int]:
    """The ids of ``draw_outcomes``' draws, sorted."""
    ids = DRAW_IDS
    return [ids[card] for card in sorted(draw_pile(state))]


def target(state: HarvestState) -> ZoneId:
    """Where the pending draw goes."""
    assert state.pending is not None
    task, arg = state.pending
    if task is Task.DEAL_OPPORTUNITY:
        return AREA[arg]
    if task is Task.EVENT:
        return EVENT
    if task is Task.ENCOUNTER_DRAW:
        return ENCOUNTER[arg]
    if task is Task.SEDUCE_DRAW:
        return DRAWN[arg]
    return HAND[arg]


DRAWN_INTO = {"hand": "Bloodstone", "encounter": "Chance Encounter card", "drawn": "Seduction card"}
"""What a card drawn into a seat's own zone is called, by the zone's name."""
CARD_NAMES = tuple(card.name for card in CATALOG.cards)
ONLY = tuple(frozenset({seat}) for seat in range(MAX_PLAYERS))
"""Each seat alone, as an event's audience."""


@cache
def drawn_into(to: ZoneId, visibility: Visibility) -> str:
    """Where a card drawn into ``to`` is said to go, or (a seat's own zone) what it is
    said to be, worked out once per zone."""
    if visibility is Visibility.EVERYONE:
        return "as the Event" if to.name == "event" else f"into Area {to.name[-1]}"
    return DRAWN_INTO[to.name]


def place_drawn(state: HarvestState, card: int) -> None:
    """Move a drawn card where the pending task puts it, and tell who may know it."""
    to = target(state)
    state.zones = zones = state.zones.move(card, to)
    if not state.reporting:
        return
    visibility = zones[to].visibility
    if visibility is Visibility.EVERYONE:
        where = drawn_into(to, visibility)
        state.say("draw", f"{CARD_NAMES[card]} is drawn {where}.", {"card": card, "zone": str(to)})
        return
    seat = to.owner
    assert seat is not None
    who = state.name(seat)
    state.say("draw", f"{who} draws a {drawn_into(to, visibility)}.", {"zone": str(to)})
    state.say("draw", f"{who} draws {CARD_NAMES[card]}.", {"card": card}, audience=ONLY[seat])


TRACKS = {track.value: track for track in Track}
"""Each score track by the resource name an operation gives it."""


def perform(state: HarvestState, seat: int, operation: fx.Primitive) -> None:
    """One operation of a card's ability, done for ``seat``."""
    if not isinstance(operation, fx.Gain | fx.Spend):
        raise EffectError(f"Vampire's Harvest's cards gain or spend, not {operation}")
    amount = operation.amount if isinstance(operation, fx.Gain) else -operation.amount
    resource = operation.resource
    who = state.name(seat)
    if resource in TRACKS:
        state.score(seat, TRACKS[resource], amount)
    elif resource == "blood":
        state.gain_blood(seat, amount)
    elif resource == "skill-points":
        state.gain_points(seat, amount)
    elif resource == "pool":
        state.pool = max(0, state.pool + amount)
    elif resource == "bloodstone":
        state.push(*[(Task.BLOODSTONE_REWARD, seat)] * amount)
    elif resource == "initiative":
        state.initiative = seat
    else:
        field = resource.replace("-", "_")
        state.boost = replace(state.boost, **{field: getattr(state.boost, field) + amount})
    state.say(
        "gain",
        lambda d: f"{fx.describe_done(who, operation, faces.VOCABULARY)}.",
        {"seat": seat, resource: amount},
    )
