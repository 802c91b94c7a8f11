"""The components of Dark Tales as data: the cards, the Setting cards and the items.

``data/cards.toml`` and ``data/settings.toml`` are reconstructions (each says
so at its top); they are read and checked here through ``core/components.py``,
so a wrong value is refused naming the file, the place, what was found and
what is allowed. A card's text is a list of operations (``Operation``) that
``card_texts.py`` carries out; an A Setting card gives each usable item such
a list, a B Setting card the VP each item scores at the end.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum
from functools import cache
from pathlib import Path

from ballroom.core.components import (
    DataFiles,
    Default,
    EnumOf,
    Int,
    ListOf,
    Spec,
    Table,
    Text,
    Value,
    Where,
    unique,
)
from ballroom.core.errors import ComponentError

GAME_ID = "dark-tales"
DATA_DIR = Path(__file__).parent / "data"
BASE_CARDS = 48
"""The base game's deck (RULINGS, Dark Tales 1)."""
SETTINGS_PER_LETTER = 3
"""Three A and three B Setting cards in the base game."""
ITEM_LIMITS = {"gold-coin": 8, "sword": 4, "armour": 4, "magic-wand": 4}
"""The item tokens, limited as RULINGS Dark Tales 1 says."""


class CardType(Enum):
    MALE = "male"
    FEMALE = "female"
    MONSTER = "monster"
    LOCATION = "location"
    EVENT = "event"


class Goes(Enum):
    """The symbol saying where a played card goes."""

    DISCARD = "discard"
    FRONT = "front"
    """In front of the player who played it."""
    MIDDLE = "middle"
    """The middle of the table."""


class Time(Enum):
    DAY = "day"
    NIGHT = "night"


class Item(Enum):
    GOLD_COIN = "gold-coin"
    SWORD = "sword"
    ARMOUR = "armour"
    MAGIC_WAND = "magic-wand"


ANY = "any"
"""A target that any card in play meets."""


# -- operations: a card's (or an item's) text -----------------------------------------


@dataclass(frozen=True, slots=True)
class Gain:
    """Take ``count`` of ``item`` from the supply, as far as it lasts."""

    item: Item
    count: int


@dataclass(frozen=True, slots=True)
class Draw:
    """Draw ``count`` cards, as far as the deck lasts."""

    count: int


@dataclass(frozen=True, slots=True)
class Per:
    """``vp`` VP for each card in play that is ``what`` (a type or a card's name)."""

    what: str
    vp: int


@dataclass(frozen=True, slots=True)
class Score:
    """``vp`` VP (an item's use)."""

    vp: int


@dataclass(frozen=True, slots=True)
class At:
    """``vp`` VP if it is ``time``."""

    time: Time
    vp: int


@dataclass(frozen=True, slots=True)
class Take:
    """Take a card in play that is ``what`` into your hand."""

    what: str


@dataclass(frozen=True, slots=True)
class Discard:
    """Discard a card in play that is ``what``."""

    what: str


@dataclass(frozen=True, slots=True)
class Remove:
    """Remove a card in play that is ``what`` from the game."""

    what: str


@dataclass(frozen=True, slots=True)
class Recover:
    """Take the top ``count`` cards of the discard pile into your hand."""

    count: int


@dataclass(frozen=True, slots=True)
class Nightfall:
    """Day turns into night."""


Operation = Gain | Draw | Per | Score | At | Take | Discard | Remove | Recover | Nightfall
Targeted = Take | Discard | Remove
"""The operations whose player chooses a card in play."""


@dataclass(frozen=True, slots=True)
class Card:
    name: str
    text: str
    """The card's action text: its name as one word, numbered among its copies."""
    type: CardType
    vp: int
    goes: Goes
    time: Time | None
    """A Day or a Night card."""
    does: tuple[Operation, ...]


@dataclass(frozen=True, slots=True)
class SettingA:
    """Which items may be used during play and what each does."""

    name: str
    uses: tuple[tuple[Item, tuple[Operation, ...]], ...]

    def use(self, item: Item) -> tuple[Operation, ...] | None:
        return dict(self.uses).get(item)


@dataclass(frozen=True, slots=True)
class SettingB:
    """What each item scores at the end."""

    name: str
    scores: tuple[tuple[Item, int], ...]

    def score(self, item: Item) -> int:
        return dict(self.scores).get(item, 0)


@dataclass(frozen=True, slots=True)
class Catalog:
    cards: tuple[Card, ...]
    a_cards: tuple[SettingA, ...]
    b_cards: tuple[SettingB, ...]
    limits: tuple[tuple[Item, int], ...]

    @property
    def texts(self) -> tuple[str, ...]:
        return tuple(card.text for card in self.cards)

    def limit(self, item: Item) -> int:
        return dict(self.limits)[item]

    def card(self, text: str) -> int:
        """The card whose action text is ``text``."""
        return self.texts.index(text)


def slug(name: str) -> str:
    """A name as one lower-case word: ``Old Sage`` -> ``old-sage``."""
    cleaned = "".join(ch.lower() if ch.isalnum() else (" " if ch != "'" else "") for ch in name)
    return "-".join(cleaned.split())


OPERATION_KEYS = (
    "gain",
    "draw",
    "per",
    "score",
    "at",
    "take",
    "discard",
    "remove",
    "recover",
    "nightfall",
)


@dataclass(frozen=True, slots=True)
class OperationSpec(Spec[Operation]):
    """One operation of a text: a table whose first key names it (``{draw = 2}``)."""

    targets: tuple[str, ...]
    """What a target may be: the card types, ``any`` and the cards' names."""

    def describe(self) -> str:
        return "a table naming one operation: " + ", ".join(OPERATION_KEYS)

    def read(self, value: Value) -> Operation:
        if not isinstance(value.raw, dict) or not value.raw:
            raise value.wrong(self.describe())
        table = Table(value.raw, value.where)
        key = next(iter(value.raw))
        what = _Target(self.targets)
        match key:
            case "gain":
                table.only("gain", "count")
                return Gain(
                    table.get("gain", EnumOf(Item)), table.get("count", Default(Int(1, 8), 1))
                )
            case "draw":
                return Draw(table.only("draw").get("draw", Int(1, 5)))
            case "per":
                table.only("per", "vp")
                return Per(table.get("per", what), table.get("vp", Int(1, 10)))
            case "score":
                return Score(table.only("score").get("score", Int(1, 20)))
            case "at":
                table.only("at", "vp")
                return At(table.get("at", EnumOf(Time)), table.get("vp", Int(1, 10)))
            case "take":
                return Take(table.only("take").get("take", what))
            case "discard":
                return Discard(table.only("discard").get("discard", what))
            case "remove":
                return Remove(table.only("remove").get("remove", what))
            case "recover":
                return Recover(table.only("recover").get("recover", Int(1, 5)))
            case "nightfall":
                table.only("nightfall").get("nightfall", _True())
                return Nightfall()
        raise value.wrong(self.describe())


@dataclass(frozen=True, slots=True)
class _Target(Spec[str]):
    names: tuple[str, ...]

    def describe(self) -> str:
        return "a card type (" + ", ".join(t.value for t in CardType) + "), any, or a card's name"

    def read(self, value: Value) -> str:
        if not isinstance(value.raw, str) or value.raw not in self.names:
            raise value.wrong(self.describe())
        return value.raw


@dataclass(frozen=True, slots=True)
class _True(Spec[bool]):
    def describe(self) -> str:
        return "true"

    def read(self, value: Value) -> bool:
        if value.raw is not True:
            raise value.wrong(self.describe())
        return True


def _cards(root: Table, targets: tuple[str, ...]) -> list[Card]:
    cards: list[Card] = []
    for entry in root.records("cards", "card"):
        entry.only("name", "type", "count", "vp", "goes", "time", "does")
        name = entry.get("name", Text(40))
        count = entry.get("count", Default(Int(1, 20), 1))
        kind = entry.get("type", EnumOf(CardType))
        time = entry.get("time", Default(EnumOf(Time), None))
        if time is not None and kind is not CardType.EVENT:
            raise entry.where.at("time").error("only an event may be a Day or a Night card")
        fields = {
            "type": kind,
            "vp": entry.get("vp", Int(0, 10)),
            "goes": entry.get("goes", EnumOf(Goes)),
            "time": time,
            "does": entry.get("does", Default(ListOf(OperationSpec(targets), "operation"), ())),
        }
        base = slug(name)
        texts = [base] if count == 1 else [f"{base}-{n}" for n in range(1, count + 1)]
        cards += [Card(name, text, **fields) for text in texts]
    return cards


def _targets(root: Table) -> tuple[str, ...]:
    """Every target a text may name: the types, ``any`` and the cards' names."""
    names = []
    raw = root.data.get("cards")
    if isinstance(raw, list):
        names = [entry["name"] for entry in raw if isinstance(entry, dict) and "name" in entry]
    return (*(t.value for t in CardType), ANY, *(n for n in names if isinstance(n, str)))


def _settings(root: Table, targets: tuple[str, ...]) -> tuple[list[SettingA], list[SettingB]]:
    items = root.table("items").only(*ITEM_LIMITS)
    for item, limit in ITEM_LIMITS.items():
        items.get(item, Int(limit, limit))
    keys = ("name", *(item.value for item in Item))
    a_cards = []
    for entry in root.records("a", "A card"):
        entry.only(*keys)
        uses = tuple(
            (item, entry.get(item.value, ListOf(OperationSpec(targets), "operation", 1)))
            for item in Item
            if item.value in entry.data
        )
        a_cards.append(SettingA(entry.get("name", Text(60)), uses))
    b_cards = []
    for entry in root.records("b", "B card"):
        entry.only(*keys)
        scores = tuple(
            (item, entry.get(item.value, Int(1, 10))) for item in Item if item.value in entry.data
        )
        b_cards.append(SettingB(entry.get("name", Text(60)), scores))
    return a_cards, b_cards


def load_catalog(files: DataFiles) -> Catalog:
    """Every component, checked; raises ``ComponentError`` naming what is wrong."""
    root = files.read("cards.toml").only("reconstruction", "cards")
    targets = _targets(root)
    cards = _cards(root, targets)
    unique(((card.text, Where("cards.toml", (card.name,))) for card in cards), "card")
    if len(cards) != BASE_CARDS:
        raise ComponentError(
            f"cards.toml: the base deck must have {BASE_CARDS} cards, not {len(cards)}"
        )
    for time in Time:
        if not any(card.time is time for card in cards):
            raise ComponentError(f"cards.toml: the deck needs a {time.value.title()} card")
    settings = files.read("settings.toml").only("reconstruction", "items", "a", "b")
    a_cards, b_cards = _settings(settings, targets)
    for letter, found in (("A", a_cards), ("B", b_cards)):
        if len(found) != SETTINGS_PER_LETTER:
            raise ComponentError(
                f"settings.toml: there must be {SETTINGS_PER_LETTER} {letter} cards, not {len(found)}"
            )
    limits = tuple((item, ITEM_LIMITS[item.value]) for item in Item)
    return Catalog(tuple(cards), tuple(a_cards), tuple(b_cards), limits)


@cache
def default_catalog() -> Catalog:
    """The shipped components, overridden by ``$BALLROOM_DATA/dark-tales/``."""
    return load_catalog(DataFiles.of_game(GAME_ID, DATA_DIR))
