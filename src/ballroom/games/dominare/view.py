"""What a seat sees, read back; and ``determinize``: a world consistent with it.

Public: the board's influence and district values, crowns, exposure, the
player order, every agent in the ranks (face up or down, used or not),
the event in play and the events discarded, the agents removed from play,
every pile's size. Hidden: hands; the agents dealt at set-up, drawn by a
recruit or held in the draft (a seat remembers those it passed); each
seat's agent chosen face down until the reveal; the order of both decks;
the agents discarded face down; an event looked at (seen by whoever
looked).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ballroom.core.rng import Rng
from ballroom.core.state import Observation
from ballroom.core.view import View
from ballroom.core.zones import Zone, ZoneId, Zones, ZonesView
from ballroom.core.zones import determinize as deal
from ballroom.games.dominare.components import DECK_SIZE
from ballroom.games.dominare.state import PUBLIC, DominareState, Table
from ballroom.games.dominare.turn import CATALOG, Phase

if TYPE_CHECKING:
    from ballroom.games.dominare.game import Dominare

AGENT_ZONES = ("agent-deck", "agent-discard", "hand", "dealt", "chosen", "offer", "deck-atheneum",
               "deck-canals", "deck-church", "deck-merchant", "deck-senate", "deck-commoner",
               "deck-shadowmen", "deck-culture-nobility")  # fmt: skip
EVENT_ZONES = ("event-deck", "event-top")


def read(observation: Observation) -> View[Phase, Table, None]:
    """A seat's observation, typed."""
    return View.from_observation(observation, Phase, Table, type(None))


def determinize(game: Dominare, observation: Observation, rng: Rng) -> DominareState:
    """A state the seat cannot tell from the real one: every hidden card dealt afresh
    among the hidden piles of its own deck."""
    view = read(observation)
    state = DominareState(game, rng.below(1 << 62), deal=False)
    for name in PUBLIC:
        setattr(state, name, getattr(view.public, name))
    state.zones = deal_hidden(view.zones, rng)
    state.step = view.step
    return state


def deal_hidden(view: ZonesView, rng: Rng) -> Zones:
    """Agents into the hidden agent piles, events into the hidden event piles, keeping
    sizes and the seat's memory."""
    seen = view.seen()
    dealt: dict[ZoneId, tuple[int, ...]] = {}
    for cards, names in ((range(DECK_SIZE), AGENT_ZONES), (CATALOG.event_ids, EVENT_ZONES)):
        hidden = tuple(z for z in view.zones if z.cards is None and z.id.name in names)
        pool = [card for card in cards if card not in seen]
        if not hidden:
            continue
        places = {z.id for z in hidden}
        memory = {
            card: frozenset(p for p in view.memory[card] if p in places)
            for card in pool
            if card in view.memory
        }
        part = ZonesView(view.seat, view.seats, hidden, memory)
        for zone in deal(part, pool, rng).zones.values():
            dealt[zone.id] = zone.cards
    zones = [
        Zone(z.id, z.visibility, z.cards if z.cards is not None else dealt[z.id])
        for z in view.zones
    ]
    result = Zones.create(view.seats, zones)
    if view.seat is None:
        return result
    mind = list(result.memory)
    mind[view.seat] = {card: places for card, places in view.memory.items() if card not in seen}
    return Zones(result.seats, result.zones, result.where, tuple(mind))


class Seen:
    """A seat's view with a state built from it (for reading the rules' own functions)."""

    def __init__(self, view: View[Phase, Table, None], state: DominareState) -> None:
        self.view = view
        self.state = state
        self.public = view.public
        self.zones = view.zones
        self.step = view.step
        self.seat = view.seat


def determinize_free(game: Dominare, observation: Observation) -> Seen:
    """The view and a state with its public fields (its hidden cards are not dealt)."""
    view = read(observation)
    state = DominareState(game, 0, deal=False)
    for name in PUBLIC:
        setattr(state, name, getattr(view.public, name))
    return Seen(view, state)
