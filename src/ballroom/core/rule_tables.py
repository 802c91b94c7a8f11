"""An agenda state whose rules are tables, so that a game names its rules and writes no
methods that only look them up.

The declared games keep their rules in one module that pairs each kind of
task with the function that runs it, and each step with the functions that
list a seat's choices there and play the one it takes::

    class Played(MyState, RuleTables[Phase, Task]):
        tasks = HANDLERS          # Task -> handler(state, argument) -> Step | None
        choosers = CHOICES        # Phase -> choices(state, seat) -> list[Action]
        movers = PLAYERS          # Phase -> play(state, action, seat)
        proceeds_after_move = True

A move's events are those its functions ``say`` into ``told`` while it is
played (``Telling``).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from enum import Enum
from typing import Any, ClassVar, Generic, TypeVar

from ballroom.core.actions import Action
from ballroom.core.declared import AgendaState, TaskHandler
from ballroom.core.events import Event, Wording
from ballroom.core.flow import Step

N = TypeVar("N", bound=Enum)
K = TypeVar("K", bound=Enum)

Chooser = Callable[[Any, int], Sequence[Action]]
"""A seat's choices at one step."""
Mover = Callable[[Any, Action, int], None]
"""Plays one seat's move at one step."""


class Telling:
    """A state whose rules report what happens as a move is played: each event goes into
    ``told``, unless nobody reads the events (``State.reporting``: a simulation, a search)."""

    told: list[Event]
    reporting: bool

    def say(
        self,
        kind: str,
        text: str | Wording,
        data: Mapping[str, Any] | None = None,
        *,
        audience: frozenset[int] | None = None,
        reveals: bool = False,
    ) -> None:
        """Report an event of the move being played: ``audience`` the seats told (all, if
        ``None``), ``reveals`` whether it shows what some seat could not see."""
        if self.reporting:
            self.told.append(Event(kind, text, data, audience, reveals))


class RuleTables(AgendaState[N, K], Generic[N, K]):
    """``handlers``, ``choices`` and ``play`` read from the game's tables of its rules."""

    tasks: ClassVar[Mapping[Any, TaskHandler]]
    """The function that runs each kind of task."""
    choosers: ClassVar[Mapping[Any, Chooser]]
    """The function that lists a seat's choices, by step."""
    movers: ClassVar[Mapping[Any, Mover]]
    """The function that plays a move (a seat's or chance's), by step."""
    proceeds_after_move: ClassVar[bool] = False
    """Whether the agenda runs on after every move (else each move's function runs it
    where its rules go on)."""
    told: list[Event]
    """The events said while the move being played is played."""

    def handlers(self) -> Mapping[K, TaskHandler]:
        return self.tasks

    def next_step(self) -> Step[N]:
        """The step the agenda waits at (``proceed`` sets it)."""
        return self.step

    def name(self, seat: int) -> str:
        """A seat's name, for the events' sentences."""
        return self.game.player_name(seat)

    def choices(self, seat: int) -> Sequence[Action]:
        return self.choosers[self.step.name](self, seat)

    def play(self, action: Action, seat: int) -> list[Event]:
        self.told = []
        self.movers[self.step.name](self, action, seat)
        if self.proceeds_after_move:
            self.proceed()
        told, self.told = self.told, []
        return told
