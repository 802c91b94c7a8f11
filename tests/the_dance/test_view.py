"""A seat's observation is the public part with her private part laid over it, nothing more."""

from __future__ import annotations

import copy

from ballroom.core.rng import Rng
from ballroom.core.state import CHANCE
from ballroom.games.the_dance import TheDance
from ballroom.games.the_dance.view import public


def test_observations_are_the_public_part_and_the_seats_own() -> None:
    game = TheDance(3, scenario="arrogance")
    state = game.new_state(5)
    rng = Rng(5)
    for step in range(400):
        if step % 9 == 0:
            assert state.observation(None) == public(state)
            for seat in range(game.players):
                expected = copy.deepcopy(public(state))
                expected["you"] = seat
                family = expected["families"][seat]
                family["refreshments"] = state.hand[seat]
                family["powers"] = state.powers[seat]
                family["drawn_powers"] = state.drawn_powers[seat]
                family["plan"] = state.plan[seat] if state.plan[seat] >= 0 else None
                if seat == state.current:
                    expected["turn_state"]["moves_left"] = state.movement_left
                if seat == state.draw_for:
                    expected["candidate_plan"] = state.candidate_plan
                assert state.observation(seat) == expected
        legal = state.legal_actions()
        if state.current_players() == (CHANCE,):
            state.apply(state.sample_chance())
        else:
            state.apply(legal[rng.below(len(legal))])
