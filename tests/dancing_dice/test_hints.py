"""What a dancer is told while arranging: each dance's value and purity, the Tango, Rock, Gala."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import ballroom
from ballroom.games.dancing_dice import actions
from ballroom.games.dancing_dice.position import Look, Position, roll
from ballroom.games.dancing_dice.state import DancingDiceState


def arranging(mine: Sequence[int], theirs: Sequence[int] = (6, 6, 5, 3, 2, 1)) -> DancingDiceState:
    """Two dancers, Tango 1-2-4, at the arrangement with the given dice (a-f)."""
    state = Position(players=2).tango(1, 2, 4).rolled(0, *mine).rolled(1, *theirs).build()
    for player in (0, 1):
        state.apply(actions.REROLL_BASE, player)
    assert Look(state).step() == "arrange"
    return state


def note(state: DancingDiceState, first: str, seat: int = 0) -> dict[str, Any]:
    notes = state.game.move_hints(state.observation(seat), state.legal_actions(seat))
    assert len(notes) == len(actions.ARRANGE_ACTIONS)
    return notes[actions.parse(f"first {first}")]  # type: ignore[no-any-return]


def test_each_arrangement_says_what_both_dances_score() -> None:
    state = arranging((2, 4, 1, 6, 1, 1))
    # a b c are white: 2-4-1 is the Tango, pure; d e f coloured: 6-1-1, pure 8.
    assert note(state, "a b c") == {
        "dances": [
            {"value": 2 * 19 + 1, "name": "pure Tango", "pure": True, "tango": True},
            {"value": 2 * 8 + 1, "name": "pure 8", "pure": True, "tango": False},
        ],
        "rock": False,
        "gala": False,
    }
    mixed = note(state, "a b d")  # 2-4-6 | 1-1-1, both mixed
    assert [d["name"] for d in mixed["dances"]] == ["mixed 12", "mixed Boogie"]
    assert [d["pure"] for d in mixed["dances"]] == [False, False]


def test_rock_and_gala_are_flagged_as_the_arrangement_forms_them() -> None:
    state = arranging((1, 2, 5, 5, 2, 1))
    assert note(state, "a b c")["rock"] is True  # 1-2-5 twice, types ignored
    assert note(state, "a b e")["rock"] is False  # 1-2-2 | 5-5-1
    gala = arranging((4, 4, 4, 4, 4, 4))
    for first in ("a b c", "a d e"):
        got = note(gala, first)
        assert got["gala"] is True
        assert [d["name"] for d in got["dances"]] == ["pure 12", "pure 12"]


def test_only_the_seat_own_dice_and_only_while_arranging() -> None:
    state = arranging((2, 4, 1, 6, 1, 1), theirs=(3, 3, 3, 3, 3, 3))
    twin = arranging((5, 5, 5, 2, 2, 2), theirs=(3, 3, 3, 3, 3, 3))
    assert note(state, "a b c", seat=1) == note(twin, "a b c", seat=1)
    assert note(state, "a b c", seat=1)["gala"] is True
    fresh = ballroom.make("dancing-dice", players=2, seed=0)
    roll(fresh, (1, 2, 4, 1, 1, 1, 2, 2, 2, 3, 3, 3, 4, 4, 4))
    assert fresh.game.move_hints(fresh.observation(0), fresh.legal_actions(0)) == {}
