"""The base turn (RULINGS, Dark Tales 2) and this implementation's rulings 1-5."""

from __future__ import annotations

import pytest

from ballroom.core.errors import IllegalActionError
from ballroom.games.dark_tales import DarkTales
from ballroom.games.dark_tales.components import Item
from ballroom.games.dark_tales.position import Position, act, draw
from ballroom.games.dark_tales.state import DarkTalesState
from ballroom.games.dark_tales.turn import CATALOG, HAND_SIZE, Phase

BATTLE = "the-battle-of-the-forgotten-lands"
ARMOURY = "the-armoury"


def cards(state: DarkTalesState, name: str, owner: int | None = None) -> list[str]:
    return [CATALOG.texts[c] for c in state.zones.zone(name, owner).cards]


def moves(state: DarkTalesState) -> list[str]:
    seat = state.current_players()[0]
    return [state.game.action_to_text(a) for a in state.legal_actions(seat)]


def test_setup_draws_an_a_and_a_b_setting_card_and_deals_three_cards_each() -> None:
    state = DarkTales(3).new_state(seed=5)
    assert state.step.name is Phase.SETTING
    state.run_chance()  # the Settings, the deal, then Player 1's first draw
    assert state.a_card is not None and state.b_card is not None
    assert [state.zones.zone("hand", s).size for s in range(3)] == [
        HAND_SIZE + 1,
        HAND_SIZE,
        HAND_SIZE,
    ]
    assert state.zones.zone("deck").size == CATALOG.base_cards - 3 * HAND_SIZE - 1
    assert state.current_players() == (0,) and state.step.name is Phase.PLAY


def test_a_turn_draws_one_card_then_the_player_must_play_one() -> None:
    state = Position().hand(0, "king-1").build()
    draw(state, "old-sage-1")
    assert cards(state, "hand", 0) == ["king-1", "old-sage-1"]
    assert state.step.name is Phase.PLAY
    assert moves(state) == ["play king-1", "play old-sage-1"]  # no pass: playing is mandatory


def test_no_draw_once_the_deck_is_empty_and_the_turn_goes_on() -> None:
    state = Position().hand(0, "king-1", "queen").hand(1, "noble-1").empty_deck().build()
    assert state.step.name is Phase.PLAY and state.current_players() == (0,)


def test_a_played_card_scores_its_vp_and_goes_in_front_of_its_player() -> None:
    state = Position().hand(0, "king-1").hand(1, "noble-1").empty_deck().build()
    act(state, "play king-1")
    assert cards(state, "front", 0) == ["king-1"]
    assert state.vp == (3, 0)  # King: 3 VP
    assert state.player == 1


def test_a_monster_goes_to_the_middle_and_an_event_to_the_discard() -> None:
    state = (
        Position().hand(0, "goblin-1").hand(1, "treasure").hand(0, "king-1").empty_deck().build()
    )
    act(state, "play goblin-1")
    assert cards(state, "middle") == ["goblin-1"]
    act(state, "play treasure")
    assert cards(state, "discard") == ["treasure"]


def test_gaining_items_stops_when_the_supply_runs_out() -> None:
    state = Position().hand(0, "queen").hand(1, "king-1").items(1, gold_coin=7).empty_deck().build()
    act(state, "play queen")  # take 2 Gold Coins: only 1 is left of 8

    assert state.held(0, Item.GOLD_COIN) == 1 and state.supply(Item.GOLD_COIN) == 0


def test_the_princess_takes_a_male_in_play_into_her_players_hand() -> None:
    state = (
        Position()
        .hand(0, "princess-1")
        .hand(1, "queen")
        .front(1, "king-1")
        .front(0, "wizard-1")
        .middle("ogre-1")
        .empty_deck()
        .build()
    )
    act(state, "play princess-1")
    assert state.step.name is Phase.TARGET
    assert moves(state) == ["choose king-1", "choose wizard-1"]  # Males in play only
    act(state, "choose king-1")
    assert cards(state, "hand", 0) == ["king-1"] and cards(state, "front", 1) == []
    assert cards(state, "front", 0) == ["wizard-1", "princess-1"] and state.vp[0] == 2


def test_a_text_naming_a_card_that_is_not_in_play_is_skipped() -> None:
    state = Position().hand(0, "princess-1").hand(1, "queen").empty_deck().build()
    act(state, "play princess-1")
    assert state.current_players() == (1,) and state.vp == (2, 0)


def test_the_merchant_draws_two_and_scores_2_vp_per_merchant_in_play() -> None:
    state = Position().hand(0, "merchant-1").front(1, "merchant-2").front(0, "merchant-3").build()
    draw(state, "king-1")
    act(state, "play merchant-1")
    draw(state, "queen")
    draw(state, "noble-1")
    assert sorted(cards(state, "hand", 0)) == ["king-1", "noble-1", "queen"]
    assert state.vp[0] == 4  # two Merchants in play; the played one is not yet (ruling 2)
    assert "merchant-1" in cards(state, "front", 0)


def test_the_merchant_draws_only_what_the_deck_holds() -> None:
    state = Position().hand(0, "merchant-1").hand(1, "queen").deck("king-1", "noble-1").build()
    draw(state, "king-1")
    act(state, "play merchant-1")
    draw(state, "noble-1")  # the second draw finds the deck empty
    assert cards(state, "hand", 0) == ["king-1", "noble-1"] and state.current_players() == (1,)


def test_a_day_card_replaces_the_night_card_in_the_middle() -> None:
    state = Position().hand(0, "day-1").hand(1, "night-2").middle("night-1").empty_deck().build()
    assert state.time().value == "night"
    act(state, "play day-1")
    assert cards(state, "middle") == ["day-1"] and cards(state, "discard") == ["night-1"]
    assert state.time().value == "day"
    act(state, "play night-2")
    assert cards(state, "middle") == ["night-2"]


def test_the_witch_scores_more_at_night_and_the_gypsy_by_day() -> None:
    night = Position().hand(0, "witch-1").hand(1, "queen").middle("night-1").empty_deck().build()
    act(night, "play witch-1")
    assert night.vp[0] == 1 + 2
    day = Position().hand(0, "witch-1").hand(1, "queen").middle("day-1").empty_deck().build()
    act(day, "play witch-1")
    assert day.vp[0] == 1


def test_midnight_turns_day_into_night() -> None:
    state = (
        Position()
        .hand(0, "midnight")
        .hand(1, "queen")
        .middle("day-1")
        .discard("night-1", "king-1")
        .empty_deck()
        .build()
    )
    act(state, "play midnight")
    assert cards(state, "middle") == ["night-1"]
    assert cards(state, "discard") == ["king-1", "day-1", "midnight"]


def test_the_secret_helper_removes_a_card_in_play_from_the_game() -> None:
    state = (
        Position().hand(0, "secret-helper-1").hand(1, "queen").front(1, "king-1").empty_deck()
    ).build()
    act(state, "play secret-helper-1")
    act(state, "choose king-1")
    assert "king-1" in cards(state, "removed")


def test_the_fairy_takes_the_top_card_of_the_discard_pile() -> None:
    state = (
        Position().hand(0, "fairy-1").hand(1, "queen").discard("king-1", "wizard-1").empty_deck()
    ).build()
    act(state, "play fairy-1")
    assert cards(state, "hand", 0) == ["wizard-1"]


# -- items (the A Setting card) ------------------------------------------------------------


def test_the_item_step_is_offered_only_for_items_the_a_card_lets_a_player_use() -> None:
    no_item = Position().settings(BATTLE, ARMOURY).hand(0, "king-1").empty_deck().build()
    assert no_item.step.name is Phase.PLAY
    coin = Position().settings(BATTLE, ARMOURY).hand(0, "king-1").items(0, gold_coin=2)
    assert coin.empty_deck().build().step.name is Phase.PLAY  # the Battle uses no Gold Coin
    armour = Position().settings(BATTLE, ARMOURY).hand(0, "king-1").items(0, armour=1)
    state = armour.empty_deck().build()
    assert state.step.name is Phase.ITEM and moves(state) == ["use armour", "pass"]


def test_battle_armour_takes_the_top_card_of_the_discard_pile() -> None:
    state = (
        Position()
        .settings(BATTLE, ARMOURY)
        .hand(0, "king-1")
        .items(0, armour=1)
        .discard("ogre-1", "queen")
        .empty_deck()
        .build()
    )
    act(state, "use armour")
    assert cards(state, "hand", 0) == ["king-1", "queen"] and state.held(0, Item.ARMOUR) == 0
    assert state.step.name is Phase.PLAY  # then the card is played


def test_battle_sword_discards_a_monster_in_play_for_3_vp_and_needs_one() -> None:
    without = Position().settings(BATTLE, ARMOURY).hand(0, "king-1").items(0, sword=1)
    assert without.empty_deck().build().step.name is Phase.PLAY
    state = (
        Position()
        .settings(BATTLE, ARMOURY)
        .hand(0, "king-1")
        .items(0, sword=1)
        .middle("ogre-1", "dragon-1")
        .front(1, "king-2")
        .empty_deck()
        .build()
    )
    act(state, "use sword")
    assert moves(state) == ["choose ogre-1", "choose dragon-1"]
    act(state, "choose dragon-1")
    assert cards(state, "discard") == ["dragon-1"] and state.vp[0] == 3


def test_battle_magic_wand_draws_a_card_takes_a_gold_coin_and_scores_1_vp() -> None:
    state = Position().settings(BATTLE, ARMOURY).hand(0, "king-1").items(0, magic_wand=1).build()
    draw(state, "queen")
    act(state, "use magic-wand")
    draw(state, "noble-1")
    assert state.held(0, Item.GOLD_COIN) == 1 and state.held(0, Item.MAGIC_WAND) == 0
    assert state.vp[0] == 1 and len(cards(state, "hand", 0)) == 3


def test_only_one_item_per_turn() -> None:
    state = (
        Position()
        .settings(BATTLE, ARMOURY)
        .hand(0, "king-1")
        .items(0, armour=2)
        .discard("queen", "noble-1")
        .empty_deck()
        .build()
    )
    act(state, "use armour")
    assert state.step.name is Phase.PLAY


def test_a_card_not_in_hand_cannot_be_played() -> None:
    state = Position().hand(0, "king-1").hand(1, "queen").empty_deck().build()
    with pytest.raises(IllegalActionError):
        act(state, "play queen")
