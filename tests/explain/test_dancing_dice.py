"""Dancing Dice explained: who danced longest, the prompts of a round, the move help and
why-not answers with their rulebook sections."""

from __future__ import annotations

from ballroom.games.dancing_dice.explain import explain_outcome
from ballroom.games.dancing_dice.game_play import CODEC
from ballroom.games.dancing_dice.position import Position
from ballroom.games.dancing_dice.state import DancingDiceState


def first_round() -> DancingDiceState:
    """Andrew (1 endurance) and Barbara (2) dance worse than Cindy's Boogie twice."""
    return (
        Position(players=3)
        .endurance(0, 1)
        .endurance(1, 2)
        .tango(2, 4, 6)
        .rolled(0, 6, 5, 3, 6, 5, 2)
        .rolled(1, 6, 5, 2, 6, 4, 3)
        .rolled(2, 1, 1, 1, 2, 2, 2)
        .build()
    )


def test_the_last_couple_dancing_and_the_order_of_the_knock_outs() -> None:
    state = first_round()
    for seat in range(3):
        state.apply(CODEC.parse("keep"), seat)
    for seat in range(3):
        state.apply(CODEC.parse("first a b c"), seat)
    assert state.is_terminal()
    explained = explain_outcome(state)
    assert explained["decided"] == (
        "Cindy is the last couple dancing, with 10 endurance left; Barbara lasted until round 1."
    )
    assert [row["sum"] for row in explained["seats"]] == [
        "place 3 of 3 (the longer a couple danced, the higher)",
        "place 2 of 3 (the longer a couple danced, the higher)",
        "place 1 of 3 (the longer a couple danced, the higher)",
    ]
    assert explained["section"] == "Ending the Game"


def test_prompts_of_the_reroll_and_the_arrangement() -> None:
    state = first_round()
    game = state.game
    assert game.prompt(state.observation(0)) == (
        "Choose the dice to re-roll once, or keep them all. The judges accept 1 dance in "
        "each comparison this round."
    )
    for seat in range(3):
        state.apply(CODEC.parse("keep"), seat)
    assert game.prompt(state.observation(1)).startswith("Arrange your six dice into two dances")


def test_why_not_a_second_reroll() -> None:
    state = first_round()
    for seat in range(3):
        state.apply(CODEC.parse("keep"), seat)
    answer = state.game.why_not(state.observation(0), state.legal_actions(0), "reroll", {})
    assert not answer["offered"] and answer["section"] == "GAME PLAY"
    assert "Re-roll dice is not part of this step" in answer["answer"]


def test_move_help_of_a_reroll_says_what_the_others_hear() -> None:
    game = first_round().game
    helped = game.move_help(CODEC.parse("reroll a c"))
    assert helped["effect"] == "roll dice a, c again; the others hear only that you re-roll 2"
