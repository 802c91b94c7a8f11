"""Setup and the Prepare phase, sentence by sentence (rulebook; RULINGS Vampire's Harvest 1, 3, 6)."""

from __future__ import annotations

import pytest

from ballroom.core.errors import IllegalActionError, InvalidOptionError
from ballroom.core.state import CHANCE
from ballroom.games.vampires_harvest import VampiresHarvest
from ballroom.games.vampires_harvest.components import Deck
from ballroom.games.vampires_harvest.position import (
    Position,
    act,
    draw,
    roll,
    select,
    zone_cards,
)
from ballroom.games.vampires_harvest.state import HarvestState
from ballroom.games.vampires_harvest.turn import CATALOG, Phase, Skill


def legal_texts(state: HarvestState, seat: int) -> list[str]:
    return [state.game.action_to_text(a) for a in state.legal_actions(seat)]


def to_skills(state: HarvestState) -> None:
    """Play chance until the first seat decides."""
    while state.current_players() == (CHANCE,):
        state.apply(state.sample_chance(), CHANCE)


def test_setup_gives_every_player_the_rulebook_components() -> None:
    state = VampiresHarvest(4).new_state(3)
    to_skills(state)
    assert state.turn == 1
    assert state.blood == (10, 10, 10, 10)
    assert state.tracks == ((1, 1, 1),) * 4
    assert state.skills == ((0, 0, 0, 0),) * 4
    assert state.skill_points == (4, 4, 4, 4)
    assert state.broker_used == (False,) * 4
    for seat in range(4):
        (stone,) = state.zones.zone("hand", seat).cards
        assert CATALOG.cards[stone].deck is Deck.BLOODSTONE
    for area in (1, 2, 3):
        cards = state.zones.zone(f"area-{area}").cards
        assert len(cards) == 2 and all(CATALOG.cards[c].deck is Deck.EARLY for c in cards)
    assert len(state.zones.zone("event").cards) == 1


def test_a_new_game_starts_with_full_decks_whatever_an_earlier_game_drew() -> None:
    """New games share their starting zones (a value that a draw replaces, never changes)."""
    first = VampiresHarvest(4).new_state(3)
    to_skills(first)
    assert first.zones.zone("early-deck").size == len(CATALOG.deck(Deck.EARLY)) - 6
    second = VampiresHarvest(4).new_state(3)
    assert second.zones.zone("early-deck").cards == CATALOG.deck(Deck.EARLY)
    assert not any(second.zones.zone("hand", seat).cards for seat in range(4))
    to_skills(second)
    assert second.zones == first.zones


def test_areas_are_players_minus_one_and_the_unused_area_cards_are_set_aside() -> None:
    for players, areas in ((3, 2), (4, 3), (5, 4)):
        assert VampiresHarvest(players).areas == areas
    state = Position(players=3).area(1, "ghoul-pack-1").area(2, "tavern-maid-1").build()
    assert legal_texts(state, 0) == [
        "select train",
        "select harvest",
        "select chance-encounter",
        "select area-1",
        "select area-2",
        "select late-decision",
    ]


def test_the_first_initiative_holder_is_drawn_at_random_among_the_players() -> None:
    state = VampiresHarvest(3).new_state(1)
    while state.step.name is not Phase.FIRST:
        state.apply(state.sample_chance(), CHANCE)
    assert state.chance_outcomes() == [
        (state.game.parse_action(f"first {p}"), pytest.approx(1 / 3)) for p in (1, 2, 3)
    ]
    state.apply_text("first 3", CHANCE)
    assert state.initiative == 2


def test_setup_rolls_one_die_per_player_into_the_pool() -> None:
    state = VampiresHarvest(3).new_state(1)
    while state.step.name is not Phase.FIRST:
        state.apply(state.sample_chance(), CHANCE)
    state.apply_text("first 1", CHANCE)
    roll(state, 6, 2, 5)
    assert state.pool == 13
    assert state.step.name is Phase.DRAW  # the Event


def test_prepare_advances_the_turn_passes_initiative_right_and_fills_the_pool() -> None:
    state = Position(players=3).turn(4).initiative(1).pool(2).build(at="prepare")
    assert state.turn == 5
    assert state.initiative == 0  # to the right: the previous seat
    roll(state, 1, 2, 3)
    assert state.pool == 2 + 6
    draw(state, "quiet-night")
    assert zone_cards(state, "event") == ["quiet-night"]


def test_initiative_passes_right_from_seat_0_to_the_last_seat() -> None:
    state = Position(players=4).initiative(0).build(at="prepare")
    assert state.initiative == 3


def test_a_one_time_event_acts_once_for_every_player() -> None:
    state = Position(players=3).build(at="prepare")
    roll(state, 1, 1, 1)
    draw(state, "blood-moon")  # 2 more Blood per player into the Pool
    assert state.pool == 3 + 6
    draw_state = Position(players=3).build(at="prepare")
    roll(draw_state, 1, 1, 1)
    draw(draw_state, "tithe-collector")
    assert draw_state.blood == (9, 9, 9)


def test_an_event_for_the_turn_lasts_the_turn_and_a_new_one_replaces_it() -> None:
    state = Position(players=3).build(at="prepare")
    roll(state, 1, 1, 1)
    draw(state, "hunters-abroad")
    assert state.modifier(0, "enemy-strength") == 1
    for seat in state.order():
        act(state, seat, "pass")
    for seat in state.order():
        act(state, seat, "done")
    select(state, {0: "train", 1: "train", 2: "train"})
    for seat in state.order():
        act(state, seat, "buy 0", "pass")
    assert state.turn == 3 and state.step.name is Phase.ROLL  # the next turn's Prepare
    assert state.modifier(0, "enemy-strength") == 0
    assert zone_cards(state, "event") == []
    assert zone_cards(state, "event-discard") == ["hunters-abroad"]
    roll(state, 1, 1, 1)
    draw(state, "full-moon")
    assert zone_cards(state, "event") == ["full-moon"]


def test_power_broker_auction_opens_at_one_blood_and_goes_clockwise() -> None:
    state = Position(players=3).initiative(1).blood(0, 5).build(at="prepare")
    assert state.initiative == 0
    roll(state, 1, 1, 1)
    draw(state, "quiet-night")
    assert state.step.name is Phase.BROKER and state.current_players() == (0,)
    texts = legal_texts(state, 0)
    assert texts[0] == "broker 1" and texts[-2:] == ["broker 5", "pass"]
    act(state, 0, "pass")
    act(state, 1, "broker 2")  # Player 2 opens
    assert state.step.name is Phase.AUCTION and state.current_players() == (2,)
    assert legal_texts(state, 2)[0] == "bid 3"
    act(state, 2, "bid 4")
    act(state, 0, "bid 5")  # Player 1 owns 5 Blood: no higher bid is allowed
    assert legal_texts(state, 1)[0] == "bid 6"
    act(state, 1, "pass")
    assert legal_texts(state, 2)[0] == "bid 6"
    act(state, 2, "pass")
    assert state.initiative == 0 and state.blood[0] == 0
    assert state.initiative_locked
    assert state.step.name is Phase.SKILLS  # one auction a turn: Player 3 is not asked
    assert state.broker_used == (False, True, False)


def test_power_broker_may_be_used_once_per_game() -> None:
    state = Position(players=3).initiative(1).broker_used(0).broker_used(2).build(at="prepare")
    roll(state, 1, 1, 1)
    draw(state, "quiet-night")
    assert state.current_players() == (1,)


def test_an_auction_winner_keeps_the_initiative_for_the_turn() -> None:
    state = Position(players=3).initiative(1).hand(2, "usurpers-garnet").build(at="prepare")
    roll(state, 1, 1, 1)
    draw(state, "quiet-night")
    act(state, 0, "broker 1")
    act(state, 1, "pass")
    act(state, 2, "pass")
    assert state.initiative == 0
    act(state, 0, "done")
    act(state, 1, "done")
    assert "stone usurpers-garnet" not in legal_texts(state, 2)


def test_without_an_auction_the_usurpers_garnet_takes_the_initiative() -> None:
    state = Position(players=3).initiative(1).hand(2, "usurpers-garnet").build(at="prepare")
    roll(state, 1, 1, 1)
    draw(state, "quiet-night")
    for seat in (0, 1, 2):
        act(state, seat, "pass")
    act(state, 0, "done")
    act(state, 1, "done")
    act(state, 2, "stone usurpers-garnet")
    assert state.initiative == 2


def test_a_skill_level_costs_its_number_in_skill_points_and_the_rest_are_kept() -> None:
    state = Position(players=3).skill_points(0, 4).initiative(1).build(at="prepare")
    roll(state, 1, 1, 1)
    draw(state, "quiet-night")
    for seat in (0, 1, 2):
        act(state, seat, "pass")
    act(state, 0, "raise speed", "raise speed")  # 1 + 2 points
    assert state.level(0, Skill.SPEED) == 2 and state.skill_points[0] == 1
    assert "raise speed" not in legal_texts(state, 0)  # level 3 costs 3
    act(state, 0, "raise glamour", "done")
    assert state.skill_points[0] == 0 and state.level(0, Skill.GLAMOUR) == 1
    assert state.current_players() == (1,)


def test_skills_stop_at_level_five() -> None:
    state = Position(players=3).skills(0, speed=5).skill_points(0, 20).build(at="prepare")
    roll(state, 1, 1, 1)
    draw(state, "quiet-night")
    for seat in state.order():
        act(state, seat, "pass")
    while state.current_players() != (0,):
        act(state, state.current_players()[0], "done")
    assert "raise speed" not in legal_texts(state, 0)
    assert "raise harvest" in legal_texts(state, 0)


def test_setup_lets_every_player_spend_four_skill_points() -> None:
    state = VampiresHarvest(3).new_state(2)
    while state.step.name is not Phase.SKILLS:
        seat = state.current_players()[0]
        if seat == CHANCE:
            state.apply(state.sample_chance(), CHANCE)
        else:
            act(state, seat, "pass")
    seat = state.current_players()[0]
    assert seat == state.initiative
    act(state, seat, "raise harvest", "raise harvest")
    with pytest.raises(IllegalActionError, match="raise harvest"):
        act(state, seat, "raise harvest")  # level 3 costs 3; one point is left


@pytest.mark.parametrize("face, closed", [(1, (1,)), (2, (2,)), (3, ()), (6, ())])
def test_two_player_closing_die_closes_area_1_or_2(face: int, closed: tuple[int, ...]) -> None:
    state = Position(players=2).build(at="prepare")
    assert state.game.areas == 2
    roll(state, 4, 4)
    roll(state, face)
    assert state.closed == closed
    draw(state, "quiet-night")
    for seat in state.order():
        act(state, seat, "pass")
    for seat in state.order():
        act(state, seat, "done")
    offered = legal_texts(state, 0)
    assert ("select area-1" in offered) == (1 not in closed)
    assert ("select area-2" in offered) == (2 not in closed)


def test_two_player_removes_the_events_that_close_an_area() -> None:
    state = VampiresHarvest(2).new_state(0)
    closing = {"curfew-in-the-old-quarter", "church-procession"}
    assert set(zone_cards(state, "events-removed")) == closing
    assert not closing & set(zone_cards(state, "event-deck"))
    three = VampiresHarvest(3).new_state(0)
    assert zone_cards(three, "events-removed") == []


def test_two_player_one_area_option_plays_with_players_minus_one_areas() -> None:
    game = VampiresHarvest(2, two_player="one-area")
    assert game.areas == 1 and not game.two_player
    with pytest.raises(InvalidOptionError, match=r"closing-die \| one-area"):
        VampiresHarvest(2, two_player="three-areas")


def test_an_event_closing_an_area_closes_it_for_the_turn() -> None:
    state = Position(players=3).build(at="prepare")
    roll(state, 1, 1, 1)
    draw(state, "curfew-in-the-old-quarter")
    assert state.closed == (1,)
    for seat in state.order():
        act(state, seat, "pass")
    for seat in state.order():
        act(state, seat, "done")
    assert "select area-1" not in legal_texts(state, 0)
