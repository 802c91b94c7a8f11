"""Vampire's Harvest's components, read from the TOML files in ``data/`` and checked.

The rulebook names its cards and tracks but prints neither the cards nor the
Skill board, so every file is a reconstruction (RULINGS: Vampire's Harvest 6
and 8) that an owner of the game may replace: a file in
``$BALLROOM_DATA/vampires-harvest/`` replaces the shipped file of its name.
The loader (``ballroom.core.components``) refuses a wrong value naming the
file, the key path, what it found and what is allowed.

Every card of the game has one id (its index in ``Catalog.cards``), whatever
its deck: zones, actions and views name cards by it. Card abilities (a
reward, an Event, a Bloodstone, a Trainer Skill) are operations of
``ballroom.core.effects``, each written once in the data; ``Catalog.effects``
holds them all by ability name.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path
from typing import Annotated, Any

from ballroom.core import effects as fx
from ballroom.core.components import (
    DataFiles,
    Default,
    EnumOf,
    Int,
    ListOf,
    Raw,
    Spec,
    Table,
    Text,
    Value,
    Where,
    fields_of,
    numbered,
    unique,
)
from ballroom.core.errors import ComponentError, EffectError
from ballroom.core.terms import Term

GAME_ID = "vampires-harvest"
DATA_DIR = Path(__file__).parent / "data"
LEVELS = 6
"""Skill levels 0 to 5."""
MAX_LEVEL = LEVELS - 1


class Deck(Term):
    """Where a card belongs: its deck (and so its discard pile)."""

    EARLY = "early"
    LATE = "late"
    EVENT = "event"
    SEDUCTION = "seduction"
    BLOODSTONE = "bloodstone"
    TRAINER = "trainer"


class Kind(Term):
    """The three kinds of Opportunity."""

    TRIBUTE = "tribute"
    SLAY = "slay"
    SEDUCE = "seduce"


class Lasts(Term):
    """How long an Event's effect lasts."""

    ONE_TIME = "one-time"
    TURN = "turn"


class Moment(Term):
    """The moments a Bloodstone may be played at."""

    PREPARE = "prepare"
    TRIBUTE = "tribute"
    SLAY = "slay"
    SEDUCE = "seduce"


RESOURCES = (
    "tribute",
    "slayer",
    "seduction",
    "blood",
    "skill-points",
    "bloodstone",
    "pool",
    "initiative",
    "fight-dice",
    "fight-hits",
    "tribute-discount",
    "seduce-draw",
    "seduce-keep",
)
"""What an operation may gain or spend."""
MODIFIERS = (
    "harvest-bonus",
    "enemy-strength",
    "speed-dice",
    "hit-number",
    "tribute-cost",
    "seduce-draw",
    "seduce-keep",
    "reroll-cost",
)
"""What an Event for the turn or a Trainer Skill may modify (``set-limit``)."""
FLAGS = ("initiative-locked",)
"""What a condition may test besides a resource (``quantity >= n``)."""


@dataclass(frozen=True, slots=True)
class Card:
    """One physical card: its deck, its name, its action text, and its ability if any.

    ``kind``, ``cost`` and ``strength`` are an Opportunity's; ``success`` a
    Seduction card's; ``lasts`` and ``closes`` an Event's; ``moment`` a
    Bloodstone's; ``cost`` also a Trainer Skill's (in Skill Points).
    """

    deck: Deck
    name: str
    text: str
    ability: str | None = None
    kind: Kind | None = None
    cost: int = 0
    strength: int = 0
    success: bool = False
    lasts: Lasts | None = None
    closes: int | None = None
    moment: Moment | None = None
    says: str = ""


@dataclass(frozen=True, slots=True)
class SkillTables:
    """The Skill board: each skill's values by level 0-5 (RULINGS 6)."""

    harvest_bonus: tuple[int, ...]
    speed_dice: tuple[int, ...]
    hit: tuple[int, ...]
    fury_from: int
    fury_activation: tuple[int, ...]
    fury_reroll: tuple[int, ...]
    ones_rerollable_from: int
    sixes_critical_from: int
    critical_hits: int
    glamour_draw: tuple[int, ...]
    glamour_keep: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class Catalog:
    """Every card, the Skill board, and the card abilities by name."""

    cards: tuple[Card, ...]
    skills: SkillTables
    effects: fx.Effects
    _decks: dict[Deck, tuple[int, ...]] = field(init=False, repr=False, compare=False)
    """Each deck's card ids, sorted out once: every new game and every world a search
    deals asks for them."""

    def __post_init__(self) -> None:
        decks: dict[Deck, tuple[int, ...]] = {
            deck: tuple(i for i, card in enumerate(self.cards) if card.deck is deck)
            for deck in Deck
        }
        object.__setattr__(self, "_decks", decks)

    def deck(self, deck: Deck) -> tuple[int, ...]:
        """The ids of the cards of ``deck``."""
        return self._decks[deck]

    @property
    def texts(self) -> tuple[str, ...]:
        return tuple(card.text for card in self.cards)

    @property
    def max_dice(self) -> int:
        """The most combat dice a fight may roll: top Speed, the Event that adds most (one is
        in play at a time), and every Trainer Skill and Bloodstone that adds dice (one player
        may take them all, and hold and play them all in one fight)."""
        event = 0
        others = 0
        for card in self.cards:
            if card.ability is None:
                continue
            added = sum(
                op.amount
                if isinstance(op, fx.Gain) and op.resource == "fight-dice"
                else op.value
                if isinstance(op, fx.SetLimit) and op.quantity == "speed-dice"
                else 0
                for op in self.effects.abilities[card.ability].do
            )
            if card.deck is Deck.EVENT:
                event = max(event, added)
            else:
                others += max(0, added)
        return max(self.skills.speed_dice) + event + others


@dataclass(frozen=True, slots=True)
class Levels(Spec[tuple[int, ...]]):
    """A value per Skill level 0-5."""

    low: int = 0
    high: int = 20

    def describe(self) -> str:
        return f"a list of exactly {LEVELS} integers from {self.low} to {self.high}, one per level"

    def read(self, value: Value) -> tuple[int, ...]:
        return ListOf(Int(self.low, self.high), "level", LEVELS, LEVELS).read(value)


Name = Annotated[str, Text(40)]
Says = Annotated[str, Text(200)]
Count = Annotated[int, Int(1, 20)]
Operations = Annotated[Value, Raw()]
"""A card's operations as written, checked by ``_operations`` for what its kind allows."""


@dataclass(frozen=True, slots=True)
class OpportunityEntry:
    """An Opportunity as its file writes it: a Tribute's cost, a Slay's strength."""

    name: Name
    kind: Kind
    reward: Operations
    count: Count = 1
    cost: Annotated[int | None, Int(1, 40)] = None
    strength: Annotated[int | None, Int(1, 20)] = None


@dataclass(frozen=True, slots=True)
class EventEntry:
    name: Name
    lasts: Lasts
    text: Says
    do: Annotated[Value | None, Raw()] = None
    closes: Annotated[int | None, Int(1, 2)] = None
    count: Count = 1


@dataclass(frozen=True, slots=True)
class SeductionEntry:
    name: Name
    success: bool
    count: Count = 1


@dataclass(frozen=True, slots=True)
class TrainerEntry:
    name: Name
    cost: Annotated[int, Int(1, 20)]
    text: Says
    do: Operations


def _operations(value: Value, allowed: Sequence[str], what: str) -> tuple[fx.Operation, ...]:
    """A card's operations, each checked: a known operation on a resource ``allowed``."""
    found: list[fx.Operation] = []
    for entry in value.entries("operation"):
        if not isinstance(entry.raw, dict):
            raise entry.wrong('a table such as {gain = "blood", amount = 2}')
        try:
            operation = fx.parse_operation(entry.raw)
        except EffectError as error:
            raise entry.where.error(str(error)) from None
        if isinstance(operation, fx.Gain | fx.Spend):
            name, ok = operation.resource, operation.resource in allowed
            amount_ok = isinstance(operation.amount, int) and operation.amount >= 1
        elif isinstance(operation, fx.SetLimit):
            name, ok, amount_ok = operation.quantity, operation.quantity in allowed, True
        else:
            raise entry.where.error(f"{what} may only use gain, spend or set-limit")
        if not ok:
            raise entry.where.error(f"{name!r} is not one of {', '.join(allowed)}")
        if not amount_ok:
            raise entry.where.error("an amount must be an integer of at least 1")
        found.append(operation)
    return tuple(found)


def _conditions(value: Value) -> tuple[fx.Condition, ...]:
    texts = value.read(Default(ListOf(Text(), "condition"), ()))
    conditions = []
    for text in texts:
        try:
            condition = fx.parse_condition(text)
        except EffectError as error:
            raise value.where.error(str(error)) from None
        conditions.append(condition)
    return tuple(conditions)


def _copies(deck: Deck, name: str, count: int, **fields: Any) -> list[Card]:
    """``count`` copies of one card (texts numbered when there are several)."""
    return [Card(deck, name, text, **fields) for text in numbered(name, count)]


def _opportunities(table: Table, deck: Deck, abilities: list[fx.Ability]) -> list[Card]:
    cards: list[Card] = []
    for entry in table.records(deck.value, f"{deck.value} opportunity"):
        card = entry.record(OpportunityEntry)
        for key, kind, number in (
            ("cost", Kind.TRIBUTE, card.cost),
            ("strength", Kind.SLAY, card.strength),
        ):
            if card.kind is kind and number is None:
                raise entry.value(key).wrong(fields_of(OpportunityEntry)[key].describe())
            if card.kind is not kind and number is not None:
                raise entry.where.at(key).error(
                    f"only a {kind.value.capitalize()} Opportunity has a {key}"
                )
        ability = f"reward: {card.name}"
        reward = _operations(card.reward, RESOURCES[:6], "a reward")
        if not any(isinstance(op, fx.Gain) and op.resource in RESOURCES[:3] for op in reward):
            raise entry.where.at("reward").error("a reward must gain points on a score track")
        abilities.append(fx.Ability(ability, "reward", reward))
        cards += _copies(
            deck,
            card.name,
            card.count,
            ability=ability,
            kind=card.kind,
            cost=card.cost or 0,
            strength=card.strength or 0,
        )
    return cards


def _events(table: Table, abilities: list[fx.Ability]) -> list[Card]:
    cards: list[Card] = []
    for entry in table.records("events", "event"):
        event = entry.record(EventEntry)
        lasts = event.lasts
        allowed = RESOURCES if lasts is Lasts.ONE_TIME else MODIFIERS
        do = () if event.do is None else _operations(event.do, allowed, "an Event")
        if lasts is Lasts.ONE_TIME and any(isinstance(op, fx.SetLimit) for op in do):
            raise entry.where.at("do").error("a one-time Event gains or spends; set-limit lasts")
        if lasts is Lasts.TURN and any(not isinstance(op, fx.SetLimit) for op in do):
            raise entry.where.at("do").error("an Event for the turn may only set-limit")
        if event.closes is not None and lasts is not Lasts.TURN:
            raise entry.where.at("closes").error("only an Event for the turn closes an Area")
        ability = f"event: {event.name}"
        when = "revealed" if lasts is Lasts.ONE_TIME else fx.ALWAYS
        abilities.append(fx.Ability(ability, when, do))
        cards += _copies(
            Deck.EVENT,
            event.name,
            event.count,
            ability=ability,
            lasts=lasts,
            closes=event.closes,
            says=event.text,
        )
    return cards


def _seduction(table: Table) -> list[Card]:
    cards: list[Card] = []
    for card in table.typed_records("cards", "seduction card", SeductionEntry):
        cards += _copies(Deck.SEDUCTION, card.name, card.count, success=card.success)
    return cards


def _bloodstones(table: Table, abilities: list[fx.Ability]) -> list[Card]:
    cards: list[Card] = []
    for entry in table.records("bloodstones", "bloodstone"):
        entry.only("name", "count", "when", "if", "text", "do")
        name = entry.get("name", Text(40))
        moment = entry.get("when", EnumOf(Moment))
        do = _operations(entry.get("do", Raw()), RESOURCES, "a Bloodstone")
        for condition in _conditions(entry.value("if")):
            inner = condition.condition if isinstance(condition, fx.Not) else condition
            known = inner.flag in FLAGS if isinstance(inner, fx.Has) else True
            if not known:
                raise entry.where.at("if").error(f"conditions may test {', '.join(FLAGS)}")
        conditions = _conditions(entry.value("if"))
        abilities.append(fx.Ability(name, moment.value, do, conditions))
        says = entry.get("text", Text(200))
        count = entry.get("count", Default(Int(1, 20), 1))
        cards += _copies(Deck.BLOODSTONE, name, count, ability=name, moment=moment, says=says)
    return cards


def _trainers(table: Table, abilities: list[fx.Ability]) -> list[Card]:
    cards: list[Card] = []
    for entry in table.records("trainers", "trainer skill"):
        skill = entry.record(TrainerEntry)
        do = _operations(skill.do, MODIFIERS, "a Trainer Skill")
        if any(not isinstance(op, fx.SetLimit) for op in do):
            raise entry.where.at("do").error("a Trainer Skill may only set-limit")
        abilities.append(fx.Ability(skill.name, fx.ALWAYS, do))
        cards += _copies(
            Deck.TRAINER, skill.name, 1, ability=skill.name, cost=skill.cost, says=skill.text
        )
    return cards


def _skills(table: Table) -> SkillTables:
    table.only("reconstruction", "harvest", "speed", "blood-fury", "glamour")
    harvest = table.table("harvest").only("bonus")
    speed = table.table("speed").only("dice", "hit")
    fury = table.table("blood-fury").only(
        "usable-from",
        "activation",
        "reroll",
        "ones-rerollable-from",
        "sixes-critical-from",
        "critical-hits",
    )
    glamour = table.table("glamour").only("draw", "keep")
    tables = SkillTables(
        harvest_bonus=harvest.get("bonus", Levels()),
        speed_dice=speed.get("dice", Levels(1, 10)),
        hit=speed.get("hit", Levels(2, 6)),
        fury_from=fury.get("usable-from", Int(0, MAX_LEVEL)),
        fury_activation=fury.get("activation", Levels()),
        fury_reroll=fury.get("reroll", Levels()),
        ones_rerollable_from=fury.get("ones-rerollable-from", Int(0, LEVELS)),
        sixes_critical_from=fury.get("sixes-critical-from", Int(0, LEVELS)),
        critical_hits=fury.get("critical-hits", Int(1, 3)),
        glamour_draw=glamour.get("draw", Levels(1, 10)),
        glamour_keep=glamour.get("keep", Levels(1, 10)),
    )
    for level, (draw, keep) in enumerate(
        zip(tables.glamour_draw, tables.glamour_keep, strict=True)
    ):
        if keep > draw:
            raise glamour.where.at("keep").error(
                f"level {level} keeps {keep} cards but draws only {draw}"
            )
    return tables


def load_catalog(files: DataFiles) -> Catalog:
    """Every component, checked; raises ``ComponentError`` naming what is wrong."""
    abilities: list[fx.Ability] = []
    opportunities = files.read("opportunities.toml").only("reconstruction", "early", "late")
    cards = [
        *_opportunities(opportunities, Deck.EARLY, abilities),
        *_opportunities(opportunities, Deck.LATE, abilities),
        *_events(files.read("events.toml").only("reconstruction", "events"), abilities),
        *_seduction(files.read("seduction.toml").only("reconstruction", "cards")),
        *_bloodstones(
            files.read("bloodstones.toml").only("reconstruction", "bloodstones"), abilities
        ),
        *_trainers(files.read("trainers.toml").only("reconstruction", "trainers"), abilities),
    ]
    unique(((card.text, Where(f"{card.deck.value} cards", (card.name,))) for card in cards), "card")
    try:
        effects = fx.Effects.of(abilities)
    except EffectError as error:
        raise ComponentError(f"card names must differ: {error}") from None
    catalog = Catalog(tuple(cards), _skills(files.read("skills.toml")), effects)
    for deck, least in ((Deck.EARLY, 10), (Deck.LATE, 10), (Deck.EVENT, 1), (Deck.SEDUCTION, 5)):
        if len(catalog.deck(deck)) < least:
            raise ComponentError(f"the {deck.value} deck needs at least {least} cards")
    return catalog


@cache
def default_catalog() -> Catalog:
    """The shipped components, overridden by ``$BALLROOM_DATA/vampires-harvest/``."""
    return load_catalog(DataFiles.of_game(GAME_ID, DATA_DIR))
