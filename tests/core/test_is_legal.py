"""``State.is_legal`` answers as the listing does, for every game: a game that answers
without listing (a card drawn: is it in the pile?) must never differ from it."""

from __future__ import annotations

import random

import pytest
from tests.random_games import GAME_CLASSES, player_counts, random_step

from ballroom.core.errors import IllegalActionError
from ballroom.core.game import Game
from ballroom.core.state import State

IDS_ASKED = 400
"""Action ids asked at a node beside the legal ones: every id of a small game, a
sample of a large one's."""


def asked_ids(state: State, legal: set[int], chooser: random.Random) -> set[int]:
    everything = state.game.num_distinct_actions
    if everything <= IDS_ASKED:
        return set(range(everything))
    return legal | set(chooser.sample(range(everything), IDS_ASKED))


@pytest.mark.parametrize("game_class", GAME_CLASSES, ids=lambda g: g.id)
def test_is_legal_agrees_with_the_legal_actions_at_every_node(game_class: type[Game]) -> None:
    for players in player_counts(game_class):
        chooser = random.Random(players)
        state = game_class(players).new_state(seed=players)
        for _ in range(150):
            if state.is_terminal():
                break
            for seat in state.current_players():
                legal = set(state.legal_actions(seat))
                for action in asked_ids(state, legal, chooser):
                    assert state.is_legal(action, seat) == (action in legal), (
                        f"{game_class.id}: is_legal({action}, {seat}) disagrees with the listing"
                    )
            random_step(state, chooser)


@pytest.mark.parametrize("game_class", GAME_CLASSES, ids=lambda g: g.id)
def test_apply_refuses_what_is_not_legal_and_names_what_is(game_class: type[Game]) -> None:
    state = game_class(player_counts(game_class)[0]).new_state(seed=7)
    seat = state.current_players()[0]
    legal = state.legal_actions(seat)
    refused = next(a for a in range(state.game.num_distinct_actions) if a not in legal)
    before = list(state.history)
    with pytest.raises(IllegalActionError, match=r"is not legal for .*; legal: "):
        state.apply(refused, seat)
    assert list(state.history) == before
