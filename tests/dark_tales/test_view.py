"""What a seat sees: its hand, never another's; worlds dealt from its view; the terminal."""

from __future__ import annotations

from ballroom.core.rng import Rng
from ballroom.games.dark_tales.position import Position, act
from ballroom.games.dark_tales.turn import CATALOG


def test_another_players_hand_and_the_deck_are_sizes_only() -> None:
    state = Position().hand(0, "king-1", "queen").hand(1, "noble-1").build()
    zones = {z["zone"]: z for z in state.observation(1)["zones"]["zones"]}
    assert "cards" not in zones["hand/0"] and zones["hand/0"]["size"] == 2
    assert "cards" not in zones["deck"]
    assert zones["hand/1"]["cards"] == [CATALOG.card("noble-1")]


def test_a_world_dealt_from_a_view_keeps_a_card_seen_going_into_a_hand_there() -> None:
    state = (
        Position()
        .hand(0, "princess-1", "queen")
        .hand(1, "wizard-1")
        .front(1, "king-1")
        .empty_deck()
        .build()
    )
    act(state, "play princess-1")
    act(state, "choose king-1")
    observation = state.observation(1)
    for seed in range(5):
        world = state.game.determinize(observation, Rng(seed))
        assert CATALOG.card("king-1") in world.zones.zone("hand", 0).cards
        assert world.observation(1) == observation


def test_the_terminal_shows_the_table_and_only_the_seats_own_hand() -> None:
    state = Position().hand(0, "king-1").hand(1, "queen").middle("ogre-1").empty_deck().build()
    text = state.game.render(state.observation(1))
    assert "Ogre (monster, 2 VP)" in text and "Your hand: Queen (female, 3 VP)" in text
    assert "King (" not in text
    play = state.game.parse_action("play king-1")
    assert state.game.describe_action(play, state.observation(0)) == "Play King"
