"""Blood Fury, sentence by sentence (rulebook: Skills; RULINGS 9).

"The Blood Fury skill allows rerolls of combat dice and, at higher levels,
allows critical hits (on a roll of 6) that do more damage. Before the first
roll, the player must declare use of Blood Fury and pay the activation cost
in Blood. If a reroll is desired, the player pays the reroll cost. Each
reroll may consist of multiple dice - except that any result of 1 cannot be
rerolled at lower skill levels. Consecutive rerolls are limited only by the
ability to pay."

The Skill board (``data/skills.toml``): Blood Fury from level 1, activation
2 at levels 1-2 and 1 from 3, a reroll 2 at levels 1-3 and 1 from 4; 1s
rerollable from level 3; a 6 a critical hit worth 2 from level 4. Speed 0
rolls 2 dice hitting on 5 or more.
"""

from __future__ import annotations

from math import comb

import pytest

from ballroom.core.errors import IllegalActionError
from ballroom.games.vampires_harvest.position import Position, act, roll, select
from ballroom.games.vampires_harvest.state import HarvestState
from ballroom.games.vampires_harvest.turn import CATALOG, CODEC, REROLL, Phase, dice_words


def legal_texts(state: HarvestState, seat: int) -> list[str]:
    assert seat in state.current_players(), f"seat {seat} is not to act"
    return [state.game.action_to_text(a) for a in state.legal_actions(seat)]


def facing(enemy: str, blood: int = 10, **skills: int) -> HarvestState:
    """Player 1 faces ``enemy`` in Area 1 with these Skills and Blood; the others train."""
    state = Position(players=3).skills(0, **skills).blood(0, blood).area(1, enemy).build()
    select(state, {0: "area-1", 1: "train", 2: "train"})
    act(state, 0, f"face {enemy}")
    return state


# -- Declared before the first roll, its activation paid -------------------------------------


def test_blood_fury_is_declared_and_paid_before_the_first_roll() -> None:
    state = facing("ghoul-pack-1", blood_fury=1)
    assert legal_texts(state, 0) == ["attempt fight", "attempt fury", "attempt decline"]
    act(state, 0, "attempt fury")
    assert state.blood[0] == 8 and state.fury  # activation 2 at level 1
    assert state.step.name is Phase.ROLL


def test_blood_fury_is_not_offered_at_level_zero_or_without_blood() -> None:
    poor = facing("ghoul-pack-1", blood=1, blood_fury=1)
    assert legal_texts(poor, 0) == ["attempt fight", "attempt decline"]
    level_zero = facing("ghoul-pack-1")
    assert legal_texts(level_zero, 0) == ["attempt fight", "attempt decline"]


def test_a_six_is_no_critical_hit_in_a_fight_without_a_declared_blood_fury() -> None:
    state = facing("werewolf-scout", blood_fury=4)  # strength 3
    act(state, 0, "attempt fight")
    roll(state, 6, 5)
    assert state.blood[0] == 10  # nothing paid
    assert state.tracks[0] == (1, 1, 1)  # two hits, not three: not slain


def test_a_plain_fight_offers_no_reroll_whatever_the_level() -> None:
    state = facing("werewolf-scout", blood_fury=5)
    act(state, 0, "attempt fight")
    roll(state, 1, 2)
    assert state.step.name is not Phase.REROLL
    assert state.tracks[0] == (1, 1, 1) and state.blood[0] == 10


def test_in_a_declared_blood_fury_a_six_is_critical_from_its_level() -> None:
    state = facing("werewolf-scout", blood_fury=4)
    act(state, 0, "attempt fury")
    roll(state, 6, 5)
    act(state, 0, "stop")  # a critical 6 (2 hits) and a 5: 3 hits
    assert state.tracks[0] == (1, 4, 1)
    assert state.blood[0] == 9  # activation 1 at level 4


def test_below_the_critical_level_a_six_is_one_hit_even_in_blood_fury() -> None:
    state = facing("werewolf-scout", blood_fury=3)
    act(state, 0, "attempt fury")
    roll(state, 6, 6)
    act(state, 0, "stop")
    assert state.tracks[0] == (1, 1, 1)  # two hits against strength 3


# -- Each reroll: any of the dice, paid ------------------------------------------------------


def test_a_reroll_may_take_one_of_two_equal_dice_and_keep_the_other() -> None:
    state = facing("werewolf-scout", blood_fury=4)
    act(state, 0, "attempt fury")
    roll(state, 5, 5)  # two hits of three
    assert legal_texts(state, 0) == ["reroll one 5", "reroll two 5s", "stop"]
    act(state, 0, "reroll one 5")
    assert state.dice == (5,) and state.blood[0] == 8  # 1 to declare, 1 to reroll
    roll(state, 6)
    act(state, 0, "stop")  # the kept 5 and a critical 6
    assert state.tracks[0] == (1, 4, 1)


def test_a_reroll_offers_every_pick_of_the_dice_by_face_and_count() -> None:
    state = facing("werewolf-scout", speed=4, blood_fury=1)  # 4 dice hitting on 3 or more
    act(state, 0, "attempt fury")
    roll(state, 3, 1, 5, 3)
    assert legal_texts(state, 0) == [  # the 1 stays below level 3
        "reroll one 5",
        "reroll one 3",
        "reroll one 5 and one 3",
        "reroll two 3s",
        "reroll one 5 and two 3s",
        "stop",
    ]
    act(state, 0, "reroll one 5 and two 3s")
    assert state.dice == (1,)
    roll(state, 2, 2, 2)
    assert state.dice == (1, 2, 2, 2)


def test_a_reroll_of_dice_not_shown_is_refused_saying_what_is_legal() -> None:
    state = facing("werewolf-scout", blood_fury=1)
    act(state, 0, "attempt fury")
    roll(state, 5, 1)
    with pytest.raises(IllegalActionError, match=r"'reroll two 5s' is not legal.*reroll one 5"):
        act(state, 0, "reroll two 5s")
    with pytest.raises(IllegalActionError, match="'reroll one 1' is not legal"):
        act(state, 0, "reroll one 1")


def test_ones_may_be_rerolled_from_their_level_and_sixes_too() -> None:
    state = facing("werewolf-scout", blood_fury=3)
    act(state, 0, "attempt fury")
    roll(state, 1, 6)
    assert legal_texts(state, 0) == [
        "reroll one 6",
        "reroll one 1",
        "reroll one 6 and one 1",
        "stop",
    ]
    act(state, 0, "reroll one 1")
    assert state.dice == (6,)


def test_each_reroll_is_paid_and_ones_stay_below_the_rerollable_level() -> None:
    state = facing("ghoul-pack-1", blood_fury=1)  # strength 2
    act(state, 0, "attempt fury")
    roll(state, 1, 3)
    assert legal_texts(state, 0) == ["reroll one 3", "stop"]  # the 1 may not be rerolled
    act(state, 0, "reroll one 3")
    assert state.blood[0] == 6  # 2 to declare, 2 for this reroll
    roll(state, 2)
    act(state, 0, "reroll one 2")
    assert state.blood[0] == 4  # paid again
    roll(state, 5)
    assert state.dice == (1, 5)
    assert legal_texts(state, 0) == ["reroll one 5", "stop"]
    act(state, 0, "stop")
    assert state.tracks[0] == (1, 1, 1)  # one hit against strength 2


def test_rerolls_last_only_while_the_player_can_pay() -> None:
    state = facing("ghoul-pack-1", blood=3, blood_fury=1)
    act(state, 0, "attempt fury")
    roll(state, 2, 3)  # 1 Blood left: a reroll costs 2
    assert state.step.name is not Phase.REROLL
    assert state.tracks[0] == (1, 1, 1)


def test_consecutive_rerolls_are_limited_only_by_the_ability_to_pay() -> None:
    free = Position(players=3).skills(0, blood_fury=4).blood(0, 1).trained(0, "berserker")
    state = free.area(1, "werewolf-scout").build()
    select(state, {0: "area-1", 1: "train", 2: "train"})
    act(state, 0, "face werewolf-scout", "attempt fury")  # the last Blood
    roll(state, 2, 2)
    for _ in range(5):  # a reroll costs 1 - 1 = 0 with Berserker
        assert state.blood[0] == 0
        assert legal_texts(state, 0) == ["reroll one 2", "reroll two 2s", "stop"]
        act(state, 0, "reroll two 2s")
        roll(state, 2, 2)
    act(state, 0, "reroll two 2s")
    roll(state, 6, 6)
    act(state, 0, "stop")
    assert state.tracks[0] == (1, 4, 1)


# -- The moves' text and ids -------------------------------------------------------------------


def test_the_most_dice_a_fight_can_roll_may_all_be_rerolled() -> None:
    state = (
        Position(players=3)
        .skills(0, speed=5, blood_fury=3)
        .event("full-moon")
        .trained(0, "night-stalker")
        .hand(0, "fang-stone-1", "fang-stone-2")
        .area(1, "inquisitor")
        .build()
    )
    select(state, {0: "area-1", 1: "train", 2: "train"})
    act(state, 0, "face inquisitor", "stone fang-stone-1", "stone fang-stone-2", "attempt fury")
    faces = (1, 2, 3, 4, 5, 6, 1, 2, 3, 4, 5)  # 5 + 1 + 1 + 2 + 2 dice
    assert len(faces) == CATALOG.max_dice
    roll(state, *faces)
    everything = f"reroll {dice_words(tuple(sorted(faces, reverse=True)))}"
    assert everything == "reroll one 6, two 5s, two 4s, two 3s, two 2s and two 1s"
    assert everything in legal_texts(state, 0)
    assert len(legal_texts(state, 0)) == 2 * 3**5  # each face kept or not, 0-2 times; and stop


def test_every_reroll_id_is_a_pick_of_dice_whose_text_parses_back() -> None:
    ids = CODEC.ids(REROLL)
    picks = [CODEC.decode(i)["dice"] for i in ids]
    faces, most = 6, CATALOG.max_dice
    assert len(set(picks)) == len(ids) == comb(most + faces, faces) - 1  # every non-empty pick
    assert all(list(p) == sorted(p, reverse=True) and 1 <= len(p) <= most for p in picks)
    for action_id in ids:
        assert CODEC.parse(CODEC.to_text(action_id)) == action_id
    assert CODEC.to_text(CODEC.encode(REROLL((5, 3, 3)))) == "reroll one 5 and two 3s"
