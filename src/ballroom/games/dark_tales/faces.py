"""What is printed on Dark Tales' cards, Setting cards and tiles, as plain JSON for a client.

Zones, actions and views name cards and tiles by id; a browser view draws
each from these lists (a card's name, type, VP, symbol and text in words; a
Setting card's uses or scores; a tile's two sides), read from the catalog
the rules play with.
"""

from __future__ import annotations

from typing import Any

from ballroom.core import words
from ballroom.games.dark_tales.components import (
    ANY,
    At,
    Card,
    CardType,
    Catalog,
    Daybreak,
    Discard,
    DiscardTile,
    Draw,
    Gain,
    Item,
    Nightfall,
    Operation,
    Per,
    PerImage,
    Recover,
    Remove,
    Score,
    Take,
)
from ballroom.games.dark_tales.tiles import count_words, describe, face_of

TYPES = {card_type.value for card_type in CardType}
ITEM_WORDS = {
    Item.GOLD_COIN: "Gold Coin",
    Item.SWORD: "Sword",
    Item.ARMOUR: "Armour",
    Item.MAGIC_WAND: "Magic Wand",
}


def _what(what: str) -> str:
    """A target in words: a type (``Monster``), any card, or a card's name as printed."""
    if what == ANY:
        return "card"
    return what.title() if what in TYPES else what


def _items(count: int, item: Item) -> str:
    return words.count(count, ITEM_WORDS[item])


def operation_text(operation: Operation) -> str:
    """One operation of a card's (or an item's) text, in words."""
    match operation:
        case Gain(item, count):
            return f"take {_items(count, item)}"
        case Draw(count):
            return f"draw {words.count(count, 'card')}"
        case Per(what, vp):
            return f"{vp} VP per {_what(what)} in play"
        case Score(vp):
            return f"score {vp} VP"
        case At(time, vp):
            return f"{vp} VP if it is {time.value}"
        case Take(what):
            return f"take {words.a(_what(what))} in play into your hand"
        case Discard(what):
            return f"discard {words.a(_what(what))} in play"
        case Remove(what):
            return f"remove {words.a(_what(what))} in play from the game"
        case Recover(count):
            return f"take the top {count} of the discard pile into your hand"
        case Nightfall():
            return "day turns into night"
        case PerImage(image, vp):
            return f"{vp} VP per {count_words(1, image)[2:]} shown on every player's tiles"
        case Daybreak():
            return "night turns into day"
        case DiscardTile():
            return "discard a tile in front of a player"
    raise AssertionError(operation)


def says(operations: tuple[Operation, ...]) -> str:
    """A text's operations in order, as one sentence."""
    return "; ".join(operation_text(operation) for operation in operations)


def card_json(catalog: Catalog, card_id: int) -> dict[str, Any]:
    card: Card = catalog.cards[card_id]
    face: dict[str, Any] = {
        "id": card_id,
        "name": card.name,
        "text": card.text,
        "type": card.type.value,
        "vp": card.vp,
        "goes": card.goes.value,
        "says": says(card.does),
        "expansion": card.expansion,
    }
    if card.time is not None:
        face["time"] = card.time.value
    if card.notes is not None:
        face["notes"] = card.notes
    if card.tiles:
        face["tiles"] = card.tiles
    if card.ball is not None:
        face["ball"] = f"at each Ball, {card.ball.vp} VP per {card.ball.dancing} that danced"
    return face


def components_json(catalog: Catalog, tile_base: int) -> dict[str, Any]:
    """Every card by id, the A and B Setting cards by index, every tile side by face index,
    and every tile by id (from ``tile_base``) with its two sides."""
    return {
        "cards": [card_json(catalog, i) for i in range(len(catalog.cards))],
        "items": [
            {"item": item.value, "name": ITEM_WORDS[item], "names": words.plural(ITEM_WORDS[item])}
            for item in Item
        ],
        "a_cards": [
            {
                "name": a.name,
                "uses": [
                    {"item": item.value, "says": says(operations)} for item, operations in a.uses
                ],
            }
            for a in catalog.a_cards
        ],
        "b_cards": [
            {"name": b.name, "scores": [{"item": item.value, "vp": vp} for item, vp in b.scores]}
            for b in catalog.b_cards
        ],
        "faces": [
            {"framed": side.framed, "vp": side.vp, "says": describe(index)}
            for index, side in enumerate(catalog.cinderella.faces)
        ],
        "tiles": {
            str(tile_base + index): {
                "unframed": face_of(index, False),
                "framed": face_of(index, True),
            }
            for index in range(len(catalog.cinderella.tiles))
        },
    }
