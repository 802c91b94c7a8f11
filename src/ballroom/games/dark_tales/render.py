"""The table in the terminal: one seat's view as text, and its moves in words."""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING

from ballroom.core import words
from ballroom.core.state import Observation
from ballroom.core.view import View, read_once
from ballroom.core.words import capital
from ballroom.core.zones import ZonesView
from ballroom.games.dark_tales import faces
from ballroom.games.dark_tales.components import Item
from ballroom.games.dark_tales.state import Table
from ballroom.games.dark_tales.tiles import describe, face_of
from ballroom.games.dark_tales.turn import (
    CATALOG,
    CHOOSE,
    CODEC,
    COUPLE,
    DISCARD_TILE,
    DRAW,
    FLIP,
    PLAY,
    SET_ASIDE,
    TILE_BASE,
    USE,
    Phase,
)
from ballroom.games.dark_tales.view import read

if TYPE_CHECKING:
    from ballroom.games.dark_tales.game import DarkTales


def _card(card: int) -> str:
    """A card's name, type and VP."""
    found = CATALOG.cards[card]
    return f"{found.name} ({found.type.value}, {found.vp} VP)"


def _cards(cards: Iterable[int] | None) -> str:
    return ", ".join(map(_card, cards or ())) or "-"


def _framed(table: Table, seat: int, place: int) -> bool:
    return CATALOG.cinderella.faces[table.showing[seat][place]].framed


def render(game: DarkTales, observation: Observation) -> str:
    """Settings, the middle, every player's VP, items, cards and tiles in front, and the seat's
    hand and its tiles' other sides."""
    view = read(observation)
    table, zones = view.public, view.zones
    a = CATALOG.a_cards[table.a_card].name if table.a_card is not None else "-"
    b = CATALOG.b_cards[table.b_card].name if table.b_card is not None else "-"
    lines = [
        f"[bold]Turn {table.turn}[/bold]   {STEP_WORDS[view.step.name]}   deck: "
        f"{zones.zone('deck').size}   A: {a}   B: {b}",
        f"Middle: {_cards(zones.zone('middle').cards)}",
        f"Discard: {words.count(zones.zone('discard').size, 'card')}, top "
        f"{_cards((zones.zone('discard').cards or ())[-1:])}",
    ]
    if table.clock is not None:
        pile = sum(zones.zone(name).size for name in ("tile-top", "tile-pile", "tile-bottom"))
        top = f" (its top shows {describe(table.top)})" if table.top is not None else ""
        lines.append(
            f"It is {table.clock.value}.   Ball at the Palace: {_face_down(zones)}"
            f"   tiles in the pile: {pile}{top}   Balls held: {table.balls}"
        )
    if table.playing is not None:
        lines.append(f"Being played: {_card(table.playing)}")
    for seat in range(game.players):
        marker = " *to play*" if seat == table.player else ""
        you = " (you)" if view.seat == seat else ""
        items = ", ".join(
            words.count(count, faces.ITEM_WORDS[item])
            for item, count in zip(Item, table.items[seat], strict=True)
            if count
        )
        lines.append(
            f"  {game.player_name(seat)}{you}{marker}: {table.vp[seat]} VP, items: {items or '-'}, "
            f"{zones.zone('hand', seat).size} in hand; in front: {_cards(zones.zone('front', seat).cards)}"
        )
        if table.showing[seat]:
            lines.append(
                "      tiles: " + "; ".join(describe(face) for face in table.showing[seat])
            )
        couples = [f"{_card(m)} with {_card(f)}" for s, m, f in table.couples if s == seat]
        if couples:
            lines.append("      couples at the latest Ball: " + "; ".join(couples))
    if view.seat is not None:
        lines += _own_tiles(table, view.seat, zones.zone("tiles", view.seat).cards or ())
        lines.append(f"Your hand: {_cards(zones.zone('hand', view.seat).cards)}")
    return "\n".join(lines)


def _face_down(zones: ZonesView) -> str:
    """The cards face down on the Ball at the Palace: their count, and the names of those
    every player saw in play (RULINGS, Dark Tales 5)."""
    known = zones.zone("ball").cards or ()
    count = len(known) + zones.zone("ball-unseen").size
    if not known:
        return f"{count} cards face down"
    return f"{count} cards face down, among them {_cards(known)}"


def _own_tiles(table: Table, seat: int, tiles: tuple[int, ...]) -> list[str]:
    """The other sides of the seat's tiles, which only it sees."""
    if not tiles:
        return []
    backs = [
        describe(face_of(tile - TILE_BASE, not _framed(table, seat, place)))
        for place, tile in enumerate(tiles)
    ]
    return ["Your tiles' other sides: " + "; ".join(backs)]


_read = read_once(read)
"""The observation a menu's moves are worded from, read once for them all."""


def describe_action(game: DarkTales, action: int, observation: Observation) -> str:
    """The move in words, as its button says it: "Play King", "Use a Gold Coin: draw 1
    card", "Dance: Prince with Cinderella". Two cards alike in one place are told apart
    by their order there ("Play Day (the second of 2 alike)")."""
    view = _read(observation)
    move = CODEC.decode(action)
    family = move.family
    if family is USE:
        item: Item = move.values[0]
        a_card = view.public.a_card
        does = CATALOG.a_cards[a_card].use(item) if a_card is not None else None
        said = f": {faces.says(does)}" if does else ""
        return f"Use {words.a(faces.ITEM_WORDS[item])}{said}"
    if family is PLAY:
        return f"Play {_named(view, move.values[0])}"
    if family is CHOOSE:
        return f"Choose {_named(view, move.values[0])}{_where(game, view, move.values[0])}"
    if family is COUPLE:
        male, female = move.values
        return f"Dance: {_dancer(view, male)} with {_dancer(view, female)}"
    if family is FLIP or family is DISCARD_TILE:
        seat: int = move.values[0] if family is DISCARD_TILE else view.seat or 0
        place = move.values[-1]
        whose = "your" if seat == view.seat else f"{game.player_name(seat)}'s"
        showing = view.public.showing[seat]
        side = f" ({describe(showing[place])})" if place < len(showing) else ""
        verb = "Flip" if family is FLIP else "Discard"
        return f"{verb} {whose} tile {place + 1}{side}"
    if family in (DRAW, SET_ASIDE):
        return f"{CATALOG.cards[move.values[0]].name} is drawn"
    return FIXED_WORDS.get(family.name) or capital(family.doc)


STEP_WORDS = {
    Phase.SETTING: "the Setting cards are drawn",
    Phase.DRAW: "a card is drawn",
    Phase.ITEM: "using an item",
    Phase.PLAY: "playing a card",
    Phase.TARGET: "choosing a card in play",
    Phase.SET_ASIDE: "cards are set aside",
    Phase.TILE: "taking or flipping a tile",
    Phase.TILE_DRAW: "a tile is taken",
    Phase.TILE_TARGET: "choosing a tile to discard",
    Phase.DANCE: "forming couples at the Ball",
    Phase.OVER: "game over",
}
"""Each step as the terminal names it."""

FIXED_WORDS = {
    "pass": "Use no item",
    "take-tile": "Take a tile from the pile",
    "best": "Form the best couples left, and stop",
    "stop": "Form no more couples",
}
"""The moves without parameters, in words."""


def _named(view: View[Phase, Table, None], card: int) -> str:
    """A card's name, with its order among cards alike in its place where there are more."""
    name = CATALOG.cards[card].name
    for zone in view.zones.zones:
        cards = zone.cards or ()
        if card in cards:
            alike = [c for c in cards if CATALOG.cards[c].name == name]
            if len(alike) > 1:
                order = ORDINALS[alike.index(card)] if alike.index(card) < len(ORDINALS) else ""
                return f"{name} (the {order} of {len(alike)} alike)"
            break
    return name


def _dancer(view: View[Phase, Table, None], card: int) -> str:
    """A card a couple may take, and where it is when not in front of the player: the
    middle's (anyone's to dance with), or the card being played."""
    if card in (view.zones.zone("middle").cards or ()):
        return f"{_named(view, card)} from the middle"
    if card in (view.zones.zone("resolving").cards or ()):
        return f"{_named(view, card)} (being played)"
    return _named(view, card)


ORDINALS = ("first", "second", "third", "fourth", "fifth", "sixth")


def _where(game: DarkTales, view: View[Phase, Table, None], card: int) -> str:
    """Where a card in play lies: " in the middle", " in front of Player 2"."""
    for zone in view.zones.zones:
        if card in (zone.cards or ()):
            if zone.id.name == "front" and zone.id.owner is not None:
                owner = zone.id.owner
                return (
                    " in front of you"
                    if owner == view.seat
                    else f" in front of {game.player_name(owner)}"
                )
            if zone.id.name == "middle":
                return " in the middle"
    return ""
