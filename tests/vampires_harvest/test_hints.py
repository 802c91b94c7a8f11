"""The notes a seat's screen shows on its moves: a fight's odds as the engine's own dice
settle it, a reroll's, a Tribute's cost, a seduction's draw; nothing for a spectator."""

from __future__ import annotations

import random
from collections.abc import Iterator
from math import comb

import pytest

from ballroom.core.state import CHANCE
from ballroom.games.vampires_harvest import VampiresHarvest
from ballroom.games.vampires_harvest.components import Deck
from ballroom.games.vampires_harvest.position import Position, act, select
from ballroom.games.vampires_harvest.state import HarvestState
from ballroom.games.vampires_harvest.turn import ATTEMPT, CATALOG, CODEC, Phase, Way

DICE_ENUMERATED = 3
"""Fights of more dice are left out: every outcome is played through the engine."""


def decisions(phase: Phase) -> Iterator[tuple[HarvestState, int]]:
    """States of random two-player games where a seat decides at ``phase``."""
    for seed in range(100):
        chooser = random.Random(seed)
        state = VampiresHarvest(2).new_state(seed)
        while not state.is_terminal():
            if state.is_chance_node():
                state.apply(state.sample_chance(), CHANCE)
                continue
            seat = state.current_players()[0]
            if state.step.name is phase:
                yield state.clone(), seat
            state.apply(chooser.choice(state.legal_actions(seat)), seat)


def slain(state: HarvestState, action: int, seat: int, fighter: int) -> float:
    """The chance that ``seat`` playing ``action`` ends in ``fighter`` slaying its Enemy,
    every die enumerated through the engine and no reroll taken after it."""
    events = state.apply(action, seat)
    verdict = [e for e in events if e.kind == "slay"]
    if verdict:
        return 1.0 if " slays " in verdict[0].text else 0.0
    if state.is_chance_node():
        return sum(
            p * slain(state.clone(), outcome, CHANCE, fighter)
            for outcome, p in state.chance_outcomes()
        )
    assert state.step.name is Phase.REROLL
    return slain(state, state.game.parse_action("stop"), fighter, fighter)


def notes(state: HarvestState, seat: int) -> dict[str, dict[str, object]]:
    hints = state.game.move_hints(state.observation(seat), state.legal_actions(seat))
    return {state.game.action_to_text(a): note for a, note in hints.items()}


def test_a_fights_odds_are_those_of_the_engines_dice() -> None:
    checked = 0
    for state, seat in decisions(Phase.ATTEMPT):
        shown = notes(state, seat)
        if "attempt fight" not in shown:
            continue
        if shown["attempt fight"]["dice"] > DICE_ENUMERATED:  # type: ignore[operator]
            continue
        fight = CODEC.encode(ATTEMPT(Way.FIGHT))
        assert shown["attempt fight"]["success"] == pytest.approx(
            slain(state.clone(), fight, seat, seat)
        )
        if "attempt fury" in shown:
            fury = shown["attempt fury"]
            assert fury["success"] >= shown["attempt fight"]["success"]  # type: ignore[operator]
            assert fury["with_rerolls"] >= fury["success"]  # type: ignore[operator]
        checked += 1
        if checked == 6:
            return
    raise AssertionError(f"only {checked} fights found")


def test_only_a_blood_furys_odds_count_critical_sixes() -> None:
    state = Position(players=3).skills(0, blood_fury=4).area(1, "werewolf-scout").build()
    select(state, {0: "area-1", 1: "train", 2: "train"})
    act(state, 0, "face werewolf-scout")  # strength 3; two dice hitting on 5 or more
    shown = notes(state, 0)
    assert shown["attempt fight"]["success"] == 0.0  # two hits at most
    assert shown["attempt fury"]["success"] == pytest.approx(3 / 36)  # a critical 6 and a hit
    for way in ("fight", "fury"):
        action = state.game.parse_action(f"attempt {way}")
        assert shown[f"attempt {way}"]["success"] == pytest.approx(
            slain(state.clone(), action, 0, 0)
        )


def test_a_rerolls_odds_are_those_of_the_engines_dice() -> None:
    checked = 0
    for state, seat in decisions(Phase.REROLL):
        for text, note in notes(state, seat).items():
            action = state.game.parse_action(text)
            chance = slain(state.clone(), action, seat, seat)
            assert note["success"] == pytest.approx(chance), text
            checked += 1
        if checked >= 6:
            return
    raise AssertionError(f"only {checked} rerolls found")


def test_a_tribute_shows_its_cost_and_a_seduction_its_draw() -> None:
    tributes = seductions = 0
    for state, seat in decisions(Phase.ATTEMPT):
        shown = notes(state, seat)
        if "attempt pay" in shown:
            assert shown["attempt pay"]["kind"] == "tribute"
            assert shown["attempt pay"]["affordable"] is True
            tributes += 1
        if "attempt seduce" in shown:
            note = shown["attempt seduce"]
            seen = state.zones.view(seat).seen()
            unseen = [c for c in CATALOG.deck(Deck.SEDUCTION) if c not in seen]
            misses = sum(1 for c in unseen if not CATALOG.cards[c].success)
            draw = note["draw"]
            assert isinstance(draw, int)
            assert note["success"] == pytest.approx(
                1 - comb(misses, min(draw, len(unseen))) / comb(len(unseen), min(draw, len(unseen)))
            )
            seductions += 1
        if tributes >= 3 and seductions >= 3:
            return
    raise AssertionError(f"{tributes} tributes and {seductions} seductions found")


def test_nobody_but_the_acting_seat_gets_notes() -> None:
    state, seat = next(decisions(Phase.ATTEMPT))
    legal = state.legal_actions(seat)
    assert state.game.move_hints(state.observation(seat), legal)
    assert state.game.move_hints(state.observation(None), legal) == {}
