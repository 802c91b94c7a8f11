"""The variants as options: Epic, Semi-Blind Draw (and, in test_rules, Cells, Sole Authority)."""

from __future__ import annotations

from ballroom.core.state import CHANCE
from ballroom.games.dominare import Dominare
from ballroom.games.dominare.action_phase import season_tasks
from ballroom.games.dominare.position import Position, act
from ballroom.games.dominare.setup import faction_deck
from ballroom.games.dominare.turn import Phase, Task


def test_epic_gives_an_action_to_each_agent_rank_by_rank() -> None:
    state = Position(players=2, epic=True).season(3).order(1, 0).build()
    actions = [arg for task, arg in season_tasks(state) if task is Task.ACTION]
    assert [(a // 10, a % 10) for a in actions] == [(1, 1), (1, 0), (2, 1), (2, 0), (3, 1), (3, 0)]


def test_on_an_epic_turn_only_that_agent_uses_its_ability() -> None:
    names = ("Hamish Lothian", "Lorenzo Osorio")
    state = Position(players=2, epic=True).season(2).ranks(0, *names).ranks(1, *names).build()
    state.agenda = ((Task.ACTION, 20), *state.agenda)
    state.proceed()
    moves = {state.game.action_to_text(a) for a in state.legal_actions(0)}
    assert "ability 2 1" in moves and "ability 1 1" not in moves and "crown" in moves


def test_semi_blind_draw_two_from_separate_decks_to_ten_then_discard_two() -> None:
    state = Dominare(2, agents="semi-blind").new_state(seed=5)
    assert state.step.name is Phase.DECK and state.step.players == (0,)
    act(state, 0, "deck senate")
    state.apply(state.sample_chance(), CHANCE)
    moves = {state.game.action_to_text(a) for a in state.legal_actions(0)}
    assert "deck senate" not in moves and "deck church" in moves
    act(state, 0, "deck church")
    state.apply(state.sample_chance(), CHANCE)
    hand = state.zones.zone("hand", 0).cards
    assert sorted(faction_deck(c) for c in hand) == ["church", "senate"]
    assert state.step.players == (1,)
    while state.step.name is not Phase.DISCARD:
        if state.step.name is Phase.DRAW:
            state.apply(state.sample_chance(), CHANCE)
        else:
            seat = state.step.players[0]
            state.apply(state.legal_actions(seat)[0], seat)
    assert [state.zones.zone("hand", s).size for s in (0, 1)] == [10, 10]
    for _ in range(2):
        for seat in (0, 1):
            state.apply(state.legal_actions(seat)[0], seat)
    assert [state.zones.zone("hand", s).size for s in (0, 1)] == [8, 8]
    assert state.zones.zone("agent-deck").size == 95 - 16
    assert not Dominare(2, agents="semi-blind").draft
