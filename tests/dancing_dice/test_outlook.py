"""The search's evaluation: two couples' round judged exactly over the dice still to fall.

Each test checks the exact evaluation against the game itself: an evaluation
of a round under way must be the mean of the evaluations the game reaches
when its dice fall, every way they can, and the couples choose as the expert.
"""

from __future__ import annotations

from itertools import product

import pytest

from ballroom.core.state import CHANCE
from ballroom.games.dancing_dice.determinize import expert_action
from ballroom.games.dancing_dice.game_play import FIRST_ROWS, KEEP_ID, first_id, reroll_id
from ballroom.games.dancing_dice.outlook import endurance_shares, evaluate, played_out
from ballroom.games.dancing_dice.position import Position, roll
from ballroom.games.dancing_dice.state import DancingDiceState
from ballroom.games.dancing_dice.win_chances import WIN_CHANCES, solve_win_chances

ROLLS = [
    ((1, 2, 4, 1, 2, 4), (6, 6, 5, 3, 3, 1)),  # a Rock, or the Tango
    ((4, 4, 4, 4, 4, 4), (1, 1, 2, 6, 5, 5)),  # a Gala
    ((2, 3, 6, 5, 1, 4), (2, 3, 6, 5, 1, 4)),  # the same dice
]


def rolled(
    first: tuple[int, ...], second: tuple[int, ...], endurance: tuple[int, int]
) -> DancingDiceState:
    """The first round of two couples at these endurances, both rolls made, under Tango 1-2-4."""
    position = Position(2, seed=1).tango(1, 2, 4).rolled(0, *first).rolled(1, *second)
    return position.endurance(0, endurance[0]).endurance(1, endurance[1]).build()


def expert(state: DancingDiceState, seat: int, *, arranging: bool) -> int:
    return expert_action(state, seat, arranging=arranging)


@pytest.mark.parametrize("endurance", [(10, 10), (1, 2), (2, 1), (9, 4)])
@pytest.mark.parametrize(("first", "second"), ROLLS)
def test_an_arranged_round_is_judged_as_the_game_judges_it(
    first: tuple[int, ...], second: tuple[int, ...], endurance: tuple[int, int]
) -> None:
    state = rolled(first, second, endurance)
    state.apply(KEEP_ID, 0)
    state.apply(KEEP_ID, 1)
    for row in FIRST_ROWS:
        arranged = state.clone()
        arranged.apply(first_id(row), 0)
        before = evaluate(arranged)
        arranged.apply(expert(arranged, 1, arranging=True), 1)
        assert arranged.round == 2 or arranged.is_terminal()
        assert before == pytest.approx(evaluate(arranged), abs=1e-12)


@pytest.mark.parametrize("endurance", [(10, 10), (1, 3)])
def test_a_round_under_re_roll_is_worth_the_mean_over_its_dice(endurance: tuple[int, int]) -> None:
    state = rolled((1, 5, 5, 2, 6, 3), (4, 4, 1, 6, 6, 2), endurance)
    state.apply(reroll_id([0]), 0)
    state.apply(reroll_id([2, 5]), 1)
    assert state.current_players() == (CHANCE,)
    outcomes = []
    for faces in product(range(1, 7), repeat=3):
        fallen = state.clone()
        roll(fallen, faces)
        assert fallen.step.name.value == "arrange"
        outcomes.append(evaluate(fallen))
    mean = [sum(shares) / len(outcomes) for shares in zip(*outcomes, strict=True)]
    assert evaluate(state) == pytest.approx(mean, abs=1e-12)


def test_a_couple_still_to_choose_chooses_as_the_expert() -> None:
    state = rolled((3, 3, 6, 1, 1, 2), (5, 2, 2, 6, 4, 1), (7, 6))
    for action in (KEEP_ID, reroll_id([2, 5]), reroll_id(range(6))):
        chosen = state.clone()
        chosen.apply(action, 0)
        waiting = evaluate(chosen)
        chosen.apply(expert(chosen, 1, arranging=False), 1)
        assert waiting == pytest.approx(evaluate(chosen), abs=1e-12)


def test_between_rounds_the_endurances_chances_alone() -> None:
    state = Position(2, seed=4).endurance(0, 3).endurance(1, 8).build()
    assert evaluate(state) == [WIN_CHANCES[3, 8], WIN_CHANCES[8, 3]]
    assert sum(evaluate(state)) == pytest.approx(1.0)


def test_with_more_couples_a_round_is_played_out_then_shared_by_endurance_squared() -> None:
    position = Position(3, seed=4).endurance(0, 2).tango(1, 1, 2).rolled(0, *[4] * 6)
    state = position.rolled(1, *[2] * 6).rolled(2, *[3] * 6).build()
    assert endurance_shares(state) == pytest.approx([4 / 204, 100 / 204, 100 / 204])
    # Three Galas: nobody loses, and the couple at 2 gains two points.
    assert evaluate(state) == pytest.approx([16 / 216, 100 / 216, 100 / 216])
    assert played_out(state).round == 2 and state.round == 1


def test_between_rounds_more_couples_share_by_endurance_squared() -> None:
    state = Position(3, seed=4).endurance(0, 2).build()
    assert evaluate(state) == endurance_shares(state)


def test_a_marathon_over_is_worth_its_returns() -> None:
    state = rolled((1, 1, 1, 2, 2, 2), (6, 5, 4, 6, 5, 3), (10, 1))
    state.apply(KEEP_ID, 0)
    state.apply(KEEP_ID, 1)
    state.apply(first_id((0, 1, 2)), 0)
    state.apply(first_id((0, 1, 2)), 1)
    assert state.is_terminal()
    assert evaluate(state) == list(state.returns()) == [1.0, 0.0]


def test_win_chances_are_complementary_and_grow_with_endurance() -> None:
    for a, b in product(range(1, 11), repeat=2):
        assert WIN_CHANCES[a, b] + WIN_CHANCES[b, a] == pytest.approx(1.0, abs=2e-4)
        if a < 10:
            assert WIN_CHANCES[a + 1, b] > WIN_CHANCES[a, b]
    assert WIN_CHANCES[5, 0] == 1.0 and WIN_CHANCES[0, 5] == 0.0


def test_the_written_win_chances_are_the_solved_ones() -> None:
    assert solve_win_chances() == pytest.approx(WIN_CHANCES, abs=6e-5)
