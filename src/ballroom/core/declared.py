"""A Game and a State built on the declared core: flow, action families, zones, views.

``DeclaredGame`` takes its action ids and texts from its ``ActionCodec``;
``DeclaredState`` answers the State contract from its current ``Step`` (who
acts), the game's ``Flow`` (which families a step offers) and the methods a
game writes in its own terms, with ``Action`` values rather than ids:

- ``choices(seat)``: the seat's actions at one of the game's own steps;
- ``chances()``: ``(action, probability)`` pairs at its own chance steps;
- ``play(action, seat)``: change the state, return the events;
- ``next_step()``: the step that follows when no ability waits;
- ``view(seat)``: the seat's typed ``View``, which is also its observation.

Abilities (``ballroom.core.effects``): a game with ``effect_steps`` queues
``(moment, seat)`` triggers in ``queue`` and calls ``resume``; the state
then runs them one by one, and while one waits for a decision (a choice, a
pick, a draw) the step, the legal actions and the chance outcomes are the
ability's, answered without the game writing a line for them.

Both stay ordinary ``Game`` and ``State`` subclasses, so every tool that
plays the current games plays these too.
"""

from __future__ import annotations

from abc import abstractmethod
from enum import Enum
from typing import Any, ClassVar, Generic, TypeVar, cast

from ballroom.core.actions import Action, ActionCodec
from ballroom.core.effects import EffectSteps, Resolution, ZoneHost
from ballroom.core.errors import IllegalActionError
from ballroom.core.events import Event
from ballroom.core.flow import Flow, Step
from ballroom.core.game import Game
from ballroom.core.state import CHANCE, Observation, State
from ballroom.core.view import View
from ballroom.core.zones import Zones

N = TypeVar("N", bound=Enum)


class DeclaredGame(Game, Generic[N]):
    """A game whose actions are declared families and whose steps are a declared flow."""

    codec: ClassVar[ActionCodec]
    flow: ClassVar[Flow[Any]]
    effect_steps: ClassVar[EffectSteps[Any] | None] = None
    """How its abilities' decisions become steps; ``None`` for a game without abilities."""

    @property
    def num_distinct_actions(self) -> int:
        return self.codec.size

    def action_to_text(self, action: int) -> str:
        return self.codec.to_text(action)

    def parse_action(self, text: str) -> int:
        return self.codec.parse(text)

    def action_json(self, action: int) -> dict[str, Any]:
        """The structured form of ``action`` (``StructuresActions``)."""
        return self.codec.to_json(action)


class DeclaredState(State, Generic[N]):
    """A state whose decisions come from its ``step``, its cards from its ``zones``."""

    game: DeclaredGame[N]
    step: Step[N]
    zones: Zones
    effect: Resolution | None = None
    """The ability resolving now, if any."""
    queue: tuple[tuple[str, int], ...] = ()
    """Moments still to trigger, with the seat each is for, in order."""

    # -- what a game writes ---------------------------------------------------

    @abstractmethod
    def choices(self, seat: int) -> list[Action]:
        """``seat``'s actions at the current step (it is one of ``current_players``)."""

    def chances(self) -> list[tuple[Action, float]]:
        """The outcomes of one of the game's own chance steps, with their probabilities."""
        raise IllegalActionError(f"{self.game.name} has no chance step {self.step.name.value}")

    @abstractmethod
    def play(self, action: Action, seat: int) -> list[Event]:
        """Apply a legal ``action`` of ``seat`` at one of the game's own steps."""

    @abstractmethod
    def next_step(self) -> Step[N]:
        """The step due when no ability waits (the next round's, or the end)."""

    @abstractmethod
    def view(self, seat: int | None) -> View[N, Any, Any]:
        """What ``seat`` (``None``: a spectator) may see, typed."""

    # -- abilities ------------------------------------------------------------

    def resume(self) -> list[Event]:
        """Run queued abilities until one waits for a decision, then set the step due."""
        steps = self.game.effect_steps
        events: list[Event] = []
        if steps is not None:
            host = cast(ZoneHost, self)
            while (self.effect is None or self.effect.ask is None) and self.queue:
                (when, seat), self.queue = self.queue[0], self.queue[1:]
                owned = steps.effects.abilities
                self.effect, done = steps.effects.run(
                    steps.effects.trigger(when, seat, owned, host), host
                )
                events += done
            waiting = steps.step(self.effect) if self.effect is not None else None
            if waiting is not None:
                self.step = waiting
                return events
        self.effect = None
        self.step = self.next_step()
        return events

    def _awaiting(self) -> EffectSteps[N] | None:
        steps = self.game.effect_steps
        if steps is None or self.effect is None or self.effect.ask is None:
            return None
        return steps

    # -- the State contract, from the above -----------------------------------

    def current_players(self) -> tuple[int, ...]:
        return self.step.current_players()

    def legal_actions(self, player: int | None = None) -> list[int]:
        current = self.current_players()
        seat = current[0] if player is None and current else player
        if seat is None or seat not in current:
            return []
        if seat == CHANCE:
            return sorted(action for action, _ in self.chance_outcomes())
        steps = self._awaiting()
        if steps is not None and self.effect is not None:
            actions = steps.choices(self.effect, self.zones)
        else:
            actions = self.choices(seat)
        self.game.flow.check(self.step, actions)
        return sorted({self.game.codec.encode(action) for action in actions})

    def chance_outcomes(self) -> list[tuple[int, float]]:
        steps = self._awaiting()
        if steps is not None and self.effect is not None:
            outcomes = steps.chances(self.effect, self.zones)
        else:
            outcomes = self.chances()
        self.game.flow.check(self.step, (action for action, _ in outcomes))
        return sorted((self.game.codec.encode(action), p) for action, p in outcomes)

    def _apply(self, action: int, player: int) -> list[Event]:
        chosen = self.game.codec.decode(action)
        steps = self._awaiting()
        if steps is None or self.effect is None:
            return self.play(chosen, player)
        self.effect, events = steps.play(self.effect, chosen, cast(ZoneHost, self))
        return events + self.resume()

    def observation(self, player: int | None) -> Observation:
        return self.view(player).to_observation()
