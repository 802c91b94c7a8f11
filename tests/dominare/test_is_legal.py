"""A card drawn by chance is legal when it lies in the pile the step draws from:
``is_legal`` answers so without listing the pile's cards, and must answer as the
listing (``legal_actions(CHANCE)``) does at every drawing step."""

from __future__ import annotations

import pytest

from ballroom.core.errors import IllegalActionError
from ballroom.core.rng import Rng
from ballroom.core.state import CHANCE
from ballroom.games.dominare import Dominare
from ballroom.games.dominare.rules import DRAWN_CARD, Played, pile
from ballroom.games.dominare.turn import Phase

VARIANTS = [
    (4, {}),
    (6, {}),
    (3, {"agents": "semi-blind"}),
    (4, {"just-learning": True}),
    (5, {"agents": "sole-authority", "epic": True, "cells": True}),
]
"""Player counts and options: either board side and every way of drawing agents."""


def drawing_nodes(players: int, options: dict[str, object], seed: int) -> list[Played]:
    """Copies of a random game's states at every step that draws a card."""
    state = Dominare(players, **options).new_state(seed=seed)
    rng = Rng(seed)
    found = []
    while not state.is_terminal():
        seat = state.current_players()[0]
        if seat == CHANCE:
            if state.step.name in DRAWN_CARD:
                found.append(state.clone())
            state.apply(state.sample_chance(), CHANCE)
        else:
            legal = state.legal_actions(seat)
            state.apply(legal[rng.below(len(legal))], seat)
    return found


@pytest.mark.parametrize(("players", "options"), VARIANTS)
def test_a_draw_is_legal_exactly_when_the_listing_offers_it(
    players: int, options: dict[str, object]
) -> None:
    nodes = drawing_nodes(players, options, seed=players)
    assert {node.step.name for node in nodes} == {Phase.DRAW, Phase.EVENT}
    everything = range(nodes[0].game.num_distinct_actions)
    refusing = 0
    for node in nodes:
        listed = set(node.legal_actions(CHANCE))
        answered = {action for action in everything if node.is_legal(action, CHANCE)}
        assert answered == listed, f"at a {node.step.name.value} step of season {node.season}"
        refusing += listed < set(DRAWN_CARD[node.step.name])
    assert refusing > len(nodes) // 2  # most steps refuse cards of their kind that lie elsewhere


def test_is_legal_reads_the_pile_and_not_the_listing(monkeypatch: pytest.MonkeyPatch) -> None:
    state = drawing_nodes(4, {}, seed=11)[5]

    def listed(self: Played) -> list[object]:
        raise AssertionError("the pile's cards were listed")

    monkeypatch.setattr(Played, "chances", listed)
    in_pile = state.zones[pile(state)].cards
    by_card = {card: action for action, card in DRAWN_CARD[state.step.name].items()}
    assert all(state.is_legal(by_card[card], CHANCE) for card in in_pile)
    elsewhere = [card for card in by_card if card not in in_pile]
    assert elsewhere and not any(state.is_legal(by_card[card], CHANCE) for card in elsewhere)


def test_apply_refuses_a_card_that_is_not_in_the_pile() -> None:
    state = drawing_nodes(4, {}, seed=3)[10]  # an agent dealt at set-up, ten already dealt
    assert state.step.name is Phase.DRAW
    in_pile = set(state.zones[pile(state)].cards)
    action, card = next((a, c) for a, c in DRAWN_CARD[Phase.DRAW].items() if c not in in_pile)
    with pytest.raises(IllegalActionError, match="is not legal"):
        state.apply(action, CHANCE)
    assert card not in state.zones[pile(state)].cards
