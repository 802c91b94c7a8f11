"""The declared flow and action families: every step offers only its families, and every
action keeps its id and text, with a structured form that reads back."""

from __future__ import annotations

from ballroom.core.flow import Mode
from ballroom.core.rng import Rng
from ballroom.core.state import CHANCE
from ballroom.games.the_dance import TheDance
from ballroom.games.the_dance import actions as ac
from ballroom.games.the_dance.steps import FLOW


def test_ids_and_texts_are_those_of_stored_records() -> None:
    game = TheDance(4)
    assert ac.NUM_ACTIONS == game.num_distinct_actions == 470
    assert [game.action_to_text(a) for a in (0, ac.LEAD + 7, ac.CUT_AVATAR + 1, 469)] == [
        "roll 1",
        "lead lady-julia ne",
        "cut-in thorne-balaz",
        "initiative 6",
    ]
    for action in range(ac.NUM_ACTIONS):
        assert game.parse_action(game.action_to_text(action)) == action


def test_the_structured_form_names_the_family_and_reads_back() -> None:
    game = TheDance(4)
    assert game.action_json(ac.LEAD + 7) == {
        "id": ac.LEAD + 7,
        "text": "lead lady-julia ne",
        "family": "lead",
        "params": {"dancer": "lady-julia", "direction": "ne"},
    }
    for action in range(ac.NUM_ACTIONS):
        assert ac.CODEC.from_json(game.action_json(action)) == action


def test_every_step_offers_only_its_declared_families() -> None:
    game = TheDance(4, **{"super-villains": True, "initiative": True})
    for seed in range(3):
        state = game.new_state(seed)
        rng = Rng(seed)
        while not state.is_terminal() and state.turns() < 40:
            step = state.step()
            legal = state.legal_actions()
            FLOW.check(step, [ac.CODEC.decode(a) for a in legal])
            if step.mode is Mode.CHANCE:
                assert state.current_players() == (CHANCE,)
                action = state.sample_chance()
            else:
                assert state.current_players() == step.current_players()
                action = legal[rng.below(len(legal))]
            state.apply(action)
        if state.is_terminal():
            assert state.step().mode is Mode.OVER and state.legal_actions() == []
