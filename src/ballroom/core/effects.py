"""A small declarative language for card and Power abilities, compiled into the flow.

An ``Ability`` is data: when it triggers (a moment the game names, such as
``after-roll`` or ``revealed``; ``always`` for a standing rule), the
conditions under which it applies, and the operations it performs. Each
ability is written once, in a data file or in Python, and nowhere else.

Operations: ``Gain`` and ``Spend`` a resource, ``ModifyRoll``, ``ExtraStep``
(a step granted again), ``SetLimit`` (a standing rule, read with
``Effects.limit``), ``MoveAll`` between zones, ``Draw`` (one chance step per
card), ``Pick`` (the seat chooses cards of a zone), ``Offer`` (yes or no to a
sequence) and ``Choose`` (one of several). Conditions: ``AtLeast`` (a
quantity), ``Has`` (a flag, such as a trait) and ``Not``.

A ``Resolution`` runs an ability's operations against the game (a ``Host``:
its State) until one needs a decision; it then holds an ``Ask`` that the
game turns into a flow step: a choice for one seat, a pick of cards, or a
chance draw. The game answers it and runs on.

Secret moments (RULINGS 20): at a moment the game declares secret (a
Power's offer after a roll), every seat meets one choice step whether or
not it holds anything for it: its applicable offers and "no", asked again
after each use until it says "no", so that nobody learns from the flow what
it holds.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from enum import Enum
from typing import Any, ClassVar, Protocol

from ballroom.core.errors import EffectError, allowed_list
from ballroom.core.events import Event
from ballroom.core.zones import ZoneId, Zones

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
    key: ClassVar[str] = "spend"
    resource: str
    amount: int = 1


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
    """A standing rule: ``quantity``'s limit is ``value`` (a hand limit)."""

    key: ClassVar[str] = "set-limit"
    quantity: str
    value: int


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


Primitive = Gain | Spend | ModifyRoll | ExtraStep | MoveAll
"""Operations the game performs at once (``Host.perform``)."""
Operation = Primitive | SetLimit | Draw | Pick | Offer | Choose


@dataclass(frozen=True, slots=True)
class Ability:
    """One ability: its trigger, its conditions and its operations, as data."""

    name: str
    when: str
    do: tuple[Operation, ...]
    conditions: tuple[Condition, ...] = ()


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
class _Moment:
    """The pending step of a secret moment: the offers not yet used."""

    offers: tuple[tuple[str, Offer], ...]


@dataclass(frozen=True, slots=True)
class _Todo:
    ability: str
    operation: Operation | _Moment


@dataclass(frozen=True, slots=True)
class Resolution:
    """Effects being resolved for one seat: what is left, and the decision awaited if any."""

    seat: int
    todo: tuple[_Todo, ...]
    ask: Ask | None = None

    @property
    def done(self) -> bool:
        return not self.todo and self.ask is None

    def run(self, host: Host) -> tuple[Resolution, list[Event]]:
        """Perform operations until one needs a decision (then ``ask`` says which) or none is left."""
        events: list[Event] = []
        todo = list(self.todo)
        while todo:
            item = todo.pop(0)
            operation, source = item.operation, item.ability
            if isinstance(operation, _Moment):
                choices = [
                    label
                    for label, offer in operation.offers
                    if holds(host, self.seat, label, offer.conditions)
                ]
                ask = Ask(AskKind.CHOICE, self.seat, (*choices, NO))
                return Resolution(self.seat, (item, *todo), ask), events
            if isinstance(operation, Offer):
                ok = holds(host, self.seat, source, operation.conditions)
                ask = Ask(AskKind.CHOICE, self.seat, (operation.label, NO) if ok else (NO,))
                return Resolution(self.seat, (item, *todo), ask), events
            if isinstance(operation, Choose):
                labels = tuple(
                    option.label
                    for option in operation.options
                    if holds(host, self.seat, source, option.conditions)
                )
                if labels:
                    ask = Ask(AskKind.CHOICE, self.seat, labels)
                    return Resolution(self.seat, (item, *todo), ask), events
            elif isinstance(operation, Draw | Pick) and operation.count > 0:
                kind = AskKind.DRAW if isinstance(operation, Draw) else AskKind.PICK
                ask = Ask(kind, self.seat, (), operation.source, operation.to)
                return Resolution(self.seat, (item, *todo), ask), events
            elif isinstance(operation, Gain | Spend | ModifyRoll | ExtraStep | MoveAll):
                events += host.perform(self.seat, operation, source)
        return Resolution(self.seat, ()), events

    def answer(self, host: Host, choice: str | None = None) -> tuple[Resolution, list[Event]]:
        """Go on after the awaited decision: a label (or ``NO``) for a choice; for a pick or a
        draw, ``None`` once the game has moved the card. Then run on."""
        if self.ask is None:
            raise EffectError("no decision is awaited")
        item, rest = self.todo[0], self.todo[1:]
        operation = item.operation
        if self.ask.kind is not AskKind.CHOICE:
            assert isinstance(operation, Draw | Pick)
            left = dataclasses.replace(operation, count=operation.count - 1)
            return Resolution(self.seat, (_Todo(item.ability, left), *rest)).run(host)
        if choice not in self.ask.choices:
            raise EffectError(
                f"{choice!r} is not a choice now; allowed: {', '.join(self.ask.choices)}"
            )
        if isinstance(operation, _Moment):
            if choice == NO:
                return Resolution(self.seat, rest).run(host)
            chosen = dict(operation.offers)[choice]
            again = _Moment(tuple((label, o) for label, o in operation.offers if label != choice))
            queued = [_Todo(choice, op) for op in chosen.do]
            return Resolution(self.seat, (*queued, _Todo(item.ability, again), *rest)).run(host)
        if choice == NO:
            return Resolution(self.seat, rest).run(host)
        options = operation.options if isinstance(operation, Choose) else (operation,)
        assert isinstance(options, tuple)
        chosen_ops = next(o.do for o in options if isinstance(o, Offer) and o.label == choice)
        queued = [_Todo(item.ability, op) for op in chosen_ops]
        return Resolution(self.seat, (*queued, *rest)).run(host)


@dataclass(frozen=True, slots=True)
class Effects:
    """A game's abilities by name, and the moments it declares secret."""

    abilities: Mapping[str, Ability]
    secret: frozenset[str] = frozenset()

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
            for name in owned
            for op in self._get(name).do
            if self._get(name).when == ALWAYS
            and isinstance(op, SetLimit)
            and op.quantity == quantity
        ]
        return max(values, default=default)

    def trigger(self, when: str, seat: int, owned: Iterable[str], host: Host) -> Resolution:
        """What moment ``when`` sets off for ``seat``, which holds the abilities ``owned``.

        At a secret moment this is always one choice step (its offers and
        "no"); elsewhere, the operations of each owned ability of that moment
        whose conditions hold, in the order owned.
        """
        abilities = [self._get(name) for name in owned]
        mine = [a for a in abilities if a.when == when]
        if when in self.secret:
            offers = tuple((a.name, Offer(a.name, a.do, a.conditions)) for a in mine)
            return Resolution(seat, (_Todo(when, _Moment(offers)),))
        todo = tuple(
            _Todo(a.name, op)
            for a in mine
            if holds(host, seat, a.name, a.conditions)
            for op in a.do
        )
        return Resolution(seat, todo)

    def _get(self, name: str) -> Ability:
        try:
            return self.abilities[name]
        except KeyError:
            raise EffectError(
                f"unknown ability {name!r}; known: {allowed_list(sorted(self.abilities))}"
            ) from None


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
    for cls in (Gain, Spend, ModifyRoll, ExtraStep, SetLimit, MoveAll, Draw, Pick, Offer, Choose)
}


def parse_ability(data: Mapping[str, Any]) -> Ability:
    """An ability from plain data (a TOML table): ``name``, ``when``, ``if``, ``do``.

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
