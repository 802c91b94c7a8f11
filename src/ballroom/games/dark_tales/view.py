"""What a seat sees, read back; and ``determinize``: a world consistent with it.

Public: the Setting cards, VP, items, every card in play, in the middle, in
the discard pile and removed, the card being played, the size of every hand
and of the deck. Hidden: the cards in another player's hand and the deck's
cards, which ``determinize`` deals afresh among them (the cards a seat saw go
into a hand, such as a Male a Princess took, stay in that hand).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ballroom.core.rng import Rng
from ballroom.core.state import Observation
from ballroom.core.view import View
from ballroom.core.zones import determinize as deal
from ballroom.games.dark_tales.state import PUBLIC, DarkTalesState, Table
from ballroom.games.dark_tales.turn import CATALOG, Phase

if TYPE_CHECKING:
    from ballroom.games.dark_tales.game import DarkTales


def read(observation: Observation) -> View[Phase, Table, None]:
    """A seat's observation, typed."""
    return View.from_observation(observation, Phase, Table, type(None))


def determinize(game: DarkTales, observation: Observation, rng: Rng) -> DarkTalesState:
    """A state the seat cannot tell from the real one: hidden cards dealt afresh."""
    view = read(observation)
    state = DarkTalesState(game, rng.below(1 << 62), deal=False)
    for name in PUBLIC:
        setattr(state, name, getattr(view.public, name))
    state.zones = deal(view.zones, range(len(CATALOG.cards)), rng)
    state.step = view.step
    return state
