"""The table in the terminal: one seat's view as text, and its moves in words."""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING

from ballroom.core.state import Observation
from ballroom.core.zones import ZonesView
from ballroom.games.dark_tales.components import Item
from ballroom.games.dark_tales.state import Table
from ballroom.games.dark_tales.tiles import describe, face_of
from ballroom.games.dark_tales.turn import CATALOG, CODEC, TILE_BASE

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
    from ballroom.games.dark_tales.view import read

    view = read(observation)
    table, zones = view.public, view.zones
    a = CATALOG.a_cards[table.a_card].name if table.a_card is not None else "-"
    b = CATALOG.b_cards[table.b_card].name if table.b_card is not None else "-"
    lines = [
        f"[bold]Turn {table.turn}[/bold]   step: {view.step.name.value}   deck: "
        f"{zones.zone('deck').size}   A: {a}   B: {b}",
        f"Middle: {_cards(zones.zone('middle').cards)}",
        f"Discard: {zones.zone('discard').size} cards, top "
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
            f"{count} {item.value}"
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


def describe_action(action: int) -> str:
    """The action's text, with the card's name and details where it names a card."""
    move = CODEC.decode(action)
    text = str(move)
    if move.family.name in ("draw", "play", "choose"):
        return f"{text}  ({_card(move.values[0])})"
    return text
