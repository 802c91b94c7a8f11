"""Game Play: the moves keep the ids and texts records have always used, the flow tells
nobody anything, and a game played without listeners is the game played out loud."""

from __future__ import annotations

import pytest

from ballroom.core.errors import IllegalActionError
from ballroom.core.rng import Rng
from ballroom.core.state import CHANCE
from ballroom.games.dancing_dice.game import DancingDice
from ballroom.games.dancing_dice.game_play import CODEC, FIRST_ROWS, read_action
from ballroom.games.dancing_dice.position import Position

LETTERS = "abcdef"


def recorded_text(action: int) -> str:
    """The text records have stored for each id since the first release."""
    if action < 6:
        return f"roll {action + 1}"
    if action < 70:
        dice = [LETTERS[d] for d in range(6) if (action - 6) >> d & 1]
        return "reroll " + " ".join(dice) if dice else "keep"
    return "first " + " ".join(LETTERS[d] for d in FIRST_ROWS[action - 70])


def test_every_id_keeps_its_text_and_reads_back() -> None:
    assert CODEC.size == 90
    for action in range(CODEC.size):
        assert CODEC.to_text(action) == recorded_text(action)
        assert read_action(recorded_text(action)) == action


def test_the_structured_form_names_the_family_and_its_dice() -> None:
    assert CODEC.to_json(11) == {
        "id": 11,
        "text": "reroll a c",
        "family": "reroll",
        "params": {"dice": "a c"},
    }
    assert CODEC.from_json({"family": "first", "params": {"dice": "a b d"}}) == 71
    assert CODEC.to_json(6) == {"id": 6, "text": "keep", "family": "keep", "params": {}}


def test_text_is_read_leniently_and_refused_clearly() -> None:
    assert read_action("Reroll C,A") == read_action("reroll ac") == 11
    assert read_action("first d b a") == 71 and read_action("reroll") == 6
    for text, message in [
        ("", "empty action"),
        ("reroll a x", "dice are lettered a-f, not 'x'"),
        ("reroll a a", "names a die twice"),
        ("first a b", "the first dance takes exactly three dice"),
        ("dance wildly", "cannot read 'dance wildly'"),
        ("roll 7", "cannot read 'roll 7'"),
    ]:
        with pytest.raises(IllegalActionError, match=message):
            read_action(text)


def test_every_couple_is_offered_every_move_whatever_its_dice() -> None:
    state = (
        Position(players=3)
        .tango(1, 2, 4)
        .rolled(0, 1, 1, 1, 1, 1, 1)
        .rolled(1, 6, 5, 4, 3, 2, 1)
        .rolled(2, 2, 2, 2, 3, 3, 3)
        .build()
    )
    assert [state.legal_actions(seat) for seat in range(3)] == [list(range(6, 70))] * 3
    state.apply_text("keep", 0)
    assert state.legal_actions(0) == [] and state.legal_actions(1) == list(range(6, 70))
    for seat in (1, 2):
        state.apply_text("keep", seat)
    assert [state.legal_actions(seat) for seat in range(3)] == [list(range(70, 90))] * 3
    fresh = DancingDice(2).new_state(0)
    assert fresh.chance_outcomes() == [(face, pytest.approx(1 / 6)) for face in range(6)]


@pytest.mark.parametrize("seed", range(6))
def test_a_game_played_without_listeners_is_the_game_played_out_loud(seed: int) -> None:
    game = DancingDice(3, endurance=3)
    loud, quiet = game.new_state(seed), game.new_state(seed)
    chooser = Rng(seed)
    while not loud.is_terminal():
        player = loud.current_players()[0]
        assert quiet.current_players() == loud.current_players()
        if player == CHANCE:
            loud.apply(loud.sample_chance(), CHANCE)
            quiet.run_chance(1)
            continue
        for seat in range(3):
            assert quiet.observation(seat) == loud.observation(seat)
        action = chooser.choice(loud.legal_actions(player))
        assert loud.apply(action, player)  # a couple is always told its choice
        quiet.advance(action, player)
    assert quiet.is_terminal() and quiet.history == loud.history
    assert quiet.observation(None) == loud.observation(None)
