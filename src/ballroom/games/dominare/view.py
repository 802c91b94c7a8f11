"""What a seat sees, read back; and the deal of ``determinize``: a world consistent with it.

Public: the board's influence and district values, crowns, exposure, the
player order, every agent in the ranks (face up or down, used or not),
the event in play and the events discarded, the agents removed from play,
every pile's size; and, worked out from those, the board's side, who
controls each district and each seat's VP so far (``Shown``). Hidden:
hands; the agents dealt at set-up, drawn by a recruit or held in the draft
(a seat remembers those it passed); each seat's agent chosen face down
until the reveal; the order of both decks; the agents discarded face down;
an event looked at (seen by whoever looked).
"""

from __future__ import annotations

from ballroom.core.public import restore
from ballroom.core.rng import Rng
from ballroom.core.state import Observation
from ballroom.core.view import View
from ballroom.core.zones import Zones, ZonesView, determinize_decks
from ballroom.games.dominare.components import DECK_SIZE
from ballroom.games.dominare.state import DominareState, Edition, Shown, Table
from ballroom.games.dominare.turn import CATALOG, Phase

AGENT_ZONES = ("agent-deck", "agent-discard", "hand", "dealt", "chosen", "offer", "deck-atheneum",
               "deck-canals", "deck-church", "deck-merchant", "deck-senate", "deck-commoner",
               "deck-shadowmen", "deck-culture-nobility")  # fmt: skip
EVENT_ZONES = ("event-deck", "event-top")


def read(observation: Observation) -> View[Phase, Shown, None]:
    """A seat's observation, typed."""
    return View.from_observation(observation, Phase, Shown, type(None))


def deal_hidden(view: ZonesView, rng: Rng) -> Zones:
    """Agents into the hidden agent piles, events into the hidden event piles, keeping
    sizes and the seat's memory."""
    return determinize_decks(
        view, ((range(DECK_SIZE), AGENT_ZONES), (CATALOG.event_ids, EVENT_ZONES)), rng
    )


class Seen:
    """A seat's view with a state built from it (for reading the rules' own functions)."""

    def __init__(self, view: View[Phase, Shown, None], state: DominareState) -> None:
        self.view = view
        self.state = state
        self.public = view.public
        self.zones = view.zones
        self.step = view.step
        self.seat = view.seat


def determinize_free(game: Edition, observation: Observation) -> Seen:
    """The view and a state with its public fields (its hidden cards are not dealt)."""
    view = read(observation)
    state = game.blank_state(0)
    assert isinstance(state, DominareState)
    restore(state, view.public, Table)
    return Seen(view, state)
