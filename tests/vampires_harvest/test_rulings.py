"""RULINGS.md, Vampire's Harvest 1-8: one test (at least) for each ruling."""

from __future__ import annotations

import pytest

from ballroom.core.errors import InvalidOptionError
from ballroom.core.state import CHANCE
from ballroom.games.vampires_harvest import VampiresHarvest
from ballroom.games.vampires_harvest.components import Deck
from ballroom.games.vampires_harvest.position import Position, act, draw, roll, select, zone_cards
from ballroom.games.vampires_harvest.scoring import final_score, ranking
from ballroom.games.vampires_harvest.state import HarvestState
from ballroom.games.vampires_harvest.turn import CATALOG, ActionCard, Phase


def legal_texts(state: HarvestState, seat: int) -> list[str]:
    return [state.game.action_to_text(a) for a in state.legal_actions(seat)]


def test_ruling_1_players_and_areas_and_the_two_player_option() -> None:
    assert [VampiresHarvest(n).areas for n in (3, 4, 5)] == [2, 3, 4]
    with pytest.raises(InvalidOptionError, match="2 to 5"):
        VampiresHarvest(6)
    state = Position(players=5).build()
    assert "select area-4" in legal_texts(state, 0)
    two = Position(players=2).build(at="prepare")
    roll(two, 3, 3)
    assert two.step.name is Phase.ROLL  # the closing die
    roll(two, 2)
    assert two.closed == (2,)
    assert "curfew-in-the-old-quarter" in zone_cards(two, "events-removed")


def test_ruling_2_the_choice_is_secret_and_the_one_use_cards_are_discarded() -> None:
    state = Position(players=3).build()
    select(state, {0: "chance-encounter"})
    assert state.observation(1)["private"]["chosen"] is None
    select(state, {1: "late-decision", 2: "train"})
    act(state, 1, "select train")
    assert state.discarded[0] == (ActionCard.CHANCE_ENCOUNTER,)
    assert state.discarded[1] == (ActionCard.LATE_DECISION,)


def test_ruling_3_initiative_passes_right_unless_an_auction_took_it() -> None:
    state = Position(players=3).initiative(2).hand(1, "usurpers-garnet").build(at="prepare")
    assert state.initiative == 1
    roll(state, 1, 1, 1)
    draw(state, "quiet-night")
    act(state, 1, "pass")
    act(state, 2, "broker 1")
    act(state, 0, "pass")
    act(state, 1, "pass")
    assert state.initiative == 2 and state.initiative_locked
    act(state, 2, "done")
    act(state, 0, "done")
    assert "stone usurpers-garnet" not in legal_texts(state, 1)  # nothing takes it away
    act(state, 1, "done")
    select(state, {0: "train", 1: "train", 2: "train"})
    assert state.current_players() == (2,)  # resolution starts with the winner
    for seat in (2, 0, 1):
        act(state, seat, "buy 0", "pass")
    assert state.initiative == 1 and not state.initiative_locked  # next turn: passes right


def test_ruling_4_a_resolved_opportunity_is_replaced_at_once_for_the_next_player() -> None:
    state = Position(players=3).area(1, "debt-of-honour-1", "ghoul-pack-1").build()
    select(state, {0: "area-1", 1: "area-1", 2: "area-1"})
    act(state, 0, "face debt-of-honour-1", "attempt pay")
    draw(state, "tavern-maid-1")
    assert state.zones.zone("area-1").size == 2
    act(state, 1, "face tavern-maid-1", "attempt decline")
    assert set(legal_texts(state, 2)) == {"face ghoul-pack-1", "face tavern-maid-1"}


def test_ruling_4_the_deck_follows_the_turn() -> None:
    for turn, deck in ((6, Deck.EARLY), (7, Deck.LATE)):
        state = Position(players=3).turn(turn).area(1, "debt-of-honour-1").build()
        select(state, {0: "area-1", 1: "train", 2: "train"})
        act(state, 0, "face debt-of-honour-1", "attempt pay")
        drawn = {
            CATALOG.cards[state.game.codec.decode(a)["card"]].deck
            for a, _ in state.chance_outcomes()
        }
        assert drawn == {deck}


def test_ruling_5_harvest_splits_evenly_and_adds_the_bonus() -> None:
    state = Position(players=3).pool(11).skills(1, harvest=5).build()
    select(state, {0: "harvest", 1: "harvest", 2: "harvest"})
    assert state.blood == (13, 13 + 6, 13) and state.pool == 2


def test_ruling_6_skill_costs_and_training() -> None:
    state = Position(players=3).skill_points(0, 15).build(at="prepare")
    roll(state, 1, 1, 1)
    draw(state, "quiet-night")
    for seat in state.order():
        act(state, seat, "pass")
    while state.current_players() != (0,):
        act(state, state.current_players()[0], "done")
    act(state, 0, *["raise speed"] * 5)  # 1 + 2 + 3 + 4 + 5
    assert state.skill_points[0] == 0 and state.skills[0][1] == 5


def test_ruling_6_the_skill_tables_cover_levels_0_to_5() -> None:
    skills = CATALOG.skills
    for table in (skills.harvest_bonus, skills.speed_dice, skills.hit, skills.glamour_draw):
        assert len(table) == 6
    assert 0 < skills.ones_rerollable_from <= 5 and 0 < skills.sixes_critical_from <= 5


def test_ruling_7_scoring_and_ties() -> None:
    assert final_score((4, 7, 5)) == 27 and final_score((6, 2, 8)) == 20
    assert ranking([(1, 1, 1), (1, 1, 1)], [5, 5]) == [[0, 1]]
    assert ranking([(1, 1, 1), (1, 1, 1)], [5, 6]) == [[1], [0]]


def test_ruling_8_a_bloodstone_states_its_moment_and_is_offered_then() -> None:
    state = Position(players=3).hand(0, "sirens-tear-1").area(1, "tavern-maid-1").build()
    select(state, {0: "area-1", 1: "train", 2: "train"})
    act(state, 0, "face tavern-maid-1", "stone sirens-tear-1", "attempt seduce")
    assert state.current_players() == (CHANCE,)
    draws = 0
    while state.step.name is Phase.DRAW:
        state.apply(state.sample_chance(), CHANCE)
        draws += 1
    assert draws == 2 + 2  # Glamour 0 draws 2; the stone draws 2 more
    assert state.step.name is Phase.KEEP
