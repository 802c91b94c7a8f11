"""The rulebook's example and every Dancing Dice ruling, with stated outcomes."""

from __future__ import annotations

import pytest

import ballroom
from ballroom.games.dancing_dice import actions
from ballroom.games.dancing_dice.position import Look, Position, play_round
from ballroom.games.dancing_dice.rules import (
    BOOGIE,
    CHA_CHA_CHA,
    TANGO,
    TAP_DANCE,
    Performance,
    dance_rank,
    dance_value,
    final_ranking,
    judge,
)
from ballroom.games.dancing_dice.state import DancingDiceState

ANDREW, BARBARA, CINDY, DANIEL, EMMA = range(5)


def new_game(players: int, **options: object) -> DancingDiceState:
    state = ballroom.make("dancing-dice", players=players, seed=0, **options)
    assert isinstance(state, DancingDiceState)
    return state


def test_judging_example_from_the_rulebook() -> None:
    """Andrew, Barbara, Cindy, Daniel and Emma; Tango 1-2-4; two satisfactory per dance.

    Dice a, b, c are white with coloured steps, d, e, f coloured with white
    steps. The rulebook's bold type is lost, so the ties it describes (Andrew
    and Daniel on 12, Barbara and Daniel on Tap-dance) are built of equal
    purity.
    """
    state = new_game(5)
    play_round(
        state,
        tango=(1, 2, 4),
        dice={
            ANDREW: (2, 4, 1, 6, 1, 1),  # 2-4-6 | 1-1-1
            BARBARA: (3, 2, 2, 1, 2, 2),  # 3-2-1 | 2-2-2
            CINDY: (2, 4, 5, 1, 2, 4),  # 2-4-1 | 5-2-4
            DANIEL: (4, 4, 2, 4, 2, 2),  # 4-4-4 | 2-2-2
            EMMA: (5, 2, 6, 1, 6, 5),  # 5-2-1 | 6-6-5
        },
        first_rows={p: "abd" for p in range(5)},
    )
    look = Look(state)
    first, second = look.judging()
    # First dance: Cindy's Tango, then Andrew and Daniel tied on 12: all satisfactory.
    assert first["satisfactory"] == [ANDREW, CINDY, DANIEL]
    assert first["lost"] == [BARBARA, EMMA]
    # Second dance: Andrew's Boogie, then Barbara and Daniel tied on Tap-dance.
    assert second["satisfactory"] == [ANDREW, BARBARA, DANIEL]
    assert second["lost"] == [CINDY, EMMA]
    assert look.endurance() == [10, 9, 9, 10, 8]
    # Cindy danced the Tango, so the next round starts by re-rolling the Tango dice.
    assert look.step() == "tango" and state.turns() == 2


def test_purity_breaks_the_tie_at_the_kth_place() -> None:
    state = new_game(5)
    play_round(
        state,
        tango=(1, 2, 4),
        dice={
            ANDREW: (2, 4, 6, 1, 1, 1),  # pure 2-4-6 | pure 1-1-1
            BARBARA: (3, 2, 2, 1, 2, 2),
            CINDY: (2, 4, 5, 1, 2, 4),
            DANIEL: (4, 4, 2, 4, 2, 2),  # mixed 4-4-4
            EMMA: (5, 2, 6, 1, 6, 5),
        },
        first_rows={ANDREW: "abc", BARBARA: "abd", CINDY: "abd", DANIEL: "abd", EMMA: "abd"},
    )
    first = Look(state).judging()[0]
    assert first["satisfactory"] == [ANDREW, CINDY]
    assert DANIEL in first["lost"]


def test_purity_only_breaks_ties_between_equal_dances() -> None:
    tango = (1, 2, 4)
    assert dance_value((3, 5, 3), True, tango) > dance_value((6, 1, 4), False, tango)
    assert dance_value((6, 2, 4), False, tango) > dance_value((3, 5, 3), True, tango)
    assert dance_value((1, 1, 1), False, tango) > dance_value((2, 2, 2), True, tango)


def test_order_of_dances() -> None:
    tango = (4, 1, 5)
    assert dance_rank((1, 1, 1), tango) == BOOGIE
    assert dance_rank((2, 2, 2), tango) == TAP_DANCE
    assert dance_rank((3, 3, 3), tango) == CHA_CHA_CHA
    assert dance_rank((5, 4, 1), tango) == TANGO
    assert dance_rank((6, 6, 6), tango) == 18 < TANGO < CHA_CHA_CHA
    assert dance_rank((3, 2, 5), tango) == 10  # sums to 10 but is not the Tango
    assert dance_rank((1, 1, 2), tango) == 4  # Macarena, the lowest


@pytest.mark.parametrize("face", [1, 2, 3])
def test_a_tango_that_is_also_a_special_triple_counts_as_the_higher(face: int) -> None:
    tango = (face, face, face)
    assert dance_rank(tango, tango) == {1: BOOGIE, 2: TAP_DANCE, 3: CHA_CHA_CHA}[face]


@pytest.mark.parametrize("face", [4, 5, 6])
def test_high_triples_count_by_their_sum_unless_they_are_the_tango(face: int) -> None:
    assert dance_rank((face,) * 3, (1, 2, 4)) == 3 * face
    assert dance_rank((face,) * 3, (face,) * 3) == TANGO


def test_everyone_tied_with_the_kth_best_is_satisfactory() -> None:
    assert judge({0: 30, 1: 20, 2: 20, 3: 20, 4: 10}) == {0, 1, 2, 3}
    assert judge({0: 20, 1: 20, 2: 20, 3: 20}) == {0, 1, 2, 3}
    assert judge({0: 30, 1: 29, 2: 20, 3: 20}) == {0, 1}
    assert judge({0: 8, 1: 9}) == {1}


def test_rock_loses_no_endurance() -> None:
    state = new_game(2)
    play_round(
        state,
        tango=(6, 6, 5),
        dice={0: (1, 2, 5, 1, 2, 5), 1: (1, 1, 1, 2, 2, 2)},
        first_rows={0: "abc", 1: "abc"},
    )
    assert Performance((1, 2, 5, 1, 2, 5), (0, 1, 2)).is_rock
    # Seat 0 is beaten in both dances, but a Rock (type ignored) loses nothing.
    look = Look(state)
    assert look.judging()[0]["satisfactory"] == [1]
    assert look.endurance() == [10, 10]


def test_gala_counts_as_the_triple_gains_two_and_is_capped_at_ten() -> None:
    state = new_game(3, endurance=7)
    play_round(
        state,
        tango=(6, 6, 5),
        dice={0: (4,) * 6, 1: (1, 1, 1, 2, 2, 2), 2: (3, 3, 3, 6, 6, 6)},
        first_rows={0: "abd", 1: "abc", 2: "abc"},
    )
    look = Look(state)
    values = look.judging()[0]["values"]
    assert values["0"] == dance_value((4, 4, 4), True, (5, 6, 6))
    assert look.endurance()[0] == 9  # 7, no loss despite an unsatisfactory 12, +2
    play_round(
        state,
        dice={0: (4,) * 6, 1: (1, 1, 1, 2, 2, 2), 2: (3, 3, 3, 6, 6, 6)},
        first_rows={0: "abc", 1: "abc", 2: "abc"},
    )
    assert look.endurance()[0] == 10


def test_knockouts_in_the_first_dance_shrink_k_for_the_second() -> None:
    state = new_game(6, endurance=1)
    # Seats 3, 4, 5 lose the first dance and are out; three remain, so k = 1.
    play_round(
        state,
        tango=(6, 6, 5),
        dice={
            0: (1, 1, 1, 4, 5, 6),
            1: (2, 2, 2, 2, 3, 6),
            2: (3, 3, 3, 1, 2, 4),
            3: (1, 2, 4, 6, 6, 6),
            4: (1, 2, 3, 5, 6, 6),
            5: (1, 1, 2, 5, 5, 6),
        },
        first_rows={p: "def" if p >= 3 else "abc" for p in range(6)},
    )
    first, second = Look(state).judging()
    assert first["out"] == [3, 4, 5]
    assert len(second["values"]) == 3
    assert second["satisfactory"] == [0]
    assert sorted(second["out"]) == [1, 2]
    assert state.is_terminal() and state.outcome().winners == (0,)


def test_last_dancers_knocked_out_together_share_the_win() -> None:
    # Under the rulebook's judging someone is always satisfactory, so this
    # ranking rule is checked directly: nobody survives the last dance.
    assert final_ranking([], [[4], [0, 2]]) == [[0, 2], [4]]
    assert final_ranking([1], [[4], [0, 2]]) == [[1], [0, 2], [4]]


def test_tango_stays_until_danced() -> None:
    state = new_game(2)
    play_round(
        state,
        tango=(6, 6, 5),
        dice={0: (1, 2, 3, 4, 4, 2), 1: (1, 1, 2, 3, 5, 5)},
        first_rows={0: "abc", 1: "abc"},
    )
    look = Look(state)
    assert look.step() == "roll" and look.tango() == [5, 6, 6]


def test_rerolled_dice_are_announced_by_count_only() -> None:
    state = (
        Position(players=2).tango(6, 6, 5).rolled(0, 1, 2, 3, 4, 5, 6).rolled(1, 1, 2, 3, 4, 5, 6)
    ).build()
    state.apply(actions.parse("reroll a c"), 0)
    assert state.observation(1)["players"][0]["rerolled"] is None  # not yet announced
    events = state.apply(actions.parse("keep"), 1)
    announced = [e.text for e in events if e.kind == "reroll"]
    assert announced == ["Andrew re-rolls 2 dice!", "Barbara keeps every die."]
    assert state.observation(1)["players"][0]["rerolled"] == 2
