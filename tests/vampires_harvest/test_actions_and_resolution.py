"""Select Actions and Resolve Actions, sentence by sentence (rulebook; RULINGS 2, 4, 5, 6)."""

from __future__ import annotations

import pytest

from ballroom.core.state import CHANCE
from ballroom.games.vampires_harvest.position import (
    Position,
    act,
    draw,
    roll,
    select,
    zone_cards,
)
from ballroom.games.vampires_harvest.state import HarvestState
from ballroom.games.vampires_harvest.turn import ActionCard, Phase


def legal_texts(state: HarvestState, seat: int) -> list[str]:
    return [state.game.action_to_text(a) for a in state.legal_actions(seat)]


def events_of(state: HarvestState, seat: int, card: str) -> list[str]:
    return [event.text for event in state.apply_text(f"select {card}", seat)]


# -- Select Actions ------------------------------------------------------------------


def test_actions_are_chosen_in_secret_and_revealed_together() -> None:
    state = Position(players=3).area(1, "ghoul-pack-1").build()
    assert state.step.name is Phase.SELECT and state.current_players() == (0, 1, 2)
    told = events_of(state, 1, "harvest")
    assert told == ["Player 2 chooses an Action card face down."]
    assert state.observation(0)["private"] == {"chosen": None}
    assert state.observation(1)["private"] == {"chosen": "harvest"}
    assert state.observation(0)["public"]["revealed"] == [None, None, None]
    assert state.current_players() == (0, 2)
    state.apply_text("select train", 0)
    told = [e for e in state.apply_text("select harvest", 2) if e.kind == "reveal"]
    assert told[0].reveals
    assert state.revealed == (ActionCard.TRAIN, ActionCard.HARVEST, ActionCard.HARVEST)


def test_late_decision_chooses_again_after_the_reveal_and_is_discarded() -> None:
    state = Position(players=3).pool(0).build()
    select(state, {0: "late-decision", 1: "harvest", 2: "late-decision"})
    assert state.step.name is Phase.LATE and state.current_players() == (0, 2)
    assert "select late-decision" not in legal_texts(state, 0)
    act(state, 0, "select harvest")
    assert state.revealed[0] is ActionCard.LATE_DECISION  # not shown until both chose
    act(state, 2, "select chance-encounter")
    assert state.revealed == (
        ActionCard.HARVEST,
        ActionCard.HARVEST,
        ActionCard.CHANCE_ENCOUNTER,
    )
    assert state.discarded[0] == (ActionCard.LATE_DECISION,)
    assert ActionCard.LATE_DECISION in state.discarded[2]


def test_a_discarded_late_decision_cannot_be_chosen_again() -> None:
    state = Position(players=3).used(0, "late-decision", "chance-encounter").build()
    assert "select late-decision" not in legal_texts(state, 0)
    assert "select chance-encounter" not in legal_texts(state, 0)
    assert "select late-decision" in legal_texts(state, 1)


# -- Resolve Actions ---------------------------------------------------------------------


def test_actions_resolve_clockwise_from_the_initiative_holder() -> None:
    state = Position(players=3).initiative(2).build()
    select(state, {0: "train", 1: "train", 2: "train"})
    order = []
    while state.step.name in (Phase.TRAIN, Phase.TRAINER):
        seat = state.current_players()[0]
        if state.step.name is Phase.TRAIN:
            order.append(seat)
            act(state, seat, "buy 0")
        else:
            act(state, seat, "pass")
    assert order == [2, 0, 1]


def test_harvesters_split_the_pool_evenly_and_the_remainder_stays() -> None:
    state = Position(players=3).pool(9).skills(2, harvest=2).build()
    select(state, {0: "harvest", 1: "train", 2: "harvest"})
    # Harvest resolves at once, before Player 2 trains.
    assert state.blood == (10 + 4, 10, 10 + 4 + 2)  # shares of 4, and a bonus of 2
    assert state.pool == 1


def test_a_lone_harvester_takes_the_whole_pool_and_its_bonus() -> None:
    state = Position(players=3).pool(7).skills(0, harvest=1).build()
    select(state, {0: "harvest", 1: "train", 2: "train"})
    assert state.blood[0] == 10 + 7 + 1 and state.pool == 0


def test_tribute_pays_blood_for_its_rewards_and_the_area_is_refilled_at_once() -> None:
    state = Position(players=3).blood(0, 5).area(1, "tithe-to-the-prince-1", "ghoul-pack-1").build()
    select(state, {0: "area-1", 1: "area-1", 2: "train"})
    assert set(legal_texts(state, 0)) == {"face tithe-to-the-prince-1", "face ghoul-pack-1"}
    act(state, 0, "face tithe-to-the-prince-1")
    assert legal_texts(state, 0) == ["attempt pay", "attempt decline"]
    act(state, 0, "attempt pay")  # Tithe to the Prince: 3 Blood for 3 Tribute
    assert state.blood[0] == 2 and state.tracks[0] == (4, 1, 1)
    assert state.current_players() == (CHANCE,)  # the refill, at once
    draw(state, "debt-of-honour-1")
    assert zone_cards(state, "area-1") == ["ghoul-pack-1", "debt-of-honour-1"]
    assert set(legal_texts(state, 1)) == {"face ghoul-pack-1", "face debt-of-honour-1"}
    assert "tithe-to-the-prince-1" in zone_cards(state, "early-discard")


def test_a_tribute_the_player_cannot_pay_is_not_offered() -> None:
    state = Position(players=3).blood(0, 2).area(1, "tithe-to-the-prince-1").build()
    select(state, {0: "area-1", 1: "train", 2: "train"})
    act(state, 0, "face tithe-to-the-prince-1")
    assert legal_texts(state, 0) == ["attempt decline"]


def test_a_failed_or_declined_opportunity_stays_in_its_area() -> None:
    state = Position(players=3).area(1, "tithe-to-the-prince-1").build()
    select(state, {0: "area-1", 1: "train", 2: "train"})
    act(state, 0, "face tithe-to-the-prince-1", "attempt decline")
    assert zone_cards(state, "area-1") == ["tithe-to-the-prince-1"]


def test_late_turns_refill_from_the_late_deck() -> None:
    state = Position(players=3).turn(7).area(1, "debt-of-honour-1").build()
    select(state, {0: "area-1", 1: "train", 2: "train"})
    act(state, 0, "face debt-of-honour-1", "attempt pay")
    outcomes = [state.game.action_to_text(a) for a, _ in state.chance_outcomes()]
    assert "draw inquisitor" in outcomes and "draw ghoul-pack-2" not in outcomes


def test_an_exhausted_deck_reshuffles_its_discards() -> None:
    early = [
        "debt-of-honour-2",
        "tithe-to-the-prince-1",
        "tithe-to-the-prince-2",
        "blood-offering",
        "homage-at-elysium",
        "vampire-hunter-1",
        "vampire-hunter-2",
        "ghoul-pack-1",
        "ghoul-pack-2",
        "rogue-thinblood",
        "werewolf-scout",
        "tavern-maid-1",
        "tavern-maid-2",
        "young-poet-1",
        "young-poet-2",
    ]
    state = (
        Position(players=3).area(1, "debt-of-honour-1", "lonely-countess").discard(*early).build()
    )
    assert zone_cards(state, "early-deck") == []
    select(state, {0: "area-1", 1: "train", 2: "train"})
    act(state, 0, "face debt-of-honour-1", "attempt pay")
    outcomes = {state.game.action_to_text(a) for a, _ in state.chance_outcomes()}
    assert outcomes == {f"draw {card}" for card in [*early, "debt-of-honour-1"]}
    assert zone_cards(state, "early-discard") == []


# -- Slay ---------------------------------------------------------------------------


def fight(state: HarvestState, seat: int, enemy: str, way: str = "fight") -> None:
    act(state, seat, f"face {enemy}", f"attempt {way}")


def test_slay_rolls_the_speed_dice_and_needs_hits_equal_to_strength() -> None:
    state = Position(players=3).skills(0, speed=2).area(1, "ghoul-pack-1").build()
    select(state, {0: "area-1", 1: "train", 2: "train"})
    fight(state, 0, "ghoul-pack-1")  # Speed 2: 3 dice hitting on 4+; strength 2
    roll(state, 4, 1, 5)
    assert state.tracks[0] == (1, 4, 1)  # Ghoul Pack: 3 Slayer


def test_slay_fails_with_too_few_hits() -> None:
    state = Position(players=3).skills(0, speed=2).area(1, "ghoul-pack-1").build()
    select(state, {0: "area-1", 1: "train", 2: "train"})
    fight(state, 0, "ghoul-pack-1")
    roll(state, 4, 3, 3)
    assert state.tracks[0] == (1, 1, 1)
    assert zone_cards(state, "area-1") == ["ghoul-pack-1"]


# -- Seduce --------------------------------------------------------------------------


def test_seduce_draws_and_keeps_by_glamour_and_each_success_rewards() -> None:
    state = Position(players=3).skills(0, glamour=2).area(1, "tavern-maid-1").build()
    select(state, {0: "area-1", 1: "train", 2: "train"})
    act(state, 0, "face tavern-maid-1", "attempt seduce")
    draw(state, "smitten-1", "rebuffed-1", "devoted-1")  # Glamour 2: draw 3, keep 2
    assert legal_texts(state, 0) == ["keep smitten-1", "keep devoted-1", "keep rebuffed-1"]
    seen = state.observation(1)["zones"]
    assert next(z for z in seen["zones"] if z["zone"] == "drawn/0").get("cards") is None
    act(state, 0, "keep smitten-1", "keep devoted-1")
    assert state.tracks[0] == (1, 1, 5)  # Tavern Maid: 2 Seduction a Success
    assert zone_cards(state, "drawn", 0) == [] and zone_cards(state, "kept", 0) == []
    assert len(zone_cards(state, "seduction-discard")) == 3
    assert state.current_players() == (CHANCE,)  # a success: the Area is refilled


def test_seduction_deck_reshuffles_when_exhausted() -> None:
    deck = zone_cards(Position(players=3).build(), "seduction-deck")
    state = Position(players=3).area(1, "tavern-maid-1").discard(*deck).build()
    assert zone_cards(state, "seduction-deck") == []
    select(state, {0: "area-1", 1: "train", 2: "train"})
    act(state, 0, "face tavern-maid-1", "attempt seduce")
    outcomes = {state.game.action_to_text(a) for a, _ in state.chance_outcomes()}
    assert outcomes == {f"draw {card}" for card in deck}
    assert zone_cards(state, "seduction-discard") == []


# -- Train --------------------------------------------------------------------------


def test_train_buys_up_to_eight_points_at_two_blood_and_one_trainer_skill() -> None:
    state = Position(players=3).blood(0, 30).skill_points(0, 0).build()
    select(state, {0: "train", 1: "harvest", 2: "harvest"})
    assert legal_texts(state, 0) == [f"buy {n}" for n in range(9)]
    act(state, 0, "buy 8")
    assert state.blood[0] == 14 and state.skill_points[0] == 8
    assert "trainer deadeye" in legal_texts(state, 0)
    act(state, 0, "trainer deadeye")
    assert state.skill_points[0] == 4
    assert zone_cards(state, "trained", 0) == ["deadeye"]
    assert state.step.name is not Phase.TRAINER  # one Trainer Skill at most


def test_train_is_limited_by_blood_and_saved_points_count_for_a_trainer() -> None:
    state = Position(players=3).blood(0, 5).skill_points(0, 2).build()
    select(state, {0: "train", 1: "harvest", 2: "harvest"})
    assert legal_texts(state, 0) == ["buy 0", "buy 1", "buy 2"]
    act(state, 0, "buy 1")  # 3 points: saved 2 and bought 1
    assert "trainer night-stalker" in legal_texts(state, 0)
    assert "trainer deadeye" not in legal_texts(state, 0)


def test_a_trainer_skill_modifies_the_rules_for_its_owner() -> None:
    state = Position(players=3).trained(0, "night-stalker").area(1, "ghoul-pack-1").build()
    select(state, {0: "area-1", 1: "train", 2: "train"})
    fight(state, 0, "ghoul-pack-1")
    roll(state, 5, 5, 1)  # 2 Speed dice plus 1
    assert state.tracks[0] == (1, 4, 1)  # Ghoul Pack: 3 Slayer


# -- Chance Encounter ----------------------------------------------------------------


def test_chance_encounter_draws_five_keeps_one_privately_then_is_discarded() -> None:
    state = Position(players=3).blood(0, 10).build()
    select(state, {0: "chance-encounter", 1: "train", 2: "train"})
    five = ["tavern-maid-1", "ghoul-pack-1", "debt-of-honour-1", "blood-offering", "young-poet-1"]
    draw(state, *five)
    assert sorted(legal_texts(state, 0)) == sorted(f"face {card}" for card in five)
    other = state.observation(1)["zones"]["zones"]
    assert next(z for z in other if z["zone"] == "encounter/0").get("cards") is None
    act(state, 0, "face blood-offering")
    assert zone_cards(state, "private-area", 0) == ["blood-offering"]
    assert len(zone_cards(state, "early-discard")) == 4
    act(state, 0, "attempt pay")  # Blood Offering: 1 Tribute and a Skill point
    assert state.tracks[0] == (2, 1, 1) and state.skill_points[0] == 4 + 1
    assert zone_cards(state, "private-area", 0) == []
    assert ActionCard.CHANCE_ENCOUNTER in state.discarded[0]


def test_a_chance_encounter_card_not_met_is_discarded_at_the_end_of_its_attempt() -> None:
    state = Position(players=3).build()
    select(state, {0: "chance-encounter", 1: "train", 2: "train"})
    draw(state, "ghoul-pack-1", "ghoul-pack-2", "tavern-maid-1", "tavern-maid-2", "werewolf-scout")
    act(state, 0, "face werewolf-scout", "attempt decline")
    assert zone_cards(state, "private-area", 0) == []
    assert "werewolf-scout" in zone_cards(state, "early-discard")


# -- Bloodstones -----------------------------------------------------------------------


@pytest.mark.parametrize(
    "enemy, stone, offered",
    [
        ("ghoul-pack-1", "fang-stone-1", True),
        ("tithe-to-the-prince-1", "fang-stone-1", False),
        ("tithe-to-the-prince-1", "elders-seal-1", True),
        ("tavern-maid-1", "sirens-tear-1", True),
        ("tavern-maid-1", "heartstone-1", False),
    ],
)
def test_a_bloodstone_is_offered_exactly_at_its_moment(
    enemy: str, stone: str, offered: bool
) -> None:
    state = Position(players=3).hand(0, stone).area(1, enemy).build()
    select(state, {0: "area-1", 1: "train", 2: "train"})
    act(state, 0, f"face {enemy}")
    assert (f"stone {stone}" in legal_texts(state, 0)) == offered


def test_a_prepare_bloodstone_is_offered_at_the_skills_step_only() -> None:
    state = Position(players=3).hand(0, "heartstone-1", "fang-stone-1").build(at="prepare")
    roll(state, 1, 1, 1)
    draw(state, "quiet-night")
    for seat in state.order():
        act(state, seat, "pass")
    while state.current_players() != (0,):
        act(state, state.current_players()[0], "done")
    offered = legal_texts(state, 0)
    assert "stone heartstone-1" in offered and "stone fang-stone-1" not in offered
    told = state.apply_text("stone heartstone-1", 0)
    assert any(event.reveals for event in told)
    assert state.skill_points[0] == 4 + 2
    assert zone_cards(state, "bloodstone-discard") == ["heartstone-1"]


def test_a_fang_stone_adds_dice_before_the_first_roll() -> None:
    state = Position(players=3).hand(0, "fang-stone-1").area(1, "werewolf-scout").build()
    select(state, {0: "area-1", 1: "train", 2: "train"})
    act(state, 0, "face werewolf-scout", "stone fang-stone-1", "attempt fight")
    roll(state, 5, 5, 6, 1)  # 2 dice + 2
    assert state.tracks[0] == (1, 4, 1)


def test_an_elders_seal_lowers_the_tribute() -> None:
    state = (
        Position(players=3).blood(0, 1).hand(0, "elders-seal-1").area(1, "blood-offering").build()
    )
    select(state, {0: "area-1", 1: "train", 2: "train"})
    act(state, 0, "face blood-offering")
    assert "attempt pay" not in legal_texts(state, 0)
    act(state, 0, "stone elders-seal-1")
    act(state, 0, "attempt pay")  # 4 - 3 = 1
    assert state.blood[0] == 0 and state.tracks[0] == (2, 1, 1)  # Blood Offering: 1 Tribute


def test_a_bloodstone_reward_draws_a_bloodstone_into_the_hand() -> None:
    state = Position(players=3).skills(0, speed=5).area(1, "rogue-thinblood").build()
    select(state, {0: "area-1", 1: "train", 2: "train"})
    fight(state, 0, "rogue-thinblood")
    roll(state, 6, 6, 6, 6, 6)
    draw(state, "ghoul-pack-1")  # the Area is refilled at once, then the reward is drawn
    told = state.apply_text("draw wrath-stone", CHANCE)
    assert zone_cards(state, "hand", 0) == ["wrath-stone"]
    assert next(e.text for e in told if e.audience is None) == "Player 1 draws a Bloodstone."
    assert "wrath-stone" not in str(state.observation(1))


def test_a_seduction_without_a_success_fails_and_the_human_stays() -> None:
    state = Position(players=3).area(1, "tavern-maid-1").build()
    select(state, {0: "area-1", 1: "train", 2: "train"})
    act(state, 0, "face tavern-maid-1", "attempt seduce")
    draw(state, "rebuffed-1", "suspicious-1")
    act(state, 0, "keep rebuffed-1")  # Glamour 0 keeps one
    assert state.tracks[0] == (1, 1, 1)
    assert zone_cards(state, "area-1") == ["tavern-maid-1"]
    assert state.current_players() == (1,)  # no refill: Player 2 trains next


def test_an_event_lowering_tribute_makes_it_affordable() -> None:
    state = (
        Position(players=3).blood(0, 2).event("elders-indulgence").area(1, "blood-offering").build()
    )
    select(state, {0: "area-1", 1: "train", 2: "train"})
    act(state, 0, "face blood-offering", "attempt pay")  # 4 - 2
    assert state.blood[0] == 0 and state.tracks[0] == (2, 1, 1)  # Blood Offering: 1 Tribute


def test_a_player_without_blood_cannot_open_an_auction() -> None:
    state = Position(players=3).blood(0, 0).initiative(1).build(at="prepare")
    roll(state, 1, 1, 1)
    draw(state, "quiet-night")
    assert legal_texts(state, 0) == ["pass"]


def test_a_chance_encounter_draws_fewer_when_fewer_cards_are_left() -> None:
    early = [
        "debt-of-honour-1",
        "debt-of-honour-2",
        "tithe-to-the-prince-1",
        "tithe-to-the-prince-2",
        "blood-offering",
        "homage-at-elysium",
        "vampire-hunter-1",
        "vampire-hunter-2",
        "ghoul-pack-1",
        "ghoul-pack-2",
        "rogue-thinblood",
        "werewolf-scout",
        "tavern-maid-1",
        "tavern-maid-2",
    ]
    state = Position(players=3).area(1, *early).build()
    select(state, {0: "chance-encounter", 1: "train", 2: "train"})
    draw(state, "young-poet-1", "young-poet-2", "lonely-countess")
    assert state.step.name is Phase.FACE
    assert len(legal_texts(state, 0)) == 3


def test_an_empty_area_offers_nothing() -> None:
    state = Position(players=3).build()
    select(state, {0: "area-1", 1: "train", 2: "train"})
    assert state.current_players() == (1,)
