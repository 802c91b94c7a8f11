"""A small declarative language for card and Power abilities, compiled into the flow.

An ``Ability`` is data: when it triggers (a moment the game names, such as
``after-roll`` or ``revealed``; ``always`` for a standing rule), the
conditions under which it applies, and the operations it performs. Each
ability is written once, in a data file or in Python, and nowhere else.

Operations: ``Gain`` and ``Spend`` a resource (``named``: the seat names
each card spent), ``ModifyRoll``, ``ExtraStep`` (a step granted again),
``MoveAll`` between zones, ``Draw`` (one chance step per card), ``Pick`` (the
seat chooses cards of a zone), ``Offer`` (yes or no to a sequence),
``Choose`` (one of several) and ``Act`` (a game's own operation, performed by
its Host). Standing rules, for the trigger ``always``: ``SetLimit`` (raises a
limit, read with ``Effects.limit``), ``CapLimit`` (caps it, whatever raises
it) and ``Grant`` (a permission); ``Effects.standing`` works out what a
seat's abilities make of them once, and a ``SetLimit`` or ``Grant`` says
what the table is told when its first use reveals it. Conditions: ``AtLeast`` (a
quantity), ``Has`` (a flag, such as a trait) and ``Not``.

``Effects.run`` performs a ``Resolution`` (the operations an ability set
off) against the game (a ``Host``: its State) until one needs a decision;
the resolution then holds an ``Ask`` that the game turns into a flow step:
a choice for one seat, a pick of cards, or a chance draw. The game answers
it with ``Effects.answer`` and runs on. A resolution is plain data that
names operations by where they are written, so a view can carry it.

``Effects.run_now`` sets off a moment and runs it to the end, for abilities
that ask nothing (gains, spends, a game's own acts): a game with no choice,
pick or draw in its abilities needs no ``EffectSteps``, no steps and no
action families for them. ``ZoneQuantities`` gives a Host the plain answers:
a quantity is the size of the zone of that name, and a flag is refused by
name (a game whose conditions read flags writes ``flag``).

In words: ``describe`` renders operations as English through a game's
``Vocabulary`` (what it calls its resources and zones, and the wording of its
own ``Act`` operations), so that a card's text on the page, the terminal and
the log come from one renderer; ``describe_done`` tells what a seat did
("Player 1 gains 2 Tribute"), ``describe_answer`` what an answer does.

Secret moments (RULINGS 20): at a moment the game declares secret (a
Power's offer after a roll), every seat meets one choice step whether or
not it holds anything for it: its applicable offers and "no", asked again
after each use until it says "no", so that nobody learns from the flow what
it holds.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from enum import Enum
from typing import Any, ClassVar, Generic, Protocol, TypeVar

from ballroom.core import words
from ballroom.core.actions import Action, Family
from ballroom.core.errors import EffectError, allowed_list
from ballroom.core.events import Event
from ballroom.core.flow import Step
from ballroom.core.zones import Visibility, ZoneId, Zones

N = TypeVar("N", bound=Enum)

ALWAYS = "always"
"""The trigger of a standing rule (a limit), read with ``Effects.limit``."""
NO = "no"
"""The answer that declines an offer, and ends a secret moment's step."""


# -- conditions ------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class AtLeast:
    """The seat's ``quantity`` (refreshments held, an agent's rank) is at least ``amount``."""

    quantity: str
    amount: int


@dataclass(frozen=True, slots=True)
class Has:
    """The seat (or the card whose ability it is) has ``flag`` (a trait, a marker)."""

    flag: str


@dataclass(frozen=True, slots=True)
class Not:
    condition: Condition


Condition = AtLeast | Has | Not


# -- operations ------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Gain:
    key: ClassVar[str] = "gain"
    resource: str
    amount: int = 1


@dataclass(frozen=True, slots=True)
class Spend:
    """``amount`` of ``resource`` spent; ``named``: the seat names each card it spends
    (The Dance's ``tactician ankh``), so the action that uses the ability carries it."""

    key: ClassVar[str] = "spend"
    resource: str
    amount: int = 1
    named: bool = False


@dataclass(frozen=True, slots=True)
class ModifyRoll:
    key: ClassVar[str] = "modify-roll"
    delta: int


@dataclass(frozen=True, slots=True)
class ExtraStep:
    """The step ``step`` is granted once more (a third Dance step, an extra action)."""

    key: ClassVar[str] = "extra-step"
    step: str


@dataclass(frozen=True, slots=True)
class SetLimit:
    """A standing rule: ``quantity``'s limit is ``value`` (a hand limit).

    ``shows`` is what the table is told when a seat first goes beyond the
    default because of it (``Standing.raiser``): the use reveals the ability.
    """

    key: ClassVar[str] = "set-limit"
    quantity: str
    value: int
    shows: str = ""


@dataclass(frozen=True, slots=True)
class MoveAll:
    """Every card of zone ``source`` onto zone ``to`` (the seat's own zone where it has one)."""

    key: ClassVar[str] = "move-all"
    source: str
    to: str


@dataclass(frozen=True, slots=True)
class Draw:
    """``count`` cards drawn from ``source`` onto ``to``: one chance step each."""

    key: ClassVar[str] = "draw"
    count: int
    source: str
    to: str


@dataclass(frozen=True, slots=True)
class Pick:
    """The seat picks ``count`` cards of ``source`` and moves them onto ``to``."""

    key: ClassVar[str] = "pick"
    count: int
    source: str
    to: str


@dataclass(frozen=True, slots=True)
class Offer:
    """Yes (label) or no to ``do``; "no" is the only choice where ``conditions`` fail."""

    key: ClassVar[str] = "offer"
    label: str
    do: tuple[Operation, ...]
    conditions: tuple[Condition, ...] = ()


@dataclass(frozen=True, slots=True)
class Choose:
    """One of ``options`` (each an ``Offer``: label, operations, conditions), compulsory."""

    key: ClassVar[str] = "choose"
    options: tuple[Offer, ...]


@dataclass(frozen=True, slots=True)
class Act:
    """A game's own operation, named and parametrised in its data and performed by its Host.

    The extension point for what a game's abilities do beyond the shared
    operations (Dominare places, removes and moves influence, steals,
    flips): ``name`` says which, ``amount``, ``target`` and ``where`` are its
    parameters, read by the game's ``perform``. A game that needs a decision
    for it (a block, a player) asks in its own flow.
    """

    key: ClassVar[str] = "act"
    name: str
    amount: int = 1
    target: str = ""
    where: str = ""


@dataclass(frozen=True, slots=True)
class CapLimit:
    """A standing rule that no raise overrides: ``quantity``'s limit is at most ``value``
    (Athletic: the Ankh adds nothing, Resourceful or not)."""

    key: ClassVar[str] = "cap-limit"
    quantity: str
    value: int


@dataclass(frozen=True, slots=True)
class Grant:
    """A standing permission ``flag`` (the Avatar passes through pieces), read with
    ``Standing.grants``; ``shows`` is what the table is told when it is first used."""

    key: ClassVar[str] = "grant"
    flag: str
    shows: str = ""


Primitive = Gain | Spend | ModifyRoll | ExtraStep | MoveAll | Act
"""Operations the game performs at once (``Host.perform``)."""
Operation = Primitive | SetLimit | Draw | Pick | Offer | Choose | CapLimit | Grant


@dataclass(frozen=True, slots=True)
class Ability:
    """One ability: its trigger, its conditions and its operations, as data."""

    name: str
    when: str
    do: tuple[Operation, ...]
    conditions: tuple[Condition, ...] = ()
    shows: str = ""
    """What the table is told when the ability first acts, revealing it (Discipline's
    "two Refreshments buy a second Influence marker"); empty where the game words it."""


class Host(Protocol):
    """What a game gives the effects engine: its quantities and flags, and primitive moves."""

    def quantity(self, seat: int, name: str, source: str) -> int:
        """``name`` for ``seat`` as ability ``source`` reads it (an agent's rank is its own)."""
        ...

    def flag(self, seat: int, name: str, source: str) -> bool: ...

    def perform(self, seat: int, operation: Primitive, source: str) -> list[Event]:
        """Carry out one primitive operation for ``seat`` and say what happened."""
        ...


def holds(host: Host, seat: int, source: str, conditions: Iterable[Condition]) -> bool:
    """Whether every condition holds for ``seat`` and the ability ``source``."""
    return all(_holds(host, seat, source, condition) for condition in conditions)


def _holds(host: Host, seat: int, source: str, condition: Condition) -> bool:
    if isinstance(condition, AtLeast):
        return host.quantity(seat, condition.quantity, source) >= condition.amount
    if isinstance(condition, Has):
        return host.flag(seat, condition.flag, source)
    return not _holds(host, seat, source, condition.condition)


# -- resolution ------------------------------------------------------------


class AskKind(Enum):
    """What a pending decision of an effect is, and so which flow step it becomes."""

    CHOICE = "choice"
    """The seat chooses among labels (``choices``), "no" among them for an offer."""
    PICK = "pick"
    """The seat picks one card of ``source`` onto ``to``."""
    DRAW = "draw"
    """Chance draws one card of ``source`` onto ``to``."""


@dataclass(frozen=True, slots=True)
class Ask:
    """A decision an effect waits for."""

    kind: AskKind
    seat: int
    choices: tuple[str, ...] = ()
    source: str = ""
    to: str = ""


@dataclass(frozen=True, slots=True)
class Todo:
    """One operation still to do: where it is written (an ability and a path into it).

    A secret moment's pending step is a ``Todo`` with ``moment`` set to the
    offers not yet used; a draw or pick in progress carries the ``count``
    left.
    """

    ability: str
    path: tuple[int, ...] = ()
    count: int | None = None
    moment: tuple[str, ...] | None = None


@dataclass(frozen=True, slots=True)
class Resolution:
    """Effects being resolved for one seat: what is left, and the decision awaited if any.

    Plain data that names operations by where they are written, so that a
    view may carry it (``ballroom.core.view`` converts it) and a game's
    ``determinize`` read it back.
    """

    seat: int
    todo: tuple[Todo, ...] = ()
    ask: Ask | None = None

    @property
    def done(self) -> bool:
        return not self.todo and self.ask is None


_OPEN_BELOW = -(1 << 62)
_OPEN_ABOVE = 1 << 62
"""The bounds of a limit that nothing raises, or nothing caps."""


@dataclass(frozen=True, slots=True)
class Standing:
    """What one seat's abilities make of the rules while it holds them: its limits, its
    grants, and its abilities by moment.

    Worked out once for each set of abilities (``Effects.standing``), so that
    a rule asks it with one lookup, however often it asks or the set changes.
    """

    limits: Mapping[str, tuple[int, int]]
    """Each limited quantity's bounds: the highest raise and the lowest cap (either open)."""
    raised: Mapping[str, tuple[tuple[int, str, str], ...]]
    """Each quantity's raises: (value, ability, what shows it), least first."""
    granted: Mapping[str, tuple[str, str]]
    """Each granted flag: (ability, what shows it)."""
    moments: Mapping[str, tuple[Ability, ...]]
    """The abilities of each moment but ``always``, in the order the seat holds them."""

    def limit(self, quantity: str, default: int) -> int:
        """``quantity``'s limit: the highest of ``default`` and every raise, but no more
        than any cap."""
        bounds = self.limits.get(quantity)
        if bounds is None:
            return default
        raised, cap = bounds
        value = raised if raised > default else default
        return cap if value > cap else value

    def raiser(self, quantity: str, used: int, default: int) -> tuple[str, str] | None:
        """The ability that a use of ``used`` needs, and what shows it: the least raise that
        allows it; ``None`` where ``default`` allows it (or no raise does)."""
        if used <= default:
            return None
        for value, ability, shows in self.raised.get(quantity, ()):
            if used <= value:
                return ability, shows
        return None

    def grants(self, flag: str) -> bool:
        return flag in self.granted

    def granter(self, flag: str) -> tuple[str, str] | None:
        """The ability that grants ``flag``, and what shows it; ``None`` where none does."""
        return self.granted.get(flag)


@dataclass(frozen=True, slots=True)
class Effects:
    """A game's abilities by name, the moments it declares secret, and how they resolve."""

    abilities: Mapping[str, Ability]
    secret: frozenset[str] = frozenset()
    _standings: dict[tuple[str, ...], Standing] = dataclasses.field(
        default_factory=dict, init=False, repr=False, compare=False
    )
    """Each set of abilities' standing rules once worked out: a seat's Powers change
    often (in search, at every kept or drawn card) but come from few sets."""

    @classmethod
    def of(cls, abilities: Iterable[Ability], secret: Iterable[str] = ()) -> Effects:
        table: dict[str, Ability] = {}
        for ability in abilities:
            if ability.name in table:
                raise EffectError(f"ability {ability.name!r} is written twice")
            table[ability.name] = ability
        return cls(table, frozenset(secret))

    def labels(self) -> tuple[str, ...]:
        """Every label a choice may offer, "no" first: the values of a game's choice parameter."""
        found: list[str] = [NO]

        def add(operations: Iterable[Operation]) -> None:
            for op in operations:
                if isinstance(op, Offer):
                    found.append(op.label)
                    add(op.do)
                elif isinstance(op, Choose):
                    add(op.options)

        for ability in self.abilities.values():
            if ability.when in self.secret:
                found.append(ability.name)
            add(ability.do)
        return tuple(dict.fromkeys(found))

    def limit(self, owned: Iterable[str], quantity: str, default: int) -> int:
        """The limit of ``quantity`` under the standing abilities in ``owned`` (the highest)."""
        values = [
            op.value
            for ability in map(self._get, owned)
            if ability.when == ALWAYS
            for op in ability.do
            if isinstance(op, SetLimit) and op.quantity == quantity
        ]
        return max(values, default=default)

    def standing(self, owned: Iterable[str]) -> Standing:
        """The standing rules of a seat that holds the abilities ``owned`` (shared: read only)."""
        key = tuple(owned)
        found = self._standings.get(key)
        if found is None:
            found = self._standings[key] = self._work_out_standing(key)
        return found

    def _work_out_standing(self, owned: tuple[str, ...]) -> Standing:
        raised: dict[str, list[tuple[int, str, str]]] = {}
        capped: dict[str, int] = {}
        granted: dict[str, tuple[str, str]] = {}
        moments: dict[str, list[Ability]] = {}
        for ability in map(self._get, owned):
            if ability.when != ALWAYS:
                moments.setdefault(ability.when, []).append(ability)
                continue
            for op in ability.do:
                if isinstance(op, SetLimit):
                    raised.setdefault(op.quantity, []).append((op.value, ability.name, op.shows))
                elif isinstance(op, CapLimit):
                    capped[op.quantity] = min(op.value, capped.get(op.quantity, op.value))
                elif isinstance(op, Grant):
                    granted.setdefault(op.flag, (ability.name, op.shows))
        limits = {
            quantity: (
                max((value for value, _, _ in raised.get(quantity, ())), default=_OPEN_BELOW),
                capped.get(quantity, _OPEN_ABOVE),
            )
            for quantity in (*raised, *capped)
        }
        return Standing(
            limits,
            {quantity: tuple(sorted(raises)) for quantity, raises in raised.items()},
            granted,
            {moment: tuple(abilities) for moment, abilities in moments.items()},
        )

    def trigger(self, when: str, seat: int, owned: Iterable[str], host: Host) -> Resolution:
        """What moment ``when`` sets off for ``seat``, which holds the abilities ``owned``.

        At a secret moment this is always one choice step (its offers and
        "no"); elsewhere, the operations of each owned ability of that moment
        whose conditions hold, in the order owned. ``run`` it to go on.
        """
        mine = [a for a in map(self._get, owned) if a.when == when]
        if when in self.secret:
            return Resolution(seat, (Todo(when, moment=tuple(a.name for a in mine)),))
        todo = tuple(
            Todo(a.name, (index,))
            for a in mine
            if holds(host, seat, a.name, a.conditions)
            for index in range(len(a.do))
        )
        return Resolution(seat, todo)

    def run(self, resolution: Resolution, host: Host) -> tuple[Resolution, list[Event]]:
        """Perform operations until one needs a decision (``ask`` says which) or none is left."""
        seat = resolution.seat
        events: list[Event] = []
        todo = list(resolution.todo)
        while todo:
            item = todo[0]
            ask = self._ask(item, seat, host)
            if ask is not None:
                if ask.kind is not AskKind.CHOICE and item.count is None:
                    operation = self.operation(item)
                    assert isinstance(operation, Draw | Pick)
                    item = Todo(item.ability, item.path, operation.count)
                return Resolution(seat, (item, *todo[1:]), ask), events
            if item.moment is None:
                operation = self.operation(item)
                if isinstance(operation, Gain | Spend | ModifyRoll | ExtraStep | MoveAll | Act):
                    events += host.perform(seat, operation, item.ability)
            todo.pop(0)
        return Resolution(seat), events

    def run_now(self, when: str, seat: int, owned: Iterable[str], host: Host) -> list[Event]:
        """Set off ``when`` for ``seat`` and run it to the end: for abilities that ask
        nothing. One that waits for a decision is refused, naming it, since only a game
        with ``EffectSteps`` can put the decision to a seat."""
        resolution, events = self.run(self.trigger(when, seat, owned, host), host)
        if resolution.ask is not None:
            ability = resolution.todo[0].ability if resolution.todo else when
            raise EffectError(
                f"ability {ability!r} waits for a {resolution.ask.kind.value} at {when!r}; "
                "a game whose abilities ask declares EffectSteps and runs them with resume()"
            )
        return events

    def _ask(self, item: Todo, seat: int, host: Host) -> Ask | None:
        """The decision ``item`` waits for, if any (a choice nothing satisfies has none)."""
        if item.moment is not None:
            offers = [n for n in item.moment if holds(host, seat, n, self._get(n).conditions)]
            return Ask(AskKind.CHOICE, seat, (*offers, NO))
        operation = self.operation(item)
        if isinstance(operation, Offer):
            ok = holds(host, seat, item.ability, operation.conditions)
            return Ask(AskKind.CHOICE, seat, (operation.label, NO) if ok else (NO,))
        if isinstance(operation, Choose):
            labels = tuple(
                option.label
                for option in operation.options
                if holds(host, seat, item.ability, option.conditions)
            )
            return Ask(AskKind.CHOICE, seat, labels) if labels else None
        if isinstance(operation, Draw | Pick):
            left = operation.count if item.count is None else item.count
            kind = AskKind.DRAW if isinstance(operation, Draw) else AskKind.PICK
            return Ask(kind, seat, (), operation.source, operation.to) if left > 0 else None
        return None

    def answer(
        self, resolution: Resolution, host: Host, choice: str | None = None
    ) -> tuple[Resolution, list[Event]]:
        """Go on after the awaited decision: a label (or ``NO``) for a choice; for a pick or a
        draw, ``None`` once the game has moved the card. Then run on."""
        ask = _awaited(resolution)
        item, rest = resolution.todo[0], resolution.todo[1:]
        seat = resolution.seat
        if ask.kind is not AskKind.CHOICE:
            left = Todo(item.ability, item.path, (item.count or 1) - 1)
            return self.run(Resolution(seat, (left, *rest)), host)
        if choice not in ask.choices:
            allowed = ", ".join(ask.choices)
            raise EffectError(f"{choice!r} is not a choice now; allowed: {allowed}")
        if choice == NO:
            return self.run(Resolution(seat, rest), host)
        if item.moment is not None:
            chosen = self._get(choice)
            again = Todo(item.ability, moment=tuple(n for n in item.moment if n != choice))
            queued = [Todo(choice, (index,)) for index in range(len(chosen.do))]
            return self.run(Resolution(seat, (*queued, again, *rest)), host)
        operation = self.operation(item)
        if isinstance(operation, Choose):
            index = next(i for i, o in enumerate(operation.options) if o.label == choice)
            base, ops = (*item.path, index), operation.options[index].do
        else:
            base, ops = item.path, self._offer(item).do
        queued = [Todo(item.ability, (*base, i)) for i in range(len(ops))]
        return self.run(Resolution(seat, (*queued, *rest)), host)

    def operation(self, item: Todo) -> Operation:
        """The operation a ``Todo`` names (a path through offers and a choice's options)."""
        operations: Sequence[Operation] = self._get(item.ability).do
        found: Operation | None = None
        for index in item.path:
            if found is not None:
                operations = found.do if isinstance(found, Offer) else _options(found)
            found = operations[index]
        if found is None:
            raise EffectError(f"{item} names no operation")
        return found

    def _offer(self, item: Todo) -> Offer:
        found = self.operation(item)
        assert isinstance(found, Offer)
        return found

    def _get(self, name: str) -> Ability:
        try:
            return self.abilities[name]
        except KeyError:
            raise EffectError(
                f"unknown ability {name!r}; known: {allowed_list(sorted(self.abilities))}"
            ) from None


def _options(operation: Operation) -> tuple[Offer, ...]:
    if not isinstance(operation, Choose):
        raise EffectError(f"{operation} holds no operations")
    return operation.options


# -- in words ---------------------------------------------------------------


ActWording = Callable[[Act], str]
"""How a game words one of its own operations (``Act``): "place 3 influence in the Swamp"."""


@dataclass(frozen=True, slots=True)
class Vocabulary:
    """What a game calls the things its abilities name, so that one renderer words every
    game's abilities: the page's card text, the terminal and the log read the same.

    ``nouns``: a resource, zone, quantity or flag id to its name as a player reads
    it ("gold-coin" -> "Gold Coin"; an id without one is titled from its words).
    ``gain``: the verb of ``Gain`` ("take" a Gold Coin, "gain" crowns). ``acts``:
    the wording of each of the game's own operations by name; ``gains``: those of
    resources that read otherwise.
    """

    nouns: Mapping[str, str] = dataclasses.field(default_factory=dict)
    gain: str = "gain"
    acts: Mapping[str, ActWording] = dataclasses.field(default_factory=dict)
    gains: Mapping[str, Callable[[int], str]] = dataclasses.field(default_factory=dict)
    """A resource that is not simply gained or spent, worded from the signed amount
    ("add 2 Blood to the Blood Pool", "take the Initiative")."""

    def noun(self, name: str) -> str:
        return self.nouns.get(name) or words.titled(name)

    def amount(self, amount: int, name: str) -> str:
        """``amount`` of the thing ``name`` in words: "1 Gold Coin", "2 crowns"."""
        return words.count(amount, self.noun(name))


class ZoneHost(Host, Protocol):
    """A Host whose cards lie in ``zones`` (the effects' draws and picks move them)."""

    zones: Zones


class ZoneQuantities:
    """A Host's plain answers, for a state with ``zones``: a quantity is the size of the
    zone of that name (the seat's own where it has one); a flag is refused by name."""

    zones: Zones

    def quantity(self, seat: int, name: str, source: str) -> int:
        for zone_id in (ZoneId(name, seat), ZoneId(name)):
            if zone_id in self.zones.zones:
                return self.zones.zones[zone_id].size
        names = sorted({zone_id.name for zone_id in self.zones.zones})
        raise EffectError(
            f"ability {source!r} reads {name!r}, which is no zone ({allowed_list(names)}) "
            "and no quantity of the game's own (it writes quantity() for those)"
        )

    def flag(self, seat: int, name: str, source: str) -> bool:
        raise EffectError(
            f"ability {source!r} reads the flag {name!r}, but the game reads no flags "
            "(it writes flag() for those)"
        )


@dataclass(frozen=True, slots=True)
class EffectSteps(Generic[N]):
    """How a game's flow meets its effects: the step each kind of ``Ask`` becomes, and the
    action families that answer it (``answer`` takes a label of ``Effects.labels()``,
    ``card`` a card id)."""

    effects: Effects
    choose: N
    draw: N
    answer: Family
    card: Family
    pick: N | None = None
    """``None`` for a game whose abilities never pick a card."""
    vocabulary: Vocabulary = Vocabulary()
    """What the game calls its zones, for the log's "drawn into Player 2's hand"."""

    def step(self, resolution: Resolution) -> Step[N] | None:
        """The flow step the resolution waits at; ``None`` when it waits for nothing."""
        ask = resolution.ask
        if ask is None:
            return None
        if ask.kind is AskKind.DRAW:
            return Step.chance(self.draw)
        if ask.kind is AskKind.CHOICE:
            return Step.seat(self.choose, ask.seat)
        if self.pick is None:
            raise EffectError("an ability picks a card, but the game declares no pick step")
        return Step.seat(self.pick, ask.seat)

    def choices(self, resolution: Resolution, zones: Zones) -> list[Action]:
        """The seat's actions at a choice (its answers) or a pick (the cards it may take)."""
        ask = _awaited(resolution)
        if ask.kind is AskKind.CHOICE:
            return [self.answer(choice) for choice in ask.choices]
        return [self.card(card) for card in zones[place(zones, ask.source, ask.seat)].cards]

    def chances(self, resolution: Resolution, zones: Zones) -> list[tuple[Action, float]]:
        """The cards a draw may bring, equally likely."""
        ask = _awaited(resolution)
        pile = place(zones, ask.source, ask.seat)
        return [(self.card(card), p) for card, p in zones.draw_outcomes(pile)]

    def play(
        self, resolution: Resolution, action: Action, host: ZoneHost
    ) -> tuple[Resolution, list[Event]]:
        """Answer the awaited decision with ``action`` (moving a drawn or picked card), run on."""
        ask = _awaited(resolution)
        if ask.kind is AskKind.CHOICE:
            return self.effects.answer(resolution, host, action.values[0])
        card, target = action.values[0], place(host.zones, ask.to, ask.seat)
        host.zones = host.zones.move(card, target)
        verb = "drawn" if ask.kind is AskKind.DRAW else "picked"
        onto = zone_words(target, self.vocabulary)
        named = f"{action.family.params[0].text(card)} is {verb} into {onto}"
        zone = host.zones[target]
        if zone.visibility is Visibility.EVERYONE:
            told = [Event(verb, f"The {named}.", {"zone": str(target), "card": card})]
        else:
            seers = frozenset(s for s in range(host.zones.seats) if zone.visible_to(s))
            told = [
                Event(verb, f"A card is {verb} into {onto}.", {"zone": str(target)}),
                Event(verb, f"The {named}.", {"card": card}, audience=seers),
            ]
        resolution, events = self.effects.answer(resolution, host)
        return resolution, told + events


def zone_words(zone: ZoneId, vocabulary: Vocabulary) -> str:
    """A zone as the log names it: "the discard pile", "Player 2's hand" (seats by their
    number, as ``Game.player_name`` names them unless a game says otherwise)."""
    noun = vocabulary.nouns.get(zone.name, zone.name.replace("-", " "))
    return f"the {noun}" if zone.owner is None else f"Player {zone.owner + 1}'s {noun}"


def _awaited(resolution: Resolution) -> Ask:
    if resolution.ask is None:
        raise EffectError("no decision is awaited")
    return resolution.ask


def place(zones: Zones, name: str, seat: int) -> ZoneId:
    """The zone an effect's zone name means for ``seat``: its own if it has one, else the shared."""
    own = ZoneId(name, seat)
    return own if own in zones.zones else zones[ZoneId(name)].id


def move_all(zones: Zones, operation: MoveAll, seat: int) -> Zones:
    """Perform ``MoveAll`` on ``zones`` for ``seat`` (a game's ``perform`` calls this)."""
    return zones.pass_all({place(zones, operation.source, seat): place(zones, operation.to, seat)})


# -- abilities as data -----------------------------------------------------

_OPERATIONS: dict[str, type[Any]] = {
    cls.key: cls
    for cls in (
        Gain,
        Spend,
        ModifyRoll,
        ExtraStep,
        SetLimit,
        MoveAll,
        Draw,
        Pick,
        Offer,
        Choose,
        Act,
        CapLimit,
        Grant,
    )
}


def parse_ability(data: Mapping[str, Any]) -> Ability:
    """An ability from plain data (a TOML table): ``name``, ``when``, ``if``, ``do``, ``shows``.

    An operation is a table whose first key names it and holds its first
    field (``{gain = "crowns", amount = 2}``, ``{modify-roll = -1}``); a
    condition is text: ``refreshments >= 1``, ``scholar``, ``not foiled``.
    """
    name = data.get("name")
    try:
        return Ability(
            name=str(data["name"]),
            when=str(data["when"]),
            do=tuple(parse_operation(op) for op in data.get("do", ())),
            conditions=tuple(parse_condition(text) for text in data.get("if", ())),
            shows=str(data.get("shows", "")),
        )
    except KeyError as error:
        raise EffectError(f"ability {name!r} needs {error.args[0]!r}") from None


def parse_condition(text: str) -> Condition:
    words = text.split()
    if words[:1] == ["not"]:
        return Not(parse_condition(" ".join(words[1:])))
    if len(words) == 3 and words[1] == ">=" and words[2].lstrip("-").isdigit():
        return AtLeast(words[0], int(words[2]))
    if len(words) == 1:
        return Has(words[0])
    raise EffectError(f"condition {text!r} must read 'quantity >= n', 'flag' or 'not ...'")


def parse_operation(data: Mapping[str, Any]) -> Operation:
    if not data:
        raise EffectError("an operation must name itself")
    key = next(iter(data))
    kind = _OPERATIONS.get(key)
    if kind is None:
        raise EffectError(f"unknown operation {key!r}; allowed: {', '.join(sorted(_OPERATIONS))}")
    fields = list(dataclasses.fields(kind))
    values: dict[str, Any] = {fields[0].name: data[key]}
    for other, value in data.items():
        if other == key:
            continue
        names = [f.name for f in fields]
        if other not in names and other not in ("if", "from"):
            raise EffectError(f"operation {key!r} has no {other!r}; it takes {', '.join(names)}")
        values[{"if": "conditions", "from": "source"}.get(other, other)] = value
    if kind is Offer:
        values["do"] = tuple(parse_operation(op) for op in values.get("do", ()))
        values["conditions"] = tuple(parse_condition(c) for c in values.get("conditions", ()))
    if kind is Choose:
        values["options"] = tuple(
            parse_operation(
                {"offer": option.get("label"), **{k: v for k, v in option.items() if k != "label"}}
            )
            for option in values["options"]
        )
    try:
        operation: Operation = kind(**values)
    except TypeError as error:
        raise EffectError(f"operation {key!r}: {error}") from None
    return operation


def parse_abilities(tables: Sequence[Mapping[str, Any]]) -> list[Ability]:
    """Every ability of a data file's list of tables."""
    return [parse_ability(table) for table in tables]


# -- abilities in words ----------------------------------------------------


def describe(operations: Iterable[Operation], vocabulary: Vocabulary) -> str:
    """Operations as one English clause, in the order they happen ("gain 3 crowns, then
    remove up to 2 influence from a block of the Merchant Quarter"); the same operation
    again and again is said once, with how many times ("..., five times")."""
    clauses: list[str] = []
    repeats: list[int] = []
    for op in operations:
        clause = describe_operation(op, vocabulary)
        if clauses and clauses[-1] == clause:
            repeats[-1] += 1
        else:
            clauses.append(clause)
            repeats.append(1)
    return ", then ".join(
        clause if times == 1 else f"{clause}, {words.times(times)}"
        for clause, times in zip(clauses, repeats, strict=True)
    )


def describe_ability(ability: Ability, vocabulary: Vocabulary) -> str:
    """An ability as a sentence: its conditions, then its operations."""
    does = describe(ability.do, vocabulary)
    if ability.conditions:
        does = f"{describe_conditions(ability.conditions, vocabulary)}: {does}"
    return f"{words.capital(does)}."


def describe_conditions(conditions: Iterable[Condition], vocabulary: Vocabulary) -> str:
    return "if " + words.listing(_condition(c, vocabulary) for c in conditions)


def _condition(condition: Condition, vocabulary: Vocabulary) -> str:
    if isinstance(condition, AtLeast):
        return f"you have at least {vocabulary.amount(condition.amount, condition.quantity)}"
    if isinstance(condition, Has):
        return f"you are {vocabulary.noun(condition.flag)}"
    return f"not {_condition(condition.condition, vocabulary)}"


def describe_operation(operation: Operation, vocabulary: Vocabulary) -> str:
    """One operation as a clause of English ("take 1 Gold Coin", "add 1 to the roll")."""
    v = vocabulary
    if isinstance(operation, Act):
        wording = v.acts.get(operation.name)
        return wording(operation) if wording else f"{v.noun(operation.name)} {operation.amount}"
    if isinstance(operation, Gain | Spend) and operation.resource in v.gains:
        sign = 1 if isinstance(operation, Gain) else -1
        return v.gains[operation.resource](sign * operation.amount)
    if isinstance(operation, Gain):
        if operation.amount < 0:
            return f"lose {v.amount(-operation.amount, operation.resource)}"
        return f"{v.gain} {v.amount(operation.amount, operation.resource)}"
    if isinstance(operation, Spend):
        chosen = " of your choice" if operation.named else ""
        return f"spend {v.amount(operation.amount, operation.resource)}{chosen}"
    if isinstance(operation, ModifyRoll):
        if operation.delta >= 0:
            return f"add {operation.delta} to the roll"
        return f"take {-operation.delta} from the roll"
    if isinstance(operation, ExtraStep):
        return f"take one more {v.noun(operation.step)}"
    if isinstance(operation, SetLimit):
        return f"your {v.noun(operation.quantity)} limit is {operation.value}"
    if isinstance(operation, CapLimit):
        return f"your {v.noun(operation.quantity)} limit is at most {operation.value}"
    if isinstance(operation, Grant):
        return f"you may {v.noun(operation.flag)}"
    if isinstance(operation, MoveAll):
        return f"move every card of the {v.noun(operation.source)} to the {v.noun(operation.to)}"
    if isinstance(operation, Draw):
        cards = words.count(operation.count, "card")
        return f"draw {cards} from the {v.noun(operation.source)}"
    if isinstance(operation, Pick):
        cards = words.count(operation.count, "card")
        return f"pick {cards} of the {v.noun(operation.source)}"
    if isinstance(operation, Offer):
        clause = f"you may {describe(operation.do, v)}"
        if operation.conditions:
            clause = f"{describe_conditions(operation.conditions, v)}, {clause}"
        return clause
    options = [describe(option.do, v) for option in operation.options]
    return f"choose one: {words.listing(options, 'or')}"


def describe_done(who: str, operation: Operation, vocabulary: Vocabulary) -> str:
    """What a seat's ability did, as the log tells it: "Player 1 gains 2 Tribute"."""
    return words.told(who, describe_operation(operation, vocabulary))


def describe_answer(effects: Effects, label: str, vocabulary: Vocabulary) -> str:
    """An answer to an ability's choice in words, as its button says it: "No", or what
    the offer, option or ability it names does ("Spend 1 point, then draw 1 card")."""
    if label == NO:
        return "No"
    if label in effects.abilities and effects.abilities[label].when in effects.secret:
        return words.capital(describe(effects.abilities[label].do, vocabulary))
    for ability in effects.abilities.values():
        for offer in _offers(ability.do):
            if offer.label == label:
                return words.capital(describe(offer.do, vocabulary))
    return words.titled(label)


def _offers(operations: Iterable[Operation]) -> Iterable[Offer]:
    for operation in operations:
        if isinstance(operation, Offer):
            yield operation
            yield from _offers(operation.do)
        elif isinstance(operation, Choose):
            yield from _offers(operation.options)
