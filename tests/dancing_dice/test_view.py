"""A seat's observation is its typed view, read back whole: the board, and its own curtain."""

from __future__ import annotations

import json

from ballroom.agents import make_agent
from ballroom.core.play import step
from ballroom.games.dancing_dice.game import DancingDice
from ballroom.games.dancing_dice.view import read


def test_every_observation_reads_back_as_the_view_it_was_written_from() -> None:
    game = DancingDice(3, endurance=4)
    state = game.new_state(8)
    agents = [make_agent(game, seat, "expert", 8) for seat in range(3)]
    seen_last_round = False
    while not state.is_terminal():
        for seat in (None, 0, 1, 2):
            observation = state.observation(seat)
            assert json.loads(json.dumps(observation)) == observation
            assert read(observation) == state.view(seat)
            assert (observation["private"] is None) == (seat is None)
        seen_last_round |= state.view(None).public.last_round is not None
        step(state, agents)
    assert seen_last_round and state.view(None).public.winners == state.outcome().winners
