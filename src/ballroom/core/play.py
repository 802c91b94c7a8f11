"""Playing a game to its end with a set of agents."""

from __future__ import annotations

from collections.abc import Callable, Sequence

from ballroom.core.agent import Agent, Decision
from ballroom.core.events import Event
from ballroom.core.state import CHANCE, State


def decision_for(state: State, player: int) -> Decision:
    """The Decision a seat gets: built from its observation only."""
    return Decision(
        game=state.game,
        player=player,
        observation=state.observation(player),
        legal_actions=state.legal_actions(player),
    )


def step(state: State, agents: Sequence[Agent]) -> list[Event]:
    """Take the next single action: a chance draw or one seat's choice."""
    player = state.current_players()[0]
    if player == CHANCE:
        return state.apply(state.sample_chance(), CHANCE, trusted=True)
    action = agents[player].act(decision_for(state, player))
    return state.apply(action, player)


def past_cap(state: State, max_turns: int | None) -> bool:
    """Whether a game not over has begun a turn past ``max_turns``: cut off, *truncated*.

    A truncated game has no winner and counts as unfinished (``returns()`` of a
    state that is not terminal are all zeros); ``None`` caps nothing.
    """
    return max_turns is not None and not state.is_terminal() and state.turns() > max_turns


def play_out(
    state: State,
    agents: Sequence[Agent],
    *,
    max_actions: int | None = None,
    max_turns: int | None = None,
    on_events: Callable[[list[Event]], None] | None = None,
) -> State:
    """Play ``state`` to the end, or ``max_actions`` more actions, or until it is cut off
    past ``max_turns`` (see ``past_cap``), and return it."""
    taken = 0
    while (
        not state.is_terminal()
        and (max_actions is None or taken < max_actions)
        and not past_cap(state, max_turns)
    ):
        events = step(state, agents)
        taken += 1
        if on_events is not None:
            on_events(events)
    return state
