"""Playing a game to its end with a set of agents."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from functools import cache
from typing import cast

from ballroom.core.agent import Agent, ChoosesBlind, Decision, TakesForcedMoveBlind
from ballroom.core.events import Event
from ballroom.core.state import CHANCE, Choose, State


def _chooser(agent: Agent) -> Callable[[Sequence[int]], int] | None:
    """The agent's ``choose``, if it chooses blind (``ChoosesBlind``)."""
    return cast(ChoosesBlind, agent).choose if _blind(type(agent)) else None


@cache
def _blind(kind: type) -> bool:
    """Whether agents of ``kind`` choose blind (asked once per type: a Protocol check is slow)."""
    return issubclass(kind, ChoosesBlind)


@cache
def _takes_forced_move_blind(kind: type) -> bool:
    return issubclass(kind, TakesForcedMoveBlind)


def decision_for(state: State, player: int) -> Decision:
    """The Decision a seat gets: its observation and legal actions, never the state."""
    return Decision(state.game, player, state.observation(player), state.legal_actions(player))


def step(state: State, agents: Sequence[Agent]) -> list[Event]:
    """Take the next single action: a chance draw or one seat's choice.

    The seat's choice is checked once, against the legal actions it was offered.
    """
    player = state.current_players()[0]
    if player == CHANCE:
        return state.apply(state.sample_chance(), CHANCE, trusted=True)
    agent, legal = agents[player], state.legal_actions(player)
    if len(legal) == 1 and _takes_forced_move_blind(type(agent)):
        return state.apply(legal[0], player, trusted=True)
    action = agent.act(Decision(state.game, player, state.observation(player), legal))
    if action not in legal:
        return state.apply(action, player)  # refused, with the rules' message
    return state.apply(action, player, trusted=True)


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
    past ``max_turns`` (see ``past_cap``), and return it.

    ``on_events`` receives the events of each action. Without it nobody reads
    them, and the state plays on by itself (``State.play_to_end``), asking each
    seat's agent for its choices.
    """
    if on_events is not None or max_actions is not None:
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
    state.play_to_end(
        [_choice_of(state, agent, seat) for seat, agent in enumerate(agents)], max_turns
    )
    return state


def _choice_of(state: State, agent: Agent, seat: int) -> Choose:
    """How ``seat``'s agent picks from its legal actions: its own ``choose`` if it chooses
    blind, else ``act`` on a Decision with the seat's observation (never the state), which
    is not built for a single legal action if the agent takes that blind."""
    choose = _chooser(agent)
    if choose is not None:
        return choose
    game, observe = state.game, state.observation
    forced_blind = _takes_forced_move_blind(type(agent))

    def act(legal: Sequence[int]) -> int:
        if forced_blind and len(legal) == 1:
            return legal[0]
        return agent.act(Decision(game, seat, observe(seat), legal))

    return act
