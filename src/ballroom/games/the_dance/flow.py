"""The order of play: the agenda that runs between decisions, and each family's turn.

A game turn is a Player Phase (each family's Dance step, then Influence
step) and a Waltz Phase (the Server, the Tempo, the Dancers). Work that
needs nobody's decision (set-up, draws, the Waltz Phase) sits on an
*agenda* of ``Task`` entries, each ``(task, seat or index)``; ``advance``
runs them until a decision (a ``Phase``) or a chance draw is due.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from ballroom.core.events import Event
from ballroom.games.the_dance import influence, plans, powers, refreshments, server, setup, waltz
from ballroom.games.the_dance.standing import movement
from ballroom.games.the_dance.steps import Phase, Task

# Read as plain names: an enum member read off its class costs a lookup through the
# enum's metaclass every time, and every turn reads them.
_OVER = Phase.OVER
_DANCE = Phase.DANCE

if TYPE_CHECKING:
    from ballroom.games.the_dance.ball import Ball


def advance(s: Ball, events: list[Event]) -> None:
    """Run agenda tasks until a decision or a chance draw is due; the game is over when none is."""
    agenda = s.agenda
    handlers = _HANDLERS
    while agenda:
        task, p = agenda.pop(0)
        if handlers[task](s, p, events):
            return
    s.phase = _OVER


def start_turn(s: Ball, p: int) -> None:
    """The family's Player Phase begins with her Dance step."""
    s.current = p
    s.actor = p
    s.phase = _DANCE
    s.movement_left = movement(s, p)
    s.ankhs_used = 0
    s.movement_spent = 0
    s.passing = False
    s.attempts = 0
    s.strategic_used = False
    lead = s.lead_left = [0] * s.nd
    dancer_pos = s.dancer_pos
    marked = s.marked
    for d in influence.influenced(s, p) if marked is None else marked[p]:
        if dancer_pos[d] >= 0:
            lead[d] = 2


def end_turn(s: Ball, events: list[Event]) -> None:
    s.current = -1
    advance(s, events)


def _player_phase(s: Ball, p: int, events: list[Event]) -> bool:
    start_turn(s, p)
    return True


def _decide(phase: Phase) -> Callable[[Ball, int, list[Event]], bool]:
    """A task that hands seat ``p`` the decision ``phase``."""

    def handler(s: Ball, p: int, events: list[Event]) -> bool:
        s.phase = phase
        s.actor = p
        return True

    return handler


_HANDLERS: dict[Task, Callable[[Ball, int, list[Event]], bool]] = {
    Task.CHOOSE_AVATAR: _decide(Phase.CHOOSE_AVATAR),
    Task.CHOOSE_SANCTUARY: _decide(Phase.CHOOSE_SANCTUARY),
    Task.DRAW_POWER: powers.draw_task,
    Task.KEEP_POWER: _decide(Phase.KEEP_POWER),
    Task.DEAL_REFRESHMENTS: refreshments.deal_task,
    Task.DRAW_REFRESHMENT: refreshments.draw_task,
    Task.DISCARD_TO_LIMIT: refreshments.discard_task,
    Task.DRAW_PLAN: plans.draw_task,
    Task.STRATEGIC_DRAW: powers.strategic_draw_task,
    Task.STRATEGIC_CHOICE: _decide(Phase.STRATEGIC_PLAN),
    Task.RESUME_DANCE: _decide(_DANCE),
    Task.PLACE_DANCER: setup.place_dancer_task,
    Task.PLACE_SERVER_AND_AVATARS: setup.place_server_and_avatars_task,
    Task.NEW_TURN: waltz.new_turn_task,
    Task.PLAYER_PHASE: _player_phase,
    Task.WALTZ_SERVER: server.waltz_task,
    Task.TEMPO: waltz.tempo_task,
    Task.PASS_INITIATIVE: waltz.initiative_task,
}
