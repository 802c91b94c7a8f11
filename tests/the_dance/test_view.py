"""A seat's observation is the public part with her private part laid over it, nothing more."""

from __future__ import annotations

import copy

from ballroom.core.rng import Rng
from ballroom.core.state import CHANCE
from ballroom.games.the_dance import TheDance
from ballroom.games.the_dance.view import private, public

PRIVATE_FIELDS = ("refreshments", "powers", "drawn_powers", "plan")


def test_observations_are_the_public_part_and_the_seats_own() -> None:
    game = TheDance(3, scenario="arrogance")
    state = game.new_state(5)
    rng = Rng(5)
    for step in range(400):
        if step % 9 == 0:
            assert state.observation(None) == public(state)
            for seat in range(game.players):
                seen = state.observation(seat)
                mine = private(state, seat)
                expected = copy.deepcopy(public(state))
                expected["you"] = seat
                for name in PRIVATE_FIELDS:
                    expected["families"][seat][name] = mine[name]
                expected["turn_state"]["moves_left"] = mine["moves_left"]
                expected["candidate_plan"] = mine["candidate_plan"]
                assert seen == expected
        legal = state.legal_actions()
        if state.current_players() == (CHANCE,):
            state.apply(state.sample_chance())
        else:
            state.apply(legal[rng.below(len(legal))])
