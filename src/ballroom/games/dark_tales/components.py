"""The components of Dark Tales as data: the cards, the Setting cards, the items, and the
Cinderella expansion's cards, Setting cards, Ball at the Palace and tiles.

``data/cards.toml``, ``data/settings.toml`` and ``data/cinderella.toml`` are
reconstructions (each says so at its top); they are read and checked here
through ``core/components.py``, so a wrong value is refused naming the file,
the place, what was found and what is allowed. A card's text is a list of
operations (``Operation``) that ``card_texts.py`` carries out; an A Setting
card gives each usable item such a list, a B Setting card the VP each item
scores at the end. The catalog holds the base cards first, then the
expansion's, so a card's id is the same whether the expansion is played.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import Enum
from functools import cache
from pathlib import Path
from typing import Annotated

from ballroom.core.components import (
    DataFiles,
    Default,
    EnumOf,
    Int,
    ListOf,
    Record,
    Spec,
    Table,
    Tagged,
    Text,
    Value,
    Where,
    numbered,
    unique,
)
from ballroom.core.components import slug as slug  # noqa: PLC0414 (the game's card words)
from ballroom.core.errors import ComponentError
from ballroom.core.terms import Term

GAME_ID = "dark-tales"
DATA_DIR = Path(__file__).parent / "data"
BASE_CARDS = 48
"""The base game's deck (RULINGS, Dark Tales 1)."""
SETTINGS_PER_LETTER = 3
"""Three A and three B Setting cards in the base game."""
ITEM_LIMITS = {"gold-coin": 8, "sword": 4, "armour": 4, "magic-wand": 4}
"""The item tokens, limited as RULINGS Dark Tales 1 says."""
CINDERELLA_CARDS = 21
"""The expansion's playing cards (its rulebook's CONTENTS)."""
CINDERELLA_TILES = 21
BALL_HOLDS = 2
"""The Ball at the Palace card holds up to two cards."""
FINAL_AWARDS = {"pumpkin": (3,), "shoe": (5,), "mouse": (5, 3), "bird": (8, 5, 3)}
"""The final Ball's VP for the most of each image, then the second and third most."""
NAMED_CARDS = ("Prince", "Stepmother", "Stepsisters")
"""The expansion's cards its rulebook names."""


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


class Image(Term):
    """What a tile's side may show (a Carriage is not a Pumpkin)."""

    PUMPKIN = "pumpkin"
    SHOE = "shoe"
    MOUSE = "mouse"
    BIRD = "bird"
    CARRIAGE = "carriage"


class Item(Term):
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
    count: Annotated[int, Int(1, 8)] = 1


@dataclass(frozen=True, slots=True)
class Draw:
    """Draw ``count`` cards, as far as the deck lasts."""

    count: Annotated[int, Int(1, 5)]


@dataclass(frozen=True, slots=True)
class Per:
    """``vp`` VP for each card in play that is ``what`` (a type or a card's name)."""

    what: str
    vp: Annotated[int, Int(1, 10)]


@dataclass(frozen=True, slots=True)
class Score:
    """``vp`` VP (an item's use)."""

    vp: Annotated[int, Int(1, 20)]


@dataclass(frozen=True, slots=True)
class At:
    """``vp`` VP if it is ``time``."""

    time: Time
    vp: Annotated[int, Int(1, 10)]


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

    count: Annotated[int, Int(1, 5)]


@dataclass(frozen=True, slots=True)
class Nightfall:
    """Day turns into night."""


@dataclass(frozen=True, slots=True)
class PerImage:
    """``vp`` VP for each ``image`` shown on the tiles in front of every player."""

    image: Image
    vp: Annotated[int, Int(1, 10)]


@dataclass(frozen=True, slots=True)
class Daybreak:
    """Night turns into day."""


@dataclass(frozen=True, slots=True)
class DiscardTile:
    """Discard a tile in front of a player (the one who plays chooses)."""


Operation = (
    Gain
    | Draw
    | Per
    | Score
    | At
    | Take
    | Discard
    | Remove
    | Recover
    | Nightfall
    | PerImage
    | Daybreak
    | DiscardTile
)
Targeted = Take | Discard | Remove
"""The operations whose player chooses a card in play."""


@dataclass(frozen=True, slots=True)
class BallBonus:
    """At each Ball, ``vp`` VP for each card named ``dancing`` that danced (the Stepmother)."""

    dancing: str
    vp: Annotated[int, Int(1, 10)]


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
    notes: int | None = None
    """The Musical Notes symbol: what the card scores when it dances in front of its owner."""
    tiles: int = 0
    """The Cinderella Tile symbol: how many times to take or flip a tile."""
    ball: BallBonus | None = None
    expansion: bool = False
    """A Cinderella card."""


@dataclass(frozen=True, slots=True)
class SettingA:
    """Which items may be used during play and what each does."""

    name: str
    uses: tuple[tuple[Item, tuple[Operation, ...]], ...]
    _by_item: dict[Item, tuple[Operation, ...]] = field(
        init=False, repr=False, compare=False, hash=False
    )
    """``uses`` by item, made once: every turn asks which items may be used."""

    def __post_init__(self) -> None:
        object.__setattr__(self, "_by_item", dict(self.uses))

    def use(self, item: Item) -> tuple[Operation, ...] | None:
        return self._by_item.get(item)


@dataclass(frozen=True, slots=True)
class SettingB:
    """What each item scores at the end."""

    name: str
    scores: tuple[tuple[Item, int], ...]
    _by_item: dict[Item, int] = field(init=False, repr=False, compare=False, hash=False)
    """``scores`` by item, made once: every table a bot rates asks what the items score."""

    def __post_init__(self) -> None:
        object.__setattr__(self, "_by_item", dict(self.scores))

    def score(self, item: Item) -> int:
        return self._by_item.get(item, 0)


@dataclass(frozen=True, slots=True)
class Side:
    """One side of a tile: framed or not, its VP at a Ball, and how many of each image."""

    framed: bool
    vp: int
    images: tuple[int, ...]
    """How many of each ``Image``, in the enum's order."""

    def count(self, image: Image) -> int:
        return self.images[IMAGE_INDEX[image]]


IMAGES = tuple(Image)
IMAGE_INDEX = {image: index for index, image in enumerate(IMAGES)}


@dataclass(frozen=True, slots=True)
class Tile:
    unframed: Side
    framed: Side

    def side(self, framed: bool) -> Side:
        return self.framed if framed else self.unframed


@dataclass(frozen=True, slots=True)
class Cinderella:
    """The expansion's rules as data: its Setting cards, the Ball at the Palace, the tiles."""

    a_name: str
    b_name: str
    dancer_vp: int
    """What a dancing card in front of its owner scores without Musical Notes."""
    awards: tuple[tuple[Image, tuple[int, ...]], ...]
    """The final Ball: VP for the most of an image, then the second most, ..."""
    holds: int
    """How many cards the Ball at the Palace card holds."""
    tiles: tuple[Tile, ...]
    faces: tuple[Side, ...]
    """Every different side, the one list a view names them by."""


@dataclass(frozen=True, slots=True)
class Catalog:
    cards: tuple[Card, ...]
    a_cards: tuple[SettingA, ...]
    b_cards: tuple[SettingB, ...]
    limits: tuple[tuple[Item, int], ...]
    base_cards: int
    """The first ``base_cards`` cards are the base game's; the rest are Cinderella's."""
    base_settings: int
    """The first ``base_settings`` A (and B) cards are the base game's; then A4 (B4)."""
    cinderella: Cinderella

    @property
    def texts(self) -> tuple[str, ...]:
        return tuple(card.text for card in self.cards)

    def limit(self, item: Item) -> int:
        return dict(self.limits)[item]

    def card(self, text: str) -> int:
        """The card whose action text is ``text``."""
        return self.texts.index(text)


OPERATIONS: dict[str, type[Operation]] = {
    "gain": Gain,
    "draw": Draw,
    "per": Per,
    "score": Score,
    "at": At,
    "take": Take,
    "discard": Discard,
    "remove": Remove,
    "recover": Recover,
    "nightfall": Nightfall,
    "per-image": PerImage,
    "daybreak": Daybreak,
    "discard-tile": DiscardTile,
}
"""Each operation by the key that names it in a text (``{draw = 2}``)."""


def operation(targets: tuple[str, ...]) -> Tagged[Operation]:
    """One operation of a text, its target (``what``) among ``targets``."""
    return Tagged(OPERATIONS, {"what": _Target(targets)})


@dataclass(frozen=True, slots=True)
class _Target(Spec[str]):
    names: tuple[str, ...]

    def describe(self) -> str:
        return "a card type (" + ", ".join(t.value for t in CardType) + "), any, or a card's name"

    def read(self, value: Value) -> str:
        if not isinstance(value.raw, str) or value.raw not in self.names:
            raise value.wrong(self.describe())
        return value.raw


def _cards(root: Table, targets: tuple[str, ...], *, expansion: bool = False) -> list[Card]:
    cards: list[Card] = []
    for entry in root.records("cards", "card"):
        entry.only("name", "type", "count", "vp", "goes", "time", "does", "notes", "tiles", "ball")
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
            "does": entry.get("does", Default(ListOf(operation(targets), "operation"), ())),
            "notes": entry.get("notes", Default(Int(1, 5), None)),
            "tiles": entry.get("tiles", Default(Int(1, 5), 0)),
            "ball": entry.get(
                "ball", Default(Record(BallBonus, {"dancing": _Target(targets)}), None)
            ),
            "expansion": expansion,
        }
        cards += [Card(name, text, **fields) for text in numbered(name, count)]
    return cards


def _targets(*roots: Table) -> tuple[str, ...]:
    """Every target a text may name: the types, ``any`` and the cards' names."""
    names = []
    for root in roots:
        raw = root.data.get("cards")
        if isinstance(raw, list):
            names += [entry["name"] for entry in raw if isinstance(entry, dict) and "name" in entry]
    return (*(t.value for t in CardType), ANY, *(n for n in names if isinstance(n, str)))


def _settings(root: Table, targets: tuple[str, ...]) -> tuple[list[SettingA], list[SettingB]]:
    items = root.table("items").only(*ITEM_LIMITS)
    for item, limit in ITEM_LIMITS.items():
        items.get(item, Int(limit, limit))
    a_cards = [_setting_a(entry, targets) for entry in root.records("a", "A card")]
    b_cards = [_setting_b(entry) for entry in root.records("b", "B card")]
    return a_cards, b_cards


SETTING_KEYS = ("name", *(item.value for item in Item))


def _setting_a(entry: Table, targets: tuple[str, ...]) -> SettingA:
    entry.only(*SETTING_KEYS)
    uses = tuple(
        (item, entry.get(item.value, ListOf(operation(targets), "operation", 1)))
        for item in Item
        if item.value in entry.data
    )
    return SettingA(entry.get("name", Text(60)), uses)


def _setting_b(entry: Table) -> SettingB:
    entry.only(*SETTING_KEYS)
    scores = tuple(
        (item, entry.get(item.value, Int(1, 10))) for item in Item if item.value in entry.data
    )
    return SettingB(entry.get("name", Text(60)), scores)


def _side(table: Table, framed: bool) -> Side:
    table.only("vp", *(image.value for image in Image))
    images = tuple(table.get(image.value, Default(Int(1, 5), 0)) for image in Image)
    return Side(framed, table.get("vp", Default(Int(1, 10), 0)), images)


def _cinderella(root: Table, targets: tuple[str, ...]) -> tuple[SettingA, SettingB, Cinderella]:
    a_card = _setting_a(root.table("a4"), targets)
    b_card = _setting_b(root.table("b4"))
    a_name = root.table("cinderella-a").only("name", "dancer-vp").get("name", Text(60))
    dancer_vp = root.table("cinderella-a").get("dancer-vp", Int(1, 5))
    final = root.table("cinderella-b").only("name", *FINAL_AWARDS)
    awards = []
    for image, stated in FINAL_AWARDS.items():
        found = final.get(image, ListOf(Int(1, 20), "VP", 1))
        if found != stated:
            raise final.value(image).wrong(f"{list(stated)}, as the rulebook states")
        awards.append((Image(image), found))
    holds = root.table("ball-at-the-palace").only("holds").get("holds", Int(BALL_HOLDS, BALL_HOLDS))
    tiles: list[Tile] = []
    for entry in root.records("tiles", "tile"):
        entry.only("count", "unframed", "framed")
        tile = Tile(_side(entry.table("unframed"), False), _side(entry.table("framed"), True))
        tiles += [tile] * entry.get("count", Default(Int(1, CINDERELLA_TILES), 1))
    if len(tiles) != CINDERELLA_TILES:
        raise ComponentError(
            f"cinderella.toml: there must be {CINDERELLA_TILES} tiles, not {len(tiles)}"
        )
    faces = tuple(dict.fromkeys(side for tile in tiles for side in (tile.unframed, tile.framed)))
    rules = Cinderella(
        a_name, final.get("name", Text(60)), dancer_vp, tuple(awards), holds, tuple(tiles), faces
    )
    return a_card, b_card, rules


def load_catalog(files: DataFiles) -> Catalog:
    """Every component, checked; raises ``ComponentError`` naming what is wrong."""
    root = files.read("cards.toml").only("reconstruction", "cards")
    expansion = files.read("cinderella.toml").only(
        "reconstruction", "cards", "a4", "b4", "cinderella-a", "cinderella-b",
        "ball-at-the-palace", "tiles",
    )  # fmt: skip
    targets = _targets(root, expansion)
    cards = _cards(root, targets)
    added = _cards(expansion, targets, expansion=True)
    unique(((card.text, Where("cards.toml", (card.name,))) for card in cards + added), "card")
    if len(added) != CINDERELLA_CARDS:
        raise ComponentError(
            f"cinderella.toml: the expansion has {CINDERELLA_CARDS} playing cards, not {len(added)}"
        )
    for name in NAMED_CARDS:
        if not any(card.name == name for card in added):
            raise ComponentError(f"cinderella.toml: the expansion needs the card {name}")
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
    a4, b4, rules = _cinderella(expansion, targets)
    return Catalog(
        tuple(cards + added),
        (*a_cards, a4),
        (*b_cards, b4),
        limits,
        BASE_CARDS,
        SETTINGS_PER_LETTER,
        rules,
    )


@cache
def default_catalog() -> Catalog:
    """The shipped components, overridden by ``$BALLROOM_DATA/dark-tales/``."""
    return load_catalog(DataFiles.of_game(GAME_ID, DATA_DIR))
