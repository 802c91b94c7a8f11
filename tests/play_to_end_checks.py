"""A game's own ``play_to_end`` held to stepping one action at a time: the seats, the
stepping loop, and the comparison that the games' play-to-end tests share."""

from __future__ import annotations

from collections.abc import Sequence

from ballroom.agents import make_agent
from ballroom.core.agent import Agent, Decision
from ballroom.core.game import Game
from ballroom.core.play import step
from ballroom.core.state import State


def seats(game: Game, seed: int, spec: str = "random") -> list[Agent]:
    return [make_agent(game, seat, spec, seed) for seat in range(game.players)]


def stepped(state: State, agents: Sequence[Agent], cap: int | None = None) -> State:
    """``state`` played on one action at a time, until it ends or a turn past ``cap`` begins."""
    while not state.is_terminal() and (cap is None or state.turns() <= cap):
        step(state, agents)
    return state


def same_game(one: State, other: State) -> None:
    """The two states are the same game: history, result, turn, every view, who acts,
    what the first of them is offered, and what its first move would tell."""
    assert one.history == other.history
    assert one.returns() == other.returns()
    assert one.turns() == other.turns()
    for seat in [None, *range(one.game.players)]:
        assert one.observation(seat) == other.observation(seat)
    assert one.current_players() == other.current_players()
    if not one.is_terminal():
        seat = one.current_players()[0]
        assert one.legal_actions(seat) == other.legal_actions(seat)
        told = [state.clone().apply(state.legal_actions(seat)[0], seat) for state in (one, other)]
        assert [(e.kind, e.text) for e in told[0]] == [(e.kind, e.text) for e in told[1]]


class Watchful:
    """A seat that reads its observation and notes it, with what it was offered."""

    def __init__(self, game: Game, seat: int, seed: int, spec: str = "random") -> None:
        self.agent = make_agent(game, seat, spec, seed)
        self.seen: list[tuple[object, list[int]]] = []

    def act(self, decision: Decision) -> int:
        self.seen.append((decision.observation, list(decision.legal_actions)))
        return self.agent.act(decision)
