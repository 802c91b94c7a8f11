"""The declared State: its contract answered from steps, families, zones, views and abilities."""

from __future__ import annotations

import json

import pytest

from ballroom.core.actions import Offer
from ballroom.core.errors import IllegalActionError
from ballroom.core.flow import Mode
from ballroom.core.rng import Rng
from ballroom.core.state import CHANCE, State
from ballroom.games.dancing_dice import DancingDice
from ballroom.games.high_card import HighCard
from ballroom.games.high_card.game import DRAW, PLAY, Phase


def test_the_step_says_who_acts_and_the_flow_which_families() -> None:
    state = HighCard(3).new_state(2)
    assert state.step.name is Phase.DRAW and state.current_players() == (CHANCE,)
    outcomes = state.chance_outcomes()
    assert [state.game.action_to_text(a) for a, _ in outcomes] == [
        f"draw {r}" for r in range(1, 14)
    ]
    assert state.legal_actions() == [a for a, _ in outcomes]
    while state.step.name is Phase.DRAW:
        state.apply(state.sample_chance(), CHANCE)
    assert state.step.mode is Mode.SECRET
    assert state.legal_actions(CHANCE) == []
    mine = state.legal_actions(2)
    assert all(state.game.codec.decode(a).family is PLAY for a in mine) and len(mine) == 3


def test_a_family_the_step_does_not_offer_is_caught() -> None:
    state = HighCard(2).new_state(2)
    while state.step.name is Phase.DRAW:
        state.apply(state.sample_chance(), CHANCE)
    state.choices = lambda seat: [DRAW(0)]  # type: ignore[method-assign]
    with pytest.raises(IllegalActionError, match="step play offers play, not draw"):
        state.legal_actions(0)


def test_a_game_without_chance_steps_of_its_own_says_so() -> None:
    state = HighCard(2).new_state(2)
    while state.step.name is Phase.DRAW:
        state.apply(state.sample_chance(), CHANCE)
    with pytest.raises(IllegalActionError, match="High Card has no chance step play"):
        state.chances()


def test_the_observation_is_the_view() -> None:
    state = HighCard(2).new_state(2)
    for _ in range(2):
        state.apply(state.sample_chance(), CHANCE)
    observation = json.loads(json.dumps(state.observation(0)))
    assert observation == state.view(0).to_observation()
    assert observation["step"] == {"step": "draw", "mode": "chance", "seats": []}
    assert observation["public"]["queue"] == [["setup", 1]]
    assert observation["public"]["effect"]["ask"]["kind"] == "draw"
    assert observation["private"] is None


def test_a_searchs_chance_draw_at_an_every_step_is_the_generic_draw() -> None:
    """``draw_chance`` reads an ``every`` step's odds summed once: the outcome the
    generic draw from ``chance_outcomes`` gives with the same source."""
    state = DancingDice(3, **{"research-faces": 4}).new_state(2)
    assert state.is_chance_node()
    for seed in range(200):
        assert state.draw_chance(Rng(seed)) == State.draw_chance(state, Rng(seed))


def _counting_choices(state: State) -> list[int]:
    """Wrap the state's ``choices`` so that each time the rules build the moves is counted."""
    built: list[int] = []
    choices = state.choices  # type: ignore[attr-defined]

    def counted(seat: int) -> object:
        built.append(seat)
        return choices(seat)

    state.choices = counted  # type: ignore[attr-defined]
    return built


def test_legal_moves_asked_again_before_anything_moved_are_not_built_again() -> None:
    state = HighCard(3).new_state(2)
    while state.step.name is Phase.DRAW:
        state.apply(state.sample_chance(), CHANCE)
    built = _counting_choices(state)
    first = state.legal_actions(1)
    first.clear()  # the caller's list is its own
    assert state.legal_actions(1) == state.legal_actions(1) != []
    assert built == [1]
    state.legal_actions(2)
    state.legal_actions(1)
    assert built == [1, 2, 1]  # one seat's moves are kept, the last asked
    move = state.legal_actions(1)[0]
    state.apply(move, 1)  # checked against the kept moves, then the state moves on
    assert built == [1, 2, 1]
    assert state.legal_actions(1) == []  # seat 1 has chosen: not asked again
    before = state.legal_actions(2)
    state.apply(before[0], 2)
    assert state.legal_actions(0) and built[-1] == 0


def test_a_copy_works_its_legal_moves_out_afresh() -> None:
    """A determinization changes what is hidden without a move: a copy keeps no moves."""
    state = HighCard(2).new_state(5)
    while state.step.name is Phase.DRAW:
        state.apply(state.sample_chance(), CHANCE)
    state.legal_actions(0)
    twin = state.clone()
    built = _counting_choices(twin)
    assert twin.legal_actions(0) == state.legal_actions(0)
    assert built == [0]


def test_a_value_kept_till_moved_is_made_again_after_a_move_and_by_a_copy() -> None:
    state = HighCard(2).new_state(5)
    made: list[int] = []

    def tally() -> int:
        made.append(len(state.history))
        return len(made)

    assert state.till_moved("tally", tally) == state.till_moved("tally", tally) == 1
    assert made == [0]
    state.apply(state.sample_chance(), CHANCE)
    assert state.till_moved("tally", tally) == 2 and made == [0, 1]  # the state moved: made again
    twin = state.clone()
    assert twin._till_moved is None  # a determinization may change what the value reads
    assert twin.till_moved("tally", tally) == 3
    assert state.till_moved("tally", tally) == 2  # the original's is still its own


def test_a_view_made_while_an_action_is_applied_is_not_kept() -> None:
    state = HighCard(2).new_state(5)
    state._applying = True
    made: list[int] = []
    state.till_moved("tally", lambda: made.append(1) or 1)
    state._applying = False
    state.till_moved("tally", lambda: made.append(2) or 2)
    assert made == [1, 2]


@pytest.fixture
def encoded(monkeypatch: pytest.MonkeyPatch) -> list[object]:
    """Each batch of actions High Card's codec encodes from now on, in order."""
    batches: list[object] = []
    encode = HighCard._encode

    def counted(table: HighCard, step: object, actions: object) -> list[int]:
        batches.append(actions)
        return encode(table, step, actions)  # type: ignore[arg-type]

    monkeypatch.setattr(HighCard, "_encode", counted)
    return batches


def test_a_tuple_of_choices_offered_again_is_encoded_once_and_still_checked(
    encoded: list[object],
) -> None:
    state = HighCard(2).new_state(5)
    game = state.game
    drawn = tuple(DRAW(card) for card in (4, 0, 2))
    assert game.encode_offered(state.step, drawn) == sorted(game.codec.encode(a) for a in drawn)
    while state.step.name is Phase.DRAW:
        state.apply(state.sample_chance(), CHANCE)
    played = (PLAY(3), PLAY(1), PLAY(1))
    encoded.clear()  # from here on
    first = game.encode_offered(state.step, played)
    first.clear()  # the caller's list is its own
    first_ids = [game.codec.encode(PLAY(1)), game.codec.encode(PLAY(3))]
    assert game.encode_offered(state.step, played) == first_ids
    assert encoded == [played]
    assert game.encode_offered(state.step, list(played)) and len(encoded) == 2  # a list: afresh
    with pytest.raises(IllegalActionError, match="step play offers play, not draw"):
        game.encode_offered(state.step, drawn)  # encoded at the draw step, refused here
    encoded.clear()
    assert HighCard(3).encode_offered(state.step, played) == first_ids
    assert not encoded, "another table of the game encoded the tuple again"


def test_an_offer_is_encoded_a_part_at_a_time_each_part_once_and_still_checked(
    encoded: list[object],
) -> None:
    state = HighCard(2).new_state(5)
    game = state.game
    while state.step.name is Phase.DRAW:
        state.apply(state.sample_chance(), CHANCE)
    low, high = (PLAY(0), PLAY(1)), (PLAY(5), PLAY(9))
    encoded.clear()  # from here on
    listed = sorted(game.codec.encode(a) for a in (*low, *high))
    assert game.encode_offered(state.step, Offer([low, high])) == listed
    assert game.encode_offered(state.step, Offer([high, low])) == listed  # out of order: sorted
    assert game.encode_offered(state.step, Offer([high, (), low, high])) == listed  # one id each
    assert encoded == [low, high, ()], "a part offered again was encoded again"
    assert list(Offer([low, high])) == [*low, *high] and len(Offer([low, high])) == 4
    with pytest.raises(IllegalActionError, match="step play offers play, not draw"):
        game.encode_offered(state.step, Offer([low, (DRAW(2),)]))
