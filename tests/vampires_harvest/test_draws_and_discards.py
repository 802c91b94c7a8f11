"""The game's own ways with chance draws and discards give what the core's general ones give.

A draw lists each card of its pile by id and draws one from odds summed once
(``HarvestRules``); a Chance Encounter's other cards and a seduction's cards
go to their discard pile in one pass (``cards.discard_all``). Either must
come out as the core's weighted draw of the listed outcomes, and as one
move per card, would: the same outcome, the same numbers drawn from the
source, the same cards where they were, and every seat remembering the same.
"""

from __future__ import annotations

from collections.abc import Iterator

import ballroom
from ballroom.core.rng import Rng
from ballroom.core.state import State
from ballroom.core.zones import ZoneId, Zones
from ballroom.games.vampires_harvest.cards import DISCARDS, discard_all
from ballroom.games.vampires_harvest.state import HarvestState
from ballroom.games.vampires_harvest.turn import Phase


def states_met(players: int, seed: int) -> Iterator[HarvestState]:
    """Every state of one random game, before each action."""
    state = ballroom.make("vampires-harvest", players=players, seed=seed)
    assert isinstance(state, HarvestState)
    rng = Rng(seed)
    while not state.is_terminal():
        yield state
        player = state.current_players()[0]
        if state.is_chance_node():
            state.apply(state.sample_chance(), player)
        else:
            legal = state.legal_actions(player)
            state.apply(legal[rng.below(len(legal))], player)


def test_a_draw_lists_each_card_of_its_pile_as_the_rules_chances_do() -> None:
    draws = 0
    for state in states_met(4, 1):
        if state.step.name is Phase.DRAW:
            draws += 1
            listed = state.game.encode_outcomes(state.step, state.chances())
            assert state.chance_outcomes() == listed
            assert state.legal_actions() == [action for action, _ in listed]
    assert draws > 50


def test_a_draw_is_the_one_the_core_draws_from_the_listed_odds() -> None:
    draws = 0
    for players, seed in ((4, 2), (2, 3), (5, 4)):
        for state in states_met(players, seed):
            if state.step.name is not Phase.DRAW:
                continue
            draws += 1
            ours, cores = Rng(draws), Rng(draws)
            assert state.draw_chance(ours) == State.draw_chance(state, cores)
            assert ours.random() == cores.random()
            twin = state.clone()
            assert state.clone().sample_chance() == State.draw_chance(twin, twin.rng)
    assert draws > 150


def one_by_one(zones: Zones, sources: tuple[ZoneId, ...]) -> Zones:
    for source in sources:
        for card in zones[source].cards:
            zones = zones.move(card, DISCARDS[card])
    return zones


def test_discarding_a_zone_at_once_leaves_every_seat_remembering_as_one_by_one() -> None:
    checked = remembered = 0
    for players, seed in ((4, 5), (3, 6), (5, 7)):
        for state in states_met(players, seed):
            for seat in range(players):
                for sources in (
                    (ZoneId("encounter", seat),),
                    (ZoneId("kept", seat), ZoneId("drawn", seat)),
                    (ZoneId("hand", seat),),
                ):
                    if not any(state.zones[source].size for source in sources):
                        continue
                    checked += 1
                    expected = one_by_one(state.zones, sources)
                    twin = state.clone()
                    discard_all(twin, sources)
                    assert twin.zones.zones == expected.zones
                    assert twin.zones.where == expected.where
                    assert twin.zones.memory == expected.memory
                    remembered += expected.memory != state.zones.memory
    assert checked > 200 and remembered > 100


def test_a_pile_some_seat_sees_is_discarded_onto_card_by_card() -> None:
    """Seat 1 placed a Bloodstone in the deck or in seat 0's hand: once seat 0's hand is
    discarded face up, one by one, seat 1 knows it in the deck (a pass would have put it
    in the discards, which seat 1 sees)."""
    state = next(s for s in states_met(4, 8) if s.zones[ZoneId("hand", 0)].size)
    deck, hand = ZoneId("bloodstone-deck"), ZoneId("hand", 0)
    zones = state.zones
    unseen = zones[deck].cards[0]
    memory = list(zones.memory)
    memory[1] = {unseen: frozenset({deck, hand})}
    state.zones = Zones(zones.seats, zones.zones, zones.where, tuple(memory), zones.order)
    expected = one_by_one(state.zones, (hand,))
    discard_all(state, (hand,))
    assert state.zones.memory == expected.memory
    assert state.zones.memory[1][unseen] == frozenset({deck})
