"""A Game and a State built on the declared core: flow, action families, zones, views.

``DeclaredGame`` takes its action ids and texts from its ``ActionCodec``;
``DeclaredState`` answers the State contract from its current ``Step`` (who
acts), the game's ``Flow`` (which families a step offers) and the methods a
game writes in its own terms, with ``Action`` values rather than ids:

- ``choices(seat)``: the seat's actions at one of the game's own steps;
- ``chances()``: ``(action, probability)`` pairs at its own chance steps;

  (neither is asked at a step the flow declares ``every``: such a step
  offers every action of its families, equally likely at a chance step, so
  its ids are worked out once, and chance there is one ``Rng.below``)
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
from collections.abc import Callable, Iterable, Mapping, Sequence
from enum import Enum
from functools import cache, cached_property
from itertools import accumulate
from typing import Any, ClassVar, Generic, Self, TypeVar, cast

from ballroom.core.actions import Action, ActionCodec, Family, Offer
from ballroom.core.effects import EffectSteps, Resolution, ZoneHost
from ballroom.core.errors import IllegalActionError
from ballroom.core.events import Event
from ballroom.core.flow import Flow, Step
from ballroom.core.game import Game
from ballroom.core.rng import Rng
from ballroom.core.state import CHANCE, Observation, State
from ballroom.core.view import View
from ballroom.core.zones import Zones

N = TypeVar("N", bound=Enum)
T = TypeVar("T")
CHANCE_ALONE = (CHANCE,)
"""The players of a chance step."""


TUPLES_ENCODED = 1 << 13
"""The most tuples of choices ``DeclaredGame.encode_offered`` keeps the ids of at once."""


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

    @cached_property
    def offers(self) -> Mapping[Any, Sequence[int]]:
        """The ids each ``every`` step of the flow offers, sorted (``every_offer``)."""
        return every_offer(type(self))

    @cached_property
    def odds(self) -> Mapping[Any, tuple[tuple[int, float], ...]]:
        """The outcomes of each ``every`` step with their (equal) probabilities."""
        return {name: tuple((i, 1.0 / len(ids)) for i in ids) for name, ids in self.offers.items()}

    @cached_property
    def first_ids(self) -> Mapping[Any, Mapping[Family, int]]:
        """Per step, each family it offers and the family's first id (``family_starts``)."""
        return family_starts(type(self))

    _encoded_tuples: ClassVar[dict[int, tuple[tuple[Action, ...], Any, tuple[int, ...]]]]
    """The ids of each tuple of choices a step offered, by the tuple's identity: a game
    that makes a step's choices once and offers that same tuple again (a cached list of
    moves) has it encoded once. Each entry holds its tuple, so no other object takes its
    identity while the entry lives. Kept per class, as the codec and the flow are: every
    table of the game shares it."""

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        cls._encoded_tuples = {}

    def encode_offered(self, step: Step[Any], actions: Iterable[Action]) -> list[int]:
        """The sorted ids of ``actions``, which ``step`` must offer (else a rules bug, refused
        by ``Flow.check``): ``offered_ids`` as a list of the caller's own."""
        return list(self.offered_ids(step, actions))

    def offered_ids(self, step: Step[Any], actions: Iterable[Action]) -> tuple[int, ...]:
        """``encode_offered``'s ids, as a tuple that may be kept: a tuple of actions is
        encoded once (see ``_encoded_tuples``), an ``Offer`` a part at a time (each part
        once; parts offered in the order of their ids are joined without sorting), and a
        list afresh, its family's first id looked up once per run of a family's actions."""
        if type(actions) is tuple:
            known = self._encoded_tuples.get(id(actions))
            if known is not None and known[0] is actions and known[1] is step.name:
                return known[2]
            return self._keep_ids(step, actions)
        if type(actions) is Offer:
            tuples, name = self._encoded_tuples, step.name
            ids: list[int] = []
            last, ordered = -1, True
            for part in actions.parts:
                known = tuples.get(id(part))
                if known is not None and known[0] is part and known[1] is name:
                    part_ids = known[2]
                else:
                    part_ids = self._keep_ids(step, part)
                if part_ids:  # sorted: the parts follow on while each starts past the last
                    ordered = ordered and part_ids[0] > last
                    last = part_ids[-1]
                    ids += part_ids
            return tuple(ids) if ordered else tuple(sorted(set(ids)))
        return tuple(self._encode(step, actions))

    def _keep_ids(self, step: Step[Any], actions: tuple[Action, ...]) -> tuple[int, ...]:
        """The ids of a tuple of actions, kept by its identity (``_encoded_tuples``)."""
        ids = tuple(self._encode(step, actions))
        if len(self._encoded_tuples) >= TUPLES_ENCODED:
            self._encoded_tuples.clear()
        self._encoded_tuples[id(actions)] = (actions, step.name, ids)
        return ids

    def _encode(self, step: Step[Any], actions: Iterable[Action]) -> list[int]:
        first = self.first_ids[step.name]
        ids = set()
        family, start = None, None
        for action in actions:
            if action.family is not family:
                family = action.family
                start = first.get(family)
            number = action.number
            ids.add(
                self.checked_id(step, action) if start is None or number < 0 else start + number
            )
        return sorted(ids)

    def encode_outcomes(
        self, step: Step[Any], outcomes: Iterable[tuple[Action, float]]
    ) -> list[tuple[int, float]]:
        """``encode_offered`` for chance outcomes: ``(id, probability)`` pairs, sorted."""
        first = self.first_ids[step.name]
        found = []
        family, start = None, None
        for action, probability in outcomes:
            if action.family is not family:
                family = action.family
                start = first.get(family)
            number = action.number
            action_id = (
                self.checked_id(step, action) if start is None or number < 0 else start + number
            )
            found.append((action_id, probability))
        return sorted(found)

    def checked_id(self, step: Step[Any], action: Action) -> int:
        """The id of ``action``, refused unless ``step`` offers its family."""
        self.flow.check(step, (action,))
        return self.codec.encode(action)

    @cached_property
    def running_odds(self) -> Mapping[Any, tuple[tuple[float, ...], float]]:
        """Per ``every`` step, its odds summed once for ``Rng.running_index``: the running
        sums and the total."""
        return {
            name: (tuple(accumulate(p for _, p in odds)), sum(p for _, p in odds))
            for name, odds in self.odds.items()
        }


# What a game's codec and flow give its steps, worked out once per game class (whose they
# are), not for every table: each new game reads them.


@cache
def every_offer(game: type[DeclaredGame[Any]]) -> Mapping[Any, Sequence[int]]:
    """The ids each ``every`` step of the flow offers, sorted (a ``range`` where they follow
    on, as a family's do)."""
    offers: dict[Any, Sequence[int]] = {}
    for name in game.flow.every:
        ids = sorted(i for family in game.flow.steps[name] for i in game.codec.ids(family))
        follow_on = ids == list(range(ids[0], ids[-1] + 1))
        offers[name] = range(ids[0], ids[-1] + 1) if follow_on else tuple(ids)
    return offers


@cache
def family_starts(game: type[DeclaredGame[Any]]) -> Mapping[Any, Mapping[Family, int]]:
    """Per step, each family it offers and the family's first id: the id of an action a
    family made is that plus its place, and a family the step does not offer is missing."""
    return {
        name: {family: game.codec.ids(family).start for family in families}
        for name, families in game.flow.steps.items()
    }


class DeclaredState(State, Generic[N]):
    """A state whose decisions come from its ``step``, its cards from its ``zones``."""

    game: DeclaredGame[N]
    step: Step[N]
    zones: Zones
    effect: Resolution | None = None
    """The ability resolving now, if any."""
    queue: tuple[tuple[str, int], ...] = ()
    """Moments still to trigger, with the seat each is for, in order."""

    def __init__(self, game: Game, seed: int) -> None:
        super().__init__(game, seed)
        # Read at every move: on Python 3.11 a field found on the instance is read far
        # faster than a class's default found through it.
        self.effect = None
        self.reporting = True

    # -- what a game writes ---------------------------------------------------

    def choices(self, seat: int) -> Sequence[Action]:
        """``seat``'s actions at one of the game's own steps (it is one of ``current_players``)."""
        raise IllegalActionError(f"{self.game.name} has no choices at step {self.step.name.value}")

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
        return self.step.players

    def is_chance_node(self) -> bool:
        return self.step.players == CHANCE_ALONE

    def is_terminal(self) -> bool:
        return not self.step.players

    def _offered(self) -> Sequence[int] | None:
        """The ids the current step offers when it is an ``every`` step (else ``None``)."""
        name = self.step.name
        if name is not self._offered_at[0]:
            self._offered_at = (name, self.game.offers.get(name))
        return self._offered_at[1] if self.effect is None else None

    _offered_at: tuple[object, Sequence[int] | None] = (None, None)
    """The last step name asked about and its offer: consecutive questions are one step's."""

    def legal_sequence(self, player: int) -> Sequence[int]:
        step = self.step
        if player not in step.players:
            return ()
        name = step.name
        if name is not self._offered_at[0]:
            self._offered_at = (name, self.game.offers.get(name))
        offered = self._offered_at[1]
        if offered is None or self.effect is not None:
            return self.legal_actions(player)
        return offered

    _legal_memo: tuple[int, int, object, tuple[int, ...]] | None = None
    """The last ids a seat was offered: the seat, the history's length and the step then,
    and the ids. Asked again before anything moved (a search's node, an adapter's mask,
    a checked move), they are not worked out again. A copy starts without them (a
    determinization changes what is hidden without a move), and none are kept while an
    action is being applied."""

    _applying: bool = False

    def legal_actions(self, player: int | None = None) -> list[int]:
        step = self.step
        current = step.players
        seat = current[0] if player is None and current else player
        if seat is None or seat not in current:
            return []
        effect = self.effect
        if effect is None:  # ``_offered``, without the call: asked at every decision
            name = step.name
            offered_at = self._offered_at
            if name is not offered_at[0]:
                offered_at = self._offered_at = (name, self.game.offers.get(name))
            if offered_at[1] is not None:
                return list(offered_at[1])
        if seat == CHANCE:
            return sorted(action for action, _ in self.chance_outcomes())
        moves = len(self.history)
        memo = self._legal_memo
        if memo is not None and memo[0] == seat and memo[1] == moves and memo[2] is step:
            return list(memo[3])
        actions: Sequence[Action]
        steps = None if effect is None or effect.ask is None else self.game.effect_steps
        if steps is not None and effect is not None:
            actions = steps.choices(effect, self.zones)
        else:
            actions = self.choices(seat)
        ids = self.game.offered_ids(step, actions)
        if not self._applying:
            self._legal_memo = (seat, moves, step, ids)
        return list(ids)

    def clone(self) -> Self:
        twin = super().clone()
        twin._legal_memo = None
        twin._till_moved = None
        return twin

    _till_moved: dict[str, tuple[int, object, Any]] | None = None
    """What ``till_moved`` remembers, by name: the history's length and the step then, and the
    value; dropped by a copy, as the legal ids are."""

    def till_moved(self, name: str, make: Callable[[], T]) -> T:
        """``make()``, remembered until the state moves: for what every seat's view repeats
        (a public tally), asked once per seat after each action. Nothing is kept while an
        action is being applied."""
        if self._applying:
            return make()
        moves, step = len(self.history), self.step
        memos = self._till_moved
        if memos is None:
            memos = self._till_moved = {}
        memo = memos.get(name)
        if memo is not None and memo[0] == moves and memo[1] is step:
            return cast(T, memo[2])
        value = make()
        memos[name] = (moves, step, value)
        return value

    def chance_outcomes(self) -> list[tuple[int, float]]:
        if self._offered() is not None:
            return list(self.game.odds[self.step.name])
        steps = self._awaiting()
        if steps is not None and self.effect is not None:
            outcomes = steps.chances(self.effect, self.zones)
        else:
            outcomes = self.chances()
        return self.game.encode_outcomes(self.step, outcomes)

    def sample_chance(self) -> int:
        """At an ``every`` step one ``Rng.below`` picks the outcome; elsewhere by the odds."""
        offered = self._offered()
        if offered is not None:
            return offered[self.rng.below(len(offered))]
        return super().sample_chance()

    def draw_chance(self, rng: Rng) -> int:
        """At an ``every`` step from the odds summed once; elsewhere as any state draws."""
        offered = self._offered()
        if offered is None:
            return super().draw_chance(rng)
        running, total = self.game.running_odds[self.step.name]
        return offered[rng.running_index(running, total)]

    def _apply(self, action: int, player: int) -> list[Event]:
        chosen = self.game.codec.decoded[action]
        self._applying = True
        try:
            if self.effect is None:
                return self.play(chosen, player)
            steps = self._awaiting()
            if steps is None:
                return self.play(chosen, player)
            self.effect, events = steps.play(self.effect, chosen, cast(ZoneHost, self))
            return events + self.resume()
        finally:
            self._applying = False

    def observation(self, player: int | None) -> Observation:
        return self.view(player).to_observation()


K = TypeVar("K", bound=Enum)

TaskHandler = Callable[[Any, int], "Step[Any] | None"]
"""Runs one agenda task for a seat: the step it waits at for a decision, or ``None``."""


class AgendaState(DeclaredState[N], Generic[N, K]):
    """A declared state whose turn is a queue of tasks ``(kind, seat)``, run in order until
    one waits at a step: the rules are a table of handlers, one per kind of task."""

    agenda: tuple[tuple[K, int], ...]
    pending: tuple[K, int] | None
    """The task waiting at the current step."""

    @abstractmethod
    def handlers(self) -> Mapping[K, TaskHandler]:
        """The game's handler of each kind of task."""

    @abstractmethod
    def over(self) -> Step[N]:
        """The step of a game with nothing left to do."""

    def proceed(self) -> None:
        """Run the agenda until a task waits for a decision (or the game is over)."""
        handlers = self.handlers()
        while self.agenda:
            task = self.agenda[0]
            self.agenda = self.agenda[1:]
            step = handlers[task[0]](self, task[1])
            if step is not None:
                self.pending = task
                self.step = step
                return
        self.pending = None
        self.step = self.over()

    def push(self, *tasks: tuple[K, int]) -> None:
        """Tasks to do next, before the rest of the agenda."""
        self.agenda = (*tasks, *self.agenda)
