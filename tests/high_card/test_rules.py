"""High Card's rules, played out: the deal, the secret pick, the reveal, the Jester's offer."""

from __future__ import annotations

import pytest

from ballroom.core.effects import Gain
from ballroom.core.errors import EffectError, IllegalActionError
from ballroom.core.flow import Mode
from ballroom.core.record import replay
from ballroom.core.rng import Rng
from ballroom.core.state import CHANCE
from ballroom.games.high_card import HighCard, HighCardState
from ballroom.games.high_card.game import EFFECTS, Phase


def deal(state: HighCardState, hands: list[list[str]]) -> None:
    """Let chance deal the named cards: each seat's opening hand, seat after seat."""
    for card in (card for hand in hands for card in hand):
        assert state.step.name is Phase.DRAW
        state.apply_text(f"draw {card}", CHANCE)


def test_the_deal_is_chance_dealing_three_cards_each_in_turn() -> None:
    state = HighCard(2).new_state(1)
    assert state.current_players() == (CHANCE,)
    deal(state, [["5", "9", "13"], ["1", "7", "12"]])
    assert state.zones.zone("hand", 0).cards == (4, 8, 12)
    assert state.step.mode is Mode.SECRET and state.current_players() == (0, 1)
    view = state.observation(1)
    hands = {z["zone"]: z for z in view["zones"]["zones"]}
    assert hands["hand/0"] == {"zone": "hand/0", "visibility": "owner", "size": 3}
    assert hands["hand/1"]["cards"] == [0, 6, 11]


def test_picks_are_secret_until_all_are_in_and_the_highest_scores() -> None:
    state = HighCard(2).new_state(1)
    deal(state, [["5", "9", "13"], ["1", "7", "12"]])
    events = state.apply_text("play 13", 0)
    assert [e.text for e in events] == ["Player 1 plays face down."]
    assert state.current_players() == (1,)
    assert "cards" not in {z["zone"]: z for z in state.observation(1)["zones"]["zones"]}["played/0"]
    with pytest.raises(IllegalActionError, match="not player 0's decision; waiting for 1"):
        state.apply_text("play 5", 0)
    with pytest.raises(IllegalActionError, match="'play 13' is not legal for player 1"):
        state.apply_text("play 13", 1)
    events = state.apply_text("play 7", 1)
    reveal = next(e for e in events if e.kind == "reveal")
    assert reveal.text == "Revealed: Player 1's 13 and Player 2's 7." and reveal.reveals
    assert state.points == [1, 0]
    assert state.zones.zone("discard").cards == (12, 6)


def test_the_jester_offers_a_draw_for_a_point_and_every_answer_is_a_step() -> None:
    state = HighCard(2).new_state(1)
    deal(state, [["5", "9", "13"], ["1", "7", "12"]])
    state.apply_text("play 13", 0)
    state.apply_text("play 12", 1)  # seat 0 scores
    for _ in range(2):
        state.apply(state.sample_chance(), CHANCE)
    state.apply_text("play 9", 0)
    state.apply_text("play 1", 1)  # the Jester, but seat 1 has no point to give
    assert state.step.name is Phase.OFFER and state.current_players() == (1,)
    assert [state.game.action_to_text(a) for a in state.legal_actions(1)] == ["answer no"]
    state.apply_text("answer no", 1)
    assert state.step.name is Phase.DRAW  # the refill


def test_the_jesters_draw_is_a_chance_step_and_costs_a_point() -> None:
    state = HighCard(2).new_state(1)
    deal(state, [["5", "9", "13"], ["1", "7", "12"]])
    state.apply_text("play 5", 0)
    state.apply_text("play 12", 1)  # seat 1 scores
    state.apply_text("draw 2", CHANCE)
    state.apply_text("draw 3", CHANCE)
    state.apply_text("play 9", 0)
    state.apply_text("play 1", 1)
    assert [state.game.action_to_text(a) for a in state.legal_actions(1)] == [
        "answer no",
        "answer draw-card",
    ]
    events = state.apply_text("answer draw-card", 1)
    assert [e.text for e in events] == ["Player 2 gives up a point to draw."]
    assert state.points == [1, 0] and state.step.name is Phase.DRAW
    events = state.apply_text("draw 4", CHANCE)
    assert [(e.text, e.audience) for e in events] == [
        ("A card is drawn into Player 2's hand.", None),
        ("The 4 is drawn into Player 2's hand.", frozenset({1})),
    ]
    assert 3 in state.zones.zone("hand", 1).cards


def test_the_game_ends_when_no_one_holds_a_card_and_replays() -> None:
    state = HighCard(3).new_state(8)
    rng = Rng(8)
    while not state.is_terminal():
        player = state.current_players()[0]
        legal = state.legal_actions(player)
        state.apply(state.sample_chance() if player == CHANCE else rng.choice(legal), player)
    assert all(state.zones.zone("hand", s).size == 0 for s in range(3))
    assert state.zones.zone("deck").size == 0
    assert state.outcome().winners == tuple(
        s for s in range(3) if state.points[s] == max(state.points)
    )
    assert replay(state.record(), game_class=HighCard).observation(None) == state.observation(None)


def test_its_ability_data_is_checked_by_the_effect_language() -> None:
    assert set(EFFECTS.abilities) == {"deal", "refill", "jester"}
    state = HighCard(2).new_state(0)
    with pytest.raises(EffectError, match="may spend points only"):
        state.perform(0, Gain("points"), "jester")
