"""What a seat sees, read back; and where the cards it cannot see may lie, for the
game's ``determinize`` (``VampiresHarvest.deal_zones``).

Everything on the table is public: Blood, tracks, Skills, Skill Points,
the Areas' Opportunities, the Event, Trainer Skills taken, Bloodstones
played, the dice of a fight, the Seduction cards kept. Hidden: the Action
card a seat chose until the reveal (its ``Secret``), the Bloodstones in a
hand, the five cards of a Chance Encounter until one is kept, the Seduction
cards drawn until kept, the order of every deck, and the cards discarded
face down (the four Chance Encounter cards not kept, the Seduction cards).
"""

from __future__ import annotations

from ballroom.core.rng import Rng
from ballroom.core.state import Observation
from ballroom.core.view import View
from ballroom.core.zones import Zones, ZonesView, determinize_decks
from ballroom.games.vampires_harvest.components import Deck
from ballroom.games.vampires_harvest.state import Secret, Table
from ballroom.games.vampires_harvest.turn import CATALOG, Phase


def read(observation: Observation) -> View[Phase, Table, Secret]:
    """A seat's observation, typed."""
    return View.from_observation(observation, Phase, Table, Secret)


HIDDEN_ZONES: dict[Deck, tuple[str, ...]] = {
    Deck.EARLY: ("early-deck", "early-discard"),
    Deck.LATE: ("late-deck", "late-discard"),
    Deck.EVENT: ("event-deck",),
    Deck.SEDUCTION: ("seduction-deck", "seduction-discard", "drawn"),
    Deck.BLOODSTONE: ("bloodstone-deck", "hand"),
    Deck.TRAINER: (),
}
"""The zones a seat may not see that each deck's cards may lie in (the current
Opportunity deck's also fill the other seats' Chance Encounters)."""


def deal_hidden(view: ZonesView, current: Deck, rng: Rng) -> Zones:
    """Every card the seat cannot see dealt among the hidden zones of its own deck (a
    Bloodstone into a hand, never an Opportunity), keeping sizes and the seat's memory."""
    return determinize_decks(
        view,
        (
            (CATALOG.deck(deck), (*names, "encounter") if deck is current else names)
            for deck, names in HIDDEN_ZONES.items()
        ),
        rng,
    )
