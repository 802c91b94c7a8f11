"""What the rules work out once and keep gives what working it out afresh gives: the
action turn's moves, offered in parts, and the operations an ability queues."""

from __future__ import annotations

import pytest

from ballroom.core.actions import Offer
from ballroom.core.rng import Rng
from ballroom.core.state import CHANCE
from ballroom.games.dominare import Dominare
from ballroom.games.dominare import state as table
from ballroom.games.dominare.action_phase import action_choices
from ballroom.games.dominare.state import ON_RANK_ALONE, DominareState
from ballroom.games.dominare.turn import CATALOG, CODEC, Phase

VARIANTS = [
    {"players": 4},
    {"players": 2},
    {"players": 6, "cells": True},
    {"players": 3, "epic": True},
    {"players": 3, "anything-goes": True},
]


def action_turns(options: dict[str, object], seed: int, turns: int) -> list[DominareState]:
    """Copies of the states of a random game where a seat takes an action."""
    options = dict(options)
    players = int(str(options.pop("players")))
    state = Dominare(players, **options).new_state(seed)
    rng, found = Rng(seed), []
    while not state.is_terminal() and len(found) < turns:
        seat = state.current_players()[0]
        if seat == CHANCE:
            state.apply(state.sample_chance(), CHANCE)
            continue
        if state.step.name is Phase.ACTION:
            found.append(state.clone())
        legal = state.legal_actions(seat)
        state.apply(legal[rng.below(len(legal))], seat)
    return found


@pytest.mark.parametrize("options", VARIANTS)
def test_an_action_turn_offers_each_move_once_with_the_ids_its_moves_have(
    options: dict[str, object],
) -> None:
    turns = action_turns(options, seed=3, turns=40)
    assert len(turns) >= 20
    for state in turns:
        seat = state.current_players()[0]
        offer = action_choices(state, seat)
        assert isinstance(offer, Offer)
        moves = list(offer)
        ids = sorted(CODEC.encode(move) for move in moves)
        assert len(set(ids)) == len(ids), "a move offered twice"
        assert state.legal_actions(seat) == ids
        assert state.game.encode_offered(state.step, moves) == ids  # as a plain list


def test_an_ability_queues_what_the_effects_engine_queues_for_every_seat_and_rank(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    started: dict[object, object] = {}
    monkeypatch.setattr(table, "STARTED", started)
    state = Dominare(4).new_state(seed=1)
    assert set(CATALOG.effects.abilities) == ON_RANK_ALONE  # every ability, as the data stands
    for name in sorted(ON_RANK_ALONE):
        when = CATALOG.effects.abilities[name].when
        for rank in range(8):
            for seat in (2, 0, 3):  # the first worked out by the engine, the others kept
                state.ops = ()
                state.start(name, seat, rank, when)
                assert state.ops == state._queue(name, seat, when), (name, seat, rank)
                assert all(op.seat == seat and op.rank == rank for op in state.ops)
    assert len(started) == len(ON_RANK_ALONE) * 8
