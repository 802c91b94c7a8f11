"""The position builder plays a Season as the game does, so a test built on it tests the
rules: the Season's remaining phases follow the one it starts at, with the actions the
rulebook gives (two each, three in Season 7, one per agent in Epic)."""

from __future__ import annotations

import pytest

from ballroom.core.errors import PositionError
from ballroom.games.dominare.position import Position, act
from ballroom.games.dominare.state import DominareState
from ballroom.games.dominare.turn import Phase


def turns(state: DominareState, count: int) -> list[tuple[int, int]]:
    """Each of the next ``count`` action turns, as (seat, Epic rank), each taking a crown."""
    seen = []
    for _ in range(count):
        assert state.step.name is Phase.ACTION
        (seat,) = state.current_players()
        seen.append((seat, state.epic_rank))
        act(state, seat, "crown")
    return seen


def test_seasons_one_to_six_give_two_actions_each_then_the_next_season() -> None:
    state = Position(players=3).season(4).order(2, 0, 1).crowns(0, 0).build()
    assert turns(state, 6) == [(2, 0), (0, 0), (1, 0)] * 2
    assert state.crowns[0] == 2
    assert state.season == 5 and state.step.name is not Phase.ACTION


def test_season_seven_gives_three_actions_each_then_the_game_ends() -> None:
    state = Position(players=2).season(7).crowns(0, 0).crowns(1, 0).build()
    assert turns(state, 5) == [(0, 0), (1, 0)] * 2 + [(0, 0)]
    assert not state.is_terminal()
    turns(state, 1)
    assert state.is_terminal() and state.crowns == (3, 3)


def test_epic_gives_one_turn_per_agent_rank_by_rank() -> None:
    names = ("Hamish Lothian", "Lorenzo Osorio")
    state = Position(players=2, epic=True).season(2).order(1, 0)
    built = state.ranks(0, *names).ranks(1, *names).build()
    assert turns(built, 2) == [(1, 1), (0, 1)]
    assert built.current_players() == (1,) and built.epic_rank == 2
    moves = {built.game.action_to_text(a) for a in built.legal_actions(1)}
    assert "ability 2 1" in moves and "ability 1 1" not in moves and "crown" in moves
    assert turns(built, 2) == [(1, 2), (0, 2)]
    assert built.season == 3 and built.step.name is not Phase.ACTION


def test_canvassing_goes_on_to_the_seasons_actions() -> None:
    state = Position(players=2).ranks(0, "Beggar").ranks(1, "Beggar").crowns(0, 0)
    built = state.crowns(1, 0).build(at="canvass")
    for seat in (0, 1):
        assert built.step.name is Phase.CANVASS and built.current_players() == (seat,)
        act(built, seat, f"place corte-scalzo-{seat + 1}")
        if built.step.name is Phase.SPREAD:
            act(built, seat, "done")
    assert turns(built, 4) == [(0, 0), (1, 0)] * 2
    assert built.season == 2


def test_the_event_goes_on_to_canvassing() -> None:
    state = Position(players=2).ranks(0, "Beggar").build(at="event")
    assert state.step.name is Phase.EVENT
    act(state, -1, "event quiet-season")
    while state.step.name is not Phase.CANVASS:
        (seat,) = state.current_players()
        state.apply(state.legal_actions(seat)[0], seat)
    assert state.current_players() == (0,) and state.season == 1


def test_an_unknown_phase_or_a_vp_off_the_track_is_refused() -> None:
    with pytest.raises(PositionError, match="no phase 'dawn'; phases: conspiracy, event"):
        Position(players=2).build(at="dawn")
    with pytest.raises(PositionError, match="VP 0 for senate is off the track; allowed 1 to 10"):
        Position(players=2).vp("senate", 0)
