"""Vampire's Harvest explained: Scoring's product of tracks, its tie-break by Blood, the
prompts, move help and why-not answers with their rulebook sections."""

from __future__ import annotations

from ballroom.games.vampires_harvest.explain import explain_outcome, live_scores
from ballroom.games.vampires_harvest.position import Position, act, select
from ballroom.games.vampires_harvest.state import HarvestState
from ballroom.games.vampires_harvest.turn import CODEC


def played_to_the_end(state: HarvestState) -> HarvestState:
    """Everyone harvests an empty Pool on turn 12, which changes no track and no Blood."""
    select(state, {seat: "harvest" for seat in range(state.game.players)})
    assert state.is_terminal()
    return state


def test_a_tie_on_score_is_broken_by_blood_in_words() -> None:
    state = played_to_the_end(
        Position(players=3)
        .turn(12)
        .pool(0)
        .tracks(0, 6, 1, 1)
        .tracks(1, 1, 6, 1)
        .tracks(2, 1, 1, 2)
        .blood(0, 68)
        .blood(1, 64)
        .build()
    )
    explained = explain_outcome(state)
    assert explained["decided"] == (
        "Player 1 and Player 2 are level at 7-7 points; broken by Blood: 68 against 64, "
        "so Player 1 wins."
    )
    assert explained["section"] == "Scoring"


def test_the_rulebook_example_is_broken_down_by_its_tracks() -> None:
    """Alyssa: 4 Tribute, 7 Slayer, 5 Seduction scores 4 * 5 + 7 = 27; Bob: 6, 2, 8 is 20."""
    state = played_to_the_end(
        Position(players=3).turn(12).pool(0).tracks(0, 4, 7, 5).tracks(1, 6, 2, 8).build()
    )
    alyssa, bob, _ = explain_outcome(state)["seats"]
    assert alyssa["score"] == 27 and bob["score"] == 20
    assert alyssa["sum"] == "Tribute 4 times Seduction 5 plus Slayer 7: 27"
    assert ["Tribute", "4"] in alyssa["parts"] and ["Blood (tie-break)", "10"] in alyssa["parts"]
    assert explain_outcome(state)["decided"].startswith("Player 1 wins with 27 points")


def test_live_scores_count_the_tracks_as_the_end_would() -> None:
    state = Position(players=3).tracks(0, 4, 7, 5).build()
    scores = live_scores(state.observation(1))
    assert scores[0]["score"] == 27 and scores[1]["score"] == 2


def test_the_select_prompt_and_the_waiting_line() -> None:
    state = Position(players=3).build()
    game = state.game
    assert game.prompt(state.observation(0)) == "Choose your Action card for this turn, in secret."
    assert game.prompt(state.observation(None)) == "Now: players choose Action cards in secret."


def test_move_help_says_the_effect_and_the_rule() -> None:
    state = Position(players=3).build()
    helped = state.game.move_help(CODEC.parse("select area-1"))
    assert helped["effect"] == ("choose Area 1: go to Area 1 and attempt one of its Opportunities")
    assert helped["section"] == "Turn Sequence 2. Select Actions"


def test_why_not_late_decision_once_it_was_used() -> None:
    state = Position(players=3).used(0, "late-decision").build()
    game, observation = state.game, state.observation(0)
    answer = game.why_not(observation, state.legal_actions(0), "select", {"card": "late-decision"})
    assert not answer["offered"]
    assert "discarded after use" in answer["answer"] and answer["section"] == "Turn Sequence 3"


def test_why_not_a_closed_area_and_a_missing_one() -> None:
    state = Position(players=2).closed(1).build()
    game, observation, legal = state.game, state.observation(0), state.legal_actions(0)
    closed = game.why_not(observation, legal, "select", {"card": "area-1"})
    assert not closed["offered"] and closed["section"] == "RULINGS 1"
    missing = game.why_not(observation, legal, "select", {"card": "area-4"})
    assert not missing["offered"] and missing["section"] == "Opportunities and Areas"
    assert game.why_not(observation, legal, "select", {"card": "area-2"})["offered"]


def test_why_not_raise_a_skill_at_select_names_the_step() -> None:
    state = Position(players=3).build()
    answer = state.game.why_not(state.observation(0), state.legal_actions(0), "raise", {})
    assert not answer["offered"]
    assert "Now: players choose Action cards in secret." in answer["answer"]
    assert answer["section"] == "Key Concepts: Skills"


def test_why_not_pay_a_tribute_one_cannot_afford() -> None:
    """The Tithe to the Prince costs 3 Blood (the engine's own ``tribute_cost``); 1 is short."""
    state = (
        Position(players=3)
        .initiative(0)
        .blood(0, 1)
        .area(1, "tithe-to-the-prince-1", "tithe-to-the-prince-2")
        .build()
    )
    select(state, {0: "area-1", 1: "harvest", 2: "harvest"})
    act(state, 0, "face tithe-to-the-prince-1")
    game, observation = state.game, state.observation(0)
    assert game.prompt(observation) == (
        "Meet Tithe to the Prince: pay, fight or seduce as it asks, or decline."
    )
    answer = game.why_not(observation, state.legal_actions(0), "attempt", {"way": "pay"})
    assert not answer["offered"] and answer["section"] == "Paying Tribute"
    assert "is more than you own" in answer["answer"]
    assert game.why_not(observation, state.legal_actions(0), "attempt", {"way": "decline"})[
        "offered"
    ]


def test_why_not_blood_fury_without_the_skill_or_the_blood() -> None:
    """The engine's own fury_activation: no Blood Fury level, no Fury; level 1 costs 2 Blood."""

    def facing_the_ghouls(position: Position) -> HarvestState:
        state = position.initiative(0).area(1, "ghoul-pack-1", "ghoul-pack-2").build()
        select(state, {0: "area-1", 1: "harvest", 2: "harvest"})
        act(state, 0, "face ghoul-pack-1")
        return state

    untrained = facing_the_ghouls(Position(players=3))
    answer = untrained.game.why_not(
        untrained.observation(0), untrained.legal_actions(0), "attempt", {"way": "fury"}
    )
    assert not answer["offered"] and "skill level" in answer["answer"]
    poor = facing_the_ghouls(Position(players=3).skills(0, blood_fury=1).blood(0, 1))
    answer = poor.game.why_not(
        poor.observation(0), poor.legal_actions(0), "attempt", {"way": "fury"}
    )
    assert not answer["offered"] and "activation in Blood" in answer["answer"]
    assert answer["section"] == "Key Concepts: Skills (Blood Fury)"
    able = facing_the_ghouls(Position(players=3).skills(0, blood_fury=1).blood(0, 5))
    assert able.game.why_not(
        able.observation(0), able.legal_actions(0), "attempt", {"way": "fury"}
    )["offered"]
