"""What a seat sees, read back; and ``determinize``: a world consistent with it.

Everything on the table is public: Blood, tracks, Skills, Skill Points,
the Areas' Opportunities, the Event, Trainer Skills taken, Bloodstones
played, the dice of a fight, the Seduction cards kept. Hidden: the Action
card a seat chose until the reveal (its ``Secret``), the Bloodstones in a
hand, the five cards of a Chance Encounter until one is kept, the Seduction
cards drawn until kept, the order of every deck, and the cards discarded
face down (the four Chance Encounter cards not kept, the Seduction cards).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ballroom.core.rng import Rng
from ballroom.core.state import Observation
from ballroom.core.view import View, read_once
from ballroom.core.zones import Zones, ZonesView, determinize_decks
from ballroom.games.vampires_harvest.actions_phase import open_cards
from ballroom.games.vampires_harvest.components import Deck
from ballroom.games.vampires_harvest.state import PUBLIC, HarvestState, Secret, Table
from ballroom.games.vampires_harvest.turn import CATALOG, ActionCard, Phase

if TYPE_CHECKING:
    from ballroom.games.vampires_harvest.game import VampiresHarvest


def read(observation: Observation) -> View[Phase, Table, Secret]:
    """A seat's observation, typed."""
    return View.from_observation(observation, Phase, Table, Secret)


_read_kept = read_once(read)
"""``read``, for a search that deals many worlds from one observation."""


def determinize(game: VampiresHarvest, observation: Observation, rng: Rng) -> HarvestState:
    """A state the seat cannot tell from the real one: hidden cards dealt afresh, and an
    Action card for every other seat that has chosen in secret."""
    view = _read_kept(observation)
    state = HarvestState(game, rng.below(1 << 62), deal=False)
    for name in PUBLIC:
        setattr(state, name, getattr(view.public, name))
    state.zones = deal_hidden(view.zones, state.current_deck(), rng)
    state.step = view.step
    mine = view.seat
    secret_step = view.step.name in (Phase.SELECT, Phase.LATE)
    for seat in range(game.players):
        if seat == mine:
            state.chosen[seat] = view.private.chosen if view.private is not None else None
        elif secret_step and seat not in view.step.seats and _chose(state, seat):
            state.chosen[seat] = rng.choice(open_cards(state, seat))
    return state


def _chose(state: HarvestState, seat: int) -> bool:
    """Whether ``seat`` owes a choice at this secret step (and has made it)."""
    if state.step.name is Phase.SELECT:
        return True
    return state.revealed[seat] is ActionCard.LATE_DECISION


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
