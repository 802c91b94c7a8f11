"""The variants as options: Epic, Semi-Blind Draw, Anything Goes (and, in test_rules, Cells
and Sole Authority)."""

from __future__ import annotations

from ballroom.core.state import CHANCE
from ballroom.games.dominare import Dominare
from ballroom.games.dominare.action_phase import season_tasks
from ballroom.games.dominare.position import Position, act, card
from ballroom.games.dominare.setup import faction_deck
from ballroom.games.dominare.turn import Phase, Task


def test_epic_gives_an_action_to_each_agent_rank_by_rank() -> None:
    state = Position(players=2, epic=True).season(3).order(1, 0).build()
    actions = [arg for task, arg in season_tasks(state) if task is Task.ACTION]
    assert [(a // 10, a % 10) for a in actions] == [(1, 1), (1, 0), (2, 1), (2, 0), (3, 1), (3, 0)]


def test_on_an_epic_turn_only_that_agent_uses_its_ability() -> None:
    names = ("Hamish Lothian", "Lorenzo Osorio")
    state = Position(players=2, epic=True).season(2).ranks(0, *names).ranks(1, *names).build()
    act(state, 0, "crown")
    act(state, 1, "crown")
    assert state.current_players() == (0,) and state.epic_rank == 2
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


def test_anything_goes_trades_crowns_and_an_agent_at_once_when_accepted() -> None:
    state = (
        Position(players=2, **{"anything-goes": True}).hand(0, "Pavel").hand(1, "Gillie")
        .crowns(0, 6).crowns(1, 4).build()
    )  # fmt: skip
    act(state, 0, "trade 2", "give-crowns 3", "give pavel", "ask-agent", "propose")
    assert card("Pavel") in state.zones.memory[1]
    assert state.step.name is Phase.TRADE and state.step.players == (1,)
    act(state, 1, "answer yes", "give gillie")
    assert state.crowns == (3, 7)
    assert state.zones.zone("hand", 0).cards == (card("Gillie"),)
    assert state.zones.zone("hand", 1).cards == (card("Pavel"),)
    moves = {state.game.action_to_text(a) for a in state.legal_actions(0)}
    assert "crown" in moves and not any(m.startswith("trade") for m in moves)


def test_anything_goes_a_declined_trade_changes_nothing() -> None:
    state = Position(players=2, **{"anything-goes": True}).hand(0, "Pavel").build()
    act(state, 0, "trade 2", "give pavel", "ask-crowns 2", "propose")
    assert len(state.legal_actions(1)) == 2
    act(state, 1, "answer no")
    assert state.zones.zone("hand", 0).cards == (card("Pavel"),) and state.crowns == (5, 5)
    assert state.step.name is Phase.ACTION and state.step.players == (0,)


def test_anything_goes_cannot_accept_what_cannot_be_paid() -> None:
    state = Position(players=2, **{"anything-goes": True}).crowns(1, 1).build()
    act(state, 0, "trade 2", "ask-crowns 2", "propose")
    assert state.legal_actions(1) == [state.game.parse_action("answer no")]
